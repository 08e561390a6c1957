/**
 * What a deployment relies on, in one process (PGlite in memory): caps on event streams and connections
 * per address and per process, with `/health` answering throughout; the cap on tables opened per address,
 * counted in the store across processes; retention (finished and abandoned tables removed by the sweep);
 * `/ready`, the JSON log lines and `/metrics`.
 *
 * Other client addresses are other loopback addresses (127.0.0.2, …), which Linux routes to the same
 * interface: to the server each is another client. Every wait is for a condition, never for a time.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '../src/db/sql.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { type EventSubscription, follow, rawConnection, readRaw, request } from './support/http.js';
import type { OpenedTable } from './support/players.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, sleep, waitFor } from './support/wait.js';

let driver: Driver;
let store: SqlStore;
const servers: RunningServer[] = [];

beforeAll(async () => {
  driver = await memoryDriver();
  store = new SqlStore(driver);
  await store.migrate();
}, START_LIMIT_MS);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await store?.close();
});

const quiet = { info() {}, error() {} };

async function start(config: Parameters<typeof startServer>[0], log: { info(m: string): void; error(m: string): void } = quiet): Promise<RunningServer> {
  const s = await startServer({ port: 0, tokenRate: 0, addressRate: 0, tablesPerAddress: 0, ...config }, { store, log });
  servers.push(s);
  return s;
}

async function open(base: string, body: unknown = {}, localAddress?: string): Promise<OpenedTable & { spectator: string }> {
  const r = await request(base, 'POST', '/tables', { body: JSON.stringify(body), ...(localAddress === undefined ? {} : { localAddress }) });
  if (r.status !== 201) throw new Error(`POST /tables: ${r.status} ${r.text}`);
  return r.json;
}

/** `GET /health` again and again until stopped; every status it got. */
function keepAsking(base: string, path = '/health'): { stop(): Promise<number[]> } {
  const statuses: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await request(base, 'GET', path, { timeoutMs: 60_000 }).catch((e: Error) => ({ status: -1, text: e.message }));
      statuses.push(r.status);
      await sleep(5);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return statuses;
    },
  };
}

/** Opens a stream; resolves with it once open, or with the refusal's status. */
async function stream(base: string, path: string, token: string, localAddress?: string): Promise<{ sub: EventSubscription; status: number }> {
  const sub = follow(
    base,
    path,
    token,
    () => {},
    () => {},
    localAddress === undefined ? {} : { localAddress },
  );
  try {
    await sub.opened;
    return { sub, status: 200 };
  } catch (e) {
    return { sub, status: Number(/^(\d{3})/.exec((e as Error).message)?.[1] ?? -1) };
  }
}

async function inBatches<T, R>(items: readonly T[], size: number, f: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => f(item, i + j)))));
  return out;
}

