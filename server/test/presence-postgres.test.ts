/**
 * Presence across processes: a real PostgreSQL and three server processes (A, B, C) beating every half
 * second (a lease of 1.5 s), computer players playing at once. Each process is watched through a
 * spectator's event stream, which sends the seats every time someone comes or goes.
 *
 * - A seat joined on A is `connected` on B and C; when its stream on A closes, B shows it `away`, and a
 *   computer player stands in only once the table's delay is over; the seat's link opened again on B
 *   gives it back, on every process, and its next turn waits for its person.
 * - A person who moves from B to A (a page reloaded through another process): no process stands in for
 *   them, while another seat that left at the same time is stood in for.
 * - A process killed (SIGKILL) with a seat's stream open: the seat turns `away` on the others once the
 *   process's lease is over, and a computer player stands in.
 * - A process stopped gracefully (SIGTERM) writes its counts as 0 and removes its heartbeat, and the
 *   others show its seats away.
 *
 * Waits are for what the streams show, never for a time; the delays are checked as lower bounds (a card
 * stood in is never played before the table's delay after the person left). Skipped, saying why, where
 * PostgreSQL cannot be started.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heuristicPlayer, type Seat } from 'whist';
import { postgresDriver } from '../src/db/postgres.js';
import { SqlStore } from '../src/db/sql.js';
import { type EventSubscription, follow, type Reply, request } from './support/http.js';
import { SEATS } from './support/players.js';
import { type Postgres, startPostgres } from './support/postgres.js';
import { type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

/** Seconds between two heartbeats of each process; a process is taken for dead after three. */
const HEARTBEAT_SECONDS = 0.5;
/**
 * The tables' stand-in delay: long enough that a process a little slow to hear of a change (a busy
 * machine) still shows a seat away before a computer player stands in for it.
 */
const STAND_IN_SECONDS = 2;

let postgres: Postgres | null = null;
let skipped: string | null = null;
let a: ServerProcess | null = null;
let b: ServerProcess | null = null;
let c: ServerProcess | null = null;
let db: pg.Pool | null = null;
const measured: string[] = [];

beforeAll(async () => {
  const started = await startPostgres();
  if ('skip' in started) {
    skipped = started.skip;
    console.log(`PostgreSQL presence tests skipped: ${skipped}`);
    return;
  }
  postgres = started;
  const env = {
    DATABASE_URL: started.url,
    WHIST_PG_POOL: '4',
    WHIST_PRESENCE_HEARTBEAT: String(HEARTBEAT_SECONDS),
    WHIST_COMPUTER_DELAY_MS: '0',
    WHIST_RATE_LIMIT: '0',
  };
  [a, b, c] = await Promise.all([spawnServer(env), spawnServer(env), spawnServer(env)]);
  db = new pg.Pool({ connectionString: started.url, max: 2 });
  db.on('error', () => {});
}, 2 * START_LIMIT_MS);

afterAll(async () => {
  if (measured.length > 0) console.log(`presence across processes:\n${measured.map((m) => `  ${m}`).join('\n')}`);
  await db?.end().catch(() => {});
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  await postgres?.stop();
});

interface Opened {
  readonly id: string;
  readonly seats: Record<Seat, { readonly player: string; readonly token: string }>;
  readonly spectator: string;
}

async function openTable(base: string, body: unknown): Promise<Opened> {
  const r = await request(base, 'POST', '/tables', { body: JSON.stringify(body) });
  expect(r.status).toBe(201);
  return r.json as Opened;
}

type Shown = 'connected' | 'away' | 'computer' | 'stand-in' | 'empty';

/** What one process shows of a table, through a spectator's event stream: every `seats` and `version` event, with when it came. */
interface Watch {
  readonly sub: EventSubscription;
  /** The seat's status in the latest `seats` event. */
  status(seat: Seat): Shown | undefined;
  /** The seat's statuses, one per `seats` event that changed it, with when each came (`Date.now()`). */
  history(seat: Seat): Array<{ at: number; shown: Shown }>;
  /** When the stream first heard a version (`undefined`: not yet). */
  heardVersion(version: number): number | undefined;
}

