/**
 * The daily challenge over HTTP: two people play the day's boards South with computer players, each board
 * at a table of its own dealt as the day's board holds it (the seed read back from the store, the boards
 * dealt again here), and each is ranked against the other by matchpoints; the computer players' own result
 * and the field's beside each board; names, tokens, methods and the order of boards refused as they must be.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BySide, heuristicPlayer, type Seat, SHORT_WHIST } from 'whist';
import { boardHand, boardResultOf, dealBoards, matchpoints } from 'whist/duplicate';
import { computerPlayOn } from 'whist/solver';
import { hashToken } from '../src/auth.js';
import { readConfig } from '../src/config.js';
import { dayOf } from '../src/daily.js';
import type { Driver } from '../src/db/driver.js';
import type { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { client, type Reply, request } from './support/http.js';
import { memoryStore } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

const BOARDS = 2;
let driver: Driver;
let store: SqlStore;
let server: RunningServer;

beforeAll(async () => {
  ({ driver, store } = await memoryStore());
  server = await startServer(
    { port: 0, tokenRate: 1000, addressRate: 1000, computerDelayMs: 0, dailyBoards: BOARDS },
    { store, log: { info: () => {}, error: () => {} } },
  );
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

const { get, post } = client(() => server.url);

interface Played {
  readonly tricks: BySide;
  readonly cardsAtStart: readonly string[];
  readonly dealer: Seat;
  /** The turn where South played another card than the computer players would have, if asked to: its trick, the card, the computers'. */
  readonly differed: { readonly trick: number; readonly played: string; readonly computers: string } | null;
}

/**
 * Plays the person's seat (South) of a board's table to the hand's end with the heuristic player (the
 * computer players' own card at the server's level), the computer players the rest; with `differ`, South's
 * first turn with a choice plays another card.
 */
async function playBoard(tableId: string, token: string, differ = false): Promise<Played> {
  let first: { cards: string[]; dealer: Seat } | null = null;
  let differed: Played['differed'] = null;
  let seen = 0;
  // An action on the version read; a computer player's that came first (its partner answering the same claim) makes it stale, and the table is read again.
  const act = async (body: unknown) => {
    const r = await post(`/tables/${tableId}/actions`, body, token);
    if (r.status !== 409 || r.json.error.code !== 'STALE_VERSION') expect(r.status, JSON.stringify(r.json)).toBe(200);
  };
  for (;;) {
    let reply: Reply | undefined;
    await waitFor(`table ${tableId} to move past version ${seen}`, async () => {
      reply = await get(`/tables/${tableId}`, token);
      return reply.status === 200 && reply.json.version > seen;
    });
    const { version, view } = (reply as Reply).json;
    seen = version;
    first ??= { cards: [...view.hand.cards], dealer: view.hand.dealer };
    const next = view.next;
    if (next.action === 'deal') return { tricks: view.hands.at(-1).tricks, cardsAtStart: first.cards, dealer: first.dealer, differed };
    if (next.action === 'play' && next.seat === 'S') {
      const computers = heuristicPlayer(view.hand);
      const other: string | undefined = differ && differed === null ? view.hand.legalMoves.find((c: string) => c !== computers) : undefined;
      if (other !== undefined) differed = { trick: view.hand.tricks.length + 1, played: other, computers };
      await act({ type: 'play', card: other ?? computers, version });
      seen = 0;
    } else if (next.action === 'answerClaim' && next.seats.includes('S')) {
      await act({ type: 'acceptClaim', version });
      seen = 0;
    }
  }
}

