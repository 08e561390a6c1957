/**
 * Bridge deal records in Portable Bridge Notation (PBN 2.1), read into {@link DealRecord}s: a lenient reader,
 * which takes what it can from the real files of the 1990s-2010s and notes the rest as problems.
 *
 * PBN as read here (PBN 2.1, Tis Veugen et al., 2017), beyond the text's layout (text/lexer.ts):
 * - Games are separated by empty lines (3.1). A tag that repeats inside a game also starts a new game, with a
 *   problem noted: some files forget the empty line.
 * - A tag value `#` means "the value of the same tag in the previous game" (4.8, tag value inheritance).
 * - The Deal, Dealer, Declarer and Result tags are read as pbn-tags.ts says (3.4).
 * - Auction and Play sections: the tokens after their tags (3.5, 3.6). Note references `=1=`, glyphs `$12`,
 *   suffixes `!` `?` `!!` `!?` …, and irregularities `^R` (revoke) `^L` … (3.9) are read past; `*` ends a
 *   section; `-` or `--` is an unknown card or call; `AP` is "all pass".
 * - The Play section is laid out by seat, not in play order: each group of four cards is one trick, starting
 *   with the seat of the Play tag (the opening leader) and going clockwise, whoever led that trick (3.6).
 * - Contract `"Pass"` is a passed-out deal (3.4); an empty or missing Contract or Declarer is taken from the
 *   auction.
 *
 * Cards are read into the library's {@link Card}s; whether a deal or a play is legal, the engine judges when
 * the record is played. Only absurd sizes are cut, each with a problem: a seat keeps at most 52 cards, a play
 * at most 52 irregularity marks (text/problems.ts bounds the problems and their quotes).
 *
 * Cost, for any text (see `whist/records`): time linear in its length; memory for the reading itself a small
 * constant times its length, the records returned aside.
 *
 * @module
 */

import type { Card } from '../../cards.js';
import { fail, ok, type Result } from '../../errors.js';
import { nextSeat, type Seat } from '../../seats.js';
import { readSource } from '../text/arguments.js';
import { cardAt } from '../text/cards.js';
import { BANG, CARET, DASH, DOLLAR, EQUALS, isDigit, QUESTION, STAR, type Work } from '../text/chars.js';
import { PbnLexer } from '../text/lexer.js';
import {
  type Budget,
  budget,
  clip,
  grouped,
  listProblems,
  MAX_PROBLEMS_PER_RECORD,
  merge,
  NO_PROBLEMS,
  note,
  type Problems,
  problems,
  quote,
} from '../text/problems.js';
import {
  type Auction,
  type AuctionOutcome,
  addCall,
  auctionOutcome,
  type ContractTag,
  newAuction,
  PASS,
  parseCall,
  readContractTag,
  resolveContract,
} from './auction.js';
import { readDeal, readResultTag, readSeatTag, resultOf } from './pbn-tags.js';
import { type DealRecord, labelOf, MAX_MARKS, NO_MARKS, type ParseOptions, type PlayMark, type RecordPlays, type TrickRow } from './record.js';

// ---------------------------------------------------------------------------------------------------------
// Sections: the tokens after an Auction or Play tag.

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

/** A section read token by token; `done` once its `*` is read (or its reader has seen enough). */
interface Section {
  done: boolean;
}

/** Passes each word and mark of a section token to `visit`, notes read past, until the section is done. */
function eachPart(token: string, section: Section, work: Work, visit: (kind: 'word' | 'mark', start: number, end: number) => void): void {
  work.steps += token.length;
  const part: Part = { kind: 'word', end: 0 };
  for (let p = 0; p < token.length && !section.done; p = part.end) {
    partAt(token, p, part);
    if (part.kind === 'end') section.done = true;
    else if (part.kind !== 'note') visit(part.kind, p, part.end);
  }
}

function allDashes(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== DASH) return false;
  return s.length > 0;
}

/** The Auction section of a game (read only when the Auction tag names a seat). */
interface AuctionReader extends Section {
  readonly first: Seat;
  readonly auction: Auction;
  readonly problems: Problems;
  unreadable: boolean;
}

/** The Play section of a game (read only when the Play tag names a seat). */
interface PlayReader extends Section {
  readonly leader: Seat;
  readonly tricks: TrickRow[];
  row: Partial<Record<Seat, Card>>;
  position: number;
  readonly marks: PlayMark[];
  marksLeftOut: number;
  readonly problems: Problems;
}

