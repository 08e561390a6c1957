/**
 * Turn clocks: a table may give each person a time for each card and for each decision (the answer to a
 * claim, the penalty of a revoke), counted by the server. The clock of a turn starts when the table comes to
 * wait on the seat (the change that made it so), and afresh when the seat's event stream opens again (a
 * reconnect); while a claim waits for its answer, no card's clock runs: the seats that answer have their
 * decision's clock, and the card's clock starts again in full once play goes on. When a person's clock runs
 * out, the seat is given to a computer player (computers.ts), which plays for the person until their next
 * action takes the seat back.
 *
 * The clock is stored with the table (its row's `clock_card` and `clock_decision`), and the start of a turn
 * is derived from the row's time of last change: after a restart, a turn's clock goes on from where it was.
 * Clocks are off unless the table is opened with one (`POST /tables` `{ "clock": { "card": 30, "decision": 60 } }`).
 *
 * @module
 */

import type { Seat, TableNext } from 'whist';

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

const SIDES = { NS: ['N', 'S'], EW: ['E', 'W'] } as const;

/**
 * The turn a clock counts, from what the table waits for: a card (`play`), a claim's answer
 * (`answerClaim`), or a revoke's penalty before the next deal (`penalties`); nothing else (a new rubber is
 * the players' to start when they like).
 */
export function clockedTurn(next: TableNext): ClockedTurn | null {
  if (next.action === 'play') return { kind: 'card', seats: [next.seat] };
  if (next.action === 'answerClaim') return next.seats.length === 0 ? null : { kind: 'decision', seats: next.seats };
  if ((next.action === 'deal' || next.action === 'newRubber') && next.penalties !== undefined && next.penalties.length > 0)
    return { kind: 'decision', seats: next.penalties.flatMap((side) => SIDES[side]) };
  return null;
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
