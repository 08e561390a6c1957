// The claim checker against the plain reference of test/claims-naive.ts, on random claim positions with at
// most 6 tricks left (1 to 6, uniformly, or 1 to --max-left; 0 to 3 cards of the trick in progress played): for each position the
// most tricks the claimer can claim (claimableTricks) must hold for checkClaim and for the reference, and one
// more must be refused by both, with a counter-example the rules engine replays (test/claims-positions.ts).
// test/claims.test.ts runs a fixed-seed sample of the same comparison in CI.
//
// Usage: node --import tsx scripts/claims-check.ts [--positions 10000] [--seed 20261126] [--max-left 6] [--jobs 2] [--shard K/N] [--every 250]
// With --shard K/N only the positions whose number is K modulo N are compared; with --jobs N the positions
// are shared between N child processes, one shard each, and their counts added up.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { currentSeat, playerViewOrThrow, type Seat, seedRandom } from '../src/index.js';
import { comparePosition, Generator, randomClaimPosition } from '../test/claims-positions.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261126' },
    shard: { type: 'string', default: '0/1' },
    jobs: { type: 'string', default: '1' },
    'max-left': { type: 'string', default: '6' },
    every: { type: 'string', default: '250' },
  },
});
const maxLeft = Number(values['max-left']);
const every = Number(values.every);
const positions = Number(values.positions);
const seed = Number(values.seed);
const jobs = Number(values.jobs);
const [k, n] = (values.shard as string).split('/').map(Number) as [number, number];

interface Total {
  positions: number;
  /** Positions by tricks left: byLeft[t] with t tricks left. */
  byLeft: number[];
  claims: number;
  accepts: number;
  refusals: number;
  falseAccepts: number;
  falseRefusals: number;
  problems: number;
}
const total: Total = { positions: 0, byLeft: [], claims: 0, accepts: 0, refusals: 0, falseAccepts: 0, falseRefusals: 0, problems: 0 };
const started = Date.now();
const seconds = (): string => ((Date.now() - started) / 1000).toFixed(0);

function add(t: Total): void {
  total.positions += t.positions;
  for (let i = 0; i < t.byLeft.length; i++) total.byLeft[i] = (total.byLeft[i] ?? 0) + (t.byLeft[i] ?? 0);
  total.claims += t.claims;
  total.accepts += t.accepts;
  total.refusals += t.refusals;
  total.falseAccepts += t.falseAccepts;
  total.falseRefusals += t.falseRefusals;
  total.problems += t.problems;
}

function finish(): void {
  const byLeft = total.byLeft.map((x, t) => (x === undefined || x === 0 ? '' : `${x} with ${t} left`)).filter((x) => x !== '');
  console.log(`done: ${JSON.stringify(total)} in ${seconds()} s`);
  console.log(
    `seed ${seed}: ${total.positions} positions (${byLeft.join(', ')}), ${total.claims} claims (${total.accepts} held, ${total.refusals} refused), ` +
      `${total.falseAccepts} false accepts, ${total.falseRefusals} false refusals, ${total.problems} other problems, ${seconds()} s`,
  );
  process.exitCode = total.falseAccepts + total.falseRefusals + total.problems === 0 && total.positions > 0 ? 0 : 1;
}

if (jobs > 1) {
  console.log(`claims-check: ${positions} positions with 1 to ${maxLeft} tricks left, seed ${seed}, ${jobs} processes`);
  let running = jobs;
  for (let j = 0; j < jobs; j++) {
    const args = ['--import', 'tsx', process.argv[1] as string, '--positions', `${positions}`, '--seed', `${seed}`];
    args.push('--max-left', `${maxLeft}`, '--every', `${every}`, '--shard', `${j}/${jobs}`);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() as string;
      for (const line of lines) {
        const m = /^done: (\{.*\}) in/.exec(line);
        if (m !== null) add(JSON.parse(m[1] as string) as Total);
        else if (!line.startsWith('seed ')) console.log(`[${j}/${jobs}] ${line}`);
      }
    });
    child.on('close', (code) => {
      if (code !== 0) total.problems += code === 1 ? 0 : 1;
      if (--running === 0) finish();
    });
  }
} else {
  console.log(`claims-check: ${positions} positions with 1 to ${maxLeft} tricks left, seed ${seed}, shard ${k}/${n}`);
  const g = new Generator(seedRandom(seed).s);
  for (let i = 0; i < positions; i++) {
    const pos = randomClaimPosition(g, maxLeft);
    if (i % n !== k) continue;
    const began = Date.now();
    const c = comparePosition(pos);
    const took = (Date.now() - began) / 1000;
    const left = playerViewOrThrow(pos.state, null).cardCounts[currentSeat(pos.state) as Seat];
    total.positions++;
    total.byLeft[left] = (total.byLeft[left] ?? 0) + 1;
    total.claims += c.claims;
    total.accepts += c.accepts;
    total.refusals += c.refusals;
    total.falseAccepts += c.falseAccepts;
    total.falseRefusals += c.falseRefusals;
    total.problems += c.problems.length;
    if (took >= 10) console.log(`position ${i} (${left} tricks left): ${took.toFixed(0)} s`);
    for (const p of c.problems) console.log(`position ${i}: ${p}`);
    if (c.falseAccepts + c.falseRefusals > 0)
      console.log(`position ${i}: ${JSON.stringify(c)} plays "${pos.state.plays}" deal "${pos.state.deal}" claimer ${pos.claimer}`);
    if (total.positions % every === 0) console.log(`${JSON.stringify(total)} after ${seconds()} s`);
  }
  for (let t = 0; t <= maxLeft; t++) total.byLeft[t] = total.byLeft[t] ?? 0;
  finish();
}
