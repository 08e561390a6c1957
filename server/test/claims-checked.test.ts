/**
 * A server that checks claims (`WHIST_CLAIMS=checked`): each claim or concession is ruled on by
 * `checkClaim` as it is made, through the HTTP contract: one that holds ends the hand as claimed, one that
 * fails is refused and play goes on; the ruling is in the stored log. And `WHIST_CLAIMS` is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, currentHand, heuristicPlayer, newTableOrThrow, parseTable, type Seat, SHORT_WHIST, tableViewOrThrow } from 'whist';
import { checkClaim } from 'whist/solver';
import { readConfig } from '../src/config.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { request } from './support/http.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS } from './support/wait.js';

let store: SqlStore;
let server: RunningServer;

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  server = await startServer({ port: 0, tokenRate: 1000, computerDelayMs: 0, claims: 'checked' }, { store, log: { info: () => {}, error: () => {} } });
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

describe('claims checked by the server', () => {
  it('reads WHIST_CLAIMS, and refuses a value it does not know', () => {
    expect(readConfig({}).claims).toBe('agreed');
    expect(readConfig({ WHIST_CLAIMS: 'checked' }).claims).toBe('checked');
    expect(() => readConfig({ WHIST_CLAIMS: 'trusted' })).toThrow(/WHIST_CLAIMS/);
  });

  it('rules on each claim as it is made: one that fails is refused and play goes on, one that holds ends the hand as claimed', async () => {
    const opened = await request(server.url, 'POST', '/tables', { body: JSON.stringify({ rules: 'short', seed: 1 }) });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;
    const token = (s: Seat) => opened.json.seats[s].token as string;
    // The same table in this process: the cards are the heuristic player's, four seats played by people.
    let mirror = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
    const act = async (seat: Seat, body: unknown) => {
      const r = await request(server.url, 'POST', `/tables/${id}/actions`, { token: token(seat), body: JSON.stringify(body) });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r;
    };
    const decided = { held: 0, failed: 0 };
    for (let card = 0; card < 52 && decided.held === 0; card++) {
      const next = tableViewOrThrow(mirror, null).next;
      if (next.action !== 'play') break;
      const seat = next.seat;
      const left = 13 - Math.floor(card / 4);
      if (card % 4 === 0 && left <= 4) {
        // The seat to lead claims every trick left: the server's check decides, as checkClaim does here.
        const expected = checkClaim(currentHand(mirror)!, { seat, tricks: left }, { maxNodes: 200_000 });
        const holds = expected.ok && expected.value.holds;
        const r = await act(seat, { type: 'claim', tricks: left });
        mirror = applyOrThrow(applyOrThrow(mirror, { type: 'claim', seat, tricks: left }), { type: 'ruleClaim', holds });
        if (holds) {
          // The hand is over as claimed, and the next one dealt: the view shows the hand scored.
          expect(r.json.view.hands).toEqual(tableViewOrThrow(mirror, null).hands);
          expect(r.json.view.claim).toBe(null);
          decided.held++;
          break;
        }
        expect(r.json.view.claim).toMatchObject({ seat, tricks: left, status: 'failed' });
        decided.failed++;
      }
      const c = heuristicPlayer(tableViewOrThrow(mirror, seat).hand!);
      await act(seat, { type: 'play', card: c });
      mirror = applyOrThrow(mirror, { type: 'play', seat, card: c });
    }
    // A claim that holds was made (seed 1), after any that failed; the stored log is the mirror's, and the next hand is dealt.
    expect(decided).toEqual({ held: 1, failed: 3 });
    const row = await store.read(id);
    const stored = parseTable(row?.doc ?? '');
    if (!stored.ok) throw new Error(stored.error.message);
    expect(stored.value.log[0]).toEqual(mirror.log[0]);
    expect(stored.value.log).toHaveLength(2);
  });
});
