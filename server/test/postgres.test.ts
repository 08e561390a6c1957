/**
 * More than one machine: a real PostgreSQL (Debian's `postgresql`, initialised in a temporary directory),
 * two server processes on different ports against it, and the four seats of each table spread over both.
 *
 * - Races: concurrent duplicate plays sent to both processes are applied exactly once.
 * - Load: 8 seeded tables play their complete rubbers at once, each seat through either process; every
 *   acknowledged play is stored once, and every stored table passes `parseTable`.
 * - Faults: one process is killed in the middle of the rubbers; its clients carry on through the other and
 *   finish with no play lost or doubled. PostgreSQL is stopped (cleanly, then as a crash) and started
 *   again in the middle of the rubbers: requests get 503 meanwhile, `/health` still answers, both
 *   processes are ready again once it is back, and no acknowledged play is lost or doubled.
 * - Retention: both processes sweep the same store at once; each table past its time is removed once.
 *
 * Every workload here is counted (these tables, their rubbers to the end), never timed: a busy machine
 * makes the file take longer, and the per-test limits are set for that. Times are printed, never asserted.
 *
 * Skipped, saying why, where PostgreSQL cannot be started.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, heuristicPlayer, newTableOrThrow, PRESETS, parseTable, type TableState, tableViewOrThrow } from 'whist';
import { cardsOf } from '../../test/log-parts.js';
import { storedDocument } from '../src/tables.js';
import { request } from './support/http.js';
import { type OpenedTable, openTable, PlayStats, percentile, playRubber, SEATS } from './support/players.js';
import { type Postgres, startPostgres } from './support/postgres.js';
import { type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

/**
 * The load: this many tables at once, opened with seeds 1, 2, … so that the deals, and so the number of
 * hands and plays of each rubber, are the same on every run. Thirty-two seats, more than the connections of
 * both pools, keep both processes and the pools busy; on a quiet 2-core machine the rubbers take about eight seconds.
 */
const LOAD_TABLES = 8;
/** The limit for a test that plays whole rubbers: generous, for a busy machine; the work is counted, not timed. */
const RUBBERS_LIMIT_MS = 600_000;

let postgres: Postgres | null = null;
let skipped: string | null = null;
let a: ServerProcess | null = null;
let b: ServerProcess | null = null;
/** The test's own connections: a pool, so that they come back after PostgreSQL is restarted. */
let db: pg.Pool | null = null;

beforeAll(async () => {
  const started = await startPostgres();
  if ('skip' in started) {
    skipped = started.skip;
    console.log(`PostgreSQL tests skipped: ${skipped}`);
    return;
  }
  postgres = started;
  // Both processes sweep every half second; only tables the retention test ages by hand are old enough.
  const env = { DATABASE_URL: started.url, WHIST_PG_POOL: '8', WHIST_SWEEP_INTERVAL: '0.5', WHIST_ABANDONED_RETENTION: '3600' };
  [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  db = new pg.Pool({ connectionString: started.url, max: 2 });
  // A connection that PostgreSQL's stop ends is dropped by the pool, and a new one opened when needed.
  db.on('error', () => {});
}, 2 * START_LIMIT_MS);

afterAll(async () => {
  await db?.end().catch(() => {});
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.stop();
});

async function stored(id: string): Promise<{ version: number; doc: string }> {
  const r = await (db as pg.Pool).query('SELECT version, doc FROM whist_tables WHERE id = $1', [id]);
  return r.rows[0] as { version: number; doc: string };
}

function checked(doc: string): TableState {
  const t = parseTable(doc);
  if (!t.ok) throw new Error(`${t.error.code} at ${t.error.path}`);
  return t.value;
}

/** The plays of a one-rubber table's log, as "dealNumber card". */
function loggedPlays(table: TableState): string[] {
  const out: string[] = [];
  let dealNumber = 0;
  for (const entry of table.log) {
    if (entry.type !== 'hand') continue;
    dealNumber++;
    for (const card of cardsOf(entry)) out.push(`${dealNumber} ${card}`);
  }
  return out;
}

/** The rubber a seeded Short Whist table plays with the library's heuristic player at every seat, in Node: what the server must have stored. */
function rubberInNode(seed: number): TableState {
  let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed }), { type: 'deal' });
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action === 'newRubber') return table;
    if (next.action === 'deal') table = applyOrThrow(table, { type: 'deal' });
    else if (next.action === 'play')
      table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
    else throw new Error(`no claim is made here, yet the table waits for ${next.action}`);
  }
}

