/**
 * Deals written as text: the deal notation of Portable Bridge Notation (PBN 2.1, section 3.4), which fits
 * Whist as it stands.
 *
 * `"N:AKQ2.T98.765.432 J843.AK2.QJ.T987 …"`: the seat of the first hand, a colon, then the four hands
 * clockwise from it, separated by spaces. Each hand is its spades, hearts, diamonds and clubs separated by
 * dots, each suit's ranks from the ace down (`T` for the ten); a void suit is empty. {@link formatDeal}
 * always starts with north; {@link parseDeal} reads any first seat. A hand written `-` is unknown (a record
 * that shows only some hands): {@link parsePartialDeal} reads it as `null`, and {@link formatDeal} writes
 * `null` as `-`.
 *
 * @module
 */

import { BIT_OF, type Card, cardIndex, masksToCards, SUIT_OF } from './cards.js';
import { describe, fail, ok, type Result, WhistError } from './errors.js';
import { type BySeat, SEATS, type Seat, seatNumber } from './seats.js';

/**
 * The cards each seat is dealt: thirteen for each of N, E, S and W.
 *
 * @group Cards and seats
 */
export type Deal = BySeat<readonly Card[]>;

/**
 * A deal in which some hands may be unknown: thirteen cards for each known seat, `null` for a hand the
 * text gives as `-`. Every {@link Deal} is one.
 *
 * @group Cards and seats
 */
export type PartialDeal = BySeat<readonly Card[] | null>;

/**
 * The error codes of {@link parseDeal} and {@link parsePartialDeal}.
 *
 * @group Cards and seats
 */
export type DealTextError = 'INVALID_ARGUMENT' | 'INVALID_SEAT' | 'INVALID_CARD' | 'INVALID_HAND' | 'DUPLICATE_CARD';

const RANK_CHARS = '23456789TJQKA';

/** The ranks of each 13-bit suit mask as text, from the ace down; filled as masks are met. */
const SUIT_TEXT: (string | undefined)[] = new Array<string | undefined>(8192).fill(undefined);

function suitText(m: number): string {
  let text = SUIT_TEXT[m];
  if (text === undefined) {
    text = '';
    for (let r = 12; r >= 0; r--) if (m & (1 << r)) text += RANK_CHARS[r];
    SUIT_TEXT[m] = text;
  }
  return text;
}

/** @internal The deal string of sixteen suit masks (`masks[seat * 4 + suit]`), north first. */
export function formatMasks(masks: ArrayLike<number>): string {
  let out = 'N:';
  for (let k = 0; k < 16; k++) out += (k === 0 ? '' : (k & 3) === 0 ? ' ' : '.') + suitText(masks[k] as number);
  return out;
}

/**
 * @internal Reads a deal string into sixteen suit masks, or says what is wrong. Linear in the text; a text
 * over 200 characters is refused before it is read. With `allowUnknown`, a hand written `-` is unknown:
 * its masks stay 0 and its seat's bit (1 << seat number) is set in `unknown`.
 */
export function parseMasks(
  text: unknown,
  allowUnknown = false,
): { masks: number[]; unknown: number } | { code: DealTextError; message: string; seat?: Seat; card?: string } {
  if (typeof text !== 'string') return { code: 'INVALID_ARGUMENT', message: `a deal must be a string, got ${describe(text)}` };
  if (text.length > 200) return { code: 'INVALID_ARGUMENT', message: `a deal is at most 200 characters, got ${text.length}` };
  const colon = text.indexOf(':');
  const first = seatNumber(text.slice(0, colon).trim().toUpperCase());
  if (colon < 0 || first < 0)
    return { code: 'INVALID_SEAT', message: `a deal starts with the first hand's seat and a colon, e.g. "N:", got ${describe(text.slice(0, 8))}` };
  const hands = text
    .slice(colon + 1)
    .trim()
    .split(/[ \t]+/);
  if (hands.length !== 4) return { code: 'INVALID_HAND', message: `a deal has four hands separated by spaces, got ${hands.length}` };
  const masks = new Array<number>(16).fill(0);
  const seen = [0, 0, 0, 0];
  let unknown = 0;
  for (let h = 0; h < 4; h++) {
    const seatNumber = (first + h) & 3;
    const seat = SEATS[seatNumber] as Seat;
    if (allowUnknown && hands[h] === '-') {
      unknown |= 1 << seatNumber;
      continue;
    }
    const suits = (hands[h] as string).split('.');
    if (suits.length !== 4)
      return { code: 'INVALID_HAND', message: `${seat}'s hand must give four suits separated by dots (S.H.D.C), got ${describe(hands[h])}`, seat };
    let count = 0;
    for (let suit = 0; suit < 4; suit++) {
      const ranks = (suits[suit] as string).toUpperCase();
      for (let i = 0; i < ranks.length; i++) {
        const r = RANK_CHARS.indexOf(ranks[i] as string);
        const card = `${ranks[i]}${'SHDC'[suit]}`;
        if (r < 0) return { code: 'INVALID_CARD', message: `${seat}'s hand has ${describe(ranks[i])}, not a rank (A K Q J T 9 … 2)`, seat };
        const bit = 1 << r;
        if ((seen[suit] as number) & bit) return { code: 'DUPLICATE_CARD', message: `${card} is dealt twice`, seat, card };
        seen[suit] = (seen[suit] as number) | bit;
        masks[seatNumber * 4 + suit] = (masks[seatNumber * 4 + suit] as number) | bit;
        count++;
      }
    }
    if (count !== 13) return { code: 'INVALID_HAND', message: `${seat} is dealt ${count} cards, not 13`, seat };
  }
  return { masks, unknown };
}

