/**
 * Claims and concessions at the table: what was said during a hand besides its cards, and how it ends
 * the hand early.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions"):
 * - A player may claim that their side takes some of the tricks left, showing their hand (Hoyle's laws of
 *   Long Whist, law 24), or concede tricks to the other side. Conceding every trick left ends the hand at
 *   once; a claim, or a concession of fewer, waits for the other side: both of its players accept it, or
 *   one plays on.
 * - A table that requires claims to be checked has the server rule on it (`ruleClaim`), with
 *   `checkClaim` of `whist/solver`: doubt goes against the claimer (the Laws of Duplicate Bridge, 2017,
 *   law 70A).
 * - The claimer's hand stays face up for the rest of the hand, whatever the answer.
 *
 * @module
 * @internal
 */

import { isCard } from '../cards.js';
import { describe, fail } from '../errors.js';
import { heldSuit, inTurn, type Progress, RANKS_HIGH_FIRST, stateOfProgress } from '../hand/progress.js';
import { handFacts } from '../hand/selectors.js';
import type { HandFacts } from '../score.js';
import { type BySide, isSeat, SEAT_NAMES, type Side, seatNumber } from '../seats.js';
import { callRefusal } from './calls.js';
import { HandEvents, NO_EVENTS, pendingClaim, type Refusal, sideOfNumber, tricksLeft } from './events.js';
import { stepExposed } from './exposed.js';
import { isLawEvent, stepLawEvent } from './laws.js';
import { revokesOf } from './revokes.js';
import type { HandEvent } from './types.js';

export { callRefusal, callsOn } from './calls.js';
export { HandEvents, NO_EVENTS, pendingClaim, type Refusal, sideOfNumber, toAnswer, tricksLeft } from './events.js';
export { CALL_LAW, exposedCards, pendingCalls } from './exposed.js';

function settle(e: HandEvents, list: readonly HandEvent[], side: Side, tricks: number, left: number): HandEvents {
  const settled = side === 'NS' ? { NS: tricks, EW: left - tricks } : { NS: left - tricks, EW: tricks };
  return new HandEvents(list, -1, 0, e.shown, Object.freeze(settled));
}

/**
 * The events after one more, checked against the hand: a claim or concession (`claim`, `concede`), an
 * answer (`acceptClaim`, `refuseClaim`) or the server's check (`ruleClaim`). `action` is a plain object
 * whose `type` is one of these; its other fields are checked here.
 */
export function stepEvent(hand: Progress, e: HandEvents, action: Record<string, unknown>, score: BySide | null = null): HandEvents | Refusal {
  const type = action.type as HandEvent['type'];
  if (e.ended || hand.turn < 0) return fail('INVALID_ACTION', 'no hand is being played: the hand is over', { path: 'type' });
  const at = hand.count;
  if (type === 'ruleClaim') {
    if (typeof action.holds !== 'boolean') return fail('INVALID_ACTION', `holds must be true or false, got ${describe(action.holds)}`, { path: 'holds' });
    const c = pendingClaim(e);
    if (c === null) return fail('INVALID_ACTION', 'no claim awaits an answer', { path: 'type' });
    const list = Object.freeze([...e.list, Object.freeze({ type, at, holds: action.holds })]);
    if (action.holds) return settle(e, list, c.side, c.tricks, c.left);
    return new HandEvents(list, -1, 0, e.shown, null);
  }
  const seat = action.seat;
  if (!isSeat(seat)) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  const s = seatNumber(seat);
  if (type === 'expose' || type === 'callCard') return stepExposed(hand, e, type, seat, action.card);
  if (isLawEvent(type)) return stepLawEvent({ hand, e, seat, score, callRefusal }, action);
  if (type === 'claim' || type === 'concede') {
    const open = pendingClaim(e);
    if (open !== null) return fail('CLAIM_PENDING', `${SEAT_NAMES[open.event.seat]}'s claim awaits an answer`, { path: 'type' });
    const left = tricksLeft(hand);
    const tricks = action.tricks;
    if (typeof tricks !== 'number' || !Number.isInteger(tricks) || tricks < 1 || tricks > left)
      return fail('INVALID_ACTION', `tricks must be a whole number from 1 to ${left}, the tricks left; got ${describe(tricks)}`, { path: 'tricks' });
    const event = Object.freeze({ type, at, seat, tricks });
    const list = Object.freeze([...e.list, event]);
    // Conceding every trick left asks nothing of the other side: the hand ends.
    if (type === 'concede' && tricks === left) return settle(e, list, sideOfNumber(s + 1), left, left);
    return new HandEvents(list, list.length - 1, 0, e.shown | (1 << s), null);
  }
  // An answer: from a seat of the other side, once.
  const c = pendingClaim(e);
  if (c === null) return fail('INVALID_ACTION', 'no claim awaits an answer', { path: 'type' });
  if (sideOfNumber(s) === c.side) return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on the claimer's side: the other side answers a claim`, { path: 'seat' });
  if ((e.accepted & (1 << s)) !== 0) return fail('INVALID_ACTION', `${SEAT_NAMES[seat]} has already accepted the claim`, { path: 'type' });
  const answer = type === 'refuseClaim' ? ('refuseClaim' as const) : ('acceptClaim' as const);
  const list = Object.freeze([...e.list, Object.freeze({ type: answer, at, seat })]);
  if (type === 'refuseClaim') return new HandEvents(list, -1, 0, e.shown, null);
  const accepted = e.accepted | (1 << s);
  if ((accepted & (1 << ((s + 2) & 3))) !== 0) return settle(e, list, c.side, c.tricks, c.left);
  return new HandEvents(list, e.pending, accepted, e.shown, null);
}

