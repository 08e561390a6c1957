/**
 * The tags of a PBN deal that the bridge reader reads on their own: Deal, Dealer and Declarer (a seat),
 * Result (PBN 2.1, section 3.4). The Contract tag is read with the auction (auction.ts).
 *
 * - Deal: `"S:KJ63.Q953.AK2.T7 …"`, the first seat, then each seat's cards clockwise, suits S.H.D.C separated
 *   by dots; `-` for a seat's unknown cards. One seat unknown is dealt the cards the other three do not hold;
 *   with more unknown, or a rank that cannot be read, the record has no full deal.
 * - Result: the tricks won by declarer; the forms `"NS 9"` / `"EW 4"` name a side's tricks instead.
 *
 * @module
 */

import type { Card, Suit } from '../../cards.js';
import { isSeat, nextSeat, SEATS, type Seat, type Side, sideOf } from '../../seats.js';
import { cardOf, eachRank } from '../text/cards.js';
import { COLON, DOT, isDigits, isLineEnd, isSpace, table, type Work } from '../text/chars.js';
import { grouped, note, type Problems, quote } from '../text/problems.js';
import { type Contract, completeDeal, type DealRecord, MAX_SEAT_CARDS } from './record.js';

const SEAT_OF_LETTER = table<Seat>({ N: 'N', E: 'E', S: 'S', W: 'W', n: 'N', e: 'E', s: 'S', w: 'W' });

/** @internal A seat tag's value (Dealer, Declarer, the Auction and Play tags): one letter, either case, or `null`. */
export function readSeatTag(value: string): Seat | null {
  const v = value.trim();
  // A seat is one letter; upper-casing never shortens a string.
  if (v.length !== 1) return null;
  const upper = v.toUpperCase();
  return isSeat(upper) ? upper : null;
}

/** @internal A Result tag's value: nothing, declarer's tricks, a side's tricks, or unreadable (`NaN`). */
export interface ResultTag {
  readonly empty: boolean;
  readonly tricks: number;
  readonly side: Side | null;
}

/** @internal Reads a Result tag's value. */
export function readResultTag(value: string, work: Work): ResultTag {
  const v = value.trim();
  if (v === '') return { empty: true, tricks: Number.NaN, side: null };
  work.steps += v.length;
  // "NS 9", "ew4": a side, whitespace, digits.
  const side = v.length > 2 ? v.slice(0, 2).toUpperCase() : '';
  let p = 2;
  while (p < v.length && isSpace(v.charCodeAt(p))) p++;
  const bySide = (side === 'NS' || side === 'EW') && isDigits(v.slice(p)) ? (side as Side) : null;
  const tricks = isDigits(v) ? Number(v) : bySide !== null ? Number(v.slice(p)) : Number.NaN;
  return { empty: false, tricks: tricks > 13 ? Number.NaN : tricks, side: bySide };
}

/** @internal Declarer's tricks by a Result tag, or `null`; an unreadable tag, or a side's tricks without a declarer, is noted. */
export function resultOf(read: ResultTag, value: string, contract: Contract | null, list: Problems): number | null {
  if (read.empty) return null;
  if (Number.isNaN(read.tricks)) {
    note(list, () => `Result tag unreadable: ${quote(value)}`);
    return null;
  }
  if (read.side === null) return read.tricks;
  if (contract === null) {
    note(list, () => `Result ${quote(value)} names a side but there is no declarer`);
    return null;
  }
  return sideOf(contract.declarer) === read.side ? read.tricks : 13 - read.tricks;
}

/** @internal Reads a Deal tag's value into a deal, its problems noted; `null` without a full deal. */
export function readDeal(value: string, list: Problems, work: Work): DealRecord['deal'] {
  work.steps += value.length;
  const n = value.length;
  let p = 0;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  const first = SEAT_OF_LETTER[value.charAt(p)] ?? null;
  p++;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  let readable = first !== null && value.charCodeAt(p) === COLON;
  p++;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  // The four seats' cards, separated by whitespace; no line end among them.
  const starts: number[] = [];
  const ends: number[] = [];
  for (let q = p; readable && q < n; ) {
    const c = value.charCodeAt(q);
    if (isLineEnd(c)) readable = false;
    else if (isSpace(c)) q++;
    else {
      const start = q;
      while (q < n && !isSpace(value.charCodeAt(q))) q++;
      if (starts.length === 4) readable = false;
      starts.push(start);
      ends.push(q);
    }
  }
  if (!readable || starts.length !== 4 || first === null) {
    note(list, () => `Deal tag unreadable: ${quote(value)}`);
    return null;
  }
  const cards: Partial<Record<Seat, Card[] | null>> = {};
  for (let i = 0; i < 4; i++) {
    const seat = nextSeat(first, i);
    const written = value.slice(starts[i], ends[i]);
    if (written !== '-') cards[seat] = readSeatCards(written, seat, list);
  }
  if (SEATS.some((seat) => cards[seat] === null)) return null;
  const dealt = completeDeal(cards);
  if ('unknown' in dealt) {
    note(list, `Deal: the cards of ${dealt.unknown.join(', ')} are unknown`);
    return null;
  }
  const [unknown] = SEATS.filter((seat) => cards[seat] === undefined);
  if (unknown !== undefined) note(list, `Deal: ${unknown}'s cards are "-", taken as the 13 cards the other seats do not hold`);
  return dealt.deal;
}

const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'D', 'C'];

/** One seat's cards as the Deal tag writes them, `"KJ63.Q953.AK2.T7"`; `null` when a rank cannot be read. */
function readSeatCards(written: string, seat: Seat, list: Problems): Card[] | null {
  let dots = 0;
  for (let i = 0; i < written.length; i++) if (written.charCodeAt(i) === DOT) dots++;
  if (dots !== 3) note(list, () => `Deal: ${seat}'s cards ${quote(written)} are not four suits`);
  const cards: Card[] = [];
  let leftOut = 0;
  let unreadable: string | null = null;
  let start = 0;
  for (const suit of SUIT_ORDER) {
    if (start > written.length) break;
    const dot = written.indexOf('.', start);
    const end = dot < 0 ? written.length : dot;
    eachRank(written, start, end, (rank) => {
      const card = cardOf(rank, suit);
      if (card === null) unreadable ??= rank;
      else if (cards.length < MAX_SEAT_CARDS) cards.push(card);
      else leftOut++;
    });
    start = end + 1;
  }
  if (unreadable !== null) {
    const rank: string = unreadable;
    note(list, () => `Deal: ${seat}'s cards ${quote(written)} hold ${quote(rank)}, which is not a rank`);
    return null;
  }
  if (leftOut > 0) note(list, `Deal: ${seat} has ${grouped(MAX_SEAT_CARDS + leftOut)} cards; only the first ${MAX_SEAT_CARDS} are kept`);
  return cards;
}
