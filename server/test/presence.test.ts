/**
 * Presence shared by several processes, without HTTP: the bookkeeping on a board kept in memory with a
 * clock the test moves (two or three `Presence` objects as three processes), then the same over the
 * store's SQL on PGlite (the rows, the notifications, the heartbeat, the schema on a database made before
 * the presence tables), and the stand-in's compare-and-set, which no live process's stream lets through.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from 'whist';
import type { PresenceBoard, PresenceChange, PresenceRow, ProcessBeat } from '../src/db/base.js';
import { type Driver, SqlStore } from '../src/db/sql.js';
import { ApiError } from '../src/errors.js';
import { Presence } from '../src/presence.js';
import { Tables } from '../src/tables.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

const PLAYERS = { N: 'ann', E: 'bob', S: 'cy', W: 'di' };

/** A store's presence rows in memory, on the test's clock; what is published is heard at once by every process on it. */
class MemoryBoard implements PresenceBoard {
  readonly rows = new Map<string, PresenceChange & { changedAt: number }>();
  readonly beats = new Map<string, number>();
  readonly processes: Presence[] = [];
  /** Publications to refuse, as a store that does not answer. */
  failures = 0;

  constructor(private readonly clock: () => number) {}

  private notify(change: PresenceChange): void {
    for (const p of this.processes) p.heard(change);
  }

  async publish(tableId: string, seat: Seat, process: string, streams: number): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('the store did not answer');
    }
    const key = `${tableId} ${seat} ${process}`;
    const row = { tableId, seat, process, streams, version: (this.rows.get(key)?.version ?? 0) + 1, changedAt: this.clock() };
    this.rows.set(key, row);
    this.notify(row);
  }

  async beat(process: string): Promise<ProcessBeat[]> {
    this.beats.set(process, this.clock());
    return [...this.beats].filter(([p]) => p !== process).map(([p, at]) => ({ process: p, ageMs: this.clock() - at }));
  }

  async load(): Promise<{ rows: PresenceRow[]; processes: ProcessBeat[] }> {
    const now = this.clock();
    return {
      rows: [...this.rows.values()].map(({ changedAt, ...r }) => ({ ...r, ageMs: now - changedAt })),
      processes: [...this.beats].map(([process, at]) => ({ process, ageMs: now - at })),
    };
  }

  async leave(process: string): Promise<void> {
    this.beats.delete(process);
    for (const [key, r] of this.rows)
      if (r.process === process && r.streams > 0) {
        const row = { ...r, streams: 0, version: r.version + 1, changedAt: this.clock() };
        this.rows.set(key, row);
        this.notify(row);
      }
  }

  async forget(): Promise<void> {}
}

/** Three processes on one board, on the test's clock. */
function processes(heartbeatMs = 1_000) {
  let now = 1_000_000;
  const clock = () => now;
  const board = new MemoryBoard(clock);
  const changed: string[] = [];
  const make = (name: string) => {
    const p = new Presence({ now: clock, board, heartbeatMs, process: name });
    p.onChange = (id) => changed.push(`${name} ${id}`);
    board.processes.push(p);
    return p;
  };
  return {
    board,
    changed,
    make,
    advance: (ms: number) => {
      now += ms;
    },
    now: clock,
  };
}

/** Each seat's status as a process shows it ('stand-in' for a computer standing in). */
function statuses(p: Presence, table = 't', standIn = 30): string[] {
  return Object.values(p.seats(table, PLAYERS, [], standIn)).map((s) => (s.standIn ? 'stand-in' : s.status));
}

