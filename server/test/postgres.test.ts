/**
 * More than one machine: a real PostgreSQL (Debian's `postgresql`, initialised in a temporary directory),
 * two server processes on different ports against it, and the four seats of each table spread over both.
 *
 * - Races: concurrent duplicate plays sent to both processes are applied exactly once.
 * - Load: 50 tables play complete rubbers at once, for a bounded time; every stored table passes `parseTable`.
 * - Faults: one process is killed in the middle of the rubbers; its clients carry on through the other and
 *   finish with no play lost or doubled.
 *
 * Skipped, saying why, where PostgreSQL cannot be started.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTable, type TableState } from 'whist';
import { request } from './support/http.js';
import { type OpenedTable, openTable, PlayStats, percentile, playRubber, SEATS } from './support/players.js';
import { type Postgres, startPostgres } from './support/postgres.js';
import { type ServerProcess, spawnServer } from './support/processes.js';

/** How long the load may run. */
const LOAD_MS = 60_000;
const LOAD_TABLES = 50;

let postgres: Postgres | null = null;
let skipped: string | null = null;
let a: ServerProcess | null = null;
let b: ServerProcess | null = null;
let db: pg.Client | null = null;

beforeAll(async () => {
  const started = await startPostgres();
  if ('skip' in started) {
    skipped = started.skip;
    console.log(`PostgreSQL tests skipped: ${skipped}`);
    return;
  }
  postgres = started;
  const env = { DATABASE_URL: started.url, WHIST_PG_POOL: '8' };
  [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  db = new pg.Client({ connectionString: started.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.stop();
});

async function stored(id: string): Promise<{ version: number; doc: string }> {
  const r = await (db as pg.Client).query('SELECT version, doc FROM whist_tables WHERE id = $1', [id]);
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
    if (entry.plays !== '') for (const card of entry.plays.split(' ')) out.push(`${dealNumber} ${card}`);
  }
  return out;
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
      (e) => heard.push(JSON.parse(e.data).version),
      () => {},
    );
    await sub.opened;
    const seat = fromB.json.view.next.seat as (typeof SEATS)[number];
    const view = await request(pb.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
    const played = await request(pb.url, 'POST', `/tables/${t.id}/actions`, {
      token: t.seats[seat].token,
      body: JSON.stringify({ type: 'play', card: view.json.view.hand.legalMoves[0], version: 1 }),
    });
    expect(played.status).toBe(200);
    for (let i = 0; i < 100 && heard.at(-1) !== 2; i++) await new Promise((r) => setTimeout(r, 20));
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
      (e) => heard.push(JSON.parse(e.data).version),
      () => {},
    );
    await sub.opened;
    const wait = async (version: number) => {
      for (let i = 0; i < 250 && !heard.includes(version); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await wait(1);
    // Cut both processes' LISTEN connections, and change the table at once, through A.
    const cut = await (db as pg.Client).query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN whist_tables'");
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
    `load: ${LOAD_TABLES} tables play complete rubbers at once, seats spread over both processes`,
    async (ctx) => {
      if (skipped !== null) return ctx.skip(skipped);
      const bases = [(a as ServerProcess).url, (b as ServerProcess).url];
      const tables: OpenedTable[] = await Promise.all(Array.from({ length: LOAD_TABLES }, (_, i) => openTable(bases[i % 2] as string, {})));
      const stats = new PlayStats();
      const started = performance.now();
      const deadline = Date.now() + LOAD_MS;
      const finished: number[] = [];
      const done = await Promise.all(
        tables.map(async (t, i) => {
          const ok = await playRubber(t, bases, (seat) => (i + SEATS.indexOf(seat)) % 2, stats, { deadline });
          if (ok) finished.push((performance.now() - started) / 1000);
          return ok;
        }),
      );
      const seconds = (performance.now() - started) / 1000;

      let storedPlays = 0;
      for (const t of tables) {
        const row = await stored(t.id);
        const table = checked(row.doc);
        const plays = loggedPlays(table);
        storedPlays += plays.length;
        // Every table got through a hand at least, whatever the machine.
        expect(plays.length).toBeGreaterThanOrEqual(52);
        // One version per change: every change was one play.
        expect(row.version).toBe(1 + plays.length);
        const acked = stats.acked.filter((p) => p.table === t.id).map((p) => `${p.dealNumber} ${p.card}`);
        expect(acked.sort()).toEqual([...plays].sort());
      }
      const all = await (db as pg.Client).query('SELECT id, doc FROM whist_tables');
      for (const row of all.rows as Array<{ id: string; doc: string }>) expect(parseTable(row.doc).ok, row.id).toBe(true);

      const completed = done.filter(Boolean).length;
      console.log(
        [
          `load over two processes and PostgreSQL (bounded at ${LOAD_MS / 1000} s):`,
          `  rubbers finished between ${Math.min(...finished).toFixed(1)} s and ${Math.max(...finished).toFixed(1)} s`,
          `  tables ${LOAD_TABLES}, rubbers completed ${completed}, plays ${stats.acked.length} in ${seconds.toFixed(1)} s = ${(stats.acked.length / seconds).toFixed(0)} plays/s`,
          `  play latency p50 ${percentile(stats.latencies, 50).toFixed(1)} ms, p99 ${percentile(stats.latencies, 99).toFixed(1)} ms`,
          `  version events ${stats.events}, reads after a quiet spell ${stats.polls}, refusals ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
          `  stored tables checked with parseTable: ${all.rows.length}, stored plays ${storedPlays}`,
        ].join('\n'),
      );
      expect(stats.acked.length).toBeGreaterThan(0);
      expect(storedPlays).toBe(stats.acked.length);
      expect([...stats.refusals.keys()].filter((k) => !k.startsWith('409'))).toEqual([]);
      expect(completed).toBeGreaterThan(0);
    },
    LOAD_MS + 60_000,
  );

  it('faults: one process is killed mid-rubber; its clients finish through the other, no play lost or doubled', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const bases = [pa.url, (b as ServerProcess).url];
    const tables: OpenedTable[] = await Promise.all(Array.from({ length: 6 }, (_, i) => openTable(bases[i % 2] as string, {})));
    const stats = new PlayStats();
    const deadline = Date.now() + 90_000;
    let killedAt = -1;
    const killer = setInterval(() => {
      if (killedAt < 0 && stats.acked.length >= 300) {
        killedAt = stats.acked.length;
        void pa.kill();
      }
    }, 5);
    const done = await Promise.all(tables.map((t, i) => playRubber(t, bases, (seat) => (i + SEATS.indexOf(seat)) % 2, stats, { deadline })));
    clearInterval(killer);
    expect(killedAt).toBeGreaterThan(0);
    expect(pa.child.signalCode).toBe('SIGKILL');

    let logged = 0;
    for (const t of tables) {
      const row = await stored(t.id);
      const table = checked(row.doc);
      const plays = loggedPlays(table);
      logged += plays.length;
      const inLog = new Set(plays);
      expect(inLog.size).toBe(plays.length);
      // Nothing doubled: one version per play.
      expect(row.version).toBe(1 + plays.length);
      const acked = stats.acked.filter((p) => p.table === t.id).map((p) => `${p.dealNumber} ${p.card}`);
      const doubt = stats.inDoubt.filter((p) => p.table === t.id);
      // Nothing lost: every acknowledged play is stored, every play left in doubt is stored exactly when
      // the seat concluded it was applied, and every stored play is one of those.
      for (const p of acked) expect(inLog.has(p), `acknowledged ${p} missing`).toBe(true);
      const landed = doubt.filter((p) => p.landed).map((p) => `${p.dealNumber} ${p.card}`);
      for (const p of landed) expect(inLog.has(p), `${p} in doubt, concluded applied`).toBe(true);
      expect([...acked, ...landed].sort()).toEqual([...plays].sort());
    }
    console.log(
      [
        'faults: process A killed (SIGKILL) mid-rubber:',
        `  killed after ${killedAt} acknowledged plays; 6 tables, rubbers completed ${done.filter(Boolean).length} of 6`,
        `  plays acknowledged ${stats.acked.length}, left in doubt by the kill ${stats.inDoubt.length} (found applied ${stats.inDoubt.filter((p) => p.landed).length}; not applied, sent again ${stats.inDoubt.filter((p) => !p.landed).length})`,
        `  seats that moved to the other process ${stats.failovers}; stored plays ${logged} = acknowledged + applied in doubt; versions = 1 + plays for every table`,
        `  refusals ${JSON.stringify(Object.fromEntries(stats.refusals))}`,
      ].join('\n'),
    );
    expect(done.every(Boolean)).toBe(true);
    expect(stats.failovers).toBeGreaterThan(0);
  }, 120_000);
});
