/**
 * Bridge deal records in Portable Bridge Notation (PBN 2.1), read into {@link DealRecord}s, and the record
 * model shared with the BBO `.lin` reader.
 *
 * Bridge records map onto Whist: the trump suit comes from the contract (`null` in no-trump) and the opening
 * leader sits on declarer's left, so in Whist terms declarer is the dealer and the opening leader is eldest
 * hand. The bidding itself has no Whist meaning; it is read only to find the contract when a record leaves
 * the Contract or Declarer tag empty.
 *
 * PBN as read here (PBN 2.1, Tis Veugen et al., 2017; the real files of the 1990s-2010s):
 * - Games are separated by empty lines (3.1). A tag that repeats inside a game also starts a new game, with a
 *   problem noted: some files forget the empty line.
 * - Whitespace is what JavaScript's `\s` and `String.prototype.trim` call whitespace, everywhere: the ASCII
 *   spaces, tabs and line ends, and Unicode's (U+00A0 no-break space, the U+FEFF byte-order mark, U+2028,
 *   U+3000, …). Only U+000A (line feed) ends a line; a line holding only whitespace is empty.
 * - `%` at the start of a line escapes the whole line (2.4); `;` comments run to the end of the line and
 *   `{…}` comments may span lines (3.8); a `{` inside a comment is text, the first `}` ends it.
 * - A tag is `[Name "value"]` on one line; the name and its opening quote must come within 200 characters of
 *   the `[`. `\"` and `\\` in a value are a quote and a backslash (2.5).
 * - A tag value `#` means "the value of the same tag in the previous game" (4.8, tag value inheritance).
 * - Deal: `"S:KJ63.Q953.AK2.T7 …"`, the seat of the first hand, then four hands clockwise, suits S.H.D.C
 *   separated by dots; `-` for an unknown hand (3.4). One unknown hand is taken as the cards the other
 *   three do not hold; with more unknown, the record has no full deal.
 * - Auction and Play sections: the tokens after their tags (3.5, 3.6). Note references `=1=`, glyphs `$12`,
 *   suffixes `!` `?` `!!` `!?` …, and irregularities `^R` (revoke) `^L` … (3.9) are read past; `*` ends a
 *   section; `-` or `--` is an unknown card or call; `AP` is "all pass".
 * - The Play section is laid out by seat, not in play order: each group of four cards is one trick, starting
 *   with the seat of the Play tag (the opening leader) and going clockwise, whoever led that trick (3.6).
 * - Contract `"Pass"` is a passed-out deal (3.4); an empty or missing Contract or Declarer is taken from the
 *   auction.
 * - Result: the tricks won by declarer (3.4); the forms `"NS 9"` / `"EW 4"` name a side's tricks instead.
 *
 * Nothing here validates cards: a record keeps what the file says (in the library's card notation, rank then
 * suit), and the engine judges it when the record is replayed. Only absurd sizes are cut, each with a problem:
 * a hand keeps at most 52 cards, a play at most 52 irregularity marks, a record at most 100 problems and a file
 * at most 10,000 (then `"…and 12,345 more problems"`), and a quoted piece of text at most 40 characters.
 *
 * Cost, for any text (see `whist/records`): time linear in its length; memory for the reading itself a small
 * constant times its length, the records returned aside.
 *
 * @module
 */

import { FULL_DECK, type Suit } from '../cards.js';
import { describe, fail, ok, onlyWhistErrors, type Result, WhistError } from '../errors.js';
import { isSeat, nextSeat, SEATS, type Seat, type Side, sideOf } from '../seats.js';

/**
 * A contract as a bridge record gives it, with the seat that plays it.
 *
 * @group Records
 */
export interface Contract {
  /** Tricks bid above six, 1-7. */
  readonly level: number;
  /** The trump suit, or `null` for no-trump. */
  readonly strain: Suit | null;
  /** Declarer: the Whist dealer when the deal is replayed; the opening leader sits on declarer's left. */
  readonly declarer: Seat;
  /** `''` undoubled, `'X'` doubled, `'XX'` redoubled. */
  readonly risk: '' | 'X' | 'XX';
}

/**
 * One trick of a PBN Play section: the card each seat played, as written; a missing seat is an unknown card.
 *
 * @group Records
 */
export type TrickRow = Partial<Record<Seat, string>>;

/**
 * The play as a record gives it.
 * - `bySeat` (PBN): one row per trick, each row holding the seats' cards; play order is rebuilt by the replayer.
 * - `sequence` (LIN): the cards in the order played.
 * @group Records
 */
export type RecordPlay =
  | { readonly order: 'bySeat'; readonly leader: Seat | null; readonly tricks: readonly TrickRow[] }
  | { readonly order: 'sequence'; readonly cards: readonly string[] };

/**
 * An irregularity mark written in a PBN Play section (PBN 2.1, 3.9), e.g. `^R` for a revoke.
 *
 * The mark is kept where it stands: in which trick's row, and before which seat's card. The real files
 * (European championships of 1997 and 1999) write `^R` just before the revoking card, e.g. `S8 S3 S9 ^R CT`.
 * @group Records
 */
export interface PlayMark {
  /** The letter after `^`, e.g. `'R'`. */
  readonly mark: string;
  /** The trick, counted from 1, in whose row the mark stands. */
  readonly trick: number;
  /** The seat whose card comes next in the row after the mark: for `^R` in the real files, the revoking seat. */
  readonly seat: Seat;
}

/**
 * One deal read from a record file: what the file says, not yet checked by the engine.
 *
 * `contract: null` with `passedOut: true` is a deal passed out in the auction (nothing to play);
 * `contract: null` with `passedOut: false` is a deal whose contract the record does not give.
 *
 * Records are plain JSON. Empty arrays and empty plays may be shared between records and are frozen.
 * @group Records
 */
