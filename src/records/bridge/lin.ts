/**
 * Bridge deal records in BBO's `.lin` format (Bridge Base Online hand records and vugraph files), read into
 * the same {@link DealRecord}s as PBN.
 *
 * LIN as read here (BBO's format has no published standard; this follows the files BBO writes):
 * - The text is a run of `key|value|` pairs; line breaks between pairs mean nothing. Keys are trimmed and
 *   read in any case; whitespace is what JavaScript's `trim` removes, as in the PBN reader.
 * - `md|` holds the deal: its first character is the bridge dealer (1 = S, 2 = W, 3 = N, 4 = E), then the hands
 *   cards of South, West, North and East, whoever dealt, separated by commas. Each seat's cards are suit
 *   letters (S H D C, any case) each followed by its ranks, in any order. The fourth seat's may be left out:
 *   they are the 13 cards the other three do not hold.
 * - `mb|` is a call: `p`, `d` (or `x`), `r` (or `xx`), `1C` … `7N`, alerts `!` at the end; the dealer calls first.
 * - `pc|` is a card played, suit first, any case (`pc|hQ`), in play order.
 * - `mc|N` is a claim: declarer's total tricks, the only result a `.lin` file gives.
 * - A vugraph file holds many deals: each `qx|` (e.g. `qx|o46`, open room board 46) starts a new deal, and so
 *   does an `md|` that is not the first of its `qx|`. Chat (`nt|`), alerts (`an|`), names (`pn|`) and page
 *   breaks (`pg|`) are read past; `ah|Board 3` names the board.
 *
 * A text with no pair whose key is two letters is not LIN, and is refused. Cards are read into the library's
 * {@link Card}s: a `pc|` that is not a card is `null` in the play, where the play stops. The same limits as
 * the PBN reader's apply (52 cards a seat, 100 problems a record, 10,000 a file, 40 characters quoted), and
 * the same cost: time linear in the text's length, memory for the reading itself a small constant times it,
 * the records returned aside.
 *
 * @module
 */

import type { Card, Suit } from '../../cards.js';
import { fail, ok, type Result } from '../../errors.js';
import { SEATS, type Seat } from '../../seats.js';
import { readSource } from '../text/arguments.js';
import { cardFromSuitFirst, cardOf, eachRank } from '../text/cards.js';
import { isDigits, isSpace, type Work } from '../text/chars.js';
import { type Budget, budget, listProblems, note, type Problems, problems, quote } from '../text/problems.js';
import { type Auction, addCall, auctionOutcome, contractOfAuction, newAuction, parseCall, type RecordContract } from './auction.js';
import { completeDeal, type DealRecord, labelOf, MAX_SEAT_CARDS, NO_MARKS, type ParseOptions, type RecordPlays } from './record.js';

/** The bridge dealer by the first digit of `md|`. */
const DEALER_BY_DIGIT: Readonly<Record<string, Seat>> = Object.freeze(Object.assign(Object.create(null), { '1': 'S', '2': 'W', '3': 'N', '4': 'E' }));

/** The order of the seats in `md|`. */
const MD_ORDER: readonly Seat[] = ['S', 'W', 'N', 'E'];

/** A deal as its pairs come: the calls and cards read at once, the rest kept as written until the deal ends. */
interface LinDeal {
  board: string | null;
  md: string | null;
  readonly auction: Auction;
  /** How many `mb|` pairs, readable or not. */
  mb: number;
  /** The first unreadable call: the calls after it are not read. */
  unreadableCall: string | null;
  readonly cards: (Card | null)[];
  readonly cardProblems: Problems;
  claim: string | null;
}

function newDeal(board: string | null): LinDeal {
  return { board, md: null, auction: newAuction(), mb: 0, unreadableCall: null, cards: [], cardProblems: problems(), claim: null };
}

/** The keys read; every other key of two letters (`other`) is chat and read past; `null` is no key. */
type Key = 'qx' | 'md' | 'ah' | 'mb' | 'pc' | 'mc' | 'other' | null;

