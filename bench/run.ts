/**
 * The performance benchmark: `npm run bench` (`node --expose-gc --import tsx bench/run.ts`).
 *
 * What it measures, all in one process, interleaved so that the machine's drifting speed (a shared
 * 2-core VM: 30 % and more over seconds) touches every engine alike. Hand engines run in short slices,
 * one engine after another, several slices per round; each figure is the median over slices or rounds,
 * and each ratio is the median of the ratios of measurements taken side by side:
 *
 * (a) random full hands through the public API (`deal`, then `legalMoves` / `currentSeat` / `play` ×52,
 *     then `tricksWon` / `honoursHeld` / `scoreHand`), in hands/s and plays/s;
 * (b) the same games on the mutable reference engine of bench/reference.ts, the measuring stick;
 *     plus the internal playout engine of src/playout.ts on the same games;
 * (c) single operations in ns/op: `legalMoves`, `play`, `playerView`, `parseState`, `heuristicPlayer`,
 *     and the playout engine's own steps, over 1,024 fixed states taken at random points of random hands;
 * (d) a complete rubber at a table with heuristic players (`newTable` + `apply` + `heuristicPlayer`).
 *
 * Before timing anything, every engine plays the same `--check` hands (default 5,000) from the same
 * seed and prints its checksum (every card, every trick winner, the tricks and the score of every
 * hand); different checksums end the run with exit code 1. Memory figures come from bench/memory.ts in
 * a child process. Results are printed as a table and written to bench/results/ as JSON.
 *
 * Options: `--rounds N` (default 9), `--seed N` (default 2024), `--check N`, `--no-memory`,
 * `--quick` (3 rounds, shorter samples), `--strict` (also exit 1 when a target is missed).
 *
 * Run it from the package directory, as the npm script does: the source is then loaded as ES modules.
 * Loaded from elsewhere, tsx compiles it to CommonJS, where every imported binding is a getter call,
 * and the mutable engines lose half their speed.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { do_not_optimize, measure } from 'mitata';
import { type Card, FULL_DECK } from '../src/cards.js';
import { currentSeat, dealHand, type HandState, legalMoves, play } from '../src/hand/index.js';
import { heuristicPlayer, parseState, parseStateOrThrow, playerView, playerViewOrThrow } from '../src/index.js';
import { Generator, seedRandom, shuffleInPlace } from '../src/random.js';
import { SEATS, type Seat } from '../src/seats.js';
import { apiEngine, type Engine, playoutEngine, playoutListingEngine, playRun, RULES, randomnessOnly, referenceEngine } from './games.js';
import { createPlayout, type Playout, playoutIndex, playoutLegal, playoutPlay, playoutUndo } from './playout.js';
import { playRubber } from './rubber.js';
import { measureTrust } from './trust.js';

// ---------------------------------------------------------------------------------------------- options

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
  return n;
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const QUICK = flag('quick');
const ROUNDS = option('rounds', QUICK ? 3 : 9);
const SEED = option('seed', 2024);
const CHECK_HANDS = option('check', QUICK ? 1000 : 5000);
/** CPU time per measurement per round, in ns. */
const BUDGET_HAND = QUICK ? 120e6 : 300e6;
/** Hand engines are measured in short slices, all engines one after another, so that each ratio compares
 * measurements taken within a fraction of a second of each other: this machine's speed drifts by 30 % and
 * more over seconds. */
const SLICES = QUICK ? 2 : 4;
const BUDGET_SLICE = QUICK ? 40e6 : 60e6;
const BUDGET_OP = QUICK ? 60e6 : 150e6;

/** Targets of the performance issue, as ratios to the reference engine's hands/s. */
const TARGETS = { api: 5, playout: 1.5 };

// ------------------------------------------------------------------------------------------- checksums

// Timed engines; all but the last also play the checksum games; the last is the randomness floor.
const makers = [apiEngine, referenceEngine, playoutEngine, playoutListingEngine, randomnessOnly];
const engines: Engine[] = makers.map((make) => make(SEED));
const engineKeys = ['api', 'reference', 'playout', 'playoutListing', 'floor'] as const;