export interface DealRecord {
  /** Human-readable and unique within a file: `"<source> #<n>"`, plus `" board <b>"` when the board is known. */
  readonly label: string;
  /** The source name passed in by the caller (e.g. a file path). */
  readonly source: string;
  /** The deal's position in its file, counted from 1. */
  readonly index: number;
  /** The board number or name as written, or `null`. */
  readonly board: string | null;
  /** The bridge dealer (who called first), or `null` when not given. Not the Whist dealer: see {@link Contract.declarer}. */
  readonly dealer: Seat | null;
  /** The four hands as written, in card notation (`"KS"`, `"TD"`), or `null` when the record gives no full deal. */
  readonly hands: Readonly<Record<Seat, readonly string[]>> | null;
  /** The contract, or `null` (see `passedOut`). */
  readonly contract: Contract | null;
  /** Whether the deal was passed out. */
  readonly passedOut: boolean;
  /** The play as written. */
  readonly play: RecordPlay;
  /** Irregularity marks in the play (PBN `^R` …), at most 52. */
  readonly marks: readonly PlayMark[];
  /** Declarer's total tricks as the record states it, or `null` when it does not. */
  readonly result: number | null;
  /** Where `result` comes from: a PBN Result tag, a LIN claim (`mc`), or nowhere. */
  readonly resultSource: 'result' | 'claim' | null;
  /**
   * Everything the reader could not take at face value, in words. Empty for a clean record. At most 100 are
   * listed per record and 10,000 per file; a last line `"…and 12,345 more problems"` counts the rest.
   */
  readonly problems: readonly string[];
}

/**
 * Options of {@link parsePbn} and `parseLin`.
 *
 * @group Records
 */
export interface ParseOptions {
  /** A name for the text, used in labels, e.g. the file's path. Default `"pbn"` or `"lin"`. */
  readonly source?: string;
}

/**
 * A call of a bridge auction: a bid, a pass, a double or a redouble.
 *
 * @group Records
 */
export type Call = { readonly kind: 'bid'; readonly level: number; readonly strain: Suit | null } | { readonly kind: 'pass' | 'double' | 'redouble' };

/**
 * What an auction comes to.
 *
 * @group Records
 */
export type AuctionOutcome =
  | { readonly kind: 'contract'; readonly contract: Contract; readonly complete: boolean }
  | { readonly kind: 'passedOut' }
  | { readonly kind: 'unknown'; readonly reason: string };

// ---------------------------------------------------------------------------------------------------------
// Limits, shared with the LIN reader.

/** @internal At most this many problems are listed per record. */
export const MAX_PROBLEMS_PER_RECORD = 100;
/** @internal At most this many problems are listed per file. */
export const MAX_PROBLEMS_PER_FILE = 10_000;
/** @internal A hand keeps at most this many cards (a real one has 13). */
export const MAX_HAND_CARDS = 52;
/** @internal A PBN play keeps at most this many irregularity marks. */
export const MAX_MARKS = 52;
/** How many characters of a piece of text a problem quotes. */
const SHOWN = 40;
/** How far after `[` a tag's name and opening quote may come. */
const TAG_HEAD = 200;

// Character codes.
const LF = 10;
const BANG = 33;
const QUOTE = 34;
const DOLLAR = 36;
const PERCENT = 37;
const STAR = 42;
const DASH = 45;
const DOT = 46;
const ZERO = 48;
const ONE = 49;
const NINE = 57;
const COLON = 58;
const SEMICOLON = 59;
const EQUALS = 61;
const QUESTION = 63;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const CARET = 94;
const OPEN_BRACE = 123;

// ---------------------------------------------------------------------------------------------------------
// Text helpers, shared with the LIN reader.

/**
 * @internal Counts the characters the readers examine. Tests read it to check that the work done is linear
 * in the text's length; it has no effect on what is read.
 */
export interface Work {
  steps: number;
}

/**
 * @internal Whether a UTF-16 code unit is whitespace: exactly the characters JavaScript's `\s` matches and
 * `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator). The one definition both readers use.
 */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** The first {@link SHOWN} characters of a long text, not cutting a surrogate pair in two. */
function head(s: string): string {
  const end = s.charCodeAt(SHOWN - 1) >= 0xd800 && s.charCodeAt(SHOWN - 1) <= 0xdbff ? SHOWN - 1 : SHOWN;
  return s.slice(0, end);
}

/** @internal A piece of the text for a problem, in quotes: `"H5x"`, or its first 40 characters and its length. */
export function quote(s: string): string {
  return s.length <= SHOWN ? JSON.stringify(s) : `${JSON.stringify(head(s))}… (${grouped(s.length)} characters)`;
}

/** @internal A piece of the text for a problem, as it stands: at most its first 40 characters and its length. */
export function clip(s: string): string {
  return s.length <= SHOWN ? s : `${head(s)}… (${grouped(s.length)} characters)`;
}

/** `12345` → `"12,345"`. */
function grouped(n: number): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits.charAt(i);
  }
  return out;
}

/** @internal The problems of one part of a record: the first {@link MAX_PROBLEMS_PER_RECORD} kept, the rest counted. */
export interface Problems {
  readonly kept: string[];
  more: number;
}

/** @internal An empty problem list. */
export function problems(): Problems {
  return { kept: [], more: 0 };
}

/** @internal Notes a problem; a message built by a function is built only when it is kept. */
export function note(list: Problems, message: string | (() => string)): void {
  if (list.kept.length < MAX_PROBLEMS_PER_RECORD) list.kept.push(typeof message === 'string' ? message : message());
  else list.more++;
}

/** @internal Notes every problem of `from` in `into`, in order. */
export function merge(into: Problems, from: Problems): void {
  for (const message of from.kept) note(into, message);
  into.more += from.more;
}

/** @internal How many more problems a file may list, and the lists of records past that, shared by count. */
export interface Budget {
  left: number;
  readonly unlisted: Map<number, readonly string[]>;
}

/** @internal A file's budget of problems. */
export function budget(left = MAX_PROBLEMS_PER_FILE): Budget {
  return { left, unlisted: new Map() };
}

const NO_PROBLEMS: readonly string[] = Object.freeze([]);

/**
 * @internal A record's problems: its parts' problems in order, at most {@link MAX_PROBLEMS_PER_RECORD} and at
 * most what is left of the file's budget, then one line counting the rest.
 */
export function listProblems(parts: readonly Problems[], file: Budget): readonly string[] {
  let total = 0;
  let kept = 0;
  for (const part of parts) {
    total += part.kept.length + part.more;
    kept += part.kept.length;
  }
  if (total === 0) return NO_PROBLEMS;
  const shown = Math.max(0, Math.min(kept, MAX_PROBLEMS_PER_RECORD, file.left));
  const rest = total - shown;
  if (shown === 0) {
    // Past the file's budget, records with as many problems share one frozen list: a text of a million tiny
    // deals keeps no message of its own per deal.
    let list = file.unlisted.get(rest);
    if (list === undefined) {
      list = Object.freeze([`${grouped(rest)} problems, not listed: a file lists at most ${grouped(MAX_PROBLEMS_PER_FILE)}`]);
      if (file.unlisted.size < 1000) file.unlisted.set(rest, list);
    }
    return list;
  }
  const out = new Array<string>(shown + (rest > 0 ? 1 : 0));
  let i = 0;
  for (const part of parts) {
    for (const message of part.kept) {
      if (i >= shown) break;
      out[i++] = message;
    }
  }
  file.left -= shown;
  if (rest > 0) out[i] = `…and ${grouped(rest)} more problems`;
  return out;
}

