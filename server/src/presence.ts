/**
 * Who is at a table: a person's seat is `connected` while it holds an open event stream, `away` once its
 * last stream closes, and played by a computer player (`computer`, with `standIn: true`) once it has been
 * away for the table's `standInAfterSeconds`. A seat nobody has joined yet is `empty`; a seat given to a
 * computer player when the table was opened is always `computer`. Opening the seat's link again (its
 * event stream) gives the seat back to the person.
 *
 * Presence is what this process sees: its own event streams. Spectators' streams do not count.
 *
 * @module
 */

import type { BySeat, Seat } from 'whist';

export type SeatStatus = 'connected' | 'away' | 'computer' | 'empty';

/** One seat as the table shows it: who sits there and whether they are here. */
export interface SeatInfo {
  readonly player: string;
  readonly status: SeatStatus;
  /** A computer player stands in for a person who is away. */
  readonly standIn?: true;
}

interface SeatPresence {
  streams: number;
  joined: boolean;
  /** When the last stream closed (ms, `Date.now()`), while no stream is open. */
  awaySince: number | null;
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** A table no one has followed for this long is forgotten (longer than any stand-in delay). */
const FORGET_AFTER_MS = 86_400_000 + 60_000;

export class Presence {
  private readonly tables = new Map<string, BySeat<SeatPresence>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Called when a seat's presence changed, or a stand-in's time came. */
  onChange: (tableId: string) => void = () => {};

  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => Date.now()) {
    this.sweeper = setInterval(() => this.sweep(), 600_000);
    this.sweeper.unref();
  }

  private at(tableId: string): BySeat<SeatPresence> {
    let t = this.tables.get(tableId);
    if (t === undefined) {
      const fresh = (): SeatPresence => ({ streams: 0, joined: false, awaySince: null });
      t = { N: fresh(), E: fresh(), S: fresh(), W: fresh() };
      this.tables.set(tableId, t);
    }
    return t;
  }

  /** A seat's event stream opened; `true` when that changed the seat's status (and `onChange` was called). */
  open(tableId: string, seat: Seat): boolean {
    const p = this.at(tableId)[seat];
    p.streams++;
    p.joined = true;
    p.awaySince = null;
    if (p.streams !== 1) return false;
    this.onChange(tableId);
    return true;
  }

  /** A seat's event stream closed. */
  close(tableId: string, seat: Seat): void {
    const p = this.at(tableId)[seat];
    p.streams = Math.max(0, p.streams - 1);
    if (p.streams > 0) return;
    p.awaySince = this.now();
    this.onChange(tableId);
  }

  /**
   * For a person's seat that is away: the milliseconds until a computer player stands in (0 once it
   * does); `null` for a seat that is connected or was never joined.
   */
  standInWait(tableId: string, seat: Seat, standInSeconds: number): number | null {
    const p = this.tables.get(tableId)?.[seat];
    if (p === undefined || p.streams > 0 || p.awaySince === null) return null;
    return Math.max(0, p.awaySince + standInSeconds * 1000 - this.now());
  }

  /** Each seat's player and status. */
  seats(tableId: string, players: BySeat<string>, computers: readonly Seat[], standInSeconds: number): BySeat<SeatInfo> {
    const status = (seat: Seat): SeatInfo => {
      const player = players[seat];
      if (computers.includes(seat)) return { player, status: 'computer' };
      const p = this.tables.get(tableId)?.[seat];
      if (p === undefined || !p.joined) return { player, status: 'empty' };
      if (p.streams > 0) return { player, status: 'connected' };
      return this.standInWait(tableId, seat, standInSeconds) === 0 ? { player, status: 'computer', standIn: true } : { player, status: 'away' };
    };
    return { N: status('N'), E: status('E'), S: status('S'), W: status('W') };
  }

  /**
   * Forgets the tables no one has followed for a day: every seat without a stream and away that long
   * (a seat never joined counts as away since the table was first followed). Runs every ten minutes.
   */
  sweep(): void {
    const now = this.now();
    for (const [id, t] of this.tables)
      if (SEATS.every((s) => t[s].streams === 0 && (t[s].awaySince === null ? !t[s].joined : now - t[s].awaySince >= FORGET_AFTER_MS)))
        if (SEATS.some((s) => t[s].joined)) this.tables.delete(id);
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

  stop(): void {
    clearInterval(this.sweeper);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
