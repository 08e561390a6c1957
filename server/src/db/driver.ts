/** A database driver, as the SQL store and the lobby's store use it (PGlite or PostgreSQL). */

/** What a driver offers: parameterised queries, a multi-statement script, and LISTEN. */
export interface Driver {
  readonly description: string;
  query<Row>(text: string, params: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements, without parameters. */
  exec(text: string): Promise<void>;
  /** Listens on a channel; `onReconnect` is called when a broken listening connection is back. */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Whether the compare-and-set commits before it notifies (the procedure): for a server that flushes
   * its commits to disk and takes changes from several connections at once (PostgreSQL).
   */
  readonly commitBeforeNotify?: boolean;
  /** Whether several processes may share the database (PostgreSQL; not PGlite). */
  readonly shared?: boolean;
}
