/**
 * Turn clocks and decisions (clock.ts): a card's clock paused while a claim is answered resumes with the time
 * it had left, kept in the table's row so that a restart keeps it; an election under the laws (calling an
 * exposed card) is timed like a claim's answer, for the people of the side entitled to it, and when it runs
 * out a computer player makes it; a seat a computer player holds since its person's clock ran out says so
 * (`timedOut`) while the person's page is open, and `POST /tables/:id/seat` gives it back; in Long Whist,
 * honours called (and answered) are the decision of the seat to play, which its computer player makes when the
 * clock runs out, and the card after it is timed as a card again; the lobby's clock
 * is a setting (`WHIST_LOBBY_CLOCK`). Waits are for what the server says, never for a time.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, computerAction, computerTurn, newTableOrThrow, partnerOf, SEATS, type Seat, type TableState, tableViewOrThrow } from 'whist';
import { clockedTurn, lawDecisions } from '../src/clock.js';
import { readConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { tableRules } from '../src/tables.js';
import { follow, type Reply, request } from './support/http.js';
import { freePort, type ServerProcess, spawnServer } from './support/processes.js';
import { waitFor } from './support/wait.js';

let server: RunningServer;
const closers: (() => void)[] = [];
const running: ServerProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'whist-clock-laws-'));

beforeAll(async () => {
  server = await startServer(
    { port: 0, tokenRate: 0, addressRate: 0, tablesPerAddress: 0, computerDelayMs: 0, pgliteImage: process.env.WHIST_PGLITE_IMAGE },
    { log: { info() {}, error() {} } },
  );
});

afterAll(async () => {
  for (const close of closers) close();
  await server?.close();
  await Promise.all(running.map((p) => p.stop().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  id: string;
  seats: Record<Seat, { token?: string }>;
  spectator: string;
}

async function open(base: string, body: unknown): Promise<Opened> {
  const r = await request(base, 'POST', '/tables', { body: JSON.stringify(body) });
  expect(r.status, r.text).toBe(201);
  return r.json as Opened;
}

const see = (base: string, t: Opened, token: string): Promise<Reply> => request(base, 'GET', `/tables/${t.id}`, { token });

const act = (base: string, t: Opened, seat: Seat, body: unknown): Promise<Reply> =>
  request(base, 'POST', `/tables/${t.id}/actions`, { token: t.seats[seat].token as string, body: JSON.stringify(body) });

const CARD_MS = 600_000;

/** East leads the first trick (North deals); waits until East's card clock has run a second and a half, as the server counts it. */
async function eastHasThought(base: string, t: Opened): Promise<void> {
  const seen = (await see(base, t, t.spectator)).json;
  expect(seen.view.next).toEqual({ action: 'play', seat: 'E' });
  await waitFor("East's clock to have run 1.5 s", async () => ((await see(base, t, t.spectator)).json.clock?.left?.E ?? CARD_MS) <= CARD_MS - 1500);
}

describe('a claim answered', () => {
  it("pauses the card's clock, which resumes with the time it had left once play goes on", async () => {
    const t = await open(server.url, { seed: 3, clock: { card: CARD_MS / 1000, decision: 900 } });
    await eastHasThought(server.url, t);
    // East claims every trick: North and South answer it, with the decision's clock.
    const claimed = await act(server.url, t, 'E', { type: 'claim', tricks: 13 });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.clock.kind).toBe('decision');
    expect(Object.keys(claimed.json.clock.left).sort()).toEqual(['N', 'S']);
    // North plays on: East's card clock resumes with what it had left, not in full.
    const refused = await act(server.url, t, 'N', { type: 'refuseClaim' });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json.view.next).toEqual({ action: 'play', seat: 'E' });
    expect(refused.json.clock.kind).toBe('card');
    expect(refused.json.clock.left.E).toBeLessThanOrEqual(CARD_MS - 1500);
    expect(refused.json.clock.left.E).toBeGreaterThan(0);
    // East's card: the next seat's clock is its own, in full.
    const card = (await see(server.url, t, t.seats.E.token as string)).json.view.playable[0] as Card;
    const played = await act(server.url, t, 'E', { type: 'play', card });
    expect(played.status, played.text).toBe(200);
    expect(played.json.clock.left.S).toBeGreaterThan(CARD_MS - 1500);
  });

  it('keeps the time left across a SIGKILL and a restart (it is stored in the row)', async () => {
    const port = await freePort();
    const env = { WHIST_DATA_DIR: dir, WHIST_COMPUTER_DELAY_MS: '0', WHIST_RATE_LIMIT: '0', WHIST_LOG_LEVEL: 'warn' };
    const first = await spawnServer(env, { port });
    running.push(first);
    const t = await open(first.url, { seed: 3, clock: { card: CARD_MS / 1000, decision: 900 } });
    await eastHasThought(first.url, t);
    const claimed = await act(first.url, t, 'E', { type: 'claim', tricks: 13 });
    expect(claimed.status, claimed.text).toBe(200);
    await first.kill();
    const again = await spawnServer(env, { port });
    running.push(again);
    const refused = await act(again.url, t, 'S', { type: 'refuseClaim' });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json.clock.kind).toBe('card');
    expect(refused.json.clock.left.E).toBeLessThanOrEqual(CARD_MS - 1500);
    expect(refused.json.clock.left.E).toBeGreaterThan(0);
    await again.stop();
  }, 240_000);
});

