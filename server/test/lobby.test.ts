/**
 * The lobby over HTTP: two servers over one PGlite store (each with its own memory, as two processes), and
 * two processes over a real PostgreSQL where it can be started. Public tables listed with their rules, names
 * and free seats, a page at a time, with an ETag; private tables never listed; a seat joined from the
 * lobby, whose token is the seat's at the table once it opens; "Play now" filling four seats from both
 * servers, and computer players in the seats no one took once the wait is over; names checked; hostile
 * bodies and floods refused, the server answering throughout.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heuristicPlayer, type Seat } from 'whist';
import { LOBBY_CLOCK } from '../src/clock.js';
import { SqlStore } from '../src/db/sql.js';
import { playerNames, readName } from '../src/lobby.js';
import { type RunningServer, startServer } from '../src/server.js';
import { type Reply, request } from './support/http.js';
import { SEATS } from './support/players.js';
import { type Postgres, startPostgres } from './support/postgres.js';
import { type ServerProcess, spawnServer } from './support/processes.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

let store: SqlStore;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  const config = { port: 0, tokenRate: 500, addressRate: 500, computerDelayMs: 0 };
  a = await startServer(config, { store, log: { info: () => {}, error: () => {} } });
  b = await startServer(config, { store, log: { info: () => {}, error: () => {} } });
}, START_LIMIT_MS);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await store?.close();
});

const post = (base: string, path: string, body: unknown, token?: string): Promise<Reply> =>
  request(base, 'POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), ...(token === undefined ? {} : { token }) });

/** Every table listed, following the pages. */
async function listed(base: string, limit = 50): Promise<Array<{ id: string; rules: string; places: Array<string | null>; quick: boolean }>> {
  const all = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const r = await request(base, 'GET', `/lobby?limit=${limit}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`);
    expect(r.status).toBe(200);
    all.push(...r.json.tables);
    after = r.json.next;
    if (after === null) return all;
  }
  throw new Error('the listing never ended');
}

/** A person's seat at a table gathering, as their page polls it. */
async function poll(base: string, id: string, token: string): Promise<Reply> {
  return request(base, 'GET', `/lobby/tables/${id}`, { token });
}

/** Polls the seat until its table has opened. */
async function untilOpened(base: string, id: string, token: string): Promise<void> {
  await waitFor(`table ${id} opens`, async () => (await poll(base, id, token)).json.opened === true);
}

