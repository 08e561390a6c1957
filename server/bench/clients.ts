/**
 * The load benchmark's players (bench/server.ts), run in a process of their own: `bench/server.ts` forks
 * `--clients` of these, each playing its share of the tables, so that the process that measures only
 * measures, and no one event loop carries every player's events. Each child keeps its tables playing
 * for the warm-up and the window, and sends back what it saw in the window.
 *
 * @module
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type OpenedTable, openTable, PlayStats, playRubber, SEATS } from '../test/support/players.js';

/** What a child is asked to do. */
export interface ClientJob {
  readonly bases: readonly string[];
  /** The table slots it plays (a slot's seats start on `bases[(slot + seat) % bases.length]`). */
  readonly slots: readonly number[];
  readonly warmupMs: number;
  readonly windowMs: number;
  readonly thinkMs: number;
}

/** What a child saw in the window. */
export interface ClientResult {
  /** Milliseconds from sending each play to its 200. */
  readonly latencies: number[];
  /** The child's event-loop delay, 99th percentile, ms. */
  readonly lagP99: number;
  /** The child's CPU, ms. */
  readonly cpuMs: number;
  readonly rubbers: number;
  /** Times a seat read the table because no event came for a while (3 s), and moved to another server. */
  readonly polls: number;
  readonly failovers: number;
  /** Answers other than 200 to a play (409 excepted), by status and code. */
  readonly refusals: Array<[string, number]>;
}

/** Plays the job's tables; resolves with the window's figures. */
export async function play(job: ClientJob): Promise<ClientResult> {
  const stats = new PlayStats();
  const start = performance.now();
  const from = start + job.warmupMs;
  const to = from + job.windowMs;
  const deadline = Date.now() + job.warmupMs + job.windowMs;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let cpuFrom = process.cpuUsage();
  let cpuMs = 0;
  const marks = [
    new Promise<void>((resolve) =>
      setTimeout(() => {
        cpuFrom = process.cpuUsage();
        lag.enable();
        resolve();
      }, job.warmupMs),
    ),
    new Promise<void>((resolve) =>
      setTimeout(() => {
        lag.disable();
        const { user, system } = process.cpuUsage(cpuFrom);
        cpuMs = (user + system) / 1000;
        resolve();
      }, job.warmupMs + job.windowMs),
    ),
  ];
  let rubbers = 0;
  const { bases } = job;
  await Promise.all(
    job.slots.map(async (slot) => {
      while (Date.now() < deadline) {
        const table: OpenedTable = await openTable(bases[slot % bases.length] as string, {});
        if (await playRubber(table, bases, (seat) => (slot + SEATS.indexOf(seat)) % bases.length, stats, { deadline, thinkMs: job.thinkMs })) rubbers++;
      }
    }),
  );
  await Promise.all(marks);
  const latencies: number[] = [];
  stats.answeredAt.forEach((at, i) => {
    if (at >= from && at < to) latencies.push(stats.latencies[i] as number);
  });
  return {
    latencies,
    lagP99: lag.percentile(99) / 1e6,
    cpuMs,
    rubbers,
    polls: stats.polls,
    failovers: stats.failovers,
    refusals: [...stats.refusals].filter(([k]) => !k.startsWith('409')),
  };
}

// As a child process: says it is ready (loaded), then takes one job from the parent and sends one result back.
if (process.send !== undefined) {
  process.send('ready');
  process.once('message', (job: ClientJob) => {
    play(job).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