console.log(`whist benchmark: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} ×${cpus().length}, commit ${commit()}`);
console.log(`seed ${SEED}, ${ROUNDS} rounds of ${SLICES} slices${QUICK ? ' (quick)' : ''}\n`);
console.log(`Same games on every engine: ${CHECK_HANDS} hands from seed ${SEED}, checksum of every card, trick winner, trick count and score`);
const checksums: Record<string, string> = {};
for (const [k, make] of makers.slice(0, -1).entries()) {
  const run = playRun(make(SEED), CHECK_HANDS);
  checksums[engineKeys[k] as string] = run.checksum.toString(16).padStart(8, '0');
  console.log(
    `  ${(engines[k] as Engine).name.padEnd(32)} ${checksums[engineKeys[k] as string]}  (${Math.round((CHECK_HANDS / run.ms) * 1000)} hands/s, cold)`,
  );
}
const checksumsAgree = new Set(Object.values(checksums)).size === 1;
if (!checksumsAgree) {
  console.error('\nFAIL: the engines played different games for the same seed (checksums differ)');
  process.exit(1);
}
console.log('  all equal\n');

// ------------------------------------------------------------------------------------------- fixtures

/** 1,024 states at random points (0 to 51 cards played) of random hands, with a legal play for each. */
function fixtures(seed: number): { states: HandState[]; seats: Seat[]; cards: Card[]; json: unknown[]; playouts: Playout[]; cardIndices: number[] } {
  const g = new Generator(seedRandom(seed).s);
  const states: HandState[] = [];
  const seats: Seat[] = [];
  const cards: Card[] = [];
  for (let i = 0; i < 1024; i++) {
    const deck = [...FULL_DECK];
    shuffleInPlace(g, deck);
    const dealt = dealHand(RULES, { dealer: SEATS[i & 3] as Seat, deck });
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state = dealt.value;
    const depth = g.int(52);
    for (let k = 0; k < depth; k++) {
      const moves = legalMoves(state);
      const r = play(state, currentSeat(state) as Seat, moves[g.int(moves.length)] as Card);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value;
    }
    const moves = legalMoves(state);
    // Held as a server holds them: read back through parseState, each one recognised by lookup.
    states.push(parseStateOrThrow(JSON.parse(JSON.stringify(state))));
    seats.push(currentSeat(state) as Seat);
    cards.push(moves[g.int(moves.length)] as Card);
  }
  return {
    states,
    seats,
    cards,
    json: states.map((s) => JSON.parse(JSON.stringify(s)) as unknown),
    playouts: states.map((s) => createPlayout(s)),
    cardIndices: cards.map((c) => playoutIndex(c)),
  };
}

const F = fixtures(SEED + 1);
const scratch = new Int8Array(13);

/**
 * (c) single operations, each over the 1,024 fixture states in turn. To add one: one line here.
 * `i` runs through 0-1023.
 */
const OPS: { key: string; name: string; run: (i: number) => unknown }[] = [
  { key: 'legalMoves', name: 'legalMoves', run: (i) => legalMoves(F.states[i] as HandState) },
  { key: 'play', name: 'play (a legal card)', run: (i) => play(F.states[i] as HandState, F.seats[i] as Seat, F.cards[i] as Card) },
  { key: 'playerView', name: 'playerView (seat to play)', run: (i) => playerView(F.states[i] as HandState, F.seats[i] as Seat) },
  { key: 'parseState', name: 'parseState (from JSON)', run: (i) => parseState(F.json[i]) },
  { key: 'heuristicPlayer', name: 'heuristicPlayer (for d)', run: (i) => heuristicPlayer(playerViewOrThrow(F.states[i] as HandState, F.seats[i] as Seat)) },
  { key: 'playoutLegal', name: 'playoutLegal (internal)', run: (i) => playoutLegal(F.playouts[i] as Playout, scratch) },
  {
    key: 'playoutPlayUndo',
    name: 'playoutPlay+Undo (internal)',
    run: (i) => {
      const p = F.playouts[i] as Playout;
      playoutPlay(p, F.cardIndices[i] as number);
      return playoutUndo(p);
    },
  },
];

