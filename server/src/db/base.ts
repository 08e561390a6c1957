/**
 * The one storage interface. A table is one row: its id, a version number, the table document (the
 * library's `TableState` as JSON text, exactly as written) and the SHA-256 of each seat's token.
 *
 * There is no "save": a change is a compare-and-set on the version the caller read, so two processes that
 * act on the same table at once cannot overwrite each other. The loser sees `false` and tries again
 * against the new version (or tells its client 409).
 *
 * @module
 */

import type { BySeat, Seat, TableNext } from 'whist';
import type { PausedClock, TurnClock } from '../clock.js';
import type { DailyStore } from './daily.js';
import type { DuplicateStore } from './duplicate.js';
import type { LobbyStore } from './lobby.js';

/** How long a person's seat may be away before a computer player stands in, unless the table says otherwise. */
export const DEFAULT_STAND_IN_SECONDS = 30;

/** A stored table, as read. `doc` is untrusted until `parseTable` has checked it. */
export interface StoredTable {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
  /**
   * The finished rubbers' summaries, as JSON text, kept apart from `doc` (which then lists none); `null`
   * or absent when `doc` holds the whole table. Untrusted, as `doc` is.
   */
  readonly archive?: string | null;
  /** SHA-256 of each seat's token, hex. */
  readonly tokenHashes: BySeat<string>;
  /** SHA-256 of the spectators' token, hex; `null` for a table opened without one. */
  readonly watchHash?: string | null;
  /** The seats given to a computer player when the table was opened. */
  readonly computers?: readonly Seat[];
  /** Seconds a person's seat may be away (no open event stream) before a computer player stands in. */
  readonly standInSeconds?: number;
  /** The table's turn clock (clock.ts); `null` or absent: none. */
  readonly clock?: TurnClock | null;
  /** The card's clock paused while a decision waits (clock.ts); `null` or absent: none. */
  readonly clockPaused?: PausedClock | null;
  /** A table that plays one hand, a duplicate board dealt as it is held (`dealBoard`), and deals no other; absent: false. */
  readonly oneHand?: boolean;
  /**
   * When the row last changed (its `updated_at`), in milliseconds since 1970 on the store's clock, which need
   * not agree with this process's ({@link Store.databaseAheadMs}); absent when not read from the store.
   */
  readonly changedAt?: number;
}

/** What a compare-and-set may also do. */
export interface WriteOptions {
  /** Write only over the document with this MD5 (hex) at the version seen. */
  readonly seenMd5?: string;
  /** The new archive text; absent: the archive is left as it is. */
  readonly archive?: string;
  /**
   * A computer player standing in for this seat's person: write only if no live process holds an event
   * stream for the seat (a process is live while its heartbeat is younger than `leaseSeconds`), as the
   * store's presence rows say when the statement runs.
   */
  readonly absent?: { readonly seat: Seat; readonly leaseSeconds: number };
  /** The card's clock paused while a decision waits, as the new version keeps it; absent or `null`: none. */
  readonly paused?: PausedClock | null;
}

/** What a compare-and-set that won gives back: the row's computer players, which change without a new version. */
export interface Written {
  readonly computers: readonly Seat[];
  readonly standInSeconds: number;
}

/** What every process hears after a change: the table, its new version, and what it waits for (public). */
export interface Change {
  readonly id: string;
  readonly version: number;
  readonly next: TableNext;
  /** The seats computer players hold changed (the document did not: `version` is the table's as it was). */
  readonly seating?: true;
}

/** A process's count of open event streams for one seat of a table, as it published it (see presence.ts). */
export interface PresenceChange {
  readonly tableId: string;
  readonly seat: Seat;
  /** The publishing process's id. */
  readonly process: string;
  readonly streams: number;
  /** The row's version: it grows with every write, so that a notification older than what was read is ignored. */
  readonly version: number;
}

/** A presence row as read, with its age by the store's clock: since it last changed. */
export interface PresenceRow extends PresenceChange {
  readonly ageMs: number;
}

/** A process's heartbeat, with its age by the store's clock. */
export interface ProcessBeat {
  readonly process: string;
  readonly ageMs: number;
}

/**
 * Presence shared by the processes of one store: each process publishes its own count of event streams
 * per seat (a row keyed by table, seat and process, notified to every process), and a heartbeat.
 */
