/**
 * Hostile clients, end to end over loopback: one server (PGlite in memory), four scripted seats playing a
 * whole rubber through HTTP, and along the way every kind of hostile request the contract names. After
 * each one, the stored document and version must be byte for byte what they were, except for exactly one
 * of twenty concurrent copies of a legal play. No reply may hold another seat's cards, the PRNG state, or
 * another token.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  cardsHeld,
  currentHand,
  FULL_DECK,
  heuristicPlayer,
  legalMoves,
  parseTable,
  type Seat,
  type TableState,
  tableView,
  visibleTrumpCard,
} from 'whist';
import { hashToken } from '../src/auth.js';
import type { StoredTable } from '../src/db/base.js';
import type { Driver } from '../src/db/sql.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { storedDocument, Tables } from '../src/tables.js';
import { follow, type Reply, request } from './support/http.js';
import { type OpenedTable, SEATS } from './support/players.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

let driver: Driver;
let store: SqlStore;
let server: RunningServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  driver = await memoryDriver();
  store = new SqlStore(driver);
  await store.migrate();
  server = await startServer({ port: 0, tokenRate: 500 }, { store, log: { info: (m) => logged.push(m), error: (m) => logged.push(m) } });
  base = server.url;
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

// ---------------------------------------------------------------------------------------------------
// Bookkeeping: every reply is tallied by kind and checked for leaks.

/** kind → "status code" → count */
const tally = new Map<string, Map<string, number>>();
const order: string[] = [];
/** Every reply, with what its caller could see: its seat, and the tables at the versions around it. */
const replies: Array<{ kind: string; seat: Seat | null; text: string; tables: TableState[]; table: string; sent?: string }> = [];
const tokens = new Set<string>();

function count(kind: string, reply: Reply): void {
  let byOutcome = tally.get(kind);
  if (byOutcome === undefined) {
    byOutcome = new Map();
    tally.set(kind, byOutcome);
    order.push(kind);
  }
  const outcome = `${reply.status} ${reply.json?.error?.code ?? ''}`.trim();
  byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
}

async function read(id: string): Promise<StoredTable> {
  const row = await store.read(id);
  if (row === null) throw new Error(`no table ${id}`);
  return row;
}

function parsed(row: StoredTable): TableState {
  const t = parseTable(storedDocument(row));
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** The server's deal after a change, as the server does it. */
function withDeal(table: TableState): TableState {
  const v = tableView(table, null);
  if (v.ok && v.value.next.action === 'deal') {
    const d = apply(table, { type: 'deal' });
    if (d.ok) return d.value;
  }
  return table;
}

/** A hostile request: sent, tallied, and the table must not have changed at all. */
async function hostile(
  kind: string,
  table: OpenedTable,
  seat: Seat | null,
  method: string,
  path: string,
  options: Parameters<typeof request>[3],
  expected: { status: number; code?: string },
): Promise<Reply> {
  const before = await read(table.id);
  const reply = await request(base, method, path, options);
  count(kind, reply);
  const sent = options?.body === undefined ? '' : typeof options.body === 'string' ? options.body : options.body.subarray(0, 100_000).toString();
  replies.push({ kind, seat, text: reply.text, tables: [parsed(before)], table: table.id, sent });
  const after = await read(table.id);
  expect({ kind, version: after.version, same: after.doc === before.doc }).toEqual({ kind, version: before.version, same: true });
  expect({ kind, status: reply.status, code: reply.json?.error?.code }).toEqual({ kind, status: expected.status, code: expected.code });
  expect(Object.keys(reply.json ?? {})).toEqual(['error']);
  expect(Object.keys(reply.json.error).sort()).toEqual(['code', 'message']);
  return reply;
}

/** The cards a seat may not see in a table: the others' cards in hand, but for a trump card lying face up. */
function hiddenFrom(table: TableState, seat: Seat | null): Set<string> {
  const hand = currentHand(table);
  const hidden = new Set<string>();
  if (hand === null) return hidden;
  for (const s of SEATS) if (s !== seat) for (const c of cardsHeld(hand, s)) hidden.add(c);
  const faceUp = visibleTrumpCard(hand);
  if (faceUp !== null) hidden.delete(faceUp);
  return hidden;
}

function leaves(value: unknown, out: { strings: string[]; numbers: number[]; keys: string[] }): void {
  if (typeof value === 'string') out.strings.push(value);
  else if (typeof value === 'number') out.numbers.push(value);
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.keys.push(k);
      // The cut for partners is drawn face up from its own pack: public, and not the deal.
      if (k !== 'cut') leaves(v, out);
    }
}

