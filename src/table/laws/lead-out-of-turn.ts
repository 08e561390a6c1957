/**
 * Leads out of turn (Laws of Short Whist (1864), laws 56, 61-63, 66): the card is exposed, and the other
 * side may call it or, at once, a suit from the offender's side's next lead; until the error is pointed out
 * the next players may play to the false lead, and once the other three have, the trick stands.
 *
 * @module
 * @internal
 */

import { type Card, isCard, SUIT_NUMBER, SUITS, type Suit } from '../../cards.js';
import { describe, fail } from '../../errors.js';
import { playFrom } from '../../hand/play.js';
import { heldSuit, leaderOfTrick, ledOutOfTurnBy, Progress, SEAT_LETTERS } from '../../hand/progress.js';
import type { LeadOutOfTurn } from '../../hand/types.js';
import { SEAT_NAMES, type Seat, type Side, seatNumber } from '../../seats.js';
import {
  added,
  type CallConstraint,
  type CallRefusal,
  type HandEvents,
  holds,
  nameOf,
  type Refusal,
  type StepContext,
  sideOfNumber as sideOf,
} from '../events.js';
import { exposedCards } from '../exposed.js';
import type { HandEvent } from '../types.js';

/** The laws a suit called for a lead out of turn cites. */
export const SUIT_CALL_LAW = 'Laws of Short Whist (1864), laws 61, 66';

export const SUIT_PLURALS: readonly string[] = ['spades', 'hearts', 'diamonds', 'clubs'];

/** A card led out of turn: it is exposed (laws 56, 61). */
export function stepLeadOutOfTurn(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const card = action.card;
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  if ((at & 3) !== 0) return fail('INVALID_ACTION', 'a trick is being played: a card is led out of turn only when a lead is due', { path: 'type' });
  if (s === hand.turn) return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} has the lead: the card is led with a play`, { path: 'seat' });
  if (!holds(hand, s, card)) return fail('CARD_NOT_IN_HAND', `${SEAT_NAMES[seat]} does not hold ${card}`, { path: 'card' });
  if (exposedCards(hand, e).some((x) => x.card === card)) return fail('INVALID_ACTION', `${card} is exposed already`, { path: 'card' });
  return added(e, { type: 'leadOutOfTurn', at, seat, card });
}

/** A suit called, at once, for a card led out of turn, instead of the card (laws 61, 66). */
export function stepCallSuit(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
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
export function stepFalseLead(hand: Progress, e: HandEvents, seat: Seat, card: unknown, callRefusal: CallRefusal): HandEvents | Refusal {
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

/** What a suit called for a lead out of turn binds the leader of the offender's side to at its next lead (law 61); `null` when none stands. */
export function suitCallOn(hand: Progress, e: HandEvents, s: number): CallConstraint | null {
  const suitCall = (hand.count & 3) === 0 ? pendingSuitCall(hand, e) : null;
  if (suitCall === null || sideOf(s) !== suitCall.side) return null;
  const n = SUIT_NUMBER[suitCall.suit];
  const cards: number[] = [];
  for (let mask = heldSuit(hand, s, n); mask !== 0; mask &= mask - 1) cards.push(n * 13 + (31 - Math.clz32(mask & -mask)));
  return { cards, why: `${SUIT_PLURALS[n]} were called for the lead out of turn: ${nameOf(s)} must lead one (law 61)` };
}
