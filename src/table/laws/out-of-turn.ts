/**
 * Cards played out of turn to a trick (Laws of Short Whist (1864), laws 67-68): the card stands and is
 * played at its player's turn; when the fourth hand played before the second, the third not having played,
 * the other side may call the second hand to win the trick or not.
 *
 * @module
 * @internal
 */

import { beats, CARD_BY_INDEX, type Card, cardIndex, isCard, SUIT_OF } from '../../cards.js';
import { describe, fail } from '../../errors.js';
import { heldSuit, type Progress } from '../../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../../seats.js';
import { added, type CallConstraint, type HandEvents, holds, nameOf, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { HandEvent } from '../types.js';

/** The laws a call to win or not to win a trick cites. */
export const PLAY_OUT_OF_TURN_LAW = 'Laws of Short Whist (1864), laws 67-68';

/** A card played to the trick before its turn: it stands (laws 67-68). */
export function stepPlayOutOfTurn(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const card = action.card;
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  if ((at & 3) === 0) return fail('INVALID_ACTION', 'a lead is due: a card played out of turn then is a lead out of turn (law 61)', { path: 'type' });
  if (s === hand.turn) return fail('INVALID_SEAT', `it is ${SEAT_NAMES[seat]}'s turn: the card is played with a play`, { path: 'seat' });
  const leader = (hand.turn - (at & 3)) & 3;
  if (((s - leader) & 3) < (at & 3)) return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} has played to this trick`, { path: 'seat' });
  if (earlyCards(hand, e).some((x) => x.seat === seat))
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} has played to this trick out of turn already`, { path: 'seat' });
  if (!holds(hand, s, card)) return fail('CARD_NOT_IN_HAND', `${SEAT_NAMES[seat]} does not hold ${card}`, { path: 'card' });
  return added(e, { type: 'playOutOfTurn', at, seat, card });
}

/** The second hand called to win the trick or not, at once when the fourth played before him (law 68). */
export function stepCallWin(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const win = action.win;
  if (typeof win !== 'boolean') return fail('INVALID_ACTION', `win must be true or false, got ${describe(win)}`, { path: 'win' });
  const last = e.list[e.list.length - 1];
  const second = hand.turn;
  if (last === undefined || last.type !== 'playOutOfTurn' || last.at !== at || (at & 3) !== 1 || seatNumber(last.seat) !== ((second + 2) & 3))
    return fail(
      'INVALID_ACTION',
      'the second hand is called to win or not to win only at once when the fourth hand played before him, the third not having played (law 68)',
      {
        path: 'type',
      },
    );
  if (sideOf(s) === sideOf(second))
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on ${SEAT_NAMES[last.seat]}'s side: the other side calls (law 68)`, { path: 'seat' });
  return added(e, { type: 'callWin', at, seat, win, law: PLAY_OUT_OF_TURN_LAW });
}

/** The cards played out of turn to the trick in progress and not yet played at their seat's turn (laws 67-68). */
export function earlyCards(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly card: Card }[] {
  const start = hand.count & ~3;
  if ((hand.count & 3) === 0) return [];
  const leader = (hand.turn - (hand.count & 3)) & 3;
  const out: { seat: Seat; card: Card }[] = [];
  const list = e.list;
  for (let i = 0; i < list.length; i++) {
    const x = list[i] as HandEvent;
    if (x.type !== 'playOutOfTurn' || x.at <= start || ((seatNumber(x.seat) - leader) & 3) < (hand.count & 3)) continue;
    // Played at its turn as a revoke, then taken back (law 76): it no longer stands.
    if (list.some((y, j) => j > i && y.type === 'correctRevoke' && y.seat === x.seat && y.card === x.card)) continue;
    out.push({ seat: x.seat, card: x.card });
  }
  return out;
}

/** What a card played out of turn binds its seat to at its turn in the trick: that card (law 67); `null` when none stands. */
export function earlyCardCall(hand: Progress, e: HandEvents, s: number): CallConstraint | null {
  const early = earlyCards(hand, e).find((x) => seatNumber(x.seat) === s);
  if (early === undefined) return null;
  return { cards: [cardIndex(early.card)], why: `${nameOf(s)} played ${early.card} to this trick out of turn: it stands, and is played now (law 67)` };
}

/** What a call to win, or not to win, binds the second hand to: the cards that do so (law 68); `null` when none stands. */
export function winCall(hand: Progress, e: HandEvents, s: number): CallConstraint | null {
  const win = e.list.find((x) => x.type === 'callWin' && x.at === hand.count);
  if (win === undefined || win.type !== 'callWin' || hand.led < 0) return null;
  const trump = hand.fixed.trump;
  // The card to beat: the best of the trick so far and the fourth hand's card played out of turn.
  const fourth = earlyCards(hand, e).find((x) => seatNumber(x.seat) === ((s + 2) & 3));
  const best = fourth !== undefined && beats(cardIndex(fourth.card), hand.best, trump) ? cardIndex(fourth.card) : hand.best;
  const follows = heldSuit(hand, s, hand.led) !== 0;
  const options: number[] = [];
  for (let k = 0; k < 52; k++)
    if (holds(hand, s, CARD_BY_INDEX[k] as Card) && (!follows || SUIT_OF[k] === hand.led) && beats(k, best, trump) === win.win) options.push(k);
  return {
    cards: options,
    why: `${nameOf(s)} is called ${win.win ? 'to win' : 'not to win'} the trick: ${options.map((k) => CARD_BY_INDEX[k]).join(' or ')} (law 68)`,
  };
}
