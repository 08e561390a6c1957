/**
 * `npm run bench:load` (in server/): plays per second and play latency of whole rubbers played over
 * loopback, for the embedded store (PGlite) and for PostgreSQL (a throwaway cluster, when Debian's
 * `postgresql` is installed), with one and with two server processes.
 *
 * Method: the server runs in its own process(es), as in production; the clients (the load generator) run
 * in `--clients` processes of their own (default 1; 0 plays them in this process), each
 * playing its share of the tables (bench/clients.ts), and this process measures. Each of `--tables`
 * tables has four scripted seats that follow the table's event stream and, on their turn, read their
 * view and play (SSE + GET + POST per play), exactly as the tests' players do. A table whose rubber ends is replaced by a new one, so the load is steady.
 * Plays answered during the first `--warmup` seconds are not counted; then plays are counted for
 * `--seconds`. Latency is the time from sending a play to its 200 (nearest-rank percentiles over every
 * play of the window), as the client sees it.
 *
 * Every figure the clients see includes the clients' own delays: the players, the servers and PostgreSQL
 * share the machine's cores. So each row also gives, over the same window:
 *
 * - `srv p99`: the 99th percentile of the same plays as the servers timed them (from the request's arrival
 *   to the end of its answer), from each process's `/metrics` histogram (interpolated within its buckets,
 *   as Prometheus does; `>50` when it falls past the 50 ms bucket), and `>50ms`, the share of plays the
 *   servers took over 50 ms (exact: a bucket ends at 50 ms);
 * - `lag p99`: the 99th percentile of the clients' own event-loop delay (the worst client process's), a
 *   floor on what they add;
 * - the CPU each part used per play, in milliseconds (Linux: from `/proc`): the server processes, PostgreSQL
 *   (every process of the cluster), the clients;
 * - `unread`: the plays the servers wrote without reading the row first (on the version they held), and
 *   `replays`: the stored tables they replayed (after the version held, or whole) per play, from their
 *   `/metrics` counters;
 * - `load`: the machine's load average over the last minute, at the end of the window.
 *
 * `--runs N` runs every configuration N times, in turn (each store and process count, then again), and
 * prints the median of each figure over the runs, then every run's own figures.
 *
 * With `--profile`, each server process writes a V8 CPU profile (`node --cpu-prof`), and where its time went
 * is printed for each configuration (bench/profile.ts).
 *
 * `--think` lists the pauses to measure (default 0 and 100 ms), `--logs` the servers' log level (default
 * `info`: a JSON line a request, written to a pipe this process reads).
 *
 *   npm run bench:load -- --seconds 15 --tables 50 --store embedded|postgres|all --runs 3 [--clients 1] [--profile] [--logs warn]
 */

import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from '../test/support/http.js';
import { percentile } from '../test/support/players.js';
import { type Postgres, startPostgres } from '../test/support/postgres.js';
import { freePort, type ServerProcess, spawnServer } from '../test/support/processes.js';
import { type ClientJob, type ClientResult, play } from './clients.js';
import { summarize } from './profile.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    tables: { type: 'string', default: '50' },
    store: { type: 'string', default: 'all' },
    processes: { type: 'string', default: '1,2' },
    runs: { type: 'string', default: '1' },
    clients: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    think: { type: 'string', default: '0,100' },
    logs: { type: 'string', default: 'info' },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const tableCount = Number(values.tables);
const runs = Number(values.runs);
const clientProcesses = Number(values.clients);
const thinks = values.think.split(',').map(Number);
const processCounts = values.processes.split(',').map(Number);

interface Row {
  readonly name: string;
  /** The pause before each play, ms (0: as fast as the server answers). */
  readonly think: number;
  readonly run: number;
  /** The machine's load average over the last minute, at the end of the window. */
  readonly load: number;
  readonly plays: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** The servers' own 99th percentile of a play, ms, from their histograms (Infinity: past the 50 ms bucket). */
  readonly serverP99: number;
  /** The share of plays the servers took over 50 ms, in percent. */
  readonly serverOver50: number;
  /** The clients' event-loop delay, 99th percentile, ms. */
  readonly lagP99: number;
  /** CPU per play, ms: the server processes, PostgreSQL, the clients. NaN where it cannot be read. */
  readonly serverCpu: number;
  readonly postgresCpu: number;
  readonly clientCpu: number;
  /** Plays written without reading the row first, in percent of the plays. */
  readonly unread: number;
  /** Stored tables replayed (after the version held, or whole) per play. */
  readonly replays: number;
  readonly rubbers: number;
  /**
   * Times a player waited 3 s without its turn coming and read the table (a table slow to move, as at the
   * start when every table opens at once, or an event missed), or moved to another server; warm-up included.
   */
  readonly polls: number;
}

