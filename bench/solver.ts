// Speed and memory of the double-dummy solver against native DDS 2.9, on the reference files of
// ../shared/data/dd. Each line carries DDS's own time (`ms`, every card scored, one thread, on a machine of the
// kind the project runs on, lines solved one after another in one process). This script does the same: one
// solver (its table kept from line to line, as DDS keeps its own), every card scored, lines in file order.
//
// It measures the solver as it ships, the built bundle dist/solver.js (`npm run bench:solver` builds it first);
// `--source` runs src/ through tsx instead, which V8 runs a few percent slower (one module per file).
//
// Usage: node --expose-gc --import tsx bench/solver.ts [--file random|positions|both] [--every K] [--limit N] [--source]
// Prints, per file, our time and DDS's for the median, mean, 90th percentile and maximum line, their ratios,
// the slowest lines, and the memory used. Also counts any score that disagrees with DDS.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Card, Seat, Suit } from '../src/index.js';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'data', 'dd');

interface Line {
  readonly id: string;
  readonly kind: string;
  readonly trump: Suit | null;
  readonly leader: Seat;
  readonly trick: readonly Card[];
  readonly hands: Record<Seat, Card[]>;
  readonly scores: Record<string, number>;
  readonly ms: number;
}

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: 'both' },
    every: { type: 'string', default: '1' },
    limit: { type: 'string', default: '1000000' },
    memory: { type: 'string', default: '128' },
    source: { type: 'boolean', default: false },
  },
});

type SolverModule = typeof import('../src/solver/index.js');
const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'solver.js');
const { createSolver }: SolverModule = values.source ? await import('../src/solver/index.js') : await import(BUNDLE);

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function stats(xs: readonly number[]): { median: number; mean: number; p90: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), p90: quantile(s, 0.9), max: s[s.length - 1] ?? Number.NaN };
}

const gc = (globalThis as { gc?: () => void }).gc;

function run(file: string): void {
  const every = Number(values.every);
  const limit = Number(values.limit);
  const all = readFileSync(join(DATA, `${file}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  const lines: Line[] = [];
  for (let i = 0; i < all.length && lines.length < limit; i += every) lines.push(JSON.parse(all[i] as string) as Line);
  const made = createSolver({ memoryMB: Number(values.memory) });
  if (!made.ok) throw new Error(made.error.message);
  const solver = made.value;
  // Warm the JIT on a few lines of the other file's kind, then start from an empty table.
  for (const line of lines.slice(0, 3)) solver.scorePosition({ cards: line.hands, trump: line.trump, leader: line.leader, trick: line.trick });
  solver.clear();
  gc?.();
  const ours: number[] = [];
  const theirs: number[] = [];
  const slow: { id: string; kind: string; ms: number; dds: number }[] = [];
  let wrong = 0;
  let unscored = 0;
  let peakRss = process.memoryUsage().rss;
  let peakHeap = 0;
  const t0 = performance.now();
  for (const line of lines) {
    const start = performance.now();
    const r = solver.scorePosition({ cards: line.hands, trump: line.trump, leader: line.leader, trick: line.trick });
    const ms = performance.now() - start;
    if (!r.ok) throw new Error(`${line.id}: ${r.error.code} ${r.error.message}`);
    // DDS gives -2 instead of a score where the seat has one distinct move (see docs/solver.md): not compared.
    for (const { card, tricks } of r.value) {
      const want = line.scores[card];
      if (want === -2) unscored++;
      else if (want !== tricks) wrong++;
    }
    ours.push(ms);
    theirs.push(line.ms);
    slow.push({ id: line.id, kind: line.kind, ms, dds: line.ms });
    const mem = process.memoryUsage();
    peakRss = Math.max(peakRss, mem.rss);
    peakHeap = Math.max(peakHeap, mem.heapUsed + mem.arrayBuffers);
  }
  const total = performance.now() - t0;
  const a = stats(ours);
  const b = stats(theirs);
  const ratios = ours.map((ms, i) => ms / Math.max(0.001, theirs[i] as number));
  const r = stats(ratios);
  const f = (x: number): string => x.toFixed(x < 10 ? 2 : 0);
  console.log(
    `\n${file}.jsonl (${values.source ? 'src/ through tsx' : 'dist/solver.js'}): ${lines.length} lines, every card scored, ${wrong} scores disagreeing with DDS (${unscored} cards DDS does not score), ${(total / 1000).toFixed(1)} s in all`,
  );
  console.log('            ours ms   DDS ms   ratio');
  for (const k of ['median', 'mean', 'p90', 'max'] as const)
    console.log(`  ${k.padEnd(8)} ${f(a[k]).padStart(8)} ${f(b[k]).padStart(8)} ${f(a[k] / b[k]).padStart(7)}`);
  console.log(`  per-line ratio (ours / DDS on the same line): median ${f(r.median)}, mean ${f(r.mean)}, p90 ${f(r.p90)}, max ${f(r.max)}`);
  console.log(`  lines over 2 s: ${ours.filter((x) => x > 2000).length}`);
  console.log(
    `  slowest: ${slow
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5)
      .map((s) => `${s.id} ${s.kind} ${f(s.ms)} ms (DDS ${f(s.dds)})`)
      .join('; ')}`,
  );
  console.log(
    `  memory: table ${(solver.memoryBytes / 1048576).toFixed(1)} MB; peak RSS ${(peakRss / 1048576).toFixed(0)} MB; peak heap + buffers ${(peakHeap / 1048576).toFixed(0)} MB`,
  );
}

const files = values.file === 'both' ? ['random', 'positions'] : [String(values.file)];
for (const file of files) run(file);
