/**
 * A server whose computer players are the sampling player (`WHIST_COMPUTER_PLAYER=fast`): four computer
 * players play a whole hand, and every card is the one `samplingPlayer` chooses on that seat's view, seeded
 * as the server seeds it, replayed in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, clientAction, newTable, parseTable, type TableState, tableView } from 'whist';
import { computerMove } from 'whist/solver';
import { playsAndEvents } from '../../test/log-parts.js';
import { readConfig } from '../src/config.js';
import { SqlStore } from '../src/db/sql.js';
import { type RunningServer, startServer } from '../src/server.js';
import { request } from './support/http.js';
import { memoryDriver } from './support/store.js';
import { START_LIMIT_MS, waitFor } from './support/wait.js';

let store: SqlStore;
let server: RunningServer;

beforeAll(async () => {
  store = new SqlStore(await memoryDriver());
  await store.migrate();
  server = await startServer({ port: 0, computerDelayMs: 0, computerPlayer: 'fast' }, { store, log: { info: () => {}, error: () => {} } });
}, START_LIMIT_MS);

afterAll(async () => {
  await server?.close();
  await store?.close();
});

describe('the sampling player as the server’s computer players', () => {
  it('reads WHIST_COMPUTER_PLAYER, and refuses a level it does not know', () => {
    expect(readConfig({}).computerPlayer).toBe('heuristic');
    expect(readConfig({ WHIST_COMPUTER_PLAYER: 'strong' }).computerPlayer).toBe('strong');
    expect(() => readConfig({ WHIST_COMPUTER_PLAYER: 'expert' })).toThrow(/WHIST_COMPUTER_PLAYER/);
  });

  it('plays a whole hand at four computer seats, each card samplingPlayer’s on the seat’s view', async () => {
    const opened = await request(server.url, 'POST', '/tables', { body: JSON.stringify({ rules: 'short', seed: 21, computers: ['N', 'E', 'S', 'W'] }) });
    expect(opened.status).toBe(201);
    const id = opened.json.id as string;
    await waitFor('the four computer players to finish the first hand', async () => {
      const row = await store.read(id);
      const t = row === null ? null : parseTable(row.doc);
      return t?.ok === true && t.value.log.length >= 2;
    });
    const row = await store.read(id);
    const table = parseTable(row?.doc ?? '');
    if (!table.ok) throw new Error('the stored table does not parse');
    const entry = table.value.log[0];
    if (entry === undefined || entry.type !== 'hand') throw new Error('no hand');
    const { plays: text, events } = playsAndEvents(entry);
    const plays = text.split(' ');
    // The hand is played to its end, or ends with a claim of every trick left that the other side accepts.
    if (plays.length < 52) {
      expect(events.map((e) => e.type)).toEqual(['claim', 'acceptClaim', 'acceptClaim']);
      expect(events[0]).toMatchObject({ at: plays.length, tricks: 13 - Math.floor(plays.length / 4) });
    } else expect(events).toEqual([]);
    let mirror: TableState = (() => {
      const t = newTable(table.value.rules, { seed: 21 });
      if (!t.ok) throw new Error(t.error.message);
      const dealt = apply(t.value, { type: 'deal' });
      if (!dealt.ok) throw new Error(dealt.error.message);
      return dealt.value;
    })();
    for (const card of plays) {
      const v = tableView(mirror, null);
      if (!v.ok || v.value.next.action !== 'play') throw new Error('the mirror does not wait for a play');
      const seat = v.value.next.seat;
      const own = tableView(mirror, seat);
      if (!own.ok || own.value.hand === null) throw new Error('no view');
      // The library's decision for the seat at the server's level: this card, rather than a claim (no claim of
      // every trick left could be shown to hold).
      expect(computerMove(own.value, { level: 'fast' })).toEqual({ type: 'play', seat, card });
      const action = clientAction({ type: 'play', card }, seat);
      if (!action.ok) throw new Error(action.error.message);
      const next = apply(mirror, action.value);
      if (!next.ok) throw new Error(next.error.message);
      mirror = next.value;
    }
  });
});
