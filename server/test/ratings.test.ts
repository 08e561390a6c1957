/**
 * Registered players and ratings from rated duplicate events, over HTTP: names registered once, a rated
 * event joined and confirmed with the players' keys and started only then, and the ratings openskill's over
 * the stored events. A pair that colludes with a fixed opposition (the other five pairs concede every board
 * to it, event after event) has the best ratings and gains no place on the leaderboard, which asks for
 * different partners; the opposition, once it has changed partners, has places. The ratings worked out again
 * from the stored results, here with openskill from the events' standings and by a second server over the
 * same store, are the same numbers.
 */

import { ordinal, type Rating, rate, rating } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heuristicPlayer } from 'whist';
import type { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { client, type Reply } from './support/http.js';
import { memoryStore } from './support/store.js';
import { START_LIMIT_MS, sleep, WAIT_LIMIT_MS } from './support/wait.js';

const FLOOR = { boards: 10, partners: 2, opponents: 4 };
let store: SqlStore;
let server: RunningServer;

const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  ({ store } = await memoryStore());
  server = await startServer({ port: 0, tokenRate: 1000, addressRate: 1000, computerDelayMs: 0, dailyBoards: 0, leaderboard: FLOOR }, { store, log: quiet });
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

const { post } = client(() => server.url);
/** A GET to this server, or to `at`. */
const get = (path: string, token?: string, at = server): Promise<Reply> => client(() => at.url).get(path, token);

const NAMES = ['Xan', 'Yve', 'Ola', 'Oli', 'Oda', 'Ove', 'Ona', 'Ora', 'Oto', 'Oma', 'Oya', 'Oro'] as const;
/** Each player's registered key, which proves their name. */
const keys: Record<string, string> = {};

/**
 * Plays one rated 3-table Howell (one board a round) of these pairs to its end: every player registered,
 * each pair joined and confirmed with its players' keys. Xan and Yve play their cards with the heuristic
 * player; everyone else concedes every trick left at their first turn. Returns the event's id.
 */
async function ratedEvent(pairs: readonly (readonly [string, string])[]): Promise<string> {
  const opened = await post('/duplicate', { tables: 3, boardsPerRound: 1, rated: true });
  expect(opened.status, JSON.stringify(opened.json)).toBe(201);
  expect(opened.json).toMatchObject({ rated: true, computers: false });
  const id = opened.json.id as string;
  // Each player's token for this event: the event's own, never their key.
  const tokens: Record<string, string> = {};
  for (const [i, [a, b]] of pairs.entries()) {
    const joined = await post(`/duplicate/${id}/pairs`, { players: [a, b] }, keys[a]);
    expect(joined.status, JSON.stringify(joined.json)).toBe(201);
    tokens[a] = joined.json.tokens[0];
    const confirmed = await post(`/duplicate/${id}/pairs/${i + 1}/confirm`, {}, keys[b]);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    tokens[b] = confirmed.json.token;
    expect(confirmed.json.token).not.toBe(keys[b]);
  }
  expect((await post(`/duplicate/${id}/start`, {}, opened.json.directorToken)).status).toBe(200);
  // A key is no token at a table.
  const first = (await get(`/duplicate/${id}`, tokens.Xan)).json.you.tableId as string;
  expect((await get(`/tables/${first}`, keys.Xan)).status).toBe(401);
  await Promise.all(pairs.flat().map((name) => play(id, name, tokens[name] as string)));
  return id;
}

async function play(id: string, name: string, key: string): Promise<void> {
  const until = Date.now() + 4 * WAIT_LIMIT_MS;
  for (;;) {
    if (Date.now() > until) throw new Error(`${name} still playing`);
    const event = await get(`/duplicate/${id}`, key);
    expect(event.status, JSON.stringify(event.json)).toBe(200);
    if (event.json.status === 'over') return;
    const tableId = event.json.you.tableId as string | null;
    if (tableId === null) {
      await sleep(10);
      continue;
    }
    const table = await get(`/tables/${tableId}`, key);
    expect(table.status, JSON.stringify(table.json)).toBe(200);
    const { version, view } = table.json;
    if (view.next.action !== 'play' || view.next.seat !== view.viewer) {
      await sleep(10);
      continue;
    }
    const body =
      name === 'Xan' || name === 'Yve'
        ? { type: 'play', card: heuristicPlayer(view.hand), version }
        : { type: 'concede', tricks: view.hand.cards.length, version };
    const r = await post(`/tables/${tableId}/actions`, body, key);
    if (r.status !== 409 || r.json.error.code !== 'STALE_VERSION') expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
}

/** The ratings openskill gives from the events' standings, worked out here from the answers of `GET /duplicate/:id`. */
async function reference(ids: readonly string[]): Promise<Map<string, Rating>> {
  const ratings = new Map<string, Rating>();
  for (const id of ids) {
    const event = (await get(`/duplicate/${id}`)).json;
    const field = event.standings as { pair: number; rank: number }[];
    const teams = field.map((s) => event.pairs[s.pair - 1].players.map((n: string) => ratings.get(n) ?? rating()));
    const rated = rate(teams, { rank: field.map((s) => s.rank) });
    field.forEach((s, i) => {
      event.pairs[s.pair - 1].players.forEach((n: string, j: number) => {
        ratings.set(n, rated[i]?.[j] as Rating);
      });
    });
  }
  return ratings;
}

describe('ratings from rated duplicate events', () => {
  it('names are registered once; a rated event takes only registered, confirmed pairs and no computer players', async () => {
    for (const name of NAMES) {
      const r = await post('/players', { name });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(r.json.name).toBe(name);
      keys[name] = r.json.key;
    }
    expect((await post('/players', { name: 'xan' })).json.error.code).toBe('NAME_TAKEN');
    expect((await post('/players', { name: '<x>' })).json.error.code).toBe('INVALID_NAME');
    expect((await post('/players', { name: 'Ann', extra: 1 })).status).toBe(400);
    expect((await get('/players')).status).toBe(405);
    expect((await get('/ratings/Nobody')).status).toBe(404);
    // Registered, and no rated event yet: the rating every player starts from.
    expect((await get('/ratings/xan')).json).toMatchObject({ name: 'Xan', rating: 0, mu: 25, boards: 0, events: 0, history: [], qualified: false });
    expect((await post('/duplicate', { tables: 3, rated: true, computers: true })).status).toBe(400);

    const opened = await post('/duplicate', { tables: 3, rated: true });
    const id = opened.json.id as string;
    // The first player's key, and no other, joins the pair.
    expect((await post(`/duplicate/${id}/pairs`, { players: ['Xan', 'Yve'] })).status).toBe(401);
    expect((await post(`/duplicate/${id}/pairs`, { players: ['Xan', 'Yve'] }, keys.Yve)).status).toBe(401);
    // Both names registered.
    expect((await post(`/duplicate/${id}/pairs`, { players: ['Xan', 'Nobody'] }, keys.Xan)).status).toBe(404);
    // Written as registered, whatever the case they were given in.
    const joined = await post(`/duplicate/${id}/pairs`, { players: ['xan', 'YVE'] }, keys.Xan);
    expect(joined.status).toBe(201);
    expect(joined.json.event.pairs[0]).toMatchObject({ players: ['Xan', 'Yve'], confirmed: false });
    // Its second player confirms it with their own key, no one else's.
    expect((await post(`/duplicate/${id}/pairs/1/confirm`, {}, keys.Ola)).status).toBe(401);
    expect((await post(`/duplicate/${id}/pairs/2/confirm`, {}, keys.Ola)).status).toBe(404);
    expect((await post(`/duplicate/${id}/start`, {}, opened.json.directorToken)).json.error.code).toBe('PAIR_NOT_CONFIRMED');
    // No spectators at a rated event: a player could watch a board before playing it.
    expect((await post('/duplicate', { tables: 3, rated: true, spectators: true })).status).toBe(400);
  });

  it(
    'a pair colluding with a fixed opposition has the best ratings and no place on the leaderboard; the ratings are the same worked out again',
    async () => {
      const fixed = [
        ['Xan', 'Yve'],
        ['Ola', 'Oli'],
        ['Oda', 'Ove'],
        ['Ona', 'Ora'],
        ['Oto', 'Oma'],
        ['Oya', 'Oro'],
      ] as const;
      const ids: string[] = [];
      for (let n = 0; n < 2; n++) ids.push(await ratedEvent(fixed));
      // One partner each: no one has a place yet, however many boards.
      let board = await get('/ratings');
      expect(board.json).toEqual({ floor: FLOOR, players: [] });
      const xan = await get('/ratings/xan');
      expect(xan.json).toMatchObject({ name: 'Xan', boards: 10, partners: 1, opponents: 10, events: 2, qualified: false });
      // The opposition changes partners; the colluding pair does not.
      ids.push(
        await ratedEvent([
          ['Xan', 'Yve'],
          ['Ola', 'Oda'],
          ['Oli', 'Ove'],
          ['Ona', 'Oto'],
          ['Ora', 'Oma'],
          ['Oya', 'Oro'],
        ]),
      );
      board = await get('/ratings');
      const listed = board.json.players.map((p: { name: string }) => p.name);
      expect(listed).not.toContain('Xan');
      expect(listed).not.toContain('Yve');
      expect(new Set(listed)).toEqual(new Set(['Ola', 'Oli', 'Oda', 'Ove', 'Ona', 'Ora', 'Oto', 'Oma']));
      for (const p of board.json.players) expect(p.boards).toBe(15);
      // Every board conceded to them: the colluding pair is rated above everyone.
      const all = await Promise.all(NAMES.map(async (n) => (await get(`/ratings/${n}`)).json));
      const best = Math.max(...all.map((p) => p.rating));
      expect(all.find((p) => p.name === 'Xan').rating).toBe(best);
      expect(all.find((p) => p.name === 'Xan').history).toHaveLength(3);

      // Worked out again from the events' standings with openskill: the same numbers.
      const ref = await reference(ids);
      for (const p of all) {
        const r = ref.get(p.name) as Rating;
        expect(p.mu, p.name).toBeCloseTo(r.mu, 5);
        expect(p.sigma, p.name).toBeCloseTo(r.sigma, 5);
        expect(p.rating, p.name).toBeCloseTo(ordinal(r), 5);
      }
      // And by another server over the same store.
      const again = await startServer({ port: 0, computerDelayMs: 0, dailyBoards: 0, leaderboard: FLOOR }, { store, log: quiet });
      try {
        expect((await get('/ratings', undefined, again)).json).toEqual(board.json);
        expect((await get('/ratings/Xan', undefined, again)).json).toEqual(all.find((p) => p.name === 'Xan'));
      } finally {
        await again.close();
      }
    },
    8 * WAIT_LIMIT_MS,
  );
});

describe('rated tables', () => {
  it(
    "four registered players take their seats with their keys, no computer player among them; the first rubber's winners gain in the ratings as openskill has it",
    async () => {
      const players = { N: 'Ola', E: 'Oda', S: 'Oli', W: 'Ove' } as const;
      // Opened with the key of one of the four, no one else's; four different registered names.
      expect((await post('/rated-tables', { players }, keys.Xan)).status).toBe(401);
      expect((await post('/rated-tables', { players: { ...players, W: 'Nobody' } }, keys.Ola)).status).toBe(404);
      expect((await post('/rated-tables', { players: { ...players, W: 'ola' } }, keys.Ola)).json.error.code).toBe('NAME_TAKEN');
      const opened = await post('/rated-tables', { players }, keys.Ola);
      expect(opened.status, JSON.stringify(opened.json)).toBe(201);
      expect(opened.json).toMatchObject({ seat: 'N', table: { status: 'gathering', confirmed: { N: true, E: false, S: false, W: false }, tableId: null } });
      const id = opened.json.id as string;
      const tokens: Record<string, string> = { N: opened.json.token };
      for (const seat of ['E', 'S', 'W'] as const) {
        const confirmed = await post(`/rated-tables/${id}/confirm`, {}, keys[players[seat]]);
        expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
        expect(confirmed.json.seat).toBe(seat);
        tokens[seat] = confirmed.json.token;
      }
      expect((await post(`/rated-tables/${id}/confirm`, {}, keys.Xan)).status).toBe(401);
      const playing = (await get(`/rated-tables/${id}`, tokens.N)).json;
      expect(playing.status).toBe('playing');
      expect((await get(`/rated-tables/${id}`)).json.tableId).toBeNull();
      const tableId = playing.tableId as string;
      const seats = (await get(`/tables/${tableId}`, tokens.N)).json.seats as Record<string, { status: string }>;
      expect(Object.values(seats).some((s) => s.status === 'computer')).toBe(false);

      const before = Object.fromEntries(await Promise.all(Object.values(players).map(async (n) => [n, (await get(`/ratings/${n}`)).json] as const)));
      // Each hand, whoever plays first concedes every trick: a rubber in a few hands.
      const until = Date.now() + 4 * WAIT_LIMIT_MS;
      for (;;) {
        if (Date.now() > until) throw new Error('the rubber did not end');
        const table = (await get(`/rated-tables/${id}`, tokens.N)).json;
        if (table.status === 'over') break;
        const { version, view } = (await get(`/tables/${tableId}`, tokens.N)).json;
        const seat = view.next.action === 'play' ? (view.next.seat as 'N' | 'E' | 'S' | 'W') : null;
        if (seat === null) {
          await sleep(10);
          continue;
        }
        const mine = (await get(`/tables/${tableId}`, tokens[seat])).json.view;
        const r = await post(`/tables/${tableId}/actions`, { type: 'concede', tricks: mine.hand.cards.length, version }, tokens[seat]);
        if (r.status !== 409) expect(r.status, JSON.stringify(r.json)).toBe(200);
      }
      const over = (await get(`/rated-tables/${id}`)).json;
      expect(['NS', 'EW']).toContain(over.winner);
      const winners = over.winner === 'NS' ? [players.N, players.S] : [players.E, players.W];
      const losers = over.winner === 'NS' ? [players.E, players.W] : [players.N, players.S];
      const rated = rate(
        [winners.map((n) => rating({ mu: before[n].mu, sigma: before[n].sigma })), losers.map((n) => rating({ mu: before[n].mu, sigma: before[n].sigma }))],
        { rank: [1, 2] },
      );
      for (const [team, names] of [winners, losers].entries())
        for (const [j, n] of names.entries()) {
          const after = (await get(`/ratings/${n}`)).json;
          expect(after.events, n).toBe(before[n].events + 1);
          expect(after.history.at(-1).event).toBe(id);
          expect(after.mu, n).toBeCloseTo(rated[team]?.[j]?.mu as number, 5);
          expect(after.sigma, n).toBeCloseTo(rated[team]?.[j]?.sigma as number, 5);
          // A rubber counts no duplicate board.
          expect(after.boards).toBe(before[n].boards);
        }
      expect((await get(`/ratings/${winners[0]}`)).json.mu).toBeGreaterThan(before[winners[0] as string].mu);
    },
    4 * WAIT_LIMIT_MS,
  );
});
