/**
 * The laws of a table that rules on irregularities (`irregularities: 'ruled'`), besides revokes and exposed
 * cards: new deals and misdeals, leads out of turn and the suit called for them, and the trump card named
 * after it was taken up, with the highest or lowest trump called for it.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities"), Laws of Short Whist (1864):
 * - A new deal (`newDeal`, with its `ground`): the pack proved imperfect, at any time in the hand (law 37 i),
 *   a card faced in the pack (37 ii), a card exposed in dealing (38), the trump card looked at in dealing (41,
 *   claimed by the dealer's adversaries), or a misdeal (43-44): before the first card but for an imperfect
 *   pack. The hand is void, not scored. The same dealer deals again, but for a misdeal, which loses the deal
 *   (law 43): the next player deals.
 * - A lead out of turn (`leadOutOfTurn`): the card is exposed, liable to be called (laws 56, 61); before the
 *   next card is played the other side may instead call a suit (`callSuit`), which the offender or his
 *   partner leads at their side's next lead, if he holds it (law 61; law 66: a player who has none of it has
 *   paid the penalty), the card taken back.
 * - A false lead (laws 62-63): until the error is pointed out, the players after the one who led out of
 *   turn may play to his card in their order (`playToFalseLead`). Once the other three have, the trick
 *   stands, led by the offender, and its winner leads next; until then, anything else said or played (the
 *   leader in turn leading, the other side calling the card or a suit) points the error out, and the cards
 *   played to the false lead are taken back without penalty, the offender's card staying exposed.
 * - A revoke corrected before it is established (`correctRevoke`, laws 73, 76): while no card of the next
 *   trick is played, the revoker takes the card back, and the cards played after it to the trick are
 *   taken back too; the card is exposed, and the other side may call it, or at once require the revoker's
 *   highest or lowest card of the suit led to that trick (`callLedSuit`). When his partner asked "having
 *   none?" before the trick was turned (`askHavingNone`, law 74), the revoke may be corrected until the
 *   revoker or his partner plays to the next trick: a card the other side led to it is taken back too.
 * - Calling honours in Long Whist (Hoyle's laws of Long Whist, 16-21), at tables whose rules are Long
 *   Whist's (a game of ten, honours held and not counted at nine): a player of a side at eight, holding
 *   two honours, asks his partner "can you one?" (`callHonours`) before he plays to the hand; the partner
 *   answers (`answerCall`). With three honours or four between them, the side wins the game there and
 *   then: the hand is not played, its honours alone are scored. The other side may claim a new deal for a
 *   call at any other score (law 16), a call after the caller played (law 21), or a call and answer without
 *   the honours (laws 19-20); otherwise the hand is played on.
 * - Cards played out of turn to a trick (`playOutOfTurn`, laws 67-68): the card stands and is played at its
 *   player's turn in that trick. When the fourth hand played before his partner, the second, while the
 *   third had not played, the other side may call the second hand to win the trick, or not to win it
 *   (`callWin`), if he can.
 * - The trump card (laws 53, 55): once the dealer has played to the first trick, a player who names it
 *   (`nameTrumpCard`), or a dealer who says he cannot recollect it (`forgetTrumpCard`), is liable to have
 *   his highest or lowest trump called by the other side (`callTrump`): he plays it at his first turn where
 *   a trump is no revoke, and the call stands until then (law 55).
 *
 * Each family of laws is a module of `laws/` (its steps, and what it binds a seat's card to); this module
 * puts together the calls they stand on a seat's next card, and names what the others read.
 *
 * @module
 * @internal
 */

import { beats, CARD_BY_INDEX, type Card, cardIndex, SUIT_NUMBER, SUIT_OF } from '../cards.js';
import { heldSuit, type Progress, SEAT_LETTERS } from '../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../seats.js';
import { type HandEvents, holds, sideOfNumber as sideOf } from './events.js';
import { pendingSuitCall, SUIT_PLURALS } from './laws/lead-out-of-turn.js';
import { earlyCards } from './laws/out-of-turn.js';
import { pendingTrumpCall } from './laws/trump-card.js';

export { type Election, openElections } from './elections.js';
export { ASK_LAW, askedOf, CORRECTION_LAW, questionAt } from './laws/correction.js';
export { CALLING_LAW, callingAllowed, honoursCallFor } from './laws/honours.js';
export { type FalseLead, falseLead, falseLeadTrick, leadsOutOfTurnOf, pendingSuitCall, SUIT_CALL_LAW } from './laws/lead-out-of-turn.js';
export { NEW_DEAL_GROUNDS, packRefusal } from './laws/new-deal.js';
export { earlyCards, PLAY_OUT_OF_TURN_LAW } from './laws/out-of-turn.js';
export { pendingTrumpCall, shownTrumpCall, TRUMP_CALL_LAW } from './laws/trump-card.js';

