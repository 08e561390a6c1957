/**
 * A duplicate match of the sampling player as this checkout builds it against the sampling player of another
 * build of the package (another commit's `dist/`), as `whist match` plays one, with no time limit so that the
 * play is exact. It measures a change to the sampling player against the player as it was:
 *
 *   git worktree add ../whist-before COMMIT && (cd ../whist-before && npm ci && npx tsup)
 *   npm run build
 *   node bench/match-builds.mjs ../whist-before/dist --level strong --opponent-level standard \
 *     --deals 200 --first-deal 0 --seed 2041 --log bench/results/match-builds.jsonl
 *
 * Each deal appends one line to the log in the format of `whist match --log`, with the measured player's card
 * times, so `node --import tsx bench/match-summary.ts FILE...` summarises it. The opponent's name carries its
 * build's commit when the build directory is in a git checkout.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    level: { type: 'string', default: 'standard' },
    'opponent-level': { type: 'string', default: 'standard' },
    deals: { type: 'string', default: '100' },
    'first-deal': { type: 'string', default: '0' },
    seed: { type: 'string', default: '2041' },
    log: { type: 'string' },
  },
});
const other = positionals[0];
if (other === undefined) {
  console.error('usage: node bench/match-builds.mjs OTHER_DIST [--level L] [--opponent-level L] [--deals N] [--first-deal N] [--seed N] [--log FILE]');
  process.exit(2);
}
const here = fileURLToPath(new URL('../dist/', import.meta.url));
// A build older than a source file would be measured under the wrong name: refuse it.
const newest = (dir) => Math.max(...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, f)).mtimeMs));
if (statSync(join(here, 'solver.js')).mtimeMs < newest(fileURLToPath(new URL('../src/', import.meta.url)))) {
  console.error('dist/ is older than src/: run npm run build first');
  process.exit(2);
}
const load = (dir) => import(pathToFileURL(resolve(dir, 'solver.js')).href);
const [mine, theirs] = await Promise.all([load(here), load(other)]);
/** The commit of a build's checkout, with `+changes` when its src/ differs from it; the directory outside git. */
const commit = (dir) => {
  try {
    const head = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--', '../src'], { encoding: 'utf8' }) !== '';
    return changed ? `${head}+changes` : head;
  } catch {
    return dir;
  }
};
const level = values.level;
const opponentLevel = values['opponent-level'];
const seed = Number(values.seed);
let times = [];
let cpu = [];
const player = {
  name: `sampling (${level}) at ${commit(here)}`,
  play: (view, s) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const card = mine.samplingPlayer(view, { level, seed: s, timeLimitMs: Number.POSITIVE_INFINITY });
    times.push(Math.round((performance.now() - t0) * 100) / 100);
    const c = process.cpuUsage(c0);
    cpu.push(Math.round((c.user + c.system) / 10) / 100);
    return card;
  },
};
const opponent = {
  name: `sampling (${opponentLevel}) at ${commit(other)}`,
  play: (view, s) => theirs.samplingPlayer(view, { level: opponentLevel, seed: s, timeLimitMs: Number.POSITIVE_INFINITY }),
};
const report = mine.playMatch({
  player,
  opponent,
  deals: Number(values.deals),
  firstDeal: Number(values['first-deal']),
  seed,
  onDeal: (r) => {
    if (values.log !== undefined)
      appendFileSync(values.log, `${JSON.stringify({ player: player.name, opponent: opponent.name, seed, ...r, cardTimesMs: times, cardCpuMs: cpu })}\n`);
    times = [];
    cpu = [];
  },
});
const t = report.tricks;
console.log(
  `${player.name} vs ${opponent.name}: ${report.dealCount} deals, ${t.mean.toFixed(3)} tricks/deal (95% CI ${t.interval[0].toFixed(3)} to ${t.interval[1].toFixed(3)})`,
);
