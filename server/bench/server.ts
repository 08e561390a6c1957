/**
 * `npm run bench` (in server/): plays per second and play latency of whole rubbers played over loopback,
 * for the embedded store (PGlite) and for PostgreSQL (a throwaway cluster, when Debian's `postgresql` is
 * installed), with one and with two server processes.
 *
 * Method: the server runs in its own process(es), as in production; this process runs the clients. Each
 * of `--tables` tables has four scripted seats that follow the table's event stream and, on their turn,
 * read their view and play (SSE + GET + POST per play), exactly as the tests' players do. A table whose
 * rubber ends is replaced by a new one, so the load is steady. Plays answered during the first
 * `--warmup` seconds are not counted; then plays are counted for `--seconds`. Latency is the time from
 * sending a play to its 200 (nearest-rank percentiles over every play of the window).
 *
 * With `--profile`, each server process writes a V8 CPU profile (`node --cpu-prof`), and where its time went
 * is printed after each row (bench/profile.ts).
 *
 * `--think` lists the pauses to measure (default 0 and 100 ms), `--logs` the servers' log level (default
 * `info`: a JSON line a request, written to a pipe this process reads).
 *
 *   npm run bench:load -- --seconds 20 --tables 50 --store embedded|postgres|all [--profile] [--logs warn]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type OpenedTable, openTable, PlayStats, percentile, playRubber, SEATS } from '../test/support/players.js';
import { startPostgres } from '../test/support/postgres.js';
import { freePort, type ServerProcess, spawnServer } from '../test/support/processes.js';
import { summarize } from './profile.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    tables: { type: 'string', default: '50' },
    store: { type: 'string', default: 'all' },
    profile: { type: 'boolean', default: false },
    think: { type: 'string', default: '0,100' },
    logs: { type: 'string', default: 'info' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const tableCount = Number(values.tables);
const thinks = values.think.split(',').map(Number);

interface Row {
  readonly name: string;
  /** The pause before each play, ms (0: as fast as the server answers). */
  readonly think: number;
  /** The benchmark's own CPU (its 200 players), in cores. */
  readonly clientCores: number;
  /** The machine's load average over the last minute, at the end of the window. */
  readonly load: number;
  readonly plays: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly rubbers: number;
}

/** Keeps `tableCount` tables playing over `bases` for warm-up plus window; returns the window's figures. */
async function measure(name: string, bases: readonly string[], think: number): Promise<Row> {
  const stats = new PlayStats();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const from = start + warmup * 1000;
  const to = from + seconds * 1000;
  const deadline = Date.now() + (warmup + seconds) * 1000;
  let rubbers = 0;
  await Promise.all(
    Array.from({ length: tableCount }, async (_, slot) => {
      while (Date.now() < deadline) {
        const table: OpenedTable = await openTable(bases[slot % bases.length] as string, {});
        if (await playRubber(table, bases, (seat) => (slot + SEATS.indexOf(seat)) % bases.length, stats, { deadline, thinkMs: think })) rubbers++;
      }
    }),
  );
  const window: number[] = [];
  stats.answeredAt.forEach((at, i) => {
    if (at >= from && at < to) window.push(stats.latencies[i] as number);
  });
  const refused = [...stats.refusals].filter(([k]) => !k.startsWith('409'));
  if (refused.length > 0) throw new Error(`unexpected refusals: ${JSON.stringify(refused)}`);
  const used = process.cpuUsage(cpu);
  const clientCores = (used.user + used.system) / 1000 / (performance.now() - start);
  return {
    name,
    think,
    clientCores,
    load: loadavg()[0] ?? 0,
    plays: window.length,
    perSecond: window.length / seconds,
    p50: percentile(window, 50),
    p99: percentile(window, 99),
    rubbers,
  };
}

// One machine is one client address: the per-address caps are off, as docs/backend.md says for load tests.
const env = {
  WHIST_RATE_LIMIT: '0',
  WHIST_ADDRESS_LIMIT: '0',
  WHIST_CONNECTIONS_PER_ADDRESS: '0',
  WHIST_STREAMS_PER_ADDRESS: '0',
  WHIST_TABLES_PER_ADDRESS: '0',
  // A line a request at `info`, as deployed; `--logs warn` measures the server without them.
  WHIST_LOG_LEVEL: values.logs,
};
const rows: Row[] = [];
const notes: string[] = [];
const processes: ServerProcess[] = [];

const profiles: string[] = [];

async function run(name: string, count: number, extra: Record<string, string>): Promise<void> {
  const dir = values.profile ? mkdtempSync(join(tmpdir(), 'whist-profile-')) : null;
  const nodeArgs = dir === null ? [] : ['--cpu-prof', '--cpu-prof-dir', dir];
  const started: ServerProcess[] = [];
  for (let i = 0; i < count; i++) started.push(await spawnServer({ ...env, ...extra }, { nodeArgs, port: await freePort() }));
  processes.push(...started);
  try {
    for (const think of thinks)
      rows.push(
        await measure(
          name,
          started.map((p) => p.url),
          think,
        ),
      );
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    if (dir !== null) {
      profiles.push(`${name}\n${summarize(dir)}`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log(
  `whist-server benchmark: ${tableCount} tables at once, four HTTP players each (event stream, then GET and POST per play), ${warmup} s warm-up, ${seconds} s measured; each player pausing ${thinks.join(' or ')} ms before a play`,
);
console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}); clients and servers share them`);

try {
  if (values.store === 'all' || values.store === 'embedded') await run('PGlite in memory, 1 process', 1, {});
  if (values.store === 'all' || values.store === 'postgres') {
    const pg = await startPostgres();
    if ('skip' in pg) notes.push(`PostgreSQL skipped: ${pg.skip}`);
    else
      try {
        await run('PostgreSQL 15, 1 process', 1, { DATABASE_URL: pg.url });
        await run('PostgreSQL 15, 2 processes', 2, { DATABASE_URL: pg.url });
      } finally {
        await pg.stop();
      }
  }
} finally {
  await Promise.all(processes.map((p) => p.stop()));
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, d = 0) => x.toFixed(d).padStart(9);
console.log(
  `\n${pad('store', 30)}${'think ms'.padStart(9)}${'plays'.padStart(9)}${'plays/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'rubbers'.padStart(9)}${'client'.padStart(9)}${'load'.padStart(7)}`,
);
for (const r of rows)
  console.log(
    `${pad(r.name, 30)}${num(r.think)}${num(r.plays)}${num(r.perSecond)}${num(r.p50, 1)}${num(r.p99, 1)}${num(r.rubbers)}${num(r.clientCores, 2).padStart(9)}`,
  );
console.log("client: the CPU the benchmark's own players used, in cores; a play's latency is from its POST to the answer");
for (const n of notes) console.log(n);
for (const p of profiles) console.log(`\n${p}`);
process.exit(0);