/**
 * @internal The `source` of the options, or the default; `INVALID_ARGUMENT` for text that is not a string,
 * options that are not a plain object, or a source that is not a string. Never throws.
 */
export function readArguments(text: unknown, options: unknown, fallback: string): Result<string, 'INVALID_ARGUMENT'> {
  if (typeof text !== 'string') return fail('INVALID_ARGUMENT', `text must be a string, not ${describe(text)}`, { path: 'text' });
  if (options === undefined) return ok(fallback);
  try {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      return fail('INVALID_ARGUMENT', `options must be a plain object or undefined, not ${describe(options)}`, { path: 'options' });
    }
    const proto: unknown = Object.getPrototypeOf(options);
    if (proto !== null && Object.getPrototypeOf(proto) !== null) {
      return fail('INVALID_ARGUMENT', 'options must be a plain object or undefined, not an instance of a class', { path: 'options' });
    }
    for (const key of Object.keys(options))
      if (key !== 'source') return fail('INVALID_ARGUMENT', `${describe(key)} is not an option: the only option is source`, { path: `options.${key}` });
    const source: unknown = (options as { source?: unknown }).source;
    if (source === undefined) return ok(fallback);
    if (typeof source !== 'string') return fail('INVALID_ARGUMENT', `options.source must be a string, not ${describe(source)}`, { path: 'options.source' });
    return ok(source);
  } catch {
    // A getter or Proxy trap of the options threw, or the options are a revoked Proxy.
    return fail('INVALID_ARGUMENT', 'options could not be read: reading them throws', { path: 'options' });
  }
}

/** Cards as strings, one string per card: `CARD[suit][rank]`. Hands of a huge hostile text share them. */
const CARD: Readonly<Record<Suit, Readonly<Record<string, string>>>> = (() => {
  const table: Record<Suit, Record<string, string>> = { S: Object.create(null), H: Object.create(null), D: Object.create(null), C: Object.create(null) };
  for (const card of FULL_DECK) table[card.charAt(1) as Suit][card.charAt(0)] = card;
  return table;
})();

/** @internal A card from a rank as written (any character) and a suit: one of the 52 shared strings when it is one. */
export function cardOf(rank: string, suit: Suit): string {
  return CARD[suit][rank] ?? `${rank}${suit}`;
}

/** The suit of a suit letter, either case. */
function suitOfLetter(c: number): Suit | null {
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

// ---------------------------------------------------------------------------------------------------------
// Calls and contracts.

/** A lookup table without a prototype: no key of the text can reach `Object.prototype`. */
function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

const STRAIN_INDEX = table({ S: 0, H: 1, D: 2, C: 3, N: 4, NT: 4 });
const STRAINS: readonly (Suit | null)[] = ['S', 'H', 'D', 'C', null];
const PASS: Call = Object.freeze({ kind: 'pass' });
const DOUBLE: Call = Object.freeze({ kind: 'double' });
const REDOUBLE: Call = Object.freeze({ kind: 'redouble' });
/** `BID[level - 1][strain index]`, shared: a long auction keeps no call objects of its own. */
const BID: readonly (readonly Call[])[] = [1, 2, 3, 4, 5, 6, 7].map((level) => STRAINS.map((strain) => Object.freeze({ kind: 'bid', level, strain }) as Call));

/**
 * Reads one call as PBN (3.5) or BBO's LIN writes it.
 *
 * @param token - `"Pass"`, `"P"`, `"X"`, `"D"`, `"XX"`, `"R"`, `"1C"` … `"7NT"` (or `"7N"`), any case;
 *   trailing alerts `!` are ignored
 * @returns the call (a shared, frozen object), or `null` for anything else (`AP`, `-`, notes, a value that
 *   is not a string); never throws
 * @example
 * ```ts
 * import { parseCall } from 'whist/records';
 *
 * parseCall('3NT'); // { kind: 'bid', level: 3, strain: null }
 * parseCall('xx'); // { kind: 'redouble' }
 * parseCall('2s!'); // { kind: 'bid', level: 2, strain: 'S' }
 * parseCall('AP'); // null
 * ```
 * @remarks Source: PBN 2.1, 3.5 (calls); BBO LIN `mb|` values (`p`, `d`, `r`, `1N`).
 * @group Records
 */
export function parseCall(token: string): Call | null {
  if (typeof token !== 'string') return null;
  let end = token.length;
  while (end > 0 && token.charCodeAt(end - 1) === BANG) end--;
  // The longest call is four characters, and upper-casing never shortens a string.
  if (end === 0 || end > 4) return null;
  const t = token.slice(0, end).toUpperCase();
  if (t === 'PASS' || t === 'P') return PASS;
  if (t === 'X' || t === 'D' || t === 'DBL') return DOUBLE;
  if (t === 'XX' || t === 'R' || t === 'RDBL') return REDOUBLE;
  const level = t.charCodeAt(0) - ZERO;
  const strain = STRAIN_INDEX[t.slice(1)];
  if (level < 1 || level > 7 || strain === undefined || t.length > 3) return null;
  return BID[level - 1]?.[strain] ?? null;
}

/** @internal An auction read call by call, keeping no list of calls. */
export interface Auction {
  calls: number;
  /** The last bid's level (0: no bid yet), strain index and call index. */
  lastLevel: number;
  lastStrain: number;
  lastIndex: number;
  risk: Contract['risk'];
  passesSince: number;
  /** The index of the first call naming each strain, by side parity: `[parity * 5 + strain]`, -1 if none. */
  readonly firstToName: number[];
}

/** @internal An auction with no calls yet. */
export function newAuction(): Auction {
  return { calls: 0, lastLevel: 0, lastStrain: 0, lastIndex: 0, risk: '', passesSince: 0, firstToName: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1] };
}

