/**
 * Summarises the per-deal lines `whist match --log FILE` writes (bench/match.sh): for each player, opponent and
 * seed, the deals counted, tricks and points per deal with 95% intervals and σ, W/L/T, the deal indices covered,
 * and the per-card times where the lines have them. A match stopped early counts every deal it finished.
 *
 *   node --import tsx bench/match-summary.ts bench/results/match-*.jsonl
 */
import { readFileSync } from 'node:fs';

interface Line {
  player: string;
  opponent: string;
  seed: number;
  index: number;
  difference: number;
  points: number;
  cardTimesMs?: number[];
  cardCpuMs?: number[];
}

function estimate(values: number[]): string {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n < 2 ? 0 : Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  const f = (x: number) => (x >= 0 ? `+${x.toFixed(3)}` : x.toFixed(3));
  return `${f(mean)} (95% CI ${f(mean - half)} to ${f(mean + half)}, σ ${sd.toFixed(2)})`;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

const groups = new Map<string, Line[]>();
for (const file of process.argv.slice(2)) {
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    const line = JSON.parse(text) as Line;
    const key = `${line.player} vs ${line.opponent}, seed ${line.seed}`;
    const list = groups.get(key) ?? [];
    list.push(line);
    groups.set(key, list);
  }
}
for (const [key, list] of groups) {
  const seen = new Map<number, Line>();
  for (const l of list) seen.set(l.index, l);
  const deals = [...seen.values()].sort((a, b) => a.index - b.index);
  const d = deals.map((l) => l.difference);
  const times = deals.flatMap((l) => l.cardTimesMs ?? []).sort((a, b) => a - b);
  console.log(`${key}: ${deals.length} deals (indices ${deals[0]?.index}-${deals[deals.length - 1]?.index})`);
  console.log(`  tricks/deal ${estimate(d)}`);
  console.log(`  W/L/T ${d.filter((x) => x > 0).length}/${d.filter((x) => x < 0).length}/${d.filter((x) => x === 0).length}`);
  console.log(`  points/deal ${estimate(deals.map((l) => l.points))}`);
  const cpu = deals.flatMap((l) => l.cardCpuMs ?? []).sort((a, b) => a - b);
  if (cpu.length > 0)
    console.log(
      `  CPU ms/card (${cpu.length} cards) median ${quantile(cpu, 0.5).toFixed(1)}, p95 ${quantile(cpu, 0.95).toFixed(1)}, max ${(cpu[cpu.length - 1] as number).toFixed(1)}`,
    );
  if (times.length > 0)
    console.log(
      `  ms/card (${times.length} cards) median ${quantile(times, 0.5).toFixed(1)}, p95 ${quantile(times, 0.95).toFixed(1)}, max ${(times[times.length - 1] as number).toFixed(1)}`,
    );
}

// The share of the gap closed: a fair player and double-dummy, each against the same opponent on the same seed,
// over the deals both logs hold (delta method on the paired deals, as gapClosed does).
const byKey = new Map<string, Map<number, Line>>();
for (const [key, list] of groups) byKey.set(key, new Map(list.map((l) => [l.index, l])));
for (const [key, fair] of byKey) {
  const m = /^(.*) vs (.*), seed (.*)$/.exec(key);
  if (m === null || m[1] === 'double-dummy') continue;
  const reference = byKey.get(`double-dummy vs ${m[2]}, seed ${m[3]}`);
  if (reference === undefined) continue;
  const both = [...fair.keys()].filter((i) => reference.has(i)).sort((a, b) => a - b);
  if (both.length < 2) continue;
  const x = both.map((i) => (fair.get(i) as Line).difference);
  const y = both.map((i) => (reference.get(i) as Line).difference);
  const n = both.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  const share = mx / my;
  const z = x.map((v, i) => (v - share * (y[i] as number)) / my);
  const half = (1.96 * Math.sqrt(z.reduce((a, b) => a + b * b, 0) / (n - 1))) / Math.sqrt(n);
  console.log(
    `${m[1]}: gap closed ${(100 * share).toFixed(1)}% (95% CI ${(100 * (share - half)).toFixed(1)}% to ${(100 * (share + half)).toFixed(1)}%) of ${m[2]} → double dummy (${my.toFixed(3)} tricks/deal), ${n} deals of seed ${m[3]}`,
  );
}
