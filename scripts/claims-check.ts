// The claim checker against the plain reference of test/claims-naive.ts, on random claim positions with at
// most 6 tricks left (1 to 6, uniformly, or 1 to --max-left; 0 to 3 cards of the trick in progress played): for each position the
// most tricks the claimer can claim (claimableTricks) must hold for checkClaim and for the reference, and one
// more must be refused by both, with a counter-example the rules engine replays (test/claims-positions.ts).
// test/claims.test.ts runs a fixed-seed sample of the same comparison in CI.
//
// Usage: node --import tsx scripts/claims-check.ts [--positions 10000] [--seed 20261126] [--max-left 6] [--shard K/N] [--every 250]
// With --shard K/N only the positions whose number is K modulo N are compared (to share the run between
// processes); the shards' counts add up.
import { parseArgs } from 'node:util';
import { seedRandom } from '../src/index.js';
import { comparePosition, Generator, randomClaimPosition } from '../test/claims-positions.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261126' },
    shard: { type: 'string', default: '0/1' },
    'max-left': { type: 'string', default: '6' },
    every: { type: 'string', default: '250' },
  },
});
const maxLeft = Number(values['max-left']);
const every = Number(values.every);
const positions = Number(values.positions);
const seed = Number(values.seed);
const [k, n] = (values.shard as string).split('/').map(Number) as [number, number];
console.log(`claims-check: ${positions} positions with 1 to ${maxLeft} tricks left, seed ${seed}, shard ${k}/${n}`);
const g = new Generator(seedRandom(seed).s);
const total = { positions: 0, claims: 0, accepts: 0, refusals: 0, falseAccepts: 0, falseRefusals: 0, problems: 0 };
const started = Date.now();
for (let i = 0; i < positions; i++) {
  const pos = randomClaimPosition(g, maxLeft);
  if (i % n !== k) continue;
  const c = comparePosition(pos);
  total.positions++;
  total.claims += c.claims;
  total.accepts += c.accepts;
  total.refusals += c.refusals;
  total.falseAccepts += c.falseAccepts;
  total.falseRefusals += c.falseRefusals;
  total.problems += c.problems.length;
  for (const p of c.problems) console.log(`position ${i}: ${p}`);
  if (c.falseAccepts + c.falseRefusals > 0)
    console.log(`position ${i}: ${JSON.stringify(c)} plays "${pos.state.plays}" deal "${pos.state.deal}" claimer ${pos.claimer}`);
  if (total.positions % every === 0) console.log(`${JSON.stringify(total)} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
console.log(`done: ${JSON.stringify(total)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = total.falseAccepts + total.falseRefusals + total.problems === 0 ? 0 : 1;
