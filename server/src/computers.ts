/**
 * Computer players: the server decides when a computer player acts, never what it does. A seat is played by
 * a computer player when it was given to one at the table's opening, or when its person has been away (no
 * open event stream on any process) for the table's `standInAfterSeconds`; a stand-in's action is written
 * only if, when the statement runs, the store shows no live process holding the seat's stream.
 *
 * What a computer player does is the library's: `computerMove` of `whist/solver`, on that seat's own table
 * view, at the level the process is configured with (`WHIST_COMPUTER_PLAYER`: `heuristic`, or the sampling
 * player at `fast`, `standard` or `strong`, the library's `ComputerLevel`). It claims the penalty of a
 * revoke of the other side, calls an exposed card, calls and answers honours, claims every trick left when
 * the claim holds, answers a claim, and plays a card (docs/players.md). The server acts at once when the
 * library's `computerTurn` has something to say (an `action`: a penalty, a call, honours), and after its
 * pause for a card, a claim or a claim's answer, so that people can follow the play.
 *
 * A table with a turn clock (clock.ts) is read at every change: when the clock of a person's turn runs out,
 * the seat is given to a computer player (`Tables.timeOut`), which acts for them from then on, as for a seat
 * given to one, until the person's next action (or their stream opening again) takes it back. Each process
 * wakes the table when the clock it knows of runs out; the seat is given once (a compare-and-set).
 *
 * A computer player's action goes through `Tables.act`, the same path as a person's, naming the version it
 * was chosen at: if the table moved on meanwhile (a person came back and played, another process's
 * computer player was first), the compare-and-set refuses it with 409 and nothing is applied. Every
 * process hears every change, so any of them may act for a computer seat; exactly one action is applied.
 * The sampling player is seeded by the deal number and the cards played, so every process chooses alike.
 *
 * The decision runs on the tables' solver (a worker thread of the server's pool, solver/pool.ts), never on
 * the event loop; when the pool's queue is full, the seat is considered again after the pause.
 *
 * @module
 */

import { type ComputerLevel, computerTurn, type Seat, type TableAction, type TableNext, type TableState, tableView } from 'whist';
import { DEFAULT_STAND_IN_SECONDS, type StoredTable } from './db/base.js';
import { ApiError, whyOf } from './errors.js';
import { type Logger, nextOf, type Tables } from './tables.js';

export interface ComputersOptions {
  /** The pause before a computer player's card, so that people can follow the play. */
  readonly delayMs?: number;
  /** Who plays: `heuristic` (default), or the sampling player at a level. */
  readonly player?: ComputerPlayer;
}

/** The computer player a server seats: the library's level (`ComputerLevel`). */
export type ComputerPlayer = ComputerLevel;

