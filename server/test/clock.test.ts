/**
 * Turn clocks (clock.ts): a table opened with one shows each person's time left beside the view; when it
 * runs out, a computer player acts for the person, who takes the seat back with their next action; while a
 * claim waits for its answer, no card's clock runs. Waits are for what the server says, never for a time.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from 'whist';
import { type RunningServer, startServer } from '../src/server.js';
import { follow, type Reply, request } from './support/http.js';
import { waitFor } from './support/wait.js';

let server: RunningServer;
const closers: (() => void)[] = [];

beforeAll(async () => {
  server = await startServer(
    { port: 0, tokenRate: 0, addressRate: 0, tablesPerAddress: 0, computerDelayMs: 0, pgliteImage: process.env.WHIST_PGLITE_IMAGE },
    { log: { info() {}, error() {} } },
  );
});

afterAll(async () => {
  for (const close of closers) close();
  await server?.close();
});

interface Opened {
  id: string;
  seats: Record<Seat, { token?: string }>;
  spectator: string;
  clock?: { card: number; decision: number };
}

async function open(body: unknown): Promise<Opened> {
  const r = await request(server.url, 'POST', '/tables', { body: JSON.stringify(body) });
  expect(r.status, r.text).toBe(201);
  return r.json as Opened;
}

function see(t: Opened, token: string): Promise<Reply> {
  return request(server.url, 'GET', `/tables/${t.id}`, { token });
}

function act(t: Opened, seat: Seat, body: unknown): Promise<Reply> {
  return request(server.url, 'POST', `/tables/${t.id}/actions`, { token: t.seats[seat].token as string, body: JSON.stringify(body) });
}

/** Follows a seat's event stream (the person is at the table) until the test ends, or until the returned function is called. */
async function join(t: Opened, seat: Seat): Promise<() => void> {
  const sub = follow(
    server.url,
    `/tables/${t.id}/events`,
    t.seats[seat].token,
    () => {},
    () => {},
  );
  closers.push(() => sub.close());
  await sub.opened;
  await waitFor(`${seat} to be connected`, async () => (await see(t, t.spectator)).json.seats[seat].status === 'connected');
  return () => sub.close();
}

describe('opening a table with a turn clock', () => {
  it('refuses a clock that is not whole seconds within the bounds, with 400 INVALID_REQUEST', async () => {
    for (const clock of [
      30,
      { card: 0, decision: 30 },
      { card: 1.5, decision: 30 },
      { card: 30, decision: 3601 },
      { card: '30', decision: 30 },
      { card: 30 },
      { card: 30, decision: 30, extra: 1 },
      null,
    ]) {
      const r = await request(server.url, 'POST', '/tables', { body: JSON.stringify({ clock }) });
      expect([r.status, r.json.error.code], JSON.stringify(clock)).toEqual([400, 'INVALID_REQUEST']);
    }
  });

  it('has none by default; with one, every answer shows the time left of the person the table waits on', async () => {
    const plain = await open({ computers: ['E', 'S', 'W'] });
    expect(plain).not.toHaveProperty('clock');
    expect((await see(plain, plain.spectator)).json).not.toHaveProperty('clock');
    const t = await open({ computers: ['E', 'S', 'W'], clock: { card: 600, decision: 900 } });
    expect(t.clock).toEqual({ card: 600, decision: 900 });
    await waitFor("North's turn", async () => (await see(t, t.spectator)).json.view.next.seat === 'N');
    const seen = (await see(t, t.seats.N.token as string)).json;
    expect(seen.clock).toMatchObject({ card: 600, decision: 900, kind: 'card' });
    expect(Object.keys(seen.clock.left)).toEqual(['N']);
    expect(seen.clock.left.N).toBeGreaterThan(0);
    expect(seen.clock.left.N).toBeLessThanOrEqual(600_000);
    // The spectators see the same clock.
    expect((await see(t, t.spectator)).json.clock.kind).toBe('card');
  });
});

describe('a clock and a reconnect', () => {
  it("starts afresh when the seat's stream opens again", async () => {
    const card = 600;
    const t = await open({ computers: ['E', 'S', 'W'], clock: { card, decision: card } });
    const leave = await join(t, 'N');
    const left = async (): Promise<number> => (await see(t, t.spectator)).json.clock?.left?.N ?? -1;
    await waitFor("North's turn", async () => (await left()) > 0);
    // North's turn has gone on for a second and a half, as the server counts it.
    await waitFor('North to have used a second and a half', async () => (await left()) <= card * 1000 - 1500);
    leave();
    await waitFor('North to be away', async () => (await see(t, t.spectator)).json.seats.N.status === 'away');
    const reopened = Date.now();
    await join(t, 'N');
    // Counted from the stream's opening, not from the turn's start.
    expect(await left()).toBeGreaterThanOrEqual(card * 1000 - (Date.now() - reopened) - 50);
  });
});

describe('a clock that runs out', () => {
  it('gives the seat to a computer player, which plays for the person until their next action takes it back', async () => {
    const t = await open({ computers: ['E', 'S', 'W'], clock: { card: 1, decision: 1 } });
    await join(t, 'N');
    const token = t.seats.N.token as string;
    const held = async () => (await see(t, token)).json.view.hand?.cards.length as number;
    await waitFor("North's turn", async () => (await see(t, t.spectator)).json.view.next.seat === 'N');
    const before = await held();
    // North does nothing: the clock runs out, and a computer player plays North's card.
    await waitFor('a computer player to hold North and play its card', async () => {
      const seen = (await see(t, token)).json;
      return seen.seats.N.status === 'computer' && (seen.view.hand?.cards.length ?? 13) < before;
    });
    // North acts again (here a card, whether or not it is North's turn): the seat is North's once more.
    const seen = (await see(t, token)).json;
    const r = await act(t, 'N', { type: 'play', card: seen.view.hand.cards[0] });
    expect([200, 422]).toContain(r.status);
    expect((await see(t, t.spectator)).json.seats.N.status).toBe('connected');
  });

  it("stops a card's clock while a claim waits for its answer: the answering people's clocks run out first", async () => {
    // East, to lead, claims at once; North and South, people who never came, answer it. East's card clock
    // is the shorter: were it running during the claim, East would be given to a computer player first.
    const t = await open({ computers: ['W'], clock: { card: 2, decision: 4 } });
    const claimed = await act(t, 'E', { type: 'claim', tricks: 13 });
    expect(claimed.status, claimed.text).toBe(200);
    // The decision's clock runs for the people who answer; none for East's card.
    expect(claimed.json.clock?.kind).toBe('decision');
    expect(Object.keys(claimed.json.clock.left).sort()).toEqual(['N', 'S']);
    const given: Seat[] = [];
    await waitFor('the claim to be answered', async () => {
      const seen = (await see(t, t.spectator)).json;
      for (const s of ['N', 'E', 'S'] as const) if (seen.seats[s].status === 'computer' && !given.includes(s)) given.push(s);
      return seen.view.next.action !== 'answerClaim';
    });
    // The answering seats' clocks ran out and computer players answered for them; East kept its seat.
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((s) => s === 'N' || s === 'S')).toBe(true);
  });
});
