/**
 * A duplicate event as a Whist record: PBN text with one game per board (its number, dealer, deal and
 * trump) and every table's result on that board in a `ScoreTable` (the pairs, each side's tricks and points,
 * and, when known, the cards played). Read back exactly, and checked: every board against the rules, every
 * result against its play when the play is there.
 *
 * @module
 */

import { type Card, isCard, SUITS, type Suit } from '../cards.js';
import { describe, onlyWhistErrors, type Result, WhistError } from '../errors.js';
import { currentSeat, type HandState, isHandComplete, play } from '../hand/index.js';
import { formatDeal, parseDeal } from '../notation.js';
import { type Rules, validateRules } from '../rules.js';
import { isSeat } from '../seats.js';
import { type Board, type BoardResult, boardDealer, boardHand, boardResultOf } from './boards.js';
import { checkResults } from './scoring.js';

/**
 * A duplicate event as a record holds it: its name, its boards, and every table's result.
 *
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { dealBoards, type DuplicateEvent } from 'whist/duplicate';
 *
 * const event: DuplicateEvent = { name: 'Club night', boards: dealBoards(SHORT_WHIST, { seed: 1, count: 2 }), results: [] };
 * event.boards.length; // 2
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (records).
 * @group Duplicate
 */
export interface DuplicateEvent {
  /** The event's name (the PBN `Event` tag), or `null`. */
  readonly name: string | null;
  /** The boards, by number. */
  readonly boards: readonly Board[];
  /** Every table's result; a record holds them board by board (each board's in the order written), and may carry each one's `plays`. */
  readonly results: readonly BoardResult[];
}

/** The most a record may hold: boards, results of one board, and characters. */
const LIMITS = { boards: 1000, results: 1000, chars: 20_000_000 } as const;
const COLUMNS = 'PairId_NS;PairId_EW;Tricks_NS;Tricks_EW;Points_NS;Points_EW;Play';

function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Writes a duplicate event as a Whist record: PBN text, one game per board with its `Board`, `Dealer`,
 * `Deal`, `Trumps` and `TrumpCard` tags, and a `ScoreTable` of every table's result on it (the pairs, each
 * side's tricks and points, the cards played or `-`).
 *
 * @param event - the event ({@link DuplicateEvent}); its boards and results as the library makes them
 * @returns the record's text, which {@link parseEventPbn} reads back into the same event
 * @throws `WhistError` `INVALID_ARGUMENT` for an event that is not one (a name of more than one line or 200
 *   characters, boards or results that are not arrays, a board without a deal of 52 cards, a result that
 *   names a board the event does not hold)
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { dealBoards, formatEventPbn, parseEventPbn } from 'whist/duplicate';
 *
 * const boards = dealBoards(SHORT_WHIST, { seed: 1, count: 1 });
 * const results = [{ board: 1, ns: 'Ann & Bob', ew: 'Cy & Di', tricks: { NS: 7, EW: 6 }, points: { NS: 1, EW: 0 } }];
 * const text = formatEventPbn({ name: 'Club night', boards, results });
 * text.includes('[Board "1"]'); // true
 * const back = parseEventPbn(text, SHORT_WHIST);
 * back.ok && back.value.results[0]!.ns; // 'Ann & Bob'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (records); PBN 2.1's
 *   `ScoreTable`, with columns of its own for whist.
 */
export function formatEventPbn(event: DuplicateEvent): string {
  if (typeof event !== 'object' || event === null)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `an event must be { name, boards, results }, got ${describe(event)}`, path: 'event' });
  return onlyWhistErrors(() => {
    const { name, boards, results } = event;
    if (name !== null && (typeof name !== 'string' || name.length > 200 || /[\r\n]/.test(name)))
      throw new WhistError({
        code: 'INVALID_ARGUMENT',
        message: `an event's name is null or one line of at most 200 characters, got ${describe(name)}`,
        path: 'name',
      });
    if (!Array.isArray(boards) || !Array.isArray(results) || boards.length === 0)
      throw new WhistError({
        code: 'INVALID_ARGUMENT',
        message: 'an event must hold an array of boards, at least one, and an array of results',
        path: 'event',
      });
    if (boards.length > LIMITS.boards) throw new WhistError({ code: 'INVALID_ARGUMENT', message: `at most ${LIMITS.boards} boards`, path: 'boards' });
    const numbers = new Set<number>();
    for (const [i, b] of boards.entries()) {
      const board = b as Board | null;
      if (
        typeof board !== 'object' ||
        board === null ||
        !Number.isSafeInteger(board.number) ||
        board.number < 1 ||
        numbers.has(board.number) ||
        board.dealer !== boardDealer(board.number)
      )
        throw new WhistError({
          code: 'INVALID_ARGUMENT',
          message: `boards[${i}] is not a board of its own number, dealt by that number's dealer`,
          path: `boards[${i}]`,
        });
      numbers.add(board.number);
    }
    // The results as the scoring reads them (names, tricks, points, a pair once a board), each on one line.
    checkResults(results);
    for (const [i, r] of results.entries()) {
      if (/[\r\n]/.test(r.ns + r.ew))
        throw new WhistError({ code: 'INVALID_ARGUMENT', message: `results[${i}]: a pair's name is one line`, path: `results[${i}]` });
      if (r.plays !== undefined && (typeof r.plays !== 'string' || !/^[2-9TJQKA][SHDC]( [2-9TJQKA][SHDC]){0,51}$/.test(r.plays)))
        throw new WhistError({
          code: 'INVALID_ARGUMENT',
          message: `results[${i}].plays must be the cards played, separated by spaces`,
          path: `results[${i}].plays`,
        });
      if (r.points.NS > 9999 || r.points.EW > 9999)
        throw new WhistError({ code: 'INVALID_ARGUMENT', message: `results[${i}]: points of at most 9,999`, path: `results[${i}].points` });
    }
    return writeEvent({ name, boards, results });
  }, 'the event');
}