/** The body a client would send for a computer player's action: the action without its seat (the seat is the server's). */
export function bodyOf(action: TableAction): Record<string, unknown> {
  const { seat: _seat, ...body } = action as TableAction & { seat?: Seat };
  return body;
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** What a table's row says about its seats, which never changes once it is opened, and whether its rules rule on irregularities. */
interface Seating {
  readonly computers: readonly Seat[];
  readonly standInSeconds: number;
  readonly ruled: boolean;
  /** The table has a turn clock. */
  readonly clocked: boolean;
}

/** A seat a computer player acts for now, and whether at once (a call or a claim) or after the pause (a card, a claim's answer). */
interface Turn {
  readonly seat: Seat;
  readonly atOnce: boolean;
}

const MAX_KNOWN = 10_000;

export class Computers {
  private readonly known = new Map<string, Seating>();
  /** Tables and versions a card is being chosen for in this process. */
  private readonly pending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Each clocked table's wake-up when the clock of its turn runs out (one a table, the latest wins). */
  private readonly clockTimers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  readonly delayMs: number;
  readonly player: ComputerPlayer;

  constructor(
    private readonly tables: Tables,
    private readonly log: Logger,
    options: ComputersOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 500;
    this.player = options.player ?? 'heuristic';
  }

  private remember(row: StoredTable, table: TableState): Seating {
    const seating = {
      computers: row.computers ?? [],
      standInSeconds: row.standInSeconds ?? DEFAULT_STAND_IN_SECONDS,
      ruled: table.rules.irregularities === 'ruled',
      clocked: row.clock !== null && row.clock !== undefined,
    };
    if (this.known.size >= MAX_KNOWN) this.known.clear();
    this.known.set(row.id, seating);
    return seating;
  }

  /** Whether a computer player plays `seat` now; otherwise, when an away person's stand-in is due, wakes the table then. */
  private plays(id: string, seat: Seat, seating: Seating): boolean {
    if (seating.computers.includes(seat)) return true;
    const wait = this.tables.presence.standInWait(id, seat, seating.standInSeconds);
    if (wait === null) return false;
    if (wait > 0) this.tables.presence.wake(id, seat, wait);
    return wait === 0;
  }

  /** Forgets what this process knew of a table's seats (a seat was given to a computer player). */
  forget(id: string): void {
    this.known.delete(id);
  }

  /**
   * A change to a table (from any process): plays for its next seat if a computer player holds it. A table
   * whose rules rule on irregularities and where a computer player plays is read at every change (it may
   * have a card to call, whoever is to play), and so is one this process does not know left waiting for a
   * deal (a revoke's penalty to claim).
   */
  onChange(id: string, next: TableNext): void {
    if (this.stopped) return;
    const seating = this.known.get(id);
    // A table with a clock is read at every change: its new turn's clock is set.
    if (seating?.clocked === true) {
      void this.consider(id);
      return;
    }
    if (seating === undefined ? next.action === 'deal' : seating.ruled) {
      if (seating === undefined || SEATS.some((s) => this.plays(id, s, seating))) void this.consider(id);
      return;
    }
    const seat = this.seatToAct(next);
    if (seat === null) return;
    // A table this process has not read yet is read once; afterwards only a seat a computer player plays is.
    if (seating !== undefined && !(next.action === 'answerClaim' ? next.seats.some((s) => this.plays(id, s, seating)) : this.plays(id, seat, seating))) return;
    void this.consider(id);
  }

  /** The seat a table waits on: the seat to play, or the first of the seats to answer a claim; `null` when it waits on no seat. */
  private seatToAct(next: TableNext): Seat | null {
    if (next.action === 'play') return next.seat;
    if (next.action === 'answerClaim') return next.seats[0] ?? null;
    return null;
  }

  /** Reads the table and plays for its next seat if a computer player holds it. */
  async consider(id: string): Promise<void> {
    if (this.stopped) return;
    try {
      const row = await this.tables.read(id);
      this.considerRow(row);
    } catch (e) {
      this.report(id, e);
    }
  }

  /** As {@link consider}, with the row already read. */
  considerRow(row: StoredTable): void {
    if (this.stopped) return;
    const table = this.tables.check(row);
    const seating = this.remember(row, table);
    if (seating.clocked) this.watchClock(row, table);
    const turn = this.turn(row, table, seating);
    if (turn === null) return;
    const key = `${row.id} ${row.version}`;
    if (this.pending.has(key)) return;
    this.pending.add(key);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.play(row, turn.seat, seating).finally(() => this.pending.delete(key));
      },
      turn.atOnce ? 0 : this.delayMs,
    );
    this.timers.add(timer);
  }

  /**
   * The seat a computer player acts for now: at a ruled table, the first it plays whose `computerTurn` has
   * something to say (a revoke's penalty, a call, honours), at once; else the seat to play, or the first of
   * the seats to answer a claim, after the pause; `null` when no computer player has anything to do.
   */
  private turn(row: StoredTable, table: TableState, seating: Seating): Turn | null {
    if (seating.ruled)
      for (const seat of SEATS) {
        if (!this.plays(row.id, seat, seating)) continue;
        const view = tableView(table, seat);
        if (view.ok && computerTurn(view.value)?.kind === 'action') return { seat, atOnce: true };
      }
    const next = nextOf(table);
    const seat = next.action === 'answerClaim' ? next.seats.find((s) => this.plays(row.id, s, seating)) : next.action === 'play' ? next.seat : undefined;
    if (seat === undefined || !this.plays(row.id, seat, seating)) return null;
    return { seat, atOnce: false };
  }

  private async play(row: StoredTable, seat: Seat, seating: Seating): Promise<void> {
    // The person may have come back during the pause.
    if (this.stopped || !this.plays(row.id, seat, seating)) return;
    // Standing in for a person who is away: written only if they are still away, on every process.
    const options = { standIn: !seating.computers.includes(seat) };
    try {
      const table = this.tables.check(row);
      const view = tableView(table, seat);
      if (!view.ok) return;
      // What the seat does is the library's (computerMove): a penalty, a call, honours, a claim or its answer, or a card.
      const action = await this.tables.solver.move(view.value, this.player);
      // The person may have come back while it was chosen.
      if (action === null || this.stopped || !this.plays(row.id, seat, seating)) return;
      await this.tables.act(row, seat, { body: bodyOf(action), version: row.version }, options);
    } catch (e) {
      // 409: the table moved on before this card (the change that moved it is considered in its turn), or
      // the person stood in for is back on another process.
      if (e instanceof ApiError && e.status === 409) return;
      // The solver's queue is full: the seat is considered again after the pause.
      if (e instanceof ApiError && e.code === 'SERVER_BUSY') {
        this.retry(row.id);
        return;
      }
      this.report(row.id, e);
    }
  }

  /**
   * The turn clock of a row's turn: a person whose clock has run out has their seat given to a computer
   * player; otherwise the table is woken when the first clock runs out.
   */
  private watchClock(row: StoredTable, table: TableState): void {
    clearTimeout(this.clockTimers.get(row.id));
    this.clockTimers.delete(row.id);
    const running = this.tables.clockLeft(row, table);
    if (running === null) return;
    const out = (Object.entries(running.left) as [Seat, number][]).filter(([, ms]) => ms <= 0).map(([seat]) => seat);
    if (out.length > 0) {
      const key = `${row.id} ${row.version} clock`;
      if (this.pending.has(key)) return;
      this.pending.add(key);
      void (async () => {
        try {
          for (const seat of out) if (await this.tables.timeOut(row, seat)) break;
        } catch (e) {
          this.report(row.id, e);
        } finally {
          this.pending.delete(key);
        }
      })();
      return;
    }
    const wait = Math.min(...Object.values(running.left));
    const timer = setTimeout(() => {
      this.clockTimers.delete(row.id);
      void this.consider(row.id);
    }, wait + 5);
    timer.unref();
    this.clockTimers.set(row.id, timer);
  }

  /** Considers a table again after the pause. */
  private retry(id: string): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.consider(id);
      },
      Math.max(this.delayMs, 100),
    );
    this.timers.add(timer);
  }

  private report(id: string, e: unknown): void {
    if (e instanceof ApiError && (e.status === 404 || e.status === 503 || e.status === 500)) return; // reported where it was found
    this.log.error(`computer player at table ${id}: ${whyOf(e)}`);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const t of this.clockTimers.values()) clearTimeout(t);
    this.clockTimers.clear();
  }
}