describe('an election under the laws', () => {
  it('is timed like a claim’s answer, for the people of the side entitled to it, and the card’s clock resumes after it', async () => {
    const t = await open(server.url, { seed: 5, laws: true, clock: { card: CARD_MS / 1000, decision: 900 } });
    await eastHasThought(server.url, t);
    // West drops a card face up: North and South may call it.
    const west = (await see(server.url, t, t.seats.W.token as string)).json.view.hand.cards as Card[];
    const dropped = west[0] as Card;
    const exposed = await act(server.url, t, 'W', { type: 'expose', card: dropped });
    expect(exposed.status, exposed.text).toBe(200);
    expect(exposed.json.clock.kind).toBe('decision');
    expect(Object.keys(exposed.json.clock.left).sort()).toEqual(['N', 'S']);
    expect(exposed.json.clock.left.N).toBeLessThanOrEqual(900_000);
    expect(exposed.json.clock.left.N).toBeGreaterThan(CARD_MS);
    // North calls it: East's card clock goes on with what it had left.
    const called = await act(server.url, t, 'N', { type: 'callCard', card: dropped });
    expect(called.status, called.text).toBe(200);
    expect(called.json.clock.kind).toBe('card');
    expect(called.json.clock.left.E).toBeLessThanOrEqual(CARD_MS - 1500);
  });

  it('runs out like any clock: a computer player takes the seat and makes the election', async () => {
    const t = await open(server.url, { seed: 5, laws: true, clock: { card: 600, decision: 1 } });
    const west = (await see(server.url, t, t.seats.W.token as string)).json.view.hand.cards as Card[];
    const dropped = west[0] as Card;
    const exposed = await act(server.url, t, 'W', { type: 'expose', card: dropped });
    expect(exposed.status, exposed.text).toBe(200);
    await waitFor('a computer player to call the exposed card', async () =>
      (await see(server.url, t, t.spectator)).json.view.called.some((c: { seat: Seat; card: Card }) => c.seat === 'W' && c.card === dropped),
    );
    const seats = (await see(server.url, t, t.spectator)).json.seats as Record<Seat, { status: string }>;
    expect([seats.N.status, seats.S.status]).toContain('computer');
    expect([seats.E.status, seats.W.status]).not.toContain('computer');
  });
});

describe('a seat whose clock ran out', () => {
  it('is shown as timed out while its person’s page is open, and POST /tables/:id/seat gives it back', async () => {
    const t = await open(server.url, { computers: ['N', 'S', 'W'], clock: { card: 1, decision: 1 } });
    const sub = follow(
      server.url,
      `/tables/${t.id}/events`,
      t.seats.E.token,
      () => {},
      () => {},
    );
    closers.push(() => sub.close());
    await sub.opened;
    await waitFor("East's clock to run out", async () => (await see(server.url, t, t.spectator)).json.seats.E.status === 'computer');
    expect((await see(server.url, t, t.spectator)).json.seats.E).toMatchObject({ status: 'computer', timedOut: true });
    // A seat given to a computer player when the table was opened is no one's: not timed out.
    expect((await see(server.url, t, t.spectator)).json.seats.N).not.toHaveProperty('timedOut');
    // The spectators hold no seat to take back.
    const watcher = await request(server.url, 'POST', `/tables/${t.id}/seat`, { token: t.spectator });
    expect([watcher.status, watcher.json.error.code]).toEqual([403, 'SPECTATOR_CANNOT_ACT']);
    const back = await request(server.url, 'POST', `/tables/${t.id}/seat`, { token: t.seats.E.token as string });
    expect(back.status, back.text).toBe(200);
    expect(back.json.seats.E).toEqual({ player: 'E', status: 'connected' });
    // Again: nothing to give back, the same answer.
    const twice = await request(server.url, 'POST', `/tables/${t.id}/seat`, { token: t.seats.E.token as string });
    expect(twice.json.seats.E.status).toBe('connected');
  });
});