/**
 * Checks the stored rubbers against what the players saw and against the library: each stored table parses,
 * has one version per play (nothing doubled), holds every acknowledged play and every play left in doubt
 * that its seat concluded was applied, and nothing else (nothing lost, nothing extra); and its log is the
 * rubber the library plays in Node from the same seed.
 */
async function checkStored(tables: readonly OpenedTable[], seeds: readonly number[], stats: PlayStats): Promise<{ plays: number; hands: number }> {
  let total = 0;
  let hands = 0;
  for (const [i, t] of tables.entries()) {
    const row = await stored(t.id);
    const table = checked(row.doc);
    const plays = loggedPlays(table);
    total += plays.length;
    hands += table.log.filter((e) => e.type === 'hand').length;
    expect(new Set(plays).size).toBe(plays.length);
    expect(row.version).toBe(1 + plays.length);
    const acked = stats.acked.filter((p) => p.table === t.id).map((p) => `${p.dealNumber} ${p.card}`);
    const landed = stats.inDoubt.filter((p) => p.table === t.id && p.landed).map((p) => `${p.dealNumber} ${p.card}`);
    const inLog = new Set(plays);
    for (const p of acked) expect(inLog.has(p), `acknowledged ${p} missing`).toBe(true);
    for (const p of landed) expect(inLog.has(p), `${p} in doubt, concluded applied`).toBe(true);
    expect([...acked, ...landed].sort()).toEqual([...plays].sort());
    expect(table.log, `table ${i + 1}, seed ${seeds[i]}`).toEqual(rubberInNode(seeds[i] as number).log);
  }
  return { plays: total, hands };
}

