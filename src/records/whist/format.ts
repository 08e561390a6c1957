/**
 * Writing a table as a Whist record: PBN text holding its rules, its players and every hand, with what
 * each hand scored, so that the record can be read back ({@link parseWhistPbn}) into the same table and
 * checked. The format is specified in [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md).
 *
 * @module
 */

import { describe, fail, ok, type Result } from '../../errors.js';
import { type HandState, playedCards, stateOfProgress } from '../../hand/index.js';
import { seedRandom } from '../../random.js';
import { type HandSummary, handSummaries, isRubberComplete, type RubberState, rubberPoints, rubberWinner } from '../../rubber.js';
import type { Rules } from '../../rules.js';
import { type BySeat, nextSeat, sideOf } from '../../seats.js';
import { finishedRubbers, type HandEvent, parseTable, seating, type TableState } from '../../table/index.js';
import { playedHands } from '../../table/parse.js';
import { columnOf } from '../bridge/record.js';
import { type Failure, mustBe, readOptions } from '../text/arguments.js';
import { suitFirst } from '../text/cards.js';
import { MARKER_TAG, MARKER_VALUE, SEAT_TAGS, sidesText, tagLine, trumpText, writable } from './tags.js';

/**
 * Options of {@link formatWhistPbn}.
 *
 * @group Records
 */
export interface FormatWhistOptions {
  /**
   * The seed the table was opened with (`newTable(rules, { seed })`), written so that a reader can deal
   * the same hands again and check them. It must give the table's PRNG state. It also gives every later
   * deal: leave it out of a record given to players while the table goes on.
   */
  readonly seed?: number | string | undefined;
  /** The Event tag: the name of the match or evening (at most 200 characters, on one line). */
  readonly event?: string | undefined;
  /** The Site tag: where it was played (at most 200 characters, on one line). */
  readonly site?: string | undefined;
  /** The Date tag, as PBN writes dates: `"2025.03.14"`, `?` for what is unknown (`"2025.??.??"`). */
  readonly date?: string | undefined;
  /**
   * Whether to write the hand in progress, if any, with its cards played so far. Default `false`: the
   * record then holds the finished hands only, and shows no cards still held.
   */
  readonly inProgress?: boolean | undefined;
}

/**
 * The error codes of {@link formatWhistPbn}.
 *
 * @group Records
 */
export type FormatWhistError = 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_ARGUMENT';

const OPTION_KEYS = ['seed', 'event', 'site', 'date', 'inProgress'] as const;
const DATE = /^(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)$/;

interface Options {
  readonly seed: string | null;
  readonly event: string | null;
  readonly site: string | null;
  readonly date: string | null;
  readonly inProgress: boolean;
}

function readFormatOptions(value: unknown, table: TableState): Options | Failure<'INVALID_ARGUMENT'> {
  const read = readOptions(value, OPTION_KEYS);
  if (!read.ok) return read;
  const o = read.value;
  const refuse = (key: string, what: string, value: unknown) => mustBe(`options.${key}`, what, value);
  const text = (key: 'event' | 'site' | 'date', max: number): string | null | Failure<'INVALID_ARGUMENT'> => {
    const v = o[key];
    if (v === undefined) return null;
    return typeof v === 'string' && v.length <= max && writable(v) ? v : refuse(key, `a string of at most ${max} characters on one line`, v);
  };
  const event = text('event', 200);
  if (typeof event === 'object' && event !== null) return event;
  const site = text('site', 200);
  if (typeof site === 'object' && site !== null) return site;
  const date = text('date', 10);
  if (typeof date === 'object' && date !== null) return date;
  if (date !== null && !DATE.test(date)) return refuse('date', 'written YYYY.MM.DD, "?" for what is unknown', date);
  const inProgress = o.inProgress ?? false;
  if (typeof inProgress !== 'boolean') return refuse('inProgress', 'true or false', inProgress);
  const seed = o.seed;
  if (seed === undefined) return { seed: null, event, site, date, inProgress };
  if (!(typeof seed === 'string' && seed.length <= 1000 && writable(seed)) && !(typeof seed === 'number' && Number.isFinite(seed)))
    return refuse('seed', 'a finite number or a string of at most 1,000 characters on one line', seed);
  const s = seedRandom(seed).s;
  const t = table.random.s;
  if (s[0] !== t[0] || s[1] !== t[1] || s[2] !== t[2] || s[3] !== t[3])
    return fail('INVALID_ARGUMENT', `the seed ${describe(seed)} does not give the table's PRNG state: it is not the seed the table was opened with`, {
      path: 'options.seed',
    });
  return { seed: String(seed), event, site, date, inProgress };
}

