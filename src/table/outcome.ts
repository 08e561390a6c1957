/**
 * What a logged hand comes to, for records: its events said at their places by the steps the table uses.
 *
 * @module
 * @internal
 */

import { inTurn, type Progress } from '../hand/progress.js';
import type { HandFacts } from '../score.js';
import { type BySide, isSeat, seatNumber } from '../seats.js';
import { factsOf } from './claims.js';
import { HandEvents, NO_EVENTS, sideOfNumber } from './events.js';
import { stepEvent } from './registry.js';
import { revokesOf } from './revokes.js';
import type { HandEvent } from './types.js';

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