function checkNoLeak(r: (typeof replies)[number], ownToken: string | null): void {
  const out = { strings: [] as string[], numbers: [] as number[], keys: [] as string[] };
  let json: unknown;
  try {
    json = JSON.parse(r.text);
  } catch {
    json = r.text;
  }
  leaves(json, out);
  // Cards hidden at every version the reply could have been made at.
  const sets = r.tables.map((t) => hiddenFrom(t, r.seat));
  const hidden = new Set([...(sets[0] ?? [])].filter((c) => sets.every((h) => h.has(c))));
  // Before a hand's first trick, the view's last trick is the previous hand's thirteenth: public cards,
  // which may be held again in the new deal.
  const view = (json as { view?: { lastTrick?: { cards: string[] } | null; hand?: { tricks: unknown[] } | null } } | null)?.view;
  if (view?.hand?.tricks.length === 0) for (const card of view.lastTrick?.cards ?? []) hidden.delete(card);
  for (const s of out.strings) {
    expect(hidden.has(s) && !(r.sent ?? '').includes(`"${s}"`), `${r.kind}: another seat's card ${s} in ${r.text.slice(0, 200)}`).toBe(false);
    // A message may repeat the card the request named ("S does not hold AS"): that tells the caller nothing.
    // The library's messages give a fixed example card ('card must be a card such as "QH"').
    for (const word of s.replace(/such as "QH"/g, '').match(/\b[2-9TJQKA][SHDC]\b/g) ?? [])
      expect(hidden.has(word) && !(r.sent ?? '').includes(word), `${r.kind}: ${word} in a message`).toBe(false);
  }
  expect(out.keys).not.toContain('random');
  expect(out.keys).not.toContain('deal');
  const secret = new Set(r.tables.flatMap((t) => t.random.s));
  for (const n of out.numbers) if (n > 1000) expect(secret.has(n), `${r.kind}: a PRNG word in a reply`).toBe(false);
  for (const t of r.tables) for (const entry of t.log) if (entry.type === 'hand') expect(r.text).not.toContain(entry.deal);
  for (const token of tokens) if (token !== ownToken) expect(r.text).not.toContain(token);
}

