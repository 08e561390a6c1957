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
 * @module
 * @internal
 */

import { BIT_OF, beats, CARD_BY_INDEX, type Card, cardIndex, isCard, SUIT_NUMBER, SUIT_OF, SUITS, type Suit } from '../cards.js';
import { describe, fail } from '../errors.js';
import { playFrom } from '../hand/play.js';
import { heldSuit, leaderOfTrick, ledOutOfTurnBy, Progress, SEAT_LETTERS } from '../hand/progress.js';
import type { LeadOutOfTurn } from '../hand/types.js';
import { type BySide, SEAT_NAMES, type Seat, type Side, seatNumber } from '../seats.js';
import { added, type CallRefusal, HandEvents, holds, pendingClaim, type Refusal, type StepContext, sideOfNumber as sideOf } from './events.js';
import { exposedCards } from './exposed.js';
import type { HandEvent, NewDealGround } from './types.js';

/**
 * What each ground of a new deal allows, and the law it cites (Laws of Short Whist, 1864). `ofThePack`: a
 * fault of the pack itself (law 37), which cannot arise where the table deals every hand (shuffled from
 * its PRNG, or dealt by the server with `dealDeck`): a player claiming it has nothing to show for it, so
 * the table refuses it (docs/rules.md, "Irregularities"); a stored table that holds one, claimed before,
 * is read as it was ruled.
 */
export const NEW_DEAL_GROUNDS: Readonly<
  Record<
    NewDealGround,
    { readonly law: string; readonly duringPlay: boolean; readonly adversaries: boolean; readonly losesDeal: boolean; readonly ofThePack: boolean }
  >
