/**
 * Who is at a table: a person's seat is `connected` while it holds an open event stream, `away` once its
 * last stream closes, and played by a computer player (`computer`, with `standIn: true`) once it has been
 * away for the table's `standInAfterSeconds`. A seat nobody has joined yet is `empty`; a seat given to a
 * computer player when the table was opened is always `computer`. Opening the seat's link again (its
 * event stream) gives the seat back to the person.
 *
 * Presence is shared by every process of one server. Each process counts its own event streams per seat.
 * When the store is shared by several processes (PostgreSQL), a process also publishes a seat's count
 * whenever it changes: one row per table, seat and process (`whist_presence`), written and notified to
 * every process in one statement; and it beats every `heartbeatMs` (`whist_processes`). Every process
 * keeps what the others published, so a seat reads the same on every process:
 *
 * - `connected` while any live process holds a stream for it;
 * - `away` once none does, since the last stream anywhere closed (by this process's clock, when it heard
 *   of the close);
 * - a process whose heartbeat is older than the lease (three heartbeats) is taken for dead (killed, or cut
 *   off from the store): its streams count as closed at the end of its lease, and its seats turn away;
 * - a process that stops gracefully publishes its counts as 0 before it goes.
 *
 * A computer player that stands in writes its card only if the store shows no live process holding the
 * seat's stream when the statement runs (`absent` in the compare-and-set), on top of the version it read:
 * a person who came back through another process a moment before is never played for, and of several
 * processes standing in at once exactly one card is applied.
 *
 * With PGlite (one process) nothing is published: presence is this process's own streams, as it is
 * everywhere else too. Spectators' streams do not count.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { BySeat, Seat } from 'whist';
import type { SeatInfo } from './answers.js';
import type { PresenceBoard, PresenceChange } from './db/base.js';

/** One seat as the table shows it, and whether its player is here: declared with the other answers. */
export type { SeatInfo, SeatStatus } from './answers.js';

/** One process's streams for a seat. */
interface Holding {
  streams: number;
  /** The row's version, for another process's rows (a notification older than what is held is ignored). */
  version: number;
  /** When (this process's clock) the count last went from 0 or to 0: for a count of 0, when its last stream closed. */
  at: number;
}

/** A seat's streams, by process id. */
type Holdings = Map<string, Holding>;

/** What a seat is, on every process's streams. */
interface SeatState {
  readonly joined: boolean;
  readonly connected: boolean;
  /** When the last stream anywhere closed, while the seat is joined and not connected. */
  readonly awaySince: number | null;
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** A table no one has followed for this long is forgotten (longer than any stand-in delay). */
const FORGET_AFTER_MS = 86_400_000 + 60_000;

/** The heartbeat of a process sharing its presence, unless told otherwise. */
export const DEFAULT_HEARTBEAT_MS = 5_000;

/** A process is taken for dead once its heartbeat is this many heartbeats old. */
export const LEASE_HEARTBEATS = 3;

/** A graceful stop waits this long at most for the store to take its counts to 0. */
const LEAVE_LIMIT_MS = 2_000;

export interface PresenceOptions {
  /** The clock (ms, as `Date.now()`). */
  readonly now?: () => number;
  /** Where the processes of a shared store publish their counts; without it, presence is this process's own. */
  readonly board?: PresenceBoard | undefined;
  /** How often this process beats; the lease is {@link LEASE_HEARTBEATS} of them. */
  readonly heartbeatMs?: number;
  /** This process's id in the store (a new UUID by default). */
  readonly process?: string;
}

export class Presence {
  /** This process's id in the store. */
  readonly id: string;
  readonly heartbeatMs: number;
  /** How long another process's streams count without a heartbeat. */
  readonly leaseMs: number;
  private readonly now: () => number;
  private readonly board: PresenceBoard | undefined;
  private readonly tables = new Map<string, BySeat<Holdings>>();
  /** When (this process's clock) each other process was last heard from: its heartbeat, or a row it published. */
  private readonly lastHeard = new Map<string, number>();
  /** Whether each other process was live when last judged. */
  private readonly judged = new Map<string, boolean>();
  /** This process's publications under way, by seat, and whether the count changed again meanwhile. */
  private readonly pending = new Map<string, { dirty: boolean; done: Promise<void> }>();
  /** This process's seats whose last publication failed: published again at the next heartbeat. */
  private readonly unpublished = new Map<string, readonly [string, Seat]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;
  private heartbeat: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** The rows must be read again (the notifications were broken). */
  private reload = false;
  private stopped = false;
  /** Called when a seat's presence changed, or a stand-in's time came. */
  onChange: (tableId: string) => void = () => {};

