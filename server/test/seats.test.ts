/**
 * Who sits at a table, over HTTP against one server (PGlite in memory): names and rules chosen when the
 * table is opened, seats given to computer players, a person who drops and the computer player who stands
 * in until they come back, and spectators who read and follow a table but never act.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, clientAction, type HandEntry, heuristicPlayer, newTable, parseTable, type Seat, type TableState, tableView } from 'whist';
import { cardsOf, playsAndEvents } from '../../test/log-parts.js';
import type { StoredTable } from '../src/db/base.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { type EventSubscription, follow, type Reply, request } from './support/http.js';
import { SEATS } from './support/players.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

let store: SqlStore;
let server: RunningServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  server = await startServer({ port: 0, tokenRate: 500, computerDelayMs: 0 }, { store, log: { info: (m) => logged.push(m), error: (m) => logged.push(m) } });
  base = server.url;
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

async function open(body: unknown): Promise<Reply> {
  return request(base, 'POST', '/tables', { body: JSON.stringify(body) });
}

async function row(id: string): Promise<StoredTable> {
  const r = await store.read(id);
  if (r === null) throw new Error(`no table ${id}`);
  return r;
}

function stored(r: StoredTable): TableState {
  const t = parseTable(r.doc);
  if (!t.ok) throw new Error(`table ${r.id} does not parse: ${t.error.code}`);
  return t.value;
}

/** What a seat (or a spectator) sees of a table, read with a token. */
async function see(id: string, token: string): Promise<Reply> {
  const r = await request(base, 'GET', `/tables/${id}`, { token });
  expect(r.status).toBe(200);
  return r;
}

/** Plays the seat's heuristic card, naming the version it read. */
async function playAs(id: string, token: string): Promise<Reply> {
  const seen = await see(id, token);
  const card = heuristicPlayer(seen.json.view.hand);
  return request(base, 'POST', `/tables/${id}/actions`, { token, body: JSON.stringify({ type: 'play', card, version: seen.json.version }) });
}

/** Each seat's statuses as the latest `seats` event on a stream gave them. */
function seatsFollower(id: string, token: string): { sub: EventSubscription; seats: () => Record<Seat, { status: string; standIn?: true }> | null } {
  let latest: Record<Seat, { status: string; standIn?: true }> | null = null;
  const sub = follow(
    base,
    `/tables/${id}/events`,
    token,
    (e) => {
      if (e.event === 'seats') latest = JSON.parse(e.data).seats;
    },
    () => {},
  );
  return { sub, seats: () => latest };
}

/**
 * Checks every card of the stored table against the library: each card a computer seat played is
 * `heuristicPlayer`'s choice on that seat's view at that point.
 */
function checkComputerPlays(table: TableState, options: { players?: string[]; seed: number }, computers: (seat: Seat, at: number) => boolean): number {
  let mirror = (() => {
    const t = newTable(table.rules, options);
    if (!t.ok) throw new Error(t.error.message);
    const dealt = apply(t.value, { type: 'deal' });
    if (!dealt.ok) throw new Error(dealt.error.message);
    return dealt.value;
  })();
  let checked = 0;
  const entry = table.log[0];
  if (entry === undefined || entry.type !== 'hand') throw new Error('no hand');
  const plays = cardsOf(entry);
  plays.forEach((card, at) => {
    const v = tableView(mirror, null);
    if (!v.ok || v.value.next.action !== 'play') throw new Error('the mirror does not wait for a play');
    const seat = v.value.next.seat;
    if (computers(seat, at)) {
      const own = tableView(mirror, seat);
      if (!own.ok || own.value.hand === null) throw new Error('no view');
      expect(card).toBe(heuristicPlayer(own.value.hand));
      checked++;
    }
    const action = clientAction({ type: 'play', card }, seat);
    if (!action.ok) throw new Error(action.error.message);
    const next = apply(mirror, action.value);
    if (!next.ok) throw new Error(next.error.message);
    mirror = next.value;
  });
  return checked;
}