/**
 * The facts the rubber scores for a hand: as played, or, when a claim or concession ended it, the tricks
 * won so far and those of the rest as agreed. With honours counted as captured, the honours not yet
 * played count for the side that holds them.
 */
export function factsOf(hand: Progress, e: HandEvents): HandFacts {
  // The dealer goes with the facts: a rubber keeps it where the deal did not pass to the left (a misdeal).
  return { ...playedFacts(hand, e), dealer: hand.fixed.dealer };
}

function playedFacts(hand: Progress, e: HandEvents): HandFacts {
  const played = handFacts(stateOfProgress(hand));
  if (e.honoursCalled) return { tricks: { NS: 0, EW: 0 }, honours: played.honours, honoursCalled: true };
  const facts = e.penalties.length === 0 ? played : { ...played, revokes: e.penalties };
  const settled = e.settled;
  if (settled === null) return facts;
  const tricks = { NS: facts.tricks.NS + settled.NS, EW: facts.tricks.EW + settled.EW };
  const honours = { NS: facts.honours.NS, EW: facts.honours.EW };
  const rules = hand.fixed.rules.honours;
  const trump = hand.fixed.trump;
  if (rules !== null && rules.basis === 'captured' && trump >= 0)
    for (const rank of rules.cards) {
      const bit = 1 << (12 - RANKS_HIGH_FIRST.indexOf(rank));
      for (let s = 0; s < 4; s++) if ((heldSuit(hand, s, trump) & bit) !== 0) honours[sideOfNumber(s)]++;
    }
  return e.penalties.length === 0 ? { tricks, honours } : { tricks, honours, revokes: e.penalties };
}

/**
 * @internal What a logged hand comes to: whether it is over (played out, or ended by a claim or concession)
 * and the facts its rubber scores, its events said at their places and its revoke penalties counted. For
 * records, which keep a hand's events beside its cards; what cannot have been said is `{ refused }`, with
 * the event's index and why (a record is checked in full by `parseTable` all the same).
 */
export function handOutcome(
  hand: Progress,
  events: readonly HandEvent[],
  score: BySide | null,
): { readonly over: boolean; readonly facts: HandFacts | null } | { readonly refused: number; readonly message: string } {
  const chain: Progress[] = [];
  for (let d: Progress | null = hand; d !== null; d = d.parent) chain.push(d);
  chain.reverse();
  let e = NO_EVENTS;
  const revokes = events.some((x) => x.type === 'claimRevoke') ? revokesOf(hand) : [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as HandEvent;
    if (event.type === 'claimRevoke') {
      const revoke = revokes.find((r) => r.card === event.card);
      if (revoke === undefined || e.voided || e.honoursCalled || (hand.turn >= 0 && e.settled === null))
        return { refused: i, message: `${event.card} cannot be claimed as a revoke here` };
      if (event.penalty !== 'tricks' && event.penalty !== 'deduct' && event.penalty !== 'add')
        return { refused: i, message: 'a penalty is "tricks", "deduct" or "add"' };
      if (!isSeat(event.seat) || sideOfNumber(seatNumber(event.seat)) === sideOfNumber(seatNumber(revoke.seat)))
        return { refused: i, message: 'the other side claims a revoke' };
      e = new HandEvents(e.list, e.pending, e.accepted, e.shown, e.settled, [
        ...e.penalties,
        { side: sideOfNumber(seatNumber(revoke.seat)), penalty: event.penalty },
      ]);
      continue;
    }
    const reached = chain[event.at];
    // Said before a trick led out of turn stood: the hand as it was with the lead in turn (law 62).
    const at = reached === undefined ? undefined : inTurn(reached);
    if (at === undefined) return { refused: i, message: `is said after card ${event.at}, but ${hand.count} were played` };
    const next = stepEvent(at, e, event as unknown as Record<string, unknown>, score);
    if (!(next instanceof HandEvents)) return { refused: i, message: next.error.message };
    e = next;
  }
  return { over: hand.turn < 0 || e.ended, facts: e.voided ? null : factsOf(hand, e) };
}