describe('two server processes over one PostgreSQL', () => {
  it("serve the same tables, and tell each other's clients of every change", async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    expect(pa.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(store: PostgreSQL at 127\.0\.0\.1:\d+\/postgres\)/);
    const t = await openTable(pa.url, { seed: 1 });
    const fromB = await request(pb.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
    expect([fromB.status, fromB.json.version]).toEqual([200, 1]);
    // An event stream on A hears a play made through B.
    const { follow } = await import('./support/http.js');
    const heard: number[] = [];
    const sub = follow(
      pa.url,
      `/tables/${t.id}/events`,
      t.seats.S.token,
      (e) => {
        if (e.event === 'version') heard.push(JSON.parse(e.data).version);
      },
      () => {},
    );
    await sub.opened;
    await waitFor('the stream on A to send version 1', () => heard.includes(1));
    const seat = fromB.json.view.next.seat as (typeof SEATS)[number];
    const view = await request(pb.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
    const played = await request(pb.url, 'POST', `/tables/${t.id}/actions`, {
      token: t.seats[seat].token,
      body: JSON.stringify({ type: 'play', card: view.json.view.hand.legalMoves[0], version: 1 }),
    });
    expect(played.status).toBe(200);
    await waitFor('the stream on A to hear version 2, played through B', () => heard.at(-1) === 2);
    sub.close();
    expect(heard).toEqual([1, 2]);
  });

  it('races: concurrent duplicate plays sent to both processes are applied exactly once', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const bases = [(a as ServerProcess).url, (b as ServerProcess).url];
    const t = await openTable(bases[0] as string, {});
    const lines: string[] = [];
    for (const withVersion of [false, true, false]) {
      const before = await stored(t.id);
      const any = await request(bases[1] as string, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
      const seat = any.json.view.next.seat as (typeof SEATS)[number];
      const own = await request(bases[1] as string, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
      const card = own.json.view.hand.legalMoves[0] as string;
      const body = JSON.stringify(withVersion ? { type: 'play', card, version: before.version } : { type: 'play', card });
      const copies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => request(bases[i % 2] as string, 'POST', `/tables/${t.id}/actions`, { token: t.seats[seat].token, body })),
      );
      const outcomes = new Map<string, number>();
      for (const c of copies) {
        const k = `${c.status} ${c.json?.error?.code ?? ''}`.trim();
        outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
      }
      lines.push(
        `  40 copies of ${card} by ${seat} (${withVersion ? 'with' : 'without'} version), 20 to each process: ${[...outcomes].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
      );
      expect(copies.filter((c) => c.status === 200)).toHaveLength(1);
      for (const c of copies.filter((c) => c.status !== 200))
        expect(withVersion ? ['409 STALE_VERSION'] : ['422 NOT_YOUR_TURN', '422 CARD_NOT_IN_HAND', '409 CONFLICT']).toContain(
          `${c.status} ${c.json.error.code}`,
        );
      const after = await stored(t.id);
      expect(after.version).toBe(before.version + 1);
      const plays = loggedPlays(checked(after.doc));
      expect(plays.filter((p) => p.endsWith(` ${card}`))).toHaveLength(1);
    }
    console.log(`races over two processes:\n${lines.join('\n')}`);
  });

  it('a broken listening connection is opened again, and event streams catch up', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    const t = await openTable(pa.url, {});
    const { follow } = await import('./support/http.js');
    const heard: number[] = [];
    const sub = follow(
      pb.url,
      `/tables/${t.id}/events`,
      t.seats.S.token,
      (e) => {
        if (e.event === 'version') heard.push(JSON.parse(e.data).version);
      },
      () => {},
    );
    await sub.opened;
    const wait = (version: number) => waitFor(`the stream on B to hear version ${version}`, () => heard.includes(version));
    await wait(1);
    // Cut both processes' LISTEN connections, and change the table at once, through A.
    const cut = await (db as pg.Pool).query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN whist_tables'");
    expect(cut.rowCount).toBe(2);
    const play = async (version: number) => {
      const any = await request(pa.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
      const seat = any.json.view.next.seat as (typeof SEATS)[number];
      const own = await request(pa.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
      const r = await request(pa.url, 'POST', `/tables/${t.id}/actions`, {
        token: t.seats[seat].token,
        body: JSON.stringify({ type: 'play', card: own.json.view.hand.legalMoves[0], version }),
      });
      expect(r.status).toBe(200);
    };
    await play(1);
    await wait(2);
    await play(2);
    await wait(3);
    sub.close();
    expect(heard).toEqual([1, 2, 3]);
  });

  it(
    `load: ${LOAD_TABLES} tables play their complete rubbers at once, seats spread over both processes`,
    async (ctx) => {
      if (skipped !== null) return ctx.skip(skipped);
      const bases = [(a as ServerProcess).url, (b as ServerProcess).url];
      const seeds = Array.from({ length: LOAD_TABLES }, (_, i) => i + 1);
      const tables: OpenedTable[] = await Promise.all(seeds.map((seed, i) => openTable(bases[i % 2] as string, { seed })));
      const stats = new PlayStats();
      const started = performance.now();
      const finished: number[] = [];
      const done = await Promise.all(
        tables.map(async (t, i) => {
          const ok = await playRubber(t, bases, (seat) => (i + SEATS.indexOf(seat)) % 2, stats);
          finished.push((performance.now() - started) / 1000);
          return ok;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      expect(done.every(Boolean)).toBe(true);

      const { plays, hands } = await checkStored(tables, seeds, stats);
      const all = await (db as pg.Pool).query('SELECT id, doc, archive FROM whist_tables');
      for (const row of all.rows as Array<{ id: string; doc: string; archive: string | null }>) expect(parseTable(storedDocument(row)).ok, row.id).toBe(true);
      console.log(
        [
          'load over two processes and PostgreSQL:',
          `  tables ${LOAD_TABLES}, rubbers completed ${done.filter(Boolean).length}, hands ${hands}, plays ${plays}`,
          `  rubbers finished between ${Math.min(...finished).toFixed(1)} s and ${Math.max(...finished).toFixed(1)} s; ${(stats.acked.length / seconds).toFixed(0)} plays/s`,
          `  play latency p50 ${percentile(stats.latencies, 50).toFixed(1)} ms, p99 ${percentile(stats.latencies, 99).toFixed(1)} ms`,
          `  version events ${stats.events}, reads after a quiet spell ${stats.polls}, plays left in doubt ${stats.inDoubt.length}, refusals ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
          `  stored tables checked with parseTable: ${all.rows.length}; each rubber's log is the one the library plays in Node from its seed`,
        ].join('\n'),
      );
      // Two processes, one table, four seats: the only refusal a play may meet is a version that moved on.
      expect([...stats.refusals.keys()].filter((k) => !k.startsWith('409'))).toEqual([]);
    },
    RUBBERS_LIMIT_MS,
  );

  it('retention: both processes sweep the store at once; each table past its time is removed once, and every process hears it', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    const tables = await Promise.all(Array.from({ length: 40 }, (_, i) => openTable(i % 2 === 0 ? pa.url : pb.url, {})));
    const young = await openTable(pa.url, {});
    const { follow } = await import('./support/http.js');
    let ended = false;
    const sub = follow(
      pb.url,
      `/tables/${tables[0]?.id}/events`,
      tables[0]?.seats.N.token,
      () => {},
      () => {
        ended = true;
      },
    );
    await sub.opened;
    const removedSoFar = async () => {
      let n = 0;
      for (const p of [pa, pb]) n += Number(/^whist_tables_removed_total (\d+)$/m.exec((await request(p.url, 'GET', '/metrics')).text)?.[1]);
      return n;
    };
    const before = await removedSoFar();
    await (db as pg.Pool).query("UPDATE whist_tables SET updated_at = now() - interval '2 hours' WHERE id = ANY($1)", [tables.map((t) => t.id)]);
    await waitFor('the 40 aged tables to be removed', async () => {
      const r = await (db as pg.Pool).query('SELECT count(*)::int AS n FROM whist_tables WHERE id = ANY($1)', [tables.map((t) => t.id)]);
      return r.rows[0].n === 0;
    });
    await waitFor('the stream on a removed table, on the other process, to end', () => ended);
    // A sweep counts what it removed once its last batch has answered, a little after the rows are gone.
    await waitFor('the two processes to count the 40 tables they removed', async () => (await removedSoFar()) >= before + 40);
    expect(await removedSoFar()).toBe(before + 40);
    expect((await request(pb.url, 'GET', `/tables/${tables[1]?.id}`, { token: tables[1]?.seats.N.token })).status).toBe(404);
    expect((await request(pb.url, 'GET', `/tables/${young.id}`, { token: young.seats.N.token })).status).toBe(200);
    expect(`${pa.output()}${pb.output()}`).not.toContain('the sweep failed');
  });

  it(
    'the database stopped and started again mid-rubber (cleanly, then as a crash): requests get 503, both processes recover, no play lost or doubled',
    async (ctx) => {
      if (skipped !== null) return ctx.skip(skipped);
      const pgsql = postgres as Postgres;
      const bases = [(a as ServerProcess).url, (b as ServerProcess).url];
      const seeds = Array.from({ length: 6 }, (_, i) => 201 + i);
      const tables: OpenedTable[] = await Promise.all(seeds.map((seed, i) => openTable(bases[i % 2] as string, { seed })));
      const stats = new PlayStats();
      const outages: string[] = [];
      const all = (path: string) => Promise.all(bases.map((base) => request(base, 'GET', path)));
      const chaos = (async () => {
        for (const [i, mode] of (['fast', 'immediate'] as const).entries()) {
          await waitFor(`${(i + 1) * 150} acknowledged plays`, () => stats.acked.length >= (i + 1) * 150, RUBBERS_LIMIT_MS);
          const at = stats.acked.length;
          await pgsql.halt(mode);
          // Down: both processes say so on /ready, answer requests 503, and stay alive.
          await waitFor('both processes to answer /ready with 503', async () => (await all('/ready')).every((r) => r.status === 503));
          const t = tables[0] as OpenedTable;
          const read = await request(bases[1] as string, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
          const play = await request(bases[0] as string, 'POST', `/tables/${t.id}/actions`, { token: t.seats.N.token, body: '{"type":"play","card":"AS"}' });
          const opened = await request(bases[0] as string, 'POST', '/tables', { body: '{}' });
          expect([read, play, opened].map((r) => `${r.status} ${r.json.error.code}`)).toEqual(Array(3).fill('503 STORE_UNAVAILABLE'));
          expect((await all('/health')).map((r) => r.status)).toEqual([200, 200]);
          await pgsql.resume();
          await waitFor('both processes to be ready again', async () => (await all('/ready')).every((r) => r.status === 200));
          outages.push(`PostgreSQL stopped (${mode}) after ${at} acknowledged plays, and started again`);
        }
      })();
      const done = await Promise.all(tables.map((t, i) => playRubber(t, bases, (seat) => (i + SEATS.indexOf(seat)) % 2, stats)));
      await chaos;
      expect(outages).toHaveLength(2);
      expect(done.every(Boolean)).toBe(true);
      const { plays } = await checkStored(tables, seeds, stats);
      console.log(
        [
          'the database stopped and started again under play:',
          ...outages.map((o) => `  ${o}`),
          `  6 tables, rubbers completed ${done.filter(Boolean).length} of 6; plays acknowledged ${stats.acked.length}, stored ${plays}`,
          `  plays left in doubt by a 503 ${stats.inDoubt.length} (found applied ${stats.inDoubt.filter((p) => p.landed).length}; not applied, sent again ${stats.inDoubt.filter((p) => !p.landed).length})`,
          `  answers 503 to the players ${stats.refusals.get('503 STORE_UNAVAILABLE') ?? 0}; refusals ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
        ].join('\n'),
      );
    },
    RUBBERS_LIMIT_MS,
  );

  it(
    'faults: one process is killed mid-rubber; its clients finish through the other, no play lost or doubled',
    async (ctx) => {
      if (skipped !== null) return ctx.skip(skipped);
      const pa = a as ServerProcess;
      const bases = [pa.url, (b as ServerProcess).url];
      const seeds = Array.from({ length: 6 }, (_, i) => 101 + i);
      const tables: OpenedTable[] = await Promise.all(seeds.map((seed, i) => openTable(bases[i % 2] as string, { seed })));
      const stats = new PlayStats();
      let killedAt = -1;
      const killer = setInterval(() => {
        if (killedAt < 0 && stats.acked.length >= 300) {
          killedAt = stats.acked.length;
          void pa.kill();
        }
      }, 5);
      const done = await Promise.all(tables.map((t, i) => playRubber(t, bases, (seat) => (i + SEATS.indexOf(seat)) % 2, stats)));
      clearInterval(killer);
      expect(killedAt).toBeGreaterThan(0);
      expect(pa.child.signalCode).toBe('SIGKILL');
      expect(done.every(Boolean)).toBe(true);

      const { plays } = await checkStored(tables, seeds, stats);
      console.log(
        [
          'faults: process A killed (SIGKILL) mid-rubber:',
          `  killed after ${killedAt} acknowledged plays; 6 tables, rubbers completed ${done.filter(Boolean).length} of 6`,
          `  plays acknowledged ${stats.acked.length}, left in doubt by the kill ${stats.inDoubt.length} (found applied ${stats.inDoubt.filter((p) => p.landed).length}; not applied, sent again ${stats.inDoubt.filter((p) => !p.landed).length})`,
          `  seats that moved to the other process ${stats.failovers}; stored plays ${plays} = acknowledged + applied in doubt; versions = 1 + plays for every table`,
          `  refusals ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
        ].join('\n'),
      );
      expect(stats.failovers).toBeGreaterThan(0);
    },
    RUBBERS_LIMIT_MS,
  );
});
