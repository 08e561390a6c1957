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

import { BIT_OF, type Card, cardIndex, isCard, SUIT_OF } from '../cards.js';
import { describe, fail } from '../errors.js';
import { heldSuit, inTurn, type Progress, RANKS_HIGH_FIRST, stateOfProgress } from '../hand/progress.js';
import { handFacts } from '../hand/selectors.js';
import type { HandFacts, RevokePenalty } from '../score.js';
import { type BySide, isSeat, SEAT_NAMES, type Seat, type Side, seatNumber } from '../seats.js';
import { isLawEvent, lawConstraints, stepLawEvent } from './laws.js';
import { revokesOf } from './revokes.js';
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

/** The side of a seat number. */
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
  if (isLawEvent(type)) return stepLawEvent(hand, e, action, seat, score);
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

function holds(hand: Progress, seat: number, card: Card): boolean {
  const c = cardIndex(card);
  return (heldSuit(hand, seat, SUIT_OF[c] as number) & (BIT_OF[c] as number)) !== 0;
}

/**
 * Why seat `s` may not play card `c` now because of a call, or `null`. Each call stands until it is
 * satisfied (law 65), and none makes a player revoke (law 64): a seat whose exposed card is called plays it
 * when it can without revoking; so with a card played out of turn, a suit called for a lead out of turn, a
 * called highest or lowest card and a call to win (`laws.ts`). Where calls standing together cannot all be
 * met by one card, the first binds and the others wait for a later card.
 */
export function callRefusal(hand: Progress, e: HandEvents, s: number, c: number): string | null {
  const { allowed, why } = callsOn(hand, e, s);
  return allowed === null || allowed.includes(c) ? null : why(c);
}

/**
 * The cards seat `s` may play now by the calls standing (see {@link callRefusal}), or `null` when no call
 * binds; with the reason a card is refused.
 */
export function callsOn(hand: Progress, e: HandEvents, s: number): { readonly allowed: readonly number[] | null; readonly why: (c: number) => string | null } {
  const { first, rest } = lawConstraints(hand, e, s);
  const exposed = pendingCalls(hand, e).filter((x) => {
    if (seatNumber(x.seat) !== s) return false;
    const suit = SUIT_OF[cardIndex(x.card)] as number;
    return hand.led < 0 || suit === hand.led || heldSuit(hand, s, hand.led) === 0;
  });
  const calls =
    exposed.length === 0
      ? [...first, ...rest]
      : [
          ...first,
          {
            cards: exposed.map((x) => cardIndex(x.card)),
            why: `${exposed.map((x) => x.card).join(' or ')} is called: ${SEAT_NAMES[exposed[0]?.seat as Seat]} must play ${exposed.length > 1 ? 'one of them' : 'it'} (laws 56, 65)`,
          },
          ...rest,
        ];
  let allowed: readonly number[] | null = null;
  const binding: { readonly cards: readonly number[]; readonly why: string }[] = [];
  for (const call of calls) {
    const next: readonly number[] = allowed === null ? call.cards : allowed.filter((x) => call.cards.includes(x));
    if (next.length === 0) continue; // not to be met now, or not with the calls before it: it waits
    binding.push({ cards: next, why: call.why });
    allowed = next;
  }
  // The reason: the first call that bound and left the card out.
  return { allowed, why: (c) => binding.find((b) => !b.cards.includes(c))?.why ?? null };
}

/** A card dropped face up (`expose`), or the other side's call of one (`callCard`): under rules that rule on irregularities. */
function stepExposed(hand: Progress, e: HandEvents, type: 'expose' | 'callCard', seat: Seat, card: unknown): HandEvents | Refusal {
  if (hand.fixed.rules.irregularities !== 'ruled') return fail('INVALID_ACTION', 'these rules refuse irregularities: no card is exposed', { path: 'type' });
  const open = pendingClaim(e);
  if (open !== null) return fail('CLAIM_PENDING', `${SEAT_NAMES[open.event.seat]}'s claim awaits an answer`, { path: 'type' });
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