/** A call standing on a seat's next card: the cards that satisfy it now, and why. */
export interface CallConstraint {
  readonly cards: readonly number[];
  readonly why: string;
}

/**
 * The calls of this module standing on seat `s`'s card now, first to last in the order they bind (a card
 * played out of turn, the highest or lowest of the suit led called at once, a call to win, a suit called,
 * a trump called); each lists the cards that satisfy it, none forcing a revoke (law 64). The exposed cards
 * called come between the first two (`claims.ts`, `callRefusal`).
 */
export function lawConstraints(hand: Progress, e: HandEvents, s: number): { readonly first: CallConstraint[]; readonly rest: CallConstraint[] } {
  const first: CallConstraint[] = [];
  const rest: CallConstraint[] = [];
  const name = SEAT_NAMES[SEAT_LETTERS[s] as Seat];
  const early = earlyCards(hand, e).find((x) => seatNumber(x.seat) === s);
  if (early !== undefined)
    first.push({ cards: [cardIndex(early.card)], why: `${name} played ${early.card} to this trick out of turn: it stands, and is played now (law 67)` });
  const trump = hand.fixed.trump;
  const last = e.list[e.list.length - 1];
  if (last?.type === 'callLedSuit' && last.at === hand.count && hand.led >= 0) {
    const mask = heldSuit(hand, s, hand.led);
    if (mask !== 0) {
      const wanted = hand.led * 13 + end(mask, last.which);
      first.push({ cards: [wanted], why: `the ${last.which} card of the suit led is called: ${name} must play ${CARD_BY_INDEX[wanted]} (law 76)` });
    }
  }
  const win = e.list.find((x) => x.type === 'callWin' && x.at === hand.count);
  if (win !== undefined && win.type === 'callWin' && hand.led >= 0) {
    // The card to beat: the best of the trick so far and the fourth hand's card played out of turn.
    const fourth = earlyCards(hand, e).find((x) => seatNumber(x.seat) === ((s + 2) & 3));
    const best = fourth !== undefined && beats(cardIndex(fourth.card), hand.best, trump) ? cardIndex(fourth.card) : hand.best;
    const follows = heldSuit(hand, s, hand.led) !== 0;
    const options: number[] = [];
    for (let k = 0; k < 52; k++)
      if (holds(hand, s, CARD_BY_INDEX[k] as Card) && (!follows || SUIT_OF[k] === hand.led) && beats(k, best, trump) === win.win) options.push(k);
    rest.push({
      cards: options,
      why: `${name} is called ${win.win ? 'to win' : 'not to win'} the trick: ${options.map((k) => CARD_BY_INDEX[k]).join(' or ')} (law 68)`,
    });
  }
  const suitCall = (hand.count & 3) === 0 ? pendingSuitCall(hand, e) : null;
  if (suitCall !== null && sideOf(s) === suitCall.side) {
    const n = SUIT_NUMBER[suitCall.suit];
    const cards: number[] = [];
    for (let mask = heldSuit(hand, s, n); mask !== 0; mask &= mask - 1) cards.push(n * 13 + (31 - Math.clz32(mask & -mask)));
    rest.push({ cards, why: `${SUIT_PLURALS[n]} were called for the lead out of turn: ${name} must lead one (law 61)` });
  }
  const trumpCall = pendingTrumpCall(hand, e);
  if (trumpCall !== null && seatNumber(trumpCall.seat) === s && (hand.led < 0 || hand.led === trump || heldSuit(hand, s, hand.led) === 0)) {
    const wanted = trump * 13 + end(heldSuit(hand, s, trump), trumpCall.which);
    rest.push({ cards: [wanted], why: `${name}'s ${trumpCall.which} trump is called: ${name} must play ${CARD_BY_INDEX[wanted]} (law 55)` });
  }
  return { first, rest };
}

/** The rank bit number (0 the two … 12 the ace) of the highest or lowest card of a non-empty suit mask. */
function end(mask: number, which: 'highest' | 'lowest'): number {
  return 31 - Math.clz32(which === 'highest' ? 1 << (31 - Math.clz32(mask)) : mask & -mask);
}