describe('opening a table: players, rules, computer players', () => {
  it('names and rules come from the request; a computer seat has no token', async () => {
    const r = await open({ rules: 'long', players: ['ann', 'bob', 'cy', 'di'], computers: ['cy'], seed: 11 });
    expect(r.status).toBe(201);
    const seats = r.json.seats as Record<Seat, { player: string; token?: string; computer?: true }>;
    expect(SEATS.map((s) => seats[s].player).sort()).toEqual(['ann', 'bob', 'cy', 'di']);
    const cy = SEATS.find((s) => seats[s].player === 'cy') as Seat;
    expect(seats[cy]).toEqual({ player: 'cy', computer: true });
    const person = SEATS.find((s) => s !== cy) as Seat;
    const seen = await see(r.json.id, seats[person].token as string);
    expect(seen.json.view.rules.name).toBe('long');
    expect(seen.json.view.players[cy]).toBe('cy');
    expect(seen.json.seats[cy]).toEqual({ player: 'cy', status: 'computer' });
    // No one has followed the table yet: the people's seats are empty.
    expect(seen.json.seats[person]).toEqual({ player: seats[person].player, status: 'empty' });
    expect((await row(r.json.id)).computers).toEqual([cy]);
  });

  it('refuses computers that are not players, and stand-in delays that are not whole seconds', async () => {
    const refused = [
      { players: ['a', 'b', 'c', 'd'], computers: ['e'] },
      { computers: ['north'] },
      { computers: ['N', 'N'] },
      { computers: 'N' },
      { standInAfterSeconds: -1 },
      { standInAfterSeconds: 1.5 },
      { standInAfterSeconds: '30' },
      { rules: 'bridge' },
    ];
    for (const body of refused) {
      const r = await open(body);
      expect([JSON.stringify(body), r.status, r.json.error.code]).toEqual([JSON.stringify(body), 400, 'INVALID_REQUEST']);
    }
    const r = await open({ computers: ['N', 'S'], standInAfterSeconds: 5 });
    expect(r.status).toBe(201);
    expect(r.json.standInAfterSeconds).toBe(5);
    expect(r.json.seats.N).toEqual({ player: 'N', computer: true });
    expect(typeof r.json.seats.E.token).toBe('string');
  });

  it('computer players play their seats at once, through the same compare-and-set, each card heuristicPlayer’s', async () => {
    const players = ['ann', 'bob', 'cy', 'di'];
    const r = await open({ rules: 'short', players, computers: ['bob', 'cy', 'di'], seed: 3 });
    const person = SEATS.find((s) => r.json.seats[s].token !== undefined) as Seat;
    const token = r.json.seats[person].token as string;
    // One person plays a whole hand against three computer players (who may claim the last tricks: the person accepts).
    let mine = 0;
    for (;;) {
      let seen = await see(r.json.id, token);
      await waitFor('the computer players to reach the person’s turn or answer, or the hand’s end', async () => {
        seen = await see(r.json.id, token);
        const v = seen.json.view;
        return (v.next.action === 'play' && v.next.seat === person) || (v.next.action === 'answerClaim' && v.next.seats.includes(person)) || v.hands.length > 0;
      });
      if (seen.json.view.hands.length > 0) break;
      if (seen.json.view.next.action === 'answerClaim') {
        const answered = await request(base, 'POST', `/tables/${r.json.id}/actions`, { token, body: JSON.stringify({ type: 'acceptClaim' }) });
        expect(answered.status).toBe(200);
        continue;
      }
      const played = await playAs(r.json.id, token);
      expect(played.status).toBe(200);
      mine++;
    }
    const table = stored(await row(r.json.id));
    const entry = table.log[0];
    if (entry === undefined || entry.type !== 'hand') throw new Error('no hand');
    const cards = cardsOf(entry).length;
    // Played to the end, or ended by a claim the other side accepted.
    if (cards < 52) expect(playsAndEvents(entry).events.map((e) => e.type)).toEqual(['claim', 'acceptClaim', 'acceptClaim']);
    else expect(mine).toBe(13);
    expect(checkComputerPlays(table, { players, seed: 3 }, (seat) => seat !== person)).toBe(cards - mine);
    expect(logged.filter((m) => m.includes('computer player'))).toEqual([]);
  });
});

