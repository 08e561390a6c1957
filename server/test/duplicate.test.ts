/**
 * Duplicate events over HTTP: a 3-table Howell with two pairs of people (each person playing their own seat
 * with their own token) and four computer pairs, played to its end; every table dealt the board as the event's
 * seed holds it, each person shown their own table only, a board's results only once it has been played at
 * every table, and the standings the library's matchpoints over them. The round's clock: a board the people
 * did not finish in time is played on by computer players and both pairs get the director's average.
 * Settings, names, tokens and the order of things refused as they must be.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heuristicPlayer, type Seat, SHORT_WHIST } from 'whist';
import { dealBoards, howell, knickerbocker, matchpoints, mitchell, parseEventPbn } from 'whist/duplicate';
import type { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { client, request } from './support/http.js';
import { memoryStore } from './support/store.js';
import { START_LIMIT_MS, sleep, WAIT_LIMIT_MS } from './support/wait.js';

let store: SqlStore;
let server: RunningServer;
/** The server's clock: the real one, moved on by the test. */
let ahead = 0;

beforeAll(async () => {
  ({ store } = await memoryStore());
  server = await startServer(
    { port: 0, tokenRate: 1000, addressRate: 1000, computerDelayMs: 0, dailyBoards: 0 },
    { store, log: { info: () => {}, error: () => {} }, now: () => Date.now() + ahead },
  );
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

const { get, post } = client(() => server.url);

interface Person {
  readonly name: string;
  readonly pair: number;
  readonly token: string;
}

/** What one person saw of each board they played: the table, their seat, their cards at the start and the tricks each side took. */
interface Seen {
  readonly board: number;
  readonly tableId: string;
  readonly seat: Seat;
  readonly cards: readonly string[];
  tricks: { NS: number; EW: number } | null;
}

/**
 * Plays one person's seat through the whole event with the heuristic player, reading the event with their
 * token to find their table; checks on the way that they are shown their own table only.
 */
async function playEvent(eventId: string, person: Person): Promise<Seen[]> {
  const seen = new Map<string, Seen>();
  const until = Date.now() + 4 * WAIT_LIMIT_MS;
  for (;;) {
    if (Date.now() > until) throw new Error(`${person.name} still playing after ${(4 * WAIT_LIMIT_MS) / 1000} s`);
    const event = await get(`/duplicate/${eventId}`, person.token);
    expect(event.status, JSON.stringify(event.json)).toBe(200);
    if (event.json.status === 'over') {
      // Each board's tricks as its table shows them once its hand is over (the event may have moved on first).
      for (const s of seen.values()) {
        const table = await get(`/tables/${s.tableId}`, person.token);
        expect(table.json.view.next.action).toBe('deal');
        s.tricks = table.json.view.hands.at(-1).tricks;
      }
      return [...seen.values()];
    }
    const you = event.json.you;
    expect(you).toMatchObject({ pair: person.pair, player: person.name });
    // Their own table only, and no spectators' token.
    expect(event.json.tables.length).toBeLessThanOrEqual(1);
    for (const t of event.json.tables) {
      expect(t.table).toBe(you.table);
      expect(t.spectator).toBeNull();
    }
    // A board's results only once every table that plays it has played it: three in this movement.
    for (const r of event.json.results) expect(event.json.results.filter((x: { board: number }) => x.board === r.board)).toHaveLength(3);
    if (you.tableId === null) {
      await sleep(20);
      continue;
    }
    const reply = await get(`/tables/${you.tableId}`, person.token);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { version, view } = reply.json;
    expect(view.viewer).toBe(you.seat);
    if (!seen.has(you.tableId)) seen.set(you.tableId, { board: you.board, tableId: you.tableId, seat: you.seat, cards: [...view.hand.cards], tricks: null });
    const next = view.next;
    if (next.action === 'deal') {
      await sleep(20);
      continue;
    }
    let body: unknown = null;
    if (next.action === 'play' && next.seat === you.seat) body = { type: 'play', card: heuristicPlayer(view.hand), version };
    else if (next.action === 'answerClaim' && next.seats.includes(you.seat)) body = { type: 'acceptClaim', version };
    if (body === null) {
      await sleep(20);
      continue;
    }
    const r = await post(`/tables/${you.tableId}/actions`, body, person.token);
    if (r.status !== 409 || r.json.error.code !== 'STALE_VERSION') expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
}

async function seedOf(eventId: string): Promise<string> {
  const row = await store.duplicate.read(eventId);
  return (JSON.parse(row?.doc ?? '{}') as { seed: string }).seed;
}

describe('duplicate events', () => {
  it(
    'a 3-table Howell with two pairs of people and four computer pairs, played to its end: each table dealt its board, results shown once a board is played everywhere',
    async () => {
      const opened = await post('/duplicate', { name: 'Club night', tables: 3, movement: 'howell', boardsPerRound: 1, spectators: true });
      expect(opened.status, JSON.stringify(opened.json)).toBe(201);
      const id = opened.json.id as string;
      const director = opened.json.directorToken as string;
      const movement = howell(3, { boardsPerRound: 1 });
      expect(opened.json).toMatchObject({
        name: 'Club night',
        status: 'open',
        rules: 'short',
        movement: { kind: 'howell', tables: 3, pairs: 6, rounds: movement.rounds, boardsPerRound: 1, boards: movement.boards, barometer: true },
        scoring: 'matchpoints',
        computers: true,
        round: 0,
        pairs: [],
        director: true,
      });

      const people: Person[] = [];
      for (const players of [
        ['Ada', 'Bea'],
        ['Cal', 'Dot'],
      ]) {
        const joined = await post(`/duplicate/${id}/pairs`, { players });
        expect(joined.status, JSON.stringify(joined.json)).toBe(201);
        expect(joined.json.event.you).toMatchObject({ pair: joined.json.pair, player: players[0] });
        players.forEach((name, i) => {
          people.push({ name: name as string, pair: joined.json.pair, token: joined.json.tokens[i] });
        });
      }
      expect(people.map((p) => p.pair)).toEqual([1, 1, 2, 2]);
      // A name once an event, whatever its case.
      expect((await post(`/duplicate/${id}/pairs`, { players: ['ada', 'Eve'] })).json.error.code).toBe('NAME_TAKEN');
      // Only the director starts it.
      expect((await post(`/duplicate/${id}/start`, {}, people[0]?.token)).json.error.code).toBe('NOT_DIRECTOR');
      const started = await post(`/duplicate/${id}/start`, {}, director);
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      expect(started.json.status).toBe('playing');
      expect(started.json.round).toBe(1);
      expect(started.json.pairs.map((p: { computer: boolean }) => p.computer)).toEqual([false, false, true, true, true, true]);
      expect((await post(`/duplicate/${id}/pairs`, { players: ['Eve', 'Fay'] })).json.error.code).toBe('EVENT_STARTED');
      expect((await post(`/duplicate/${id}/start`, {}, director)).json.error.code).toBe('EVENT_STARTED');

      // A spectator sees every table of the round, each with its spectators' token while people play at it.
      const watched = await get(`/duplicate/${id}`);
      expect(watched.json.tables.map((t: { table: number }) => t.table)).toEqual([1, 2, 3]);
      expect(watched.json.you).toBeNull();
      for (const t of watched.json.tables as { tableId: string | null; spectator: string | null; ns: number; ew: number }[]) {
        const withPeople = t.ns <= 2 || t.ew <= 2;
        expect(t.spectator !== null, JSON.stringify(t)).toBe(withPeople && t.tableId !== null);
        if (t.spectator !== null && t.tableId !== null) {
          const view = await get(`/tables/${t.tableId}`, t.spectator);
          expect(view.status).toBe(200);
          expect(view.json.view.viewer).toBeNull();
        }
      }
      // No board is shown before it is played at every table, and no record before the end.
      expect(watched.json.results).toEqual([]);
      expect((await get(`/duplicate/${id}/record`)).json.error.code).toBe('EVENT_NOT_OVER');

      const played = await Promise.all(people.map((p) => playEvent(id, p)));
      const end = await get(`/duplicate/${id}`);
      expect(end.json.status).toBe('over');
      expect(end.json.roundEndsAt).toBeNull();
      // Every board at every table that plays it: 3 tables a round.
      expect(end.json.results).toHaveLength(movement.sittings.reduce((n, s) => n + s.boards.length, 0));
      expect(end.json.results.every((r: { average: boolean }) => !r.average)).toBe(true);
      for (const r of end.json.results) expect(r.tricks.NS + r.tricks.EW).toBe(13);

      // Each person played their pair's boards of the movement, in their seat, dealt as the event's seed holds the board.
      const boards = dealBoards(SHORT_WHIST, { seed: await seedOf(id), count: movement.boards });
      for (const [i, person] of people.entries()) {
        const mine = movement.sittings.filter((s) => s.ns === person.pair || s.ew === person.pair);
        const seenBoards = (played[i] as Seen[]).map((s) => s.board);
        expect(seenBoards).toEqual(mine.flatMap((s) => s.boards));
        for (const s of played[i] as Seen[]) {
          const board = boards[s.board - 1];
          expect([...s.cards].sort()).toEqual([...(board?.cards[s.seat] ?? [])].sort());
          const sitting = mine.find((m) => m.boards.includes(s.board));
          const which = people.filter((p) => p.pair === person.pair).indexOf(person);
          expect(s.seat).toBe(sitting?.ns === person.pair ? (['N', 'S'] as const)[which] : (['E', 'W'] as const)[which]);
          // The event recorded the tricks the table took.
          const result = end.json.results.find(
            (r: { board: number; ns: number; ew: number }) => r.board === s.board && (r.ns === person.pair || r.ew === person.pair),
          );
          expect(result?.tricks).toEqual(s.tricks);
        }
      }
      // The event's record: its boards as the seed deals them, every table's result with its cards, read back and checked.
      const record = await get(`/duplicate/${id}/record`);
      expect(record.json.name).toBe('Club night');
      const read = parseEventPbn(record.json.record, SHORT_WHIST);
      if (!read.ok) throw new Error(read.error.message);
      expect(read.value.boards).toEqual(boards);
      expect(read.value.results.map((r) => [r.board, r.ns, r.ew, r.tricks, r.points])).toEqual(
        end.json.results.map((r: { board: number; ns: number; ew: number; tricks: unknown; points: unknown }) => [
          r.board,
          String(r.ns),
          String(r.ew),
          r.tricks,
          r.points,
        ]),
      );
      // The cards of every hand played to its end (one a claim or a concession ended has its result alone), each checked against its result as the record was read.
      const whole = read.value.results.filter((r) => r.plays !== undefined);
      expect(whole.length).toBeGreaterThan(0);
      for (const r of whole) expect(r.plays?.split(' ')).toHaveLength(52);
      // A person's token reads no other table: the other pair's last table, say.
      const other = (played[2] as Seen[]).at(-1) as Seen;
      expect((await get(`/tables/${other.tableId}`, people[0]?.token)).status).toBe(401);

      // The standings are the library's matchpoints over the results, pair by pair.
      const reference = matchpoints(
        end.json.results.map((r: { board: number; ns: number; ew: number; tricks: unknown; points: unknown }) => ({
          board: r.board,
          ns: String(r.ns),
          ew: String(r.ew),
          tricks: r.tricks,
          points: r.points,
        })),
      );
      expect(end.json.standings).toHaveLength(6);
      for (const s of end.json.standings) {
        const ref = reference.standings.find((x) => x.pair === String(s.pair));
        expect({ total: s.total, top: s.top, rank: s.rank, tied: s.tied }).toEqual({ total: ref?.total, top: ref?.top, rank: ref?.rank, tied: ref?.tied });
        expect(s.percent).toBe(ref?.percent === null || ref?.percent === undefined ? null : Math.round(ref.percent * 10) / 10);
      }
      expect(end.json.standings.map((s: { rank: number }) => s.rank)).toEqual(
        [...end.json.standings.map((s: { rank: number }) => s.rank)].sort((a, b) => a - b),
      );
    },
    8 * WAIT_LIMIT_MS,
  );

  it(
    "the round's clock: a board the people did not finish is played on by computer players, both pairs get the director's average, and the next round begins",
    async () => {
      const opened = await post('/duplicate', { tables: 3, boardsPerRound: 1, roundMinutes: 1 });
      const id = opened.json.id as string;
      const joined = await post(`/duplicate/${id}/pairs`, { players: ['Gus', 'Hal'] });
      const token = joined.json.tokens[0] as string;
      const started = await post(`/duplicate/${id}/start`, {}, opened.json.directorToken);
      expect(started.json.round).toBe(1);
      const before = await get(`/duplicate/${id}`, token);
      const tableId = before.json.you.tableId as string;
      expect(tableId).not.toBeNull();
      // Not open to spectators: no table's token to anyone.
      const anyone = await get(`/duplicate/${id}`);
      expect(anyone.json.tables).toHaveLength(3);
      for (const t of anyone.json.tables) expect(t.spectator).toBeNull();
      // Many reads at once move the event on once: the same table, no board recorded twice.
      const reads = await Promise.all(Array.from({ length: 8 }, () => get(`/duplicate/${id}`, token)));
      expect(new Set(reads.map((r) => r.json.you.tableId))).toEqual(new Set([tableId]));
      // No card played in round 1; its clock runs out.
      ahead += 61_000;
      const after = await get(`/duplicate/${id}`, token);
      expect(after.json.round).toBe(2);
      expect(after.json.you.tableId).not.toBe(tableId);
      const round1 = after.json.results.filter((r: { round: number }) => r.round === 1);
      expect(round1).toHaveLength(3);
      const ours = round1.find((r: { ns: number; ew: number }) => r.ns === 1 || r.ew === 1);
      expect(ours.average).toBe(true);
      expect(ours.tricks.NS + ours.tricks.EW).toBe(13);
      expect(round1.filter((r: { average: boolean }) => r.average)).toHaveLength(1);
      // The director's average: half the board's top for both pairs, the top against the two other tables' pairs that played it.
      const mine = after.json.standings.find((s: { pair: number }) => s.pair === 1);
      expect(mine).toMatchObject({ boards: 1, total: 2, top: 4, percent: 50 });
      const opponents = after.json.standings.find((s: { pair: number }) => s.pair === (ours.ns === 1 ? ours.ew : ours.ns));
      expect(opponents).toMatchObject({ boards: 1, total: 2, top: 4, percent: 50 });
    },
    4 * WAIT_LIMIT_MS,
  );

  it(
    'a Mitchell whose boards travel, scored by Knickerbocker: a board shown once all three tables have played it, each direction ranked apart',
    async () => {
      const opened = await post('/duplicate', { tables: 3, movement: 'mitchell', boardsPerRound: 1, scoring: 'knickerbocker' });
      expect(opened.json.movement).toMatchObject({ kind: 'mitchell', pairs: 6, rounds: 3, boards: 3, barometer: false });
      const id = opened.json.id as string;
      const joined = await post(`/duplicate/${id}/pairs`, { players: ['Ivy', 'Jan'] });
      const people: Person[] = [
        { name: 'Ivy', pair: 1, token: joined.json.tokens[0] },
        { name: 'Jan', pair: 1, token: joined.json.tokens[1] },
      ];
      expect((await post(`/duplicate/${id}/start`, {}, opened.json.directorToken)).status).toBe(200);
      const played = await Promise.all(people.map((p) => playEvent(id, p)));
      // Pair 1 sits north–south at table 1 all event, the boards coming to it: 1, 2, 3.
      expect((played[0] as Seen[]).map((s) => [s.board, s.seat])).toEqual([
        [1, 'N'],
        [2, 'N'],
        [3, 'N'],
      ]);
      const end = (await get(`/duplicate/${id}`)).json;
      expect(end.status).toBe('over');
      expect(end.results).toHaveLength(9);
      const reference = knickerbocker(
        end.results.map((r: { board: number; ns: number; ew: number; tricks: unknown; points: unknown }) => ({
          board: r.board,
          ns: String(r.ns),
          ew: String(r.ew),
          tricks: r.tricks,
          points: r.points,
        })),
        { apart: true },
      );
      // North–south's field first, then east–west's, each ranked from 1.
      expect(end.standings.map((s: { pair: number }) => s.pair <= 3)).toEqual([true, true, true, false, false, false]);
      for (const s of end.standings) {
        const ref = reference.standings.find((x) => x.pair === String(s.pair));
        expect({ total: s.total, top: s.top, percent: s.percent, rank: s.rank, tied: s.tied }).toEqual({
          total: ref?.total,
          top: 0,
          percent: null,
          rank: ref?.rank,
          tied: ref?.tied,
        });
      }
      expect(
        mitchell(3, { boardsPerRound: 1 })
          .sittings.filter((s) => s.ns === 1)
          .map((s) => s.boards[0]),
      ).toEqual([1, 2, 3]);
    },
    4 * WAIT_LIMIT_MS,
  );

  it('refuses settings, names, tokens and methods as it must', async () => {
    for (const body of [
      {},
      { tables: 2 },
      { tables: 9 },
      { tables: '3' },
      { tables: 3, movement: 'swiss' },
      { tables: 3, boardsPerRound: 0 },
      { tables: 3, boardsPerRound: 5 },
      { tables: 3, roundMinutes: 0 },
      { tables: 3, scoring: 'imps' },
      { tables: 3, computers: 'yes' },
      { tables: 3, extra: 1 },
      [],
      null,
      '{',
    ]) {
      const r = await post('/duplicate', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code, JSON.stringify(body)).toBe(typeof body === 'string' ? 'INVALID_JSON' : 'INVALID_REQUEST');
    }
    expect((await post('/duplicate', { tables: 3, name: '<b>' })).json.error.code).toBe('INVALID_REQUEST');
    expect((await post('/duplicate', { tables: 3, name: 'x'.repeat(81) })).json.error.code).toBe('INVALID_REQUEST');
    expect((await post('/duplicate', { tables: 3, name: ' Thursday club:  spring (pairs) ' })).json.name).toBe('Thursday club: spring (pairs)');
    expect((await get('/duplicate')).status).toBe(405);
    expect((await get('/duplicate/nope')).status).toBe(404);
    expect((await get('/duplicate/bad$id')).status).toBe(404);
    const opened = await post('/duplicate', { tables: 3, computers: false, scoring: 'knickerbocker', movement: 'mitchell' });
    expect(opened.status).toBe(201);
    expect(opened.json.movement).toMatchObject({ kind: 'mitchell', pairs: 6, barometer: false });
    const id = opened.json.id as string;
    for (const players of [['Ann'], ['Ann', 'Ann'], ['Ann', ''], ['Ann', 'x'.repeat(500)], 'Ann']) {
      const r = await post(`/duplicate/${id}/pairs`, { players });
      expect(r.status, JSON.stringify(players)).toBeGreaterThanOrEqual(400);
      expect(['INVALID_REQUEST', 'INVALID_NAME', 'NAME_TAKEN']).toContain(r.json.error.code);
    }
    const ann = await post(`/duplicate/${id}/pairs`, { players: ['Ann', 'Ben'] });
    expect(ann.status).toBe(201);
    expect((await post(`/duplicate/${id}/pairs`, { players: ['Cid', 'Dan'] })).json.pair).toBe(2);
    // Without computer players the event starts only full.
    expect((await post(`/duplicate/${id}/start`, {}, opened.json.directorToken)).json.error.code).toBe('EVENT_NOT_FULL');
    expect((await post(`/duplicate/${id}/start`, {})).status).toBe(401);
    // The director removes a pair; no one else can.
    expect((await request(server.url, 'DELETE', `/duplicate/${id}/pairs/1`, { token: ann.json.tokens[0] })).json.error.code).toBe('NOT_DIRECTOR');
    const removed = await request(server.url, 'DELETE', `/duplicate/${id}/pairs/1`, { token: opened.json.directorToken });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(removed.json.pairs.map((p: { players: string[] }) => p.players)).toEqual([['Cid', 'Dan']]);
    expect((await request(server.url, 'DELETE', `/duplicate/${id}/pairs/5`, { token: opened.json.directorToken })).status).toBe(404);
    expect((await get(`/duplicate/${id}`)).json).toMatchObject({ status: 'open', director: false, you: null, spectators: false });
  });
});
