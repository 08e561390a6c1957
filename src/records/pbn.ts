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
 * - `%` at the start of a line escapes the whole line (2.4); `;` comments run to the end of the line and
 *   `{…}` comments may span lines (3.8); a `{` inside a comment is text, the first `}` ends it.
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
 * suit), and the engine judges it when the record is replayed.
 *
 * @module
 */

import { FULL_DECK, type Suit } from '../cards.js';
import { isSeat, nextSeat, SEATS, type Seat, type Side, sideOf } from '../seats.js';

/** A contract as a bridge record gives it, with the seat that plays it. */
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

/** One trick of a PBN Play section: the card each seat played, as written; a missing seat is an unknown card. */
export type TrickRow = Partial<Record<Seat, string>>;

/**
 * The play as a record gives it.
 * - `bySeat` (PBN): one row per trick, each row holding the seats' cards; play order is rebuilt by the replayer.
 * - `sequence` (LIN): the cards in the order played.
 */
export type RecordPlay =
  | { readonly order: 'bySeat'; readonly leader: Seat | null; readonly tricks: readonly TrickRow[] }
  | { readonly order: 'sequence'; readonly cards: readonly string[] };

/**
 * An irregularity mark written in a PBN Play section (PBN 2.1, 3.9), e.g. `^R` for a revoke.
 *
 * The mark is kept where it stands: in which trick's row, and before which seat's card. The real files
 * (European championships of 1997 and 1999) write `^R` just before the revoking card, e.g. `S8 S3 S9 ^R CT`.
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
  /** Irregularity marks in the play (PBN `^R` …). */
  readonly marks: readonly PlayMark[];
  /** Declarer's total tricks as the record states it, or `null` when it does not. */
  readonly result: number | null;
  /** Where `result` comes from: a PBN Result tag, a LIN claim (`mc`), or nowhere. */
  readonly resultSource: 'result' | 'claim' | null;
  /** Everything the reader could not take at face value, in words. Empty for a clean record. */
  readonly problems: readonly string[];
}

/** Options of {@link parsePbn} and `parseLin`. */
export interface ParseOptions {
  /** A name for the text, used in labels, e.g. the file's path. Default `"pbn"` or `"lin"`. */
  readonly source?: string;
}

/** A call of a bridge auction: a bid, a pass, a double or a redouble. */
export type Call = { readonly kind: 'bid'; readonly level: number; readonly strain: Suit | null } | { readonly kind: 'pass' | 'double' | 'redouble' };

/** What an auction comes to. */
export type AuctionOutcome =
  | { readonly kind: 'contract'; readonly contract: Contract; readonly complete: boolean }
  | { readonly kind: 'passedOut' }
  | { readonly kind: 'unknown'; readonly reason: string };

const STRAINS: Readonly<Record<string, Suit | null>> = { C: 'C', D: 'D', H: 'H', S: 'S', N: null, NT: null };

/**
 * Reads one call as PBN (3.5) or BBO's LIN writes it.
 *
 * @param token - `"Pass"`, `"P"`, `"X"`, `"D"`, `"XX"`, `"R"`, `"1C"` … `"7NT"` (or `"7N"`), any case;
 *   a trailing alert `!` is ignored
 * @returns the call, or `null` for anything else (`AP`, `-`, notes)
 * @example
 * ```ts
 * parseCall('3NT'); // { kind: 'bid', level: 3, strain: null }
 * parseCall('xx'); // { kind: 'redouble' }
 * ```
 * @remarks Source: PBN 2.1, 3.5 (calls); BBO LIN `mb|` values (`p`, `d`, `r`, `1N`).
 */
export function parseCall(token: string): Call | null {
  const t = token.replace(/!+$/, '').toUpperCase();
  if (t === 'PASS' || t === 'P') return { kind: 'pass' };
  if (t === 'X' || t === 'D' || t === 'DBL') return { kind: 'double' };
  if (t === 'XX' || t === 'R' || t === 'RDBL') return { kind: 'redouble' };
  const m = /^([1-7])(NT|N|S|H|D|C)$/.exec(t);
  if (!m) return null;
  return { kind: 'bid', level: Number(m[1]), strain: STRAINS[m[2] as string] ?? null };
}

