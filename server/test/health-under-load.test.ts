/**
 * No request waits on the solver: with one client claiming as fast as its rate limit allows at a table where
 * the server rules on every claim (`WHIST_CLAIMS=checked`) and computer players play by sampling (at `fast`
 * here: which level searches does not change where the search runs), every search runs on the solver's
 * worker threads, none on the event loop, and `/health` is answered while searches are under way. (How fast
 * it is answered, with the computer players at `standard`, is measured by `npm run bench:health`, not
 * asserted here.)
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimChecks } from '../src/counters.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ranOnMainThread } from '../src/solver/tasks.js';
import { claimUntil, openClaimerTable } from './support/claimer.js';
import { request } from './support/http.js';
import { sleep, waitFor } from './support/wait.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(
    {
      port: 0,
      claims: 'checked',
      computerPlayer: 'fast',
      computerDelayMs: 0,
      solverThreads: 1,
      addressRate: 0,
      tablesPerAddress: 0,
      pgliteImage: process.env.WHIST_PGLITE_IMAGE,
    },
    { log: { info() {}, error() {} } },
  );
});

afterAll(async () => {
  await server?.close();
});

describe('/health while a client claims as fast as it may', () => {
  it('is answered while the solver works: every claim check and computer decision runs on a worker thread', async () => {
    const mainBefore = { ...ranOnMainThread };
    const checksBefore = claimChecks.run;
    // Each /health request, as it arrives: whether a solver task was under way then.
    const arrivals: boolean[] = [];
    server.http.prependListener('request', (req) => {
      if (req.url === '/health') arrivals.push(server.solver.running > 0);
    });
    const table = await openClaimerTable(server.url);
    let stopped = false;
    const claimer = claimUntil(server.url, table, () => stopped);
    const answered: number[] = [];
    // One /health request every few milliseconds: often enough to arrive during a search (each takes tens of
    // milliseconds at least), and not so often that the prober itself keeps this process busy.
    const prober = (async () => {
      while (!stopped) {
        const r = await request(server.url, 'GET', '/health');
        answered.push(r.status);
        await sleep(5);
      }
    })();
    try {
      await waitFor(
        'a /health request to arrive while a solver task is under way, after claims and computer decisions were made',
        () => arrivals.some((busy) => busy) && server.solver.answered.worker >= 20 && claimChecks.run - checksBefore >= 5,
      );
    } finally {
      stopped = true;
    }
    const counts = await claimer;
    await prober;
    expect(counts.claims).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((s) => s === 200)).toBe(true);
    // Every search ran on a worker thread: none on the thread that answers requests.
    expect(server.solver.answered.main).toBe(0);
    expect(ranOnMainThread).toEqual(mainBefore);
    // The event loop took /health while a search was under way: a search on the loop would have held it back until the search was over.
    expect(arrivals.filter((busy) => busy).length).toBeGreaterThan(0);
  });
});