// ------------------------------------------------------------------------------------------- measuring

interface Series {
  /** ns per call: one per round, or for hand engines one per slice. */
  ns: number[];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function time(fn: () => void, budget: number, batch: number, minSamples = 8): Promise<number> {
  const stats = await measure(fn, { min_cpu_time: budget, batch_samples: batch, min_samples: minSamples });
  return stats.p50;
}

const hands: Record<string, Series> = Object.fromEntries(engineKeys.map((key) => [key, { ns: [] }]));
const ops: Record<string, Series> = Object.fromEntries(OPS.map((o) => [o.key, { ns: [] }]));
const rubber = { ns: [] as number[], handsPerRubber: [] as number[] };
/** The reference engine's median ns per hand in each round, for the rubber's ratio. */
const referenceByRound: number[] = [];
const handCounters = engines.map(() => 0);
const checks = engines.map(() => 0);

const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  if (process.stdout.isTTY) process.stdout.write(`\rround ${round + 1}/${ROUNDS}`);
  // (a), (b), the playout engines and the randomness floor, slice by slice, in a rotating order.
  for (let slice = 0; slice < SLICES; slice++) {
    for (let j = 0; j < engines.length; j++) {
      const k = (round * SLICES + slice + j) % engines.length;
      const engine = engines[k] as Engine;
      const ns = await time(
        () => {
          const i = handCounters[k] as number;
          handCounters[k] = i + 1;
          checks[k] = engine.hand(i, checks[k] as number);
        },
        BUDGET_SLICE,
        32,
        4,
      );
      (hands[engineKeys[k] as string] as Series).ns.push(ns);
    }
  }
  referenceByRound.push(median((hands.reference as Series).ns.slice(-SLICES)));
  // (c)
  for (const op of OPS) {
    let i = 0;
    const ns = await time(
      () => {
        do_not_optimize(op.run(i));
        i = (i + 1) & 1023;
      },
      BUDGET_OP,
      1024,
    );
    (ops[op.key] as Series).ns.push(ns);
  }
  // (d): one rubber per call, from a new seed each time.
  let seed = SEED * 1000 + round * 100_000;
  let rubbers = 0;
  let rubberHands = 0;
  const ns = await time(
    () => {
      rubberHands += playRubber(seed++).hands;
      rubbers++;
    },
    BUDGET_HAND,
    1,
  );
  rubber.ns.push(ns);
  rubber.handsPerRubber.push(rubberHands / rubbers);
}
if (process.stdout.isTTY) process.stdout.write(`\r${' '.repeat(20)}\r`);
const timingSeconds = (performance.now() - started) / 1000;

// ------------------------------------------------------------------------------------------- memory

interface Memory {
  perState: { states: number; bytesPerState: number; jsonBytesDealt: number; jsonBytesComplete: number };
  simulation: { rubbers: number; hands: number; baselineHeap: number; peakHeapUsed: number; peakHeapTotal: number; retainedAfter: number; ms: number };
}
let memory: Memory | null = null;
if (!flag('no-memory')) {
  const child = spawnSync(process.execPath, [...process.execArgv, 'bench/memory.ts'], { encoding: 'utf8' });
  if (child.status !== 0) console.error(`bench/memory.ts failed:\n${child.stderr}`);
  else memory = JSON.parse(child.stdout.trim().split('\n').pop() as string) as Memory;
}

// ------------------------------------------------------------------------------------------- report

const refNs = hands.reference?.ns as number[];
const perRoundRatio = (xs: readonly number[]): number => median(xs.map((x, r) => x / (refNs[r] as number)));
const quartiles = (xs: readonly number[]): [number, number] => {
  const s = xs.map((x, r) => x / (refNs[r] as number)).sort((a, b) => a - b);
  return [s[Math.floor((s.length - 1) / 4)] as number, s[Math.ceil(((s.length - 1) * 3) / 4)] as number];
};
const floorNs = hands.floor?.ns as number[];
/** Per-round ratio of the engines' own cost, the randomness floor subtracted from both. */
const netRatio = (xs: readonly number[]): number => median(xs.map((x, r) => (x - (floorNs[r] as number)) / ((refNs[r] as number) - (floorNs[r] as number))));
const refPerPlay = median(refNs) / 52;

