/**
 * Server-Sent Events: `GET /tables/:id/events` streams one `version` event per change of the table,
 * whichever process made it. Every process LISTENs to the store's notifications (PostgreSQL's
 * LISTEN/NOTIFY, sent by the compare-and-set itself), so a client may follow a table on any process.
 *
 * An event is
 *
 * ```
 * event: version
 * id: 12
 * data: {"version":12,"next":{"action":"play","seat":"E"}}
 * ```
 *
 * `next` is public (whose turn it is); the cards are fetched with `GET /tables/:id`, with the seat's
 * token. The first event is the version when the stream opens. A `seats` event gives each seat's player
 * and status (`connected`, `away`, `computer`, `empty`): after the first `version` event, and whenever
 * someone comes or goes, through any process (a seat's open streams, on every process, are its presence:
 * presence.ts). Should a process lose its listening connection, it re-reads each followed table (and
 * what the other processes published of their streams) when it is back, and sends the latest version.
 *
 * A process that stops ends its streams with a `retry:` line (1 to 3 s, spread so that clients do not all
 * come back at once): an `EventSource` then reconnects, through the load balancer, to another process.
 * A table removed by the retention sweep ends its streams; reconnecting then gets 404.
 *
 * @module
 */

import type { ServerResponse } from 'node:http';
import type { BySeat, Seat } from 'whist';
import type { Change, ChangeListener, PresenceChange, Store } from '../db/base.js';
import { ApiError } from '../errors.js';
import type { SeatInfo } from '../presence.js';
import type { Tables } from '../tables.js';

/** How many streams one token may hold open on one process. */
const DEFAULT_STREAMS_PER_TOKEN = 4;
const HEARTBEAT_MS = 15_000;
/** A client that stops reading is dropped once this much is waiting for it. */
const MAX_BUFFERED = 256 * 1024;

/** A change as a `version` event. */
function versionEvent(change: Change): string {
  return `event: version\nid: ${change.version}\ndata: ${JSON.stringify({ version: change.version, next: change.next })}\n\n`;
}

class EventStream {
  /** The last version sent. */
  sent = 0;

  constructor(
    readonly tableId: string,
    readonly tokenHash: string,
    readonly res: ServerResponse,
  ) {}

  /** Sends a change (`text`: its event, {@link versionEvent}, made once for every stream of the table). */
  send(change: Change, text: string = versionEvent(change)): void {
    if (change.version <= this.sent || this.res.destroyed) return;
    this.sent = change.version;
    this.write(text);
  }

  sendSeats(seats: BySeat<SeatInfo>): void {
    this.write(`event: seats\ndata: ${JSON.stringify({ seats })}\n\n`);
  }

  write(text: string): void {
    if (this.res.destroyed) return;
    if (this.res.writableLength > MAX_BUFFERED) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }
}

export class EventHub implements ChangeListener {
  private readonly byTable = new Map<string, Set<EventStream>>();
  private readonly byToken = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  private stop: (() => Promise<void>) | null = null;
  /** Told of every change after the streams are (computer players). */
  afterChange: (change: Change) => void = () => {};

