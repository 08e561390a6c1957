// Speed of the claim checker (checkClaim in whist/solver), from the sources, one claim at a time.
//
// Positions: a deal from a fixed seed (a turn-up trump, or a given trump or none), played on by heuristic and
// random cards until a number of tricks is left (0 to 3 cards of the trick in progress played too), and a
// claimer drawn from the four seats. Each position is checked twice, each check with a fresh checker: the most
// tricks the claimer could claim (a claim that holds) and one more (a claim refused, with its counter-example),
// and `claimableTricks` once, which finds that number.
//
// Usage: node --import tsx bench/claims.ts [--positions N] [--long M] [--seed S] (N positions with 1 to 5 tricks
// left, 300 by default; M with 8 left, 60 by default)
// Prints, for 1 to 5 tricks left (mixed) and for exactly 8 left: the median, 95th percentile and maximum time
// of a check. The goals: a 95th percentile of at most 100 ms with 5 tricks or fewer left, 1 s with 8 left.
import { parseArgs } from 'node:util';
import { currentSeat, playerViewOrThrow, type Seat, seedRandom } from '../src/index.js';
import { checkClaim, claimableTricks } from '../src/solver/index.js';
import { Generator, randomClaimPosition } from '../test/claims-positions.js';

const { values } = parseArgs({
  options: { positions: { type: 'string', default: '300' }, long: { type: 'string', default: '60' }, seed: { type: 'string', default: '2611' } },
});
const positions = Number(values.positions);
const long = Number(values.long);
const seed = Number(values.seed);
console.log(`bench/claims.ts: ${positions} positions with 1 to 5 tricks left, ${long} with 8 left, seed ${seed}`);

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function row(name: string, minLeft: number, maxLeft: number, positions: number): void {
  const g = new Generator(seedRandom(`${seed}|${name}`).s);
  const checks: number[] = [];
  const best: number[] = [];
  let held = 0;
  let refused = 0;
  for (let i = 0; i < positions; i++) {
    const pos = randomClaimPosition(g, maxLeft, minLeft);
    const left = playerViewOrThrow(pos.state, null).cardCounts[currentSeat(pos.state) as Seat];
    let t = performance.now();
    const v = claimableTricks(pos.state, pos.claimer);
    best.push(performance.now() - t);
    if (!v.ok) throw new Error(v.error.message);
    for (const tricks of [v.value, v.value + 1]) {
      if (tricks > left) continue;
      t = performance.now();
      const r = checkClaim(pos.state, { seat: pos.claimer, tricks });
      checks.push(performance.now() - t);
      if (!r.ok) throw new Error(r.error.message);
      if (r.value.holds) held++;
      else refused++;
    }
  }
  const s = [...checks].sort((a, b) => a - b);
  const b = [...best].sort((a, c) => a - c);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `${name}: ${checks.length} checks (${held} held, ${refused} refused): median ${ms(quantile(s, 0.5))}, p95 ${ms(quantile(s, 0.95))}, max ${ms(s[s.length - 1] as number)}; ` +
      `claimableTricks median ${ms(quantile(b, 0.5))}, p95 ${ms(quantile(b, 0.95))}, max ${ms(b[b.length - 1] as number)}`,
  );
}

row('1 to 5 tricks left', 1, 5, positions);
row('8 tricks left', 8, 8, long);