function watch(base: string, table: Opened): Watch {
  const seats: Array<{ at: number; seats: Record<Seat, { status: string; standIn?: true }> }> = [];
  const versions = new Map<number, number>();
  const sub = follow(
    base,
    `/tables/${table.id}/events`,
    table.spectator,
    (e) => {
      if (e.event === 'seats') seats.push({ at: Date.now(), seats: JSON.parse(e.data).seats });
      if (e.event === 'version') {
        const v = JSON.parse(e.data).version as number;
        if (!versions.has(v)) versions.set(v, Date.now());
      }
    },
    () => {},
  );
  const shown = (s: { status: string; standIn?: true }): Shown => (s.standIn === true ? 'stand-in' : (s.status as Shown));
  return {
    sub,
    status: (seat) => {
      const last = seats.at(-1);
      return last === undefined ? undefined : shown(last.seats[seat]);
    },
    history: (seat) => {
      const out: Array<{ at: number; shown: Shown }> = [];
      for (const e of seats) {
        const s = shown(e.seats[seat]);
        if (out.at(-1)?.shown !== s) out.push({ at: e.at, shown: s });
      }
      return out;
    },
    heardVersion: (v) => versions.get(v),
  };
}

/** A seat's event stream: its presence. */
function join(base: string, table: Opened, seat: Seat): EventSubscription {
  return follow(
    base,
    `/tables/${table.id}/events`,
    table.seats[seat].token,
    () => {},
    () => {},
  );
}

async function see(base: string, table: Opened, token: string): Promise<Reply> {
  const r = await request(base, 'GET', `/tables/${table.id}`, { token });
  expect(r.status).toBe(200);
  return r;
}

/** The seat the table waits on to play, read through `base`. */
async function toPlay(base: string, table: Opened): Promise<{ version: number; seat: Seat }> {
  const r = await see(base, table, table.spectator);
  expect(r.json.view.next.action).toBe('play');
  return { version: r.json.version, seat: r.json.view.next.seat };
}

/** Plays the seat's heuristic card through `base`, naming the version it read. */
async function playAs(base: string, table: Opened, seat: Seat): Promise<Reply> {
  const seen = await see(base, table, table.seats[seat].token);
  const card = heuristicPlayer(seen.json.view.hand);
  return request(base, 'POST', `/tables/${table.id}/actions`, {
    token: table.seats[seat].token,
    body: JSON.stringify({ type: 'play', card, version: seen.json.version }),
  });
}

/** The seats every process shows in its answer to a read. */
async function everywhere(table: Opened, seat: Seat): Promise<Shown[]> {
  const out: Shown[] = [];
  for (const p of [a, b, c]) {
    if (p === null || p.child.exitCode !== null || p.child.signalCode !== null) continue;
    const s = (await see(p.url, table, table.spectator)).json.seats[seat] as { status: Shown; standIn?: true };
    out.push(s.standIn === true ? 'stand-in' : s.status);
  }
  return out;
}

/**
 * Waits for every live process to answer the seat as `shown`. Each process hears of a change, or judges a
 * lease over, a little before or after the others (by the time a notification or a heartbeat takes).
 */
async function shownEverywhere(table: Opened, seat: Seat, shown: Shown): Promise<void> {
  await waitFor(`every process to answer ${seat} ${shown}`, async () => (await everywhere(table, seat)).every((s) => s === shown));
}