/** @internal Takes in the next call. */
export function addCall(a: Auction, call: Call): void {
  const i = a.calls++;
  if (call.kind === 'bid') {
    const strain = call.strain === null ? 4 : (STRAIN_INDEX[call.strain] as number);
    a.lastLevel = call.level;
    a.lastStrain = strain;
    a.lastIndex = i;
    a.risk = '';
    a.passesSince = 0;
    const key = (i % 2) * 5 + strain;
    if (a.firstToName[key] === -1) a.firstToName[key] = i;
  } else if (call.kind === 'pass') {
    a.passesSince++;
  } else {
    a.risk = call.kind === 'double' ? 'X' : 'XX';
    a.passesSince = 0;
  }
}

/** @internal What the auction comes to, given who called first. */
export function auctionOutcome(a: Auction, first: Seat): AuctionOutcome {
  if (a.lastLevel === 0) {
    return a.calls >= 4 ? { kind: 'passedOut' } : { kind: 'unknown', reason: a.calls === 0 ? 'no auction' : 'the auction stops before any bid' };
  }
  const named = a.firstToName[(a.lastIndex % 2) * 5 + a.lastStrain] ?? -1;
  const declarer = nextSeat(first, named === -1 ? a.lastIndex % 4 : named % 4);
  const contract: Contract = { level: a.lastLevel, strain: STRAINS[a.lastStrain] ?? null, declarer, risk: a.risk };
  return { kind: 'contract', contract, complete: a.passesSince >= 3 };
}

/**
 * The contract an auction comes to: the last bid, doubled or redoubled if so, played by the first player of
 * the declaring side who named its strain.
 *
 * @param first - the seat that made the first call (the bridge dealer; PBN's Auction tag value)
 * @param calls - the calls in order, as {@link parseCall} reads them
 * @returns `{ kind: 'contract', contract, complete }` (`complete` when three passes follow the last bid),
 *   `{ kind: 'passedOut' }` after four passes and no bid, or `{ kind: 'unknown', reason }`
 * @throws `WhistError` (from `whist`) `INVALID_SEAT` when `first` is not a seat, `INVALID_ARGUMENT` when `calls` is not a list of calls
 * @example
 * ```ts
 * import { type Call, contractFromAuction, parseCall } from 'whist/records';
 *
 * const calls = ['1H', 'Pass', '1S', 'Pass', '2S', 'Pass', 'Pass', 'Pass'].map((c) => parseCall(c) as Call);
 * const outcome = contractFromAuction('N', calls);
 * outcome.kind === 'contract' && outcome.contract; // { level: 2, strain: 'S', declarer: 'S', risk: '' }
 * ```
 * @remarks Source: Laws of Duplicate Bridge 2017, law 22 (end of the auction) and definitions ("declarer");
 *   PBN 2.1, 3.5.
 * @group Records
 */
