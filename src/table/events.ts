/**
 * What was said during a hand besides its cards, as the table keeps it while the hand is played: the events,
 * the claim awaiting an answer, the hands shown, how the hand ended. The ground every kind of event is
 * stepped on (see `registry.ts`).
 *
 * @module
 * @internal
 */

import { BIT_OF, type Card, cardIndex, SUIT_OF } from '../cards.js';
import { heldSuit, type Progress } from '../hand/progress.js';
import type { RevokePenalty } from '../score.js';
import { type BySide, SEAT_NAMES, type Seat, type Side, seatNumber } from '../seats.js';
import type { HandEvent } from './types.js';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
/** @internal What the events of the hand in progress imply. Never changed. */
export class HandEvents {
  constructor(
    /** The events, as logged. */
    readonly list: readonly HandEvent[],
    /** The index in `list` of the claim or concession awaiting an answer, or -1. */
    readonly pending: number,
    /** The seats (bit 1 << seat number) that have accepted the pending claim. */
    readonly accepted: number,
    /** The seats (bit 1 << seat number) whose hands lie face up. */
    readonly shown: number,
    /** Once a claim or concession ended the hand: the tricks left that each side takes; otherwise `null`. */
    readonly settled: { readonly NS: number; readonly EW: number } | null,
    /** The revoke penalties claimed once the hand was over, in order. */
    readonly penalties: readonly RevokePenalty[] = [],
    /** Whether a new deal was claimed: the hand is void, not scored (`newDeal`, laws 37-44). */
    readonly voided: boolean = false,
    /** Whether a side called its honours at the point of eight and won the game with them, unplayed (Hoyle's laws of Long Whist, 16-21). */
    readonly honoursCalled: boolean = false,
  ) {}

  /** Whether the hand is over by what was said: ended by a claim or concession, void, or won by calling honours. */
  get ended(): boolean {
    return this.settled !== null || this.voided || this.honoursCalled;
  }
}

/** @internal No events. */
export const NO_EVENTS = new HandEvents(Object.freeze([]), -1, 0, 0, null);

/** @internal The side of a seat number. */
export function sideOfNumber(seat: number): Side {
  return (seat & 1) === 0 ? 'NS' : 'EW';
}

/** The tricks not yet finished: the trick in progress counts, whoever has played to it. */
export function tricksLeft(hand: Progress): number {
  return 13 - hand.winners.length;
}

/** The claim or concession awaiting an answer, with the tricks its side would take; `null` when none. */
export function pendingClaim(
  e: HandEvents,
): { readonly event: HandEvent & { seat: Seat; tricks: number }; readonly side: Side; readonly tricks: number; readonly left: number } | null {
  if (e.pending < 0) return null;
  const event = e.list[e.pending] as HandEvent & { seat: Seat; tricks: number };
  const left = 13 - Math.floor(event.at / 4);
  const side = sideOfNumber(seatNumber(event.seat));
  return { event, side, tricks: event.type === 'claim' ? event.tricks : left - event.tricks, left };
}

/** The seats of the other side that have yet to answer the pending claim. */
export function toAnswer(e: HandEvents): Seat[] {
  const c = pendingClaim(e);
  if (c === null) return [];
  const s = seatNumber(c.event.seat);
  return [SEATS[(s + 1) & 3] as Seat, SEATS[(s + 3) & 3] as Seat]
    .filter((x) => (e.accepted & (1 << seatNumber(x))) === 0)
    .sort((a, b) => seatNumber(a) - seatNumber(b));
}

/** @internal A refused event, with the codes `stepEvent` gives. */
export type Refusal = {
  readonly ok: false;
  readonly error: {
    readonly code: 'INVALID_ACTION' | 'INVALID_SEAT' | 'INVALID_CARD' | 'CARD_NOT_IN_HAND' | 'CLAIM_PENDING' | 'CARD_CALLED';
    readonly message: string;
    readonly path?: string;
  };
};

/** @internal Whether seat number `seat` holds `card` now. */
export function holds(hand: Progress, seat: number, card: Card): boolean {
  const c = cardIndex(card);
  return (heldSuit(hand, seat, SUIT_OF[c] as number) & (BIT_OF[c] as number)) !== 0;
}

/** @internal The events with one more said, the rest as they were; `voided` when it makes the hand void. */
export function added(e: HandEvents, event: HandEvent, voided = e.voided): HandEvents {
  return new HandEvents(Object.freeze([...e.list, Object.freeze(event)]), e.pending, e.accepted, e.shown, e.settled, e.penalties, voided, e.honoursCalled);
}

/** @internal Why seat `s` may not play card `c` now because of a call, or `null` (see `calls.ts`). */
export type CallRefusal = (hand: Progress, e: HandEvents, s: number, c: number) => string | null;

/** @internal What a step of an event of the laws reads: the hand, its events, the seat (checked), the game score, and how calls refuse a card. */
export interface StepContext {
  readonly hand: Progress;
  readonly e: HandEvents;
  readonly seat: Seat;
  readonly score: BySide | null;
  readonly callRefusal: CallRefusal;
}

/** @internal A call standing on a seat's next card: the cards that satisfy it now, and why. */
export interface CallConstraint {
  readonly cards: readonly number[];
  readonly why: string;
}

/** @internal The rank bit number (0 the two … 12 the ace) of the highest or lowest card of a non-empty suit mask. */
export function end(mask: number, which: 'highest' | 'lowest'): number {
  return 31 - Math.clz32(which === 'highest' ? 1 << (31 - Math.clz32(mask)) : mask & -mask);
}

/** @internal The name of seat number `s`, for the reasons a call gives. */
export function nameOf(s: number): string {
  return SEAT_NAMES[(['N', 'E', 'S', 'W'] as const)[s & 3] as Seat];
}
