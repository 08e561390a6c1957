/**
 * Bridge deal records in BBO's `.lin` format (Bridge Base Online hand records and vugraph files), read into
 * the same {@link DealRecord}s as PBN.
 *
 * LIN as read here (BBO's format has no published standard; this follows the files BBO writes):
 * - The text is a run of `key|value|` pairs; line breaks between pairs mean nothing.
 * - `md|` holds the deal: its first character is the bridge dealer (1 = S, 2 = W, 3 = N, 4 = E), then the hands
 *   of South, West, North and East, whoever dealt, separated by commas. Each hand is suit letters (S H D C,
 *   any case) each followed by its ranks, in any order. The fourth hand may be left out: it is the 13 cards
 *   the other three do not hold.
 * - `mb|` is a call: `p`, `d` (or `x`), `r` (or `xx`), `1C` … `7N`, an alert `!` at the end; the dealer calls first.
 * - `pc|` is a card played, suit first, any case (`pc|hQ`), in play order.
 * - `mc|N` is a claim: declarer's total tricks, the only result a `.lin` file gives.
 * - A vugraph file holds many deals: each `qx|` (e.g. `qx|o46`, open room board 46) starts a new deal, and so
 *   does an `md|` that is not the first of its `qx|`. Chat (`nt|`), alerts (`an|`), names (`pn|`) and page
 *   breaks (`pg|`) are read past; `ah|Board 3` names the board.
 *
 * @module
 */

import type { Suit } from '../cards.js';
import type { Seat } from '../seats.js';
import { type Call, cardFromSuitFirst, completeHands, type Contract, contractFromAuction, type DealRecord, type ParseOptions, parseCall } from './pbn.js';

/** The bridge dealer by the first digit of `md|`. */
const DEALER_BY_DIGIT: Readonly<Record<string, Seat>> = { '1': 'S', '2': 'W', '3': 'N', '4': 'E' };

/** The order of the hands in `md|`. */
const MD_ORDER: readonly Seat[] = ['S', 'W', 'N', 'E'];

interface LinDeal {
  board: string | null;
  md: string | null;
  calls: string[];
  cards: string[];
  claim: string | null;
}

function emptyDeal(board: string | null): LinDeal {
  return { board, md: null, calls: [], cards: [], claim: null };
}

/** The `key|value|` pairs of a LIN text; keys trimmed and lower-cased. */
function pairs(text: string): [string, string][] {
  const parts = text.split('|');
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) out.push([(parts[i] as string).trim().toLowerCase(), parts[i + 1] as string]);
  return out;
}

function boardOfQx(value: string): string | null {
  const m = /^\s*[oc]?(\d+)\s*$/i.exec(value);
  return m ? (m[1] as string) : value.trim() || null;
}

function boardOfAh(value: string): string | null {
  const m = /board\s*(\S+)/i.exec(value);
  return m ? (m[1] as string) : null;
}

/** Takes in one `key|value|` pair of a deal's play: the board name, a call, a card, a claim; the rest is chat. */
function addPair(deal: LinDeal, key: string, value: string): void {
  if (key === 'ah') deal.board = boardOfAh(value) ?? deal.board;
  else if (key === 'mb') deal.calls.push(value);
  else if (key === 'pc') deal.cards.push(value);
  else if (key === 'mc') deal.claim = value;
}

function splitDeals(text: string): LinDeal[] {
  const deals: LinDeal[] = [];
  let deal: LinDeal | null = null;
  const start = (board: string | null): LinDeal => {
    const d = emptyDeal(board);
    deals.push(d);
    return d;
  };
  for (const [key, value] of pairs(text)) {
    if (key === 'qx') {
      deal = start(boardOfQx(value));
    } else if (key === 'md') {
      if (deal === null || deal.md !== null) deal = start(null);
      deal.md = value;
    } else if (deal !== null) {
      addPair(deal, key, value);
    }
  }
  return deals.filter((d) => d.md !== null || d.cards.length > 0 || d.calls.length > 0);
}

function readLinHand(hand: string, seat: Seat, problems: string[]): string[] {
  const cards: string[] = [];
  let suit: Suit | null = null;
  for (const ch of hand.toUpperCase().replace(/10/g, 'T')) {
    if (ch === 'S' || ch === 'H' || ch === 'D' || ch === 'C') suit = ch;
    else if (suit === null) problems.push(`md: the ${seat} hand has ${JSON.stringify(ch)} before any suit letter`);
    else if (ch.trim() !== '') cards.push(`${ch}${suit}`);
  }
  return cards;
}