function readPlayToken(reader: PlayReader, token: string, work: Work): void {
  eachPart(token, reader, work, (kind, start, end) => {
    if (kind === 'mark') {
      if (reader.marks.length < MAX_MARKS) {
        const mark = end > start + 1 ? token.charAt(start + 1).toUpperCase() : '';
        reader.marks.push({ mark, trick: reader.tricks.length + 1, seat: nextSeat(reader.leader, reader.position) });
      } else reader.marksLeftOut++;
      return;
    }
    const card = cardAt(token, start, end);
    if (card === null) {
      const word = token.slice(start, end);
      if (!allDashes(word)) {
        note(reader.problems, () => `play: unreadable card ${quote(word)} in trick ${reader.tricks.length + 1}`);
        return;
      }
    } else reader.row[nextSeat(reader.leader, reader.position)] = card;
    if (++reader.position === 4) {
      reader.tricks.push(reader.row);
      reader.row = {};
      reader.position = 0;
    }
  });
}

function readAuctionToken(reader: AuctionReader, token: string, work: Work): void {
  eachPart(token, reader, work, (kind, start, end) => {
    if (kind === 'mark') return;
    const word = token.slice(start, end);
    const { auction } = reader;
    if (word.length === 2 && (word.charCodeAt(0) | 0x20) === 0x61 && (word.charCodeAt(1) | 0x20) === 0x70) {
      // AP: three passes after a bid, or enough to make four passes in a passed-out auction.
      const count = auction.lastLevel > 0 ? 3 : 4 - auction.calls;
      for (let i = 0; i < count; i++) addCall(auction, PASS);
      reader.done = true;
      return;
    }
    const call = parseCall(word);
    if (call === null) {
      note(reader.problems, () => `auction: unreadable call ${quote(word)}`);
      reader.unreadable = true;
      reader.done = true;
    } else addCall(auction, call);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Games: tags and sections as they come, a record made when a game with a Deal ends.

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
  /** How many tags were read. */
  tags: number;
  /** The first thing read that is not a tag, while no tag has been: what a text with no tag at all holds. */
  stray: string | null;
}

function onTag(r: PbnReader, name: string, written: string): void {
  r.tags++;
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
  value ??= { text: written === '#' ? '' : written, done: false, read: undefined };
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

function onWord(r: PbnReader, token: string, line: number): void {
  const game = r.game;
  if (game.section === null) {
    note(game.split, () => `text outside any tag: ${clip(token)}`);
    if (r.tags === 0) r.stray ??= `line ${line}: text outside any tag: ${quote(token)}`;
  } else if (game.section === 'Auction') {
    if (game.auction !== null && !game.auction.done) readAuctionToken(game.auction, token, r.work);
  } else if (game.section === 'Play') {
    game.playTokens = true;
    if (game.play !== null && !game.play.done) readPlayToken(game.play, token, r.work);
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
// Records.

/** Shared, frozen plays of a record without play, by Play tag seat. */
const NO_PLAYS: Readonly<Record<Seat | 'none', RecordPlays>> = {
  N: Object.freeze({ order: 'bySeat', leader: 'N', tricks: Object.freeze([]) }),
  E: Object.freeze({ order: 'bySeat', leader: 'E', tricks: Object.freeze([]) }),
  S: Object.freeze({ order: 'bySeat', leader: 'S', tricks: Object.freeze([]) }),
  W: Object.freeze({ order: 'bySeat', leader: 'W', tricks: Object.freeze([]) }),
  none: Object.freeze({ order: 'bySeat', leader: null, tricks: Object.freeze([]) }),
};

function auctionOf(game: Game): AuctionOutcome | null {
  const reader = game.auction;
  if (reader === null) return null;
  return reader.unreadable ? { kind: 'unknown', reason: 'unreadable auction' } : auctionOutcome(reader.auction, reader.first);
}

function recordOf(game: Game, source: string, index: number, work: Work): { record: DealRecord; parts: readonly Problems[] } {
  const { tags } = game;
  const before = problems();
  const board = once(tags.get('Board'), (text) => text.trim() || null);
  const dealTag = once(tags.get('Deal'), (text) => {
    const list = problems();
    return { deal: readDeal(text, list, work), problems: list, uses: 0 };
  });
  merge(before, dealTag.problems);
  // A Deal inherited by `#` gives each record a deal of its own.
  const d = dealTag.deal;
  const deal = dealTag.uses++ === 0 || d === null ? d : { N: [...d.N], E: [...d.E], S: [...d.S], W: [...d.W] };
  const contractTag = once(tags.get('Contract'), (text) => {
    const list = problems();
    return { tag: readContractTag(text, list) as ContractTag, problems: list };
  });
  merge(before, contractTag.problems);
  const declarerTag = once(tags.get('Declarer'), readSeatTag);
  const after = problems();
  const { contract, passedOut } = resolveContract(contractTag.tag, declarerTag, auctionOf(game), after);
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
  const resultTag = tags.get('Result');
  const result = resultOf(
    once(resultTag, (text) => readResultTag(text, work)),
    resultTag?.text ?? '',
    contract,
    last,
  );
  const parts = [game.split, game.inherited, before, game.auction?.problems ?? problems(), after, reader?.problems ?? problems(), last];
  const record: DealRecord = {
    label: labelOf(source, index, board),
    source,
    index,
    board,
    dealer: once(tags.get('Dealer'), readSeatTag),
    deal,
    contract,
    passedOut,
    plays: reader === null || reader.tricks.length === 0 ? NO_PLAYS[leader ?? 'none'] : { order: 'bySeat', leader, tricks: reader.tricks },
    marks: reader === null || reader.marks.length === 0 ? NO_MARKS : reader.marks,
    result,
    resultSource: result === null ? null : 'result',
    problems: NO_PROBLEMS,
  };
  return { record, parts };
}

/**
 * @internal Reads a PBN text known to be a string; `work` counts the characters examined. `INVALID_ARGUMENT`
 * for a text that holds no tag at all, yet something else than whitespace, comments and escaped lines.
 */
export function readPbn(text: string, source: string, work: Work): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const r: PbnReader = {
    work,
    source,
    budget: budget(),
    fileProblems: problems(),
    previous: new Map(),
    records: [],
    game: newGame(),
    first: null,
    tags: 0,
    stray: null,
  };
  const lexer = new PbnLexer(text, work);
  for (let kind = lexer.next(); kind !== 'end'; kind = lexer.next()) {
    if (kind === 'blank') finishGame(r);
    else if (kind === 'word') onWord(r, lexer.word(), lexer.line);
    else if (kind === 'tag') {
      if (!lexer.closed) note(r.fileProblems, () => `tag ${clip(lexer.name)} is not closed by ]`);
      onTag(r, lexer.name, lexer.value);
    } else {
      const problem = kind === 'badTag' ? `unreadable tag ${lexer.badTag()}` : 'a { comment is never closed';
      note(r.fileProblems, problem);
      if (r.tags === 0) r.stray ??= `line ${lexer.line}: ${problem}`;
    }
  }
  finishGame(r);
  if (r.tags === 0 && r.stray !== null) return fail('INVALID_ARGUMENT', `not PBN: the text holds no tag [Name "value"] (${r.stray})`, { path: 'text' });
  const first = r.records[0];
  if (first !== undefined && r.first !== null) {
    r.records[0] = { ...first, problems: listProblems([r.fileProblems, ...r.first.parts], budget(r.first.allowance)) };
  }
  return ok(r.records);
}

/**
 * Reads every deal of a PBN text.
 *
 * Games without a Deal tag (a file header, say) yield no record but still pass their tag values on to `#`
 * inheritance. The text must already be decoded: PBN files are usually Latin-1 (PBN 2.1, 2.2), and the
 * caller decides (e.g. UTF-8 when valid, Latin-1 otherwise). Whatever the text holds, the reader takes time
 * linear in its length and never throws: what it cannot read becomes a record's `problems`. A text with no
 * tag at all is not PBN and is refused, so that a wrong file does not pass for an empty one; a text of
 * whitespace, comments and `%` lines only is an empty PBN file, with no record.
 *
 * @param text - the whole file, any line endings
 * @param options - `source`: a name for labels, e.g. the file's path (default `"pbn"`)
 * @returns `{ ok: true, value }` with one {@link DealRecord} per game with a Deal tag, in file order; or
 *   `{ ok: false, error }` with code `INVALID_ARGUMENT`: with `path` `"text"` when the text is not a string,
 *   or holds no tag at all (`'hello'`, a LIN file); with `path` `"options"` or `"options.<key>"` when the
 *   options are neither `undefined` nor a plain object, have another key than `source`, or `source` is not a
 *   string. Never throws, whatever it is given.
 * @example
 * ```ts
 * import { parsePbn } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Contract "4S"]\n[Declarer "S"]\n';
 * const parsed = parsePbn(text, { source: 'club.pbn' });
 * parsed.ok && parsed.value[0]?.contract; // { level: 4, strain: 'S', declarer: 'S', risk: '' }
 * parsed.ok && parsed.value[0]?.deal?.E.length; // 13
 * parsed.ok && parsed.value[0]?.label; // 'club.pbn #1'
 * parsePbn('% PBN 2.1\n').ok; // true
 * const wrong = parsePbn('md|3SA,HA,DA,|');
 * wrong.ok ? null : wrong.error.code; // 'INVALID_ARGUMENT'
 * ```
 * @remarks Source: PBN 2.1 (Portable Bridge Notation, version 2.1, 2017), sections 2-4.
 * @group Records
 */
export function parsePbn(text: string, options?: ParseOptions): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  const source = readSource(text, options, 'pbn');
  return source.ok ? readPbn(text, source.value, { steps: 0 }) : source;
}