  constructor(options: PresenceOptions | (() => number) = {}) {
    const o: PresenceOptions = typeof options === 'function' ? { now: options } : options;
    this.now = o.now ?? (() => Date.now());
    this.board = o.board;
    this.id = o.process ?? randomUUID();
    this.heartbeatMs = o.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.leaseMs = LEASE_HEARTBEATS * this.heartbeatMs;
    this.sweeper = setInterval(() => this.sweep(), 600_000);
    this.sweeper.unref();
  }

  /** Whether this process shares its presence with the other processes of its store. */
  get shared(): boolean {
    return this.board !== undefined;
  }

  /**
   * Reads what the other processes published, beats once, and beats every `heartbeatMs` from then on
   * (nothing without a shared store); what the store does not answer now is done at the next heartbeat.
   * Call it once the store's notifications are followed
   * (`onPresence` → {@link heard}), so that nothing published in between is missed.
   */
  async start(): Promise<void> {
    if (this.board === undefined || this.stopped) return;
    try {
      await this.load();
    } catch {
      this.reload = true; // the store did not answer: read at the next heartbeat
    }
    await this.tick();
    this.heartbeat = setInterval(() => void this.tick(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private at(tableId: string): BySeat<Holdings> {
    let t = this.tables.get(tableId);
    if (t === undefined) {
      t = { N: new Map(), E: new Map(), S: new Map(), W: new Map() };
      this.tables.set(tableId, t);
    }
    return t;
  }

  /** When another process's streams count as closed: the end of its lease; `null` for this process's own. */
  private leaseEnd(process: string, h: Holding): number | null {
    if (process === this.id) return null;
    return Math.max(h.at, this.lastHeard.get(process) ?? Number.NEGATIVE_INFINITY) + this.leaseMs;
  }

  private state(tableId: string, seat: Seat): SeatState {
    const holdings = this.tables.get(tableId)?.[seat];
    if (holdings === undefined || holdings.size === 0) return { joined: false, connected: false, awaySince: null };
    const now = this.now();
    let awaySince = Number.NEGATIVE_INFINITY;
    for (const [process, h] of holdings) {
      if (h.streams > 0) {
        const end = this.leaseEnd(process, h);
        if (end === null || end > now) return { joined: true, connected: true, awaySince: null };
        awaySince = Math.max(awaySince, end);
      } else awaySince = Math.max(awaySince, h.at);
    }
    return { joined: true, connected: false, awaySince };
  }

  /** A seat's state as a string, to tell whether it changed. */
  private key(tableId: string, seat: Seat): string {
    const s = this.state(tableId, seat);
    return s.connected ? 'connected' : s.joined ? `away ${s.awaySince}` : 'empty';
  }

  /** A seat's event stream opened; `true` when that changed the seat's status (and `onChange` was called). */
  open(tableId: string, seat: Seat): boolean {
    const before = this.key(tableId, seat);
    const holdings = this.at(tableId)[seat];
    let h = holdings.get(this.id);
    if (h === undefined) {
      h = { streams: 0, version: 0, at: this.now() };
      holdings.set(this.id, h);
    }
    h.streams++;
    if (h.streams === 1) h.at = this.now();
    this.publish(tableId, seat);
    if (this.key(tableId, seat) === before) return false;
    this.onChange(tableId);
    return true;
  }

  /** A seat's event stream closed. */
  close(tableId: string, seat: Seat): void {
    const h = this.tables.get(tableId)?.[seat].get(this.id);
    if (h === undefined || h.streams === 0) return;
    const before = this.key(tableId, seat);
    h.streams--;
    if (h.streams === 0) h.at = this.now();
    this.publish(tableId, seat);
    if (this.key(tableId, seat) !== before) this.onChange(tableId);
  }

  /** Another process published its count of a seat's streams (a notification). */
  heard(change: PresenceChange): void {
    if (change.process === this.id || this.stopped) return;
    const now = this.now();
    this.heardFrom(change.process, now);
    if (this.merge(change, now)) this.onChange(change.tableId);
  }

  private heardFrom(process: string, at: number): void {
    if (process === this.id) return;
    const was = this.lastHeard.get(process);
    if (was === undefined || at > was) this.lastHeard.set(process, at);
  }

  /** Takes another process's row, unless what is held is as new; `true` when the seat's status changed. */
  private merge(change: PresenceChange, at: number): boolean {
    const holdings = this.at(change.tableId)[change.seat];
    const h = holdings.get(change.process);
    if (h !== undefined && h.version >= change.version) return false;
    const before = this.key(change.tableId, change.seat);
    if (h === undefined) holdings.set(change.process, { streams: change.streams, version: change.version, at });
    else {
      if (h.streams > 0 !== change.streams > 0) h.at = at;
      h.streams = change.streams;
      h.version = change.version;
    }
    return this.key(change.tableId, change.seat) !== before;
  }

  /** Reads every process's rows and heartbeats again: the store's notifications were broken, and some may be lost. */
  resync(): void {
    if (this.board === undefined || this.stopped) return;
    this.reload = true;
    void this.tick();
  }

  /** Reads what the other processes published, keeping the newer of each row; tells the tables that changed. */
  private async load(): Promise<void> {
    const board = this.board;
    if (board === undefined) return;
    const { rows, processes } = await board.load();
    const now = this.now();
    const before = new Map<string, string>();
    for (const r of rows) {
      const k = `${r.tableId} ${r.seat}`;
      if (!before.has(k)) before.set(k, this.key(r.tableId, r.seat));
    }
    for (const p of processes) this.heardFrom(p.process, now - p.ageMs);
    for (const r of rows) {
      if (r.process === this.id) continue;
      // A row with streams is a sign of life when it was written (a process whose heartbeat is gone).
      if (r.streams > 0) this.heardFrom(r.process, now - r.ageMs);
      this.merge(r, now - r.ageMs);
    }
    const changed = new Set<string>();
    for (const r of rows) if (before.get(`${r.tableId} ${r.seat}`) !== this.key(r.tableId, r.seat)) changed.add(r.tableId);
    for (const id of changed) this.onChange(id);
  }

  /**
   * One heartbeat: reads the rows again if the notifications were broken, publishes again what failed,
   * beats (and learns every other process's heartbeat), and tells the tables whose seats turned with a
   * process's life. One at a time.
   */
  tick(): Promise<void> {
    this.ticking ??= this.beat().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async beat(): Promise<void> {
    const board = this.board;
    if (board === undefined || this.stopped) return;
    if (this.reload)
      try {
        this.reload = false;
        await this.load();
      } catch {
        this.reload = true; // the store did not answer: at the next heartbeat
      }
    for (const [tableId, seat] of [...this.unpublished.values()]) this.publish(tableId, seat);
    // Stopped meanwhile: no heartbeat after the process has left (it would outlive the process by a lease).
    if (this.stopped) return;
    try {
      const beats = await board.beat(this.id);
      const now = this.now();
      for (const b of beats) this.heardFrom(b.process, now - b.ageMs);
    } catch {
      // The store did not answer: the others are judged on what was last heard of them.
    }
    this.judge();
  }

  /** Tells the tables where another process's streams turned live or dead since it was last judged. */
  private judge(): void {
    const now = this.now();
    const turned = new Set<string>();
    for (const [process, at] of this.lastHeard) {
      const live = now < at + this.leaseMs;
      const was = this.judged.get(process);
      this.judged.set(process, live);
      // A process judged for the first time: its seats were told as they were read or heard.
      if (was !== undefined && was !== live) turned.add(process);
    }
    if (turned.size === 0) return;
    for (const [id, t] of this.tables) if (SEATS.some((s) => [...t[s]].some(([process, h]) => h.streams > 0 && turned.has(process)))) this.onChange(id);
  }

  /** Publishes this process's count of a seat's streams; one write at a time a seat, the last one with the count as it is then. */
  private publish(tableId: string, seat: Seat): void {
    const board = this.board;
    if (board === undefined || this.stopped) return;
    const key = `${tableId} ${seat}`;
    const running = this.pending.get(key);
    if (running !== undefined) {
      running.dirty = true;
      return;
    }
    const job = { dirty: false, done: Promise.resolve() };
    this.pending.set(key, job);
    job.done = (async () => {
      try {
        do {
          job.dirty = false;
          await board.publish(tableId, seat, this.id, this.tables.get(tableId)?.[seat].get(this.id)?.streams ?? 0);
        } while (job.dirty && !this.stopped);
        this.unpublished.delete(key);
      } catch {
        this.unpublished.set(key, [tableId, seat]);
      } finally {
        this.pending.delete(key);
      }
    })();
  }

  /** Resolves once every publication under way is done (written, or failed and kept for the next heartbeat). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending.values()].map((j) => j.done));
  }

  /**
   * For a person's seat that is away: the milliseconds until a computer player stands in (0 once it
   * does); `null` for a seat that is connected or was never joined.
   */
  standInWait(tableId: string, seat: Seat, standInSeconds: number): number | null {
    const s = this.state(tableId, seat);
    if (s.connected || s.awaySince === null) return null;
    return Math.max(0, s.awaySince + standInSeconds * 1000 - this.now());
  }

  /**
   * When (this process's clock) the seat's event stream last opened, on any process, while one is open: the
   * start of a turn clock after a reconnect; `null` when no stream of the seat is open.
   */
  connectedSince(tableId: string, seat: Seat): number | null {
    const holdings = this.tables.get(tableId)?.[seat];
    if (holdings === undefined) return null;
    const now = this.now();
    let since: number | null = null;
    for (const [process, h] of holdings) {
      if (h.streams <= 0) continue;
      const end = this.leaseEnd(process, h);
      if (end !== null && end <= now) continue;
      since = since === null ? h.at : Math.max(since, h.at);
    }
    return since;
  }

  /** Each seat's player and status. */
  seats(tableId: string, players: BySeat<string>, computers: readonly Seat[], standInSeconds: number): BySeat<SeatInfo> {
    const status = (seat: Seat): SeatInfo => {
      const player = players[seat];
      const s = this.state(tableId, seat);
      // A computer player holds the seat while its person's page is open: their clock ran out.
      if (computers.includes(seat)) return s.connected ? { player, status: 'computer', timedOut: true } : { player, status: 'computer' };
      if (!s.joined) return { player, status: 'empty' };
      if (s.connected) return { player, status: 'connected' };
      return this.standInWait(tableId, seat, standInSeconds) === 0 ? { player, status: 'computer', standIn: true } : { player, status: 'away' };
    };
    return { N: status('N'), E: status('E'), S: status('S'), W: status('W') };
  }

  /**
   * Forgets the tables no one has followed for a day: every seat without a stream and away that long
   * (a seat never joined counts as away since the table was first followed), and the processes that hold
   * nothing and were not heard of for as long; the store forgets the same. Runs every ten minutes.
   */
  sweep(): void {
    const now = this.now();
    for (const [id, t] of this.tables)
      if (SEATS.every((s) => this.gone(id, s, now)) && SEATS.some((s) => t[s].size > 0) && ![...this.pending.keys()].some((k) => k.startsWith(`${id} `)))
        this.tables.delete(id);
    const holding = new Set<string>();
    for (const t of this.tables.values()) for (const s of SEATS) for (const p of t[s].keys()) holding.add(p);
    for (const [process, at] of this.lastHeard)
      if (!holding.has(process) && now - at >= FORGET_AFTER_MS) {
        this.lastHeard.delete(process);
        this.judged.delete(process);
      }
    if (this.board !== undefined && !this.stopped) this.board.forget(FORGET_AFTER_MS / 1000).catch(() => {});
  }

  private gone(tableId: string, seat: Seat, now: number): boolean {
    const s = this.state(tableId, seat);
    return !s.connected && (s.awaySince === null || now - s.awaySince >= FORGET_AFTER_MS);
  }

  /** Tables followed now or lately (for tests). */
  get size(): number {
    return this.tables.size;
  }

  /** Calls `onChange` for the table once a seat's stand-in time comes (one timer per seat, the latest wins). */
  wake(tableId: string, seat: Seat, ms: number): void {
    const key = `${tableId} ${seat}`;
    clearTimeout(this.timers.get(key));
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.onChange(tableId);
    }, ms + 5);
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Wakes each away seat's stand-in in time. */
  wakeAll(tableId: string, computers: readonly Seat[], standInSeconds: number): void {
    for (const seat of SEATS) {
      if (computers.includes(seat)) continue;
      const wait = this.standInWait(tableId, seat, standInSeconds);
      if (wait !== null && wait > 0) this.wake(tableId, seat, wait);
    }
  }

  /**
   * Stops the timers. With a shared store, the process's counts go to 0 (each notified: its seats turn
   * away at once on the other processes, rather than at the end of its lease) and its heartbeat is removed;
   * a store that does not answer within 2 s is left to the lease.
   */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    if (this.stopped) return;
    this.stopped = true;
    const board = this.board;
    if (board === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LEAVE_LIMIT_MS);
    });
    await Promise.race([
      (async () => {
        // A heartbeat under way is written first, and then removed: never written after the leave.
        await this.ticking?.catch(() => {});
        await this.settled();
        await board.leave(this.id).catch(() => {});
      })(),
      limit,
    ]);
    clearTimeout(timer);
  }
}