describe('honours in Long Whist under the laws', () => {
  /** One step of four computer players: an election or a call first (any seat), else the card or answer of the seat to play. */
  function step(t: TableState, answer = true): TableState {
    const next = tableViewOrThrow(t, null).next;
    if (next.action === 'deal') return applyOrThrow(t, { type: 'deal' });
    for (const seat of SEATS) {
      const turn = computerTurn(tableViewOrThrow(t, seat));
      if (turn?.kind === 'action' && (answer || turn.action.type !== 'answerCall')) return applyOrThrow(t, turn.action);
    }
    // The seat to play (or, for anything else, the first seat that acts): never another seat's answer out of turn.
    for (const seat of next.action === 'play' ? [next.seat] : SEATS) {
      const action = computerAction(tableViewOrThrow(t, seat));
      if (action !== null && (answer || action.type !== 'answerCall')) return applyOrThrow(t, action);
    }
    throw new Error(`no computer player acts at ${JSON.stringify(next)}`);
  }

  /** Plays from `t` until `found` holds (returning that table) or the rubber ends (null). */
  function playUntil(t: TableState, found: (t: TableState) => boolean, answer = true): TableState | null {
    for (let steps = 0; steps < 20_000; steps++) {
      if (found(t)) return t;
      if (tableViewOrThrow(t, null).next.action === 'newRubber') return null;
      t = step(t, answer);
    }
    return null;
  }

  const mayCall = (kind: 'call' | 'answer') => (t: TableState) => {
    const next = tableViewOrThrow(t, null).next;
    return next.action === 'play' && tableViewOrThrow(t, next.seat).honoursCall === kind;
  };

  it('are timed as a decision of the seat to play, made by the computer player when it runs out; the card that follows is timed as a card', () => {
    let checked = 0;
    let answered = 0;
    let seed = 0;
    for (; seed < 40 && (checked < 2 || answered < 1); seed++) {
      const calling = playUntil(applyOrThrow(newTableOrThrow(tableRules('long', true), { seed }), { type: 'deal' }), mayCall('call'));
      if (calling === null) continue;
      checked++;
      const next = tableViewOrThrow(calling, null).next;
      if (next.action !== 'play') throw new Error('not a card to play');
      const caller = next.seat;
      // The call waits on the caller's decision clock, not on its card clock.
      expect(lawDecisions(calling, next)).toContain(caller);
      expect(clockedTurn(next, lawDecisions(calling, next))).toEqual({ kind: 'decision', seats: lawDecisions(calling, next) });
      // When it runs out, the computer player that takes the seat calls (as the server's does, computers.ts).
      const call = computerTurn(tableViewOrThrow(calling, caller));
      expect(call).toEqual({ kind: 'action', action: { type: 'callHonours', seat: caller } });
      if (call?.kind !== 'action') throw new Error('the computer player does not call');
      const called = applyOrThrow(calling, call.action);
      // Called: the caller's card is timed as a card again.
      const after = tableViewOrThrow(called, null).next;
      expect(after).toEqual(next);
      expect(lawDecisions(called, after)).not.toContain(caller);
      expect(clockedTurn(after, lawDecisions(called, after))).toEqual({ kind: 'card', seats: [caller] });
      // The partner may answer at once, holding an honour; its clock waits for the answer only at its turn to play.
      const partner = partnerOf(caller);
      if (tableViewOrThrow(called, partner).honoursCall === 'answer') {
        const answering = playUntil(called, (t) => tableViewOrThrow(t, null).next.action !== 'play' || mayCall('answer')(t), false);
        if (answering === null || !mayCall('answer')(answering)) throw new Error('the partner could answer, and then could not at its turn');
        const at = tableViewOrThrow(answering, null).next;
        expect(at).toEqual({ action: 'play', seat: partner });
        expect(clockedTurn(at, lawDecisions(answering, at))?.kind).toBe('decision');
        expect(computerTurn(tableViewOrThrow(answering, partner))).toEqual({ kind: 'action', action: { type: 'answerCall', seat: partner } });
        answered++;
      }
    }
    console.log(`clock-laws.test.ts: honours called in ${checked} rubbers of seeds 0 to ${seed - 1}, answered in ${answered}`);
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(answered).toBeGreaterThanOrEqual(1);
  });
});

describe('the lobby clock setting', () => {
  it('reads WHIST_LOBBY_CLOCK as a card’s and a decision’s seconds, and refuses anything else', () => {
    expect(readConfig({}).lobbyClock).toEqual({ card: 30, decision: 60 });
    expect(readConfig({ WHIST_LOBBY_CLOCK: '5,10' }).lobbyClock).toEqual({ card: 5, decision: 10 });
    expect(readConfig({ WHIST_LOBBY_CLOCK: ' 20 , 40 ' }).lobbyClock).toEqual({ card: 20, decision: 40 });
    for (const bad of ['5', '0,10', '5,3601', '5.5,10', 'a,b', '5,10,15', '-5,10'])
      expect(() => readConfig({ WHIST_LOBBY_CLOCK: bad }), bad).toThrow(/WHIST_LOBBY_CLOCK/);
  });
});
