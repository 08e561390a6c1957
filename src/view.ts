/**
 * What one seat may see: {@link playerView}.
 *
 * The view is a different type from the hand state: it has the viewer's own cards and only counts for
 * the other hands, so showing another player's cards is a compile error, not a forgotten `delete`.
 * Public facts: trump, the turned-up card while the dealer still holds it (CL: every player knows the
 * dealer holds it until it is played), the cards played, and the tricks.
 *
 * @module
 */

import type { Card, Suit } from './cards.js';
import {
  type CurrentTrick,
  currentSeat,
  currentTrick,
  type HandState,
  handOf,
  legalMoves,
  type Trick,
  type TrumpSource,
  tricksWon,
  visibleTurnUp,
} from './hand.js';
import type { Rules } from './rules.js';
import { type BySeat, type BySide, SEATS, type Seat } from './seats.js';

/** What one seat may see of a hand. Plain JSON. */
export interface PlayerView {
  /** The seat this view is for. */
  readonly viewer: Seat;
  /** The rules. */
  readonly rules: Rules;
  /** The dealer. */
  readonly dealer: Seat;
  /** Trump suit, or `null`. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The turned-up card while the dealer still holds it, or the second pack's card; otherwise `null`. */
  readonly trumpCard: Card | null;
  /** The viewer's own cards, in canonical order. */
  readonly hand: readonly Card[];
  /** How many cards each seat holds. */
  readonly handSizes: BySeat<number>;
  /** Whose turn it is, or `null` when the hand is complete. */
  readonly currentSeat: Seat | null;
  /** The viewer's legal cards when it is the viewer's turn; empty otherwise. */
  readonly legalMoves: readonly Card[];
  /** The trick in progress, or `null` when the hand is complete. */
  readonly trick: CurrentTrick | null;
  /** The finished tricks. */
  readonly tricks: readonly Trick[];
  /** Tricks won by each side so far. */
  readonly tricksWon: BySide;
}

/**
 * The view of a hand for one seat: its own cards, the others as counts, and the public facts.
 *
 * @param state - a hand state
 * @param seat - the viewer
 * @returns a {@link PlayerView}; it holds no other seat's cards
 * @example
 * ```ts
 * const view = playerView(state, 'S');
 * view.hand; // South's cards
 * view.handSizes.W; // 13
 * ```
 * @remarks Source: CL and DOC1 (the turned-up card is known to all until the dealer plays it).
 */
export function playerView(state: HandState, seat: Seat): PlayerView {
  const turn = currentSeat(state);
  const counts = SEATS.map((s) => handOf(state, s).length);
  const trumpCard = state.trumpSource === 'turnUp' ? visibleTurnUp(state) : state.trumpCard;
  return {
    viewer: seat,
    rules: state.rules,
    dealer: state.dealer,
    trump: state.trump,
    trumpSource: state.trumpSource,
    trumpCard,
    hand: handOf(state, seat),
    handSizes: { N: counts[0] as number, E: counts[1] as number, S: counts[2] as number, W: counts[3] as number },
    currentSeat: turn,
    legalMoves: turn === seat ? legalMoves(state) : [],
    trick: currentTrick(state),
    tricks: state.tricks,
    tricksWon: tricksWon(state),
  };
}