function writeEvent(event: DuplicateEvent): string {
  const lines = ['% PBN 2.1', '% EXPORT', '% Whist duplicate event: every board with every table’s result'];
  for (const board of event.boards) {
    lines.push('');
    if (event.name !== null) lines.push(`[Event ${quote(event.name)}]`);
    lines.push(`[Board "${board.number}"]`, `[Dealer "${board.dealer}"]`, `[Deal "${formatDeal(board.cards)}"]`, `[Trumps "${board.trump ?? 'none'}"]`);
    if (board.trumpCard !== null) lines.push(`[TrumpCard "${board.trumpCard}"]`);
    lines.push(`[ScoreTable "${COLUMNS}"]`);
    for (const r of event.results.filter((x) => x.board === board.number))
      lines.push([quote(r.ns), quote(r.ew), r.tricks.NS, r.tricks.EW, r.points.NS, r.points.EW, r.plays === undefined ? '-' : quote(r.plays)].join(' '));
  }
  const known = new Set(event.boards.map((b) => b.number));
  const stray = event.results.find((r) => !known.has(r.board));
  if (stray !== undefined)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a result names board ${stray.board}, which the event does not hold`, path: 'results' });
  return `${lines.join('\n')}\n`;
}

/** Reads the tokens of a ScoreTable row: quoted strings (with `\\` escapes) and bare words; `null` for an unclosed string, a token past 200 characters or more than 7 tokens. */
function tokens(line: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (out.length > 7) return null;
    const c = line[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        const d = line[i] as string;
        if (d === '\\') {
          if (i + 1 >= line.length) return null;
          text += line[i + 1];
          i += 2;
        } else if (d === '"') {
          i++;
          break;
        } else {
          text += d;
          i++;
        }
        if (text.length > 200) return null;
      }
      out.push(text);
    } else {
      let j = i;
      while (j < line.length && line[j] !== ' ' && line[j] !== '\t') j++;
      if (j - i > 200) return null;
      out.push(line.slice(i, j));
      i = j;
    }
  }
  return out;
}

const TAG = /^\[([A-Za-z][A-Za-z0-9_]{0,39}) "((?:[^"\\]|\\.){0,400})"\]$/;

/** Plays `plays` from the board's first card: the hand it ends in, or why it cannot be played. */
function replay(start: HandState, plays: string): HandState | string {
  let hand = start;
  const cards = plays.trim() === '' ? [] : plays.trim().split(/\s+/, 53);
  if (cards.length > 52) return `${cards.length} cards played: a hand has 52`;
  for (const [i, card] of cards.entries()) {
    if (!isCard(card)) return `card ${i + 1} of the play, ${describe(card)}, is not a card`;
    const seat = currentSeat(hand);
    if (seat === null) return `card ${i + 1} of the play comes after the hand is over`;
    const next = play(hand, seat, card as Card);
    if (!next.ok) return `card ${i + 1} of the play, ${card} by ${seat}: ${next.error.message}`;
    hand = next.value;
  }
  return hand;
}

/**
 * Reads a duplicate event from a Whist record ({@link formatEventPbn}'s), and checks it: every board's deal,
 * dealer and trump by the rules, every result's pairs, tricks (13 together) and points, no pair twice on a
 * board, and, where a result gives its play, that the play is legal from the board's first card to its last
 * and gives the result's tricks and points. The text is read in one pass, line by line.
 *
 * @param text - the record (untrusted: at most 20,000,000 characters, 1,000 boards and 1,000 results a board)
 * @param rules - the rules the event was played by (untrusted: checked as `validateRules` checks them)
 * @returns `{ ok: true, value }` with the event, or `{ ok: false, error }` with code `INVALID_ARGUMENT`, its
 *   message naming the line and what is wrong there (or, for rules that are not valid, `path: 'rules'`).
 *   Never throws.
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { parseEventPbn } from 'whist/duplicate';
 *
 * const bad = parseEventPbn('[Board "1"]\n[Dealer "X"]\n', SHORT_WHIST);
 * bad.ok || bad.error.message; // 'line 2: the dealer must be N, E, S or W, got "X"'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (records).
 */
export function parseEventPbn(text: string, rules: Rules): Result<DuplicateEvent, 'INVALID_ARGUMENT'> {
  try {
    return readEvent(text, rules);
  } catch (e) {
    return {
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: `the record could not be read: ${e instanceof Error ? e.message : String(e)}`, path: 'text' },
    };
  }
}

function readEvent(text: string, given: Rules): Result<DuplicateEvent, 'INVALID_ARGUMENT'> {
  const refuse = (line: number, message: string): Result<DuplicateEvent, 'INVALID_ARGUMENT'> => ({
    ok: false,
    error: { code: 'INVALID_ARGUMENT', message: line > 0 ? `line ${line}: ${message}` : message, path: line > 0 ? `line ${line}` : 'text' },
  });
  const checked = validateRules(given);
  if (!checked.ok)
    return {
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: `rules must be the rules the event was played by: ${checked.error.message}`, path: 'rules' },
    };
  const rules = checked.value;
  if (typeof text !== 'string') return refuse(0, `a record is text, got ${describe(text)}`);
  if (text.length > LIMITS.chars)
    return refuse(0, `a record is at most ${LIMITS.chars.toLocaleString('en')} characters, got ${text.length.toLocaleString('en')}`);
  let name: string | null = null;
  const boards: Board[] = [];
  const results: BoardResult[] = [];
  interface Game {
    line: number;
    tags: Map<string, { value: string; line: number }>;
    rows: { line: number; text: string }[];
    table: boolean;
  }
  let game: Game | null = null;
  const numbers = new Set<number>();

  const finish = (g: Game): Result<DuplicateEvent, 'INVALID_ARGUMENT'> | null => {
    const tag = (key: string) => g.tags.get(key);
    const numberTag = tag('Board');
    if (numberTag === undefined) return refuse(g.line, 'a game without a Board tag');
    if (!/^[1-9]\d{0,5}$/.test(numberTag.value)) return refuse(numberTag.line, `a board's number is a whole number from 1, got "${numberTag.value}"`);
    const number = Number(numberTag.value);
    if (numbers.has(number)) return refuse(numberTag.line, `board ${number} is given twice`);
    numbers.add(number);
    if (numbers.size > LIMITS.boards) return refuse(numberTag.line, `at most ${LIMITS.boards} boards`);
    const dealer = tag('Dealer');
    if (dealer === undefined || !isSeat(dealer.value))
      return refuse(dealer?.line ?? g.line, `the dealer must be N, E, S or W, got ${dealer === undefined ? 'none' : `"${dealer.value}"`}`);
    if (dealer.value !== boardDealer(number)) return refuse(dealer.line, `board ${number} is dealt by ${boardDealer(number)}, not ${dealer.value}`);
    const dealTag = tag('Deal');
    if (dealTag === undefined) return refuse(g.line, `board ${number} has no Deal tag`);
    const deal = parseDeal(dealTag.value);
    if (!deal.ok) return refuse(dealTag.line, deal.error.message);
    const trumps = tag('Trumps');
    if (trumps === undefined || !(trumps.value === 'none' || (SUITS as readonly string[]).includes(trumps.value)))
      return refuse(trumps?.line ?? g.line, `the trumps must be S, H, D, C or none, got ${trumps === undefined ? 'none given' : `"${trumps.value}"`}`);
    const trumpCard = tag('TrumpCard');
    if (trumpCard !== undefined && !isCard(trumpCard.value)) return refuse(trumpCard.line, `the trump card must be a card, got "${trumpCard.value}"`);
    // Trump by turn-up: the card turned fixes the suit, and every board has one.
    if (rules.trump.kind === 'turnUp' && (trumpCard === undefined || trumpCard.value[1] !== trumps.value))
      return refuse(trumpCard?.line ?? trumps.line, 'trump is turned up under these rules: a TrumpCard of the trump suit is required');
    const board: Board = {
      number,
      dealer: dealer.value,
      cards: deal.value,
      trump: trumps.value === 'none' ? null : (trumps.value as Suit),
      trumpCard: trumpCard === undefined ? null : (trumpCard.value as Card),
    };
    const start = boardHand(rules, board);
    if (!start.ok) return refuse(dealTag.line, `board ${number}: ${start.error.message}`);
    boards.push(board);
    const seen = new Set<string>();
    if (g.rows.length > LIMITS.results) return refuse(g.line, `at most ${LIMITS.results} results a board`);
    for (const row of g.rows) {
      const t = tokens(row.text);
      if (t === null) return refuse(row.line, 'a row holds 7 columns, each at most 200 characters, strings closed');
      if (t.length !== 7) return refuse(row.line, `a result has 7 columns (${COLUMNS.replaceAll(';', ', ')}), got ${t.length}`);
      const [ns, ew, tNS, tEW, pNS, pEW, plays] = t as [string, string, string, string, string, string, string];
      for (const pair of [ns, ew]) if (pair === '' || pair.length > 200) return refuse(row.line, "a pair's name has 1 to 200 characters");
      if (ns === ew) return refuse(row.line, `pair "${ns}" sits both north–south and east–west`);
      for (const pair of [ns, ew]) {
        if (seen.has(pair)) return refuse(row.line, `pair "${pair}" has two results on board ${number}`);
        seen.add(pair);
      }
      const counts = [tNS, tEW, pNS, pEW].map((x) => (/^\d{1,4}$/.test(x) ? Number(x) : Number.NaN));
      if (counts.some((x) => Number.isNaN(x))) return refuse(row.line, 'tricks and points are whole numbers from 0');
      const [nsTricks, ewTricks, nsPoints, ewPoints] = counts as [number, number, number, number];
      if (nsTricks + ewTricks !== 13) return refuse(row.line, `the tricks make ${nsTricks + ewTricks}, not 13`);
      const result: BoardResult = {
        board: number,
        ns,
        ew,
        tricks: { NS: nsTricks, EW: ewTricks },
        points: { NS: nsPoints, EW: ewPoints },
        ...(plays === '-' ? {} : { plays }),
      };
      if (plays !== '-') {
        const end = replay(start.value, plays);
        if (typeof end === 'string') return refuse(row.line, `board ${number}, ${ns} v ${ew}: ${end}`);
        if (!isHandComplete(end)) return refuse(row.line, `board ${number}, ${ns} v ${ew}: the play ends before the hand does`);
        const made = boardResultOf(rules, number, { ns, ew }, end);
        if (made.tricks.NS !== nsTricks || made.points.NS !== nsPoints || made.points.EW !== ewPoints)
          return refuse(
            row.line,
            `board ${number}, ${ns} v ${ew}: the play gives ${made.tricks.NS} tricks to ${made.tricks.EW} and ${made.points.NS} points to ${made.points.EW}, the result says ${nsTricks} to ${ewTricks} and ${nsPoints} to ${ewPoints}`,
          );
      }
      results.push(result);
    }
    return null;
  };

  const lines = text.split(/\r?\n/);
  for (let i = 0; i <= lines.length; i++) {
    const line = i < lines.length ? (lines[i] as string).trim() : '';
    const at = i + 1;
    if (line.startsWith('%') || line.startsWith(';')) continue;
    if (line === '') {
      if (game !== null) {
        const problem = finish(game);
        if (problem !== null) return problem;
        game = null;
      }
      continue;
    }
    const m = TAG.exec(line);
    if (m !== null) {
      const [, key, raw] = m as unknown as [string, string, string];
      const value = raw.replace(/\\(.)/g, '$1');
      // A tag after a game's ScoreTable, or a second Board tag, starts the next game.
      if (game !== null && (game.table || (key === 'Board' && game.tags.has('Board')))) {
        const problem = finish(game);
        if (problem !== null) return problem;
        game = null;
      }
      game ??= { line: at, tags: new Map(), rows: [], table: false };
      if (game.tags.has(key)) return refuse(at, `the ${key} tag is given twice in one game`);
      if (key === 'Event') {
        if (value.length > 200) return refuse(at, "an event's name has at most 200 characters");
        if (name !== null && name !== value) return refuse(at, `another event's name, "${value}", in a record of "${name}"`);
        name = value;
      }
      if (key === 'ScoreTable') {
        if (value !== COLUMNS) return refuse(at, `the ScoreTable's columns must be "${COLUMNS}"`);
        game.table = true;
      }
      game.tags.set(key, { value, line: at });
      continue;
    }
    if (game === null || !game.table) return refuse(at, 'text outside a tag or a ScoreTable');
    game.rows.push({ line: at, text: line });
  }
  return {
    ok: true,
    value: { name, boards: boards.sort((a, b) => a.number - b.number), results: results.sort((a, b) => a.board - b.board) },
  };
}