describe('caps on what clients hold open', () => {
  it('one address opens hundreds of tables and streams: past 200 streams it gets 429, past 250 in all the process answers 503, and /health answers throughout', async () => {
    const s = await start({ streamsPerAddress: 200, maxStreams: 250, connectionsPerAddress: 1000 });
    const health = keepAsking(s.url);
    const tables = await inBatches(
      Array.from({ length: 300 }, (_, i) => i),
      20,
      () => open(s.url),
    );
    expect(tables).toHaveLength(300);
    // Each token may hold 4 streams: the attack spreads its streams over many tokens, so does this.
    const tokens = tables.flatMap((t) =>
      [t.seats.N.token, t.seats.E.token, t.seats.S.token, t.seats.W.token, t.spectator].map((token) => ({ id: t.id, token })),
    );
    const mine = await inBatches(tokens.slice(0, 200), 25, (x) => stream(s.url, `/tables/${x.id}/events`, x.token));
    expect(mine.map((m) => m.status)).toEqual(Array(200).fill(200));
    const over = await inBatches(tokens.slice(200, 230), 10, (x) => stream(s.url, `/tables/${x.id}/events`, x.token));
    expect(new Set(over.map((m) => m.status))).toEqual(new Set([429]));
    expect(s.guard.streams).toBe(200);
    // Another address is not held back by the first, until the process holds all it takes.
    const other = await inBatches(tokens.slice(300, 350), 25, (x) => stream(s.url, `/tables/${x.id}/events`, x.token, '127.0.0.2'));
    expect(other.map((m) => m.status)).toEqual(Array(50).fill(200));
    const full = await stream(s.url, `/tables/${tokens[400]?.id}/events`, tokens[400]?.token as string, '127.0.0.3');
    expect(full.status).toBe(503);
    const refused = await request(s.url, 'GET', `/tables/${tokens[401]?.id}/events`, { token: tokens[401]?.token as string, localAddress: '127.0.0.3' });
    expect([refused.status, refused.json.error.code, refused.headers['retry-after']]).toEqual([503, 'SERVER_BUSY', '5']);
    expect(s.guard.streams).toBe(250);
    // The process still answers everything else, from the address that holds 200 streams too.
    expect((await request(s.url, 'GET', '/ready')).status).toBe(200);
    const read = await request(s.url, 'GET', `/tables/${tables[0]?.id}`, { token: tables[0]?.seats.N.token as string });
    expect(read.status).toBe(200);
    const statuses = await health.stop();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    for (const m of [...mine, ...over, ...other, full]) m.sub.close();
    await waitFor('every stream to be given back', () => s.guard.streams === 0);
    expect((await stream(s.url, `/tables/${tables[0]?.id}/events`, tables[0]?.seats.N.token as string)).status).toBe(200);
    console.log(
      `streams: 300 tables and 200 streams from one address, 30 more refused 429; 50 from another, then 503; /health answered ${statuses.length} times, all 200`,
    );
  }, 300_000);

  it('connections past the cap of an address get 429, past the cap of the process 503; the probes are answered on them', async () => {
    const s = await start({ connectionsPerAddress: 20, maxConnections: 50 });
    const ask = (path: string) => `GET ${path} HTTP/1.1\r\nHost: whist\r\n\r\n`;
    const statuses = async (replies: Array<Promise<{ status: number; body: string }>>) => {
      const got = await Promise.all(replies);
      const counts = new Map<string, number>();
      for (const r of got) {
        const k = `${r.status} ${r.body === '' ? '' : (JSON.parse(r.body).error?.code ?? '')}`.trim();
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      return Object.fromEntries(counts);
    };
    // 25 connections from one address, each following a table: the first 20 hold their streams open (so
    // they stay, however slow the machine), spread over two tables' ten tokens (at most 3 a token).
    const tables = [await open(s.url), await open(s.url)];
    const tokens = tables.flatMap((t) =>
      [t.seats.N.token, t.seats.E.token, t.seats.S.token, t.seats.W.token, t.spectator].map((token) => ({ id: t.id, token })),
    );
    const first = Array.from({ length: 25 }, (_, i) => {
      const { id, token } = tokens[i % tokens.length] as { id: string; token: string };
      return rawConnection(s.url, `GET /tables/${id}/events HTTP/1.1\r\nHost: whist\r\nAuthorization: Bearer ${token}\r\n\r\n`, '127.0.0.3');
    });
    expect(await statuses(first.map(readRaw))).toEqual({ '200': 20, '429 RATE_LIMITED': 5 });
    expect(s.guard.streams).toBe(20);
    await waitFor('the refused connections to close', () => s.guard.connections === 20);
    // At its cap, the address's probes are still answered.
    for (const path of ['/health', '/ready', '/metrics']) {
      const probe = rawConnection(s.url, ask(path), '127.0.0.3');
      expect((await readRaw(probe)).status).toBe(200);
      probe.destroy();
    }
    await waitFor('the probes to close', () => s.guard.connections === 20);
    // 40 more from two other addresses: the process holds 50.
    const more = Array.from({ length: 40 }, (_, i) => rawConnection(s.url, ask('/tables/abc'), i % 2 === 0 ? '127.0.0.4' : '127.0.0.5'));
    expect(await statuses(more.map(readRaw))).toEqual({ '401 UNAUTHORIZED': 30, '503 SERVER_BUSY': 10 });
    const health = await request(s.url, 'GET', '/health', { agent: undefined, localAddress: '127.0.0.6' });
    expect(health.status).toBe(200);
    for (const c of [...first, ...more]) c.destroy();
    await waitFor('every connection to close', () => s.guard.connections <= 1);
    const after = await request(s.url, 'GET', '/tables/abc', { localAddress: '127.0.0.3' });
    expect(after.status).toBe(401);
  });
});

describe('tables opened per address', () => {
  it('past the cap an address gets 429 with the seconds left in the window, on every process over the store; another address does not', async () => {
    const a = await start({ tablesPerAddress: 5, tablesWindowSeconds: 3600 });
    const b = await start({ tablesPerAddress: 5, tablesWindowSeconds: 3600 });
    for (let i = 0; i < 3; i++) await open(a.url, {}, '127.0.0.7');
    for (let i = 0; i < 2; i++) await open(b.url, {}, '127.0.0.7');
    for (const s of [a, b]) {
      const refused = await request(s.url, 'POST', '/tables', { body: '{}', localAddress: '127.0.0.7' });
      expect([refused.status, refused.json.error.code]).toEqual([429, 'RATE_LIMITED']);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
    }
    // A malformed body is refused before it is counted.
    const bad = await request(a.url, 'POST', '/tables', { body: '{"rules":"bridge"}', localAddress: '127.0.0.8' });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 5; i++) await open(a.url, {}, '127.0.0.8');
    expect((await request(a.url, 'POST', '/tables', { body: '{}', localAddress: '127.0.0.8' })).status).toBe(429);
  });
});