export function contractFromAuction(first: Seat, calls: readonly Call[]): AuctionOutcome {
  return onlyWhistErrors(() => {
    if (!isSeat(first)) throw new WhistError({ code: 'INVALID_SEAT', message: `first must be one of N E S W, got ${describe(first)}` });
    if (!Array.isArray(calls) || calls.length > 10_000)
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: `calls must be a list of calls, got ${describe(calls)}` });
    const auction = newAuction();
    for (const call of Array.from(calls as Call[])) {
      if (typeof call !== 'object' || call === null || !['bid', 'pass', 'double', 'redouble'].includes(call.kind))
        throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a call must be one that parseCall returns, got ${describe(call)}` });
      addCall(auction, call);
    }
    return auctionOutcome(auction, first);
  }, 'the calls');
}

/**
 * @internal The card of `s.slice(start, end)` written suit first, or `null`: what {@link cardFromSuitFirst}
 * reads, without slicing.
 */
export function cardAt(s: string, start: number, end: number): string | null {
  const length = end - start;
  if (length !== 2 && length !== 3) return null;
  const suit = suitOfLetter(s.charCodeAt(start));
  if (suit === null) return null;
  const r = s.charCodeAt(start + 1);
  if (length === 3) return r === ONE && s.charCodeAt(start + 2) === ZERO ? (CARD[suit].T ?? null) : null;
  if (r >= 0x32 && r <= 0x39) return CARD[suit][s.charAt(start + 1)] ?? null;
  switch (r | 0x20) {
    case 0x74:
      return CARD[suit].T ?? null;
    case 0x6a:
      return CARD[suit].J ?? null;
    case 0x71:
      return CARD[suit].Q ?? null;
    case 0x6b:
      return CARD[suit].K ?? null;
    case 0x61:
      return CARD[suit].A ?? null;
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
export function cardFromSuitFirst(token: string): string | null {
  return typeof token === 'string' ? cardAt(token, 0, token.length) : null;
}

/**
 * @internal Fills in the one hand a record leaves out (PBN `-`, LIN's omitted fourth hand) as the cards the
 * other three do not hold; with two or more hands missing there is no full deal.
 */
export function completeHands(hands: Partial<Record<Seat, string[]>>, where: string, list: Problems): Record<Seat, string[]> | null {
  const missing = SEATS.filter((seat) => hands[seat] === undefined);
  if (missing.length > 1) {
    note(list, `${where}: the ${missing.join(', ')} hands are unknown`);
    return null;
  }
  const last = missing[0];
  if (last !== undefined) {
    const held = new Set(SEATS.flatMap((seat) => hands[seat] ?? []));
    hands[last] = FULL_DECK.filter((card) => !held.has(card));
  }
  return hands as Record<Seat, string[]>;
}

// ---------------------------------------------------------------------------------------------------------
// Reading a PBN text: one pass, games built as their tags and tokens come, each record made when its game ends.

/** A section token's parts: `"H5!"` → `H5`, `!`; `"C6^R"` → `C6`, `^R`; `"1S=1="` → `1S`, `=1=`; `"C2*"` → `C2`, `*`. */
type PartKind = 'word' | 'note' | 'mark' | 'end';

interface Part {
  kind: PartKind;
  end: number;
}

/**
 * Finds the part of a section token that starts at `start`: a note reference `=1=`, a glyph `$12`, a suffix
 * run of `!` and `?` (all `note`), a mark `^R` or `^`, the end `*`, or a `word` (anything else, up to the next
 * of `= $ ^ ! ? *`; a lone `=` or `$` is a word of its own).
 */
function partAt(token: string, start: number, part: Part): void {
  const n = token.length;
  const c = token.charCodeAt(start);
  let p = start + 1;
  let kind: PartKind = 'word';
  if (c === EQUALS || c === DOLLAR) {
    while (p < n && isDigit(token.charCodeAt(p))) p++;
    if (p > start + 1 && c === DOLLAR) kind = 'note';
    else if (p > start + 1 && token.charCodeAt(p) === EQUALS) {
      kind = 'note';
      p++;
    } else p = start + 1;
  } else if (c === CARET) {
    kind = 'mark';
    const letter = token.charCodeAt(p) | 0x20;
    if (letter >= 0x61 && letter <= 0x7a) p++;
  } else if (c === BANG || c === QUESTION) {
    kind = 'note';
    while (p < n && (token.charCodeAt(p) === BANG || token.charCodeAt(p) === QUESTION)) p++;
  } else if (c === STAR) kind = 'end';
  else {
    while (p < n) {
      const d = token.charCodeAt(p);
      if (d === EQUALS || d === DOLLAR || d === CARET || d === BANG || d === QUESTION || d === STAR) break;
      p++;
    }
  }
  part.kind = kind;
  part.end = p;
}

function allDashes(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== DASH) return false;
  return s.length > 0;
}

/** The Auction section of a game, read token by token (only when the Auction tag names a seat). */
interface AuctionReader {
  readonly first: Seat;
  readonly auction: Auction;
  readonly problems: Problems;
  unreadable: boolean;
  done: boolean;
}

/** The Play section of a game, read token by token (only when the Play tag names a seat). */
interface PlayReader {
  readonly leader: Seat;
  readonly tricks: TrickRow[];
  row: Partial<Record<Seat, string>>;
  position: number;
  readonly marks: PlayMark[];
  marksLeftOut: number;
  readonly problems: Problems;
  done: boolean;
}

/**
 * A tag's value, and what the reader of its tag made of it once asked. `#` passes the same object on to the
 * next game, so a value inherited game after game is read once, not once a game.
 */
interface TagValue {
  readonly text: string;
  /** Whether `read` holds the reading. */
  done: boolean;
  read: unknown;
}

function tagValue(text: string): TagValue {
  return { text, done: false, read: undefined };
}

/** What `read` makes of a tag's value, read once per value; a missing tag reads as `''`. */
function once<T>(tag: TagValue | undefined, read: (text: string) => T): T {
  if (tag === undefined) return read('');
  if (!tag.done) {
    tag.read = read(tag.text);
    tag.done = true;
  }
  return tag.read as T;
}

interface Game {
  readonly tags: Map<string, TagValue>;
  /** Problems found while splitting: a missing empty line, text outside any tag. */
  readonly split: Problems;
  /** Problems of `#` values. */
  readonly inherited: Problems;
  section: string | null;
  auction: AuctionReader | null;
  play: PlayReader | null;
  playTokens: boolean;
}

function newGame(): Game {
  return { tags: new Map(), split: problems(), inherited: problems(), section: null, auction: null, play: null, playTokens: false };
}

interface PbnReader {
  readonly text: string;
  pos: number;
  readonly work: Work;
  readonly source: string;
  readonly budget: Budget;
  /** Problems of the text as a whole; listed first in the first record. */
  readonly fileProblems: Problems;
  /** Every tag's value in the latest game that has it, for `#`. */
  readonly previous: Map<string, TagValue>;
  readonly records: DealRecord[];
  game: Game;
  /** The first record's own problems and the budget set aside for them, listed when the text is read. */
  first: { parts: readonly Problems[]; allowance: number } | null;
}

function lex(r: PbnReader): void {
  const { text } = r;
  const n = text.length;
  let lineEmpty = true;
  while (r.pos < n) {
    r.work.steps++;
    const c = text.charCodeAt(r.pos);
    if (c === LF) {
      if (lineEmpty) finishGame(r);
      lineEmpty = true;
      r.pos++;
    } else if (isSpace(c)) {
      r.pos++;
    } else {
      // Every branch below moves past at least the character at r.pos.
      if ((c === PERCENT && lineEmpty) || c === SEMICOLON) skipLine(r);
      else if (c === OPEN_BRACE) skipComment(r);
      else if (c === OPEN_BRACKET) readTag(r);
      else onToken(r, readWord(r));
      lineEmpty = false;
    }
  }
}

/** Moves to the line feed that ends the line (or the end of the text); the character at `pos` is not one. */
function skipLine(r: PbnReader): void {
  const end = r.text.indexOf('\n', r.pos + 1);
  const to = end < 0 ? r.text.length : end;
  r.work.steps += to - r.pos;
  r.pos = to;
}

function skipComment(r: PbnReader): void {
  const end = r.text.indexOf('}', r.pos + 1);
  if (end < 0) note(r.fileProblems, 'a { comment is never closed');
  const to = end < 0 ? r.text.length : end + 1;
  r.work.steps += to - r.pos;
  r.pos = to;
}

/** @internal Where a token starting at `start` (taken whatever it is) ends: the next whitespace, `[`, `{` or `;`. */
export function wordEnd(text: string, start: number): number {
  let p = start + 1;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (isSpace(c) || c === OPEN_BRACKET || c === OPEN_BRACE || c === SEMICOLON) break;
    p++;
  }
  return p;
}

/** A token: from `pos` (taken whatever it is) to the next whitespace, `[`, `{` or `;`. */
function readWord(r: PbnReader): string {
  const start = r.pos;
  const p = wordEnd(r.text, start);
  r.work.steps += p - start;
  r.pos = p;
  return r.text.slice(start, p);
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** A tag at `pos` (a `[`): `[Name "value"]`, the value ending at its closing quote or the line's end. */
function readTag(r: PbnReader): void {
  const { text } = r;
  const n = text.length;
  const start = r.pos;
  const limit = Math.min(n, start + TAG_HEAD);
  let p = start + 1;
  while (p < limit && isSpace(text.charCodeAt(p))) p++;
  const nameStart = p;
  while (p < limit && isNameChar(text.charCodeAt(p))) p++;
  const nameEnd = p;
  while (p < limit && isSpace(text.charCodeAt(p))) p++;
  r.work.steps += p - start;
  if (nameEnd === nameStart || p >= limit || text.charCodeAt(p) !== QUOTE) {
    note(r.fileProblems, () => `unreadable tag: ${text.slice(start, start + SHOWN).split('\n')[0]}`);
    skipLine(r);
    return;
  }
  const name = text.slice(nameStart, nameEnd);
  const valueStart = ++p;
  let escaped = false;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === QUOTE || c === LF) break;
    if (c === BACKSLASH && (text.charCodeAt(p + 1) === QUOTE || text.charCodeAt(p + 1) === BACKSLASH)) {
      escaped = true;
      p += 2;
    } else p++;
  }
  const value = escaped ? unescapeValue(text, valueStart, p) : text.slice(valueStart, p);
  if (escaped) r.work.steps += p - valueStart;
  // Past the closing quote, to the `]` that closes the tag; a line feed first means it is not closed.
  while (p < n && text.charCodeAt(p) !== CLOSE_BRACKET && text.charCodeAt(p) !== LF) p++;
  r.work.steps += p - valueStart;
  if (p < n && text.charCodeAt(p) === CLOSE_BRACKET) p++;
  else note(r.fileProblems, () => `tag ${clip(name)} is not closed by ]`);
  r.pos = p;
  onTag(r, name, value);
}

