/**
 * The trump card (Laws of Short Whist (1864), laws 53, 55): once the dealer has played to the first trick,
 * a player who names it, or a dealer who cannot recollect it, may have his highest or lowest trump called.
 *
 * @module
 * @internal
 */

import { CARD_BY_INDEX, SUIT_OF } from '../../cards.js';
import { describe, fail } from '../../errors.js';
import { heldSuit, type Progress } from '../../hand/progress.js';
import { SEAT_NAMES, type Seat, type Side, seatNumber } from '../../seats.js';
import { added, type CallConstraint, end, type HandEvents, nameOf, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { HandEvent } from '../types.js';

/** The laws a call of the highest or lowest trump cites. */
export const TRUMP_CALL_LAW = 'Laws of Short Whist (1864), laws 53, 55';

/** The trump card named after the dealer took it up (law 53), or forgotten by the dealer (law 55). */
export function stepTrumpCard(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const dealer = seatNumber(hand.fixed.dealer);
  const law = action.type === 'nameTrumpCard' ? 'law 53' : 'law 55';
  if (hand.fixed.trumpCard === null || hand.fixed.trumpSource !== 'turnUp')
    return fail('INVALID_ACTION', `no trump card was turned up: the deal's last card fixes trumps only under turnUp rules (${law})`, { path: 'type' });
  if (at < 4) return fail('INVALID_ACTION', `the trump card is on the table until the dealer plays to the first trick (${law})`, { path: 'type' });
  if (action.type === 'forgetTrumpCard' && s !== dealer)
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is not the dealer: only the dealer took the trump card up (law 55)`, { path: 'seat' });
  return added(e, { type: action.type as 'nameTrumpCard' | 'forgetTrumpCard', at, seat });
}

/** The highest or lowest trump of a player who named or forgot the trump card called (laws 53, 55). */
export function stepCallTrump(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { e, seat } = c;
  const at = c.hand.count;
  const s = seatNumber(seat);
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

/** The seats liable to a trump call not yet made: those who named or forgot the trump card, in order, each once. */
export function trumpOffences(e: HandEvents): { seat: Seat; called: HandEvent | null }[] {
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
 * `null`. A seat that holds a trump is bound as {@link pendingTrumpCall} says, and that call shows first. A seat that holds none is bound
 * by nothing (the call lapses), but only he knows it: the call stands for everyone until he plays at a turn
 * where it would bind (he leads, trumps are led, or he has none of the suit led), and plays no trump.
 */
export function shownTrumpCall(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly which: 'highest' | 'lowest' } | null {
  const trump = hand.fixed.trump;
  if (trump < 0) return null;
  // The call that binds a card shows first; then one that lapsed unseen.
  const binding = pendingTrumpCall(hand, e);
  if (binding !== null) return binding;
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

/** What a highest or lowest trump called binds its seat to, at a turn where a trump is no revoke (law 55); `null` when none stands. */
export function trumpCallOn(hand: Progress, e: HandEvents, s: number): CallConstraint | null {
  const trump = hand.fixed.trump;
  const call = pendingTrumpCall(hand, e);
  if (call === null || seatNumber(call.seat) !== s || !(hand.led < 0 || hand.led === trump || heldSuit(hand, s, hand.led) === 0)) return null;
  const wanted = trump * 13 + end(heldSuit(hand, s, trump), call.which);
  return { cards: [wanted], why: `${nameOf(s)}'s ${call.which} trump is called: ${nameOf(s)} must play ${CARD_BY_INDEX[wanted]} (law 55)` };
}