/**
 * Reads a deal written in PBN notation, e.g. `"N:AKQ2.T98.765.432 J843.AK2.QJ.T987 …"`.
 *
 * The first seat may be any of `N E S W` (in either case); the hands follow clockwise from it. Ranks may
 * be in any order and either case. Every hand must hold 13 cards and no card may appear twice.
 *
 * @param text - the deal text
 * @returns `{ ok: true, value: deal }` with each seat's cards in canonical order, or `{ ok: false, error }`
 *   with code `INVALID_ARGUMENT` (not a string, or over 200 characters), `INVALID_SEAT` (no first seat),
 *   `INVALID_HAND` (not four hands of four suits, or a hand not of 13 cards), `INVALID_CARD` (a character
 *   that is not a rank) or `DUPLICATE_CARD`. Never throws.
 * @example
 * ```ts
 * import { formatDeal, parseDeal } from 'whist';
 *
 * const r = parseDeal('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432');
 * r.ok && r.value.E[0]; // 'AH'
 * r.ok && formatDeal(r.value); // 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation), section 3.4, the Deal tag.
 * @group Cards and seats
 */
export function parseDeal(text: string): Result<Deal, DealTextError> {
  const r = parseMasks(text);
  if (!('masks' in r)) return fail(r.code, r.message, { path: 'deal', seat: r.seat, card: r.card });
  return ok(masksToDeal(r.masks));
}

/**
 * Reads a deal written in PBN notation in which some hands may be unknown, written `-`:
 * `"S:- AKQJT98765432... - ...AKQJT98765432"`.
 *
 * As {@link parseDeal}, except that a hand written `-` is read as `null`. Each known hand must hold 13
 * cards and no card may appear twice; nothing is inferred about the unknown hands (with one unknown, its
 * cards are the 13 the others do not hold, should the caller want them).
 *
 * @param text - the deal text
 * @returns `{ ok: true, value: deal }` with each known seat's cards in canonical order and `null` for each
 *   unknown one, or `{ ok: false, error }` with the codes of {@link parseDeal}: `INVALID_ARGUMENT`,
 *   `INVALID_SEAT`, `INVALID_HAND`, `INVALID_CARD` or `DUPLICATE_CARD`. Never throws.
 * @example
 * ```ts
 * import { formatDeal, parsePartialDeal } from 'whist';
 *
 * const r = parsePartialDeal('E:AKQJT98765432... - ..AKQJT98765432. -');
 * r.ok && r.value.S; // null
 * r.ok && r.value.E?.[0]; // 'AS'
 * r.ok && formatDeal(r.value); // 'N:- AKQJT98765432... - ..AKQJT98765432.'
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation), section 3.4, the Deal tag ("-" for an unknown hand).
 * @group Cards and seats
 */
export function parsePartialDeal(text: string): Result<PartialDeal, DealTextError> {
  const r = parseMasks(text, true);
  if (!('masks' in r)) return fail(r.code, r.message, { path: 'deal', seat: r.seat, card: r.card });
  const known = masksToDeal(r.masks);
  const hand = (s: number): readonly Card[] | null => (r.unknown & (1 << s) ? null : (known[SEATS[s] as Seat] ?? null));
  return ok({ N: hand(0), E: hand(1), S: hand(2), W: hand(3) });
}

/** @internal The deal of sixteen suit masks, each seat's cards in canonical order. */
export function masksToDeal(masks: ArrayLike<number>): Deal {
  return { N: masksToCards(masks, 0), E: masksToCards(masks, 4), S: masksToCards(masks, 8), W: masksToCards(masks, 12) };
}