describe('presence shared by the processes of one PostgreSQL', () => {
  it("a seat joined on A is connected on B; away once its stream closes; stood in for after the table's delay; its link on B gives it back", async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    const table = await openTable(pa.url, { rules: 'short', seed: 41, standInAfterSeconds: STAND_IN_SECONDS });
    const onA = watch(pa.url, table);
    const onB = watch(pb.url, table);
    await Promise.all([onA.sub.opened, onB.sub.opened]);
    const { seat: x, version } = await toPlay(pb.url, table);
    expect(version).toBe(1);
    await waitFor('B to show the seats', () => onB.status(x) !== undefined);
    expect(onB.status(x)).toBe('empty');

    // X joins on A: B (and C) show it connected, in their events and in their answers.
    const xOnA = join(pa.url, table, x);
    await xOnA.opened;
    await waitFor('B to show X connected, its stream on A', () => onB.status(x) === 'connected');
    await shownEverywhere(table, x, 'connected');

    // X's stream on A closes: away on B, then a computer player stands in once the delay is over, and plays X's card.
    const closedAt = Date.now();
    xOnA.close();
    await waitFor('B to show X stood in for', () => onB.status(x) === 'stand-in');
    await waitFor("B to hear the stand-in's card", () => onB.heardVersion(2) !== undefined);
    const history = onB.history(x);
    expect(history.map((h) => h.shown)).toEqual(['empty', 'connected', 'away', 'stand-in']);
    const awayAt = (history[2] as { at: number }).at;
    const standInAt = (history[3] as { at: number }).at;
    const cardAt = onB.heardVersion(2) as number;
    // Never before the table's delay after X left (lower bounds: a busy machine only makes them longer).
    expect(standInAt - closedAt).toBeGreaterThanOrEqual(STAND_IN_SECONDS * 1000);
    expect(cardAt - closedAt).toBeGreaterThanOrEqual(STAND_IN_SECONDS * 1000);
    measured.push(
      `X's stream closed on A: away on B after ${awayAt - closedAt} ms, stood in for after ${standInAt - closedAt} ms, its card heard after ${cardAt - closedAt} ms (delay ${STAND_IN_SECONDS} s)`,
    );

    // X opens its link on B: connected on every process again, and its next turn waits for it.
    const xOnB = join(pb.url, table, x);
    await xOnB.opened;
    await waitFor('A to show X connected again, its stream on B', () => onA.status(x) === 'connected');
    await shownEverywhere(table, x, 'connected');
    for (let i = 0; ; i++) {
      const next = await toPlay(pa.url, table);
      if (next.seat === x) break;
      expect(i).toBeLessThan(4);
      expect((await playAs(i % 2 === 0 ? pa.url : pb.url, table, next.seat)).status).toBe(200);
    }
    // X's own card, at the version it read: no computer player took the turn meanwhile.
    expect((await playAs(pb.url, table, x)).status).toBe(200);
    xOnB.close();
    onA.sub.close();
    onB.sub.close();
  });

  it('a person who moves from B to A is never stood in for, while a seat that left at the same time is', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    const table = await openTable(pb.url, { rules: 'short', seed: 43, standInAfterSeconds: STAND_IN_SECONDS });
    const onB = watch(pb.url, table);
    await onB.sub.opened;
    const { seat: x } = await toPlay(pb.url, table);
    const z = SEATS.find((s) => s !== x) as Seat;
    const xOnB = join(pb.url, table, x);
    const zOnB = join(pb.url, table, z);
    await Promise.all([xOnB.opened, zOnB.opened]);
    await waitFor('B to show X and Z connected', () => onB.status(x) === 'connected' && onB.status(z) === 'connected');

    // X's page is reloaded through A (its new stream opens there) and its stream on B closes; Z leaves.
    const xOnA = join(pa.url, table, x);
    await xOnA.opened;
    await waitFor('the store to hold X’s stream on A', async () => {
      const r = await (db as pg.Pool).query('SELECT count(*)::int AS n FROM whist_presence WHERE table_id = $1 AND seat = $2 AND streams > 0', [table.id, x]);
      return r.rows[0].n === 2;
    });
    xOnB.close();
    const zLeft = Date.now();
    zOnB.close();
    // Z, who left after X's stream on B closed, is stood in for (B's answers say so once the delay is over;
    // no event, since Z's turn has not come): had B stood in for X, it would have been first.
    await waitFor('B to answer that Z is stood in for', async () => (await see(pb.url, table, table.spectator)).json.seats[z].standIn === true);
    expect(Date.now() - zLeft).toBeGreaterThanOrEqual(STAND_IN_SECONDS * 1000);
    expect(onB.history(x).map((h) => h.shown)).not.toContain('stand-in');
    expect(onB.status(x)).toBe('connected');
    await shownEverywhere(table, x, 'connected');
    const stored = await (db as pg.Pool).query('SELECT version FROM whist_tables WHERE id = $1', [table.id]);
    expect(stored.rows[0].version).toBe(1);
    // X plays its own card, through A.
    expect((await playAs(pa.url, table, x)).status).toBe(200);
    xOnA.close();
    onB.sub.close();
  });

  it("a process killed with a seat's stream open: the seat turns away on the others after the process's lease, and is stood in for", async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pb = b as ServerProcess;
    const pc = c as ServerProcess;
    const table = await openTable(pb.url, { rules: 'short', seed: 47, standInAfterSeconds: STAND_IN_SECONDS });
    const onB = watch(pb.url, table);
    await onB.sub.opened;
    const { seat: y } = await toPlay(pb.url, table);
    await waitFor('B to show the seats', () => onB.status(y) !== undefined);
    const yOnC = join(pc.url, table, y);
    await yOnC.opened;
    await waitFor('B to show Y connected, its stream on C', () => onB.status(y) === 'connected');
    const killedAt = Date.now();
    await pc.kill();
    expect(pc.child.signalCode).toBe('SIGKILL');
    await waitFor('B to show Y away', () => onB.status(y) === 'away' || onB.status(y) === 'stand-in');
    await waitFor('B to show Y stood in for', () => onB.status(y) === 'stand-in');
    await waitFor("B to hear the stand-in's card", () => onB.heardVersion(2) !== undefined);
    const history = onB.history(y);
    expect(history.map((h) => h.shown)).toEqual(['empty', 'connected', 'away', 'stand-in']);
    const awayAt = (history[2] as { at: number }).at;
    const standInAt = (history[3] as { at: number }).at;
    await shownEverywhere(table, y, 'stand-in');
    expect(await everywhere(table, y)).toHaveLength(2);
    measured.push(
      `C killed with Y's stream open: away on B after ${awayAt - killedAt} ms (heartbeat ${HEARTBEAT_SECONDS * 1000} ms, lease ${3 * HEARTBEAT_SECONDS * 1000} ms), stood in for after ${standInAt - killedAt} ms (delay ${STAND_IN_SECONDS} s)`,
    );
    yOnC.close();
    onB.sub.close();
  });

  it('a process stopped gracefully writes its counts as 0 and removes its heartbeat: the others show its seats away', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const pa = a as ServerProcess;
    const pb = b as ServerProcess;
    const table = await openTable(pb.url, { rules: 'short', seed: 53, standInAfterSeconds: STAND_IN_SECONDS });
    const onB = watch(pb.url, table);
    await onB.sub.opened;
    const { seat: w } = await toPlay(pb.url, table);
    await waitFor('B to show the seats', () => onB.status(w) !== undefined);
    const wOnA = join(pa.url, table, w);
    await wOnA.opened;
    await waitFor('B to show W connected, its stream on A', () => onB.status(w) === 'connected');
    const holders = await (db as pg.Pool).query('SELECT process FROM whist_presence WHERE table_id = $1 AND seat = $2 AND streams > 0', [table.id, w]);
    expect(holders.rows).toHaveLength(1);
    const process = holders.rows[0].process as string;
    await pa.stop();
    expect(pa.child.exitCode).toBe(0);
    const rows = await (db as pg.Pool).query('SELECT streams FROM whist_presence WHERE process = $1', [process]);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((r) => r.streams === 0)).toBe(true);
    expect((await (db as pg.Pool).query('SELECT 1 FROM whist_processes WHERE process = $1', [process])).rows).toEqual([]);
    await waitFor('B to show W away', () => onB.status(w) === 'away' || onB.status(w) === 'stand-in');
    expect(
      onB
        .history(w)
        .map((h) => h.shown)
        .slice(0, 3),
    ).toEqual(['empty', 'connected', 'away']);
    onB.sub.close();
  });
});

