/**
 * Bridge deal records in BBO's `.lin` format (Bridge Base Online hand records and vugraph files), read into
 * the same {@link DealRecord}s as PBN.
 *
 * LIN as read here (BBO's format has no published standard; this follows the files BBO writes):
 * - The text is a run of `key|value|` pairs; line breaks between pairs mean nothing. Keys are trimmed and
 *   read in any case; whitespace is what JavaScript's `trim` removes, as in the PBN reader.
 * - `md|` holds the deal: its first character is the bridge dealer (1 = S, 2 = W, 3 = N, 4 = E), then the hands
 *   of South, West, North and East, whoever dealt, separated by commas. Each hand is suit letters (S H D C,
 *   any case) each followed by its ranks, in any order. The fourth hand may be left out: it is the 13 cards
 *   the other three do not hold.
 * - `mb|` is a call: `p`, `d` (or `x`), `r` (or `xx`), `1C` … `7N`, alerts `!` at the end; the dealer calls first.
 * - `pc|` is a card played, suit first, any case (`pc|hQ`), in play order.
 * - `mc|N` is a claim: declarer's total tricks, the only result a `.lin` file gives.
 * - A vugraph file holds many deals: each `qx|` (e.g. `qx|o46`, open room board 46) starts a new deal, and so
 *   does an `md|` that is not the first of its `qx|`. Chat (`nt|`), alerts (`an|`), names (`pn|`) and page
 *   breaks (`pg|`) are read past; `ah|Board 3` names the board.
 *
 * The same limits as the PBN reader's apply (52 cards a hand, 100 problems a record, 10,000 a file, 40
 * characters quoted), and the same cost: time linear in the text's length, memory for the reading itself a
 * small constant times it, the records returned aside.
 *
 * @module
 */

import { ok, type Result } from '../errors.js';
import type { Seat } from '../seats.js';
import {
  type Auction,
  addCall,
  auctionOutcome,
  type Budget,
  budget,
  type Contract,
  cardFromSuitFirst,
  cardOf,
  completeHands,
  type DealRecord,
  eachRank,
  isDigits,
  isSpace,
  labelOf,
  listProblems,
  MAX_HAND_CARDS,
  NO_MARKS,
  newAuction,
  note,
  type ParseOptions,
  type Problems,
  parseCall,
  problems,
  quote,
  type RecordPlay,
  readArguments,
  type Work,
} from './pbn.js';

/** The bridge dealer by the first digit of `md|`. */
const DEALER_BY_DIGIT: Readonly<Record<string, Seat>> = Object.freeze(Object.assign(Object.create(null), { '1': 'S', '2': 'W', '3': 'N', '4': 'E' }));

/** The order of the hands in `md|`. */
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
  readonly cards: string[];
  readonly cardProblems: Problems;
  claim: string | null;
}

function newDeal(board: string | null): LinDeal {
  return { board, md: null, auction: newAuction(), mb: 0, unreadableCall: null, cards: [], cardProblems: problems(), claim: null };
}

/** The keys read; every other key is chat and read past. */
type Key = 'qx' | 'md' | 'ah' | 'mb' | 'pc' | 'mc' | null;

/** The key of `text.slice(start, end)`, trimmed, in any case (only two ASCII letters can be a key read). */
function keyAt(text: string, start: number, end: number): Key {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  if (e - s !== 2) return null;
  const a = text.charCodeAt(s) | 0x20;
  const b = text.charCodeAt(s + 1) | 0x20;
  if (a === 0x71 && b === 0x78) return 'qx';
  if (a === 0x6d) return b === 0x64 ? 'md' : b === 0x62 ? 'mb' : b === 0x63 ? 'mc' : null;
  if (a === 0x61 && b === 0x68) return 'ah';
  if (a === 0x70 && b === 0x63) return 'pc';
  return null;
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
    if (card === null) note(deal.cardProblems, () => `pc: unreadable card ${quote(value)}`);
    deal.cards.push(card ?? value);
  } else if (key === 'mc') deal.claim = value;
}

function readLinHand(hand: string, seat: Seat, list: Problems): string[] {
  const cards: string[] = [];
  let suit: 'S' | 'H' | 'D' | 'C' | null = null;
  let leftOut = 0;
  eachRank(hand, 0, hand.length, (ch) => {
    if (ch === 'S' || ch === 'H' || ch === 'D' || ch === 'C') suit = ch;
    else if (suit === null) note(list, () => `md: the ${seat} hand has ${JSON.stringify(ch)} before any suit letter`);
    else if (ch.length > 1 || !isSpace(ch.charCodeAt(0))) {
      if (cards.length < MAX_HAND_CARDS) cards.push(cardOf(ch, suit));
      else leftOut++;
    }
  });
  if (leftOut > 0) note(list, `md: the ${seat} hand has ${MAX_HAND_CARDS + leftOut} cards; only the first ${MAX_HAND_CARDS} are kept`);
  return cards;
}