/** One hand of the table, as the record writes it. */
interface Written {
  readonly number: number;
  readonly rubber: number;
  /** Whether it is its rubber's first hand. */
  readonly first: boolean;
  readonly players: BySeat<string>;
  readonly state: HandState;
  /** What was said during the hand besides its cards, as the log keeps it. */
  readonly events: readonly HandEvent[];
  readonly summary: HandSummary | null;
  /** Games won in the rubber before this hand. */
  readonly gamesBefore: number;
  readonly gamesAfter: { NS: number; EW: number };
  /** The rubber's outcome, on its last hand. */
  readonly end: { readonly winner: string; readonly points: { NS: number; EW: number } | null } | null;
}

function orderedPlayers(p: BySeat<string>): BySeat<string> {
  return { N: p.N, E: p.E, S: p.S, W: p.W };
}

/** Every hand of the table, with its rubber, its players and what it scored. */
function handsOf(table: TableState, inProgress: boolean): Written[] {
  const finished = finishedRubbers(table);
  const now = seating(table);
  const out: Written[] = [];
  let rubberNumber = 0;
  let pending: { state: HandState; events: readonly HandEvent[] }[] = [];
  let rubber: RubberState | null = null;
  let number = 0;
  const flush = (): void => {
    const players = orderedPlayers(finished[rubberNumber]?.players ?? now);
    const summaries = rubber === null ? [] : handSummaries(rubber);
    const complete = rubber !== null && isRubberComplete(rubber);
    const games = { NS: 0, EW: 0 };
    // A void hand (a new deal was claimed) is not scored: it has no summary.
    let scored = 0;
    pending.forEach(({ state, events }) => {
      const isVoid = events.some((x) => x.type === 'newDeal');
      const i = isVoid ? -1 : scored++;
      const summary = isVoid ? null : (summaries[i] ?? null);
      const before = games.NS + games.EW;
      if (summary?.game) games[summary.game.winner]++;
      const last = complete && i === summaries.length - 1;
      const end = last && rubber !== null ? { winner: rubberWinner(rubber) as string, points: rubberPoints(rubber) } : null;
      out.push({
        number: ++number,
        rubber: rubberNumber + 1,
        first: pending[0]?.state === state,
        players,
        state,
        events,
        summary,
        gamesBefore: before,
        gamesAfter: { ...games },
        end,
      });
    });
    pending = [];
    rubber = null;
  };
  for (const played of playedHands(table)) {
    if (played === null) {
      flush();
      rubberNumber++;
      continue;
    }
    const state = stateOfProgress(played.hand);
    const events = played.events.list;
    rubber = played.rubber;
    if (played.hand.turn >= 0 && !played.events.ended) {
      if (inProgress) pending.push({ state, events });
      continue;
    }
    pending.push({ state, events });
  }
  flush();
  return out;
}

function playRows(state: HandState): string[] {
  const leader = nextSeat(state.dealer);
  const rows: string[][] = [];
  for (const p of playedCards(state)) {
    if (rows[p.trick - 1] === undefined) rows[p.trick - 1] = ['-', '-', '-', '-'];
    const row = rows[p.trick - 1] as string[];
    row[columnOf(p.seat, leader)] = suitFirst(p.card);
  }
  return rows.map((r) => r.join(' '));
}

function handLines(h: Written, rules: Rules): string[] {
  const s = h.state;
  const lines = [tagLine(MARKER_TAG, MARKER_VALUE), tagLine('Board', String(h.number))];
  for (const [name, seat] of SEAT_TAGS) lines.push(tagLine(name, h.players[seat]));
  lines.push(tagLine('Dealer', s.dealer), tagLine('Deal', s.deal));
  const summary = h.summary;
  if (summary !== null) lines.push(tagLine('Result', String(summary.tricks[sideOf(s.dealer)])));
  lines.push(tagLine('WhistRubber', String(h.rubber)));
  if (h.rubber > 1 && h.first) lines.push(tagLine('WhistPartners', rules.afterRubber));
  lines.push(tagLine('WhistGame', String(h.gamesBefore + 1)));
  lines.push(tagLine('WhistTrump', trumpText(s.trump)), tagLine('WhistTrumpSource', s.trumpSource));
  if (s.trumpCard !== null) lines.push(tagLine('WhistTrumpCard', suitFirst(s.trumpCard)));
  if (h.events.length > 0) lines.push(tagLine('WhistEvents', JSON.stringify(h.events)));
  if (summary !== null) {
    lines.push(
      tagLine('WhistTricks', sidesText(summary.tricks)),
      tagLine('WhistHonours', sidesText(summary.honours)),
      tagLine('WhistTrickPoints', sidesText(summary.trickPoints)),
      tagLine('WhistHonourPoints', sidesText(summary.honourPoints)),
      tagLine('WhistPoints', sidesText(summary.points)),
      tagLine('WhistScore', sidesText(summary.score)),
      tagLine('WhistGames', sidesText(h.gamesAfter)),
    );
    if (summary.game !== null) lines.push(tagLine('WhistGameResult', `${summary.game.winner} ${summary.game.value}`));
    if (h.end !== null) {
      lines.push(tagLine('WhistRubberResult', h.end.winner), tagLine('WhistRubberPoints', h.end.points === null ? 'none' : sidesText(h.end.points)));
    }
  }
  lines.push(tagLine('Play', nextSeat(s.dealer)), ...playRows(s), '*');
  return lines;
}

