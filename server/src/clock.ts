/**
 * Turn clocks: a table may give each person a time for each card and for each decision (the answer to a
 * claim, the penalty of a revoke), counted by the server. The clock of a turn starts when the table comes to
 * wait on the seat (the change that made it so), and afresh when the seat's event stream opens again (a
 * reconnect). A decision is timed with the decision's seconds: a claim's answer, and under the laws a
 * revoke's penalty, any other election (calling an exposed card, a card or a suit called after a lead out of
 * turn, …) for either person of the side entitled to it, and honours called or answered by the seat to play.
 * While a decision waits, no card's clock runs: the card's clock is paused, with the time it had left kept in
 * the table's row (`clock_paused_seat`, `clock_paused_ms`), and it resumes with that time once play goes on
 * (from when the table comes back to the seat; a restart in between keeps it). When a person's clock runs
 * out, the seat is given to a computer player (computers.ts), which plays for the person until their next
 * action takes the seat back.
 *
 * The clock is stored with the table (its row's `clock_card` and `clock_decision`), and the start of a turn
 * is derived from the row's time of last change: after a restart, a turn's clock goes on from where it was.
 * Clocks are off unless the table is opened with one (`POST /tables` `{ "clock": { "card": 30, "decision": 60 } }`).
 *
 * @module
 */

import { SEATS, type Seat, sideOf, type TableNext, type TableState, tableView } from 'whist';

/** A table's turn clock: whole seconds for a card and for a decision. */
export interface TurnClock {
  readonly card: number;
  readonly decision: number;
}

/** The fewest and most seconds a clock may give. */
export const MIN_CLOCK_SECONDS = 1;
export const MAX_CLOCK_SECONDS = 3600;

/** The clock a table open to anyone (the lobby's) is opened with. */
export const LOBBY_CLOCK: TurnClock = { card: 30, decision: 60 };

/** What a turn's clock counts: a card, or a decision. */
export type ClockKind = 'card' | 'decision';

/** The seats a table waits on and what for, when a clock counts it; `null` when it waits on no one's clock. */
export interface ClockedTurn {
  readonly kind: ClockKind;
  readonly seats: readonly Seat[];
}

/**
 * The turn a clock counts, from what the table waits for: a card (`play`), a claim's answer
 * (`answerClaim`), or a revoke's penalty before the next deal (`penalties`), or, while the hand is played, a
 * decision under the laws (`decisions`, {@link lawDecisions}); nothing else (a new rubber is the players' to
 * start when they like).
 */
export function clockedTurn(next: TableNext, decisions: readonly Seat[] = []): ClockedTurn | null {
  if (next.action === 'play' && decisions.length > 0) return { kind: 'decision', seats: decisions };
  if (next.action === 'play') return { kind: 'card', seats: [next.seat] };
  if (next.action === 'answerClaim') return next.seats.length === 0 ? null : { kind: 'decision', seats: next.seats };
  if ((next.action === 'deal' || next.action === 'newRubber') && next.penalties !== undefined && next.penalties.length > 0)
    return { kind: 'decision', seats: next.penalties.flatMap((side) => SEATS.filter((seat) => sideOf(seat) === side)) };
  return null;
}

/**
 * The seats with a decision under the laws to make while the hand is played (a table whose rules rule on
 * irregularities; none otherwise): each seat whose side an election about a card is open to (an exposed
 * card to call, a lead out of turn, a revoke corrected; the penalty of a revoke is timed by `penalties`, after
 * the hand), and the seat to play when it may call or answer honours. Either
 * seat of a side may make its election; the first is final (law 84).
 */
export function lawDecisions(table: TableState, next: TableNext): Seat[] {
  if (table.rules.irregularities !== 'ruled' || next.action !== 'play') return [];
  const open = tableView(table, null);
  const own = tableView(table, next.seat);
  if (!open.ok || !own.ok) return [];
  // The elections a computer player makes when the clock runs out: those about a card.
  const sides = new Set(open.value.elections.filter((e) => e.actions.length > 0 && e.card !== null).map((e) => e.side));
  const seats = SEATS.filter((seat) => sides.has(sideOf(seat)));
  if (own.value.honoursCall !== null && !seats.includes(next.seat)) seats.push(next.seat);
  return seats;
}

/** A card's clock paused while a decision waits: the seat whose card it was, and the milliseconds it had left. */
export interface PausedClock {
  readonly seat: Seat;
  readonly ms: number;
}

/** Seconds a turn of this kind is given. */
export function secondsFor(clock: TurnClock, kind: ClockKind): number {
  return kind === 'card' ? clock.card : clock.decision;
}

/**
 * A turn's clock as the answers show it (`clock` beside the view): the table's clock, what the turn counts,
 * the seats whose clocks run, and the milliseconds each has left when the answer was made (a client counts
 * down from when it received it). A seat a computer player holds has no clock.
 */
export interface ClockShown {
  readonly card: number;
  readonly decision: number;
  readonly kind: ClockKind;
  /** Each seat whose clock runs, and its milliseconds left (0 once it has run out). */
  readonly left: Partial<Record<Seat, number>>;
}