interface Row {
  name: string;
  value: string;
  rate: string;
  ratio: string;
}
const rows: Row[] = [];
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const engineRows: Record<
  string,
  {
    nsPerHand: number;
    handsPerSecond: number;
    playsPerSecond: number;
    timesReference: number;
    timesReferenceQuartiles: [number, number];
    timesReferenceNet: number | null;
  }
> = {};
for (const [k, key] of engineKeys.entries()) {
  const ns = median((hands[key] as Series).ns);
  const ratio = perRoundRatio((hands[key] as Series).ns);
  const net = key === 'floor' ? null : netRatio((hands[key] as Series).ns);
  engineRows[key] = {
    nsPerHand: ns,
    handsPerSecond: 1e9 / ns,
    playsPerSecond: (52 * 1e9) / ns,
    timesReference: ratio,
    timesReferenceQuartiles: quartiles((hands[key] as Series).ns),
    timesReferenceNet: net,
  };
  rows.push({
    name: `${key === 'api' ? '(a)' : key === 'reference' ? '(b)' : '   '} ${key === 'floor' ? '' : 'hand: '}${(engines[k] as Engine).name}`,
    value: `${fmt(ns / 1000, 2)} µs/hand`,
    rate: `${fmt(1e9 / ns)} hands/s, ${fmt((52 * 1e9) / ns / 1e6, 2)} M plays/s`,
    ratio: `${fmt(ratio, 2)}×`,
  });
}
const opRows: Record<string, { nsPerOp: number; referencePlays: number }> = {};
for (const op of OPS) {
  const ns = median((ops[op.key] as Series).ns);
  opRows[op.key] = { nsPerOp: ns, referencePlays: ns / refPerPlay };
  rows.push({ name: `(c) ${op.name}`, value: `${fmt(ns, 1)} ns/op`, rate: `${fmt(1e9 / ns / 1e6, 2)} M ops/s`, ratio: `${fmt(ns / refPerPlay, 2)}× ref play` });
}
const rubberNs = median(rubber.ns);
const handsPerRubber = median(rubber.handsPerRubber);
const rubberPerHand = median(rubber.ns.map((ns, r) => ns / (rubber.handsPerRubber[r] as number)));
const rubberRatio = median(rubber.ns.map((ns, r) => ns / (rubber.handsPerRubber[r] as number) / (referenceByRound[r] as number)));
rows.push({
  name: '(d) rubber, heuristic players',
  value: `${fmt(rubberNs / 1e6, 3)} ms/rubber`,
  rate: `${fmt(handsPerRubber, 2)} hands/rubber, ${fmt(1e9 / rubberPerHand)} hands/s`,
  ratio: `${fmt(rubberRatio, 2)}× per hand`,
});

const widths = [44, 18, 36, 16];
const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' ');
console.log(line(['benchmark (medians)', 'time', 'throughput', 'vs reference']));
console.log('-'.repeat(widths.reduce((a, b) => a + b + 1, -1)));
for (const r of rows) console.log(line([r.name, r.value, r.rate, r.ratio]));

if (memory) {
  const mb = (b: number): string => `${fmt(b / 1048576, 1)} MB`;
  console.log(`\nMemory (bench/memory.ts, own process)`);
  console.log(
    `  retained per state, 52-play histories: ${fmt(memory.perState.bytesPerState)} bytes (${fmt(memory.perState.states)} states kept alive); as JSON ${memory.perState.jsonBytesDealt} bytes dealt, ${memory.perState.jsonBytesComplete} complete`,
  );
  console.log(
    `  ${memory.simulation.rubbers} rubbers (${memory.simulation.hands} hands, ${fmt(memory.simulation.ms)} ms): peak heap used ${mb(memory.simulation.peakHeapUsed)} (baseline ${mb(memory.simulation.baselineHeap)}), peak heap total ${mb(memory.simulation.peakHeapTotal)}, retained after ${mb(memory.simulation.retainedAfter)}`,
  );
}