/** The key of `text.slice(start, end)`, trimmed, in any case: a key is two ASCII letters. */
function keyAt(text: string, start: number, end: number): Key {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  if (e - s !== 2) return null;
  const a = text.charCodeAt(s) | 0x20;
  const b = text.charCodeAt(s + 1) | 0x20;
  if (a < 0x61 || a > 0x7a || b < 0x61 || b > 0x7a) return null;
  if (a === 0x71 && b === 0x78) return 'qx';
  if (a === 0x6d && (b === 0x64 || b === 0x62 || b === 0x63)) return b === 0x64 ? 'md' : b === 0x62 ? 'mb' : 'mc';
  if (a === 0x61 && b === 0x68) return 'ah';
  if (a === 0x70 && b === 0x63) return 'pc';
  return 'other';
}

/** `qx|o46` → `"46"`: the board after an optional room letter (`o` open, `c` closed); else the value trimmed. */
function boardOfQx(value: string): string | null {
  const v = value.trim();
  const room = (v.charCodeAt(0) | 0x20) === 0x6f || (v.charCodeAt(0) | 0x20) === 0x63 ? 1 : 0;
  const digits = v.slice(room);
  return isDigits(digits) ? digits : v || null;
}

/** `ah|Board 3` → `"3"`: what follows the first "board" (any case) and any whitespace, up to the next whitespace. */
function boardOfAh(value: string): string | null {
  const n = value.length;
  for (let i = 0; i + 5 <= n; i++) {
    if (
      (value.charCodeAt(i) | 0x20) === 0x62 &&
      (value.charCodeAt(i + 1) | 0x20) === 0x6f &&
      (value.charCodeAt(i + 2) | 0x20) === 0x61 &&
      (value.charCodeAt(i + 3) | 0x20) === 0x72 &&
      (value.charCodeAt(i + 4) | 0x20) === 0x64
    ) {
      let p = i + 5;
      while (p < n && isSpace(value.charCodeAt(p))) p++;
      const start = p;
      while (p < n && !isSpace(value.charCodeAt(p))) p++;
      // Nothing but whitespace after the first "board": no later one can follow it.
      return p > start ? value.slice(start, p) : null;
    }
  }
  return null;
}

interface LinReader {
  readonly source: string;
  readonly work: Work;
  readonly budget: Budget;
  readonly records: DealRecord[];
  deal: LinDeal | null;
}

/** Ends the current deal: one with a deal, a call or a card becomes a record. */
function finishDeal(r: LinReader): void {
  const deal = r.deal;
  if (deal !== null && (deal.md !== null || deal.cards.length > 0 || deal.mb > 0))
    r.records.push(recordOf(deal, r.source, r.records.length + 1, r.budget, r.work));
}

function start(r: LinReader, board: string | null): LinDeal {
  finishDeal(r);
  const deal = newDeal(board);
  r.deal = deal;
  return deal;
}

/** Takes in one `key|value|` pair. */
function readPair(r: LinReader, key: Key, value: string): void {
  if (key === 'qx') {
    start(r, boardOfQx(value));
    return;
  }
  if (key === 'md') {
    const deal = r.deal === null || r.deal.md !== null ? start(r, null) : r.deal;
    deal.md = value;
    return;
  }
  const deal = r.deal;
  if (deal === null) return;
  if (key === 'ah') deal.board = boardOfAh(value) ?? deal.board;
  else if (key === 'mb') {
    deal.mb++;
    if (deal.unreadableCall === null) {
      const call = parseCall(value.trim());
      if (call === null) deal.unreadableCall = value;
      else addCall(deal.auction, call);
    }
  } else if (key === 'pc') {
    const card = cardFromSuitFirst(value.trim());
    if (card === null) note(deal.cardProblems, () => `pc: unreadable card ${quote(value)}; the play stops there`);
    deal.cards.push(card);
  } else if (key === 'mc') deal.claim = value;
}

