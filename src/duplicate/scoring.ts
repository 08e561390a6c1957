/**
 * Scoring a duplicate event: matchpoints (each pair's result on a board against every pair that held the
 * same cards) and the Knickerbocker form (each pair's tricks against its direction's average), with totals,
 * ranks and ties.
 *
 * @module
 */

import { describe, onlyWhistErrors, WhistError } from '../errors.js';
import type { Side } from '../seats.js';
import type { BoardResult } from './boards.js';

/**
 * Options of {@link matchpoints} and {@link knickerbocker}.
 *
 * @example
 * ```ts
 * import type { ScoringOptions } from 'whist/duplicate';
 *
 * const options: ScoringOptions = { by: 'points', apart: true };
 * options.by; // 'points'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface ScoringOptions {
  /**
   * What a pair's result on a board is (matchpoints only): `tricks` (default), the tricks its side took, or
   * `points`, its side's points less the other side's.
   */
  readonly by?: 'tricks' | 'points' | undefined;
  /**
   * Rank the pairs that sat north–south apart from those that sat east–west, as a Mitchell's two fields are
   * (default `false`: one ranking). Refused when a pair sat both ways.
   */
  readonly apart?: boolean | undefined;
}

/**
 * One pair's score on one board.
 *
 * @example
 * ```ts
 * import { matchpoints } from 'whist/duplicate';
 *
 * const [score] = matchpoints([
 *   { board: 1, ns: 'A', ew: 'B', tricks: { NS: 8, EW: 5 }, points: { NS: 2, EW: 0 } },
 *   { board: 1, ns: 'C', ew: 'D', tricks: { NS: 7, EW: 6 }, points: { NS: 1, EW: 0 } },
 * ]).scores;
 * [score!.pair, score!.value, score!.top]; // ['A', 2, 2]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface DuplicateScore {
  /** The board. */
  readonly board: number;
  /** The pair. */
  readonly pair: string;
  /** The direction the pair sat on this board. */
  readonly direction: Side;
  /** The pair's result: its side's tricks, or (matchpoints by points) its side's points less the other's. */
  readonly result: number;
  /**
   * Matchpoints: 2 for each pair of the same direction on the board it beat, 1 for each it tied.
   * Knickerbocker: its tricks less the average of its direction on the board.
   */
  readonly value: number;
  /** Matchpoints: the most the board could give it, 2 for each other pair of its direction; Knickerbocker: 0. */
  readonly top: number;
}

/**
 * One pair's place at the end: its total, and its rank.
 *
 * @example
 * ```ts
 * import { matchpoints } from 'whist/duplicate';
 *
 * const { standings } = matchpoints([
 *   { board: 1, ns: 'A', ew: 'B', tricks: { NS: 7, EW: 6 }, points: { NS: 1, EW: 0 } },
 *   { board: 1, ns: 'C', ew: 'D', tricks: { NS: 7, EW: 6 }, points: { NS: 1, EW: 0 } },
 * ]);
 * standings.map((s) => `${s.rank}${s.tied ? '=' : ''} ${s.pair} ${s.percent}%`); // ['1= A 50%', '1= B 50%', '1= C 50%', '1= D 50%']
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface DuplicateStanding {
  /** The pair. */
  readonly pair: string;
  /** The direction it sat on every board, or `null` when it sat both ways. */
  readonly direction: Side | null;
  /** Boards it played that were played by another pair of its direction too (the boards that count). */
  readonly boards: number;
  /** Matchpoints won; Knickerbocker: tricks over the averages, summed. */
  readonly total: number;
  /** Matchpoints: the most its boards could give; Knickerbocker: 0. */
  readonly top: number;
  /** Matchpoints: `total` as a percentage of `top` (`null` when `top` is 0); Knickerbocker: `null`. */
  readonly percent: number | null;
  /** Its rank, from 1; tied pairs share the rank, and the next rank counts them (1, 2, 2, 4). */
  readonly rank: number;
  /** Whether another pair shares its rank. */
  readonly tied: boolean;
}

/**
 * The scores of an event: every pair's score on every board, and the standings.
 *
 * @example
 * ```ts
 * import { knickerbocker } from 'whist/duplicate';
 *
 * const scored = knickerbocker([{ board: 1, ns: 'A', ew: 'B', tricks: { NS: 8, EW: 5 }, points: { NS: 2, EW: 0 } }]);
 * [scored.scoring, scored.scores.length]; // ['knickerbocker', 2]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface DuplicateScores {
  /** How the event was scored. */
  readonly scoring: 'matchpoints' | 'knickerbocker';
  /** Every pair's score on every board, by board, then in the order of the results. */
  readonly scores: readonly DuplicateScore[];
  /** The pairs, best first (with `apart`, the north–south field first, then the east–west). */
  readonly standings: readonly DuplicateStanding[];
}