describe('retention', () => {
  it('a finished table is removed once its time is up (its streams end), an unfinished one is kept; an abandoned one is removed', async () => {
    const s = await start({ finishedRetentionSeconds: 1, abandonedRetentionSeconds: 3600, sweepIntervalSeconds: 0.2, computerDelayMs: 0 });
    const unfinished = await open(s.url);
    // Four computer players play the rubber to its end by themselves.
    const finished = await open(s.url, { computers: ['N', 'E', 'S', 'W'] });
    const versions: number[] = [];
    let ended = false;
    const sub = follow(
      s.url,
      `/tables/${finished.id}/events`,
      finished.spectator,
      (e) => {
        if (e.event === 'version') versions.push(JSON.parse(e.data).version);
      },
      () => {
        ended = true;
      },
    );
    await sub.opened;
    await waitFor(
      'the rubber to be over',
      async () => (await request(s.url, 'GET', `/tables/${finished.id}`, { token: finished.spectator })).json?.view?.next?.action === 'newRubber',
      300_000,
    );
    const last = await driver.query<{ finished: boolean; version: number }>('SELECT finished, version FROM whist_tables WHERE id = $1', [finished.id]);
    expect(last[0]?.finished).toBe(true);
    await waitFor(
      'the finished table to be removed',
      async () => (await request(s.url, 'GET', `/tables/${finished.id}`, { token: finished.spectator })).status === 404,
      120_000,
    );
    await waitFor('its event stream to end', () => ended);
    expect(versions.at(-1)).toBeLessThanOrEqual(last[0]?.version as number);
    const kept = await request(s.url, 'GET', `/tables/${unfinished.id}`, { token: unfinished.seats.N.token });
    expect(kept.status).toBe(200);
    // No change for longer than the abandoned retention (the clock moved by hand): removed; a table younger than it stays.
    const younger = await open(s.url);
    await driver.query("UPDATE whist_tables SET updated_at = now() - interval '2 hours' WHERE id = $1", [unfinished.id]);
    await driver.query("UPDATE whist_tables SET updated_at = now() - interval '30 minutes' WHERE id = $1", [younger.id]);
    await waitFor(
      'the abandoned table to be removed',
      async () => (await request(s.url, 'GET', `/tables/${unfinished.id}`, { token: unfinished.seats.N.token })).status === 404,
    );
    const sweeps = s.sweeper.sweeps;
    await waitFor('two more sweeps', () => s.sweeper.sweeps >= sweeps + 2);
    expect((await request(s.url, 'GET', `/tables/${younger.id}`, { token: younger.seats.N.token })).status).toBe(200);
    const metrics = (await request(s.url, 'GET', '/metrics')).text;
    expect(metrics).toMatch(/^whist_tables_removed_total 2$/m);
    expect(metrics).toMatch(/^whist_sweeps_failed_total 0$/m);
    // Its sweeper would take the next test's tables.
    await s.close();
  }, 300_000);

  it('two sweepers over one store at once remove each table once', async () => {
    const a = await start({ abandonedRetentionSeconds: 3600, sweepIntervalSeconds: 0 });
    const b = await start({ abandonedRetentionSeconds: 3600, sweepIntervalSeconds: 0 });
    const old = await inBatches(
      Array.from({ length: 30 }, (_, i) => i),
      10,
      () => open(a.url),
    );
    await driver.query(`UPDATE whist_tables SET updated_at = now() - interval '2 hours' WHERE id = ANY($1)`, [old.map((t) => t.id)]);
    const removed = await Promise.all([a.sweeper.sweep(), b.sweeper.sweep(), a.sweeper.sweep()]);
    // The first and third calls share one sweep; the two processes' sweeps remove 30 tables between them.
    expect(removed[0]).toBe(removed[2]);
    expect(removed[0] + removed[1]).toBe(30);
    const left = await driver.query<{ n: number }>('SELECT count(*)::int AS n FROM whist_tables WHERE id = ANY($1)', [old.map((t) => t.id)]);
    expect(left[0]?.n).toBe(0);
  });
});

