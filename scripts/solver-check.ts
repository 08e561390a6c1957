// Checks the double-dummy solver against native DDS 2.9 on the whole reference set in ../shared/data/dd:
// every card of every position (positions.jsonl, random.jsonl) and every result of every table (tables.jsonl).
//
// Each position is rebuilt through the public API (deal with the deal's real trump, the dealer on the right of
// the opening leader, then play the recorded plays) and scored with `scoreMoves`, which reads the state only
// through the library's selectors; the position the state gives must also be the one the file gives.
//
// Usage: node --import tsx scripts/solver-check.ts [--every K] [--offset I] [--limit N] [--only positions,random,tables]
//   --every K   check every K-th line of each file (default 1: all of them), from line I (default 0)
//   --limit N   at most N lines of each file
// Prints the counts and exits 1 on any disagreement or error.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Card, currentTrick, dealHand, type HandState, play, type Seat, SHORT_WHIST, type Suit } from '../src/index.js';
import { createSolver, type Solver } from '../src/solver/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(ROOT, '..', 'shared', 'data', 'dd');
const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

interface PositionLine {
  readonly id: string;
  readonly kind: string;
  readonly trump: Suit | null;
  readonly toMove: Seat;
  readonly leader: Seat;
  readonly trick: readonly Card[];
  readonly hands: Record<Seat, Card[]>;
  readonly scores: Record<string, number>;
  readonly dealt: Record<Seat, Card[]>;
  readonly plays: readonly Card[];
  readonly ms: number;
}

interface TableLine {
  readonly id: string;
  readonly deal: Record<Seat, Card[]>;
  readonly tricks: Record<string, Record<Seat, number>>;
}

export interface CheckCounts {
  /** Our time (ms) and DDS's (`ms`) for each position checked, in order. */
  times: number[];
  ddsTimes: number[];
  positions: number;
  /** Positions where DDS gave no score (-2: one distinct legal move, not searched), and their cards. */
  unscoredPositions: number;
  unscoredCards: number;
  cards: number;
  cardsAgreeing: number;
  positionsAgreeing: number;
  tables: number;
  results: number;
  resultsAgreeing: number;
  tablesAgreeing: number;
  errors: string[];
  ms: number;
}

function readLines<T>(file: string, every: number, limit: number, offset = 0): T[] {
  const lines = readFileSync(join(DATA, file), 'utf8').trim().split('\n');
  const out: T[] = [];
  for (let i = offset; i < lines.length && out.length < limit; i += every) out.push(JSON.parse(lines[i] as string) as T);
  return out;
}

/** The state of a reference position: the deal dealt with its trump by the seat on the opening leader's right, and its plays played. */
export function stateOf(line: PositionLine): HandState | string {
  const openingLeader = line.plays.length === 0 ? line.leader : null;
  // The opening leader is eldest hand: rebuild it from the first play's seat when there are plays.
  const eldest = openingLeader ?? firstLeader(line);
  const dealer = SEATS[(SEATS.indexOf(eldest) + 3) % 4] as Seat;
  const dealt = dealHand(SHORT_WHIST, { dealer, cards: line.dealt, trump: line.trump });
  if (!dealt.ok) return `${line.id}: deal refused: ${dealt.error.code} ${dealt.error.message}`;
  let state = dealt.value;
  for (const card of line.plays) {
    const seat = (SEATS.find((s) => line.dealt[s].includes(card)) ?? 'N') as Seat;
    const next = play(state, seat, card);
    if (!next.ok) return `${line.id}: play ${card} refused: ${next.error.code} ${next.error.message}`;
    state = next.value;
  }
  return state;
}

/** Eldest hand of a position with plays: the seat holding the first card played. */
function firstLeader(line: PositionLine): Seat {
  const first = line.plays[0] as Card;
  return (SEATS.find((s) => line.dealt[s].includes(first)) ?? 'N') as Seat;
}

function checkPosition(solver: Solver, line: PositionLine, counts: CheckCounts): void {
  const state = stateOf(line);
  if (typeof state === 'string') {
    counts.errors.push(state);
    return;
  }
  const trick = currentTrick(state);
  if (trick === null || trick.leader !== line.leader || trick.cards.join(' ') !== line.trick.join(' ')) {
    counts.errors.push(`${line.id} (${line.kind}): the rebuilt state's trick is ${JSON.stringify(trick)}, the file's ${line.leader} ${line.trick.join(' ')}`);
    return;
  }
  const t0 = performance.now();
  const r = solver.scoreMoves(state);
  counts.times.push(performance.now() - t0);
  counts.ddsTimes.push(line.ms);
  if (!r.ok) {
    counts.errors.push(`${line.id} (${line.kind}): ${r.error.code} ${r.error.message}`);
    return;
  }
  counts.positions++;
  let all = true;
  const expected = Object.keys(line.scores);
  if (expected.length !== r.value.length) {
    all = false;
    counts.errors.push(`${line.id} (${line.kind}): ${r.value.length} legal cards, DDS ${expected.length}`);
  }
  // DDS does not search a position whose legal cards are all one move (equivalent cards): it gives -2. There is
  // then no score to compare with; the cards must at least all score the same.
  const unscored = r.value.filter(({ card }) => (line.scores[card] ?? 0) < 0);
  if (unscored.length > 0) {
    counts.unscoredPositions++;
    counts.unscoredCards += unscored.length;
    if (new Set(r.value.map((s) => s.tricks)).size !== 1) {
      all = false;
      counts.errors.push(`${line.id} (${line.kind}): DDS found one distinct move, but the scores differ: ${JSON.stringify(r.value)}`);
    }
  }
  for (const { card, tricks } of r.value) {
    const theirs = line.scores[card];
    if (theirs !== undefined && theirs < 0) continue;
    counts.cards++;
    if (theirs === tricks) counts.cardsAgreeing++;
    else {
      all = false;
      counts.errors.push(`${line.id} (${line.kind}): ${card} scores ${tricks}, DDS ${theirs}`);
    }
  }
  if (all) counts.positionsAgreeing++;
}