/**
 * The contract an auction comes to: the last bid, doubled or redoubled if so, played by the first player of
 * the declaring side who named its strain.
 *
 * @param first - the seat that made the first call (the bridge dealer; PBN's Auction tag value)
 * @param calls - the calls in order, as {@link parseCall} reads them
 * @returns `{ kind: 'contract', contract, complete }` (`complete` when three passes follow the last bid),
 *   `{ kind: 'passedOut' }` after four passes and no bid, or `{ kind: 'unknown', reason }`
 * @example
 * ```ts
 * const calls = ['1H', 'Pass', '1S', 'Pass', '2S', 'Pass', 'Pass', 'Pass'].map((c) => parseCall(c)!);
 * contractFromAuction('N', calls); // contract 2S by S (S bid spades first), complete
 * ```
 * @remarks Source: Laws of Duplicate Bridge 2017, law 22 (end of the auction) and definitions ("declarer");
 *   PBN 2.1, 3.5.
 */
export function contractFromAuction(first: Seat, calls: readonly Call[]): AuctionOutcome {
  let last: { level: number; strain: Suit | null; seat: Seat } | null = null;
  let risk: Contract['risk'] = '';
  let passesSince = 0;
  const firstToName = new Map<string, Seat>();
  for (const [i, call] of calls.entries()) {
    const seat = nextSeat(first, i);
    if (call.kind === 'bid') {
      last = { level: call.level, strain: call.strain, seat };
      risk = '';
      passesSince = 0;
      const key = `${sideOf(seat)}${call.strain ?? 'NT'}`;
      if (!firstToName.has(key)) firstToName.set(key, seat);
    } else if (call.kind === 'pass') {
      passesSince++;
    } else {
      risk = call.kind === 'double' ? 'X' : 'XX';
      passesSince = 0;
    }
  }
  if (last === null)
    return calls.length >= 4 ? { kind: 'passedOut' } : { kind: 'unknown', reason: calls.length === 0 ? 'no auction' : 'the auction stops before any bid' };
  const bid = last;
  const side: Side = sideOf(bid.seat);
  const declarer = firstToName.get(`${side}${bid.strain ?? 'NT'}`) ?? bid.seat;
  return { kind: 'contract', contract: { level: bid.level, strain: bid.strain, declarer, risk }, complete: passesSince >= 3 };
}

/**
 * Reads a card written suit first (PBN Play sections, LIN `pc|`): `"H5"`, `"sT"`, `"D10"`.
 *
 * @param token - the card as written
 * @returns the card in the library's notation, rank then suit (`"5H"`), or `null` when the token is not
 *   a suit letter followed by a rank
 * @example
 * ```ts
 * cardFromSuitFirst('hQ'); // 'QH'
 * ```
 * @remarks Source: PBN 2.1, 3.6 (`<suit><rank>`); BBO LIN `pc|`.
 */
