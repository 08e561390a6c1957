/**
 * Revokes corrected before they are established (Laws of Short Whist (1864), laws 73-74, 76): the card
 * taken back, exposed, or the revoker's highest or lowest of the suit led called instead; "having none?"
 * asked by the revoker's partner.
 *
 * @module
 * @internal
 */

import { CARD_BY_INDEX, type Card, cardIndex, isCard, SUIT_OF } from '../../cards.js';
import { describe, fail } from '../../errors.js';
import { playFrom } from '../../hand/play.js';
import { heldSuit, Progress, SEAT_LETTERS } from '../../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../../seats.js';
import { added, type CallConstraint, end, type HandEvents, holds, nameOf, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { HandEvent } from '../types.js';

/** The laws a revoke's correction cites. */
export const CORRECTION_LAW = 'Laws of Short Whist (1864), laws 73, 76';

/** The law "having none?" cites. */
export const ASK_LAW = 'Laws of Short Whist (1864), law 74';

/**
 * A revoke corrected (laws 73, 76), as logged: at `hand` (the cards before the revoke), `seat` had played
 * `card` and the others `withdrawn` after it in the same trick; all are taken back. The table's live action
 * (`progress.ts`) finds the revoke and rewinds the hand to it; a replay reads the same fields.
 */
export function stepCorrection(hand: Progress, e: HandEvents, action: Record<string, unknown>, seat: Seat): HandEvents | Refusal {
  const card = action.card;
  const withdrawn = action.withdrawn;
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  if (!Array.isArray(withdrawn) || withdrawn.length > 4 || !withdrawn.every((x) => isCard(x)))
    return fail('INVALID_ACTION', 'withdrawn must be the cards played after the revoke (0 to 4)', { path: 'withdrawn' });
  const s = seatNumber(seat);
  if (!isRenounce(hand, s, card) || heldSuit(hand, s, hand.led) === 0)
    return fail('INVALID_ACTION', `${card} would be no revoke of ${SEAT_NAMES[seat]}'s here: only a revoke is corrected (law 71)`, { path: 'card' });
  // The cards after the revoke, played again in turn: those of its trick, and, when the revoker's partner
  // asked "having none?" before the trick was turned, those the other side played to the next (law 74).
  const asked = askedOf(e.list, hand.count, card);
  const end = (hand.count | 3) + 1;
  let d = playFrom(hand, seat, card) as Progress;
  for (const x of withdrawn as Card[]) {
    const by = d.turn;
    const next = d.turn < 0 ? null : playFrom(d, SEAT_LETTERS[by] as Seat, x);
    if (next === null || !(next instanceof Progress))
      return fail('INVALID_ACTION', `${x} was not ${d.turn < 0 ? 'played: the hand was over' : `${SEAT_NAMES[SEAT_LETTERS[by] as Seat]}'s to play`}`, {
        path: 'withdrawn',
      });
    if (d.count >= end && (!asked || sideOf(by) === sideOf(s)))
      return fail(
        'INVALID_ACTION',
        asked
          ? `a revoke is established once the revoker or his partner plays to the next trick (law 74): ${x} was ${SEAT_NAMES[SEAT_LETTERS[by] as Seat]}'s`
          : 'a revoke is established once a card of the next trick is played: it cannot be corrected (law 73)',
        { path: 'withdrawn' },
      );
    d = next;
  }
  return added(e, { type: 'correctRevoke', at: hand.count, seat, card, withdrawn: Object.freeze([...(withdrawn as Card[])]), law: CORRECTION_LAW });
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
export function questionAt(list: readonly HandEvent[], at: number): Card | null {
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

/** Whether seat `s`, to play now, would renounce with `card`: he holds it, and it is not of the suit led. */
function isRenounce(hand: Progress, s: number, card: Card): boolean {
  return hand.turn === s && hand.led >= 0 && SUIT_OF[cardIndex(card)] !== hand.led && holds(hand, s, card);
}

/**
 * "Having none?" (law 74), as logged: `seat` asks his partner, who played `card` at `hand` (the cards before
 * it), not of the suit led. The table's live action (`progress.ts`) finds the card; a replay reads it here,
 * before the card is played again, or taken back by a correction.
 */
export function stepAsk(hand: Progress, e: HandEvents, seat: Seat, card: unknown): HandEvents | Refusal {
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  const partner = (seatNumber(seat) + 2) & 3;
  if (!isRenounce(hand, partner, card))
    return fail(
      'INVALID_ACTION',
      `${card} would be no card of ${SEAT_NAMES[SEAT_LETTERS[partner] as Seat]}'s not following suit here: there is nothing to ask (law 74)`,
      {
        path: 'card',
      },
    );
  if (askedOf(e.list, hand.count, card))
    return fail('INVALID_ACTION', `${SEAT_NAMES[seat]} has asked already whether his partner has none of the suit led (law 74)`, { path: 'type' });
  return added(e, { type: 'askHavingNone', at: hand.count, seat, card, law: ASK_LAW });
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
