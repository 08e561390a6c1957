// Full double-dummy tables of deals with a void in every hand, beside native DDS 2.9 in the same run: the kind of
// deal that is slowest to solve, since on nearly every trick some hand discards what it likes. Each hand is
// 5-4-4-0 and each suit is split 5-4-4-0 among the four hands (a random choice of who is void in what, ranks dealt
// at random within the split), from a fixed seed. Random deals are measured by ../shared/tools/dds/compare.mjs
// (docs/solver.md); these are the other end.
//
// It times `ddTable` as it ships (the bundle dist/solver.js: `npm run build` first), and DDS's own time for each
// deal as its table program prints it (dds-table-native of ../shared/tools/dds, one thread), and checks that the
// 20 results of every deal are the same.
//
// Usage: node --import tsx bench/solver-voids.ts [--deals N] [--seed S] [--dds PATH] [--solver PATH]
// (`--solver`: another build's dist/solver.js, to compare two builds on the same deals.)
// Prints each deal's times and their ratio, then the median, mean and slowest of both and their ratios.

import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Card, Seat } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    dds: { type: 'string', default: join(here, '..', '..', 'shared', 'tools', 'dds', 'dds-table-native') },
    solver: { type: 'string', default: join(here, '..', 'dist', 'solver.js') },
  },
});
const N = Number(values.deals);
const SEATS = ['N', 'E', 'S', 'W'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;
const RANKS = 'AKQJT98765432';
const STRAINS = ['S', 'H', 'D', 'C', 'NT'] as const;

let state = Number(values.seed) >>> 0;
const rnd = (): number => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
};
function shuffle<T>(a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

interface Deal {
  readonly hands: Record<Seat, Card[]>;
  readonly pbn: string;
}

/**
 * A deal with every hand 5-4-4-0 and every suit split 5-4-4-0: suit t goes to the seats in a shuffled order,
 * shifted by t.
 */
function voidDeal(): Deal {
  const order = shuffle([0, 1, 2, 3]);
  const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  const lengths = [0, 5, 4, 4];
  SUITS.forEach((suit, t) => {
    const ranks = shuffle([...RANKS]);
    let at = 0;
    for (let j = 0; j < 4; j++) {
      const seat = SEATS[order[(t + j) % 4] as number] as Seat;
      for (let k = 0; k < (lengths[j] as number); k++) hands[seat].push(`${ranks[at++]}${suit}` as Card);
    }
  });
  const pbn = `N:${SEATS.map((seat) => SUITS.map((suit) => [...RANKS].filter((r) => hands[seat].includes(`${r}${suit}` as Card)).join('')).join('.')).join(' ')}`;
  return { hands, pbn };
}

const deals = Array.from({ length: N }, voidDeal);
const run = spawnSync(values.dds, [], { input: `${deals.map((d) => d.pbn).join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 26 });
if (run.status !== 0) throw new Error(`${values.dds}: ${run.error?.message ?? run.stderr}`);
const native = run.stdout
  .trim()
  .split('\n')
  .map((line) => {
    const [ms, ...results] = line.trim().split(/\s+/).map(Number);
    return { ms: ms as number, results };
  });
if (native.length !== N) throw new Error(`${values.dds} answered ${native.length} deals of ${N}`);

const { ddTable } = (await import(pathToFileURL(values.solver).href)) as typeof import('../src/solver/index.js');
const ours: number[] = [];
let differ = 0;
deals.forEach((deal, i) => {
  const t = performance.now();
  const table = ddTable(deal.hands);
  const ms = performance.now() - t;
  if (!table.ok) throw new Error(table.error.message);
  const results = STRAINS.flatMap((strain) => SEATS.map((seat) => table.value[strain][seat]));
  const dds = native[i] as { ms: number; results: number[] };
  if (results.join() !== dds.results.join()) differ++;
  ours.push(ms);
  console.log(`deal ${i} ${deal.pbn}: whist ${ms.toFixed(0)} ms, DDS ${dds.ms.toFixed(0)} ms, ratio ${(ms / dds.ms).toFixed(2)}`);
});

function stats(times: readonly number[]): { median: number; mean: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1] as number, mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, max: sorted[sorted.length - 1] as number };
}
const a = stats(native.map((x) => x.ms));
const b = stats(ours);
console.log(`${N} deals with a void in every hand (seed ${values.seed}), full tables; tables differing from DDS: ${differ}`);
console.log(`native DDS: median ${a.median.toFixed(0)} mean ${a.mean.toFixed(0)} max ${a.max.toFixed(0)} ms`);
console.log(`whist/solver: median ${b.median.toFixed(0)} mean ${b.mean.toFixed(0)} max ${b.max.toFixed(0)} ms`);
console.log(`ratios median ${(b.median / a.median).toFixed(2)} mean ${(b.mean / a.mean).toFixed(2)} slowest ${(b.max / a.max).toFixed(2)}`);
if (differ > 0) process.exitCode = 1;