function printTally(): void {
  const lines = ['hostile requests by kind, and what each got:'];
  let total = 0;
  for (const kind of order) {
    const outcomes = tally.get(kind) as Map<string, number>;
    const n = [...outcomes.values()].reduce((a, b) => a + b, 0);
    total += n;
    lines.push(`  ${kind.padEnd(58)} ${String(n).padStart(3)}  → ${[...outcomes].map(([o, k]) => `${o} ×${k}`).join(', ')}`);
  }
  lines.push(`  ${'total'.padEnd(58)} ${String(total).padStart(3)}`);
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------------

describe('hostile clients against one server', () => {
  it('play a complete rubber through HTTP while every hostile request is refused and changes nothing', async () => {
    const open = async (body: unknown): Promise<OpenedTable> => {
      const r = await request(base, 'POST', '/tables', { body: JSON.stringify(body) });
      expect(r.status).toBe(201);
      for (const s of SEATS) tokens.add(r.json.seats[s].token);
      return r.json as OpenedTable;
    };
    const table = await open({ rules: 'short', players: ['ann', 'bob', 'cy', 'di'], seed: 20261123 });
    const other = await open({});
    const tokenOf = (s: Seat): string => table.seats[s].token;
    const actions = `/tables/${table.id}/actions`;

    // The four seats follow the table's events from the start.
    const events: Record<Seat, number[]> = { N: [], E: [], S: [], W: [] };
    const streams = SEATS.map((s) =>
      follow(
        base,
        `/tables/${table.id}/events`,
        tokenOf(s),
        (e) => {
          const data = JSON.parse(e.data);
          if (e.event === 'seats') {
            // Who is at the table: names and statuses only, never a token.
            expect(Object.keys(data)).toEqual(['seats']);
            for (const seat of SEATS) expect(Object.keys(data.seats[seat]).sort()).toEqual(['player', 'status']);
            return;
          }
          expect(e.event).toBe('version');
          expect(Object.keys(data).sort()).toEqual(['next', 'version']);
          expect(e.id).toBe(String(data.version));
          events[s].push(data.version);
        },
        () => {},
      ),
    );
    await Promise.all(streams.map((s) => s.opened));

    const post = (seat: Seat | null, body: unknown, extra: Parameters<typeof request>[3] = {}) => ({
      ...(seat === null ? {} : { token: tokenOf(seat) }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...extra,
    });

    // Requests that need no particular moment.
    const start = await read(table.id);
    const first = parsed(start);
    const turn = (tableView(first, null) as { value: { next: { seat: Seat } } }).value.next.seat;
    const hand0 = currentHand(first);
    if (hand0 === null) throw new Error('no hand dealt');
    const legal = legalMoves(hand0)[0] as string;
    const waiting = SEATS.find((s) => s !== turn) as Seat;
    const ownCard = cardsHeld(hand0, waiting)[0] as string;
    const othersCard = cardsHeld(hand0, turn)[0] as string;

    await hostile('missing token: GET table', table, null, 'GET', `/tables/${table.id}`, {}, { status: 401, code: 'UNAUTHORIZED' });
    await hostile('missing token: play', table, null, 'POST', actions, post(null, { type: 'play', card: legal }), { status: 401, code: 'UNAUTHORIZED' });
    await hostile('missing token: events', table, null, 'GET', `/tables/${table.id}/events`, {}, { status: 401, code: 'UNAUTHORIZED' });
    const wrong = 'A'.repeat(43);
    await hostile(
      'wrong token: play',
      table,
      null,
      'POST',
      actions,
      { token: wrong, body: JSON.stringify({ type: 'play', card: legal }) },
      { status: 401, code: 'UNAUTHORIZED' },
    );
    await hostile(
      'wrong token: malformed bearer',
      table,
      null,
      'GET',
      `/tables/${table.id}`,
      { headers: { authorization: 'Bearer x' } },
      { status: 401, code: 'UNAUTHORIZED' },
    );
    await hostile('wrong token: events', table, null, 'GET', `/tables/${table.id}/events`, { token: wrong }, { status: 401, code: 'UNAUTHORIZED' });
    await hostile('wrong token: token in the body', table, null, 'POST', actions, post(null, { type: 'play', card: legal, token: tokenOf(turn) }), {
      status: 401,
      code: 'UNAUTHORIZED',
    });
    for (const s of SEATS)
      await hostile(
        "other table's token: play",
        table,
        null,
        'POST',
        actions,
        { token: other.seats[s].token, body: JSON.stringify({ type: 'play', card: legal }) },
        { status: 401, code: 'UNAUTHORIZED' },
      );
    await hostile(
      "other table's token: GET table",
      table,
      null,
      'GET',
      `/tables/${table.id}`,
      { token: other.seats.N.token },
      { status: 401, code: 'UNAUTHORIZED' },
    );
    await hostile(
      "other table's token: events",
      table,
      null,
      'GET',
      `/tables/${table.id}/events`,
      { token: other.seats.N.token },
      { status: 401, code: 'UNAUTHORIZED' },
    );
    await hostile('unknown table', table, turn, 'POST', '/tables/nosuchtable/actions', post(turn, { type: 'play', card: legal }), {
      status: 404,
      code: 'TABLE_NOT_FOUND',
    });

    await hostile('card held by another seat', table, turn, 'POST', actions, post(turn, { type: 'play', card: cardsHeld(hand0, waiting).find((c) => c) }), {
      status: 422,
      code: 'CARD_NOT_IN_HAND',
    });
    for (const card of ['1S', 'ZZ', 'as', 'AS ', '', '10H', 'A♠'])
      await hostile('card not in the pack', table, turn, 'POST', actions, post(turn, { type: 'play', card }), { status: 422, code: 'INVALID_CARD' });
    await hostile('play out of turn', table, waiting, 'POST', actions, post(waiting, { type: 'play', card: ownCard }), { status: 422, code: 'NOT_YOUR_TURN' });
    await hostile('play out of turn', table, waiting, 'POST', actions, post(waiting, { type: 'play', card: othersCard }), {
      status: 422,
      code: 'NOT_YOUR_TURN',
    });

    for (const text of ['{"type":"play",', 'not json', '{"type":"play","card":"AS"}}', '\u0000', 'null', '[]', '"play"', '42'])
      await hostile(
        'garbage JSON',
        table,
        turn,
        'POST',
        actions,
        post(turn, text),
        text === 'null' || text === '[]' || text === '"play"' || text === '42'
          ? { status: 400, code: 'INVALID_REQUEST' }
          : { status: 400, code: 'INVALID_JSON' },
      );
    await hostile(
      'garbage JSON: not UTF-8',
      table,
      turn,
      'POST',
      actions,
      { token: tokenOf(turn), body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) },
      { status: 400, code: 'INVALID_JSON' },
    );
    await hostile('garbage JSON: 8,000 nested arrays', table, turn, 'POST', actions, post(turn, '['.repeat(8000) + ']'.repeat(8000)), {
      status: 400,
      code: 'INVALID_REQUEST',
    });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, { card: legal }), { status: 400, code: 'INVALID_REQUEST' });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, { type: 'play' }), { status: 400, code: 'INVALID_REQUEST' });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, { type: 'play', card: 5 }), { status: 400, code: 'INVALID_REQUEST' });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, { type: ['play'], card: legal }), {
      status: 400,
      code: 'INVALID_REQUEST',
    });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, { type: 'play', card: legal, version: '1' }), {
      status: 400,
      code: 'INVALID_REQUEST',
    });
    await hostile('missing or ill-typed field', table, turn, 'POST', actions, post(turn, ''), { status: 400, code: 'INVALID_REQUEST' });

    const tenMB = Buffer.alloc(10 * 1024 * 1024, 0x20);
    tenMB.write('{"type":"play","card":"AS","pad":"');
    await hostile('10 MB body (content-length)', table, turn, 'POST', actions, { token: tokenOf(turn), body: tenMB }, { status: 413, code: 'BODY_TOO_LARGE' });
    await hostile(
      '10 MB body (chunked)',
      table,
      turn,
      'POST',
      actions,
      { token: tokenOf(turn), body: tenMB, chunked: true },
      { status: 413, code: 'BODY_TOO_LARGE' },
    );
    await hostile('10 MB body (no token)', table, null, 'POST', actions, { body: tenMB }, { status: 413, code: 'BODY_TOO_LARGE' });
    await hostile('body just over 16 KB', table, turn, 'POST', actions, post(turn, JSON.stringify({ type: 'play', card: legal, pad: 'x'.repeat(16 * 1024) })), {
      status: 413,
      code: 'BODY_TOO_LARGE',
    });

    for (const text of [
      `{"__proto__":{"type":"deal"},"type":"play","card":"${legal}"}`,
      `{"type":"play","card":"${legal}","__proto__":{"seat":"${waiting}"}}`,
      `{"type":"play","card":"${legal}","constructor":{"prototype":{"seat":"${waiting}"}}}`,
      `{"__proto__":{"type":"play","card":"${legal}"}}`,
    ])
      await hostile(
        '__proto__ body',
        table,
        turn,
        'POST',
        actions,
        post(turn, text),
        text.startsWith('{"__proto__":{"type":"play"') ? { status: 400, code: 'INVALID_REQUEST' } : { status: 422, code: 'INVALID_ACTION' },
      );
    expect(({} as Record<string, unknown>).seat).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();

    await hostile('forged deal action', table, turn, 'POST', actions, post(turn, { type: 'deal' }), { status: 422, code: 'INVALID_ACTION' });
    await hostile('forged deck', table, turn, 'POST', actions, post(turn, { type: 'deal', deck: FULL_DECK }), { status: 422, code: 'INVALID_ACTION' });
    await hostile('forged deck', table, turn, 'POST', actions, post(turn, { type: 'play', card: legal, deck: FULL_DECK }), {
      status: 422,
      code: 'INVALID_ACTION',
    });
    await hostile('forged seat in the body', table, waiting, 'POST', actions, post(waiting, { type: 'play', card: legal, seat: turn }), {
      status: 422,
      code: 'INVALID_ACTION',
    });
    await hostile('new rubber before the rubber is over', table, turn, 'POST', actions, post(turn, { type: 'newRubber' }), {
      status: 422,
      code: 'INVALID_ACTION',
    });
    await hostile('stale version', table, turn, 'POST', actions, post(turn, { type: 'play', card: legal, version: start.version + 1 }), {
      status: 409,
      code: 'STALE_VERSION',
    });

    // The rubber, play by play, with hostility where a moment allows it.
    let plays = 0;
    let revokes = 0;
    let racesWithout = 0;
    let racesWith = 0;
    for (;;) {
      const row = await read(table.id);
      const t = parsed(row);
      const next = (tableView(t, null) as { value: { next: { action: string; seat?: Seat } } }).value.next;
      if (next.action === 'newRubber') break;
      expect(next.action).toBe('play');
      const seat = next.seat as Seat;
      const hand = currentHand(t);
      if (hand === null) throw new Error('no hand');

      if (plays > 0) {
        // A stale version: the one before.
        if (plays % 50 === 0)
          await hostile('stale version', table, seat, 'POST', actions, post(seat, { type: 'play', card: legalMoves(hand)[0], version: row.version - 1 }), {
            status: 409,
            code: 'STALE_VERSION',
          });
        // A revoke: the suit led is held, and another suit is played.
        const moves = legalMoves(hand);
        const held = cardsHeld(hand, seat);
        const offSuit = held.find((c) => !moves.includes(c));
        if (offSuit !== undefined && revokes < 6) {
          revokes++;
          await hostile('revoke', table, seat, 'POST', actions, post(seat, { type: 'play', card: offSuit }), { status: 422, code: 'MUST_FOLLOW_SUIT' });
        }
        // Someone else's card, and a play out of turn, now and then.
        const idle = SEATS.find((s) => s !== seat && cardsHeld(hand, s).length > 0);
        if (plays % 37 === 0 && idle !== undefined) {
          await hostile('card held by another seat', table, seat, 'POST', actions, post(seat, { type: 'play', card: cardsHeld(hand, idle)[0] }), {
            status: 422,
            code: 'CARD_NOT_IN_HAND',
          });
          await hostile('play out of turn', table, idle, 'POST', actions, post(idle, { type: 'play', card: cardsHeld(hand, idle)[0] }), {
            status: 422,
            code: 'NOT_YOUR_TURN',
          });
        }
      }

      // The seat reads its own view and plays the heuristic card.
      const seen = await request(base, 'GET', `/tables/${table.id}`, { token: tokenOf(seat) });
      expect(seen.status).toBe(200);
      expect(Object.keys(seen.json).sort()).toEqual(['seat', 'seats', 'version', 'view']);
      expect(seen.json.seats[seat].status).toBe('connected');
      expect(seen.json.seat).toBe(seat);
      expect(seen.json.version).toBe(row.version);
      replies.push({ kind: 'view', seat, text: seen.text, tables: [t], table: table.id });
      const card = heuristicPlayer(seen.json.view.hand);
      const expected = JSON.stringify(withDeal((apply(t, { type: 'play', seat, card }) as { value: TableState }).value));

      // The last card of the first hand: the copy that wins also deals the next hand, in the same compare-and-set.
      const handEnds = hand.plays.length === 51 * 3 - 1 && racesWithout < 2;
      if (handEnds || plays === 7) {
        // Twenty concurrent copies of the same legal play, without a version: one is applied, the others are refused by the rules.
        racesWithout++;
        const copies = await Promise.all(Array.from({ length: 20 }, () => request(base, 'POST', actions, post(seat, { type: 'play', card }))));
        for (const c of copies) {
          count('20 concurrent copies of a legal play (no version)', c);
          replies.push({ kind: 'copies', seat, text: c.text, tables: [t, parsed(await read(table.id))], table: table.id });
        }
        expect(copies.filter((c) => c.status === 200)).toHaveLength(1);
        for (const c of copies) if (c.status !== 200) expect([422, 409]).toContain(c.status);
      } else if (plays === 20 || plays === 100) {
        // The same with the version the seat saw: one is applied, the others are stale.
        racesWith++;
        const copies = await Promise.all(
          Array.from({ length: 20 }, () => request(base, 'POST', actions, post(seat, { type: 'play', card, version: row.version }))),
        );
        for (const c of copies) {
          count('20 concurrent copies of a legal play (with version)', c);
          replies.push({ kind: 'copies', seat, text: c.text, tables: [t, parsed(await read(table.id))], table: table.id });
        }
        expect(copies.filter((c) => c.status === 200)).toHaveLength(1);
        for (const c of copies) if (c.status !== 200) expect(c.json.error.code).toBe('STALE_VERSION');
      } else {
        const r = await request(base, 'POST', actions, post(seat, { type: 'play', card, version: row.version }));
        expect(r.status, r.text).toBe(200);
        expect(r.json.version).toBe(row.version + 1);
        replies.push({ kind: 'play', seat, text: r.text, tables: [t, parsed(await read(table.id))], table: table.id });
      }
      const after = await read(table.id);
      expect(after.version).toBe(row.version + 1);
      expect(after.doc).toBe(expected);
      plays++;
    }

    // The rubber is over: every seat's view says so, and a new rubber may start (and is dealt at once).
    const end = await read(table.id);
    const over = await request(base, 'GET', `/tables/${table.id}`, { token: tokenOf('E') });
    expect(over.json.view.rubberWinner).not.toBeNull();
    expect(over.json.view.next).toEqual({ action: 'newRubber' });
    await hostile('play after the rubber is over', table, 'E', 'POST', actions, post('E', { type: 'play', card: 'AS' }), {
      status: 422,
      code: 'INVALID_ACTION',
    });

    // A flood from one token (to a process limiting each token to 1 request a second, bursts of 2, so that
    // however slowly the machine sends the 80, most are over the limit): the limit answers 429 with
    // retry-after, and nothing changes.
    const strict = await startServer({ port: 0, tokenRate: 1 }, { store, log: { info() {}, error() {} } });
    const flood = await Promise.all(Array.from({ length: 80 }, () => request(strict.url, 'GET', `/tables/${table.id}`, { token: tokenOf('W') })));
    await strict.close();
    for (const r of flood) count('flood: 80 concurrent reads with one token', r);
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    for (const r of flood.filter((r) => r.status === 429)) {
      expect(r.json.error.code).toBe('RATE_LIMITED');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await read(table.id)).doc).toBe(end.doc);

    const renewed = await request(base, 'POST', actions, post('N', { type: 'newRubber', version: end.version }));
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.json.version).toBe(end.version + 1);
    expect(renewed.json.view.next.action).toBe('play');
    expect(renewed.json.view.dealNumber).toBe(over.json.view.dealNumber + 1);
    replies.push({ kind: 'newRubber', seat: 'N', text: renewed.text, tables: [parsed(await read(table.id))], table: table.id });

    // Every seat's stream saw every version, once each, in order.
    const last = end.version + 1;
    await waitFor(`every seat's stream to reach version ${last}`, () => SEATS.every((s) => events[s].at(-1) === last));
    for (const s of SEATS) expect(events[s]).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    for (const s of streams) s.close();

    // No reply held another seat's cards, the PRNG state, or another token.
    for (const r of replies) checkNoLeak(r, r.seat === null || r.table !== table.id ? null : tokenOf(r.seat));

    printTally();
    console.log(
      `the rubber: ${plays} plays, ${revokes} revokes tried, ${racesWithout + racesWith} races of 20 copies, final version ${last}, ${replies.length} replies checked for leaks`,
    );
    expect(revokes).toBeGreaterThan(0);
  }, 300_000);

  it('a corrupted row is reported and refused, never served', async () => {
    const r = await request(base, 'POST', '/tables', { body: '{"seed":5}' });
    const t = r.json as OpenedTable;
    const row = await read(t.id);
    const doc = JSON.parse(row.doc);
    const tampered = [
      JSON.stringify({ ...doc, random: { s: [1, 2, 3, 4] } }), // another PRNG: the deal no longer matches
      JSON.stringify({ ...doc, log: [{ ...doc.log[0], plays: 'AS' }] }), // a play the seat could not make (or not its card)
      '{"v":2,',
    ];
    for (const bad of tampered) {
      // Written as a new version, as any write is: a process keeps the tables it checked by id and version.
      await driver.query('UPDATE whist_tables SET doc = $2, version = version + 1 WHERE id = $1', [t.id, bad]);
      logged.length = 0;
      for (const [method, path, body] of [
        ['GET', `/tables/${t.id}`, undefined],
        ['POST', `/tables/${t.id}/actions`, JSON.stringify({ type: 'play', card: 'AS' })],
        ['GET', `/tables/${t.id}/events`, undefined],
      ] as const) {
        const reply = await request(base, method, path, { token: t.seats.N.token, ...(body === undefined ? {} : { body }) });
        expect(reply.status).toBe(500);
        expect(reply.json.error.code).toBe('TABLE_CORRUPTED');
        expect(reply.text).not.toContain(doc.log[0].deal);
      }
      expect(logged.some((m) => m.includes(t.id) && m.includes('corrupted'))).toBe(true);
      expect(logged.join('\n')).not.toContain(doc.log[0].deal);
      expect((await read(t.id)).doc).toBe(bad);
    }
  });
});