export function cardFromSuitFirst(token: string): string | null {
  const m = /^([SHDC])(10|[2-9TJQKA])$/i.exec(token);
  if (!m) return null;
  const rank = (m[2] as string).toUpperCase();
  return `${rank === '10' ? 'T' : rank}${(m[1] as string).toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------------------
// Lexing: tags, section tokens, and the empty lines that end games.

type Lexeme = { kind: 'tag'; name: string; value: string } | { kind: 'token'; text: string } | { kind: 'blank' };

interface Cursor {
  readonly text: string;
  pos: number;
}

function lexPbn(text: string, problems: string[]): Lexeme[] {
  const out: Lexeme[] = [];
  const c: Cursor = { text, pos: 0 };
  let lineEmpty = true;
  while (c.pos < text.length) {
    const ch = text[c.pos] as string;
    if (ch === '\n') {
      if (lineEmpty) out.push({ kind: 'blank' });
      lineEmpty = true;
      c.pos++;
    } else if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v') {
      c.pos++;
    } else if (ch === '%' && lineEmpty) {
      skipLine(c);
      lineEmpty = false;
    } else if (ch === ';') {
      skipLine(c);
      lineEmpty = false;
    } else if (ch === '{') {
      skipComment(c, problems);
      lineEmpty = false;
    } else if (ch === '[') {
      const tag = readTag(c, problems);
      if (tag) out.push(tag);
      lineEmpty = false;
    } else {
      out.push({ kind: 'token', text: readWord(c) });
      lineEmpty = false;
    }
  }
  return out;
}

function skipLine(c: Cursor): void {
  const end = c.text.indexOf('\n', c.pos);
  c.pos = end < 0 ? c.text.length : end;
}

function skipComment(c: Cursor, problems: string[]): void {
  const end = c.text.indexOf('}', c.pos + 1);
  if (end < 0) problems.push('a { comment is never closed');
  c.pos = end < 0 ? c.text.length : end + 1;
}

function readWord(c: Cursor): string {
  const start = c.pos;
  while (c.pos < c.text.length && !/[\s[{;]/.test(c.text[c.pos] as string)) c.pos++;
  return c.text.slice(start, c.pos);
}

function readTag(c: Cursor, problems: string[]): Lexeme | null {
  const m = /^\[\s*([A-Za-z0-9_]+)\s*"/.exec(c.text.slice(c.pos, c.pos + 200));
  if (!m) {
    problems.push(`unreadable tag: ${c.text.slice(c.pos, c.pos + 40).split('\n')[0]}`);
    skipLine(c);
    return null;
  }
  c.pos += m[0].length;
  let value = '';
  while (c.pos < c.text.length && c.text[c.pos] !== '"' && c.text[c.pos] !== '\n') {
    if (c.text[c.pos] === '\\' && (c.text[c.pos + 1] === '"' || c.text[c.pos + 1] === '\\')) c.pos++;
    value += c.text[c.pos];
    c.pos++;
  }
  const close = c.text.indexOf(']', c.pos);
  const eol = c.text.indexOf('\n', c.pos);
  if (close < 0 || (eol >= 0 && eol < close)) problems.push(`tag ${m[1]} is not closed by ]`);
  c.pos = close < 0 || (eol >= 0 && eol < close) ? (eol < 0 ? c.text.length : eol) : close + 1;
  return { kind: 'tag', name: m[1] as string, value };
}

// ---------------------------------------------------------------------------------------------------------
// Games: tags with their section tokens, `#` inheritance resolved.

interface Game {
  readonly tags: Map<string, string>;
  readonly sections: Map<string, string[]>;
  readonly problems: string[];
}

function newGame(): Game {
  return { tags: new Map(), sections: new Map(), problems: [] };
}

function splitGames(lexemes: readonly Lexeme[]): Game[] {
  const games: Game[] = [];
  let game = newGame();
  let section: string | null = null;
  const finish = (): void => {
    if (game.tags.size > 0) games.push(game);
    game = newGame();
    section = null;
  };
  for (const lx of lexemes) {
    if (lx.kind === 'blank') {
      finish();
    } else if (lx.kind === 'tag') {
      if (lx.name === 'Note') continue; // notes may stand inside a section: its tokens go on after them
      if (game.tags.has(lx.name)) {
        finish();
        game.problems.push(`no empty line before this game (tag ${lx.name} repeats)`);
      }
      game.tags.set(lx.name, lx.value);
      section = lx.name;
      game.sections.set(lx.name, []);
    } else if (section !== null) {
      game.sections.get(section)?.push(lx.text);
    } else {
      game.problems.push(`text outside any tag: ${lx.text}`);
    }
  }
  finish();
  return games;
}