describe('probes, logs and metrics', () => {
  it('/health is liveness and /ready readiness; every request is one JSON line with its id, and no token is ever logged', async () => {
    const lines: string[] = [];
    const s = await start({}, { info: (m) => lines.push(m), error: (m) => lines.push(m) });
    expect((await request(s.url, 'GET', '/health')).json).toEqual({ status: 'ok' });
    expect((await request(s.url, 'GET', '/ready')).json).toEqual({ status: 'ready' });
    const t = await open(s.url);
    const read = await request(s.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token, headers: { 'x-request-id': 'client-chosen.1' } });
    expect(read.headers['x-request-id']).toBe('client-chosen.1');
    const odd = await request(s.url, 'GET', `/tables/${t.id}`, { token: t.seats.E.token, headers: { 'x-request-id': 'no spaces allowed' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const sub = await stream(s.url, `/tables/${t.id}/events?token=${t.seats.S.token}`, t.seats.S.token);
    sub.sub.close();
    await request(s.url, 'GET', `/tables/${t.id}`, { token: 'A'.repeat(43) });
    await waitFor('the stream to be logged', () => lines.some((l) => l.includes('/events')));
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    for (const l of requests) {
      expect(Object.keys(l)).toEqual(expect.arrayContaining(['level', 'time', 'req', 'method', 'path', 'status', 'ms']));
      expect(Date.parse(l.time)).not.toBeNaN();
    }
    expect(requests.find((l) => l.req === 'client-chosen.1')).toMatchObject({ level: 'info', method: 'GET', path: `/tables/${t.id}`, status: 200 });
    expect(requests.find((l) => l.status === 401)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(requests.find((l) => l.path.endsWith('/events'))).toMatchObject({ method: 'GET', status: 200, path: `/tables/${t.id}/events` });
    const all = lines.join('\n');
    for (const token of [t.seats.N.token, t.seats.E.token, t.seats.S.token, t.seats.W.token, t.spectator, 'A'.repeat(43)]) expect(all).not.toContain(token);
  });

  it('/metrics gives request latency and errors in the Prometheus text format', async () => {
    const s = await start({});
    const t = await open(s.url);
    await request(s.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
    await request(s.url, 'GET', `/tables/${t.id}`);
    await request(s.url, 'GET', '/nowhere');
    const m = await request(s.url, 'GET', '/metrics');
    expect(m.status).toBe(200);
    expect(m.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(m.text).toContain('# TYPE whist_http_request_duration_seconds histogram');
    expect(m.text).toMatch(/^whist_http_request_duration_seconds_count\{method="POST",route="tables",status="201"\} 1$/m);
    expect(m.text).toMatch(/^whist_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="table",status="200"\} 1$/m);
    expect(m.text).toMatch(/^whist_http_errors_total\{route="table",status="401",code="UNAUTHORIZED"\} 1$/m);
    expect(m.text).toMatch(/^whist_http_errors_total\{route="unknown",status="404",code="NOT_FOUND"\} 1$/m);
    expect(m.text).toMatch(/^whist_http_connections \d+$/m);
    expect(m.text).toMatch(/^whist_event_streams 0$/m);
    expect(m.text).toContain('process_cpu_seconds_total');
    expect(m.text).not.toContain(t.id);
    const off = await start({ metrics: false });
    expect((await request(off.url, 'GET', '/metrics')).status).toBe(404);
  });
});
