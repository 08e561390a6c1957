/**
 * Reading a Whist record back into a table: every hand dealt and played again through the engine, every
 * score the record states set against what the play gives, and the table rebuilt from its log with
 * `parseTable` (whist), so that every rule of the table is checked too. The format is specified in
 * [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md); {@link formatWhistPbn} writes it.
 *
 * What is checked, in the record's order:
 * - the first game: the marker `[Game "Whist"]`, the rules (validated as by `validateRules` (whist)), the
 *   seed, the players and the first dealer;
 * - each hand: its number (Board), its dealer, its deal (52 distinct cards, 13 a hand), its trump and the
 *   card turned as the rules say, each card of its Play section (legal, in turn), and every score it states
 *   (Result, tricks, honours, points, the game score, games won, a game's value, the rubber's winner and
 *   points), which must be what the play gives;
 * - the table: each hand's dealer is the next dealer, a hand is dealt only after the last one ended and
 *   while the rubber goes on, a new rubber only after one ended; with the seed, every deal (and every cut)
 *   is dealt again from the seed and must be the one recorded; the players of each rubber are the table's.
 *
 * The first problem in the text is reported: its line, its tag and what is wrong.
 *
 * @module
 */

import { fail, ok, type Result } from '../../errors.js';
import type { HandState } from '../../hand/index.js';
import { cryptoRandom, type RandomState, readRandom } from '../../random.js';
import { type HandSummary, isRubberComplete } from '../../rubber.js';
import type { Rules } from '../../rules.js';
import type { BySeat } from '../../seats.js';
import type { HandEvent, TableState } from '../../table/index.js';
import { mustBe, readOptions, refuseText } from '../text/arguments.js';
import type { Work } from '../text/chars.js';
import { type Reading, readHand } from './hand.js';
import { readHeader } from './header.js';
import { failure, firstOf, isProblem, type ParseWhistError, type Problem } from './problem.js';
import { type ScannedGame, Scanner, tagOf } from './scan.js';
import { closeRubber } from './scores.js';
import { dealerAfter, rebuild, seatHands } from './table.js';
import { MARKER_TAG } from './tags.js';

/**
 * Options of {@link parseWhistPbn}.
 *
 * @group Records
 */
export interface ParseWhistOptions {
  /**
   * For a record without a seed: the PRNG state of the table rebuilt from it, from which any later deal
   * (and cut) of that table is drawn. Default: a fresh one from `crypto.getRandomValues`, as
   * `newTable` draws it. Ignored when the record gives its seed.
   */
  readonly random?: RandomState | undefined;
}

/**
 * One hand of a Whist record, as read and checked.
 *
 * @group Records
 */
export interface WhistRecordHand {
  /** The hand's number at the table, counted from 1 across rubbers: its Board tag. */
  readonly board: number;
  /** The line of the hand's first tag in the text. */
  readonly line: number;
  /** Its rubber, counted from 1. */
  readonly rubber: number;
  /** Who sat where for it. */
  readonly players: BySeat<string>;
  /** The hand as dealt and played: complete or ended by a claim or concession, or (only the record's last hand) in progress. */
  readonly state: HandState;
  /** What was said during it besides the cards (claims, concessions, answers, rulings, revoke penalties), as `HandEntry.events` keeps them; `[]` when nothing was. */
  readonly events: readonly HandEvent[];
  /** What it scored, as `handSummaries` (whist) gives it; `null` for a hand in progress, or a void one (a new deal was claimed), which is not scored. */
  readonly summary: HandSummary | null;
}

/**
 * A Whist record, read and checked: its rules, the table rebuilt from it, and each hand.
 *
 * @group Records
 */