describe('the daily challenge', () => {
  it("two people play the day's boards with computer players, each board as the day's seed deals it, and are ranked against each other", async () => {
    const today = await get('/daily');
    expect(today.status).toBe(200);
    expect(today.json).toEqual({ day: dayOf(Date.now()), boards: BOARDS, level: 'heuristic', rules: 'short', ranking: [] });
    const day = await store.daily.day(today.json.day, 'not this seed: the day has one', BOARDS, 'heuristic');
    const boards = dealBoards(SHORT_WHIST, { seed: day.seed, count: BOARDS });

    const ada = await post('/daily/entries', { name: 'Ada' });
    expect(ada.status, JSON.stringify(ada.json)).toBe(201);
    expect(ada.json).toMatchObject({ name: 'Ada', day: day.day, boards: BOARDS, board: 1, boardOver: false, results: [], total: { rank: null, of: 0 } });
    const bob = await post('/daily/entries', { name: 'Bob' });
    expect(bob.status).toBe(201);
    // One entry a name a day, whatever its case.
    expect((await post('/daily/entries', { name: 'ada' })).json.error.code).toBe('NAME_TAKEN');

    const people = [
      { name: 'Ada', id: ada.json.id as string, token: ada.json.token as string, table: ada.json.table.id as string },
      { name: 'Bob', id: bob.json.id as string, token: bob.json.token as string, table: bob.json.table.id as string },
    ];
    // Not before the board is over.
    expect((await post(`/daily/entries/${people[0]?.id}/next`, {}, people[0]?.token)).json.error.code).toBe('BOARD_NOT_OVER');

    const tricks: Record<string, BySide[]> = { Ada: [], Bob: [] };
    for (let number = 1; number <= BOARDS; number++) {
      const board = boards[number - 1];
      if (board === undefined) throw new Error(`no board ${number}`);
      for (const p of people) {
        // Bob plays another card than the computer players would, once a board; Ada plays as they do.
        const played = await playBoard(p.table, p.token, p.name === 'Bob');
        // The table dealt the day's board: its dealer, and South's cards as the board holds them.
        expect(played.dealer).toBe(board.dealer);
        expect([...played.cardsAtStart].sort()).toEqual([...board.cards.S].sort());
        tricks[p.name]?.push(played.tricks);
        // The table plays that one hand: it deals no other.
        const after = await get(`/tables/${p.table}`, p.token);
        expect(after.json.view.hands).toHaveLength(1);
        expect(after.json.view.next.action).toBe('deal');
        expect((await get(`/daily/entries/${p.id}`, p.token)).json.boardOver).toBe(true);
        const moved = await post(`/daily/entries/${p.id}/next`, {}, p.token);
        expect(moved.status, JSON.stringify(moved.json)).toBe(200);
        expect(moved.json.results).toHaveLength(number);
        expect(moved.json.results[number - 1]).toMatchObject({ board: number, tricks: played.tricks });
        // Where the person's card differed from the computer players' from the same view: that one turn, or none.
        expect(moved.json.results[number - 1].differs).toEqual(played.differed === null ? [] : [played.differed]);
        expect(moved.json.boardOver).toBe(false);
        if (number < BOARDS) {
          expect(moved.json.board).toBe(number + 1);
          expect(moved.json.table.id).not.toBe(p.table);
          p.table = moved.json.table.id;
        } else expect([moved.json.board, moved.json.table]).toEqual([null, null]);
      }
    }

    // Beside each board: the board played by four computer players at the day's level, and the other person's tricks.
    const seen = await get(`/daily/entries/${people[0]?.id}`, people[0]?.token);
    expect(seen.status).toBe(200);
    for (const [i, result] of (seen.json.results as Array<{ board: number; computers: { tricks: BySide }; field: number[] }>).entries()) {
      const start = boardHand(SHORT_WHIST, boards[i] as (typeof boards)[number]);
      if (!start.ok) throw new Error(start.error.message);
      const seed = Number.parseInt(day.seed.slice(0, 8), 16) ^ result.board;
      const computers = boardResultOf(SHORT_WHIST, result.board, { ns: 'c', ew: 'd' }, computerPlayOn(start.value, { level: 'heuristic', seed }));
      expect(result.computers.tricks).toEqual(computers.tricks);
      expect(result.field).toEqual([tricks.Bob?.[i]?.NS]);
    }

    // The ranking: matchpoints of the two against each other, as the library scores them.
    const expected = matchpoints(
      people.flatMap((p) =>
        (tricks[p.name] ?? []).map((t, i) => ({ board: i + 1, ns: p.name, ew: `${p.name} (computers)`, tricks: t, points: { NS: 0, EW: 0 } })),
      ),
      { apart: true },
    ).standings.filter((s) => s.direction === 'NS');
    const ranking = (await get('/daily')).json.ranking as Array<{ name: string; percent: number; rank: number; boards: number }>;
    expect(ranking.map((r) => [r.name, r.percent, r.rank, r.boards])).toEqual(expected.map((s) => [s.pair, s.percent, s.rank, BOARDS]));
    expect((ranking[0]?.percent ?? 0) + (ranking[1]?.percent ?? 0)).toBe(100);
    expect(seen.json.total).toMatchObject({ of: 2, rank: expected.find((s) => s.pair === 'Ada')?.rank });

    // Every board played: no next one.
    expect((await post(`/daily/entries/${people[0]?.id}/next`, {}, people[0]?.token)).json.error.code).toBe('DAILY_OVER');
    // The table row says it plays one hand.
    expect((await store.read(people[0]?.table as string))?.oneHand).toBe(true);
  }, 120_000);

  it('reads WHIST_DAILY_BOARDS, refuses anything but 0 to 32, and 0 turns the challenge off', async () => {
    expect(readConfig({}).dailyBoards).toBe(20);
    expect(readConfig({ WHIST_DAILY_BOARDS: '5' }).dailyBoards).toBe(5);
    expect(readConfig({ WHIST_DAILY_BOARDS: '0' }).dailyBoards).toBe(0);
    for (const bad of ['33', '-1', '1.5', 'x', '1e1']) expect(() => readConfig({ WHIST_DAILY_BOARDS: bad }), bad).toThrow(/WHIST_DAILY_BOARDS/);
    const off = await startServer({ port: 0, dailyBoards: 0 }, { store, log: { info: () => {}, error: () => {} } });
    try {
      expect((await request(off.url, 'GET', '/daily')).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('refuses bad names and bodies, other tokens, unknown entries and wrong methods, and answers throughout', async () => {
    const code = async (r: Promise<Reply>) => {
      const reply = await r;
      return `${reply.status} ${reply.json?.error?.code ?? ''}`;
    };
    expect(await code(post('/daily/entries', { name: '' }))).toBe('400 INVALID_NAME');
    expect(await code(post('/daily/entries', { name: '<b>x</b>' }))).toBe('400 INVALID_NAME');
    expect(await code(post('/daily/entries', { name: 'x'.repeat(200) }))).toBe('400 INVALID_NAME');
    expect(await code(post('/daily/entries', { name: 'Cy', seat: 'N' }))).toBe('400 INVALID_REQUEST');
    expect(await code(post('/daily/entries', '[1]'))).toBe('400 INVALID_REQUEST');
    expect(await code(post('/daily/entries', '{'))).toBe('400 INVALID_JSON');
    const cy = await post('/daily/entries', { name: 'Cy' });
    const di = await post('/daily/entries', { name: 'Di' });
    expect(await code(get(`/daily/entries/${cy.json.id}`, di.json.token))).toBe('401 UNAUTHORIZED');
    expect(await code(get(`/daily/entries/${cy.json.id}`))).toBe('401 UNAUTHORIZED');
    expect(await code(get(`/daily/entries/${'0'.repeat(22)}`, cy.json.token))).toBe('404 NOT_FOUND');
    expect(await code(get('/daily/entries/..%2f', cy.json.token))).toBe('404 NOT_FOUND');
    expect(await code(post('/daily', {}))).toBe('405 METHOD_NOT_ALLOWED');
    expect(await code(get('/daily/entries'))).toBe('405 METHOD_NOT_ALLOWED');
    expect(await code(request(server.url, 'DELETE', `/daily/entries/${cy.json.id}`, { token: cy.json.token }))).toBe('405 METHOD_NOT_ALLOWED');
    // The entry's token is South's at its table, and no other seat's.
    const table = await get(`/tables/${cy.json.table.id}`, cy.json.token);
    expect(table.json.seat).toBe('S');
    expect(table.json.seats.N).toMatchObject({ player: 'Computer 1', status: 'computer' });
    // A person named as a computer player: the computer player there is told apart from them.
    const named = await post('/daily/entries', { name: 'computer 1' });
    const at = await get(`/tables/${named.json.table.id}`, named.json.token);
    expect([at.json.seat, at.json.seats.S.player, at.json.seats.N.player, at.json.seats.N.status]).toEqual([
      'S',
      'computer 1',
      'Computer 1 (computer)',
      'computer',
    ]);
    expect((await get('/health')).status).toBe(200);
  });

  it('a day and its entries go with the abandoned retention, and the next request begins the day again', async () => {
    // The server's own store: its sweep, as every process runs it.
    const day = (await get('/daily')).json.day as string;
    const sweeper = store;
    const before = await sweeper.daily.day('2000-01-01', 'a', 1, 'heuristic');
    expect(
      await sweeper.daily.enter({
        id: 'g'.repeat(22),
        day: before.day,
        name: 'Old',
        tokenHash: hashToken('g'.repeat(43)),
        board: 1,
        tableId: null,
        results: '[]',
      }),
    ).toBe(true);
    const today = await sweeper.daily.day(day, 'b', 1, 'heuristic');
    expect(await sweeper.daily.sweep(3600)).toBe(0);
    // The old day begun two days ago: swept with its entry; today's kept.
    await driver.query("UPDATE whist_daily SET created_at = now() - interval '2 days' WHERE day = '2000-01-01'", []);
    // The store's sweep, as every process runs it, sweeps the days too.
    await sweeper.sweep({ finishedSeconds: 0, abandonedSeconds: 3600, openingsWindowSeconds: 0 });
    expect(await driver.query("SELECT day FROM whist_daily WHERE day = '2000-01-01'", [])).toEqual([]);
    expect(await sweeper.daily.entry('g'.repeat(22))).toBeNull();
    expect((await sweeper.daily.day(day, 'c', 1, 'heuristic')).seed).toBe(today.seed);
  });

  it("opens the board's table of an entry written without one (a process that stopped in between), once", async () => {
    const today = (await get('/daily')).json.day as string;
    const token = 'e'.repeat(43);
    const id = 'f'.repeat(22);
    expect(await store.daily.enter({ id, day: today, name: 'Eve', tokenHash: hashToken(token), board: 1, tableId: null, results: '[]' })).toBe(true);
    const [a, b] = await Promise.all([get(`/daily/entries/${id}`, token), get(`/daily/entries/${id}`, token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const kept = await store.daily.entry(id);
    expect(kept?.tableId).not.toBeNull();
    expect([a.json.table.id, b.json.table.id]).toEqual([kept?.tableId, kept?.tableId]);
    expect((await get(`/tables/${kept?.tableId}`, token)).json.seat).toBe('S');
  });
});
