/**
 * A server killed with SIGKILL in mid-hand and started again on the same store and port, over PGlite (a data
 * directory) and over PostgreSQL: the table, its seat links and its computer players carry on, every card
 * acknowledged before the kill is kept once, and the hand is played to its end with every card once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HandEntry, parseTable, type TableState } from 'whist';
import { playsAndEvents } from '../../test/log-parts.js';
import { pgliteDriver } from '../src/db/pglite.js';
import { postgresDriver } from '../src/db/postgres.js';
import { SqlStore } from '../src/db/sql.js';
import { request } from './support/http.js';
import { type OpenedTable, SEATS } from './support/players.js';
import { type Postgres, startPostgres } from './support/postgres.js';
import { freePort, type ServerProcess, spawnServer } from './support/processes.js';
import { START_LIMIT_MS, sleep, WAIT_LIMIT_MS } from './support/wait.js';

const dirs: string[] = [];
const running: ServerProcess[] = [];
let postgres: Postgres | null = null;
let skipped: string | null = null;

beforeAll(async () => {
  const started = await startPostgres();
  if ('skip' in started) {
    skipped = started.skip;
    console.log(`server/test/restart.test.ts: the PostgreSQL case skipped: ${skipped}`);
  } else postgres = started;
}, START_LIMIT_MS);

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop().catch(() => {})));
  await postgres?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Opened = OpenedTable & { readonly spectator: string };

/** The cards of the hand in progress (or the last one), in the order played, as the spectator sees them. */
async function handPlayed(base: string, t: Opened): Promise<{ cards: string[]; next: { action: string; seat?: string }; dealNumber: number }> {
  const r = await request(base, 'GET', `/tables/${t.id}`, { token: t.spectator });
  if (r.status !== 200) throw new Error(`GET /tables/${t.id}: ${r.status} ${r.text}`);
  const view = r.json.view;
  const hand = view.hand as { tricks: { cards: string[] }[]; trick: { cards: string[] } | null } | null;
  const cards = hand === null ? [] : [...hand.tricks.flatMap((x) => x.cards), ...(hand.trick?.cards ?? [])];
  return { cards, next: view.next, dealNumber: view.dealNumber };
}

/**
 * Plays the people's seats (N and S) with their first playable card until `until` says stop; the computer
 * players (E and W) play their own. Each card the server answered 200 to is acknowledged.
 */
async function playPeople(base: string, t: Opened, acked: string[], until: (played: string[]) => boolean, dealNumber = -1): Promise<string[]> {
  let last: string[] = [];
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const now = await handPlayed(base, t);
    // The hand asked for is over once the next is dealt: what it held is the last read of it.
    if (dealNumber >= 0 && now.dealNumber !== dealNumber) return last;
    last = now.cards;
    if (until(now.cards) || (now.next.action !== 'play' && now.next.action !== 'answerClaim')) return now.cards;
    if (now.next.action === 'answerClaim') {
      // A computer player claims the rest: the people accept it, and the hand ends as claimed.
      const seats = (now.next as unknown as { seats: ('N' | 'E' | 'S' | 'W')[] }).seats.filter((s) => s === 'N' || s === 'S');
      for (const seat of seats) {
        const r = await request(base, 'POST', `/tables/${t.id}/actions`, { token: t.seats[seat].token, body: '{"type":"acceptClaim"}' });
        if (r.status !== 200) throw new Error(`${seat} accepts the claim: ${r.status} ${r.text}`);
      }
      continue;
    }
    const seat = now.next.seat as 'N' | 'S' | 'E' | 'W';
    if (seat === 'N' || seat === 'S') {
      const own = await request(base, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
      const card = own.json.view.playable[0] as string;
      const r = await request(base, 'POST', `/tables/${t.id}/actions`, { token: t.seats[seat].token, body: JSON.stringify({ type: 'play', card }) });
      if (r.status !== 200) throw new Error(`${seat} plays ${card}: ${r.status} ${r.text}`);
      acked.push(card);
    } else {
      if (Date.now() > deadline) throw new Error(`the computer player at ${seat} did not play within ${WAIT_LIMIT_MS / 1000} s`);
      await sleep(20);
    }
  }
}