/** Clock ticks a second, for `/proc/<pid>/stat` (100 on Linux). */
const TICK_MS = 10;

/** CPU milliseconds a process used (user + system), with its children waited for when `children`; NaN off Linux. */
function processCpu(pid: number | undefined, children = false): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 after the command.
    const own = Number(f[11]) + Number(f[12]);
    return (children ? own + Number(f[13]) + Number(f[14]) : own) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** CPU milliseconds used by a PostgreSQL cluster: the postmaster, its processes, and those that ended. */
function postgresCpu(pg: Postgres | null): number {
  if (pg === null) return Number.NaN;
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return Number.NaN;
  }
  let total = processCpu(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += processCpu(Number(entry));
    } catch {
      // The process ended meanwhile: its time is in the postmaster's children's.
    }
  }
  return total;
}

/** What the servers' `/metrics` say: the histogram of POST /actions answered 200, and some counters. */
interface Scraped {
  /** Cumulative counts by upper bound (seconds). */
  readonly histogram: Map<number, number>;
  /** Summed over the servers, by `name{label}` (NaN when a server does not have it). */
  readonly counters: Map<string, number>;
}

const COUNTERS = ['whist_actions_unread_total{outcome="written"}', 'whist_table_checks_total{how="after"}', 'whist_table_checks_total{how="whole"}'];

