/**
 * A seat whose player's stream dropped a moment ago (a reload) is `away`, and cannot be given to a computer
 * player by an opponent before the table's stand-in delay: `409 SEAT_AWAY` with `Retry-After`, the table left
 * as it was; the player who comes back within it finds the seat theirs. An empty seat is given at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { type EventSubscription, follow, request } from './support/http.js';
import { SEATS } from './support/players.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

type Seat = 'N' | 'E' | 'S' | 'W';
let store: SqlStore;
let server: RunningServer;

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  server = await startServer({ port: 0, tokenRate: 0, addressRate: 0, tablesPerAddress: 0, computerDelayMs: 0 }, { store, log: { info() {}, error() {} } });
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

function stream(id: string, token: string): EventSubscription {
  return follow(
    server.url,
    `/tables/${id}/events`,
    token,
    () => {},
    () => {},
  );
}

describe('giving a seat to a computer player', () => {
  it("refuses a seat away for less than the table's stand-in delay (SEAT_AWAY, Retry-After), and leaves the table as it was; the player comes back to it", async () => {
    const opened = await request(server.url, 'POST', '/tables', { body: JSON.stringify({ seed: 21, standInAfterSeconds: 60 }) });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;
    const token = (s: Seat) => opened.json.seats[s].token as string;
    const see = async () => (await request(server.url, 'GET', `/tables/${id}`, { token: token('N') })).json;
    const subs = Object.fromEntries(SEATS.map((s) => [s, stream(id, token(s))])) as Record<Seat, EventSubscription>;
    await Promise.all(SEATS.map((s) => subs[s].opened));
    await waitFor('every seat to be connected', async () => Object.values((await see()).seats).every((x) => (x as { status: string }).status === 'connected'));
    const before = await see();
    const mover = before.view.next.seat as Seat;
    const opponent = SEATS.find((s) => s !== mover && (SEATS.indexOf(s) - SEATS.indexOf(mover)) % 2 !== 0) as Seat;

    // The player to move reloads: their stream drops, and the seat is away.
    subs[mover].close();
    await waitFor('the seat to be away', async () => (await see()).seats[mover].status === 'away');
    const given = await request(server.url, 'POST', `/tables/${id}/computers`, { token: token(opponent), body: JSON.stringify({ seat: mover }) });
    expect([given.status, given.json.error?.code]).toEqual([409, 'SEAT_AWAY']);
    const wait = Number(given.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const after = await see();
    expect(after.version).toBe(before.version);
    expect(after.seats[mover]).toEqual({ player: mover, status: 'away' });

    // Back within the delay: the seat is theirs, and they play their card.
    subs[mover] = stream(id, token(mover));
    await subs[mover].opened;
    await waitFor('the seat to be connected again', async () => (await see()).seats[mover].status === 'connected');
    const own = await request(server.url, 'GET', `/tables/${id}`, { token: token(mover) });
    const played = await request(server.url, 'POST', `/tables/${id}/actions`, {
      token: token(mover),
      body: JSON.stringify({ type: 'play', card: own.json.view.playable[0] }),
    });
    expect(played.status).toBe(200);
    for (const s of SEATS) subs[s].close();
  });
});