describe('giving a seat no one is at to a computer player', () => {
  it('an empty seat is given by any seat (a seat someone is at, or a spectator, is refused), and taken back by its person', async () => {
    const r = await open({ rules: 'short', seed: 17 });
    const id = r.json.id as string;
    const token = (s: Seat) => r.json.seats[s].token as string;
    const give = (by: string, body: unknown) => request(base, 'POST', `/tables/${id}/computers`, { token: by, body: JSON.stringify(body) });
    const first = (await see(id, token('N'))).json.view.next.seat as Seat;
    const others = SEATS.filter((s) => s !== first);
    // Three people follow the table; the seat to play has no one.
    const subs = others.map((s) => seatsFollower(id, token(s)));
    await Promise.all(subs.map((x) => x.sub.opened));
    await waitFor('the three to be connected', async () => {
      const seats = (await see(id, token(others[0] as Seat))).json.seats;
      return others.every((s) => seats[s].status === 'connected');
    });
    const taken = await give(token(others[0] as Seat), { seat: others[1] });
    expect([taken.status, taken.json.error.code]).toEqual([409, 'SEAT_TAKEN']);
    for (const body of [{}, { seat: 'X' }, { seat: 'N', computer: true }, []]) {
      const bad = await give(token('N'), body);
      expect([bad.status, bad.json.error.code]).toEqual([400, 'INVALID_REQUEST']);
    }
    const watching = await give(r.json.spectator, { seat: first });
    expect([watching.status, watching.json.error.code]).toEqual([403, 'SPECTATOR_CANNOT_ACT']);
    expect((await row(id)).version).toBe(1);

    // The empty seat is given; its turn is played at once, and everyone hears who holds it.
    const given = await give(token(others[0] as Seat), { seat: first });
    expect(given.status).toBe(200);
    expect(given.json.seats[first]).toEqual({ player: first, status: 'computer' });
    await waitFor('the computer player to play the given seat’s turn', async () => (await row(id)).version > 1);
    await waitFor('the others to hear the seat is a computer player’s', () => subs.every((x) => x.seats()?.[first]?.status === 'computer'));
    expect((await row(id)).computers).toEqual([first]);
    expect(checkComputerPlays(stored(await row(id)), { seed: 17 }, (seat, at) => seat === first && at === 0)).toBe(1);
    const again = await give(token(others[0] as Seat), { seat: first });
    expect([again.status, again.json.error.code]).toEqual([409, 'SEAT_TAKEN']);

    // The seat's person comes with its link: the seat is theirs again, and everyone hears it.
    const back = seatsFollower(id, token(first));
    await back.sub.opened;
    await waitFor('the seat to be given back to its person', async () => !(await row(id)).computers?.includes(first));
    await waitFor('everyone to hear the person is back', () => [...subs, back].every((x) => x.seats()?.[first]?.status === 'connected'));
    // A seat given to a computer player when the table was opened has no token anyone holds: it stays.
    const opened = await open({ rules: 'short', seed: 18, computers: ['E'] });
    expect(opened.json.seats.E).toEqual({ player: 'E', computer: true });
    back.sub.close();
    for (const x of subs) x.sub.close();
  });
});

describe('a person who drops, and comes back', () => {
  it('is away, then a computer player stands in, and the seat is theirs again once their stream is back', async () => {
    const r = await open({ rules: 'short', seed: 9, standInAfterSeconds: 1 });
    const id = r.json.id as string;
    const token = (s: Seat) => r.json.seats[s].token as string;
    const followers = Object.fromEntries(SEATS.map((s) => [s, seatsFollower(id, token(s))])) as Record<Seat, ReturnType<typeof seatsFollower>>;
    await Promise.all(SEATS.map((s) => followers[s].sub.opened));
    const first = (await see(id, token('N'))).json.view.next.seat as Seat;
    const watcher = SEATS.find((s) => s !== first) as Seat;
    const status = (s: Seat) => followers[watcher].seats()?.[s];
    await waitFor('every seat to be connected', () => SEATS.every((s) => status(s)?.status === 'connected'));
    expect((await see(id, token(watcher))).json.seats[first]).toEqual({ player: first, status: 'connected' });

    // The seat whose turn it is drops: away at once, then a computer player stands in and plays its card.
    followers[first].sub.close();
    await waitFor('the dropped seat to be shown away', () => status(first)?.status === 'away' || status(first)?.status === 'computer');
    await waitFor('a computer player to stand in', () => status(first)?.status === 'computer' && status(first)?.standIn === true);
    await waitFor('the stand-in to play the dropped seat’s card', async () => (await row(id)).version > 1);
    const afterStandIn = stored(await row(id));
    expect(checkComputerPlays(afterStandIn, { seed: 9 }, (seat, at) => seat === first && at === 0)).toBe(1);

    // The others play on; the stand-in plays the dropped seat's turns.
    const playOthersUntil = async (done: () => Promise<boolean>) => {
      for (;;) {
        if (await done()) return;
        const seen = await see(id, token(watcher));
        const next = seen.json.view.next;
        if (next.action !== 'play') throw new Error('the hand ended');
        if (next.seat === first) {
          const v = seen.json.version;
          await waitFor('the dropped seat’s turn to be played', async () => (await row(id)).version > v || (await done()));
          continue;
        }
        const played = await playAs(id, token(next.seat));
        expect(played.status).toBe(200);
      }
    };
    let standInPlays = 0;
    await playOthersUntil(async () => {
      const t = stored(await row(id));
      const entry = t.log[0] as HandEntry;
      standInPlays = checkComputerPlays(t, { seed: 9 }, (seat) => seat === first);
      return cardsOf(entry).length >= 9;
    });
    expect(standInPlays).toBeGreaterThanOrEqual(2);

    // The person opens the link again: connected, and the next turn of the seat waits for them.
    const back = seatsFollower(id, token(first));
    await back.sub.opened;
    await waitFor('the seat to be connected again', () => status(first)?.status === 'connected');
    const seenBack = await see(id, token(first));
    expect(seenBack.json.seats[first]).toEqual({ player: first, status: 'connected' });
    const isTheirTurn = async () => {
      const v = (await see(id, token(watcher))).json.view.next;
      return v.action === 'play' && v.seat === first;
    };
    await playOthersUntil(isTheirTurn);
    // Their own card, at the version they read: no computer player took the turn meanwhile.
    const mine = await playAs(id, token(first));
    expect(mine.status).toBe(200);
    back.sub.close();
    for (const s of SEATS) followers[s].sub.close();
  });
});

