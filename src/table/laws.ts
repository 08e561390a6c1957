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

import type { Progress } from '../hand/progress.js';
import type { CallConstraint, HandEvents } from './events.js';
import { ledSuitCall } from './laws/correction.js';
import { suitCallOn } from './laws/lead-out-of-turn.js';
import { earlyCardCall, winCall } from './laws/out-of-turn.js';
import { trumpCallOn } from './laws/trump-card.js';

export { type Election, openElections } from './elections.js';
export type { CallConstraint } from './events.js';
export { ASK_LAW, askedOf, CORRECTION_LAW } from './laws/correction.js';
export { CALLING_LAW, callingAllowed, honoursCallFor } from './laws/honours.js';
export { type FalseLead, falseLead, falseLeadTrick, leadsOutOfTurnOf, pendingSuitCall, SUIT_CALL_LAW } from './laws/lead-out-of-turn.js';
export { NEW_DEAL_GROUNDS, packRefusal } from './laws/new-deal.js';
export { earlyCards, PLAY_OUT_OF_TURN_LAW } from './laws/out-of-turn.js';
export { pendingTrumpCall, shownTrumpCall, TRUMP_CALL_LAW } from './laws/trump-card.js';

/**
 * The calls of the laws, each from its family, in the order they bind a seat's card: first a card played out
 * of turn and the highest or lowest of the suit led called at once; then, after the exposed cards called
 * (`calls.ts`), a call to win, a suit called, a trump called. A law that binds a seat's card adds its
 * family's call here.
 */
const CALLS: { readonly first: readonly LawCall[]; readonly rest: readonly LawCall[] } = {
  first: [earlyCardCall, ledSuitCall],
  rest: [winCall, suitCallOn, trumpCallOn],
};

/** What one call of the laws binds seat `s`'s card to now, or `null`. */
type LawCall = (hand: Progress, e: HandEvents, s: number) => CallConstraint | null;

/**
 * The calls of the laws standing on seat `s`'s card now, first to last in the order they bind (see
 * `CALLS`); each lists the cards that satisfy it, none forcing a revoke (law 64).
 */
export function lawConstraints(hand: Progress, e: HandEvents, s: number): { readonly first: CallConstraint[]; readonly rest: CallConstraint[] } {
  const of = (calls: readonly LawCall[]) => calls.map((call) => call(hand, e, s)).filter((x): x is CallConstraint => x !== null);
  return { first: of(CALLS.first), rest: of(CALLS.rest) };
}