describe('presence shared through a board: the bookkeeping', () => {
  it('a seat joined on one process is connected on every process; away once its last stream anywhere closed, since then', async () => {
    const { make, advance, now, changed } = processes();
    const a = make('A');
    const b = make('B');
    expect(statuses(b)).toEqual(['empty', 'empty', 'empty', 'empty']);
    expect(a.open('t', 'N')).toBe(true);
    await a.settled();
    expect(statuses(a)[0]).toBe('connected');
    expect(statuses(b)[0]).toBe('connected');
    expect(changed.sort()).toEqual(['A t', 'B t']);
    // A second stream on B: the seat was connected already, so nothing changes anywhere.
    expect(b.open('t', 'N')).toBe(false);
    await b.settled();
    expect(changed).toHaveLength(2);
    // A's stream closes: B still holds one.
    advance(1_000);
    a.close('t', 'N');
    await a.settled();
    expect([statuses(a)[0], statuses(b)[0]]).toEqual(['connected', 'connected']);
    expect(a.standInWait('t', 'N', 30)).toBe(null);
    // B's closes: away on both, since B's close, and a stand-in 30 s after it, on both.
    advance(2_000);
    const closed = now();
    b.close('t', 'N');
    await b.settled();
    expect([statuses(a)[0], statuses(b)[0]]).toEqual(['away', 'away']);
    expect(changed.slice(2).sort()).toEqual(['A t', 'B t']);
    advance(10_000);
    expect([a.standInWait('t', 'N', 30), b.standInWait('t', 'N', 30)]).toEqual([closed + 30_000 - now(), closed + 30_000 - now()]);
    advance(20_000);
    expect([statuses(a)[0], statuses(b)[0]]).toEqual(['stand-in', 'stand-in']);
    // Back through A: connected everywhere, no stand-in.
    a.open('t', 'N');
    await a.settled();
    expect([statuses(a)[0], statuses(b)[0]]).toEqual(['connected', 'connected']);
    expect(b.standInWait('t', 'N', 30)).toBe(null);
  });

  it("a process that stops beating: its seats stay connected for the lease, then turn away at the lease's end, and every process is told", async () => {
    const { make, advance, now, changed } = processes(1_000);
    const a = make('A');
    const b = make('B');
    a.open('t', 'E');
    await a.settled();
    await a.tick();
    await b.tick();
    const lastBeat = now();
    changed.length = 0;
    // A is killed: it beats no more. Two heartbeats later it is still within its lease (three).
    advance(1_000);
    await b.tick();
    advance(1_000);
    await b.tick();
    expect(statuses(b)[1]).toBe('connected');
    expect(b.standInWait('t', 'E', 5)).toBe(null);
    expect(changed).toEqual([]);
    // Past the lease: away since the lease ended, and B's tables are told at its next heartbeat.
    advance(1_500);
    await b.tick();
    expect(statuses(b)[1]).toBe('away');
    expect(changed).toEqual(['B t']);
    expect(b.standInWait('t', 'E', 5)).toBe(lastBeat + 3_000 + 5_000 - now());
    // A third process started now reads the rows, and sees the same.
    const c = make('C');
    c.resync();
    await c.tick();
    expect(statuses(c)[1]).toBe('away');
    expect(c.standInWait('t', 'E', 5)).toBe(b.standInWait('t', 'E', 5));
    advance(5_000);
    expect([statuses(b, 't', 5)[1], statuses(c, 't', 5)[1]]).toEqual(['stand-in', 'stand-in']);
    // A comes back (its store answered again): its stream counts once more, and B is told.
    await a.tick();
    await b.tick();
    expect(statuses(b)[1]).toBe('connected');
    expect(changed.filter((x) => x === 'B t')).toHaveLength(2);
  });

  it('a process that stops gracefully turns its seats away at once; one started later reads the rows, newer notifications win', async () => {
    const { make, advance, now, board } = processes();
    const a = make('A');
    const b = make('B');
    a.open('t', 'S');
    a.open('u', 'W');
    await a.settled();
    await a.tick();
    advance(500);
    const stopped = now();
    await a.stop();
    expect(statuses(b)[2]).toBe('away');
    expect(statuses(b, 'u')[3]).toBe('away');
    expect(b.standInWait('t', 'S', 30)).toBe(30_000);
    // A closing it again does nothing once stopped; a process started afterwards reads what B sees.
    a.close('t', 'S');
    const c = make('C');
    c.resync();
    await c.tick();
    expect(statuses(c)[2]).toBe('away');
    advance(1_000);
    expect(c.standInWait('t', 'S', 30)).toBe(stopped + 30_000 - now());
    // A notification older than the row read is ignored; a newer one is taken.
    const row = board.rows.get('t S A');
    if (row === undefined) throw new Error('no row');
    c.heard({ ...row, streams: 1, version: row.version - 1 });
    expect(statuses(c)[2]).toBe('away');
    c.heard({ ...row, streams: 1, version: row.version + 1 });
    expect(statuses(c)[2]).toBe('connected');
    // Its own process's notifications are not news to a process.
    b.open('t', 'N');
    await b.settled();
    b.heard({ tableId: 't', seat: 'N', process: b.id, streams: 0, version: 99 });
    expect(statuses(b)[0]).toBe('connected');
  });

  it('a count the store refused is published again at the next heartbeat, as it is then', async () => {
    const { make, board } = processes();
    const a = make('A');
    const b = make('B');
    board.failures = 1;
    a.open('t', 'N');
    await a.settled();
    expect(statuses(a)[0]).toBe('connected');
    expect(statuses(b)[0]).toBe('empty');
    await a.tick();
    await a.settled();
    expect(statuses(b)[0]).toBe('connected');
    // Several changes while one write is under way: the last write is the count as it is then.
    a.open('t', 'N');
    a.close('t', 'N');
    a.close('t', 'N');
    a.open('t', 'N');
    a.close('t', 'N');
    await a.settled();
    expect(board.rows.get('t N A')?.streams).toBe(0);
    expect(statuses(b)[0]).toBe('away');
  });

  it('without a board, presence is the process’s own streams and nothing is published', async () => {
    let now = 5_000;
    const p = new Presence({ now: () => now });
    expect(p.shared).toBe(false);
    await p.start();
    p.open('t', 'W');
    await p.settled();
    await p.tick();
    expect(statuses(p)[3]).toBe('connected');
    p.close('t', 'W');
    now += 30_000;
    expect(statuses(p)[3]).toBe('stand-in');
    await p.stop();
  });
});

