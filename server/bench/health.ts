/**
 * `npm run bench:health` (in server/): how long `GET /health` takes while one client claims as fast as its
 * rate limit allows at a table where the server rules on every claim (`WHIST_CLAIMS=checked`) and three
 * computer players play at `standard` (`WHIST_COMPUTER_PLAYER`), with no pause before their cards.
 *
 * Method: the server runs in its own process, as in production (`node --import tsx src/main.ts`, its
 * settings otherwise the defaults: the solver's worker threads one fewer than the cores); the claimer
 * (test/support/claimer.ts) and the prober run in this process. The prober sends `GET /health` one after the
 * other, with `--gap` milliseconds between an answer and the next request, for `--seconds` after
 * `--warmup` seconds of load, and prints the nearest-rank percentiles of the times from sending to the whole
 * answer, and the same with no load first (the claimer not started), for comparison. `--runs N` repeats the
 * loaded window N times, each on a new table.
 *
 *   npm run bench:health -- [--seconds 20] [--warmup 3] [--gap 10] [--runs 1] [--threads N]
 */

import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { claimUntil, openClaimerTable } from '../test/support/claimer.js';
import { request } from '../test/support/http.js';
import { percentile } from '../test/support/players.js';
import { freePort, spawnServer } from '../test/support/processes.js';
import { sleep } from '../test/support/wait.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    gap: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    threads: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const gap = Number(values.gap);
const runs = Number(values.runs);

/** `GET /health` one after another for `ms`: each answer's time, in milliseconds, and any status but 200. */
async function probe(base: string, ms: number): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    const r = await request(base, 'GET', '/health');
    times.push(performance.now() - started);
    if (r.status !== 200) failed++;
    if (gap > 0) await sleep(gap);
  }
  return { times, failed };
}

function row(label: string, r: { times: number[]; failed: number }, extra = ''): string {
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(10)} n=${String(r.times.length).padStart(5)}  p50 ${f(percentile(r.times, 50))} ms  p99 ${f(percentile(r.times, 99))} ms  max ${f(Math.max(...r.times))} ms  non-200 ${r.failed}${extra}`;
}

const env: Record<string, string> = { WHIST_CLAIMS: 'checked', WHIST_COMPUTER_PLAYER: 'standard', WHIST_COMPUTER_DELAY_MS: '0', WHIST_LOG_LEVEL: 'warn' };
if (values.threads !== undefined) env.WHIST_SOLVER_THREADS = values.threads;
// Its log level hides the line that says its address: it is told its port.
const server = await spawnServer(env, { port: await freePort() });
try {
  console.log(`GET /health, one after another with ${gap} ms between; ${seconds} s a window; load average at start ${loadavg()[0]?.toFixed(2)}`);
  console.log(row('idle', await probe(server.url, seconds * 1000)));
  for (let run = 1; run <= runs; run++) {
    const table = await openClaimerTable(server.url);
    let stopped = false;
    const claimer = claimUntil(server.url, table, () => stopped);
    await sleep(warmup * 1000);
    const loaded = await probe(server.url, seconds * 1000);
    stopped = true;
    const c = await claimer;
    const load = loadavg()[0]?.toFixed(2);
    console.log(row(`claiming`, loaded, `  (claims ${c.claims}, plays ${c.plays}, 429 ${c.limited}, 503 ${c.busy}; load ${load})`));
  }
} finally {
  await server.stop();
}
