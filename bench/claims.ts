// Speed of the claim checker (checkClaim in whist/solver), from the sources, one claim at a time.
//
// Positions: a deal from a fixed seed (a turn-up trump, or a given trump or none), played on by heuristic and
// random cards until a number of tricks is left (0 to 3 cards of the trick in progress played too), and a
// claimer drawn from the four seats. Each position is checked twice, each check with a fresh checker: the most
// tricks the claimer could claim (a claim that holds) and one more (a claim refused, with its counter-example),
// and `claimableTricks` once, which finds that number.
//
// Usage: node --import tsx bench/claims.ts [--positions N] [--long M] [--seed S] [--max-nodes B] [--only 5|8]
// (N positions with 1 to 5 tricks left, 300 by default; M with 8 left, 60 by default; with B, each call stops
// after B search nodes and counts as over the budget; --only runs one row and prints each position's times)
// Prints, for 1 to 5 tricks left (mixed, then each number of tricks left) and for exactly 8 left: the median,
// 95th percentile and maximum time of a check. The goals: a 95th percentile of at most 100 ms with 5 tricks or fewer left, 1 s with 8 left.
import { parseArgs } from 'node:util';
import { currentSeat, playerViewOrThrow, type Seat, seedRandom } from '../src/index.js';
import { checkClaim, claimableTricks } from '../src/solver/index.js';
import { Generator, randomClaimPosition } from '../test/claims-positions.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '300' },
    long: { type: 'string', default: '60' },
    seed: { type: 'string', default: '2611' },
    'max-nodes': { type: 'string' },
    only: { type: 'string' },
  },
});
const positions = Number(values.positions);
const long = Number(values.long);
const maxNodes = values['max-nodes'] === undefined ? undefined : Number(values['max-nodes']);
const options = maxNodes === undefined ? undefined : { maxNodes };
const seed = Number(values.seed);
console.log(
  `bench/claims.ts: ${positions} positions with 1 to 5 tricks left, ${long} with 8 left, seed ${seed}${maxNodes === undefined ? '' : `, each check stopped after ${maxNodes} nodes`}`,
);

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function row(name: string, minLeft: number, maxLeft: number, positions: number): void {
  const g = new Generator(seedRandom(`${seed}|${name}`).s);
  const checks: number[] = [];
  const best: number[] = [];
  /** The checks' times by tricks left. */
  const byLeft = new Map<number, number[]>();
  let held = 0;
  let refused = 0;
  let stopped = 0;
  for (let i = 0; i < positions; i++) {
    const pos = randomClaimPosition(g, maxLeft, minLeft);
    const left = playerViewOrThrow(pos.state, null).cardCounts[currentSeat(pos.state) as Seat];
    const before = checks.length;
    let t = performance.now();
    const v = claimableTricks(pos.state, pos.claimer, options);
    best.push(v.ok ? performance.now() - t : Number.POSITIVE_INFINITY);
    // claimableTricks stopped by the node budget: one claim, of 1 to the tricks left by the position's number.
    const claims = v.ok ? [v.value, v.value + 1] : [1 + (i % left)];
    for (const tricks of claims) {
      if (tricks > left) continue;
      t = performance.now();
      const r = checkClaim(pos.state, { seat: pos.claimer, tricks }, options);
      checks.push(r.ok ? performance.now() - t : Number.POSITIVE_INFINITY);
      byLeft.set(left, [...(byLeft.get(left) ?? []), checks[checks.length - 1] as number]);
      if (!r.ok) stopped++;
      else if (r.value.holds) held++;
      else refused++;
    }
    if (values.only !== undefined)
      console.log(
        `  position ${i}: ${checks
          .slice(before)
          .map((x) => x.toFixed(1))
          .join(' ')} ms`,
      );
  }
  const s = [...checks].sort((a, b) => a - b);
  const b = [...best].sort((a, c) => a - c);
  const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'over the budget');
  console.log(
    `${name}: ${checks.length} checks (${held} held, ${refused} refused, ${stopped} stopped): median ${ms(quantile(s, 0.5))}, p95 ${ms(quantile(s, 0.95))}, max ${ms(s[s.length - 1] as number)}; ` +
      `claimableTricks median ${ms(quantile(b, 0.5))}, p95 ${ms(quantile(b, 0.95))}, max ${ms(b[b.length - 1] as number)}`,
  );
  if (byLeft.size > 1) {
    for (const left of [...byLeft.keys()].sort((x, y) => x - y)) {
      const t = [...(byLeft.get(left) as number[])].sort((x, y) => x - y);
      console.log(`  ${left} left: ${t.length} checks: median ${ms(quantile(t, 0.5))}, p95 ${ms(quantile(t, 0.95))}, max ${ms(t[t.length - 1] as number)}`);
    }
  }
}

if (values.only !== '8') row('1 to 5 tricks left', 1, 5, positions);
if (values.only !== '5') row('8 tricks left', 8, 8, long);
