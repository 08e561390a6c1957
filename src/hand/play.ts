/**
 * Playing a card: the one reducer of a hand, checking the seat and the card against the state.
 *
 * Rules as implemented (Laws of Short Whist (1864); German text «Whist» (2012); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play"): a
 * player must follow suit when able. A card that fails to follow suit while able (a revoke) is refused
 * with `MUST_FOLLOW_SUIT`, unless the rules rule on irregularities (`irregularities: 'ruled'`): then it is
 * played and recorded, and the table rules on it by laws 71-82 ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities").
 *
 * @module
 */

import type { Card } from '../cards.js';
import { BIT_OF, cardIndex, SUIT_OF } from '../cards.js';
import { describe, type ErrorCode, fail, type Result, unwrap, type WhistErrorInfo } from '../errors.js';
import { type Seat, seatNumber } from '../seats.js';
import { advance, notMade, Progress, progressOf, refusal, refusalMessage, stateOfProgress } from './progress.js';
import type { HandState, PlayError } from './types.js';

/**
 * Plays a card for a seat, checking everything: the input may come from an untrusted client.
 *
 * When several errors apply, the first in this order is returned: `INVALID_STATE` (or `INVALID_RULES`),
 * `INVALID_SEAT`, `INVALID_CARD`, `HAND_COMPLETE`, `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`,
 * `MUST_FOLLOW_SUIT` (not under rules with `irregularities: 'ruled'`, which accept a revoke and record
 * it: {@link legalMoves} still lists only the cards that follow suit). Card strings are exact: `"as"` is
 * an `INVALID_CARD`. The given state is never modified; the new one is frozen.
 *
 * @param state - a hand state the library made (a copy is refused `INVALID_STATE`: see {@link parseState})
 * @param seat - the seat playing, `N E S W` (any value is checked)
 * @param card - the card, e.g. `"QH"` (any value is checked)
 * @returns `{ ok: true, value: state }` with the new state, or `{ ok: false, error }` with one of the codes above. Never throws.
 * @example
 * ```ts
 * import { dealHandOrThrow, play, SHORT_WHIST } from 'whist';
 *
 * // North holds the spades, east the hearts, south the diamonds, west the clubs; north deals, east leads.
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * const r = play(state, 'E', 'AH');
 * r.ok && r.value.plays; // 'AH'
 * const wrong = play(state, 'S', 'AD');
 * wrong.ok ? null : wrong.error.code; // 'NOT_YOUR_TURN'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Hierbei gilt Farbzwang"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play".
 * @group Hand
 */
export function play(state: HandState, seat: Seat, card: Card): Result<HandState, PlayError> {
  const d = progressOf(state);
  if (d === undefined) return { ok: false, error: notMade(state) };
  const next = playFrom(d, seat, card);
  if (!(next instanceof Progress)) return next;
  return { ok: true, value: stateOfProgress(next) };
}

/** @internal The progress after a seat plays a card, checking everything, or the refusal. */
export function playFrom(d: Progress, seat: unknown, card: unknown): Progress | { readonly ok: false; readonly error: WhistErrorInfo<PlayError> } {
  const s = seatNumber(seat);
  const c = cardIndex(card);
  if (s >= 0 && c >= 0 && d.turn === s) {
    const suit = SUIT_OF[c] as number;
    const bit = BIT_OF[c] as number;
    const f = d.fixed;
    const base = s << 2;
    const p0 = d.p0;
    const p1 = d.p1;
    const p2 = d.p2;
    const p3 = d.p3;
    const playedOfSuit = suit === 0 ? p0 : suit === 1 ? p1 : suit === 2 ? p2 : p3;
    const led = d.led;
    if (
      ((f.dealt[base | suit] as number) & ~playedOfSuit & bit) !== 0 &&
      (led < 0 || suit === led || ((f.dealt[base | led] as number) & ~(led === 0 ? p0 : led === 1 ? p1 : led === 2 ? p2 : p3)) === 0)
    )
      return advance(d, c);
  }
  if (s < 0) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  if (c < 0) return fail('INVALID_CARD', `not a card: ${describe(card)}`, { path: 'card', seat, card });
  const why = refusal(d, s, c);
  if (why === null) return advance(d, c); // a revoke, where the rules accept and record one
  return fail(why as PlayError, refusalMessage(why as ErrorCode, d, s, c), { seat, card });
}

/**
 * {@link play}, throwing instead of returning an error.
 *
 * @param state - a hand state
 * @param seat - the seat playing
 * @param card - the card
 * @returns the new state
 * @throws {@link WhistError} with the codes of {@link play}: `INVALID_STATE`, `INVALID_RULES`,
 *   `INVALID_SEAT`, `INVALID_CARD`, `HAND_COMPLETE`, `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`
 * @example
 * ```ts
 * import { dealHandOrThrow, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * state = playOrThrow(state, 'E', 'KH');
 * state.plays; // 'KH'
 * ```
 * @remarks Source: as {@link play}.
 * @group Hand
 */
export function playOrThrow(state: HandState, seat: Seat, card: Card): HandState {
  return unwrap(play(state, seat, card));
}
