/**
 * Cards, suits and ranks.
 *
 * A card is the two-character string rank-then-suit used across the bridge and whist world:
 * `"AS"` is the ace of spades, `"TD"` the ten of diamonds, `"2C"` the two of clubs. The type is a
 * template-literal union, so `"1S"` does not compile. Cards rank A (high) K Q J T 9 … 2 in every
 * suit (Laws of Short Whist (1864); German text «Whist» (2012): "Die Stichreihenfolge der Karten ist A (hoch) - K - D - B - 10 - … - 2").
 *
 * Inside hot paths the engine works on integers: a card's index is `suit * 13 + rank`, with suits in
 * the order S H D C (0-3) and ranks counted from the two (0) to the ace (12). Indices never cross the
 * public API: callers pass and receive card strings.
 *
 * @module
 */

import { describe, fail, ok, type Result, WhistError } from './errors.js';

/**
 * A suit: spades, hearts, diamonds, clubs.
 *
 * @group Cards and seats
 */
export type Suit = 'S' | 'H' | 'D' | 'C';

/**
 * A rank, `T` standing for the ten.
 *
 * @group Cards and seats
 */
export type Rank = 'A' | 'K' | 'Q' | 'J' | 'T' | '9' | '8' | '7' | '6' | '5' | '4' | '3' | '2';

/**
 * A card: rank then suit, e.g. `"AS"`, `"TD"`, `"2C"`.
 *
 * @example
 * ```ts
 * import { type Card } from 'whist';
 *
 * const card: Card = 'QH';
 * ```
 * @group Cards and seats
 */
export type Card = `${Rank}${Suit}`;

/**
 * The four suits in the library's canonical order: S H D C.
 *
 * @example
 * ```ts
 * import { SUITS } from 'whist';
 *
 * SUITS; // ['S', 'H', 'D', 'C']
 * ```
 * @group Cards and seats
 */
export const SUITS: readonly Suit[] = Object.freeze(['S', 'H', 'D', 'C'] as const);

/**
 * The thirteen ranks from the highest (ace) to the lowest (two), `T` standing for the ten.
 *
 * @example
 * ```ts
 * import { RANKS } from 'whist';
 *
 * RANKS.join(''); // 'AKQJT98765432'
 * ```
 * @group Cards and seats
 */