/**
 * Writes a table as a Whist record: PBN text with the table's rules and players in a first game, then one
 * game for each hand, in order, across rubbers.
 *
 * Each hand's game has the standard tags (Board, the four players, the real Dealer, the Deal, the Play by
 * seat from the opening leader, and the Result: the tricks won by the dealer's side) and the Whist tags:
 * the rubber and game, trump and where it came from, the card turned, and what the hand scored (tricks,
 * honours, trick and honour points, the game score after it, the games won), with the game's value on the
 * hand that wins a game and the rubber's winner and points on the hand that ends a rubber. A bridge reader
 * sees each hand as a plain deal with its play. The format is specified in [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md).
 *
 * The record holds the finished hands; the hand in progress only with `inProgress`. A new rubber started
 * with no hand dealt in it is not recorded.
 *
 * @param table - a table state, checked as by `parseTable` (whist)
 * @param options - {@link FormatWhistOptions}: the `seed` the table was opened with (so that a reader can
 *   deal the same hands again and check them), `event`, `site`, `date`, and `inProgress`
 * @returns `{ ok: true, value: text }`, or `{ ok: false, error }` with code `INVALID_STATE` or
 *   `INVALID_RULES` (not a table state), or `INVALID_ARGUMENT` (options that are not an object, an unknown
 *   option, a seed that is not the table's, a text that cannot stand on one line, or a player id or rules
 *   name with a line break). Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, currentSeat, legalMoves, newTableOrThrow, SHORT_WHIST } from 'whist';
 * import { formatWhistPbn } from 'whist/records';
 *
 * let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 7 }), { type: 'deal' });
 * for (let hand = currentHand(table)!, seat = currentSeat(hand); seat !== null; hand = currentHand(table)!, seat = currentSeat(hand))
 *   table = applyOrThrow(table, { type: 'play', seat, card: legalMoves(hand)[0]! });
 * const text = formatWhistPbn(table, { seed: 7, event: 'Club night' });
 * const lines = text.ok ? text.value.split('\n') : [];
 * lines.slice(0, 4); // ['% PBN 2.1', '[Game "Whist"]', '[Event "Club night"]', '[WhistRules "short"]']
 * lines.filter((line) => line.startsWith('[Board') || line.startsWith('[Result')); // ['[Board "1"]', '[Result "2"]']
 * formatWhistPbn(table, { seed: 8 }).ok; // false
 * ```
 * @remarks Source: PBN 2.1, sections 3.4 (the identification tags), 3.6 (the Play section) and 4.9 (new
 *   tags); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) (what a hand scores); [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md) (the format).
 * @group Records
 */
export function formatWhistPbn(table: TableState, options?: FormatWhistOptions): Result<string, FormatWhistError> {
  const checked = parseTable(table);
  if (!checked.ok) return checked;
  const t = checked.value;
  const o = readFormatOptions(options, t);
  if ('ok' in o) return o;
  try {
    return write(t, o);
  } catch {
    // Not reached: every hand of a checked table is a state, and its rubbers go on while hands are dealt.
    return fail('INVALID_STATE', 'the table could not be written', { path: 'table' });
  }
}

function write(t: TableState, o: Options): Result<string, FormatWhistError> {
  const rules = t.rules;
  if (!writable(rules.name)) return fail('INVALID_ARGUMENT', 'the rules name has a line break, which a tag cannot hold', { path: 'rules.name' });
  const hands = handsOf(t, o.inProgress);
  const opened = o.seed !== null ? t.players : orderedPlayers(finishedRubbers(t)[0]?.players ?? seating(t));
  const ids = Array.isArray(opened) ? opened : Object.values(opened);
  if (!ids.every(writable)) return fail('INVALID_ARGUMENT', 'a player id has a line break, which a tag cannot hold', { path: 'players' });
  const header = ['% PBN 2.1', tagLine(MARKER_TAG, MARKER_VALUE)];
  if (o.event !== null) header.push(tagLine('Event', o.event));
  if (o.site !== null) header.push(tagLine('Site', o.site));
  if (o.date !== null) header.push(tagLine('Date', o.date));
  header.push(tagLine('WhistRules', rules.name), tagLine('WhistSettings', JSON.stringify(rules)));
  if (o.seed !== null) header.push(tagLine('WhistSeed', o.seed));
  header.push(
    tagLine('WhistPlayers', JSON.stringify(Array.isArray(opened) ? opened : orderedPlayers(opened as BySeat<string>))),
    tagLine('WhistDealer', t.firstDealer),
  );
  const games = [header.join('\n'), ...hands.map((h) => handLines(h, rules).join('\n'))];
  return ok(`${games.join('\n\n')}\n`);
}