export interface WhistRecord {
  /** The rules, validated. */
  readonly rules: Rules;
  /** The seed the table was opened with, as written, or `null` when the record gives none. */
  readonly seed: string | null;
  /** The Event tag of the first game, or `null`. */
  readonly event: string | null;
  /** The Site tag of the first game, or `null`. */
  readonly site: string | null;
  /** The Date tag of the first game (PBN's `YYYY.MM.DD`), or `null`. */
  readonly date: string | null;
  /**
   * The table, rebuilt through its log and checked by `parseTable` (whist). With the seed it is the table the
   * record was written from. Without it, each deal is one the table was given (`shuffled: false`), its PRNG
   * is `options.random`, and after a rubber whose partners were cut again it seats the players as its own
   * cut says: who sat where as recorded is each hand's `players`.
   */
  readonly table: TableState;
  /** The hands, in order. */
  readonly hands: readonly WhistRecordHand[];
}

/** @internal Reads a Whist record known to be a string; `work` counts the characters the scanner examines. */
export function readWhist(text: string, random: RandomState | null, work: Work): Result<WhistRecord, ParseWhistError> {
  const scanner = new Scanner(text, work);
  const first = scanner.next();
  if (!scanner.marked) {
    const why = isProblem(first) ? ` (line ${first.line}: ${first.message})` : '';
    return fail('INVALID_ARGUMENT', `not a Whist record: its first game has no [Game "Whist"] tag${why}`, { path: MARKER_TAG });
  }
  if (first === null || isProblem(first)) return failure(first as Problem);
  const header = readHeader(first);
  if (isProblem(header)) return failure(header);
  const r: Reading = { header, hands: [], log: [], logHand: [], rubber: null, rubberNumber: 0, rubberStart: 0 };
  let found: Problem | null = null;
  /** The game of the hand refused, if one was. */
  let refused: ScannedGame | null = null;
  let game: ScannedGame | null | Problem = first.tags.has('Deal') ? first : scanner.next();
  let isHeader = game === first;
  while (game !== null) {
    if (isProblem(game)) {
      found = game;
      break;
    }
    found = readHand(r, game, isHeader);
    if (found !== null) {
      refused = game;
      break;
    }
    if (r.rubber !== null && isRubberComplete(r.rubber)) {
      found = closeRubber(r);
      if (found !== null) break;
    }
    isHeader = false;
    game = scanner.next();
  }
  // Scores of the rubber in progress, then the table: the first problem in the text is the one reported.
  const stated = r.rubber !== null && !isRubberComplete(r.rubber) ? closeRubber(r) : null;
  const table = rebuild(r, random ?? cryptoRandom());
  const seated = isProblem(table) ? null : seatHands(r, table);
  // A hand refused is not in the table: its dealer, written before what is wrong in it, is checked apart.
  const dealer = refused === null || isProblem(table) ? null : dealerAfter(table, refused);
  const reported = firstOf(found, stated, isProblem(table) ? table : null, seated, dealer);
  if (reported !== null) return failure(reported);
  return ok({
    rules: header.rules,
    seed: header.seed,
    event: tagOf(first, 'Event')?.value ?? null,
    site: tagOf(first, 'Site')?.value ?? null,
    date: tagOf(first, 'Date')?.value ?? null,
    table: table as TableState,
    hands: r.hands.map((h) => ({
      board: h.board,
      line: h.game.line,
      rubber: h.rubber,
      players: h.players as BySeat<string>,
      state: h.state,
      events: h.events,
      summary: h.summary,
    })),
  });
}