export const RANKS: readonly Rank[] = Object.freeze(['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const);

/** @internal Rank characters by rank number, 0 = two … 12 = ace. */
export const RANK_BY_NUMBER: readonly Rank[] = Object.freeze([...RANKS].reverse());

/** @internal Card strings by index (`suit * 13 + rank`). Not frozen: frozen arrays are slower to read in hot loops. */
export const CARD_BY_INDEX: readonly Card[] = SUITS.flatMap((suit) => RANK_BY_NUMBER.map((rank) => `${rank}${suit}` as Card));

/** @internal The number (0-3) of each suit letter, in the order S H D C. */
export const SUIT_NUMBER: Readonly<Record<Suit, number>> = Object.freeze({ S: 0, H: 1, D: 2, C: 3 });

/** @internal The suit's number, S 0 to C 3, of any value; -1 for a value that is not a suit letter. Never throws. */
export function suitNumber(suit: unknown): number {
  switch (suit) {
    case 'S':
      return 0;
    case 'H':
      return 1;
    case 'D':
      return 2;
    case 'C':
      return 3;
    default:
      return -1;
  }
}

/** @internal The suit number (0-3, S H D C) of each card index. */
export const SUIT_OF: Int8Array = /* @__PURE__ */ Int8Array.from({ length: 52 }, (_, i) => (i / 13) | 0);

/** @internal The rank bit (bit 0 the two … bit 12 the ace) of each card index, as held in a suit mask. */
export const BIT_OF: Int32Array = /* @__PURE__ */ Int32Array.from({ length: 52 }, (_, i) => 1 << (i % 13));

/** @internal The number of cards in each 13-bit suit mask. */
export const POP: Uint8Array = /* @__PURE__ */ Uint8Array.from({ length: 8192 }, (_, m) => {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
});

// Card strings are read by character code, not through a Map: `play` validates every card it receives.
const RANK_BY_CODE = new Int8Array(128).fill(-1);
const SUIT_BY_CODE = new Int8Array(128).fill(-1);
RANK_BY_NUMBER.forEach((rank, n) => {
  RANK_BY_CODE[rank.charCodeAt(0)] = n;
});
SUITS.forEach((suit, n) => {
  SUIT_BY_CODE[suit.charCodeAt(0)] = n * 13;
});

/**
 * All 52 cards, by suit (S H D C) and within a suit from the ace down.
 *
 * @example
 * ```ts
 * import { FULL_DECK } from 'whist';
 *
 * FULL_DECK.length; // 52
 * FULL_DECK[0]; // 'AS'
 * ```
 * @group Cards and seats
 */
export const FULL_DECK: readonly Card[] = Object.freeze(SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}` as Card)));

/** @internal An unfrozen copy of {@link FULL_DECK}, to slice quickly when shuffling. */
export const DECK_ORDER: readonly Card[] = FULL_DECK.slice();

/**
 * @internal The rule of the trick, in one place: whether card `c` beats `best`, the card winning the trick
 * so far. A card of the same suit beats it when higher; a trump beats a card of another suit; a discard
 * never wins (Laws of Short Whist (1864); German text «Whist» (2012): "Der Stich gehört dem Spieler, der
 * den höchsten Trumpf gespielt hat").
 *
 * @param c - a card index
 * @param best - the index of the card winning the trick so far
 * @param trump - the trump suit number 0-3, or -1 without trumps
 */
export function beats(c: number, best: number, trump: number): boolean {
  const cs = SUIT_OF[c] as number;
  return cs === (SUIT_OF[best] as number) ? c > best : cs === trump;
}

/**
 * @internal Writes the cards of one suit mask into `out` from position `n`, from the ace down, as card
 * strings; returns the next position. The one listing loop of the library: legal moves and held cards.
 */
export function writeSuit(out: Card[], n: number, suit: number, mask: number): number {
  const base = suit * 13;
  let m = mask;
  while (m !== 0) {
    const r = 31 - Math.clz32(m);
    out[n++] = CARD_BY_INDEX[base + r] as Card;
    m ^= 1 << r;
  }
  return n;
}

/** @internal The cards of four suit masks (S H D C) starting at `masks[at]`, in canonical order. */
export function masksToCards(masks: ArrayLike<number>, at = 0): Card[] {
  return suitsToCards(masks[at] as number, masks[at + 1] as number, masks[at + 2] as number, masks[at + 3] as number);
}

/** @internal The cards of four suit masks (spades, hearts, diamonds, clubs), in canonical order. */
export function suitsToCards(m0: number, m1: number, m2: number, m3: number): Card[] {
  const out = new Array<Card>((POP[m0] as number) + (POP[m1] as number) + (POP[m2] as number) + (POP[m3] as number));
  let n = writeSuit(out, 0, 0, m0);
  n = writeSuit(out, n, 1, m1);
  n = writeSuit(out, n, 2, m2);
  writeSuit(out, n, 3, m3);
  return out;
}

/** @internal The index of the card written at `pos` of a text (its rank and suit characters), or -1. */
export function cardIndexAt(text: string, pos: number): number {
  const r = text.charCodeAt(pos);
  const s = text.charCodeAt(pos + 1);
  if (!(r < 128 && s < 128)) return -1;
  const rank = RANK_BY_CODE[r] as number;
  const suit = SUIT_BY_CODE[s] as number;
  return rank < 0 || suit < 0 ? -1 : suit + rank;
}

/** @internal The card's index (`suit * 13 + rank`), or -1 for anything that is not an exact card string. */
export function cardIndex(card: unknown): number {
  if (typeof card !== 'string' || card.length !== 2) return -1;
  const r = card.charCodeAt(0);
  const s = card.charCodeAt(1);
  if (r > 127 || s > 127) return -1;
  const rank = RANK_BY_CODE[r] as number;
  const suit = SUIT_BY_CODE[s] as number;
  return rank < 0 || suit < 0 ? -1 : suit + rank;
}

/**
 * Whether a value is an exact card string (`"AS"`, not `"as"` or `"10S"`).
 *
 * @param value - anything, e.g. a play received from a client
 * @returns `true` when `value` is one of the 52 card strings
 * @example
 * ```ts
 * import { isCard } from 'whist';
 *
 * isCard('TD'); // true
 * isCard('td'); // false
 * ```
 * @group Cards and seats
 */
export function isCard(value: unknown): value is Card {
  return cardIndex(value) >= 0;
}

/**
 * The suit of a card.
 *
 * @param card - a card string
 * @returns its suit, e.g. `'H'` for `'QH'`
 * @example
 * ```ts
 * import { cardSuit } from 'whist';
 *
 * cardSuit('QH'); // 'H'
 * ```
 * @group Cards and seats
 */
export function cardSuit(card: Card): Suit {
  if (!isCard(card)) throw new WhistError({ code: 'INVALID_CARD', message: `not a card: ${describe(card)}` });
  return card[1] as Suit;
}

/**
 * The rank of a card.
 *
 * @param card - a card string
 * @returns its rank, e.g. `'Q'` for `'QH'`
 * @example
 * ```ts
 * import { cardRank } from 'whist';
 *
 * cardRank('TD'); // 'T'
 * ```
 * @group Cards and seats
 */
export function cardRank(card: Card): Rank {
  if (!isCard(card)) throw new WhistError({ code: 'INVALID_CARD', message: `not a card: ${describe(card)}` });
  return card[0] as Rank;
}

const RANK_ALIASES: Readonly<Record<string, Rank>> = { '10': 'T', '1': 'A' };
const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_BY_SYMBOL: Readonly<Record<string, Suit>> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C', '♤': 'S', '♡': 'H', '♢': 'D', '♧': 'C' };

/**
 * Reads a card written by a person: case-insensitive, `10` for the ten, suit symbols, suit first or last.
 *
 * Unlike {@link play}, which takes exact card strings only, this is for text a person typed.
 *
 * @param text - e.g. `"as"`, `"10h"`, `"♠Q"`, `"Q♠"`, `"d7"` (any value is checked)
 * @returns `{ ok: true, value: card }`, or `{ ok: false, error }` with code `INVALID_CARD` when the text
 *   names no card. Never throws.
 * @example
 * ```ts
 * import { parseCard } from 'whist';
 *
 * parseCard('10h'); // { ok: true, value: 'TH' }
 * const q = parseCard('♠q');
 * q.ok && q.value; // 'QS'
 * const bad = parseCard('1x');
 * bad.ok ? null : bad.error.code; // 'INVALID_CARD'
 * ```
 * @group Cards and seats
 */
export function parseCard(text: string): Result<Card, 'INVALID_CARD'> {
  const card = cardOfText(text);
  return card === undefined ? fail('INVALID_CARD', `${describe(text)} names no card (write e.g. "QS", "10h", "♠q")`, { path: 'text' }) : ok(card);
}

function cardOfText(text: unknown): Card | undefined {
  if (typeof text !== 'string' || text.length > 16) return undefined;
  // U+FE0F asks for the emoji form of a suit symbol (phones add it): it carries no meaning here.
  let t = text.replace(/\uFE0F/g, '').trim();
  let suit: string | undefined;
  const first = t[0];
  const last = t[t.length - 1];
  if (first !== undefined && (SUIT_BY_SYMBOL[first] || /^[shdc]$/i.test(first)) && t.length > 1 && !/^[shdc]$/i.test(last ?? '')) {
    suit = SUIT_BY_SYMBOL[first] ?? first.toUpperCase();
    t = t.slice(1);
  } else if (last !== undefined) {
    suit = SUIT_BY_SYMBOL[last] ?? last.toUpperCase();
    t = t.slice(0, -1);
  }
  const rankText = t.toUpperCase();
  const rank = RANK_ALIASES[rankText] ?? rankText;
  const card = `${rank}${suit}`;
  return isCard(card) ? card : undefined;
}

/**
 * Writes a card for people.
 *
 * @param card - a card string
 * @param options - `symbols: true` writes the suit as ♠ ♥ ♦ ♣; `ten: '10'` writes the ten as `10`
 * @returns e.g. `"Q♥"`, `"10♦"`, or the card string itself with no options
 * @example
 * ```ts
 * import { formatCard } from 'whist';
 *
 * formatCard('TD', { symbols: true, ten: '10' }); // '10♦'
 * ```
 * @group Cards and seats
 */
export function formatCard(card: Card, options: { readonly symbols?: boolean | undefined; readonly ten?: 'T' | '10' | undefined } = {}): string {
  if (!isCard(card)) throw new WhistError({ code: 'INVALID_CARD', message: `not a card: ${describe(card)}` });
  const { ten, symbols } = typeof options === 'object' && options !== null ? options : {};
  const rank = card[0] === 'T' && ten === '10' ? '10' : card[0];
  const suit = symbols === true ? SUIT_SYMBOLS[card[1] as Suit] : card[1];
  return `${rank}${suit}`;
}

/**
 * Orders two cards: by suit (S H D C), then from the highest rank down. Useful with `Array.prototype.sort`.
 *
 * @param a - a card
 * @param b - another card
 * @returns a negative number when `a` comes first, positive when `b` does, 0 when equal
 * @example
 * ```ts
 * import { type Card, compareCards } from 'whist';
 *
 * const cards: Card[] = ['2S', 'AH', 'KS'];
 * cards.sort(compareCards); // ['KS', '2S', 'AH']
 * ```
 * @group Cards and seats
 */
export function compareCards(a: Card, b: Card): number {
  const ia = cardIndex(a);
  const ib = cardIndex(b);
  if (ia < 0 || ib < 0) throw new WhistError({ code: 'INVALID_CARD', message: `not a card: ${describe(ia < 0 ? a : b)}` });
  const sa = (ia / 13) | 0;
  const sb = (ib / 13) | 0;
  return sa !== sb ? sa - sb : ib - ia;
}

/**
 * A sorted copy of some cards, in the canonical order of {@link compareCards}.
 *
 * @param cards - any cards; not modified
 * @returns a new array
 * @example
 * ```ts
 * import { sortCards } from 'whist';
 *
 * sortCards(['2C', 'AD', 'TS']); // ['TS', 'AD', '2C']
 * ```
 * @group Cards and seats
 */
export function sortCards(cards: readonly Card[]): Card[] {
  if (!Array.isArray(cards) || cards.length > 52) throw new WhistError({ code: 'INVALID_CARD', message: `not a list of at most 52 cards: ${describe(cards)}` });
  return Array.from(cards as Card[]).sort(compareCards);
}