async function scrape(servers: readonly ServerProcess[]): Promise<Scraped> {
  const counts = new Map<number, number>();
  const counters = new Map<string, number>();
  for (const s of servers) {
    let r: Awaited<ReturnType<typeof request>> | null = null;
    // A busy process may drop a connection: asked again, up to three times.
    for (let attempt = 0; attempt < 3 && (r === null || r.status !== 200); attempt++) r = await request(s.url, 'GET', '/metrics').catch(() => null);
    if (r === null || r.status !== 200) continue;
    for (const name of COUNTERS) {
      const m = new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\d+)`, 'm').exec(r.text);
      counters.set(name, (counters.get(name) ?? 0) + (m === null ? Number.NaN : Number(m[1])));
    }
    for (const m of r.text.matchAll(/^whist_http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
      const labels = m[1] as string;
      if (!labels.includes('route="actions"') || !labels.includes('method="POST"') || !labels.includes('status="200"')) continue;
      const le = /le="([^"]+)"/.exec(labels)?.[1] ?? '+Inf';
      const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
      counts.set(bound, (counts.get(bound) ?? 0) + Number(m[2]));
    }
  }
  return { histogram: counts, counters };
}

/** The p-th percentile (ms) and the share over 50 ms (%) of the plays between two histograms. */
function fromHistogram(before: Map<number, number>, after: Map<number, number>, p: number): { quantile: number; over50: number } {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const cum = bounds.map((b) => (after.get(b) ?? 0) - (before.get(b) ?? 0));
  const total = cum[cum.length - 1] ?? 0;
  if (total === 0) return { quantile: Number.NaN, over50: Number.NaN };
  const at50 = cum[bounds.indexOf(0.05)] ?? Number.NaN;
  const rank = (p / 100) * total;
  let quantile = Number.NaN;
  for (let i = 0; i < bounds.length; i++) {
    if ((cum[i] as number) < rank) continue;
    const upper = bounds[i] as number;
    const lower = i === 0 ? 0 : (bounds[i - 1] as number);
    const below = i === 0 ? 0 : (cum[i - 1] as number);
    quantile =
      upper === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : 1000 * (lower + ((upper - lower) * (rank - below)) / ((cum[i] as number) - below));
    break;
  }
  return { quantile, over50: (100 * (total - at50)) / total };
}

/** A client process (`bench/clients.ts`), loaded: `run` gives it its job and resolves with what it saw. */
async function clientProcess(): Promise<(job: ClientJob) => Promise<ClientResult>> {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then((code) => reject(new Error(`a client process exited with ${code}`)));
  });
  return (job) =>
    new Promise((resolve, reject) => {
      let result: ClientResult | null = null;
      child.once('message', (m) => {
        result = m as ClientResult;
      });
      void exited.then((code) => (result !== null ? resolve(result) : reject(new Error(`a client process exited with ${code}`))));
      child.send(job);
    });
}

/** Keeps `tableCount` tables playing on `servers` for warm-up plus window; returns the window's figures. */
async function measure(name: string, servers: readonly ServerProcess[], pg: Postgres | null, think: number, run: number): Promise<Row> {
  const bases = servers.map((s) => s.url);
  // The client processes are loaded first: the warm-up and the window start when every one has its job.
  const runners = await Promise.all(Array.from({ length: clientProcesses }, () => clientProcess()));
  const cpuAt = async () => ({
    servers: servers.reduce((sum, s) => sum + processCpu(s.child.pid), 0),
    postgres: postgresCpu(pg),
    scraped: await scrape(servers),
  });
  let first: Awaited<ReturnType<typeof cpuAt>> | null = null;
  let last: Awaited<ReturnType<typeof cpuAt>> | null = null;
  const marks = [
    new Promise<void>((resolve) =>
      setTimeout(async () => {
        first = await cpuAt();
        resolve();
      }, warmup * 1000),
    ),
    new Promise<void>((resolve) =>
      setTimeout(
        async () => {
          last = await cpuAt();
          resolve();
        },
        (warmup + seconds) * 1000,
      ),
    ),
  ];
  // The tables dealt out among the client processes (or all played here, with --clients 0).
  const shares = Math.max(1, clientProcesses);
  const jobs: ClientJob[] = Array.from({ length: shares }, (_, k) => ({
    bases,
    slots: Array.from({ length: tableCount }, (_, slot) => slot).filter((slot) => slot % shares === k),
    warmupMs: warmup * 1000,
    windowMs: seconds * 1000,
    thinkMs: think,
  }));
  const results = await Promise.all(jobs.map((job, k) => (clientProcesses === 0 ? play(job) : (runners[k] as (job: ClientJob) => Promise<ClientResult>)(job))));
  await Promise.all(marks);
  const window = results.flatMap((r) => r.latencies);
  const refused = results.flatMap((r) => r.refusals);
  if (refused.length > 0) throw new Error(`unexpected refusals: ${JSON.stringify(refused)}`);
  const a = first as unknown as Awaited<ReturnType<typeof cpuAt>>;
  const b = last as unknown as Awaited<ReturnType<typeof cpuAt>>;
  const plays = window.length;
  const server = fromHistogram(a.scraped.histogram, b.scraped.histogram, 99);
  const counted = (name: string): number => ((b.scraped.counters.get(name) ?? Number.NaN) - (a.scraped.counters.get(name) ?? Number.NaN)) / plays;
  return {
    name,
    think,
    run,
    load: loadavg()[0] ?? 0,
    plays,
    perSecond: plays / seconds,
    p50: percentile(window, 50),
    p99: percentile(window, 99),
    serverP99: server.quantile,
    serverOver50: server.over50,
    lagP99: Math.max(...results.map((r) => r.lagP99)),
    serverCpu: (b.servers - a.servers) / plays,
    postgresCpu: (b.postgres - a.postgres) / plays,
    clientCpu: results.reduce((sum, r) => sum + r.cpuMs, 0) / plays,
    unread: 100 * counted(COUNTERS[0] as string),
    replays: counted(COUNTERS[1] as string) + counted(COUNTERS[2] as string),
    rubbers: results.reduce((sum, r) => sum + r.rubbers, 0),
    polls: results.reduce((sum, r) => sum + r.polls + r.failovers, 0),
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

async function run(name: string, count: number, extra: Record<string, string>, pg: Postgres | null, round: number): Promise<void> {
  const dir = values.profile ? mkdtempSync(join(tmpdir(), 'whist-profile-')) : null;
  const nodeArgs = dir === null ? [] : ['--cpu-prof', '--cpu-prof-dir', dir];
  const started: ServerProcess[] = [];
  for (let i = 0; i < count; i++) started.push(await spawnServer({ ...env, ...extra }, { nodeArgs, port: await freePort() }));
  processes.push(...started);
  try {
    for (const think of thinks) rows.push(await measure(name, started, pg, think, round));
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    if (dir !== null) {
      profiles.push(`${name}, run ${round}\n${summarize(dir)}`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log(
  `whist-server benchmark: ${tableCount} tables at once, four HTTP players each (event stream, then GET and POST per play), ${warmup} s warm-up, ${seconds} s measured; each player pausing ${thinks.join(' or ')} ms before a play; ${runs} run(s) of each`,
);
console.log(
  `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}); ${clientProcesses === 0 ? 'the clients in this process' : `the clients in ${clientProcesses} process${clientProcesses === 1 ? '' : 'es'} of their own`}, the servers and PostgreSQL share them`,
);

const embedded = values.store === 'all' || values.store === 'embedded';
let pg: Postgres | null = null;
try {
  if (values.store === 'all' || values.store === 'postgres') {
    const started = await startPostgres();
    if ('skip' in started) notes.push(`PostgreSQL skipped: ${started.skip}`);
    else pg = started;
  }
  for (let round = 1; round <= runs; round++) {
    if (embedded) await run('PGlite in memory, 1 process', 1, {}, null, round);
    if (pg !== null)
      for (const count of processCounts) await run(`PostgreSQL 15, ${count} process${count === 1 ? '' : 'es'}`, count, { DATABASE_URL: pg.url }, pg, round);
  }
} finally {
  await Promise.all(processes.map((p) => p.stop()));
  await pg?.stop();
}

const fmt = (x: number, d: number): string => (Number.isNaN(x) ? '-' : x === Number.POSITIVE_INFINITY ? '>50' : x.toFixed(d));
const HEAD: Array<[string, number, (r: Row) => string]> = [
  ['think ms', 9, (r) => fmt(r.think, 0)],
  ['plays', 7, (r) => fmt(r.plays, 0)],
  ['plays/s', 8, (r) => fmt(r.perSecond, 0)],
  ['p50 ms', 8, (r) => fmt(r.p50, 1)],
  ['p99 ms', 8, (r) => fmt(r.p99, 1)],
  ['srv p99', 8, (r) => fmt(r.serverP99, 1)],
  ['>50ms', 7, (r) => `${fmt(r.serverOver50, 1)}%`],
  ['lag p99', 8, (r) => fmt(r.lagP99, 1)],
  ['srv cpu', 8, (r) => fmt(r.serverCpu, 2)],
  ['pg cpu', 7, (r) => fmt(r.postgresCpu, 2)],
  ['cli cpu', 8, (r) => fmt(r.clientCpu, 2)],
  ['unread', 7, (r) => `${fmt(r.unread, 0)}%`],
  ['replays', 8, (r) => fmt(r.replays, 2)],
  ['polls', 6, (r) => fmt(r.polls, 0)],
  ['load', 6, (r) => fmt(r.load, 1)],
];
const line = (name: string, cells: string[]): string => name.padEnd(28) + cells.map((c, i) => c.padStart((HEAD[i] as [string, number, unknown])[1])).join('');
const header = line(
  'store',
  HEAD.map(([h]) => h),
);

/** A row of medians over the runs of one configuration (each figure's own median). */
function median(group: readonly Row[]): Row {
  const m = (f: (r: Row) => number): number => percentile(group.map(f), 50);
  const first = group[0] as Row;
  return {
    ...first,
    load: m((r) => r.load),
    plays: m((r) => r.plays),
    perSecond: m((r) => r.perSecond),
    p50: m((r) => r.p50),
    p99: m((r) => r.p99),
    serverP99: m((r) => r.serverP99),
    serverOver50: m((r) => r.serverOver50),
    lagP99: m((r) => r.lagP99),
    serverCpu: m((r) => r.serverCpu),
    postgresCpu: m((r) => r.postgresCpu),
    clientCpu: m((r) => r.clientCpu),
    unread: m((r) => r.unread),
    replays: m((r) => r.replays),
  };
}

const keys = [...new Set(rows.map((r) => `${r.name}|${r.think}`))];
console.log(`\n${runs > 1 ? `medians of ${runs} runs` : 'one run'}\n${header}`);
for (const k of keys) {
  const r = median(rows.filter((x) => `${x.name}|${x.think}` === k));
  console.log(
    line(
      r.name,
      HEAD.map(([, , f]) => f(r)),
    ),
  );
}
if (runs > 1) {
  console.log(`\nevery run\n${header.replace('store'.padEnd(28), 'store, run'.padEnd(28))}`);
  for (const r of rows)
    console.log(
      line(
        `${r.name.replace('PostgreSQL 15', 'PG')}, ${r.run}`,
        HEAD.map(([, , f]) => f(r)),
      ),
    );
}
console.log(
  "p50, p99: a play's latency as the clients saw it, from its POST to the answer. srv p99, >50ms: as the servers timed the same plays (their /metrics histograms). lag p99: the clients' own event-loop delay. cpu: milliseconds of CPU per play (servers, PostgreSQL, clients). unread: plays written without reading the row. replays: tables replayed per play. polls: waits of 3 s after which a player read the table anyway. load: the load average at the end of the window.",
);
for (const n of notes) console.log(n);
for (const p of profiles) console.log(`\n${p}`);
process.exit(0);