> = Object.freeze({
  imperfectPack: { law: 'Laws of Short Whist (1864), law 37', duringPlay: true, adversaries: false, losesDeal: false, ofThePack: true },
  facedCard: { law: 'Laws of Short Whist (1864), law 37', duringPlay: false, adversaries: false, losesDeal: false, ofThePack: true },
  exposedInDealing: { law: 'Laws of Short Whist (1864), law 38', duringPlay: false, adversaries: false, losesDeal: false, ofThePack: false },
  trumpCardSeen: { law: 'Laws of Short Whist (1864), law 41', duringPlay: false, adversaries: true, losesDeal: false, ofThePack: false },
  misdeal: { law: 'Laws of Short Whist (1864), laws 43-44', duringPlay: false, adversaries: false, losesDeal: true, ofThePack: false },
  callNotAtEight: { law: "Hoyle's laws of Long Whist, law 16", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
  wrongCall: { law: "Hoyle's laws of Long Whist, laws 19-20", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
  callAfterPlaying: { law: "Hoyle's laws of Long Whist, law 21", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
});

/**
 * The refusal of a new deal claimed now on a fault of the pack (`ofThePack`), or `null`: the table dealt
 * the hand itself, so the pack cannot be imperfect nor a card faced in it (law 37).
 */
export function packRefusal(ground: unknown): Refusal | null {
  const g = typeof ground === 'string' && Object.hasOwn(NEW_DEAL_GROUNDS, ground) ? NEW_DEAL_GROUNDS[ground as NewDealGround] : undefined;
  if (g === undefined || !g.ofThePack) return null;
  return fail(
    'INVALID_ACTION',
    `the table dealt this hand itself: ${ground === 'imperfectPack' ? 'its pack cannot be imperfect' : 'no card can have been faced in its pack'}, and no new deal is given for it (${g.law}; docs/rules.md, "Irregularities")`,
    { path: 'ground' },
  );
}

/** The laws a call to win or not to win a trick cites. */
export const PLAY_OUT_OF_TURN_LAW = 'Laws of Short Whist (1864), laws 67-68';

/** The law a call of honours and its answer cite. */
export const CALLING_LAW = "Hoyle's laws of Long Whist, laws 16-21";

/** Whether the rules are Long Whist's, where honours are called at eight: a game of ten, honours held and not counted at nine, irregularities ruled. */
export function callingAllowed(rules: Progress['fixed']['rules']): boolean {
  const h = rules.honours;
  return rules.irregularities === 'ruled' && rules.target === 10 && h !== null && h.basis === 'held' && h.restriction === 'barred';
}

/** The honours a seat number was dealt. */
function honoursOf(hand: Progress, s: number): number {
  const h = hand.fixed.rules.honours;
  const trump = hand.fixed.trump;
  if (h === null || trump < 0) return 0;
  const dealt = hand.fixed.dealt[(s << 2) | trump] as number;
  let n = 0;
  for (const rank of h.cards) if ((dealt & (1 << (12 - 'AKQJT98765432'.indexOf(rank)))) !== 0) n++;
  return n;
}

/** What is wrong with a side's call of honours, by the law that says so; `null` for a call at eight, before the caller played, with the honours. */
function callFault(hand: Progress, call: HandEvent & { seat: Seat }, score: BySide | null, answered: boolean): NewDealGround | null {
  const s = seatNumber(call.seat);
  const side = sideOf(s);
  const target = hand.fixed.rules.target;
  if (score === null || score[side] !== target - 2) return 'callNotAtEight';
  if (call.at > firstCardOf(hand, s)) return 'callAfterPlaying';
  if (!answered) return null;
  const points = hand.fixed.rules.honours?.points ?? [];
  const held = honoursOf(hand, s) + honoursOf(hand, (s + 2) & 3);
  if (honoursOf(hand, (s + 2) & 3) === 0 || (points[held] ?? 0) < 2) return 'wrongCall';
  return null;
}

/**
 * What seat `s` may say of honours now, as the laws mean it (Hoyle's laws of Long Whist, 19): `call` when its
 * side is at eight, it has not played to the hand, it holds two honours or more and its side has not called;
 * `answer` when its partner called, it has not answered and it holds an honour; else `null`.
 */
export function honoursCallFor(hand: Progress, e: HandEvents, score: BySide, s: number): 'call' | 'answer' | null {
  if (!callingAllowed(hand.fixed.rules) || hand.turn < 0) return null;
  const calls = callsOf(e);
  const partner = (s + 2) & 3;
  if (calls.some((c) => !c.answered && seatNumber(c.call.seat) === partner)) return honoursOf(hand, s) >= 1 ? 'answer' : null;
  if (calls.some((c) => sideOf(seatNumber(c.call.seat)) === sideOf(s))) return null;
  if (hand.count > firstCardOf(hand, s) || score[sideOf(s)] !== hand.fixed.rules.target - 2) return null;
  return honoursOf(hand, s) >= 2 ? 'call' : null;
}

/** The place of seat `s`'s first card in the hand: eldest hand's is 0, the dealer's 3. */
function firstCardOf(hand: Progress, s: number): number {
  return (s - seatNumber(hand.fixed.dealer) - 1) & 3;
}

/** The calls of honours in the hand, each with whether it was answered. */
function callsOf(e: HandEvents): { call: HandEvent & { seat: Seat }; answered: boolean }[] {
  const out: { call: HandEvent & { seat: Seat }; answered: boolean }[] = [];
  for (const x of e.list) {
    if (x.type === 'callHonours') out.push({ call: x, answered: false });
    else if (x.type === 'answerCall') {
      const c = out.find((y) => !y.answered && seatNumber(y.call.seat) === ((seatNumber(x.seat) + 2) & 3));
      if (c !== undefined) c.answered = true;
    }
  }
  return out;
}

/** The laws a suit called for a lead out of turn cites. */
export const SUIT_CALL_LAW = 'Laws of Short Whist (1864), laws 61, 66';
/** The laws a revoke's correction cites. */
export const CORRECTION_LAW = 'Laws of Short Whist (1864), laws 73, 76';
/** The law "having none?" cites. */
export const ASK_LAW = 'Laws of Short Whist (1864), law 74';
/** The laws a call of the highest or lowest trump cites. */
export const TRUMP_CALL_LAW = 'Laws of Short Whist (1864), laws 53, 55';

const SUIT_PLURALS: readonly string[] = ['spades', 'hearts', 'diamonds', 'clubs'];

/** The types of event this module steps. */
export function isLawEvent(type: unknown): boolean {
  return (
    type === 'newDeal' ||
    type === 'leadOutOfTurn' ||
    type === 'playToFalseLead' ||
    type === 'callSuit' ||
    type === 'nameTrumpCard' ||
    type === 'forgetTrumpCard' ||
    type === 'callTrump' ||
    type === 'correctRevoke' ||
    type === 'askHavingNone' ||
    type === 'callLedSuit' ||
    type === 'callHonours' ||
    type === 'answerCall' ||
    type === 'playOutOfTurn' ||
    type === 'callWin'
  );
}

/**
 * The events after one more of this module's (see {@link isLawEvent}), checked against the hand in
 * progress. The caller has checked that a hand is being played and that the seat is a seat.
 */
export function stepLawEvent(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat, score } = c;
  if (hand.fixed.rules.irregularities !== 'ruled')
    return fail('INVALID_ACTION', 'these rules refuse irregularities: play goes by the rules alone', { path: 'type' });
  const open = pendingClaim(e);
  if (open !== null) return fail('CLAIM_PENDING', `${SEAT_NAMES[open.event.seat]}'s claim awaits an answer`, { path: 'type' });
  const at = hand.count;
  const s = seatNumber(seat);
  const dealer = seatNumber(hand.fixed.dealer);
  switch (action.type) {
    case 'newDeal': {
      const ground = action.ground as NewDealGround;
      const g = typeof ground === 'string' && Object.hasOwn(NEW_DEAL_GROUNDS, ground) ? NEW_DEAL_GROUNDS[ground] : undefined;
      if (g === undefined)
        return fail(
          'INVALID_ACTION',
          `ground must be "imperfectPack", "facedCard", "exposedInDealing", "trumpCardSeen" or "misdeal", got ${describe(ground)}`,
          { path: 'ground' },
        );
      if (!g.duringPlay && at > 0)
        return fail('INVALID_ACTION', `a new deal for ${describe(ground)} is claimed before the first card is played (${g.law})`, { path: 'ground' });
      if (g.adversaries && sideOf(s) === sideOf(dealer))
        return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on the dealer's side: the dealer's adversaries claim this new deal (${g.law})`, { path: 'seat' });
      if (ground === 'callNotAtEight' || ground === 'wrongCall' || ground === 'callAfterPlaying') {
        const faulty = callsOf(e).some((c) => sideOf(seatNumber(c.call.seat)) !== sideOf(s) && callFault(hand, c.call, score, c.answered) === ground);
        if (!faulty) return fail('INVALID_ACTION', `the other side made no such call of honours: no new deal for it (${g.law})`, { path: 'ground' });
      }
      return added(e, { type: 'newDeal', at, seat, ground, law: g.law }, true);
    }
    case 'leadOutOfTurn': {
      const card = action.card;
      if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
      if ((at & 3) !== 0) return fail('INVALID_ACTION', 'a trick is being played: a card is led out of turn only when a lead is due', { path: 'type' });
      if (s === hand.turn) return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} has the lead: the card is led with a play`, { path: 'seat' });
      if (!holds(hand, s, card)) return fail('CARD_NOT_IN_HAND', `${SEAT_NAMES[seat]} does not hold ${card}`, { path: 'card' });
      if (exposedCards(hand, e).some((x) => x.card === card)) return fail('INVALID_ACTION', `${card} is exposed already`, { path: 'card' });
      return added(e, { type: 'leadOutOfTurn', at, seat, card });
    }
    case 'playToFalseLead':
      return stepFalseLead(hand, e, seat, action.card, c.callRefusal);
    case 'callSuit': {
      const suit = action.suit;
      if (typeof suit !== 'string' || !(SUITS as readonly string[]).includes(suit))
        return fail('INVALID_ACTION', `suit must be one of S H D C, got ${describe(suit)}`, { path: 'suit' });
      const last = falseLead(hand, e)?.lead;
      if (last === undefined)
        return fail('INVALID_ACTION', 'a suit is called for a card led out of turn, at once: before the next card, and instead of calling the card (law 61)', {
          path: 'type',
        });
      if (sideOf(s) === sideOf(seatNumber(last.seat)))
        return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on ${SEAT_NAMES[last.seat]}'s side: the other side calls a suit (law 61)`, { path: 'seat' });
      return added(e, { type: 'callSuit', at, seat, suit: suit as Suit, law: SUIT_CALL_LAW });
    }
    case 'playOutOfTurn': {
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
    case 'callWin': {
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
    case 'callHonours': {
      if (!callingAllowed(hand.fixed.rules))
        return fail('INVALID_ACTION', 'honours are called only in Long Whist: a game of ten, honours not counted at nine (Hoyle, laws 16-21)', {
          path: 'type',
        });
      if (callsOf(e).some((c) => sideOf(seatNumber(c.call.seat)) === sideOf(s)))
        return fail('INVALID_ACTION', 'your side has called already', { path: 'type' });
      return added(e, { type: 'callHonours', at, seat, law: CALLING_LAW });
    }
    case 'answerCall': {
      const open = callsOf(e).find((c) => !c.answered && seatNumber(c.call.seat) === ((s + 2) & 3));
      if (open === undefined) return fail('INVALID_ACTION', 'your partner has not called: there is nothing to answer', { path: 'type' });
      const event: HandEvent = { type: 'answerCall', at, seat, law: CALLING_LAW };
      if (callFault(hand, open.call, score, true) !== null) return added(e, event);
      // Called at eight with the honours: the game is won, the hand not played (Hoyle, laws 19-20).
      return new HandEvents(Object.freeze([...e.list, Object.freeze(event)]), e.pending, e.accepted, e.shown, e.settled, e.penalties, e.voided, true);
    }
    case 'correctRevoke':
      return stepCorrection(hand, e, action, seat);
    case 'askHavingNone':
      return stepAsk(hand, e, seat, action.card);
    case 'callLedSuit': {
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
    case 'nameTrumpCard':
    case 'forgetTrumpCard': {
      const law = action.type === 'nameTrumpCard' ? 'law 53' : 'law 55';
      if (hand.fixed.trumpCard === null || hand.fixed.trumpSource !== 'turnUp')
        return fail('INVALID_ACTION', `no trump card was turned up: the deal's last card fixes trumps only under turnUp rules (${law})`, { path: 'type' });
      if (at < 4) return fail('INVALID_ACTION', `the trump card is on the table until the dealer plays to the first trick (${law})`, { path: 'type' });
      if (action.type === 'forgetTrumpCard' && s !== dealer)
        return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is not the dealer: only the dealer took the trump card up (law 55)`, { path: 'seat' });
      return added(e, { type: action.type, at, seat });
    }
    default: {
      // callTrump
      const which = action.which;
      if (which !== 'highest' && which !== 'lowest')
        return fail('INVALID_ACTION', `which must be "highest" or "lowest", got ${describe(which)}`, { path: 'which' });
      const offence = uncalledTrumpOffence(e, sideOf(s));
      if (offence === null)
        return fail(
          'INVALID_ACTION',
          'no player of the other side named the trump card after it was taken up, or forgot it: no trump can be called (laws 53, 55)',
          {
            path: 'type',
          },
        );
      return added(e, { type: 'callTrump', at, seat, which, law: TRUMP_CALL_LAW });
    }
  }
}

/**
 * A revoke corrected (laws 73, 76), as logged: at `hand` (the cards before the revoke), `seat` had played
 * `card` and the others `withdrawn` after it in the same trick; all are taken back. The table's live action
 * (`progress.ts`) finds the revoke and rewinds the hand to it; a replay reads the same fields.
 */
function stepCorrection(hand: Progress, e: HandEvents, action: Record<string, unknown>, seat: Seat): HandEvents | Refusal {
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
function stepAsk(hand: Progress, e: HandEvents, seat: Seat, card: unknown): HandEvents | Refusal {
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

/** A card led out of turn lying on the table unanswered, the lead due (laws 61-62): its event, and the cards played to it since, in order. */
export interface FalseLead {
  readonly lead: HandEvent & { readonly type: 'leadOutOfTurn' };
  readonly played: readonly { readonly seat: Seat; readonly card: Card }[];
  /** The seat that plays to it next: the one after the last who did. */
  readonly next: Seat;
}

/**
 * The false lead of the trick about to start, while its error is not pointed out: the last event is a lead
 * out of turn at this point of the hand, or a card played to it; `null` otherwise, and once three have
 * followed it (the trick then stands, law 62).
 */
export function falseLead(hand: Progress, e: HandEvents): FalseLead | null {
  const list = e.list;
  const played: { seat: Seat; card: Card }[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const x = list[i] as HandEvent;
    if (x.at !== hand.count) return null;
    if (x.type === 'playToFalseLead') played.unshift({ seat: x.seat, card: x.card });
    else if (x.type === 'leadOutOfTurn')
      return played.length < 3 ? { lead: x, played, next: SEAT_LETTERS[(seatNumber(x.seat) + played.length + 1) & 3] as Seat } : null;
    else return null;
  }
  return null;
}

/**
 * The trick a false lead makes with the cards played to it, as the hand would have it: from `hand`, led
 * by the offender out of turn (law 62), each card played at its seat's turn; the progress after its last
 * card, or the refusal of the first card that could not be played there, by the rules and the calls standing.
 */
export function falseLeadTrick(
  hand: Progress,
  e: HandEvents,
  lead: FalseLead['lead'],
  played: FalseLead['played'],
  callRefusal: CallRefusal,
): Progress | Refusal {
  let d = ledOutOfTurnBy(hand, seatNumber(lead.seat));
  for (const x of [{ seat: lead.seat, card: lead.card }, ...played]) {
    const next = playFrom(d, x.seat, x.card);
    if (!(next instanceof Progress)) return fail('CARD_NOT_IN_HAND', next.error.message, { path: 'card' });
    const called = callRefusal(d, e, d.turn, next.card);
    if (called !== null)
      return fail('CARD_CALLED', x.seat === lead.seat ? `${lead.card}, led out of turn, cannot stand as the lead: ${called}` : called, { path: 'card' });
    d = next;
  }
  return d;
}

/** The tricks led out of turn that stood in a hand, from its events: a lead out of turn and three cards played to it (law 62). */
export function leadsOutOfTurnOf(events: readonly HandEvent[]): LeadOutOfTurn[] {
  const out: LeadOutOfTurn[] = [];
  for (let i = 0; i + 3 < events.length; i++) {
    const x = events[i] as HandEvent;
    if (x.type !== 'leadOutOfTurn') continue;
    let k = 1;
    while (k <= 3 && events[i + k]?.type === 'playToFalseLead' && events[i + k]?.at === x.at) k++;
    if (k === 4) out.push({ trick: (x.at >> 2) + 1, seat: x.seat });
  }
  return out;
}

/** A card played to a false lead by the next player in its order (law 62), checked as it would be played in that trick. */
function stepFalseLead(hand: Progress, e: HandEvents, seat: Seat, card: unknown, callRefusal: CallRefusal): HandEvents | Refusal {
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  const f = falseLead(hand, e);
  if (f === null)
    return fail(
      'INVALID_ACTION',
      'no card led out of turn lies on the table unanswered: a card is played to a false lead before anything else is done (law 62)',
      {
        path: 'type',
      },
    );
  const next = f.next;
  if (seat !== next)
    return fail('INVALID_SEAT', `${SEAT_NAMES[next]} plays next to ${SEAT_NAMES[f.lead.seat]}'s false lead, not ${SEAT_NAMES[seat]}`, { path: 'seat' });
  const trick = falseLeadTrick(hand, e, f.lead, [...f.played, { seat, card }], callRefusal);
  if (!(trick instanceof Progress)) return trick;
  return added(e, { type: 'playToFalseLead', at: hand.count, seat, card });
}

/** The seats liable to a trump call not yet made: those who named or forgot the trump card, in order, each once. */
function trumpOffences(e: HandEvents): { seat: Seat; called: HandEvent | null }[] {
  const out: { seat: Seat; called: HandEvent | null }[] = [];
  for (const x of e.list) {
    if (x.type === 'nameTrumpCard' || x.type === 'forgetTrumpCard') out.push({ seat: x.seat, called: null });
    else if (x.type === 'callTrump') {
      const o = out.find((y) => y.called === null && sideOf(seatNumber(y.seat)) !== sideOf(seatNumber(x.seat)));
      if (o !== undefined) o.called = x;
    }
  }
  return out;
}

/** The first offence against the trump card not yet called, by a seat not of `caller`'s side; `null` when none. */
function uncalledTrumpOffence(e: HandEvents, caller: Side): Seat | null {
  return trumpOffences(e).find((o) => o.called === null && sideOf(seatNumber(o.seat)) !== caller)?.seat ?? null;
}

/** An election open to a side: the actions it may take, about a card or not, and the law that gives the choice. */
export interface Election {
  readonly side: Side;
  readonly actions: readonly string[];
  readonly card: Card | null;
  readonly law: string;
}

/**
 * The elections open now in a hand being played (the other side's choices after an irregularity; law 84:
 * either partner elects, and his election is final): a card led out of turn (call it, or call a suit), a
 * revoke corrected (call the card, or the highest or lowest of the suit led), a card played out of turn by
 * the fourth hand (call the second to win or not), an exposed card not called, the trump card named or
 * forgotten, and in Long Whist a faulty call of honours (a new deal).
 */
export function openElections(hand: Progress, e: HandEvents, score: BySide | null, exposed: readonly { seat: Seat; card: Card }[]): Election[] {
  const out: Election[] = [];
  const at = hand.count;
  const last = e.list[e.list.length - 1];
  const other = (seat: Seat): Side => (sideOf(seatNumber(seat)) === 'NS' ? 'EW' : 'NS');
  let special: Card | null = null;
  const lead = falseLead(hand, e)?.lead;
  if (lead !== undefined) {
    out.push({ side: other(lead.seat), actions: ['callCard', 'callSuit'], card: lead.card, law: SUIT_CALL_LAW });
    special = lead.card;
  } else if (last?.type === 'correctRevoke' && last.at === at) {
    out.push({ side: other(last.seat), actions: ['callCard', 'callLedSuit'], card: last.card, law: CORRECTION_LAW });
    special = last.card;
  } else if (last?.type === 'playOutOfTurn' && last.at === at && (at & 3) === 1 && seatNumber(last.seat) === ((hand.turn + 2) & 3))
    out.push({ side: other(last.seat), actions: ['callWin'], card: last.card, law: PLAY_OUT_OF_TURN_LAW });
  const called = new Set(e.list.flatMap((x) => (x.type === 'callCard' ? [x.card] : [])));
  for (const x of exposed)
    if (x.card !== special && !called.has(x.card))
      out.push({ side: other(x.seat), actions: ['callCard'], card: x.card, law: 'Laws of Short Whist (1864), laws 56, 65' });
  for (const o of trumpOffences(e)) if (o.called === null) out.push({ side: other(o.seat), actions: ['callTrump'], card: null, law: TRUMP_CALL_LAW });
  for (const c of callsOf(e)) {
    const fault = callFault(hand, c.call, score, c.answered);
    if (fault !== null && (fault !== 'wrongCall' || c.answered) && !e.list.some((x) => x.type === 'newDeal'))
      out.push({ side: other(c.call.seat), actions: ['newDeal'], card: null, law: NEW_DEAL_GROUNDS[fault].law });
  }
  return out;
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

/** The suit called from a side's next lead and not yet led by it (law 61), or `null`. */
export function pendingSuitCall(hand: Progress, e: HandEvents): { readonly side: Side; readonly suit: Suit } | null {
  for (let i = 0; i < e.list.length; i++) {
    const x = e.list[i] as HandEvent;
    if (x.type !== 'callSuit') continue;
    let k = i - 1;
    while (e.list[k]?.type === 'playToFalseLead') k--;
    const offender = e.list[k] as HandEvent & { seat: Seat };
    const side = sideOf(seatNumber(offender.seat));
    // Satisfied once the side has led after the call, whatever it led (law 66: a player who has none of the suit has paid).
    let led = false;
    for (let t = x.at >> 2; t * 4 < hand.count && !led; t++) if (sideOf(leaderOfTrick(hand, t)) === side) led = true;
    if (!led) return { side, suit: x.suit };
  }
  return null;
}

/** The call of a highest or lowest trump not yet satisfied (law 55), or `null`: its seat plays a trump at the first turn it can without revoking. */
export function pendingTrumpCall(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly which: 'highest' | 'lowest' } | null {
  const trump = hand.fixed.trump;
  if (trump < 0) return null;
  for (const o of trumpOffences(e)) {
    const call = o.called;
    if (call === null || call.type !== 'callTrump') continue;
    const s = seatNumber(o.seat);
    if (heldSuit(hand, s, trump) === 0) continue; // no trump left: the call lapses
    // Satisfied once the seat has played a trump after the call.
    let played = false;
    for (let d: Progress | null = hand; d !== null && d.parent !== null && d.count > call.at && !played; d = d.parent)
      if (d.parent.turn === s && SUIT_OF[d.card] === trump) played = true;
    if (!played) return { seat: o.seat, which: call.which };
  }
  return null;
}

/**
 * The call of a highest or lowest trump as every seat sees it (law 65: it stands until the card is played), or
 * `null`. A seat that holds a trump is bound as {@link pendingTrumpCall} says. A seat that holds none is bound
 * by nothing (the call lapses), but only he knows it: the call stands for everyone until he plays at a turn
 * where it would bind (he leads, trumps are led, or he has none of the suit led), and plays no trump.
 */
export function shownTrumpCall(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly which: 'highest' | 'lowest' } | null {
  const trump = hand.fixed.trump;
  if (trump < 0) return null;
  for (const o of trumpOffences(e)) {
    const call = o.called;
    if (call === null || call.type !== 'callTrump') continue;
    const s = seatNumber(o.seat);
    let done = false;
    for (let d: Progress | null = hand; d !== null && d.parent !== null && d.count > call.at && !done; d = d.parent) {
      const before = d.parent;
      if (before.turn !== s) continue;
      // A trump played satisfies the call; holding none, a card played where it would bind shows he has none.
      done = SUIT_OF[d.card] === trump || (heldSuit(hand, s, trump) === 0 && (before.led < 0 || before.led === trump || heldSuit(before, s, before.led) === 0));
    }
    if (!done) return { seat: o.seat, which: call.which };
  }
  return null;
}

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