/** One seat's cards as `md|` writes them, `"SAK3HQJ2…"`; `null` when a rank cannot be read. */
function readSeatCards(written: string, seat: Seat, list: Problems): Card[] | null {
  const cards: Card[] = [];
  let suit: Suit | null = null;
  let leftOut = 0;
  let unreadable: string | null = null;
  eachRank(written, 0, written.length, (ch) => {
    if (ch === 'S' || ch === 'H' || ch === 'D' || ch === 'C') suit = ch;
    else if (suit === null) note(list, () => `md: ${seat}'s cards have ${JSON.stringify(ch)} before any suit letter`);
    else if (ch.length > 1 || !isSpace(ch.charCodeAt(0))) {
      const card = cardOf(ch, suit);
      if (card === null) unreadable ??= ch;
      else if (cards.length < MAX_SEAT_CARDS) cards.push(card);
      else leftOut++;
    }
  });
  if (unreadable !== null) {
    const rank: string = unreadable;
    note(list, () => `md: ${seat}'s cards ${quote(written)} hold ${quote(rank)}, which is not a rank`);
    return null;
  }
  if (leftOut > 0) note(list, `md: ${seat} has ${MAX_SEAT_CARDS + leftOut} cards; only the first ${MAX_SEAT_CARDS} are kept`);
  return cards;
}

function readMd(md: string, list: Problems, work: Work): { dealer: Seat | null; deal: DealRecord['deal'] } {
  work.steps += md.length;
  const trimmed = md.trim();
  const dealer = DEALER_BY_DIGIT[trimmed.charAt(0)] ?? null;
  if (dealer === null) note(list, () => `md: no dealer digit in ${quote(md)}`);
  const cards: Partial<Record<Seat, Card[] | null>> = {};
  // The first four comma-separated seats; anything after a fourth comma is not read.
  let from = dealer === null ? 0 : 1;
  for (const seat of MD_ORDER) {
    if (from > trimmed.length) break;
    const comma = trimmed.indexOf(',', from);
    const end = comma < 0 ? trimmed.length : comma;
    const written = trimmed.slice(from, end).trim();
    if (written !== '') cards[seat] = readSeatCards(written, seat, list);
    from = end + 1;
  }
  if (SEATS.some((seat) => cards[seat] === null)) return { dealer, deal: null };
  const dealt = completeDeal(cards);
  if ('deal' in dealt) return { dealer, deal: dealt.deal };
  note(list, `md: the cards of ${dealt.unknown.join(', ')} are unknown`);
  return { dealer, deal: null };
}

function readContract(dealer: Seat | null, deal: LinDeal, list: Problems): RecordContract {
  if (deal.unreadableCall !== null) {
    const call = deal.unreadableCall;
    note(list, () => `mb: unreadable call ${quote(call)}`);
  }
  if (dealer === null || deal.unreadableCall !== null) return { contract: null, passedOut: false };
  return contractOfAuction(auctionOutcome(deal.auction, dealer), '', list);
}

function readClaim(claim: string | null, list: Problems): number | null {
  if (claim === null) return null;
  const v = claim.trim();
  if (!isDigits(v) || Number(v) > 13) {
    note(list, () => `mc: unreadable claim ${quote(claim)}`);
    return null;
  }
  return Number(v);
}

const NO_CARDS: RecordPlays = Object.freeze({ order: 'sequence', cards: Object.freeze([]) });