/**
 * Reads a Whist record (written by {@link formatWhistPbn}, or by hand as [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md) specifies) and
 * checks it completely: the table is rebuilt hand by hand, and a record whose play breaks a rule or whose
 * stated scores differ from what its play gives is refused.
 *
 * A text is a Whist record when its first game has the tag `[Game "Whist"]` ({@link isWhistPbn}); any other
 * PBN text is a bridge record, for `parsePbn`. Whatever the text holds, the reader takes time linear in its
 * length (the table's own check aside, which grows with the square of the number of hands: a record holds
 * at most 2,000) and never throws.
 *
 * @param text - the whole record, any line endings
 * @param options - {@link ParseWhistOptions}: `random`, the PRNG state of a table rebuilt without a seed
 * @returns `{ ok: true, value: record }` with the rules, the seed, the rebuilt table and each hand as a
 *   {@link WhistRecordHand}; or `{ ok: false, error }` for the first problem in the text, its `path` the
 *   line and tag (`"line 40 WhistTricks"`) and its message saying what is wrong. Codes: `INVALID_ARGUMENT`
 *   (text that is not a string, options that are not an object or a malformed PRNG state; a text whose
 *   first game has no `[Game "Whist"]`, with `path` `"Game"`), `INVALID_RULES` (settings that are not JSON
 *   or that `validateRules` (whist) refuses, a rules name that is no preset's), `INVALID_HAND`,
 *   `INVALID_CARD` and `DUPLICATE_CARD` (a deal that is not four hands of 13 distinct cards, a card that
 *   cannot be read), `INVALID_TRUMP` (a trump or card turned that the rules do not give), `CARD_NOT_IN_HAND`
 *   and `MUST_FOLLOW_SUIT` (an illegal play, with its `seat` and `card`), `INVALID_SCORE` (a stated score,
 *   trick count, honour count, game or rubber result that the play contradicts), `INVALID_STATE` (anything
 *   else the table refuses or the text does not say as it should: a missing or unreadable tag, a wrong
 *   dealer or hand number, a deal the seed does not give, players who do not sit where the table seats
 *   them). Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 * import { formatWhistPbn, parseWhistPbn } from 'whist/records';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 7 }), { type: 'deal' });
 * const text = formatWhistPbn(table, { seed: 7, inProgress: true });
 * const read = text.ok ? parseWhistPbn(text.value) : text;
 * read.ok && read.value.hands[0]?.state.deal === currentHand(table)?.deal; // true
 * read.ok && JSON.stringify(read.value.table) === JSON.stringify(table); // true
 * const forged = text.ok ? parseWhistPbn(text.value.replace('[Dealer "N"]', '[Dealer "E"]')) : text;
 * forged.ok ? null : forged.error.path; // 'line 15 Dealer'
 * parseWhistPbn('[Event "a bridge file"]\n').ok; // false
 * ```
 * @remarks Source: PBN 2.1, sections 2-3 (the text, tags, the Deal tag and the Play section); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md)
 *   (every rule the hands and the table are checked against); [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md) (the format).
 * @group Records
 */
export function parseWhistPbn(text: string, options?: ParseWhistOptions): Result<WhistRecord, ParseWhistError> {
  const refused = refuseText(text);
  if (refused !== null) return refused;
  const read = readOptions(options, ['random']);
  if (!read.ok) return read;
  const given = read.value.random;
  const random = given === undefined ? null : readRandom(given);
  if (given !== undefined && random === null) return mustBe('options.random', 'a PRNG state { s: [a, b, c, d] }', given);
  try {
    return readWhist(text, random, { steps: 0 });
  } catch {
    return fail('INVALID_ARGUMENT', 'the record could not be read', { path: 'text' });
  }
}

/**
 * Whether a text is a Whist record: its first game has the tag `[Game "Whist"]`. Any other PBN text is read
 * as bridge (`parsePbn`), where the dealer for Whist purposes is the declarer.
 *
 * Reads the text only to the end of its first game.
 *
 * @param text - the text of a PBN file
 * @returns `true` for a Whist record, `false` for anything else (a value that is not a string included)
 * @example
 * ```ts
 * import { isWhistPbn } from 'whist/records';
 *
 * isWhistPbn('% PBN 2.1\n[Game "Whist"]\n[WhistRules "short"]\n'); // true
 * isWhistPbn('[Event "club"]\n[Deal "N:- - - -"]\n'); // false
 * ```
 * @remarks Source: PBN 2.1, section 3.1 (games); [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md) (the marker).
 * @group Records
 */
export function isWhistPbn(text: string): boolean {
  if (typeof text !== 'string') return false;
  const scanner = new Scanner(text, { steps: 0 });
  scanner.next();
  return scanner.marked;
}