/** A tag value with `\\"` and `\\\\` read as `"` and `\\`, built in chunks: no per-character strings. */
function unescapeValue(text: string, start: number, end: number): string {
  const codes = new Uint16Array(end - start);
  let k = 0;
  for (let p = start; p < end; p++) {
    const c = text.charCodeAt(p);
    const next = text.charCodeAt(p + 1);
    if (c === BACKSLASH && p + 1 < end && (next === QUOTE || next === BACKSLASH)) {
      codes[k++] = next;
      p++;
    } else codes[k++] = c;
  }
  const chunks: string[] = [];
  for (let i = 0; i < k; i += 4096) chunks.push(String.fromCharCode(...codes.subarray(i, Math.min(k, i + 4096))));
  return chunks.join('');
}

function onTag(r: PbnReader, name: string, written: string): void {
  if (name === 'Note') return; // notes may stand inside a section: its tokens go on after them
  let game = r.game;
  if (game.tags.has(name)) {
    finishGame(r);
    game = r.game;
    note(game.split, () => `no empty line before this game (tag ${clip(name)} repeats)`);
  }
  let value: TagValue | undefined;
  if (written === '#') {
    value = r.previous.get(name);
    if (value === undefined) note(game.inherited, () => `tag ${clip(name)} is "#" but no earlier game has a value for it`);
  }
  value ??= tagValue(written === '#' ? '' : written);
  game.tags.set(name, value);
  game.section = name;
  if (name === 'Auction') {
    const first = once(value, readSeatTag);
    game.auction = first === null ? null : { first, auction: newAuction(), problems: problems(), unreadable: false, done: false };
  } else if (name === 'Play') {
    const leader = once(value, readSeatTag);
    game.play = leader === null ? null : { leader, tricks: [], row: {}, position: 0, marks: [], marksLeftOut: 0, problems: problems(), done: false };
  }
}

function onToken(r: PbnReader, token: string): void {
  const game = r.game;
  if (game.section === null) note(game.split, () => `text outside any tag: ${clip(token)}`);
  else if (game.section === 'Auction') {
    if (game.auction !== null && !game.auction.done) readAuctionToken(game.auction, token, r.work);
  } else if (game.section === 'Play') {
    game.playTokens = true;
    if (game.play !== null && !game.play.done) readPlayToken(game.play, token, r.work);
  }
}

function readPlayToken(reader: PlayReader, token: string, work: Work): void {
  work.steps += token.length;
  const part: Part = { kind: 'word', end: 0 };
  for (let p = 0; p < token.length && !reader.done; p = part.end) {
    partAt(token, p, part);
    if (part.kind === 'end') reader.done = true;
    else if (part.kind === 'mark') {
      if (reader.marks.length < MAX_MARKS) {
        const mark = part.end > p + 1 ? token.charAt(p + 1).toUpperCase() : '';
        reader.marks.push({ mark, trick: reader.tricks.length + 1, seat: nextSeat(reader.leader, reader.position) });
      } else reader.marksLeftOut++;
    } else if (part.kind === 'word') {
      const end = part.end;
      const card = cardAt(token, p, end);
      if (card === null) {
        const word = token.slice(p, end);
        if (!allDashes(word)) {
          note(reader.problems, () => `play: unreadable card ${quote(word)} in trick ${reader.tricks.length + 1}`);
          continue;
        }
      } else reader.row[nextSeat(reader.leader, reader.position)] = card;
      if (++reader.position === 4) {
        reader.tricks.push(reader.row);
        reader.row = {};
        reader.position = 0;
      }
    }
  }
}

function readAuctionToken(reader: AuctionReader, token: string, work: Work): void {
  work.steps += token.length;
  const part: Part = { kind: 'word', end: 0 };
  for (let p = 0; p < token.length && !reader.done; p = part.end) {
    partAt(token, p, part);
    if (part.kind === 'end') reader.done = true;
    else if (part.kind === 'word') {
      const word = token.slice(p, part.end);
      if (word.length === 2 && (word.charCodeAt(0) | 0x20) === 0x61 && (word.charCodeAt(1) | 0x20) === 0x70) {
        // AP: three passes after a bid, or enough to make four passes in a passed-out auction.
        const { auction } = reader;
        const count = auction.lastLevel > 0 ? 3 : 4 - auction.calls;
        for (let i = 0; i < count; i++) addCall(auction, PASS);
        reader.done = true;
        continue;
      }
      const call = parseCall(word);
      if (call === null) {
        note(reader.problems, () => `auction: unreadable call ${quote(word)}`);
        reader.unreadable = true;
        reader.done = true;
      } else addCall(reader.auction, call);
    }
  }
}

/** Ends the current game: its tags pass on to `#`, and a game with a Deal tag becomes a record. */
function finishGame(r: PbnReader): void {
  const game = r.game;
  r.game = newGame();
  if (game.tags.size === 0) return;
  for (const [name, value] of game.tags) r.previous.set(name, value);
  if (!game.tags.has('Deal')) return;
  const index = r.records.length + 1;
  const { record, parts } = recordOf(game, r.source, index, r.work);
  if (index === 1) {
    // Problems of the whole text are listed first in the first record, so its list waits for the end.
    const allowance = Math.min(MAX_PROBLEMS_PER_RECORD, r.budget.left);
    r.budget.left -= allowance;
    r.first = { parts, allowance };
    r.records.push(record);
  } else r.records.push({ ...record, problems: listProblems(parts, r.budget) });
}

// ---------------------------------------------------------------------------------------------------------
// Tags.

const SEAT_OF_LETTER = table<Seat>({ N: 'N', E: 'E', S: 'S', W: 'W', n: 'N', e: 'E', s: 'S', w: 'W' });

