// Ruled tables with revokes, claims, concessions, answers and rulings injected at random, checked as they go
// (test/laws-fuzz.ts): every table reads back with parseTable, whole and after the table before; every hand's
// score is the referee's; every ruling cites its law. test/laws-fuzz.test.ts runs 1,000 hands in CI.
//
// Usage: node --import tsx scripts/laws-fuzz.ts [--hands 100000] [--seed 20261126]
// Each run of 1,000 hands is its own seed (seed + k), so that a failure names a short run to replay.
import { parseArgs } from 'node:util';
import { type FuzzCounts, fuzzLaws } from '../test/laws-fuzz.js';

const { values } = parseArgs({ options: { hands: { type: 'string', default: '100000' }, seed: { type: 'string', default: '20261126' } } });
const hands = Number(values.hands);
const seed = Number(values.seed);
const total: FuzzCounts = { hands: 0, revokes: 0, penalties: 0, claims: 0, concessions: 0, rulings: 0, exposed: 0, calls: 0, parses: 0, refereed: 0 };
const started = performance.now();
for (let k = 0; total.hands < hands; k++) {
  const c = fuzzLaws(seed + k, Math.min(1000, hands - total.hands));
  for (const key of Object.keys(total) as (keyof FuzzCounts)[]) total[key] += c[key];
  if (k % 10 === 9) console.log(`${total.hands} hands, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
console.log(
  `laws-fuzz: seeds ${seed} to ${seed + Math.ceil(hands / 1000) - 1}, ${JSON.stringify(total)}, ${((performance.now() - started) / 1000).toFixed(0)} s: no disagreement`,
);