interface Entry {
  readonly board: number;
  readonly pair: string;
  readonly direction: Side;
  readonly tricks: number;
  readonly net: number;
}

function refuse(message: string, path: string): never {
  throw new WhistError({ code: 'INVALID_ARGUMENT', message, path });
}

const count = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** @internal Checks results (untrusted) as the scoring reads them: `WhistError` `INVALID_ARGUMENT` for the first that is not one. */
export function checkResults(results: unknown): void {
  readResults(results);
}

/** Reads the results (untrusted) into one entry per pair and board. */
function readResults(results: unknown): Entry[] {
  if (!Array.isArray(results)) refuse(`results must be an array of board results, got ${describe(results)}`, 'results');
  if (results.length > 100_000) refuse(`at most 100,000 results, got ${results.length}`, 'results');
  const entries: Entry[] = [];
  const seen = new Set<string>();
  // Every index, holes of a sparse array included (forEach would skip them).
  for (let i = 0; i < results.length; i++) {
    const value: unknown = results[i];
    const at = `results[${i}]`;
    if (typeof value !== 'object' || value === null) refuse(`${at} must be a board result, got ${describe(value)}`, at);
    const r = value as Record<string, unknown>;
    if (!Number.isSafeInteger(r.board) || (r.board as number) < 1) refuse(`${at}.board must be a whole number from 1, got ${describe(r.board)}`, `${at}.board`);
    for (const key of ['ns', 'ew'] as const)
      if (typeof r[key] !== 'string' || r[key] === '' || (r[key] as string).length > 200)
        refuse(`${at}.${key} must be a pair's name (1 to 200 characters), got ${describe(r[key])}`, `${at}.${key}`);
    if (r.ns === r.ew) refuse(`${at}: a pair cannot sit both north–south and east–west`, `${at}.ew`);
    const tricks = r.tricks as Record<string, unknown> | null;
    const points = r.points as Record<string, unknown> | null;
    if (typeof tricks !== 'object' || tricks === null || !count(tricks.NS) || !count(tricks.EW) || tricks.NS + tricks.EW !== 13)
      refuse(`${at}.tricks must be { NS, EW }, whole numbers from 0 that make 13, got ${describe(tricks)}`, `${at}.tricks`);
    if (typeof points !== 'object' || points === null || !count(points.NS) || !count(points.EW))
      refuse(`${at}.points must be { NS, EW }, whole numbers from 0, got ${describe(points)}`, `${at}.points`);
    const board = r.board as number;
    for (const [pair, direction] of [
      [r.ns as string, 'NS'],
      [r.ew as string, 'EW'],
    ] as const) {
      const key = `${board}\u0000${pair}`;
      if (seen.has(key)) refuse(`${at}: pair ${pair} has two results on board ${board}`, at);
      seen.add(key);
      const other = direction === 'NS' ? 'EW' : 'NS';
      entries.push({
        board,
        pair,
        direction,
        tricks: (tricks as Record<Side, number>)[direction],
        net: (points as Record<Side, number>)[direction] - (points as Record<Side, number>)[other],
      });
    }
  }
  return entries;
}

function readOptions(options: unknown): { by: 'tricks' | 'points'; apart: boolean } {
  if (options === undefined) return { by: 'tricks', apart: false };
  if (typeof options !== 'object' || options === null) refuse(`options must be an object, got ${describe(options)}`, 'options');
  const o = options as ScoringOptions;
  const by = o.by ?? 'tricks';
  if (by !== 'tricks' && by !== 'points') refuse(`by must be 'tricks' or 'points', got ${describe(by)}`, 'by');
  const apart = o.apart ?? false;
  if (typeof apart !== 'boolean') refuse(`apart must be true or false, got ${describe(apart)}`, 'apart');
  return { by, apart };
}

/** The entries of each board and direction: the pairs that held the same cards. */
function fields(entries: readonly Entry[]): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = `${e.board}/${e.direction}`;
    const list = out.get(key);
    if (list === undefined) out.set(key, [e]);
    else list.push(e);
  }
  return out;
}