function isLineEnd(c: number): boolean {
  return c === LF || c === 13 || c === 0x2028 || c === 0x2029;
}

function readDeal(value: string, list: Problems, work: Work): Record<Seat, string[]> | null {
  work.steps += value.length;
  const n = value.length;
  let p = 0;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  const first = SEAT_OF_LETTER[value.charAt(p)];
  p++;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  let readable = first !== undefined && value.charCodeAt(p) === COLON;
  p++;
  while (p < n && isSpace(value.charCodeAt(p))) p++;
  // The four hands, separated by whitespace; no line end among them.
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
  if (!readable || starts.length !== 4 || first === undefined) {
    note(list, () => `Deal tag unreadable: ${quote(value)}`);
    return null;
  }
  const out: Partial<Record<Seat, string[]>> = {};
  for (let i = 0; i < 4; i++) {
    const seat = nextSeat(first, i);
    const hand = value.slice(starts[i], ends[i]);
    if (hand !== '-') out[seat] = readPbnHand(hand, seat, list);
  }
  const unknown = SEATS.filter((seat) => out[seat] === undefined);
  if (unknown.length === 1) note(list, `Deal: the ${unknown[0]} hand is "-", taken as the 13 cards the other hands do not hold`);
  return completeHands(out, 'Deal', list);
}

const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'D', 'C'];

function readPbnHand(hand: string, seat: Seat, list: Problems): string[] {
  let dots = 0;
  for (let i = 0; i < hand.length; i++) if (hand.charCodeAt(i) === DOT) dots++;
  if (dots !== 3) note(list, () => `Deal: the ${seat} hand ${quote(hand)} does not have four suits`);
  const cards: string[] = [];
  let leftOut = 0;
  let start = 0;
  for (const suit of SUIT_ORDER) {
    if (start > hand.length) break;
    const dot = hand.indexOf('.', start);
    const end = dot < 0 ? hand.length : dot;
    eachRank(hand, start, end, (rank) => {
      if (cards.length < MAX_HAND_CARDS) cards.push(cardOf(rank, suit));
      else leftOut++;
    });
    start = end + 1;
  }
  if (leftOut > 0) note(list, `Deal: the ${seat} hand has ${grouped(MAX_HAND_CARDS + leftOut)} cards; only the first ${MAX_HAND_CARDS} are kept`);
  return cards;
}

type ContractTag = { kind: 'bid'; level: number; strain: Suit | null; risk: Contract['risk'] } | { kind: 'passedOut' } | null;

function readContractTag(value: string, list: Problems): ContractTag {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // The longest contract is five characters ("7NTXX"); upper-casing never shortens a string.
  const v = trimmed.length <= 5 ? trimmed.toUpperCase() : '';
  if (v === 'PASS' || v === 'AP') return { kind: 'passedOut' };
  const level = v.charCodeAt(0) - ZERO;
  let p = 1;
  const strainText = v.startsWith('NT', 1) ? 'NT' : v.charAt(1);
  const strain = STRAIN_INDEX[strainText];
  p += strainText.length;
  const risk = v.slice(p);
  if (level < 1 || level > 7 || strain === undefined || strainText === '' || (risk !== '' && risk !== 'X' && risk !== 'XX')) {
    note(list, () => `Contract tag unreadable: ${quote(value)}`);
    return null;
  }
  return { kind: 'bid', level, strain: STRAINS[strain] ?? null, risk };
}

function readSeatTag(value: string): Seat | null {
  const v = value.trim();
  // A seat is one letter; upper-casing never shortens a string.
  if (v.length !== 1) return null;
  const upper = v.toUpperCase();
  return isSeat(upper) ? upper : null;
}

function auctionOf(game: Game): AuctionOutcome | null {
  const reader = game.auction;
  if (reader === null) return null;
  return reader.unreadable ? { kind: 'unknown', reason: 'unreadable auction' } : auctionOutcome(reader.auction, reader.first);
}

function resolveContract(
  tag: ContractTag,
  declarerTag: Seat | null,
  auction: AuctionOutcome | null,
  list: Problems,
): { contract: Contract | null; passedOut: boolean } {
  if (tag?.kind === 'passedOut') {
    if (auction?.kind === 'contract') note(list, 'Contract is "Pass" but the auction has a bid');
    return { contract: null, passedOut: true };
  }
  if (tag === null) return contractFromAuctionOnly(auction, list);
  const fromAuction = auction?.kind === 'contract' ? auction.contract : null;
  const sameBid = fromAuction !== null && fromAuction.level === tag.level && fromAuction.strain === tag.strain;
  if (fromAuction !== null && (!sameBid || fromAuction.risk !== tag.risk || (declarerTag !== null && declarerTag !== fromAuction.declarer))) {
    note(list, `the Contract/Declarer tags (${describeTag(tag, declarerTag)}) differ from the auction (${describeContract(fromAuction)}); the tags are used`);
  }
  const declarer = declarerTag ?? (sameBid ? fromAuction.declarer : null);
  if (declarer === null) {
    note(list, 'no declarer: the Declarer tag is empty and the auction does not give one');
    return { contract: null, passedOut: false };
  }
  return { contract: { level: tag.level, strain: tag.strain, declarer, risk: tag.risk }, passedOut: false };
}

function contractFromAuctionOnly(auction: AuctionOutcome | null, list: Problems): { contract: Contract | null; passedOut: boolean } {
  if (auction === null) {
    note(list, 'no contract: neither a Contract tag nor an auction');
    return { contract: null, passedOut: false };
  }
  if (auction.kind === 'unknown') {
    note(list, `no contract: no Contract tag, and ${auction.reason}`);
    return { contract: null, passedOut: false };
  }
  if (auction.kind === 'passedOut') return { contract: null, passedOut: true };
  if (!auction.complete) note(list, 'the contract is taken from an auction that does not end with three passes');
  return { contract: auction.contract, passedOut: false };
}

function describeContract(c: Contract): string {
  return `${c.level}${c.strain ?? 'NT'}${c.risk} by ${c.declarer}`;
}

function describeTag(tag: { level: number; strain: Suit | null; risk: string }, declarer: Seat | null): string {
  return `${tag.level}${tag.strain ?? 'NT'}${tag.risk} by ${declarer ?? '?'}`;
}

/** @internal Whether `s` is one or more ASCII digits. */
export function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return s.length > 0;
}

/** A Result tag's value: nothing, declarer's tricks, a side's tricks, or unreadable (`NaN`). */
interface ResultTag {
  readonly empty: boolean;
  readonly tricks: number;
  readonly side: Side | null;
}