describe('spectators', () => {
  it('read and follow the spectator view, never act, and count as no seat', async () => {
    const r = await open({ rules: 'american', players: ['ann', 'bob', 'cy', 'di'], seed: 5 });
    const id = r.json.id as string;
    const watch = r.json.spectator as string;
    const seen = await see(id, watch);
    expect(seen.json.seat).toBe(null);
    expect(seen.json.view.viewer).toBe(null);
    const table = stored(await row(id));
    expect(seen.json.view).toEqual(JSON.parse(JSON.stringify(tableView(table, null).ok ? (tableView(table, null) as { value: unknown }).value : null)));
    // No seat's cards: the spectator's hand holds none (the cut for partners, drawn face up, is public).
    const hand = JSON.stringify(seen.json.view.hand);
    expect(seen.json.view.hand.cards).toEqual([]);
    for (const s of SEATS) {
      const own = tableView(table, s);
      if (!own.ok || own.value.hand === null) throw new Error('no view');
      for (const card of own.value.hand.cards) if (card !== own.value.hand.trumpCard) expect(hand).not.toContain(`"${card}"`);
    }
    // A spectator cannot act, in any form.
    const before = await row(id);
    const next = seen.json.view.next;
    const seatToken = r.json.seats[next.seat].token as string;
    const legal = (await see(id, seatToken)).json.view.hand.legalMoves[0];
    for (const body of [{ type: 'play', card: legal }, { type: 'play', card: legal, version: before.version }, { type: 'newRubber' }]) {
      const a = await request(base, 'POST', `/tables/${id}/actions`, { token: watch, body: JSON.stringify(body) });
      expect([a.status, a.json.error.code]).toEqual([403, 'SPECTATOR_CANNOT_ACT']);
    }
    expect(await row(id)).toEqual(before);
    // The spectator's token holds no seat at another table.
    const other = await open({});
    const refused = await request(base, 'GET', `/tables/${other.json.id}`, { token: watch });
    expect([refused.status, refused.json.error.code]).toEqual([401, 'UNAUTHORIZED']);

    // A spectator follows the table: versions and seats, without becoming anyone.
    const versions: number[] = [];
    let seats: Record<Seat, { status: string }> | null = null;
    const sub = follow(
      base,
      `/tables/${id}/events`,
      watch,
      (e) => {
        if (e.event === 'version') versions.push(JSON.parse(e.data).version);
        if (e.event === 'seats') seats = JSON.parse(e.data).seats;
      },
      () => {},
    );
    await sub.opened;
    await waitFor('the spectator’s first events', () => versions.length > 0 && seats !== null);
    expect(SEATS.map((s) => (seats as unknown as Record<Seat, { status: string }>)[s].status)).toEqual(['empty', 'empty', 'empty', 'empty']);
    const played = await request(base, 'POST', `/tables/${id}/actions`, { token: seatToken, body: JSON.stringify({ type: 'play', card: legal }) });
    expect(played.status).toBe(200);
    await waitFor('the spectator to hear the play', () => versions.includes(before.version + 1));
    expect((await see(id, watch)).json.view.hand.trick.cards).toEqual([legal]);
    sub.close();
  });
});
