/**
 * Cards as record files write them: rank then suit in a deal (`AKQ2` under a suit), suit first in a PBN Play
 * section and a LIN `pc|` (`HQ`, `sT`, `D10`). Every card read is one of the library's 52 {@link Card}s; text
 * that is not a card reads as `null`, so a record never holds a card the engine does not know.
 *
 * @module
 */

import { type Card, FULL_DECK, type Suit } from '../../cards.js';
import { ONE, ZERO } from './chars.js';

/** The cards by suit and rank letter, one shared string per card. */
const CARD: Readonly<Record<Suit, Readonly<Record<string, Card>>>> = (() => {
  const byRank: Record<Suit, Record<string, Card>> = { S: Object.create(null), H: Object.create(null), D: Object.create(null), C: Object.create(null) };
  for (const card of FULL_DECK) byRank[card.charAt(1) as Suit][card.charAt(0)] = card;
  return byRank;
})();

/** @internal The card of a rank as written (upper case, `T` for the ten) and a suit, or `null` when the rank is none. */
export function cardOf(rank: string, suit: Suit): Card | null {
  return CARD[suit][rank] ?? null;
}

/** @internal The suit of a suit letter, either case, or `null`. */
export function suitOfLetter(c: number): Suit | null {
  switch (c | 0x20) {
    case 0x73:
      return 'S';
    case 0x68:
      return 'H';
    case 0x64:
      return 'D';
    case 0x63:
      return 'C';
    default:
      return null;
  }
}

/**
 * @internal The ranks of a hand as written, upper-cased and with `10` read as `T`, each passed to `visit` as a
 * string: one per code point, as `[...s.toUpperCase().replace(/10/g, 'T')]` would give them, without building
 * the upper-cased copy.
 */
export function eachRank(s: string, start: number, end: number, visit: (rank: string) => void): void {
  let p = start;
  while (p < end) {
    const c = s.charCodeAt(p);
    if (c < 128) {
      if (c === ONE && p + 1 < end && s.charCodeAt(p + 1) === ZERO) {
        visit('T');
        p += 2;
        continue;
      }
      visit(c >= 0x61 && c <= 0x7a ? String.fromCharCode(c - 32) : s.charAt(p));
      p++;
      continue;
    }
    const cp = s.codePointAt(p) as number;
    p += cp > 0xffff ? 2 : 1;
    // Upper-casing has no context rules: code point by code point it gives what the whole string gives.
    for (const rank of String.fromCodePoint(cp).toUpperCase()) visit(rank);
  }
}

/** @internal The card of `s.slice(start, end)` written suit first, or `null`: what {@link cardFromSuitFirst} reads, without slicing. */
export function cardAt(s: string, start: number, end: number): Card | null {
  const length = end - start;
  if (length !== 2 && length !== 3) return null;
  const suit = suitOfLetter(s.charCodeAt(start));
  if (suit === null) return null;
  const r = s.charCodeAt(start + 1);
  if (length === 3) return r === ONE && s.charCodeAt(start + 2) === ZERO ? cardOf('T', suit) : null;
  if (r >= 0x32 && r <= 0x39) return cardOf(s.charAt(start + 1), suit);
  switch (r | 0x20) {
    case 0x74:
      return cardOf('T', suit);
    case 0x6a:
      return cardOf('J', suit);
    case 0x71:
      return cardOf('Q', suit);
    case 0x6b:
      return cardOf('K', suit);
    case 0x61:
      return cardOf('A', suit);
    default:
      return null;
  }
}

/**
 * Reads a card written suit first (PBN Play sections, LIN `pc|`): `"H5"`, `"sT"`, `"D10"`.
 *
 * @param token - the card as written
 * @returns the card in the library's notation, rank then suit (`"5H"`), or `null` when the token is not
 *   a suit letter followed by a rank (or not a string); never throws
 * @example
 * ```ts
 * import { cardFromSuitFirst } from 'whist/records';
 *
 * cardFromSuitFirst('hQ'); // 'QH'
 * cardFromSuitFirst('D10'); // 'TD'
 * cardFromSuitFirst('Q'); // null
 * ```
 * @remarks Source: PBN 2.1, 3.6 (`<suit><rank>`); BBO LIN `pc|`.
 * @group Records
 */
export function cardFromSuitFirst(token: string): Card | null {
  return typeof token === 'string' ? cardAt(token, 0, token.length) : null;
}

/** @internal A card as a PBN Play section writes it, suit first: `QH` → `HQ`. */
export function suitFirst(card: Card): string {
  return `${card[1]}${card[0]}`;
}