function readResultTag(value: string, work: Work): ResultTag {
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

function readResult(tag: TagValue | undefined, contract: Contract | null, list: Problems, work: Work): number | null {
  const read = once(tag, (text) => readResultTag(text, work));
  if (read.empty) return null;
  const value = tag?.text ?? '';
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

// ---------------------------------------------------------------------------------------------------------
// Records.

/** Shared, frozen plays of a record without play, by Play tag seat. */
const NO_PLAY: Readonly<Record<Seat | 'none', RecordPlay>> = {
  N: Object.freeze({ order: 'bySeat', leader: 'N', tricks: Object.freeze([]) }),
  E: Object.freeze({ order: 'bySeat', leader: 'E', tricks: Object.freeze([]) }),
  S: Object.freeze({ order: 'bySeat', leader: 'S', tricks: Object.freeze([]) }),
  W: Object.freeze({ order: 'bySeat', leader: 'W', tricks: Object.freeze([]) }),
  none: Object.freeze({ order: 'bySeat', leader: null, tricks: Object.freeze([]) }),
};

/** @internal The shared, frozen empty list of marks. */
export const NO_MARKS: readonly PlayMark[] = Object.freeze([]);

/** @internal A record's label. */
export function labelOf(source: string, index: number, board: string | null): string {
  return board ? `${source} #${index} board ${board}` : `${source} #${index}`;
}

function recordOf(game: Game, source: string, index: number, work: Work): { record: DealRecord; parts: readonly Problems[] } {
  const { tags } = game;
  const before = problems();
  const board = once(tags.get('Board'), (text) => text.trim() || null);
  const deal = once(tags.get('Deal'), (text) => {
    const list = problems();
    return { hands: readDeal(text, list, work), problems: list, uses: 0 };
  });
  merge(before, deal.problems);
  // A Deal inherited by `#` gives each record hands of its own.
  const hands =
    deal.uses++ === 0 || deal.hands === null
      ? deal.hands
      : (Object.fromEntries(Object.entries(deal.hands).map(([seat, cards]) => [seat, [...cards]])) as Record<Seat, string[]>);
  const contractTag = once(tags.get('Contract'), (text) => {
    const list = problems();
    return { tag: readContractTag(text, list), problems: list };
  });
  merge(before, contractTag.problems);
  const declarerTag = once(tags.get('Declarer'), readSeatTag);
  const auction = auctionOf(game);
  const after = problems();
  const { contract, passedOut } = resolveContract(contractTag.tag, declarerTag, auction, after);
  const reader = game.play;
  const last = problems();
  if (reader !== null) {
    if (reader.position > 0) reader.tricks.push(reader.row);
    if (reader.marksLeftOut > 0)
      note(reader.problems, `play: ${grouped(MAX_MARKS + reader.marksLeftOut)} irregularity marks; only the first ${MAX_MARKS} are kept`);
  }
  const leader = reader?.leader ?? null;
  if (leader === null && game.playTokens) note(last, 'play: the Play tag names no seat; its cards are not read');
  if (leader !== null && contract !== null && leader !== nextSeat(contract.declarer))
    note(last, `the Play tag's leader ${leader} is not on declarer ${contract.declarer}'s left`);
  const result = readResult(tags.get('Result'), contract, last, work);
  const parts = [game.split, game.inherited, before, game.auction?.problems ?? problems(), after, reader?.problems ?? problems(), last];
  const record: DealRecord = {
    label: labelOf(source, index, board),
    source,
    index,
    board,
    dealer: once(tags.get('Dealer'), readSeatTag),
    hands,
    contract,
    passedOut,
    play: reader === null || reader.tricks.length === 0 ? NO_PLAY[leader ?? 'none'] : { order: 'bySeat', leader, tricks: reader.tricks },
    marks: reader === null || reader.marks.length === 0 ? NO_MARKS : reader.marks,
    result,
    resultSource: result === null ? null : 'result',
    problems: NO_PROBLEMS,
  };
  return { record, parts };
}

/** @internal Reads a PBN text known to be a string; `work` counts the characters examined. */
export function readPbn(text: string, source: string, work: Work): DealRecord[] {
  const r: PbnReader = {
    text,
    pos: 0,
    work,
    source,
    budget: budget(),
    fileProblems: problems(),
    previous: new Map(),
    records: [],
    game: newGame(),
    first: null,
  };
  lex(r);
  finishGame(r);
  const first = r.records[0];
  if (first !== undefined && r.first !== null) {
    r.records[0] = { ...first, problems: listProblems([r.fileProblems, ...r.first.parts], budget(r.first.allowance)) };
  }
  return r.records;
}

/**
 * Reads every deal of a PBN text.
 *
 * Games without a Deal tag (a file header, say) yield no record but still pass their tag values on to `#`
 * inheritance. The text must already be decoded: PBN files are usually Latin-1 (PBN 2.1, 2.2), and the
 * caller decides (e.g. UTF-8 when valid, Latin-1 otherwise). Whatever the text holds, the reader takes time
 * linear in its length and never throws: what it cannot read becomes a record's `problems`.
 *
 * @param text - the whole file, any line endings
 * @param options - `source`: a name for labels, e.g. the file's path (default `"pbn"`)
 * @returns `{ ok: true, value }` with one {@link DealRecord} per game with a Deal tag, in file order; or
 *   `{ ok: false, error }` with code `INVALID_ARGUMENT` (and `path` `"text"`, `"options"` or `"options.source"`)
 *   when the text is not a string, the options are neither `undefined` nor a plain object, or `source` is not
 *   a string. Never throws, whatever it is given.
 * @example
 * ```ts
 * import { parsePbn } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Contract "4S"]\n[Declarer "S"]\n';
 * const parsed = parsePbn(text, { source: 'club.pbn' });
 * parsed.ok && parsed.value[0]?.contract; // { level: 4, strain: 'S', declarer: 'S', risk: '' }
 * parsed.ok && parsed.value[0]?.label; // 'club.pbn #1'
 * const bad = parsePbn(JSON.parse('null'));
 * bad.ok ? null : bad.error.code; // 'INVALID_ARGUMENT'
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation, version 2.1, 2017), sections 2-4.
 * @group Records
 */
export function parsePbn(text: string, options?: ParseOptions): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const source = readArguments(text, options, 'pbn');
  if (!source.ok) return source;
  return ok(readPbn(text, source.value, { steps: 0 }));
}
