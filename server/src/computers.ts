/**
 * Computer players: the server plays a seat with the library's `heuristicPlayer` (or, as the process is
 * configured, `samplingPlayer` from `whist/solver` at a level: `WHIST_COMPUTER_PLAYER`), on that seat's own view,
 * when the seat was given to a computer player at the table's opening, or when its person has been away
 * (no open event stream on any process) for the table's `standInAfterSeconds`. A stand-in's card is
 * written only if, when the statement runs, the store shows no live process holding the seat's stream.
 *
 * A computer player also claims every trick left when its claim cannot fail (`claimableTricks`, with at
 * most five tricks left), and answers a claim the table waits on: it accepts one that holds by
 * `checkClaim` and plays on otherwise.
 *
 * At a table whose rules rule on irregularities (`laws: true`), a computer player plays only the cards
 * `TableView.playable` lists for its seat (its player's choice when it is there, else the first), and never
 * commits an irregularity. At once, whatever the turn, it calls every exposed card of the other side
 * (`callCard`), and once a hand is over it claims the penalty of every revoke of the other side
 * (`claimRevoke`): three points added to its side's score when that wins it the game, else three tricks.
 * In Long Whist, at eight, holding two honours or more, it calls them before its first card (`callHonours`),
 * and it answers its partner's call when it holds an honour (`answerCall`).
 *
 * A computer player's card goes through `Tables.act`, the same path as a person's, naming the version it
 * was chosen at: if the table moved on meanwhile (a person came back and played, another process's
 * computer player was first), the compare-and-set refuses it with 409 and nothing is applied. Every
 * process hears every change, so any of them may play a computer seat; exactly one card is applied.
 *
 * @module
 */

import {
  apply,
  type Card,
  clientAction,
  currentHand,
  heuristicPlayer,
  type PlayerView,
  type RevokePenalty,
  type Seat,
  sideOf,
  type TableNext,
  type TableState,
  type TableView,
  tableView,
} from 'whist';
import { claimableTricks, type SamplingLevel, samplingPlayer } from 'whist/solver';
import { CLAIM_NODES, checkedClaim } from './counters.js';
import { DEFAULT_STAND_IN_SECONDS, type StoredTable } from './db/base.js';
import { ApiError } from './errors.js';
import { type Logger, nextOf, type Tables } from './tables.js';

export interface ComputersOptions {
  /** The pause before a computer player's card, so that people can follow the play. */
  readonly delayMs?: number;
  /** Who plays: `heuristic` (default), or the sampling player at a level. */
  readonly player?: ComputerPlayer;
}

/** The computer player a server seats: the rules of thumb, or the sampling player at a level. */
export type ComputerPlayer = 'heuristic' | SamplingLevel;

/**
 * The card a computer player chooses. The sampling player is seeded by the deal number and the cards
 * played, so a card is the same on every process; it runs on the process's event loop (at `fast`, about
 * 30 ms a card at the 95th percentile; docs/players.md).
 */
export function chooseCard(player: ComputerPlayer, view: PlayerView, dealNumber: number): PlayerView['legalMoves'][number] {
  if (player === 'heuristic') return heuristicPlayer(view);
  return samplingPlayer(view, { level: player, seed: dealNumber * 64 + view.tricks.length * 4 + (view.trick?.cards.length ?? 0) });
}

export { CLAIM_NODES } from './counters.js';
/** A computer player considers claiming with at most this many tricks left (the check grows with them). */
export const CLAIM_TRICKS = 5;

/**
 * A computer player's answer to the claim its table waits on: accept it when it holds, by `checkClaim`
 * on what the claimer could see (every card it relies on is face up or played), within {@link CLAIM_NODES};
 * otherwise play on. Doubt goes against the claimer. The check is kept (`checkedClaim`), so the
 * counter-example clients are sent (counters.ts) costs no second search in this process.
 */
export function answerClaim(table: TableState, view: TableView): 'acceptClaim' | 'refuseClaim' {
  const hand = currentHand(table);
  const claim = view.claim;
  if (hand === null || claim === null || claim.status !== 'pending') return 'refuseClaim';
  const tricks = claim.type === 'claim' ? claim.tricks : claim.left - claim.tricks;
  const r = checkedClaim(hand, claim.seat, tricks);
  return r.ok && r.value.holds ? 'acceptClaim' : 'refuseClaim';
}

/**
 * The tricks a computer player claims at its turn: every trick left, when at most {@link CLAIM_TRICKS} are
 * left, its side has made no claim this hand, and `claimableTricks` shows the claim cannot fail; else `null`.
 */
export function claimFor(table: TableState, view: TableView, seat: Seat): number | null {
  const hand = currentHand(table);
  const left = 13 - (view.hand?.tricks.length ?? 13);
  if (hand === null || left < 1 || left > CLAIM_TRICKS) return null;
  if (view.claim !== null && (view.claim.seat === seat || view.claim.seat === ({ N: 'S', S: 'N', E: 'W', W: 'E' } as const)[seat])) return null;
  const r = claimableTricks(hand, seat, { maxNodes: CLAIM_NODES });
  return r.ok && r.value === left ? left : null;
}

/**
 * The card a computer player plays from its seat's view: its player's choice when `TableView.playable` lists
 * it, else the first playable card (a call stands on its cards); `null` when the seat may play nothing now.
 */