function checkTable(solver: Solver, line: TableLine, counts: CheckCounts): void {
  const r = solver.ddTable(line.deal);
  if (!r.ok) {
    counts.errors.push(`${line.id}: ${r.error.code} ${r.error.message}`);
    return;
  }
  counts.tables++;
  let all = true;
  for (const strain of ['S', 'H', 'D', 'C', 'NT'] as const) {
    for (const seat of SEATS) {
      counts.results++;
      const mine = r.value[strain][seat];
      const theirs = line.tricks[strain]?.[seat];
      if (mine === theirs) counts.resultsAgreeing++;
      else {
        all = false;
        counts.errors.push(`${line.id}: ${strain} by ${seat}: ${mine}, DDS ${theirs}`);
      }
    }
  }
  if (all) counts.tablesAgreeing++;
}

/**
 * Checks a sample of the reference set: every `every`-th line of each file, at most `limit` of each.
 *
 * @returns the counts per file
 */
export function check(options: {
  every: number;
  limit: number;
  only: readonly string[];
  log?: (line: string) => void;
  progress?: boolean;
  offset?: number;
}): Record<string, CheckCounts> {
  const out: Record<string, CheckCounts> = {};
  const made = createSolver({ memoryMB: 128 });
  if (!made.ok) throw new Error(made.error.message);
  const solver = made.value;
  for (const name of ['random', 'positions', 'tables']) {
    if (!options.only.includes(name)) continue;
    const counts: CheckCounts = {
      times: [],
      ddsTimes: [],
      positions: 0,
      unscoredPositions: 0,
      unscoredCards: 0,
      cards: 0,
      cardsAgreeing: 0,
      positionsAgreeing: 0,
      tables: 0,
      results: 0,
      resultsAgreeing: 0,
      tablesAgreeing: 0,
      errors: [],
      ms: 0,
    };
    const t0 = performance.now();
    if (name === 'tables') {
      const lines = readLines<TableLine>('tables.jsonl', options.every, options.limit, options.offset ?? 0);
      lines.forEach((line, i) => {
        checkTable(solver, line, counts);
        if (options.progress && (i + 1) % 100 === 0) options.log?.(`  ${name}: ${i + 1}/${lines.length}: ${summary(name, counts)}`);
      });
    } else {
      const lines = readLines<PositionLine>(`${name}.jsonl`, options.every, options.limit, options.offset ?? 0);
      lines.forEach((line, i) => {
        checkPosition(solver, line, counts);
        if (options.progress && (i + 1) % 500 === 0) options.log?.(`  ${name}: ${i + 1}/${lines.length}: ${summary(name, counts)}`);
      });
    }
    counts.ms = performance.now() - t0;
    out[name] = counts;
    options.log?.(summary(name, counts));
  }
  return out;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Our times against DDS's on the lines checked: median, mean, 90th percentile and maximum, and their ratios. */
export function timing(c: CheckCounts): string {
  if (c.times.length === 0) return '';
  const ours = [...c.times].sort((a, b) => a - b);
  const theirs = [...c.ddsTimes].sort((a, b) => a - b);
  const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const row = (k: string, a: number, b: number): string => `${k} ${a.toFixed(1)} ms vs DDS ${b.toFixed(1)} ms (${(a / b).toFixed(2)}x)`;
  return [
    row('median', quantile(ours, 0.5), quantile(theirs, 0.5)),
    row('mean', mean(ours), mean(theirs)),
    row('p90', quantile(ours, 0.9), quantile(theirs, 0.9)),
    row('max', ours[ours.length - 1] as number, theirs[theirs.length - 1] as number),
    `${ours.filter((t) => t > 2000).length} over 2 s`,
  ].join('; ');
}

/** One line of counts for a file. */
export function summary(name: string, c: CheckCounts): string {
  const time = `${(c.ms / 1000).toFixed(1)} s`;
  if (name === 'tables')
    return `${name}.jsonl: ${c.tablesAgreeing}/${c.tables} tables agree with DDS (${c.resultsAgreeing}/${c.results} results), ${c.errors.length} errors, ${time}`;
  const unscored =
    c.unscoredPositions === 0
      ? ''
      : `; ${c.unscoredPositions} positions have one distinct legal move, which DDS does not score (-2): their ${c.unscoredCards} cards are checked to score alike`;
  return `${name}.jsonl: ${c.positionsAgreeing}/${c.positions} positions agree with DDS (${c.cardsAgreeing}/${c.cards} scored cards)${unscored}, ${c.errors.length} errors, ${time}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      every: { type: 'string', default: '1' },
      offset: { type: 'string', default: '0' },
      limit: { type: 'string', default: '1000000' },
      only: { type: 'string', default: 'positions,random,tables' },
    },
  });
  const result = check({
    every: Number(values.every),
    limit: Number(values.limit),
    only: String(values.only).split(','),
    offset: Number(values.offset),
    log: (l) => console.log(l),
    progress: true,
  });
  let bad = 0;
  for (const [name, c] of Object.entries(result)) {
    if (c.times.length > 0) console.log(`${name}.jsonl times (scoreMoves, one solver for the file): ${timing(c)}`);
    for (const e of c.errors.slice(0, 20)) console.log(`  ${name}: ${e}`);
    bad += c.errors.length;
  }
  console.log(bad === 0 ? 'solver:check: every score agrees with DDS' : `solver:check: ${bad} disagreements or errors`);
  process.exit(bad === 0 ? 0 : 1);
}