const apiRatio = engineRows.api?.timesReference as number;
const playoutRatio = engineRows.playout?.timesReference as number;
const targets = {
  api: { limit: TARGETS.api, ratio: apiRatio, met: apiRatio <= TARGETS.api },
  playout: { limit: TARGETS.playout, ratio: playoutRatio, met: playoutRatio <= TARGETS.playout },
};
console.log('\nTargets (ratios of time per hand to the reference, median of the per-slice ratios)');
const spread = (key: string): string => {
  const [a, b] = (engineRows[key] as (typeof engineRows)[string]).timesReferenceQuartiles;
  return `(quartiles of the slices ${fmt(a, 2)}–${fmt(b, 2)})`;
};
console.log(`  public API within ${TARGETS.api}× of the reference:       ${fmt(apiRatio, 2)}×  ${targets.api.met ? 'met' : 'MISSED'}  ${spread('api')}`);
console.log(
  `  playout engine within ${TARGETS.playout}× of the reference: ${fmt(playoutRatio, 2)}×  ${targets.playout.met ? 'met' : 'MISSED'}  ${spread('playout')}`,
);
console.log(
  `  the engines' own cost, the shared randomness (${fmt(median(floorNs) / 1000, 2)} µs/hand) subtracted: public API ${fmt(engineRows.api?.timesReferenceNet as number, 2)}×, playout ${fmt(engineRows.playout?.timesReferenceNet as number, 2)}× (listing ${fmt(engineRows.playoutListing?.timesReferenceNet as number, 2)}×)`,
);
// (e) the trust boundary, on the built package: a selector on old states against the newest, and the
// solver on states of the main entry in CommonJS against ESM.
const trust = await measureTrust(QUICK ? 3 : 7, QUICK ? 60e6 : 120e6);
const selectorRatio = trust.selectorOlderNs / trust.selectorNewestNs;
const cjsRatio = trust.solveCjsNs / trust.solveEsmNs;
console.log('\nTrust boundary (bench/trust.ts, on dist/; goal within 1.2×)');
console.log(
  `  tricksWon on the states of 200 old hands vs equal states made last: ${fmt(trust.selectorOlderNs, 0)} vs ${fmt(trust.selectorNewestNs, 0)} ns = ${fmt(selectorRatio, 2)}×  ${selectorRatio <= 1.2 ? 'met' : 'MISSED'}`,
);
console.log(
  `  solver.solve on a one-trick ending made by the main entry, CommonJS vs ESM: ${fmt(trust.solveCjsNs, 0)} vs ${fmt(trust.solveEsmNs, 0)} ns = ${fmt(cjsRatio, 2)}×  ${cjsRatio <= 1.2 ? 'met' : 'MISSED'}`,
);
console.log(`\ntiming took ${fmt(timingSeconds, 1)} s`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const result = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? null,
  cores: cpus().length,
  commit: commit(),
  seed: SEED,
  rounds: ROUNDS,
  slices: SLICES,
  quick: QUICK,
  checksumHands: CHECK_HANDS,
  checksums,
  checksumsAgree,
  hands: engineRows,
  handsRaw: hands,
  ops: opRows,
  opsRaw: ops,
  rubber: { msPerRubber: rubberNs / 1e6, handsPerRubber, nsPerHand: rubberPerHand, timesReferencePerHand: rubberRatio, raw: rubber },
  memory,
  targets,
  trust: { ...trust, selectorRatio, cjsRatio },
  timingSeconds,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/bench-${stamp}.json`, `${JSON.stringify(result, null, 2)}\n`);
writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(`results: bench/results/bench-${stamp}.json (and latest.json)`);

if (flag('strict') && !(targets.api.met && targets.playout.met)) process.exit(1);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}