describe("a table's time since its last change, with PostgreSQL's clock and the process's apart", () => {
  // A turn's clock read after a restart, or by another process, counts from the row's last change. The time
  // since it is measured on the database's clock and counted back from the process's own, so that a database
  // on another machine whose clock is an hour off gives the same clock. Here the process's clock is moved.
  it('is the same 90 s whether the clocks agree or the process is an hour ahead or behind the database', async (ctx) => {
    if (skipped !== null || postgres === null) return ctx.skip(skipped ?? 'no PostgreSQL');
    const driver = await postgresDriver(postgres.url);
    try {
      const store = new SqlStore(driver);
      await store.migrate();
      const hash = 'a'.repeat(64);
      expect(await store.insert({ id: 'clock-apart', version: 1, doc: '{}', tokenHashes: { N: hash, E: hash, S: hash, W: hash } })).toBe(true);
      const since = performance.now();
      await driver.exec("UPDATE whist_tables SET updated_at = now() - interval '90 seconds' WHERE id = 'clock-apart'");
      const real = Date.now;
      for (const skew of [0, 3_600_000, -3_600_000]) {
        const now = real() + skew;
        vi.spyOn(Date, 'now').mockReturnValue(now);
        const row = await store.read('clock-apart').finally(() => vi.restoreAllMocks());
        const ago = now - ((row?.changedAt as number) - store.databaseAheadMs);
        // 90 s, and at most the time since the change was written besides (however busy the machine).
        expect(ago, `process ${skew} ms off`).toBeGreaterThanOrEqual(90_000);
        expect(ago, `process ${skew} ms off`).toBeLessThanOrEqual(90_000 + (performance.now() - since) + 1);
      }
    } finally {
      await driver.close();
    }
  });
});