function recordOf(deal: LinDeal, source: string, index: number, budget: Budget, work: Work): DealRecord {
  const list = problems();
  const { dealer, deal: cards } = deal.md === null ? { dealer: null, deal: null } : readMd(deal.md, list, work);
  if (deal.md === null) note(list, 'no md| deal');
  const { contract, passedOut } = readContract(dealer, deal, list);
  const result = readClaim(deal.claim, list);
  return {
    label: labelOf(source, index, deal.board),
    source,
    index,
    board: deal.board,
    dealer,
    deal: cards,
    contract,
    passedOut,
    plays: deal.cards.length === 0 ? NO_CARDS : { order: 'sequence', cards: deal.cards },
    marks: NO_MARKS,
    result,
    resultSource: result === null ? null : 'claim',
    problems: listProblems([list, deal.cardProblems], budget),
  };
}

/**
 * @internal Reads a LIN text known to be a string; `work` counts the characters examined. `INVALID_ARGUMENT`
 * for a text that is not blank and has no pair whose key is two letters.
 */
export function readLin(text: string, source: string, work: Work): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const r: LinReader = { source, work, budget: budget(), records: [], deal: null };
  const n = text.length;
  let keys = 0;
  // Pairs `key|value|`: the last value may end with the text instead of a `|`; a key without a `|` is dropped.
  let pos = 0;
  while (pos < n) {
    const bar = text.indexOf('|', pos);
    if (bar < 0) break;
    const next = text.indexOf('|', bar + 1);
    const end = next < 0 ? n : next;
    work.steps += end - pos + 1;
    const key = keyAt(text, pos, bar);
    if (key !== null) {
      keys++;
      if (key !== 'other') readPair(r, key, text.slice(bar + 1, end));
    }
    if (next < 0) break;
    pos = next + 1;
  }
  work.steps += 1;
  if (keys === 0) {
    let p = 0;
    while (p < n && isSpace(text.charCodeAt(p))) p++;
    work.steps += p;
    if (p < n)
      return fail('INVALID_ARGUMENT', `not LIN: the text holds no key|value| pair, such as md|…|, at ${quote(text.slice(p, p + 40))}`, { path: 'text' });
  }
  finishDeal(r);
  return ok(r.records);
}

/**
 * Reads every deal of a BBO `.lin` text: one for a hand record, many for a vugraph file.
 *
 * Whatever the text holds, the reader takes time linear in its length and never throws: what it cannot read
 * becomes a record's `problems`. A text with no `key|value|` pair at all (its key two letters) is not LIN and
 * is refused, so that a wrong file does not pass for an empty one; a blank text is an empty LIN file.
 *
 * @param text - the whole file, already decoded
 * @param options - `source`: a name for labels, e.g. the file's path (default `"lin"`)
 * @returns `{ ok: true, value }` with one {@link DealRecord} per deal, in file order: `plays` in play order
 *   (`order: 'sequence'`), `result` the claim `mc|` if any (`resultSource: 'claim'`), else `null`. Or
 *   `{ ok: false, error }` with code `INVALID_ARGUMENT`: with `path` `"text"` when the text is not a string or
 *   holds no pair (`'hello'`, a PBN file); with `path` `"options"` or `"options.<key>"` when the options are
 *   neither `undefined` nor a plain object, have another key than `source`, or `source` is not a string.
 *   Never throws, whatever it is given.
 * @example
 * ```ts
 * import { parseLin } from 'whist/records';
 *
 * const parsed = parseLin('md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|hA|mc|7|', { source: 'hand.lin' });
 * const record = parsed.ok ? parsed.value[0] : undefined;
 * record?.contract; // { level: 1, strain: 'S', declarer: 'N', risk: '' }
 * record?.plays; // { order: 'sequence', cards: ['AH'] }
 * record?.deal?.W.length; // 13
 * record?.result; // 7
 * parseLin('md|3SA|', { source: 42 } as never).ok; // false
 * parseLin('[Deal "N:- - - -"]').ok; // false
 * ```
 * @remarks Source: BBO LIN format as written by Bridge Base Online (hand records and vugraph archives).
 * @group Records
 */
export function parseLin(text: string, options?: ParseOptions): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const source = readSource(text, options, 'lin');
  return source.ok ? readLin(text, source.value, { steps: 0 }) : source;
}
