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