  constructor(
    private readonly store: Store,
    private readonly tables: Tables,
    private readonly streamsPerToken = DEFAULT_STREAMS_PER_TOKEN,
  ) {
    this.heartbeat = setInterval(() => {
      for (const set of this.byTable.values()) for (const s of set) s.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Starts following the store's changes. */
  async start(): Promise<void> {
    this.stop = await this.store.subscribe(this);
  }

  /** Streams open now. */
  get size(): number {
    let n = 0;
    for (const set of this.byTable.values()) n += set.size;
    return n;
  }

  onChange(change: Change): void {
    const set = this.byTable.get(change.id);
    if (set !== undefined && set.size > 0) {
      const text = versionEvent(change);
      for (const s of set) s.send(change, text);
    }
    if (change.seating === true) void this.sendSeats(change.id);
    this.afterChange(change);
  }

  /** Sends each seat's status to the table's streams on this process. */
  async sendSeats(id: string): Promise<void> {
    const set = this.byTable.get(id);
    if (set === undefined || set.size === 0) return;
    try {
      const row = await this.tables.read(id);
      const seats = this.tables.seats(row, this.tables.check(row));
      for (const s of this.byTable.get(id) ?? []) s.sendSeats(seats);
    } catch {
      // Reported by the tables; the streams get the seats with the next presence change.
    }
  }

  onRemoved(id: string): void {
    const set = this.byTable.get(id);
    if (set !== undefined) for (const s of set) s.res.end();
    this.afterRemoved(id);
  }

  /** Told of every table removed (computer players). */
  afterRemoved: (id: string) => void = () => {};

  /**
   * Ends every stream with a hint to reconnect in 1 to 3 s (to another process, behind a load balancer),
   * and takes no new one. The subscription stays until `close`.
   */
  endStreams(): void {
    this.closing = true;
    for (const set of this.byTable.values())
      for (const s of set) {
        s.write(`retry: ${1000 + Math.floor(Math.random() * 2000)}\n\n`);
        s.res.end();
      }
    this.byTable.clear();
  }

  onResync(): void {
    for (const id of this.byTable.keys()) void this.catchUp(id);
    // Counts published by other processes meanwhile may be lost too.
    this.tables.presence.resync();
  }

  /** Another process published its count of a seat's streams. */
  onPresence(change: PresenceChange): void {
    this.tables.presence.heard(change);
  }

  /** Re-reads a table and sends its version to the streams that are behind. */
  private async catchUp(id: string): Promise<void> {
    const set = this.byTable.get(id);
    if (set === undefined || set.size === 0) return;
    try {
      const row = await this.tables.read(id);
      const change: Change = { id, version: row.version, next: this.tables.next(row) };
      for (const s of set) s.send(change);
    } catch {
      // Reported by the tables; the streams stay open and catch up on the next change.
    }
  }

  /** Opens a stream for an authenticated seat (or a spectator, `null`). The response has not been started. */
  async open(tableId: string, tokenHash: string, seat: Seat | null, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    if (this.closing) throw new ApiError(503, 'SHUTTING_DOWN', 'this process is stopping: use another', { 'retry-after': '1', connection: 'close' });
    const held = this.byToken.get(tokenHash) ?? 0;
    if (held >= this.streamsPerToken)
      throw new ApiError(429, 'RATE_LIMITED', `at most ${this.streamsPerToken} event streams per token`, { 'retry-after': '5' });
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const stream = new EventStream(tableId, tokenHash, res);
    let set = this.byTable.get(tableId);
    if (set === undefined) {
      set = new Set();
      this.byTable.set(tableId, set);
    }
    set.add(stream);
    this.byToken.set(tokenHash, held + 1);
    // The seat counts as present from its first event until the stream closes.
    let closed = false;
    let present = false;
    res.on('close', () => {
      closed = true;
      const s = this.byTable.get(tableId);
      if (s?.delete(stream) && s.size === 0) this.byTable.delete(tableId);
      const n = (this.byToken.get(tokenHash) ?? 1) - 1;
      if (n <= 0) this.byToken.delete(tokenHash);
      else this.byToken.set(tokenHash, n);
      if (seat !== null && present && !this.closing) this.tables.presence.close(tableId, seat);
    });
    stream.write('retry: 2000\n\n');
    // Registered first, then read: a change committed in between is either in the row or notified.
    let row = await this.tables.read(tableId);
    // A person back at a seat given to a computer player takes it back.
    if (seat !== null && (row.computers ?? []).includes(seat) && (await this.tables.takeBack(row, seat))) row = await this.tables.read(tableId);
    const table = this.tables.check(row);
    stream.send({ id: tableId, version: row.version, next: this.tables.next(row) });
    // A seat that comes (back) is told to everyone at once (presence's onChange); a spectator gets the seats here.
    if (seat !== null && !closed) present = true;
    if (!present || !this.tables.presence.open(tableId, seat as Seat)) stream.sendSeats(this.tables.seats(row, table));
  }

  /** Ends every stream and stops following the store. */
  async close(): Promise<void> {
    this.endStreams();
    clearInterval(this.heartbeat);
    const stop = this.stop;
    this.stop = null;
    if (stop !== null) await stop().catch(() => {});
  }
}
