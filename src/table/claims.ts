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

import { describe, fail } from '../errors.js';
import { heldSuit, type Progress, RANKS_HIGH_FIRST, stateOfProgress } from '../hand/progress.js';
import { handFacts } from '../hand/selectors.js';
import type { HandFacts } from '../score.js';
import { SEAT_NAMES, type Side, seatNumber } from '../seats.js';
import { HandEvents, pendingClaim, type Refusal, type StepContext, sideOfNumber, tricksLeft } from './events.js';
import type { HandEvent } from './types.js';

export { callRefusal, callsOn } from './calls.js';
export { HandEvents, NO_EVENTS, pendingClaim, type Refusal, sideOfNumber, toAnswer, tricksLeft } from './events.js';
export { CALL_LAW, exposedCards, pendingCalls } from './exposed.js';

function settle(e: HandEvents, list: readonly HandEvent[], side: Side, tricks: number, left: number): HandEvents {
  const settled = side === 'NS' ? { NS: tricks, EW: left - tricks } : { NS: left - tricks, EW: tricks };
  return new HandEvents(list, -1, 0, e.shown, Object.freeze(settled));
}

/** A claim or concession (`claim`, `concede`): the side takes, or gives the other side, `tricks` of the tricks left. */
export function stepClaim(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const type = action.type as 'claim' | 'concede';
  const at = hand.count;
  const s = seatNumber(seat);
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

/** An answer to the claim awaiting one (`acceptClaim`, `refuseClaim`): from a seat of the other side, once. */
export function stepAnswer(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const claim = pendingClaim(e);
  if (claim === null) return fail('INVALID_ACTION', 'no claim awaits an answer', { path: 'type' });
  if (sideOfNumber(s) === claim.side)
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on the claimer's side: the other side answers a claim`, { path: 'seat' });
  if ((e.accepted & (1 << s)) !== 0) return fail('INVALID_ACTION', `${SEAT_NAMES[seat]} has already accepted the claim`, { path: 'type' });
  const answer = action.type === 'refuseClaim' ? ('refuseClaim' as const) : ('acceptClaim' as const);
  const list = Object.freeze([...e.list, Object.freeze({ type: answer, at, seat })]);
  if (answer === 'refuseClaim') return new HandEvents(list, -1, 0, e.shown, null);
  const accepted = e.accepted | (1 << s);
  if ((accepted & (1 << ((s + 2) & 3))) !== 0) return settle(e, list, claim.side, claim.tricks, claim.left);
  return new HandEvents(list, e.pending, accepted, e.shown, null);
}

/** The server's check of the claim awaiting an answer (`ruleClaim`): it holds, and the hand ends as claimed, or play goes on. */
export function stepRuleClaim(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e } = c;
  if (typeof action.holds !== 'boolean') return fail('INVALID_ACTION', `holds must be true or false, got ${describe(action.holds)}`, { path: 'holds' });
  const claim = pendingClaim(e);
  if (claim === null) return fail('INVALID_ACTION', 'no claim awaits an answer', { path: 'type' });
  const list = Object.freeze([...e.list, Object.freeze({ type: 'ruleClaim' as const, at: hand.count, holds: action.holds })]);
  if (action.holds) return settle(e, list, claim.side, claim.tricks, claim.left);
  return new HandEvents(list, -1, 0, e.shown, null);
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