describe('the HTTP contract', () => {
  it('POST /tables answers 201 with a token per seat, and stores only their hashes', async () => {
    const r = await request(base, 'POST', '/tables', { body: JSON.stringify({ rules: 'german-long', players: ['a', 'b', 'c', 'd'] }) });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(['id', 'seats', 'spectator', 'standInAfterSeconds']);
    expect(r.json.standInAfterSeconds).toBe(30);
    expect(r.json.spectator).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(r.json.seats).sort()).toEqual(['E', 'N', 'S', 'W']);
    const row = await read(r.json.id);
    expect(row.watchHash).toBe(hashToken(r.json.spectator));
    expect(JSON.stringify(await driver.query('SELECT * FROM whist_tables WHERE id = $1', [r.json.id]))).not.toContain(r.json.spectator);
    const all = SEATS.map((s) => r.json.seats[s].token as string);
    expect(new Set(all).size).toBe(4);
    for (const s of SEATS) {
      const token = r.json.seats[s].token as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(row.tokenHashes[s]).toBe(hashToken(token));
      const stored = JSON.stringify(await driver.query('SELECT * FROM whist_tables WHERE id = $1', [r.json.id]));
      expect(stored).not.toContain(token);
    }
    expect(['a', 'b', 'c', 'd']).toEqual(SEATS.map((s) => r.json.seats[s].player).sort());
    const seen = await request(base, 'GET', `/tables/${r.json.id}`, { token: r.json.seats.S.token });
    expect(seen.json.view.rules.name).toBe('german-long');
    expect(seen.json.view.hand.cards).toHaveLength(13);
    expect(seen.json.view.next.action).toBe('play');
  });

  it('POST /tables refuses what is not the documented body', async () => {
    const cases: Array<[string, number, string]> = [
      ['{"rules":"bridge"}', 400, 'INVALID_REQUEST'],
      ['{"rules":5}', 400, 'INVALID_REQUEST'],
      ['{"players":["a","b","c"]}', 400, 'INVALID_REQUEST'],
      ['{"players":"abcd"}', 400, 'INVALID_REQUEST'],
      ['{"players":[1,2,3,4]}', 400, 'INVALID_REQUEST'],
      ['{"players":["a","a","b","c"]}', 422, 'INVALID_PLAYERS'],
      ['{"players":["","b","c","d"]}', 422, 'INVALID_PLAYERS'],
      ['{"seed":"7"}', 400, 'INVALID_REQUEST'],
      ['{"random":{"s":[1,2,3,4]}}', 400, 'INVALID_REQUEST'],
      ['{"__proto__":{"seed":1}}', 400, 'INVALID_REQUEST'],
      ['{"dealer":"N"}', 400, 'INVALID_REQUEST'],
      ['[1]', 400, 'INVALID_REQUEST'],
      ['{', 400, 'INVALID_JSON'],
    ];
    for (const [body, status, code] of cases) {
      const r = await request(base, 'POST', '/tables', { body });
      expect({ body, status: r.status, code: r.json?.error?.code }).toEqual({ body, status, code });
    }
    const big = await request(base, 'POST', '/tables', { body: Buffer.alloc(20_000, 0x20) });
    expect(big.status).toBe(413);
  });

  it('a server may refuse client-chosen seeds', async () => {
    const strict = await startServer({ port: 0, allowSeed: false }, { store, log: { info() {}, error() {} } });
    try {
      const refused = await request(strict.url, 'POST', '/tables', { body: '{"seed":1}' });
      expect([refused.status, refused.json.error.code]).toEqual([422, 'SEED_NOT_ALLOWED']);
      expect((await request(strict.url, 'POST', '/tables', { body: '{}' })).status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it("a server may deal every hand from the CSPRNG instead of the table's PRNG", async () => {
    const fresh = await startServer({ port: 0, deals: 'crypto', tokenRate: 0 }, { store, log: { info() {}, error() {} } });
    try {
      const t = (await request(fresh.url, 'POST', '/tables', { body: '{"seed":3}' })).json as OpenedTable;
      // A whole hand through HTTP: the last card deals the next hand, afresh.
      for (let i = 0; i < 52; i++) {
        const any = await request(fresh.url, 'GET', `/tables/${t.id}`, { token: t.seats.N.token });
        const seat = any.json.view.next.seat as Seat;
        const own = await request(fresh.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
        const r = await request(fresh.url, 'POST', `/tables/${t.id}/actions`, {
          token: t.seats[seat].token,
          body: JSON.stringify({ type: 'play', card: own.json.view.hand.legalMoves[0], version: own.json.version }),
        });
        expect(r.status).toBe(200);
      }
      const table = parsed(await read(t.id));
      expect(table.log.map((e) => e.type === 'hand' && e.shuffled)).toEqual([false, false]);
      // Not the deals the seed would have given.
      const seeded = (await request(base, 'POST', '/tables', { body: '{"seed":3}' })).json as OpenedTable;
      expect((parsed(await read(seeded.id)).log[0] as { deal: string }).deal).not.toBe((table.log[0] as { deal: string }).deal);
    } finally {
      await fresh.close();
    }
  });

  it('a play naming a version newer than the row read before its body arrived is judged against the newer row', async () => {
    const tables = new Tables(store, { info() {}, error() {} });
    const created = await tables.create({ rules: 'short', seed: 9 });
    const stale = await read(created.id);
    const first = currentHand(parsed(stale));
    if (first === null) throw new Error('no hand');
    const lead = legalMoves(first)[0] as string;
    const seat = (tableView(parsed(stale), null) as { value: { next: { seat: Seat } } }).value.next.seat;
    await tables.act(stale, seat, { body: { type: 'play', card: lead }, version: 1 });
    const now = parsed(await read(created.id));
    const next = (tableView(now, null) as { value: { next: { seat: Seat } } }).value.next.seat;
    const reply = legalMoves(currentHand(now) as NonNullable<ReturnType<typeof currentHand>>)[0] as string;
    // Handed the row of version 1, with a body naming version 2: played at version 2.
    const seen = await tables.act(stale, next, { body: { type: 'play', card: reply }, version: 2 });
    expect(seen.version).toBe(3);
  });

  it('a browser origin may be allowed: preflight and answers carry the CORS headers', async () => {
    const open = await startServer({ port: 0, corsOrigin: 'https://cards.example' }, { store, log: { info() {}, error() {} } });
    try {
      const pre = await request(open.url, 'OPTIONS', '/tables/abc/actions');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://cards.example');
      expect(pre.headers['access-control-allow-methods']).toBe('POST');
      expect(pre.headers['access-control-allow-headers']).toContain('authorization');
      const health = await request(open.url, 'GET', '/health');
      expect(health.headers['access-control-allow-origin']).toBe('https://cards.example');
      expect((await request(base, 'GET', '/health')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('GET /health, unknown routes and methods', async () => {
    expect((await request(base, 'GET', '/health')).json).toEqual({ status: 'ok' });
    const missing = await request(base, 'GET', '/nowhere');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'NOT_FOUND']);
    const method = await request(base, 'DELETE', '/tables');
    expect([method.status, method.json.error.code, method.headers.allow]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
    const unknown = await request(base, 'GET', '/tables/abc', { token: 'B'.repeat(43) });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'TABLE_NOT_FOUND']);
  });

  it('a request target the URL parser refuses (GET //[) is a 400, never a 500 or a stack trace', async () => {
    const { rawConnection, readRaw } = await import('./support/http.js');
    logged.length = 0;
    const ask = async (target: string) => {
      const socket = rawConnection(base, `GET ${target} HTTP/1.1\r\nHost: whist\r\n\r\n`);
      try {
        const r = await readRaw(socket);
        return `${r.status} ${JSON.parse(r.body).error?.code ?? JSON.parse(r.body).status}`;
      } finally {
        socket.destroy();
      }
    };
    const got = Object.fromEntries(
      await Promise.all(
        ['//[', '//[/tables', '//evil.example/health', '//', '/tables/%ff', '/%ff', '/health?x=%', 'http://whist/health', '/tables/[/events'].map(
          async (t) => [t, await ask(t)] as const,
        ),
      ),
    );
    expect(got).toEqual({
      '//[': '400 INVALID_REQUEST',
      '//[/tables': '400 INVALID_REQUEST',
      '//evil.example/health': '400 INVALID_REQUEST',
      '//': '400 INVALID_REQUEST',
      '/tables/%ff': '404 NOT_FOUND',
      '/%ff': '404 NOT_FOUND',
      '/health?x=%': '200 ok',
      'http://whist/health': '200 ok',
      '/tables/[/events': '404 NOT_FOUND',
    });
    console.log(
      `request targets: ${Object.entries(got)
        .map(([t, r]) => `${t} → ${r}`)
        .join(', ')}`,
    );
    expect(logged.filter((l) => /internal error|"level":"error"|at .*\.ts:\d+/.test(l))).toEqual([]);
    expect((await request(base, 'GET', '/health')).status).toBe(200);
  });

  it('events: the token may come as ?token=, and one token holds at most four streams per process', async () => {
    const t = (await request(base, 'POST', '/tables', { body: '{}' })).json as OpenedTable;
    const open = server.hub.size;
    const got: string[] = [];
    const subs = Array.from({ length: 4 }, () =>
      follow(
        base,
        `/tables/${t.id}/events?token=${t.seats.E.token}`,
        undefined,
        (e) => {
          if (e.event === 'version') got.push(e.data);
        },
        () => {},
      ),
    );
    await Promise.all(subs.map((s) => s.opened));
    const fifth = follow(
      base,
      `/tables/${t.id}/events`,
      t.seats.E.token,
      () => {},
      () => {},
    );
    await expect(fifth.opened).rejects.toThrow(/^429/);
    for (const s of subs) s.close();
    expect(got.map((d) => JSON.parse(d).version)).toEqual([1, 1, 1, 1]);
    await waitFor('the closed streams to leave the hub', () => server.hub.size <= open);
    expect(server.hub.size).toBe(open);
  });
});
