// Where the work of full double-dummy tables goes, in search nodes, which do not depend on the machine or its
// load (only on the table's budget, 64 MB, `ddTable`'s default): the same deals as DDS's comparison script
// (compare.mjs, which docs/solver.md runs; its generator and seed), each table solved as `ddTable` solves it
// (the transposition table emptied between deals and before each strain; for each strain the four leaders in
// `ddTable`'s order, N S E W, each value found by zero-window searches from a guess: half the tricks for the
// first leader, then what this leader's side took when the last one led). The answers of the first deals are
// checked against `ddTable` itself, so that the two cannot drift apart unseen.
//
// Prints the nodes of all tables (the nodes inside tricks and the trick nodes, one a trick started), their
// share by the order in which each strain's four leaders are solved, how often the guesses were right, and
// the nodes when every value is given its own answer as its guess: the most that a better guess could save.
//
// Usage: node --import tsx bench/solver-work.ts [--deals N] [--seed S]

import { parseArgs } from 'node:util';
import type { Card, Seat } from '../src/index.js';
import { Engine } from '../src/solver/engine.js';
import { ddTable } from '../src/solver/index.js';
import { isProblem, type ParsedPosition, parsePosition } from '../src/solver/position.js';
import { leaderGuess, TABLE_LEADERS } from '../src/solver/root.js';

const { values } = parseArgs({ options: { deals: { type: 'string', default: '40' }, seed: { type: 'string', default: '1' } } });
const N = Number(values.deals);
const SEATS = ['N', 'E', 'S', 'W'] as const;

/** compare.mjs's deals: its linear congruential generator, its shuffle, its seed. */
function deals(n: number, seed: number): Record<Seat, Card[]>[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const deck0 = ['S', 'H', 'D', 'C'].flatMap((su) => [...'AKQJT98765432'].map((r) => (r + su) as Card));
  const out: Record<Seat, Card[]>[] = [];
  for (let k = 0; k < n; k++) {
    const d = deck0.slice();
    for (let i = 51; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [d[i], d[j]] = [d[j] as Card, d[i] as Card];
    }
    out.push({ N: d.slice(0, 13), E: d.slice(13, 26), S: d.slice(26, 39), W: d.slice(39, 52) });
  }
  return out;
}

interface Pass {
  nodes: number;
  trickNodes: number;
  /** Nodes and trick nodes by the order of the leader within its strain (0-3). */
  readonly byOrder: number[];
  /** Values whose guess was their answer, by that order. */
  readonly exact: number[];
  readonly answers: number[];
}

/** Solves every table; `truth` gives each value its own answer as its guess. */
function solveAll(all: readonly Record<Seat, Card[]>[], truth: readonly number[] | null): Pass {
  const engine = new Engine(64 * 1024 * 1024);
  const limits = { maxNodes: Number.POSITIVE_INFINITY, signal: null };
  const pass: Pass = { nodes: 0, trickNodes: 0, byOrder: [0, 0, 0, 0], exact: [0, 0, 0, 0], answers: [] };
  for (const hands of all) {
    engine.clear();
    const base = parsePosition({ cards: hands, trump: null, leader: 'N', trick: [] });
    if (isProblem(base)) throw new Error(base.message);
    for (let t = 0; t < 5; t++) {
      if (t > 0) engine.tt.clear();
      let last = -1;
      let lastValue = 0;
      for (const [order, leader] of TABLE_LEADERS.entries()) {
        const guess = leaderGuess(base.tricks, leader, last, lastValue);
        const p: ParsedPosition = { ...base, trump: t === 4 ? -1 : t, leader, toPlay: leader };
        const g = truth === null ? guess : (truth[pass.answers.length] as number);
        engine.core.trickNodes = 0;
        const v = engine.value(p, limits, g);
        if (typeof v !== 'number') throw new Error(`stopped: ${v}`);
        const work = engine.lastNodes + engine.core.trickNodes;
        pass.nodes += engine.lastNodes;
        pass.trickNodes += engine.core.trickNodes;
        pass.byOrder[order] = (pass.byOrder[order] as number) + work;
        if (g === v) pass.exact[order] = (pass.exact[order] as number) + 1;
        pass.answers.push(v);
        last = leader;
        lastValue = v;
      }
    }
  }
  return pass;
}

const all = deals(N, Number(values.seed));
/** `ddTable`'s 20 answers for a deal, in this script's order (strains S H D C NT, leaders as `TABLE_LEADERS` orders them). */
function viaDdTable(hands: Record<Seat, Card[]>): number[] {
  const t = ddTable(hands);
  if (!t.ok) throw new Error(t.error.message);
  const declarerOf = (leader: number) => SEATS[(leader + 3) & 3] as Seat;
  return (['S', 'H', 'D', 'C', 'NT'] as const).flatMap((strain) => TABLE_LEADERS.map((leader) => 13 - t.value[strain][declarerOf(leader)]));
}
const m = (x: number) => `${(x / 1e6).toFixed(2)}M`;
const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}%`;
const asSolved = solveAll(all, null);
for (let k = 0; k < Math.min(N, 5); k++) {
  const want = viaDdTable(all[k] as Record<Seat, Card[]>);
  if (want.some((v, i) => v !== asSolved.answers[k * 20 + i])) throw new Error(`deal ${k}: the answers differ from ddTable's`);
}
const total = asSolved.nodes + asSolved.trickNodes;
console.log(`${N} random deals (compare.mjs's, seed ${values.seed}), ${asSolved.answers.length} values, ${SEATS.length} leaders a strain`);
console.log(`nodes: ${m(asSolved.nodes)} inside tricks, ${m(asSolved.trickNodes)} trick nodes, ${m(total)} in all`);
const ORDER = ['1st', '2nd', '3rd', '4th'];
console.log(`by the order of the leader in its strain: ${asSolved.byOrder.map((x, i) => `${ORDER[i]} ${pct(x, total)}`).join(', ')}`);
console.log(`guesses equal to the answer: ${asSolved.exact.map((x) => `${x} of ${N * 5}`).join(', ')} (by the same order)`);
const oracle = solveAll(all, asSolved.answers);
if (oracle.answers.some((v, i) => v !== asSolved.answers[i])) throw new Error('the answers changed with the guesses');
const oracleTotal = oracle.nodes + oracle.trickNodes;
console.log(
  `every value given its answer as its guess: ${m(oracleTotal)} in all (${pct(oracleTotal - total, total)}); first leaders ${pct(oracle.byOrder[0] as number, oracleTotal)}`,
);
