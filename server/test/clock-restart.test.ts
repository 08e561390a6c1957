/**
 * A turn clock survives a SIGKILL: the table's clock is stored with it, and the turn's start is the row's
 * time of last change, so a server started again on the same data goes on counting the turn where it was
 * (not from the restart), and when the clock runs out a computer player plays for the person.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from './support/http.js';
import { freePort, type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

const running: ServerProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'whist-clock-'));

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

describe('a turn clock across a restart', () => {
  it(
    'goes on counting the turn from its start, and a computer player plays once it runs out',
    async () => {
      const port = await freePort();
      const env = { WHIST_DATA_DIR: dir, WHIST_COMPUTER_DELAY_MS: '0', WHIST_RATE_LIMIT: '0', WHIST_LOG_LEVEL: 'warn' };
      const first = await spawnServer(env, { port });
      running.push(first);
      const card = 12;
      const opened = await request(first.url, 'POST', '/tables', { body: JSON.stringify({ computers: ['N', 'S', 'W'], clock: { card, decision: card } }) });
      expect(opened.status, opened.text).toBe(201);
      const { id, seats, spectator } = opened.json as { id: string; seats: { E: { token: string } }; spectator: string };
      // East leads the first trick: the turn began no later than now.
      const seen = await request(first.url, 'GET', `/tables/${id}`, { token: spectator });
      expect(seen.json.view.next).toEqual({ action: 'play', seat: 'E' });
      const turnSeenAt = Date.now();
      await first.kill();

      const again = await spawnServer(env, { port });
      running.push(again);
      const asked = Date.now();
      const after = await request(again.url, 'GET', `/tables/${id}`, { token: seats.E.token });
      expect(after.json.view.next).toEqual({ action: 'play', seat: 'E' });
      // The stored clock, and the turn counted from its start: what is left is at most the clock less the time since East's turn was seen.
      expect(after.json.clock).toMatchObject({ card, decision: card, kind: 'card' });
      expect(after.json.clock.left.E).toBeLessThanOrEqual(Math.max(0, card * 1000 - (asked - turnSeenAt)) + 50);
      // East does nothing: once the clock runs out, a computer player plays East's card.
      await waitFor("a computer player to play East's card", async () => {
        const r = await request(again.url, 'GET', `/tables/${id}`, { token: spectator });
        return r.json.seats.E.status === 'computer' && (r.json.view.hand?.trick?.cards.length ?? 0) + (r.json.view.hand?.tricks.length ?? 0) > 0;
      });
      // East's next action takes the seat back.
      const own = await request(again.url, 'GET', `/tables/${id}`, { token: seats.E.token });
      const back = await request(again.url, 'POST', `/tables/${id}/actions`, {
        token: seats.E.token,
        body: JSON.stringify({ type: 'play', card: own.json.view.hand.cards[0] }),
      });
      expect([200, 422]).toContain(back.status);
      expect((await request(again.url, 'GET', `/tables/${id}`, { token: spectator })).json.seats.E.status).not.toBe('computer');
    },
    2 * START_LIMIT_MS,
  );
});