/** The table as the store keeps it, read once the server has stopped: checked by `parseTable`. */
async function storedTable(env: Record<string, string>, id: string): Promise<TableState> {
  const driver = env.WHIST_DATA_DIR !== undefined ? await pgliteDriver(env.WHIST_DATA_DIR) : await postgresDriver(env.DATABASE_URL as string);
  const store = new SqlStore(driver);
  try {
    const row = await store.read(id);
    const table = parseTable(row?.doc ?? '');
    if (!table.ok) throw new Error(`the stored table is refused: ${table.error.message}`);
    return table.value;
  } finally {
    await store.close();
  }
}

async function restartCase(env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const common = { WHIST_COMPUTER_DELAY_MS: '0', WHIST_RATE_LIMIT: '0', WHIST_LOG_LEVEL: 'warn' };
  const first = await spawnServer({ ...common, ...env }, { port });
  running.push(first);
  const opened = await request(first.url, 'POST', '/tables', { body: JSON.stringify({ seed: 11, computers: ['E', 'W'] }) });
  expect(opened.status).toBe(201);
  const t = opened.json as Opened;
  const acked: string[] = [];
  // Mid-hand: past the second trick, the people's cards acknowledged.
  const before = await playPeople(first.url, t, acked, (played) => played.length >= 9);
  await first.kill();
  expect(first.child.signalCode).toBe('SIGKILL');

  const again = await spawnServer({ ...common, ...env }, { port });
  running.push(again);
  expect(again.url).toBe(first.url);
  // The seat links are the same tokens: each still reads its own seat.
  for (const seat of SEATS.filter((s) => s === 'N' || s === 'S')) {
    const r = await request(again.url, 'GET', `/tables/${t.id}`, { token: t.seats[seat].token });
    expect([r.status, r.json.seat]).toEqual([200, seat]);
  }
  const after = await handPlayed(again.url, t);
  // Every card acknowledged before the kill is there, once, in the order played.
  expect(after.cards.slice(0, before.length)).toEqual(before);
  for (const card of acked) expect(after.cards.filter((c) => c === card)).toHaveLength(1);
  // The hand goes on to its end: the people play, the computer players play their seats again (and may
  // claim the last tricks, which the people accept).
  await playPeople(again.url, t, acked, () => false, after.dealNumber);
  expect((await handPlayed(again.url, t)).dealNumber).toBe(after.dealNumber + 1);
  await again.stop();
  // The hand as stored: played out, or ended by a claim accepted; every card once, each acknowledged one in it.
  const stored = await storedTable(env, t.id);
  const entry = stored.log.filter((e) => e.type === 'hand')[after.dealNumber - 1] as HandEntry;
  const { plays, events } = playsAndEvents(entry);
  const end = plays.split(' ');
  expect(end.length === 52 || events.some((e) => e.type === 'claim')).toBe(true);
  expect(end.length).toBeGreaterThan(before.length + 4);
  expect(new Set(end).size).toBe(end.length);
  for (const card of acked) expect(end).toContain(card);
  expect(end.slice(0, before.length)).toEqual(before);
}

describe('a restart after SIGKILL in mid-hand', () => {
  it(
    'over PGlite in a data directory: the table, its links and its computer players carry on, every card once',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'whist-restart-'));
      dirs.push(dir);
      await restartCase({ WHIST_DATA_DIR: dir });
    },
    4 * START_LIMIT_MS,
  );

  it(
    'over PostgreSQL: the same',
    async (ctx) => {
      if (postgres === null) return ctx.skip(skipped ?? 'PostgreSQL did not start');
      await restartCase({ DATABASE_URL: postgres.url });
    },
    4 * START_LIMIT_MS,
  );
});
