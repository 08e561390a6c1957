/**
 * Exposed cards (Laws of Short Whist (1864), laws 56, 64-65): cards dropped face up, led out of turn or
 * taken back after a revoke, and the other side's calls of them.
 *
 * @module
 * @internal
 */

import { type Card, isCard } from '../cards.js';
import { describe, fail } from '../errors.js';
import type { Progress } from '../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../seats.js';
import { HandEvents, holds, type Refusal, type StepContext, sideOfNumber } from './events.js';
import type { HandEvent } from './types.js';

/** The law a call of an exposed card cites, as its event in the log keeps it. */
export const CALL_LAW = 'Laws of Short Whist (1864), laws 56, 65';

/**
 * The exposed cards still held, each with the seat that holds it, in the order exposed: dropped face up
 * (law 56), led out of turn (law 61) unless the other side called a suit instead, which takes it back, or
 * played as a revoke and taken back (law 76) unless the other side called the suit led instead.
 */
export function exposedCards(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly card: Card }[] {
  const out: { seat: Seat; card: Card }[] = [];
  const list = e.list;
  for (let i = 0; i < list.length; i++) {
    const x = list[i] as HandEvent;
    if (x.type !== 'expose' && x.type !== 'leadOutOfTurn' && x.type !== 'correctRevoke') continue;
    if (x.type === 'leadOutOfTurn' && answerTo(list, i)?.type === 'callSuit') continue;
    if (x.type === 'correctRevoke' && list[i + 1]?.type === 'callLedSuit') continue;
    if (holds(hand, seatNumber(x.seat), x.card)) out.push({ seat: x.seat, card: x.card });
  }
  return out;
}

/** The event that answered the lead out of turn at `i`: the first after it and the cards played to it (law 62). */
export function answerTo(list: readonly HandEvent[], i: number): HandEvent | undefined {
  let k = i + 1;
  while (list[k]?.type === 'playToFalseLead') k++;
  return list[k];
}

/** The calls of exposed cards not yet satisfied: the card is still held by its seat (laws 56, 65: a call stands until the card is played). */
export function pendingCalls(hand: Progress, e: HandEvents): { readonly seat: Seat; readonly card: Card }[] {
  const exposed = exposedCards(hand, e);
  const out: { seat: Seat; card: Card }[] = [];
  for (const x of e.list) {
    if (x.type !== 'callCard') continue;
    const owner = exposed.find((y) => y.card === x.card);
    if (owner !== undefined && !out.some((y) => y.card === x.card)) out.push(owner);
  }
  return out;
}

/** A card dropped face up (`expose`), or the other side's call of one (`callCard`): under rules that rule on irregularities. */
export function stepExposed(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const type = action.type as 'expose' | 'callCard';
  const card = action.card;
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card' });
  const s = seatNumber(seat);
  const at = hand.count;
  let event: HandEvent;
  if (type === 'expose') {
    if (!holds(hand, s, card)) return fail('CARD_NOT_IN_HAND', `${SEAT_NAMES[seat]} does not hold ${card}`, { path: 'card' });
    if (exposedCards(hand, e).some((x) => x.card === card)) return fail('INVALID_ACTION', `${card} is exposed already`, { path: 'card' });
    event = Object.freeze({ type, at, seat, card });
  } else {
    const owner = exposedCards(hand, e).find((x) => x.card === card);
    if (owner === undefined) return fail('INVALID_ACTION', `${card} is not an exposed card (law 56)`, { path: 'card' });
    if (sideOfNumber(s) === sideOfNumber(seatNumber(owner.seat)))
      return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on ${SEAT_NAMES[owner.seat]}'s side: the other side calls an exposed card`, { path: 'seat' });
    if (pendingCalls(hand, e).some((x) => x.card === card))
      return fail('INVALID_ACTION', `${card} is called already: the call stands until it is played (law 65)`, { path: 'card' });
    event = Object.freeze({ type, at, seat, card, law: CALL_LAW });
  }
  return new HandEvents(Object.freeze([...e.list, event]), e.pending, e.accepted, e.shown, null, e.penalties, e.voided);
}