function resolveInheritance(games: readonly Game[]): void {
  const previous = new Map<string, string>();
  for (const game of games) {
    for (const [name, value] of game.tags) {
      if (value === '#') {
        const inherited = previous.get(name);
        if (inherited === undefined) game.problems.push(`tag ${name} is "#" but no earlier game has a value for it`);
        game.tags.set(name, inherited ?? '');
      }
    }
    for (const [name, value] of game.tags) previous.set(name, value);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sections.

/** Splits a section token into its parts: `"H5!"` → `H5`, `!`; `"C6^R"` → `C6`, `^R`; `"1S=1="` → `1S`, `=1=`; `"C2*"` → `C2`, `*`. */
function splitToken(token: string): string[] {
  return token.match(/=\d+=|\$\d+|\^[A-Za-z]?|[!?]+|\*|[^=$^!?*]+|./g) ?? [];
}

function isAnnotation(part: string): boolean {
  return /^(=\d+=|\$\d+|[!?]+)$/.test(part);
}

function readPlaySection(leader: Seat, tokens: readonly string[], problems: string[]): { tricks: TrickRow[]; marks: PlayMark[] } {
  const tricks: TrickRow[] = [];
  const marks: PlayMark[] = [];
  let row: Record<string, string> = {};
  let position = 0;
  const parts = tokens.flatMap(splitToken);
  for (const part of parts) {
    if (part === '*') break;
    if (isAnnotation(part)) continue;
    if (part.startsWith('^')) {
      marks.push({ mark: part.slice(1).toUpperCase(), trick: tricks.length + 1, seat: nextSeat(leader, position) });
      continue;
    }
    const unknown = /^-+$/.test(part);
    const card = unknown ? null : cardFromSuitFirst(part);
    if (!unknown && card === null) {
      problems.push(`play: unreadable card ${JSON.stringify(part)} in trick ${tricks.length + 1}`);
      continue;
    }
    if (card !== null) row[nextSeat(leader, position)] = card;
    position++;
    if (position === 4) {
      tricks.push(row);
      row = {};
      position = 0;
    }
  }
  if (position > 0) tricks.push(row);
  return { tricks, marks };
}

/** The passes `AP` stands for: three after a bid, or enough to make four passes in a passed-out auction. */
function allPass(calls: readonly Call[]): Call[] {
  const count = calls.some((c) => c.kind === 'bid') ? 3 : 4 - calls.length;
  return Array.from({ length: Math.max(count, 0) }, () => ({ kind: 'pass' }) as const);
}

function readAuctionSection(tokens: readonly string[], problems: string[]): Call[] | null {
  const calls: Call[] = [];
  for (const part of tokens.flatMap(splitToken)) {
    if (part === '*') break;
    if (isAnnotation(part) || part.startsWith('^')) continue;
    if (part.toUpperCase() === 'AP') {
      calls.push(...allPass(calls));
      break;
    }
    const call = parseCall(part);
    if (call === null) {
      problems.push(`auction: unreadable call ${JSON.stringify(part)}`);
      return null;
    }
    calls.push(call);
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------------------
// Tags.

function readDeal(value: string, problems: string[]): Record<Seat, string[]> | null {
  const m = /^\s*([NESWnesw])\s*:\s*(.*)$/.exec(value);
  const hands = m ? (m[2] as string).trim().split(/\s+/) : [];
  if (!m || hands.length !== 4) {
    problems.push(`Deal tag unreadable: ${JSON.stringify(value)}`);
    return null;
  }
  const first = (m[1] as string).toUpperCase() as Seat;
  const out: Partial<Record<Seat, string[]>> = {};
  hands.forEach((hand, i) => {
    const seat = nextSeat(first, i);
    if (hand !== '-') out[seat] = readPbnHand(hand, seat, problems);
  });
  const unknown = SEATS.filter((seat) => out[seat] === undefined);
  if (unknown.length === 1) problems.push(`Deal: the ${unknown[0]} hand is "-", taken as the 13 cards the other hands do not hold`);
  return completeHands(out, 'Deal', problems);
}

/**
 * @internal Fills in the one hand a record leaves out (PBN `-`, LIN's omitted fourth hand) as the cards the
 * other three do not hold; with two or more hands missing there is no full deal.
 */
export function completeHands(hands: Partial<Record<Seat, string[]>>, where: string, problems: string[]): Record<Seat, string[]> | null {
  const missing = SEATS.filter((seat) => hands[seat] === undefined);
  if (missing.length > 1) {
    problems.push(`${where}: the ${missing.join(', ')} hands are unknown`);
    return null;
  }
  const last = missing[0];
  if (last !== undefined) {
    const held = new Set(SEATS.flatMap((seat) => hands[seat] ?? []));
    hands[last] = FULL_DECK.filter((card) => !held.has(card));
  }
  return hands as Record<Seat, string[]>;
}

const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'D', 'C'];

function readPbnHand(hand: string, seat: Seat, problems: string[]): string[] {
  const suits = hand.split('.');
  if (suits.length !== 4) problems.push(`Deal: the ${seat} hand ${JSON.stringify(hand)} does not have four suits`);
  return suits.slice(0, 4).flatMap((ranks, i) => [...ranks.toUpperCase().replace(/10/g, 'T')].map((rank) => `${rank}${SUIT_ORDER[i]}`));
}

type ContractTag = { kind: 'bid'; level: number; strain: Suit | null; risk: Contract['risk'] } | { kind: 'passedOut' } | null;

function readContractTag(value: string | undefined, problems: string[]): ContractTag {
  const v = (value ?? '').trim().toUpperCase();
  if (v === '') return null;
  if (v === 'PASS' || v === 'AP') return { kind: 'passedOut' };
  const m = /^([1-7])(NT|N|S|H|D|C)(X{0,2})$/.exec(v);
  if (!m) {
    problems.push(`Contract tag unreadable: ${JSON.stringify(value)}`);
    return null;
  }
  return { kind: 'bid', level: Number(m[1]), strain: STRAINS[m[2] as string] ?? null, risk: m[3] as Contract['risk'] };
}

function readSeatTag(value: string | undefined): Seat | null {
  const v = (value ?? '').trim().toUpperCase();
  return isSeat(v) ? v : null;
}

function auctionOf(game: Game, problems: string[]): AuctionOutcome | null {
  const first = readSeatTag(game.tags.get('Auction'));
  if (first === null) return null;
  const calls = readAuctionSection(game.sections.get('Auction') ?? [], problems);
  return calls === null ? { kind: 'unknown', reason: 'unreadable auction' } : contractFromAuction(first, calls);
}

function resolveContract(game: Game, problems: string[]): { contract: Contract | null; passedOut: boolean } {
  const tag = readContractTag(game.tags.get('Contract'), problems);
  const declarerTag = readSeatTag(game.tags.get('Declarer'));
  const auction = auctionOf(game, problems);
  if (tag?.kind === 'passedOut') {
    if (auction?.kind === 'contract') problems.push('Contract is "Pass" but the auction has a bid');
    return { contract: null, passedOut: true };
  }
  if (tag === null) return contractFromAuctionOnly(auction, problems);
  const fromAuction = auction?.kind === 'contract' ? auction.contract : null;
  const sameBid = fromAuction !== null && fromAuction.level === tag.level && fromAuction.strain === tag.strain;
  if (fromAuction !== null && (!sameBid || fromAuction.risk !== tag.risk || (declarerTag !== null && declarerTag !== fromAuction.declarer))) {
    problems.push(`the Contract/Declarer tags (${describeTag(tag, declarerTag)}) differ from the auction (${describe(fromAuction)}); the tags are used`);
  }
  const declarer = declarerTag ?? (sameBid ? fromAuction.declarer : null);
  if (declarer === null) {
    problems.push('no declarer: the Declarer tag is empty and the auction does not give one');
    return { contract: null, passedOut: false };
  }
  return { contract: { level: tag.level, strain: tag.strain, declarer, risk: tag.risk }, passedOut: false };
}

function contractFromAuctionOnly(auction: AuctionOutcome | null, problems: string[]): { contract: Contract | null; passedOut: boolean } {
  if (auction === null) {
    problems.push('no contract: neither a Contract tag nor an auction');
    return { contract: null, passedOut: false };
  }
  if (auction.kind === 'unknown') {
    problems.push(`no contract: no Contract tag, and ${auction.reason}`);
    return { contract: null, passedOut: false };
  }
  if (auction.kind === 'passedOut') return { contract: null, passedOut: true };
  if (!auction.complete) problems.push('the contract is taken from an auction that does not end with three passes');
  return { contract: auction.contract, passedOut: false };
}

function describe(c: Contract): string {
  return `${c.level}${c.strain ?? 'NT'}${c.risk} by ${c.declarer}`;
}

function describeTag(tag: { level: number; strain: Suit | null; risk: string }, declarer: Seat | null): string {
  return `${tag.level}${tag.strain ?? 'NT'}${tag.risk} by ${declarer ?? '?'}`;
}

function readResult(value: string | undefined, contract: Contract | null, problems: string[]): number | null {
  const v = (value ?? '').trim().toUpperCase();
  if (v === '') return null;
  const plain = /^\d+$/.exec(v);
  const bySide = /^(NS|EW)\s*(\d+)$/.exec(v);
  const tricks = plain ? Number(v) : bySide ? Number(bySide[2]) : Number.NaN;
  if (Number.isNaN(tricks) || tricks > 13) {
    problems.push(`Result tag unreadable: ${JSON.stringify(value)}`);
    return null;
  }
  if (!bySide) return tricks;
  if (contract === null) {
    problems.push(`Result ${JSON.stringify(value)} names a side but there is no declarer`);
    return null;
  }
  return sideOf(contract.declarer) === bySide[1] ? tricks : 13 - tricks;
}

// ---------------------------------------------------------------------------------------------------------
// Records.

function labelOf(source: string, index: number, board: string | null): string {
  return board ? `${source} #${index} board ${board}` : `${source} #${index}`;
}

function recordOf(game: Game, source: string, index: number): DealRecord {
  const problems = [...game.problems];
  const board = game.tags.get('Board')?.trim() || null;
  const hands = readDeal(game.tags.get('Deal') ?? '', problems);
  const { contract, passedOut } = resolveContract(game, problems);
  const leader = readSeatTag(game.tags.get('Play'));
  const playTokens = game.sections.get('Play') ?? [];
  const { tricks, marks } = leader === null ? { tricks: [], marks: [] } : readPlaySection(leader, playTokens, problems);
  if (leader === null && playTokens.length > 0) problems.push('play: the Play tag names no seat; its cards are not read');
  if (leader !== null && contract !== null && leader !== nextSeat(contract.declarer))
    problems.push(`the Play tag's leader ${leader} is not on declarer ${contract.declarer}'s left`);
  const result = readResult(game.tags.get('Result'), contract, problems);
  return {
    label: labelOf(source, index, board),
    source,
    index,
    board,
    dealer: readSeatTag(game.tags.get('Dealer')),
    hands,
    contract,
    passedOut,
    play: { order: 'bySeat', leader, tricks },
    marks,
    result,
    resultSource: result === null ? null : 'result',
    problems,
  };
}

/**
 * Reads every deal of a PBN text.
 *
 * Games without a Deal tag (a file header, say) yield no record but still pass their tag values on to `#`
 * inheritance. The text must already be decoded: PBN files are usually Latin-1 (PBN 2.1, 2.2), and the
 * caller decides (e.g. UTF-8 when valid, Latin-1 otherwise).
 *
 * @param text - the whole file, any line endings
 * @param options - `source`: a name for labels, e.g. the file's path
 * @returns one {@link DealRecord} per game with a Deal tag, in file order; never throws
 * @example
 * ```ts
 * const [record] = parsePbn('[Deal "N:AKQJ.T98.765.432 ..."]\n[Contract "4S"]\n[Declarer "S"]\n…', { source: 'club.pbn' });
 * record.contract; // { level: 4, strain: 'S', declarer: 'S', risk: '' }
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation, version 2.1, 2017), sections 2-4.
 */
export function parsePbn(text: string, options: ParseOptions = {}): DealRecord[] {
  const source = options.source ?? 'pbn';
  const fileProblems: string[] = [];
  const games = splitGames(lexPbn(text, fileProblems));
  resolveInheritance(games);
  const first = games.find((g) => g.tags.has('Deal'));
  first?.problems.unshift(...fileProblems);
  return games.filter((g) => g.tags.has('Deal')).map((g, i) => recordOf(g, source, i + 1));
}