/**
 * Writes a deal in PBN notation, north first, each suit from the ace down; an unknown hand (`null`) as `-`.
 *
 * @param deal - thirteen cards for each seat, distinct, as {@link parseDeal} returns them; or, as
 *   {@link parsePartialDeal} returns them, `null` for a seat whose hand is unknown
 * @returns the deal text, e.g. `"N:AKQ2.T98.765.432 …"`, or `"N:- AKQ2.T98.765.432 - -"` with unknown hands
 * @throws {@link WhistError} `INVALID_HAND` when a known seat does not hold 13 cards, `INVALID_CARD` for a
 *   value that is not a card, `DUPLICATE_CARD` for a card given twice
 * @example
 * ```ts
 * import { FULL_DECK, formatDeal } from 'whist';
 *
 * const deal = { N: FULL_DECK.slice(0, 13), E: FULL_DECK.slice(13, 26), S: FULL_DECK.slice(26, 39), W: FULL_DECK.slice(39) };
 * formatDeal(deal); // 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
 * formatDeal({ ...deal, E: null, W: null }); // 'N:AKQJT98765432... - ..AKQJT98765432. -'
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation), section 3.4, the Deal tag.
 * @group Cards and seats
 */
export function formatDeal(deal: PartialDeal): string {
  const r = dealToMasks(deal, 'deal', true);
  if ('code' in r) throw new WhistError(dealFailure(r).error);
  if (r.unknown === 0) return formatMasks(r.masks);
  let out = 'N:';
  for (let s = 0; s < 4; s++) {
    if (s > 0) out += ' ';
    if (r.unknown & (1 << s)) out += '-';
    else for (let k = s * 4; k < s * 4 + 4; k++) out += (k === s * 4 ? '' : '.') + suitText(r.masks[k] as number);
  }
  return out;
}

/**
 * @internal Reads four seats' card lists into sixteen suit masks: every value checked, each read once.
 * Throws nothing: hostile values give an `INVALID_HAND` or `INVALID_CARD` description. With `allowUnknown`,
 * a seat given as `null` is unknown: its masks stay 0 and its bit (1 << seat number) is set in `unknown`.
 */
export function dealToMasks(
  deal: unknown,
  path: string,
  allowUnknown = false,
):
  | { masks: number[]; unknown: number }
  | { code: 'INVALID_ARGUMENT' | 'INVALID_HAND' | 'INVALID_CARD' | 'DUPLICATE_CARD'; message: string; seat?: Seat; card?: unknown; path: string } {
  if (typeof deal !== 'object' || deal === null || Array.isArray(deal))
    return { code: 'INVALID_HAND', message: `${path} must be an object { N, E, S, W }, got ${describe(deal)}`, path };
  const masks = new Array<number>(16).fill(0);
  const seen = [0, 0, 0, 0];
  let unknown = 0;
  for (let s = 0; s < 4; s++) {
    const seat = SEATS[s] as Seat;
    const at = `${path}.${seat}`;
    const cards: unknown = (deal as Record<string, unknown>)[seat];
    if (allowUnknown && cards === null) {
      unknown |= 1 << s;
      continue;
    }
    if (!Array.isArray(cards)) return { code: 'INVALID_HAND', message: `${at} must be an array of 13 cards, got ${describe(cards)}`, seat, path: at };
    const n = cards.length;
    if (n !== 13) return { code: 'INVALID_HAND', message: `${at} must be 13 cards, got ${n}`, seat, path: at };
    for (let i = 0; i < 13; i++) {
      const card: unknown = cards[i];
      const c = cardIndex(card);
      if (c < 0) return { code: 'INVALID_CARD', message: `${at}[${i}] is not a card: ${describe(card)}`, seat, card, path: `${at}[${i}]` };
      const suit = SUIT_OF[c] as number;
      const bit = BIT_OF[c] as number;
      if ((seen[suit] as number) & bit)
        return { code: 'DUPLICATE_CARD', message: `${at}[${i}] deals ${card as string} a second time`, seat, card, path: `${at}[${i}]` };
      seen[suit] = (seen[suit] as number) | bit;
      masks[s * 4 + suit] = (masks[s * 4 + suit] as number) | bit;
    }
  }
  return { masks, unknown };
}

/** @internal Converts a failure of {@link dealToMasks} into a failed result. */
export function dealFailure(r: {
  code: 'INVALID_ARGUMENT' | 'INVALID_HAND' | 'INVALID_CARD' | 'DUPLICATE_CARD';
  message: string;
  seat?: Seat;
  card?: unknown;
  path: string;
}) {
  return fail(r.code, r.message, { path: r.path, seat: r.seat, card: r.card });
}