export function cardFor(player: ComputerPlayer, view: TableView): Card | null {
  if (view.hand === null || view.playable.length === 0) return null;
  const choice = chooseCard(player, view.hand, view.dealNumber);
  return view.playable.includes(choice) ? choice : (view.playable[0] as Card);
}

/** The viewer may call honours (Hoyle's laws of Long Whist, 16-21), as `TableView.honoursCall` says. */
function mayCallHonours(view: TableView): boolean {
  return view.honoursCall === 'call';
}

/** The viewer may answer its partner's call of honours, as `TableView.honoursCall` says. */
function mayAnswerCall(view: TableView): boolean {
  return view.honoursCall === 'answer';
}

/**
 * The penalty a computer player claims for a revoke of the other side: three points added to its side's
 * score when that wins its side the game, else three tricks taken from the revokers and added to its own.
 */
export function revokePenalty(table: TableState, seat: Seat, card: Card): RevokePenalty['penalty'] {
  const added = apply(table, { type: 'claimRevoke', seat, card, penalty: 'add' });
  if (!added.ok) return 'tricks';
  const view = tableView(added.value, null);
  return view.ok && view.value.hands.at(-1)?.game?.winner === sideOf(seat) ? 'add' : 'tricks';
}

/**
 * What a computer player says at a table whose rules rule on irregularities, before any card, as a client's
 * body (`clientAction`'s): the penalty of a revoke of the other side, once the hand is over (`claimRevoke`,
 * see {@link revokePenalty}); a call of an exposed card of the other side (`callCard`: a card dropped, led out
 * of turn, or of a revoke taken back); in Long Whist, honours called at eight before its first card
 * (`callHonours`) and its partner's call answered when it holds an honour (`answerCall`). Each is one the
 * table takes now; `null` when there is nothing to say (and at other tables).
 */
export function lawsAction(table: TableState, view: TableView, seat: Seat): Record<string, unknown> | null {
  if (view.rules.irregularities !== 'ruled') return null;
  const takes = (body: Record<string, unknown>): boolean => {
    const action = clientAction(body, seat);
    return action.ok && apply(table, action.value).ok;
  };
  const side = sideOf(seat);
  for (const election of view.elections) {
    if (election.side !== side || election.card === null) continue;
    const card = election.card;
    if (election.actions.includes('claimRevoke')) {
      const body = { type: 'claimRevoke', card, penalty: revokePenalty(table, seat, card) };
      if (takes(body)) return body;
    } else if (election.actions.includes('callCard')) {
      const body = { type: 'callCard', card };
      if (takes(body)) return body;
    }
  }
  if (mayCallHonours(view) && takes({ type: 'callHonours' })) return { type: 'callHonours' };
  if (mayAnswerCall(view) && takes({ type: 'answerCall' })) return { type: 'answerCall' };
  return null;
}

/** Whether a call stands on the hand or a card lies exposed: a claim is then left to people (the claim check knows no calls). */
function callsStanding(view: TableView): boolean {
  return view.called.length > 0 || view.suitCall !== null || view.trumpCall !== null || Object.keys(view.exposed).length > 0;
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** What a table's row says about its seats, which never changes once it is opened, and whether its rules rule on irregularities. */
interface Seating {
  readonly computers: readonly Seat[];
  readonly standInSeconds: number;
  readonly ruled: boolean;
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
   * The seat a computer player acts for now: at a ruled table, the first it plays with something to say
   * ({@link lawsAction}), at once; else the seat to play, or the first of the seats to answer a claim, after
   * the pause; `null` when no computer player has anything to do.
   */
  private turn(row: StoredTable, table: TableState, seating: Seating): Turn | null {
    if (seating.ruled)
      for (const seat of SEATS) {
        if (!this.plays(row.id, seat, seating)) continue;
        const view = tableView(table, seat);
        if (view.ok && lawsAction(table, view.value, seat) !== null) return { seat, atOnce: true };
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
      if (!view.ok || view.value.hand === null) return;
      // Under the laws: a revoke's penalty, a call of an exposed card, honours called or answered, before anything else.
      const said = lawsAction(table, view.value, seat);
      if (said !== null) {
        await this.tables.act(row, seat, { body: said, version: row.version }, options);
        return;
      }
      // A claim awaiting this seat's answer, or this seat's turn: a claim that cannot fail, or a card.
      if (view.value.next.action === 'answerClaim') {
        if (!view.value.next.seats.includes(seat)) return;
        await this.tables.act(row, seat, { body: { type: answerClaim(table, view.value) }, version: row.version }, options);
        return;
      }
      if (view.value.next.action !== 'play' || view.value.next.seat !== seat) return;
      const tricks = callsStanding(view.value) ? null : claimFor(table, view.value, seat);
      if (tricks !== null) {
        await this.tables.act(row, seat, { body: { type: 'claim', tricks }, version: row.version }, options);
        return;
      }
      const card = cardFor(this.player, view.value);
      if (card === null) return;
      await this.tables.act(row, seat, { body: { type: 'play', card }, version: row.version }, options);
    } catch (e) {
      // 409: the table moved on before this card (the change that moved it is considered in its turn), or
      // the person stood in for is back on another process.
      if (e instanceof ApiError && e.status === 409) return;
      this.report(row.id, e);
    }
  }

  private report(id: string, e: unknown): void {
    if (e instanceof ApiError && (e.status === 404 || e.status === 503 || e.status === 500)) return; // reported where it was found
    this.log.error(`computer player at table ${id}: ${e instanceof Error ? e.message : String(e)}`);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