describe('presence over the SQL (PGlite)', () => {
  let driver: Driver;
  let store: SqlStore;
  let stopListening: () => Promise<void>;
  const listeners: Presence[] = [];

  beforeAll(async () => {
    driver = await memoryDriver();
    store = new SqlStore(driver);
    await store.migrate();
    stopListening = await store.subscribe({
      onChange() {},
      onResync() {},
      onPresence: (c) => {
        for (const p of listeners) p.heard(c);
      },
    });
  }, START_LIMIT_MS);

  afterAll(async () => {
    await stopListening?.();
    await store?.close();
  });

  it('the schema is made on a database made before the presence tables, and again on one that has them', async () => {
    await driver.exec('DROP TABLE whist_presence; DROP TABLE whist_processes;');
    await store.migrate();
    await store.migrate();
    const made = await driver.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('whist_presence', 'whist_processes')",
      [],
    );
    expect(made[0]?.n).toBe(2);
  });

  it('counts published, notified and read back; heartbeats; a stopping process’s counts go to 0; old rows forgotten', async () => {
    let now = 2_000_000;
    const clock = () => now;
    const a = new Presence({ now: clock, board: store.presence, heartbeatMs: 60_000, process: 'A' });
    const b = new Presence({ now: clock, board: store.presence, heartbeatMs: 60_000, process: 'B' });
    listeners.push(a, b);
    await a.start();
    await b.start();
    a.open('sql', 'N');
    a.open('sql', 'N');
    b.open('sql', 'E');
    await Promise.all([a.settled(), b.settled()]);
    await waitFor('B to hear that A holds N', () => statuses(b, 'sql')[0] === 'connected');
    await waitFor('A to hear that B holds E', () => statuses(a, 'sql')[1] === 'connected');
    const rows = await store.presence.load();
    expect(rows.rows.filter((r) => r.tableId === 'sql').map((r) => [r.seat, r.process, r.streams, r.version])).toEqual(
      expect.arrayContaining([
        ['N', 'A', 2, 2],
        ['E', 'B', 1, 1],
      ]),
    );
    expect(rows.processes.map((p) => p.process).sort()).toEqual(['A', 'B']);
    expect(await store.presence.beat('A')).toEqual([{ process: 'B', ageMs: expect.any(Number) }]);
    // A third process reads the rows when it starts.
    const c = new Presence({ now: clock, board: store.presence, heartbeatMs: 60_000, process: 'C' });
    listeners.push(c);
    await c.start();
    expect(statuses(c, 'sql')).toEqual(['connected', 'connected', 'empty', 'empty']);
    // A stops: its count goes to 0, notified; B and C see N away.
    now += 1_000;
    await a.stop();
    await waitFor('B and C to hear that A left', () => statuses(b, 'sql')[0] === 'away' && statuses(c, 'sql')[0] === 'away');
    expect((await store.presence.load()).processes.map((p) => p.process).sort()).toEqual(['B', 'C']);
    // Rows with no stream, and processes without a heartbeat, past the time given are forgotten.
    await driver.exec("UPDATE whist_presence SET changed_at = now() - interval '2 days' WHERE process = 'A'");
    await store.presence.forget(86_400);
    expect((await store.presence.load()).rows.filter((r) => r.process === 'A')).toEqual([]);
    await b.stop();
    await c.stop();
  });

  it("a stand-in's card is written only while no live process holds the seat's stream", async () => {
    const holder = new Presence({ board: store.presence, heartbeatMs: 60_000, process: 'holder' });
    const player = new Presence({ board: store.presence, heartbeatMs: 60_000, process: 'player' });
    listeners.push(holder, player);
    await holder.start();
    await player.start();
    const log = { info() {}, error() {} };
    const tables = new Tables(store, log, { presence: player });
    const created = await tables.create({ rules: 'short', seed: 21, standInAfterSeconds: 0 });
    let row = await tables.read(created.id);
    const next = tables.next(row);
    if (next.action !== 'play') throw new Error('the table waits for no play');
    const seat = next.seat;
    const seen = await tables.see(row, seat);
    const card = seen.view.hand?.legalMoves[0];
    if (card === undefined) throw new Error('no card');
    const play = { body: { type: 'play', card }, version: row.version };
    // The person holds the seat's stream on another process: the stand-in's card is refused, the table as it was.
    holder.open(created.id, seat);
    await holder.settled();
    const refused = await tables.act(row, seat, play, { standIn: true }).catch((e: unknown) => e);
    expect(refused instanceof ApiError ? [refused.status, refused.code] : refused).toEqual([409, 'SEAT_TAKEN']);
    expect((await tables.read(created.id)).version).toBe(row.version);
    // Its process stops beating: past the lease the stream no longer counts, and the card is written.
    await driver.exec("UPDATE whist_processes SET seen_at = now() - interval '1 hour' WHERE process = 'holder'");
    const written = await tables.act(row, seat, play, { standIn: true });
    expect(written.version).toBe(row.version + 1);
    // A person's own card is never held back by presence.
    await holder.tick();
    row = await tables.read(created.id);
    const following = tables.next(row);
    if (following.action !== 'play') throw new Error('the table waits for no play');
    holder.open(created.id, following.seat);
    await holder.settled();
    const own = (await tables.see(row, following.seat)).view.hand?.legalMoves[0];
    expect((await tables.act(row, following.seat, { body: { type: 'play', card: own }, version: row.version })).version).toBe(row.version + 1);
    await holder.stop();
    await player.stop();
  });
});
