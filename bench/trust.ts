/**
 * The trust boundary's cost, as two ratios measured side by side in one process (`npm run bench`, part e):
 *
 * - a selector (`tricksWon`) on the states of 200 hands made first, then buried under thousands of later
 *   states, against the same selector on equal states made last: a replay or history UI reads old states all
 *   the time (goal: within 1.2×);
 * - `solve` from `whist/solver` on states made by the main entry `whist`, loaded as CommonJS
 *   (`require`) against ESM (`import`), on the built package in dist/ (goal: within 1.2×).
 */

import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { do_not_optimize, measure } from 'mitata';

type Api = typeof import('../src/index.js');
type SolverApi = typeof import('../src/solver/index.js');

const dist = resolve(import.meta.dirname, '..', 'dist');

async function p50(fn: () => void, budget: number): Promise<number> {
  return (await measure(fn, { min_cpu_time: budget, batch_samples: 256, min_samples: 8 })).p50;
}

/** States of `hands` random hands, each with 26 cards played. */
function states(api: Api, hands: number, seed: number): unknown[] {
  const out: unknown[] = [];
  let random = api.seedRandom(seed);
  for (let i = 0; i < hands; i++) {
    const shuffled = api.shuffledDeck(random);
    random = shuffled.random;
    let state = api.dealHandOrThrow(api.SHORT_WHIST, { dealer: 'N', deck: shuffled.value });
    for (let k = 0; k < 26; k++) state = api.playOrThrow(state, api.currentSeat(state) as 'N', api.legalMoves(state)[0] as 'AS');
    out.push(state);
  }
  return out;
}

/** A one-trick ending: 48 cards played. */
function ending(api: Api): unknown {
  let state = api.dealHandOrThrow(api.SHORT_WHIST, { dealer: 'N', deck: api.FULL_DECK });
  for (let k = 0; k < 48; k++) state = api.playOrThrow(state, api.currentSeat(state) as 'N', api.legalMoves(state)[0] as 'AS');
  return state;
}

export interface TrustResult {
  selectorNewestNs: number;
  selectorOlderNs: number;
  solveEsmNs: number;
  solveCjsNs: number;
}

/** Runs `rounds` rounds, each timing the four cases one after another; returns the medians. */
export async function measureTrust(rounds: number, budget: number): Promise<TrustResult> {
  const esm = (await import(pathToFileURL(resolve(dist, 'index.js')).href)) as Api;
  const esmSolver = (await import(pathToFileURL(resolve(dist, 'solver.js')).href)) as SolverApi;
  const require = createRequire(import.meta.url);
  const cjs = require(resolve(dist, 'index.cjs')) as Api;
  const cjsSolver = require(resolve(dist, 'solver.cjs')) as SolverApi;
  const old = states(esm, 200, 2024) as Parameters<Api['tricksWon']>[0][];
  states(esm, 2000, 7); // thousands of later states: the 200 are old now
  // Equal states, made last: the same facts read back through parseState.
  const newestRefs = old.map((s) => esm.parseStateOrThrow(JSON.parse(JSON.stringify(s))));
  const solvers = { esm: esmSolver.createSolver({ memoryMB: 1 }), cjs: cjsSolver.createSolver({ memoryMB: 1 }) };
  if (!solvers.esm.ok || !solvers.cjs.ok) throw new Error('createSolver refused');
  const esmSolve = solvers.esm.value;
  const cjsSolve = solvers.cjs.value;
  const endEsm = ending(esm) as Parameters<SolverApi['solve']>[0];
  const endCjs = ending(cjs) as Parameters<SolverApi['solve']>[0];
  if (!esmSolve.solve(endEsm).ok || !cjsSolve.solve(endCjs).ok) throw new Error('solve refused a state of its own package');
  const series = { selectorNewestNs: [] as number[], selectorOlderNs: [] as number[], solveEsmNs: [] as number[], solveCjsNs: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    let i = 0;
    series.selectorOlderNs.push(
      await p50(() => {
        do_not_optimize(esm.tricksWon(old[i] as never));
        i = (i + 1) % 200;
      }, budget),
    );
    // The same loop over equal states made last, so that only the states' age differs.
    let j = 0;
    series.selectorNewestNs.push(
      await p50(() => {
        do_not_optimize(esm.tricksWon(newestRefs[j] as never));
        j = (j + 1) % 200;
      }, budget),
    );
    series.solveEsmNs.push(await p50(() => do_not_optimize(esmSolve.solve(endEsm)), budget));
    series.solveCjsNs.push(await p50(() => do_not_optimize(cjsSolve.solve(endCjs)), budget));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  return {
    selectorNewestNs: median(series.selectorNewestNs),
    selectorOlderNs: median(series.selectorOlderNs),
    solveEsmNs: median(series.solveEsmNs),
    solveCjsNs: median(series.solveCjsNs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t = await measureTrust(5, 100e6);
  console.log(
    `tricksWon on the states of 200 old hands vs equal states made last: ${t.selectorOlderNs.toFixed(0)} ns vs ${t.selectorNewestNs.toFixed(0)} ns = ${(t.selectorOlderNs / t.selectorNewestNs).toFixed(2)}×`,
  );
  console.log(
    `solver.solve on a one-trick ending made by the main entry, CommonJS vs ESM: ${t.solveCjsNs.toFixed(0)} ns vs ${t.solveEsmNs.toFixed(0)} ns = ${(t.solveCjsNs / t.solveEsmNs).toFixed(2)}×`,
  );
}
