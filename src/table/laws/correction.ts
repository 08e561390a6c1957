/**
 * Revokes corrected before they are established (Laws of Short Whist (1864), laws 73-74, 76): the card
 * taken back, exposed, or the revoker's highest or lowest of the suit led called instead; "having none?"
 * asked by the revoker's partner.
 *
 * @module
 * @internal
 */

import { CARD_BY_INDEX, type Card, SUIT_OF } from '../../cards.js';
import { describe, fail } from '../../errors.js';
import { heldSuit, type Progress, SEAT_LETTERS } from '../../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../../seats.js';
import { added, type CallConstraint, end, type HandEvents, nameOf, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { HandEvent } from '../types.js';

/** The laws a revoke's correction cites. */
export const CORRECTION_LAW = 'Laws of Short Whist (1864), laws 73, 76';

/** The law "having none?" cites. */
export const ASK_LAW = 'Laws of Short Whist (1864), law 74';

/**
 * A player takes back his revoke before it is established (laws 73, 76): his revoke in the trick last played
 * to, while no card of the next trick is played; after "having none?", in the trick before too, while only
 * the other side has played to the next (law 74). Logged with `at`, the cards played before the revoke, the
 * revoke `card` and the cards played after it (`withdrawn`), which the table takes back with it.
 */
export function stepCorrectRevoke(c: StepContext): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const s = seatNumber(seat);
  // The trick last played to, from its first card on: the revoke is the card `card`, played from `at`.
  const first = lastTrickStart(hand);
  let at: Progress | null = null;
  let card = -1;
  const after: Card[] = [];
  const revokeAt = (before: Progress, x: number) => before.turn === s && before.led >= 0 && SUIT_OF[x] !== before.led && heldSuit(before, s, before.led) !== 0;
  let d: Progress = hand;
  for (; d.parent !== null && d.count > first; d = d.parent) {
    if (revokeAt(d.parent, d.card)) {
      at = d.parent;
      card = d.card;
      break;
    }
    after.push(CARD_BY_INDEX[d.card] as Card);
  }
  // After "having none?", the trick before too, while only the other side has played to this one (law 74).
  if (at === null && hand.count > first && first >= 4) {
    let others = true;
    for (let x: Progress = hand; x.parent !== null && x.count > first; x = x.parent) if ((x.parent.turn & 1) === (s & 1)) others = false;
    if (others)
      for (; d.parent !== null && d.count > first - 4; d = d.parent) {
        if (revokeAt(d.parent, d.card)) {
          if (askedOf(e.list, d.parent.count, CARD_BY_INDEX[d.card] as Card)) {
            at = d.parent;
            card = d.card;
          }
          break;
        }
        after.push(CARD_BY_INDEX[d.card] as Card);
      }
  }
  if (at === null)
    return fail(
      'INVALID_ACTION',
      `${SEAT_NAMES[seat]} made no revoke that can still be corrected: a revoke is established once a card of the next trick is played (law 73), or, after "having none?", once the revoker or his partner plays to it (law 74)`,
      { path: 'type' },
    );
  const from = at.count;
  if (e.list.some((x) => x.at > from)) return fail('INVALID_ACTION', 'something was said after the revoke: it is established (law 73)', { path: 'type' });
  return added(e, {
    type: 'correctRevoke',
    at: from,
    seat,
    card: CARD_BY_INDEX[card] as Card,
    withdrawn: Object.freeze(after.reverse()),
    law: CORRECTION_LAW,
  });
}

/** The number of cards played before the trick last played to: its first card's place (0 before any card). */
function lastTrickStart(hand: Progress): number {
  return hand.count === 0 ? 0 : ((hand.count - 1) >> 2) << 2;
}

/** The revoker's highest or lowest card of the suit led called, at once, for a revoke corrected (law 76). */
export function stepCallLedSuit(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { e, seat } = c;
  const at = c.hand.count;
  const s = seatNumber(seat);
  const which = action.which;
  if (which !== 'highest' && which !== 'lowest')
    return fail('INVALID_ACTION', `which must be "highest" or "lowest", got ${describe(which)}`, { path: 'which' });
  const last = e.list[e.list.length - 1];
  if (last === undefined || last.type !== 'correctRevoke' || last.at !== at)
    return fail(
      'INVALID_ACTION',
      'the highest or lowest card of the suit led is called when a revoke is corrected, at once, instead of calling the card (law 76)',
      {
        path: 'type',
      },
    );
  if (sideOf(s) === sideOf(seatNumber(last.seat)))
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on ${SEAT_NAMES[last.seat]}'s side: the other side calls for the card (law 76)`, { path: 'seat' });
  return added(e, { type: 'callLedSuit', at, seat, which, law: CORRECTION_LAW });
}

/**
 * The card "having none?" was asked of, played after `at` cards (law 74), since the last correction there
 * (a card taken back and played again is asked of afresh); `null` when none was.
 */
function questionAt(list: readonly HandEvent[], at: number): Card | null {
  let asked: Card | null = null;
  for (const x of list)
    if (x.at !== at) continue;
    else if (x.type === 'askHavingNone') asked = x.card;
    else if (x.type === 'correctRevoke') asked = null;
  return asked;
}

/** Whether "having none?" was asked of `card`, played after `at` cards, since the last correction there (law 74). */
export function askedOf(list: readonly HandEvent[], at: number, card: Card): boolean {
  return questionAt(list, at) === card;
}

/**
 * "Having none?" (law 74): `seat` asks his partner, who played a card not of the suit led in the trick last
 * played to, before a card of the next is played and before anything else is said after it. Logged with the
 * card and `at`, the cards played before it.
 */
export function stepAskHavingNone(c: StepContext): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const partner = (seatNumber(seat) + 2) & 3;
  const first = lastTrickStart(hand);
  let at: Progress | null = null;
  let card = -1;
  for (let d: Progress = hand; d.parent !== null && d.count > first; d = d.parent)
    if (d.parent.turn === partner && d.parent.led >= 0 && SUIT_OF[d.card] !== d.parent.led) {
      at = d.parent;
      card = d.card;
      break;
    }
  if (at === null)
    return fail('INVALID_ACTION', `${SEAT_NAMES[SEAT_LETTERS[partner] as Seat]} followed suit in the trick last played to: there is nothing to ask (law 74)`, {
      path: 'type',
    });
  const from = at.count;
  if (e.list.some((x) => x.at > from)) return fail('INVALID_ACTION', 'something was said after the card: ask at once (law 74)', { path: 'type' });
  const asked = CARD_BY_INDEX[card] as Card;
  if (askedOf(e.list, from, asked))
    return fail('INVALID_ACTION', `${SEAT_NAMES[seat]} has asked already whether his partner has none of the suit led (law 74)`, { path: 'type' });
  return added(e, { type: 'askHavingNone', at: from, seat, card: asked, law: ASK_LAW });
}

/** What the highest or lowest card of the suit led, called at once for a revoke corrected, binds the revoker to (law 76); `null` when none stands. */
export function ledSuitCall(hand: Progress, e: HandEvents, s: number): CallConstraint | null {
  const last = e.list[e.list.length - 1];
  if (last?.type !== 'callLedSuit' || last.at !== hand.count || hand.led < 0) return null;
  const mask = heldSuit(hand, s, hand.led);
  if (mask === 0) return null;
  const wanted = hand.led * 13 + end(mask, last.which);
  return { cards: [wanted], why: `the ${last.which} card of the suit led is called: ${nameOf(s)} must play ${CARD_BY_INDEX[wanted]} (law 76)` };
}