function readMd(md: string, list: Problems, work: Work): { dealer: Seat | null; hands: Record<Seat, string[]> | null } {
  work.steps += md.length;
  const trimmed = md.trim();
  const dealer = DEALER_BY_DIGIT[trimmed.charAt(0)] ?? null;
  if (dealer === null) note(list, () => `md: no dealer digit in ${quote(md)}`);
  const hands: Partial<Record<Seat, string[]>> = {};
  // The first four comma-separated hands; anything after a fourth comma is not read.
  let from = dealer === null ? 0 : 1;
  for (const seat of MD_ORDER) {
    if (from > trimmed.length) break;
    const comma = trimmed.indexOf(',', from);
    const end = comma < 0 ? trimmed.length : comma;
    const hand = trimmed.slice(from, end).trim();
    if (hand !== '') hands[seat] = readLinHand(hand, seat, list);
    from = end + 1;
  }
  return { dealer, hands: completeHands(hands, 'md', list) };
}

function readContract(dealer: Seat | null, deal: LinDeal, list: Problems): { contract: Contract | null; passedOut: boolean } {
  if (deal.unreadableCall !== null) {
    const call = deal.unreadableCall;
    note(list, () => `mb: unreadable call ${quote(call)}`);
  }
  if (dealer === null || deal.unreadableCall !== null) return { contract: null, passedOut: false };
  const outcome = auctionOutcome(deal.auction, dealer);
  if (outcome.kind === 'passedOut') return { contract: null, passedOut: true };
  if (outcome.kind === 'unknown') {
    note(list, `no contract: ${outcome.reason}`);
    return { contract: null, passedOut: false };
  }
  if (!outcome.complete) note(list, 'the contract is taken from an auction that does not end with three passes');
  return { contract: outcome.contract, passedOut: false };
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

const NO_CARDS: RecordPlay = Object.freeze({ order: 'sequence', cards: Object.freeze([]) });

function recordOf(deal: LinDeal, source: string, index: number, budget: Budget, work: Work): DealRecord {
  const list = problems();
  const { dealer, hands } = deal.md === null ? { dealer: null, hands: null } : readMd(deal.md, list, work);
  if (deal.md === null) note(list, 'no md| deal');
  const { contract, passedOut } = readContract(dealer, deal, list);
  const result = readClaim(deal.claim, list);
  return {
    label: labelOf(source, index, deal.board),
    source,
    index,
    board: deal.board,
    dealer,
    hands,
    contract,
    passedOut,
    play: deal.cards.length === 0 ? NO_CARDS : { order: 'sequence', cards: deal.cards },
    marks: NO_MARKS,
    result,
    resultSource: result === null ? null : 'claim',
    problems: listProblems([list, deal.cardProblems], budget),
  };
}

/** @internal Reads a LIN text known to be a string; `work` counts the characters examined. */
export function readLin(text: string, source: string, work: Work): DealRecord[] {
  const r: LinReader = { source, work, budget: budget(), records: [], deal: null };
  const n = text.length;
  // Pairs `key|value|`: the last value may end with the text instead of a `|`; a key without a `|` is dropped.
  let pos = 0;
  while (pos < n) {
    const bar = text.indexOf('|', pos);
    if (bar < 0) break;
    const next = text.indexOf('|', bar + 1);
    const end = next < 0 ? n : next;
    work.steps += end - pos + 1;
    const key = keyAt(text, pos, bar);
    if (key !== null) readPair(r, key, text.slice(bar + 1, end));
    if (next < 0) break;
    pos = next + 1;
  }
  work.steps += 1;
  finishDeal(r);
  return r.records;
}

/**
 * Reads every deal of a BBO `.lin` text: one for a hand record, many for a vugraph file.
 *
 * Whatever the text holds, the reader takes time linear in its length and never throws: what it cannot read
 * becomes a record's `problems`.
 *
 * @param text - the whole file, already decoded
 * @param options - `source`: a name for labels, e.g. the file's path (default `"lin"`)
 * @returns `{ ok: true, value }` with one {@link DealRecord} per deal, in file order: `play` is in play order
 *   (`order: 'sequence'`), `result` is the claim `mc|` if any (`resultSource: 'claim'`), else `null`. Or
 *   `{ ok: false, error }` with code `INVALID_ARGUMENT` (and `path` `"text"`, `"options"` or `"options.source"`)
 *   when the text is not a string, the options are neither `undefined` nor a plain object, or `source` is not
 *   a string. Never throws, whatever it is given.
 * @example
 * ```ts
 * import { parseLin } from 'whist/records';
 *
 * const parsed = parseLin('md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|hA|mc|7|', { source: 'hand.lin' });
 * const record = parsed.ok ? parsed.value[0] : undefined;
 * record?.contract; // { level: 1, strain: 'S', declarer: 'N', risk: '' }
 * record?.play; // { order: 'sequence', cards: ['AH'] }
 * record?.result; // 7
 * parseLin('md|3SA|', { source: 42 } as never).ok; // false
 * ```
 * @remarks Source: BBO LIN format as written by Bridge Base Online (hand records and vugraph archives).
 * @group Records
 */
export function parseLin(text: string, options?: ParseOptions): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const source = readArguments(text, options, 'lin');
  if (!source.ok) return source;
  return ok(readLin(text, source.value, { steps: 0 }));
}