describe('the lobby: public tables, seats, names', () => {
  it('lists public tables with their rules, the names at them and their free seats; a private table is never listed; a seat joined is the seat at the table once it opens', async () => {
    const privateTable = await post(a.url, '/tables', { players: ['p1', 'p2', 'p3', 'p4'] });
    expect(privateTable.status).toBe(201);

    const opened = await post(a.url, '/lobby/tables', { name: 'Zoë', rules: 'long', waitSeconds: 300 });
    expect(opened.status).toBe(201);
    const { id, token: zoe, place } = opened.json;
    expect(place).toBe(0);

    // Listed on both servers, with the rules by name and the one name at it.
    for (const base of [a.url, b.url]) {
      const row = (await listed(base)).find((t) => t.id === id);
      expect(row).toMatchObject({ rules: 'long', laws: false, quick: false, places: ['Zoë', null, null, null] });
      expect((await listed(base)).some((t) => t.id === privateTable.json.id)).toBe(false);
    }

    // The listing's tag: the same while no one comes; another once someone sits.
    const first = await request(a.url, 'GET', '/lobby');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect((await request(a.url, 'GET', '/lobby', { headers: { 'if-none-match': tag } })).status).toBe(304);

    const joined = await post(b.url, `/lobby/tables/${id}/seats`, { name: 'José María' });
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({ id, place: 1 });
    await waitFor('the listing shows the new name', async () => {
      const r = await request(a.url, 'GET', '/lobby', { headers: { 'if-none-match': tag } });
      return r.status === 200 && r.json.tables.find((t: { id: string }) => t.id === id)?.places[1] === 'José María';
    });

    // Each person's poll shows the table as it gathers; another table's id, or no token, shows nothing.
    const seen = await poll(a.url, id, joined.json.token);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ id, rules: 'long', place: 1, places: ['Zoë', 'José María', null, null], opened: false });
    expect(seen.json.startsInSeconds).toBeGreaterThan(200);
    expect((await poll(a.url, privateTable.json.id, zoe)).status).toBe(404);
    expect((await request(a.url, 'GET', `/lobby/tables/${id}`)).status).toBe(401);
    // A seat's token at the lobby is no seat's at a table yet.
    expect((await request(a.url, 'GET', `/tables/${id}`, { token: zoe })).status).toBe(404);

    const c = await post(a.url, `/lobby/tables/${id}/seats`, { name: 'zoë' });
    const d = await post(b.url, `/lobby/tables/${id}/seats`, { name: '李雷' });
    expect([c.status, d.status]).toEqual([201, 201]);
    // Four people: the table opens, and is listed no more; a fifth finds no seat.
    await untilOpened(a.url, id, zoe);
    expect((await listed(a.url)).some((t) => t.id === id)).toBe(false);
    const fifth = await post(a.url, `/lobby/tables/${id}/seats`, { name: 'Eve' });
    expect(fifth.status).toBe(409);
    expect(fifth.json.error.code).toBe('NO_FREE_SEAT');

    // Each token is its person's seat at the table, named as they chose (two Zoës made distinct), no computer player.
    const tokens: Record<string, string> = { Zoë: zoe, 'José María': joined.json.token, 'zoë 2': c.json.token, 李雷: d.json.token };
    const seats = new Set<Seat>();
    for (const [name, token] of Object.entries(tokens)) {
      const r = await request(b.url, 'GET', `/tables/${id}`, { token });
      expect(r.status).toBe(200);
      expect(r.json.seats[r.json.seat].player).toBe(name);
      expect(r.json.view.rules.name).toBe('long');
      seats.add(r.json.seat);
    }
    expect(seats.size).toBe(4);
    const row = await store.read(id);
    expect(row?.computers).toEqual([]);
  });

  it('lists a page at a time, oldest first, each table once, with a cursor to the next page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(a.url, '/lobby/tables', { name: `Page ${i}`, waitSeconds: 300 });
      expect(r.status).toBe(201);
      ids.push(r.json.id);
    }
    const paged = await listed(b.url, 2);
    const whole = await listed(b.url, 50);
    expect(paged.map((t) => t.id)).toEqual(whole.map((t) => t.id));
    expect(new Set(paged.map((t) => t.id)).size).toBe(paged.length);
    const positions = ids.map((id) => paged.findIndex((t) => t.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    // A page holds at most its limit.
    const two = await request(a.url, 'GET', '/lobby?limit=2');
    expect(two.json.tables.length).toBe(2);
    expect(typeof two.json.next).toBe('string');
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'limit=1e3', 'after=x', "after=1.a'b", `after=${'9'.repeat(30)}.x`]) {
      const r = await request(a.url, 'GET', `/lobby?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.json.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses names it cannot show, and odd bodies, each with its typed error; the server answers throughout', async () => {
    const bad: unknown[] = [
      '',
      '   ',
      'a'.repeat(25),
      'x'.repeat(5_000),
      '<script>',
      'ann\u202e',
      'ann\u0000',
      'ann\nbob',
      '😀',
      '-ann',
      42,
      null,
      ['ann'],
      { n: 1 },
    ];
    for (const name of bad) {
      for (const [path, body] of [
        ['/lobby/tables', { name }],
        ['/lobby/play', { name, waitSeconds: 0 }],
      ] as const) {
        const r = await post(a.url, path, body);
        expect(r.status, JSON.stringify(name).slice(0, 40)).toBe(400);
        expect(r.json.error.code).toBe('INVALID_NAME');
      }
    }
    const open = await post(a.url, '/lobby/tables', { name: 'Host', waitSeconds: 300 });
    const hostile: Array<[string, string | unknown, number, string]> = [
      [`/lobby/tables/${open.json.id}/seats`, { name: '\u200f\u200f' }, 400, 'INVALID_NAME'],
      [`/lobby/tables/${open.json.id}/seats`, '{"name":"ann","__proto__":{"x":1}}', 400, 'INVALID_REQUEST'],
      [`/lobby/tables/${open.json.id}/seats`, 'not json', 400, 'INVALID_JSON'],
      [`/lobby/tables/${open.json.id}/seats`, '[]', 400, 'INVALID_REQUEST'],
      ['/lobby/tables', { name: 'ann', rules: 'bridge' }, 400, 'INVALID_REQUEST'],
      ['/lobby/tables', { name: 'ann', waitSeconds: -1 }, 400, 'INVALID_REQUEST'],
      ['/lobby/tables', { name: 'ann', waitSeconds: 1e9 }, 400, 'INVALID_REQUEST'],
      ['/lobby/tables', { name: 'ann', laws: 'yes' }, 400, 'INVALID_REQUEST'],
      ['/lobby/play', { name: 'ann' }, 400, 'INVALID_REQUEST'],
      ['/lobby/play', { name: 'ann', waitSeconds: 2.5 }, 400, 'INVALID_REQUEST'],
      ['/lobby/tables/nosuchtable/seats', { name: 'ann' }, 409, 'NO_FREE_SEAT'],
      [`/lobby/tables/${open.json.id}/seats`, { name: 'x'.repeat(20_000) }, 413, 'BODY_TOO_LARGE'],
    ];
    for (const [path, body, status, code] of hostile) {
      const r = await post(a.url, path, body);
      expect(r.status, `${path} ${String(body).slice(0, 30)}`).toBe(status);
      expect(r.json.error.code).toBe(code);
    }
    expect((await request(a.url, 'PUT', '/lobby')).status).toBe(405);
    expect((await request(a.url, 'GET', '/lobby/play')).status).toBe(405);
    expect((await request(a.url, 'GET', '/lobby/tables/a%2F..')).status).toBe(404);
    // Still one person at the table: nothing refused was seated.
    expect((await listed(a.url)).find((t) => t.id === open.json.id)?.places).toEqual(['Host', null, null, null]);
    expect((await request(a.url, 'GET', '/health')).status).toBe(200);
  });

  it('reads names as it keeps them, and names the players of a table distinctly', () => {
    expect(readName('  Ann   Lee ')).toBe('Ann Lee');
    expect(readName('Zoe\u0308')).toBe('Zoë');
    expect(readName("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(playerNames(['ann', null, 'Ann', null])).toEqual({ players: ['ann', 'Computer 2', 'Ann 2', 'Computer 4'], computers: ['Computer 2', 'Computer 4'] });
    expect(playerNames(['Computer 2', null, null, null]).players).toEqual(['Computer 2', 'Computer 2 2', 'Computer 3', 'Computer 4']);
  });

  it('a person who leaves, or whose page is not heard from, gives the seat back', async () => {
    const open = await post(a.url, '/lobby/tables', { name: 'Stays', waitSeconds: 300 });
    const goes = await post(b.url, `/lobby/tables/${open.json.id}/seats`, { name: 'Goes' });
    const silent = await post(b.url, `/lobby/tables/${open.json.id}/seats`, { name: 'Silent' });
    expect((await request(a.url, 'DELETE', `/lobby/tables/${open.json.id}/seat`, { token: goes.json.token })).status).toBe(200);
    expect((await request(a.url, 'DELETE', `/lobby/tables/${open.json.id}/seat`, { token: goes.json.token })).status).toBe(404);
    expect((await poll(a.url, open.json.id, goes.json.token)).status).toBe(404);
    // The sweep, as every process runs it, with a second's silence: the page that polls stays, the silent one goes.
    await waitFor('the silent seat is swept', async () => {
      expect((await poll(a.url, open.json.id, open.json.token)).status).toBe(200);
      await store.lobby.sweep(1, 600);
      // The listing, not the silent seat's poll (which would be heard from).
      return (await listed(b.url)).find((t) => t.id === open.json.id)?.places[2] === null;
    });
    expect((await poll(b.url, open.json.id, silent.json.token)).status).toBe(404);
    expect((await poll(a.url, open.json.id, open.json.token)).json.places).toEqual(['Stays', null, null, null]);
    // Its place is free for the next person.
    expect((await post(a.url, `/lobby/tables/${open.json.id}/seats`, { name: 'Next' })).json.place).toBe(1);
  });
});

describe('"Play now": the queue shared by the processes of one store', () => {
  it('seats four people who come to either server at one table, which opens as soon as the four sit', async () => {
    const rules = 'long';
    const people = await Promise.all(
      ['Ann', 'Bob', 'Cy', 'Di'].map((name, i) => post(i % 2 === 0 ? a.url : b.url, '/lobby/play', { name, waitSeconds: 300, rules, laws: true })),
    );
    expect(people.map((p) => p.status)).toEqual([201, 201, 201, 201]);
    const ids = new Set(people.map((p) => p.json.id));
    expect(ids.size).toBe(1);
    expect(new Set(people.map((p) => p.json.place))).toEqual(new Set([0, 1, 2, 3]));
    const id = people[0]?.json.id as string;
    await untilOpened(b.url, id, people[3]?.json.token);
    const row = await store.read(id);
    expect(row?.computers).toEqual([]);
    for (const p of people) {
      const r = await request(a.url, 'GET', `/tables/${id}`, { token: p.json.token });
      expect(r.status).toBe(200);
      expect(r.json.view.rules.name).toBe('long-ruled');
    }
    // The next person starts a table of their own.
    const next = await post(a.url, '/lobby/play', { name: 'Eve', waitSeconds: 300, rules, laws: true });
    expect(next.json.id).not.toBe(id);
  });

  it('gives the empty seats to computer players once the wait is over, and the people play cards', async () => {
    const ann = await post(a.url, '/lobby/play', { name: 'Ann', waitSeconds: 2, rules: 'american' });
    expect(ann.status).toBe(201);
    const bob = await post(b.url, '/lobby/play', { name: 'Bob', waitSeconds: 60, rules: 'american' });
    expect(bob.json.id).toBe(ann.json.id);
    const id = ann.json.id as string;
    const before = await poll(b.url, id, bob.json.token);
    expect(before.json.opened).toBe(false);
    expect(before.json.startsInSeconds).toBeLessThanOrEqual(2);
    await untilOpened(b.url, id, bob.json.token);
    const row = await store.read(id);
    expect(row?.computers?.length).toBe(2);
    // A lobby table keeps turn clocks.
    expect(row?.clock).toEqual(LOBBY_CLOCK);
    // The two people play until each has played a card; the computer players play theirs.
    const played = new Set<string>();
    await waitFor('both people play a card', async () => {
      for (const [who, token, base] of [
        ['Ann', ann.json.token, a.url],
        ['Bob', bob.json.token, b.url],
      ] as const) {
        const seen = await request(base, 'GET', `/tables/${id}`, { token });
        expect(seen.status).toBe(200);
        expect(seen.json.seats[seen.json.seat].player).toBe(who);
        const next = seen.json.view.next;
        if (next.action === 'play' && next.seat === seen.json.seat) {
          const card = heuristicPlayer(seen.json.view.hand);
          const r = await post(base, `/tables/${id}/actions`, { type: 'play', card, version: seen.json.version }, token);
          if (r.status === 200) played.add(who);
        }
      }
      return played.size === 2;
    });
    const seen = await request(a.url, 'GET', `/tables/${id}`, { token: ann.json.token });
    const computerSeats = SEATS.filter((s) => seen.json.seats[s].status === 'computer');
    expect(computerSeats.map((s) => seen.json.seats[s].player).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^Computer \d$/)]));
    expect(computerSeats.length).toBe(2);
  });

  it('with no wait, opens at once with computer players in every other seat', async () => {
    const solo = await post(a.url, '/lobby/play', { name: 'Solo', waitSeconds: 0, rules: 'short-ruled-none' });
    // No such rules: refused before anything is stored.
    expect(solo.status).toBe(400);
    const now = await post(a.url, '/lobby/play', { name: 'Solo', waitSeconds: 0, rules: 'short' });
    expect(now.status).toBe(201);
    await untilOpened(a.url, now.json.id, now.json.token);
    expect((await store.read(now.json.id))?.computers?.length).toBe(3);
  });

  it('refuses a flood from one address past its rate, and answers the rest', async () => {
    const strict = await startServer({ port: 0, addressRate: 2, computerDelayMs: 0 }, { store, log: { info: () => {}, error: () => {} } });
    try {
      const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => post(strict.url, '/lobby/tables', { name: `Flood ${i}`, waitSeconds: 300 })));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
      expect(replies.find((r) => r.status === 429)?.headers['retry-after']).toMatch(/^\d+$/);
      expect((await request(strict.url, 'GET', '/health')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('"Play now" over PostgreSQL, two processes', () => {
  let postgres: Postgres | null = null;
  let skipped: string | null = null;
  let p: ServerProcess | null = null;
  let q: ServerProcess | null = null;

  beforeAll(async () => {
    const started = await startPostgres();
    if ('skip' in started) {
      skipped = started.skip;
      console.log(`PostgreSQL lobby tests skipped: ${skipped}`);
      return;
    }
    postgres = started;
    const env = { DATABASE_URL: started.url, WHIST_PG_POOL: '4', WHIST_COMPUTER_DELAY_MS: '0' };
    [p, q] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 2 * START_LIMIT_MS);

  afterAll(async () => {
    await Promise.all([p?.stop(), q?.stop()]);
    await postgres?.stop();
  });

  it('fills one table from both processes, at once, and each seat reads its table', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const [one, two] = [p as ServerProcess, q as ServerProcess];
    // Eight people at once, half through each process: two tables of four, no one seated twice.
    const names = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];
    const people = await Promise.all(names.map((name, i) => post(i % 2 === 0 ? one.url : two.url, '/lobby/play', { name, waitSeconds: 300 })));
    expect(people.map((r) => r.status)).toEqual(names.map(() => 201));
    const byTable = new Map<string, number[]>();
    for (const r of people) byTable.set(r.json.id, [...(byTable.get(r.json.id) ?? []), r.json.place]);
    expect([...byTable.values()].map((places) => [...places].sort())).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
    for (const r of people) await untilOpened(two.url, r.json.id, r.json.token);
    for (const [i, r] of people.entries()) {
      const seen = await request(i % 2 === 0 ? two.url : one.url, 'GET', `/tables/${r.json.id}`, { token: r.json.token });
      expect(seen.status).toBe(200);
      expect(seen.json.seats[seen.json.seat]).toMatchObject({ player: names[i] });
    }
  });

  it('gives the empty seats to computer players after the wait, whichever process looks first', async (ctx) => {
    if (skipped !== null) return ctx.skip(skipped);
    const [one, two] = [p as ServerProcess, q as ServerProcess];
    const ann = await post(one.url, '/lobby/play', { name: 'Ann', waitSeconds: 1, rules: 'long' });
    const bob = await post(two.url, '/lobby/play', { name: 'Bob', waitSeconds: 30, rules: 'long' });
    expect(bob.json.id).toBe(ann.json.id);
    // Neither page polls: the processes open it by themselves once the wait is over.
    await waitFor('the table opens', async () => (await request(two.url, 'GET', `/tables/${ann.json.id}`, { token: bob.json.token })).status === 200);
    const seen = await request(one.url, 'GET', `/tables/${ann.json.id}`, { token: ann.json.token });
    expect(SEATS.filter((s) => seen.json.seats[s].status === 'computer').length).toBe(2);
  });
});