export interface PresenceBoard {
  /** Writes this process's count for a seat, and notifies every process (`ChangeListener.onPresence`), in one statement. */
  publish(tableId: string, seat: Seat, process: string, streams: number): Promise<void>;
  /** Refreshes this process's heartbeat; returns every process's heartbeat age. */
  beat(process: string): Promise<ProcessBeat[]>;
  /** Every presence row, and every process's heartbeat age. */
  load(): Promise<{ rows: PresenceRow[]; processes: ProcessBeat[] }>;
  /** A process that stops: its counts go to 0 (each notified) and its heartbeat is removed. */
  leave(process: string): Promise<void>;
  /** Removes rows with no stream, and processes without a heartbeat, older than `seconds`. */
  forget(seconds: number): Promise<void>;
}

/** Callbacks of {@link Store.subscribe}. */
export interface ChangeListener {
  /** One change, in commit order. */
  onChange(change: Change): void;
  /** A process published its count of a seat's event streams. */
  onPresence?(change: PresenceChange): void;
  /** The subscription was broken and is back: changes may have been missed, so re-read what you follow. */
  onResync(): void;
  /** A table was removed (its retention ran out). */
  onRemoved?(id: string): void;
}

/** What a sweep removes: tables past their retention (seconds since their last change; 0 keeps them). */
export interface Retention {
  /** A table whose rubber is over (it waits for a new rubber). */
  readonly finishedSeconds: number;
  /** Any table. */
  readonly abandonedSeconds: number;
  /** Counts of tables opened per address are kept for windows of this many seconds. */
  readonly openingsWindowSeconds: number;
}

export interface Store {
  /** What the store is, for the start-up line: "PGlite in memory", "PostgreSQL at host:port/db". */
  readonly description: string;
  /** Whether several processes may share this store (PostgreSQL; PGlite belongs to one process). */
  readonly shared: boolean;
  /** The presence rows, for a store shared by several processes. */
  readonly presence: PresenceBoard;
  /** The lobby: tables gathering players before they open (lobby.ts). */
  readonly lobby: LobbyStore;
  /** The daily challenge: each day's seed and each person's entry (daily.ts). */
  readonly daily: DailyStore;
  /** Duplicate events: pairs, movements, rounds and results (duplicate.ts). */
  readonly duplicate: DuplicateStore;
  /**
   * How far the store's clock is ahead of this process's, in milliseconds (negative: behind), as the last
   * read of a table measured it (0 before any): a row's `changedAt` less this is on this process's clock.
   */
  readonly databaseAheadMs: number;
  /** Creates the schema if it is missing. Safe to run from several processes at once. */
  migrate(): Promise<void>;
  /** Inserts a new table at version 1; `false` if the id is taken. */
  insert(table: StoredTable): Promise<boolean>;
  /** Reads a table, or `null` when there is none. */
  read(id: string): Promise<StoredTable | null>;
  /**
   * Writes `doc` as version `seen + 1` (and `options.archive`, when given, as its archive) if and only if
   * the stored version is still `seen` (and, given `options.seenMd5`, the stored document is the text with
   * that MD5, hex), and tells every subscribed process about it, in the same call. `null` when another
   * change came first; else the seats computer players hold now.
   */
  compareAndSet(id: string, seen: number, doc: string, next: Change['next'], options?: WriteOptions): Promise<Written | null>;
  /**
   * Sets the seats computer players hold, if and only if the table is still at version `seen`, and tells
   * every subscribed process (a change with `seating: true`), in the same statement.
   */
  setComputers(id: string, seen: number, computers: readonly Seat[], next: Change['next']): Promise<boolean>;
  /**
   * Counts one more table opened from `address` in the current window of `windowSeconds` (by the store's
   * clock, so that every process counts in the same windows), in one statement. Returns the count so far,
   * this one included, and the seconds left in the window.
   */
  countOpening(address: string, windowSeconds: number): Promise<{ count: number; waitSeconds: number }>;
  /**
   * Removes the tables past their retention, and the counts of windows gone by, a batch at a time; every
   * subscribed process hears of each table removed. Safe to run from several processes at once. Returns
   * the number of tables removed.
   */
  sweep(retention: Retention): Promise<number>;
  /** Follows every change made by any process on this store. Resolves once listening; returns a function that stops. */
  subscribe(listener: ChangeListener): Promise<() => Promise<void>>;
  /** Answers when the store answers (for `/health`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