function readMd(md: string, problems: string[]): { dealer: Seat | null; hands: Record<Seat, string[]> | null } {
  const dealer = DEALER_BY_DIGIT[md.trim().charAt(0)] ?? null;
  if (dealer === null) problems.push(`md: no dealer digit in ${JSON.stringify(md)}`);
  const written = md
    .trim()
    .slice(dealer === null ? 0 : 1)
    .split(',');
  const hands: Partial<Record<Seat, string[]>> = {};
  MD_ORDER.forEach((seat, i) => {
    const hand = (written[i] ?? '').trim();
    if (hand !== '') hands[seat] = readLinHand(hand, seat, problems);
  });
  return { dealer, hands: completeHands(hands, 'md', problems) };
}

function readCalls(calls: readonly string[], problems: string[]): Call[] | null {
  const out: Call[] = [];
  for (const text of calls) {
    const call = parseCall(text.trim());
    if (call === null) {
      problems.push(`mb: unreadable call ${JSON.stringify(text)}`);
      return null;
    }
    out.push(call);
  }
  return out;
}

function readContract(dealer: Seat | null, calls: readonly string[], problems: string[]): { contract: Contract | null; passedOut: boolean } {
  const read = readCalls(calls, problems);
  if (dealer === null || read === null) return { contract: null, passedOut: false };
  const outcome = contractFromAuction(dealer, read);
  if (outcome.kind === 'passedOut') return { contract: null, passedOut: true };
  if (outcome.kind === 'unknown') {
    problems.push(`no contract: ${outcome.reason}`);
    return { contract: null, passedOut: false };
  }
  if (!outcome.complete) problems.push('the contract is taken from an auction that does not end with three passes');
  return { contract: outcome.contract, passedOut: false };
}

function readClaim(claim: string | null, problems: string[]): number | null {
  if (claim === null) return null;
  const n = /^\s*(\d+)\s*$/.exec(claim);
  if (!n || Number(n[1]) > 13) {
    problems.push(`mc: unreadable claim ${JSON.stringify(claim)}`);
    return null;
  }
  return Number(n[1]);
}

function readCard(text: string, problems: string[]): string {
  const card = cardFromSuitFirst(text.trim());
  if (card === null) problems.push(`pc: unreadable card ${JSON.stringify(text)}`);
  return card ?? text;
}

function recordOf(deal: LinDeal, source: string, index: number): DealRecord {
  const problems: string[] = [];
  const { dealer, hands } = deal.md === null ? { dealer: null, hands: null } : readMd(deal.md, problems);
  if (deal.md === null) problems.push('no md| deal');
  const { contract, passedOut } = readContract(dealer, deal.calls, problems);
  const result = readClaim(deal.claim, problems);
  return {
    label: deal.board ? `${source} #${index} board ${deal.board}` : `${source} #${index}`,
    source,
    index,
    board: deal.board,
    dealer,
    hands,
    contract,
    passedOut,
    play: { order: 'sequence', cards: deal.cards.map((c) => readCard(c, problems)) },
    marks: [],
    result,
    resultSource: result === null ? null : 'claim',
    problems,
  };
}

/**
 * Reads every deal of a BBO `.lin` text: one for a hand record, many for a vugraph file.
 *
 * @param text - the whole file, already decoded
 * @param options - `source`: a name for labels, e.g. the file's path
 * @returns one {@link DealRecord} per deal, in file order; never throws. `play` is in play order
 *   (`order: 'sequence'`), `result` is the claim `mc|` if any (`resultSource: 'claim'`), else `null`.
 * @example
 * ```ts
 * const [record] = parseLin('md|3SAKQ…,S…,S…,|mb|1S|mb|p|mb|p|mb|p|pc|hA|…', { source: 'hand.lin' });
 * record.contract?.declarer; // 'N'
 * ```
 * @remarks Source: BBO LIN format as written by Bridge Base Online (hand records and vugraph archives).
 */
export function parseLin(text: string, options: ParseOptions = {}): DealRecord[] {
  const source = options.source ?? 'lin';
  return splitDeals(text).map((deal, i) => recordOf(deal, source, i + 1));
}
