/**
 * Solver positions: the plain description of a point in a hand that the solver accepts, and its validation.
 *
 * A position is the cards each seat still holds, the trump suit or no trump, the seat that led
 * the trick in progress (or leads the next one), and the cards played to the trick so far. The seat to play is
 * derived: the leader plus the number of cards in the trick. It need not come from a played hand (endgame
 * problems), so it is checked like any untrusted input: exact card strings, no card twice, hand sizes that fit
 * the trick (the seats that have played to it hold one card fewer than the others). Whether the trick's cards
 * followed suit is not checked: the cards left no longer show what their players held.
 *
 * @module
 */

import { type Card, cardIndex, type Suit, suitNumber } from '../cards.js';
import { type BySeat, SEATS, type Seat, seatNumber } from '../seats.js';

/**
 * A position for the solver: the cards still held, trump, who led the trick in progress and its cards.
 *
 * @example
 * ```ts
 * import type { SolverPosition } from 'whist/solver';
 *
 * // A two-card ending, north to lead, spades trump.
 * const position: SolverPosition = {
 *   cards: { N: ['AS', '2H'], E: ['KS', 'AH'], S: ['3S', '3H'], W: ['4S', '4H'] },
 *   trump: 'S',
 *   leader: 'N',
 *   trick: [],
 * };
 * position.cards.N.length; // 2
 * ```
 */
export interface SolverPosition {
  /** The cards each seat still holds (the trick's cards not included), in any order. */
  readonly cards: BySeat<readonly Card[]>;
  /** The trump suit, or `null` for no trump. */
  readonly trump: Suit | null;
  /** The seat that led the trick in progress, or that leads the next trick when `trick` is empty. */
  readonly leader: Seat;
  /** The cards played to the trick in progress, in play order from the leader (0 to 3 cards). */
  readonly trick: readonly Card[];
}

/** @internal A validated position in the solver's integer encoding. */
export interface ParsedPosition {
  /** Rank masks `hands[seat * 4 + suit]`. */
  readonly hands: Int32Array;
  /** 0-3, or -1 for no trump. */
  readonly trump: number;
  /** 0-3 (N E S W). */
  readonly leader: number;
  /** Card indices of the trick in progress. */
  readonly trick: readonly number[];
  /** The seat to play, 0-3. */
  readonly toPlay: number;
  /** Tricks left, the trick in progress included. */
  readonly tricks: number;
}

/** @internal A validation failure: a message and where in the input the problem is. */
export interface PositionProblem {
  readonly message: string;
  readonly path: string;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 12 ? `${JSON.stringify(value.slice(0, 12))}…` : JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @internal Checks an untrusted position and encodes it. May throw if the value has hostile getters; callers
 * wrap it in `guard`.
 *
 * @param value - anything
 * @returns the parsed position, or the first problem found
 */
export function parsePosition(value: unknown): ParsedPosition | PositionProblem {
  if (!isRecord(value)) return { message: `a position must be an object, not ${describeValue(value)}`, path: '' };
  const held = value.cards;
  if (!isRecord(held)) return { message: `cards must be an object with the seats N, E, S and W, not ${describeValue(held)}`, path: 'cards' };
  const masks = new Int32Array(16);
  const seen = new Set<number>();
  const sizes = [0, 0, 0, 0];
  for (let seat = 0; seat < 4; seat++) {
    const name = SEATS[seat] as Seat;
    const cards = held[name];
    if (!Array.isArray(cards)) return { message: `cards.${name} must be an array of cards, not ${describeValue(cards)}`, path: `cards.${name}` };
    if (cards.length > 13) return { message: `cards.${name} holds ${cards.length} cards; a seat holds at most 13`, path: `cards.${name}` };
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i] as unknown;
      const index = cardIndex(card);
      if (index < 0) return { message: `${describeValue(card)} is not a card (cards are written like "AS", "TD", "2C")`, path: `cards.${name}[${i}]` };
      if (seen.has(index)) return { message: `${card as string} appears twice`, path: `cards.${name}[${i}]` };
      seen.add(index);
      const k = (seat << 2) | ((index / 13) | 0);
      masks[k] = (masks[k] as number) | (1 << (index % 13));
    }
    sizes[seat] = cards.length;
  }
  const trumpValue = value.trump;
  // Letters are read by value, never looked up in an object: "toString" or "__proto__" name no suit and no seat.
  if (trumpValue !== null && suitNumber(trumpValue) < 0) {
    return { message: `trump must be "S", "H", "D", "C" or null, not ${describeValue(trumpValue)}`, path: 'trump' };
  }
  const trump = trumpValue === null ? -1 : suitNumber(trumpValue);
  const leaderValue = value.leader;
  const leader = seatNumber(leaderValue);
  if (leader < 0) {
    return { message: `leader must be "N", "E", "S" or "W", not ${describeValue(leaderValue)}`, path: 'leader' };
  }
  const trickValue = value.trick;
  if (!Array.isArray(trickValue)) return { message: `trick must be an array of 0 to 3 cards, not ${describeValue(trickValue)}`, path: 'trick' };
  if (trickValue.length > 3) return { message: `trick holds ${trickValue.length} cards; a trick in progress holds at most 3`, path: 'trick' };
  const trick: number[] = [];
  for (let i = 0; i < trickValue.length; i++) {
    const card = trickValue[i] as unknown;
    const index = cardIndex(card);
    if (index < 0) return { message: `${describeValue(card)} is not a card (cards are written like "AS", "TD", "2C")`, path: `trick[${i}]` };
    if (seen.has(index)) return { message: `${card as string} appears twice`, path: `trick[${i}]` };
    seen.add(index);
    trick.push(index);
  }
  const played = trick.length;
  const toPlay = (leader + played) & 3;
  const n = sizes[toPlay] as number;
  if (n === 0) return { message: `${SEATS[toPlay]} is to play but holds no card`, path: `cards.${SEATS[toPlay]}` };
  for (let i = 0; i < 4; i++) {
    const seat = (leader + i) & 3;
    const expected = i < played ? n - 1 : n;
    if (sizes[seat] !== expected) {
      const why = i < played ? `it has played to the trick and ${SEATS[toPlay]}, to play, holds ${n}` : `${SEATS[toPlay]}, to play, holds ${n}`;
      return { message: `${SEATS[seat]} holds ${sizes[seat]} cards; it should hold ${expected}: ${why}`, path: `cards.${SEATS[seat]}` };
    }
  }
  return { hands: masks, trump, leader, trick, toPlay, tricks: n };
}

/** @internal Whether a parse result is a problem. */
export function isProblem(x: ParsedPosition | PositionProblem): x is PositionProblem {
  return (x as PositionProblem).message !== undefined;
}