interface Tally {
  pair: string;
  directions: Set<Side>;
  boards: number;
  /** The total as a fraction `num / den` in lowest terms, exact; `den` is 0 while no board counts. */
  num: bigint;
  den: bigint;
  top: number;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Adds `num / den` to the tally's total, keeping it in lowest terms. */
function add(t: Tally, num: bigint, den: bigint): void {
  if (t.den === 0n) {
    t.num = num;
    t.den = den;
  } else {
    t.num = t.num * den + num * t.den;
    t.den *= den;
  }
  const g = gcd(t.num, t.den);
  if (g > 1n) {
    t.num /= g;
    t.den /= g;
  }
}

/** Ranks the tallies by `num / den` (the greater first), exactly; pairs with no board that counts last, tied. */
function rank(tallies: readonly Tally[], percentOf: (t: Tally) => number | null, scoring: 'matchpoints' | 'knickerbocker'): DuplicateStanding[] {
  const better = (a: Tally, b: Tally): number => {
    if (a.den === 0n || b.den === 0n) return (a.den === 0n ? 1 : 0) - (b.den === 0n ? 1 : 0);
    const d = b.num * a.den - a.num * b.den;
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  };
  const sorted = [...tallies].sort((a, b) => better(a, b) || (a.pair < b.pair ? -1 : a.pair > b.pair ? 1 : 0));
  const out: DuplicateStanding[] = [];
  // One pass: each run of equal totals shares the rank of its first.
  for (let first = 0; first < sorted.length; ) {
    let last = first;
    while (last + 1 < sorted.length && better(sorted[last + 1] as Tally, sorted[first] as Tally) === 0) last++;
    for (let i = first; i <= last; i++) {
      const t = sorted[i] as Tally;
      out.push({
        pair: t.pair,
        direction: t.directions.size === 1 ? ([...t.directions][0] as Side) : null,
        boards: t.boards,
        total: t.den === 0n ? 0 : Number(t.num) / Number(t.den),
        top: scoring === 'matchpoints' ? t.top : 0,
        percent: percentOf(t),
        rank: first + 1,
        tied: last > first,
      });
    }
    first = last + 1;
  }
  return out;
}

function standings(
  tallies: Map<string, Tally>,
  apart: boolean,
  percentOf: (t: Tally) => number | null,
  scoring: 'matchpoints' | 'knickerbocker',
): DuplicateStanding[] {
  const all = [...tallies.values()];
  if (!apart) return rank(all, percentOf, scoring);
  const both = all.find((t) => t.directions.size > 1);
  if (both !== undefined) refuse(`pair ${both.pair} sat both north–south and east–west: its field cannot be ranked apart`, 'apart');
  return [
    ...rank(
      all.filter((t) => t.directions.has('NS')),
      percentOf,
      scoring,
    ),
    ...rank(
      all.filter((t) => t.directions.has('EW')),
      percentOf,
      scoring,
    ),
  ];
}

function tally(tallies: Map<string, Tally>, e: Entry): Tally {
  let t = tallies.get(e.pair);
  if (t === undefined) {
    t = { pair: e.pair, directions: new Set(), boards: 0, num: 0n, den: 0n, top: 0 };
    tallies.set(e.pair, t);
  }
  t.directions.add(e.direction);
  return t;
}

/**
 * Scores an event by matchpoints: on each board, each pair's result against every other pair that sat in
 * the same direction (and so held the same cards): 2 for each it beat, 1 for each it tied. Its total is the
 * sum over its boards, and its percentage that total over the most its boards could give. A board that no
 * other pair of its direction played counts for nothing.
 *
 * @param results - the board results of the event ({@link BoardResult}, untrusted: each is checked); a pair
 *   has at most one result on a board
 * @param options - `{ by, apart }` ({@link ScoringOptions}): the result compared (tricks or net points) and
 *   whether the two directions are ranked apart
 * @returns every pair's score on every board, and the standings, best first, ties sharing a rank
 * @throws `WhistError` `INVALID_ARGUMENT` for results or options that are not valid, a pair with two
 *   results on a board, or `apart` when a pair sat both ways
 * @example
 * ```ts
 * import { matchpoints } from 'whist/duplicate';
 *
 * const deal = (board: number, ns: string, ew: string, nsTricks: number) =>
 *   ({ board, ns, ew, tricks: { NS: nsTricks, EW: 13 - nsTricks }, points: { NS: Math.max(0, nsTricks - 6), EW: Math.max(0, 7 - nsTricks) } });
 * const { standings } = matchpoints([deal(1, 'A', 'B', 8), deal(1, 'C', 'D', 7), deal(1, 'E', 'F', 7)]);
 * standings.map((s) => `${s.rank}${s.tied ? '=' : ''} ${s.pair} ${s.percent}%`); // ['1 A 100%', '2= D 75%', '2= F 75%', '4= C 25%', '4= E 25%', '6 B 0%']
 * standings.find((s) => s.pair === 'C')!.total; // 1
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (matchpoints as the laws of duplicate bridge and the American Whist
 *   League count them: 2 for each pair beaten, 1 for each tie).
 */
export function matchpoints(results: readonly BoardResult[], options?: ScoringOptions): DuplicateScores {
  return onlyWhistErrors(() => scoreByMatchpoints(results, options), 'the results or the options');
}

function scoreByMatchpoints(results: readonly BoardResult[], options?: ScoringOptions): DuplicateScores {
  const o = readOptions(options);
  const entries = readResults(results);
  const value = (e: Entry) => (o.by === 'tricks' ? e.tricks : e.net);
  const mp = new Map<Entry, number>();
  const top = new Map<Entry, number>();
  for (const field of fields(entries).values()) {
    // Sorted, each result gets 2 for each result below it and 1 for each other equal to it: one pass.
    const sorted = [...field].sort((a, b) => value(a) - value(b));
    for (let first = 0; first < sorted.length; ) {
      let last = first;
      while (last + 1 < sorted.length && value(sorted[last + 1] as Entry) === value(sorted[first] as Entry)) last++;
      for (let i = first; i <= last; i++) {
        mp.set(sorted[i] as Entry, 2 * first + (last - first));
        top.set(sorted[i] as Entry, 2 * (field.length - 1));
      }
      first = last + 1;
    }
  }
  // Each pair's matchpoints over its top: the ranking compares them exactly (they stay far below 2^53).
  const tallies = new Map<string, Tally>();
  for (const e of entries) {
    const t = tally(tallies, e);
    const most = top.get(e) as number;
    if (most > 0) {
      t.boards++;
      t.top += most;
      t.num += BigInt(mp.get(e) as number);
      t.den = BigInt(t.top);
    }
  }
  const scores = [...entries]
    .sort((a, b) => a.board - b.board)
    .map((e) => ({ board: e.board, pair: e.pair, direction: e.direction, result: value(e), value: mp.get(e) as number, top: top.get(e) as number }));
  const percentOf = (t: Tally) => (t.top === 0 ? null : Math.round((10000 * Number(t.num)) / t.top) / 100);
  // The total is the matchpoints won, not their share of the top.
  const ranked = standings(tallies, o.apart, percentOf, 'matchpoints').map((s) => ({ ...s, total: Number(tallies.get(s.pair)?.num ?? 0n) }));
  return { scoring: 'matchpoints', scores, standings: ranked };
}

/**
 * Scores an event in the Knickerbocker form: on each board, each pair's tricks less the average tricks of
 * the pairs that sat in its direction (and so held the same cards); the totals summed over the boards, and
 * ranked. A board that no other pair of its direction played counts for nothing.
 *
 * @param results - the board results of the event ({@link BoardResult}, untrusted: each is checked)
 * @param options - `{ apart }` ({@link ScoringOptions}): whether the two directions are ranked apart
 *   (`by` is not used: the form counts tricks)
 * @returns every pair's score on every board (`value`: tricks over the average), and the standings, best
 *   first, exact ties sharing a rank (totals compared as exact fractions), a pair with no board that counts
 *   last
 * @throws `WhistError` `INVALID_ARGUMENT` for results or options that are not valid, a pair with two
 *   results on a board, or `apart` when a pair sat both ways
 * @example
 * ```ts
 * import { knickerbocker } from 'whist/duplicate';
 *
 * const scored = knickerbocker([
 *   { board: 1, ns: 'A', ew: 'B', tricks: { NS: 9, EW: 4 }, points: { NS: 3, EW: 0 } },
 *   { board: 1, ns: 'C', ew: 'D', tricks: { NS: 6, EW: 7 }, points: { NS: 0, EW: 1 } },
 * ]);
 * scored.scores.map((s) => `${s.pair} ${s.value}`); // ['A 1.5', 'B -1.5', 'C -1.5', 'D 1.5']
 * scored.standings.map((s) => s.rank); // [1, 1, 3, 3]
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (the Knickerbocker Whist Club's scoring: each pair's tricks against
 *   the average of its direction).
 */
export function knickerbocker(results: readonly BoardResult[], options?: ScoringOptions): DuplicateScores {
  return onlyWhistErrors(() => scoreByKnickerbocker(results, options), 'the results or the options');
}

function scoreByKnickerbocker(results: readonly BoardResult[], options?: ScoringOptions): DuplicateScores {
  const o = readOptions(options);
  const entries = readResults(results);
  const fieldOf = new Map<Entry, { n: number; sum: number }>();
  for (const field of fields(entries).values()) {
    const sum = field.reduce((s, x) => s + x.tricks, 0);
    for (const e of field) fieldOf.set(e, { n: field.length, sum });
  }
  const tallies = new Map<string, Tally>();
  const scores: DuplicateScore[] = [];
  for (const e of [...entries].sort((a, b) => a.board - b.board)) {
    const { n, sum } = fieldOf.get(e) as { n: number; sum: number };
    const t = tally(tallies, e);
    // The board's difference, (n × tricks − sum) / n, added exactly.
    scores.push({ board: e.board, pair: e.pair, direction: e.direction, result: e.tricks, value: (n * e.tricks - sum) / n, top: 0 });
    if (n > 1) {
      t.boards++;
      add(t, BigInt(n * e.tricks - sum), BigInt(n));
    }
  }
  return { scoring: 'knickerbocker', scores, standings: standings(tallies, o.apart, () => null, 'knickerbocker') };
}
