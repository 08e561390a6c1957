/**
 * Whist with people anywhere, end to end in headless Chromium: two server processes over one PostgreSQL
 * (skipped, saying why, where PostgreSQL cannot be started), the page served, four browser contexts. Two
 * people look at the lobby from either process; Ann (desktop, 1280x800, on the first process) chooses "Play
 * now" with a wait of 60 s, Bob (a phone, 375x740, on the second) chooses "Play now" with no wait: he sits at
 * Ann's table, which opens at once with computer players in the two other seats. At Bob's turn the whole
 * hand, the trick, his clock, Claim and Concede are in the phone's first screen; he does nothing, his clock
 * runs out, a computer player plays his card, and the seat shows so ("time ran out") until "I'm back" gives
 * it back to him. Then the process Bob's page talks to is killed with SIGKILL in mid-hand and started again on
 * the same port: both pages carry on by themselves, and the hand goes on to its end, every card once, as the
 * stored table (checked by `parseTable`) says. Nothing on either page moves when a player goes away or comes
 * back (the hand, the trick and the buttons measured before and after). Every wait is for what the pages
 * show; the lobby's clock is short (`WHIST_LOBBY_CLOCK`), the computer players play at once.
 */

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HandEntry, parseTable } from 'whist';
import { postgresDriver } from '../../server/src/db/postgres.js';
import { SqlStore } from '../../server/src/db/sql.js';
import { type Postgres, startPostgres } from '../../server/test/support/postgres.js';
import { freePort, type ServerProcess, spawnServer } from '../../server/test/support/processes.js';
import { playsAndEvents } from '../../test/log-parts.js';
import { docImagePath, missingForBrowser, newContext, type ServedPage, servePage, TEST_LIMIT_MS, WAIT_LIMIT_MS, watch } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/** The lobby tables' clock here: seconds a card, seconds a decision. */
const CARD_SECONDS = 5;

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/anywhere.test.ts is skipped: ${missing}`);

/** Where an element lies on the page, rounded to a tenth of a pixel. */
type Box = { x: number; y: number; width: number; height: number };

/** What {@link places} measures. */
type Places = { hand: Box | null; trick: Box | null; claim: Box | null; concede: Box | null; seats: Box | null; rows: number };

/**
 * The places of what a player looks at and clicks: the hand, the trick, Claim and Concede, who is at the table;
 * and `rows`, the rows the player's cards take (on a phone a card fewer can take a row fewer).
 */
async function places(page: Page): Promise<Places> {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const el = document.querySelector(selector);
      if (el === null) return null;
      const r = el.getBoundingClientRect();
      const round = (n: number) => Math.round(n * 10) / 10;
      return { x: round(r.x + scrollX), y: round(r.y + scrollY), width: round(r.width), height: round(r.height) };
    };
    const tops = new Set([...document.querySelectorAll('.hand-slot button[data-card]')].map((b) => Math.round(b.getBoundingClientRect().top)));
    return {
      hand: box('.hand-slot'),
      trick: box('.felt .trick'),
      claim: box('[data-action="claim-open"]'),
      concede: box('[data-action="concede-open"]'),
      seats: box('#seat-status'),
      rows: tops.size,
    };
  });
}

/**
 * How far each element moved between two measures (the largest of x and y), in pixels. Claim and Concede, below
 * the cards, are compared only when the cards take as many rows in both: a card played for the player in between
 * may take a row away, which is no jump.
 */
function moved(before: Places, after: Places): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, a] of Object.entries(before)) {
    if (typeof a === 'number') continue;
    if ((name === 'claim' || name === 'concede') && before.rows !== after.rows) continue;
    const b = after[name as keyof Places];
    if (a === null || b === null || typeof b === 'number') continue;
    out[name] = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), name === 'seats' ? Math.abs(a.height - b.height) : 0);
  }
  return out;
}

/** The seats' statuses that do not fit their boxes in sight (cut short with an ellipsis), as "seat: text". */
function cutStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#seat-status [data-seat]')].flatMap((box) => {
      const state = box.querySelector<HTMLElement>('.seat-state');
      return state !== null && state.scrollWidth > state.clientWidth ? [`${box.dataset.seat}: ${state.textContent}`] : [];
    }),
  );
}

/** Waits until the page is at its table (the seat link's address, its own seat drawn) and returns the seat link's parts. */
async function atTable(page: Page): Promise<{ table: string; token: string }> {
  await page.waitForURL(/[?&]table=/);
  await page.locator('.seat.pos-bottom').waitFor();
  const params = new URL(page.url()).searchParams;
  return { table: params.get('table') as string, token: params.get('token') as string };
}

/** The page's own seat, as its status line marks it. */
async function ownSeat(page: Page): Promise<string> {
  const you = page.locator('#seat-status [data-you]');
  await you.waitFor();
  return (await you.getAttribute('data-seat')) as string;
}

/**
 * Plays for a person until `stop()`: their first card whenever the page lets them play one, "Play on"
 * whenever a claim waits for their answer (so that every card is played), and "I'm back" whenever a
 * computer player holds their seat since their clock ran out.
 */
function keepPlaying(page: Page): { stop(): Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    // A closed page (the test failed and its context was closed) ends the loop: its waits would fail at once.
    while (!stopped && !page.isClosed()) {
      const what = await page
        .waitForFunction(
          () =>
            (document.querySelector('.hand-slot button[data-card]:not([disabled])') && 'card') ||
            (document.querySelector('[data-action="refuse-claim"]') && 'refuse') ||
            (document.querySelector('#seat-status button[data-take-back]') && 'back') ||
            null,
          null,
          { timeout: 1_000, polling: 50 },
        )
        .then((h) => h.jsonValue() as Promise<string>)
        .catch(() => null);
      if (stopped || what === null) continue;
      const target =
        what === 'card'
          ? page.locator('.hand-slot button[data-card]:not([disabled])').first()
          : what === 'refuse'
            ? page.locator('[data-action="refuse-claim"]')
            : page.locator('#seat-status button[data-take-back]');
      const name = what === 'card' ? await target.getAttribute('data-card', { timeout: 1_000 }).catch(() => null) : null;
      await target.click({ timeout: 2_000 }).catch(() => {});
      // The card leaves the hand (or the page moved on: the next view came first).
      if (name !== null)
        await page
          .locator(`.hand-slot button[data-card="${name}"]`)
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => {});
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

describe.skipIf(missing !== null)('people anywhere: the lobby, "Play now", a clock that runs out, a process killed mid-hand', () => {
  let served: ServedPage;
  let postgres: Postgres | null = null;
  let skipped: string | null = null;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    const started = await startPostgres();
    if ('skip' in started) {
      skipped = started.skip;
      console.log(`web/test/anywhere.test.ts: skipped: ${skipped}`);
      return;
    }
    postgres = started;
    served = await servePage('web/test/anywhere.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => {});
    await served?.close();
    await postgres?.stop();
  });

  it(
    'two people join from the lobby on two processes, a clock runs out and the seat is taken back, a SIGKILL and a restart, the hand played to its end',
    async (ctx) => {
      if (postgres === null) return ctx.skip(skipped ?? 'PostgreSQL did not start');
      const origin = served.web.url.replace(/\/$/, '');
      const env = {
        DATABASE_URL: postgres.url,
        WHIST_PG_POOL: '4',
        WHIST_CORS_ORIGIN: origin,
        WHIST_COMPUTER_DELAY_MS: '0',
        WHIST_PRESENCE_HEARTBEAT: '0.5',
        WHIST_LOBBY_CLOCK: `${CARD_SECONDS},${CARD_SECONDS * 2}`,
        WHIST_LOG_LEVEL: 'warn',
      };
      const [portA, portB] = [await freePort(), await freePort()];
      const [a, b] = await Promise.all([spawnServer(env, { port: portA }), spawnServer(env, { port: portB })]);
      processes.push(a, b);
      const contexts: BrowserContext[] = [];
      const lobbyOf = (server: ServerProcess) => `${served.web.url}?${new URLSearchParams({ lobby: '', server: server.url })}`;
      const open = async (viewport: { width: number; height: number }, url: string) => {
        const phone = viewport.width < 600;
        const context = await newContext(served.browser, { viewport, reducedMotion: 'reduce', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
        contexts.push(context);
        const page = await context.newPage();
        const watched = watch(page);
        await page.goto(url);
        return { page, watched };
      };
      try {
        // Ann, on a desktop, at the first process: "Play now" with the longest wait, 60 s, so that her table is
        // still gathering when Bob comes, however long the steps between take on a busy machine.
        const ann = await open(DESKTOP, lobbyOf(a));
        await ann.page.locator('#lobby-name').fill('Ann');
        await ann.page.locator('input[name="wait"][value="60"]').check();
        await ann.page.getByRole('button', { name: 'Play now', exact: true }).click();
        await ann.page.locator('#lobby-waiting li[data-place]', { hasText: 'Ann (you)' }).waitFor();

        // Two people look at the lobby, one at each process: Ann's table is listed on both, with her name.
        const cy = await open(DESKTOP, lobbyOf(b));
        const dee = await open(PHONE, lobbyOf(a));
        for (const p of [cy.page, dee.page]) await p.locator('li[data-table] .taken', { hasText: 'Ann' }).waitFor();
        await cy.page.screenshot({ path: docImagePath('lobby-gathering.png') });
        await dee.page.screenshot({ path: docImagePath('lobby-gathering-phone.png'), fullPage: true });

        // Bob, on a phone, at the second process: "Play now" with no wait; he sits at Ann's table, which opens at once.
        const bob = await open(PHONE, lobbyOf(b));
        await bob.page.locator('#lobby-name').fill('Bob');
        await bob.page.locator('input[name="wait"][value="0"]').check();
        await bob.page.getByRole('button', { name: 'Play now', exact: true }).click();
        const [annAt, bobAt] = await Promise.all([atTable(ann.page), atTable(bob.page)]);
        expect(annAt.table).toBe(bobAt.table);
        for (const c of contexts.slice(1, 3)) await c.close();
        // Four names at the table: Ann, Bob and two computer players.
        for (const { page } of [ann, bob]) {
          const status = page.locator('#seat-status');
          await status.locator('[data-status="computer"]').nth(1).waitFor();
          expect(await status.locator('[data-status="computer"]').count()).toBe(2);
          const text = (await status.textContent()) ?? '';
          expect(text).toContain('Ann');
          expect(text).toContain('Bob');
          expect(text).toMatch(/Computer \d/);
        }
        const annSeat = await ownSeat(ann.page);
        const bobSeat = await ownSeat(bob.page);

        // Ann plays her cards as they come.
        const annPlays = keepPlaying(ann.page);

        // Bob's turn: the whole hand, the trick, his clock, Claim and Concede in the phone's first screen.
        const bobCard = bob.page.locator('.hand-slot button[data-card]:not([disabled])').first();
        await bobCard.waitFor();
        const bobClock = bob.page.locator(`.seat[data-seat="${bobSeat}"] .turn-clock`);
        await bobClock.waitFor();
        expect(await bobClock.getAttribute('data-clock-kind')).toBe('card');
        // Ann's presence reaches Bob's process over the database: until it has, her seat reads "not here
        // yet", a longer status than the one checked below.
        await bob.page.waitForFunction(() => document.querySelectorAll('#seat-status [data-status="connected"]').length === 2);
        const inSight = await bob.page.evaluate(
          ({ width, height }) => {
            const outside: string[] = [];
            const check = (name: string, el: Element | null) => {
              if (el === null) return outside.push(`${name}: missing`);
              const r = el.getBoundingClientRect();
              if (r.top < 0 || r.left < 0 || r.bottom > height || r.right > width)
                outside.push(`${name}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
            };
            for (const card of document.querySelectorAll('.hand-slot button[data-card]')) check(`card ${card.getAttribute('data-card')}`, card);
            check('trick', document.querySelector('.felt .trick'));
            check('clock', document.querySelector('.turn-clock'));
            check('claim', document.querySelector('[data-action="claim-open"]'));
            check('concede', document.querySelector('[data-action="concede-open"]'));
            return { outside, scrollY, statusHeight: document.getElementById('seat-status')?.getBoundingClientRect().height ?? -1 };
          },
          { ...PHONE },
        );
        console.log(`web/test/anywhere.test.ts: at 375x740 the line of players is ${inSight.statusHeight} px tall`);
        await bob.page.screenshot({ path: docImagePath('clock-phone.png') });
        expect(inSight.outside).toEqual([]);
        expect(await cutStatuses(bob.page)).toEqual([]);
        expect(inSight.scrollY).toBe(0);
        const annClock = ann.page.locator(`.seat[data-seat="${bobSeat}"] .turn-clock`);
        if ((await annClock.count()) > 0) await ann.page.screenshot({ path: docImagePath('clock-desktop.png') });

        // Bob does nothing: his clock runs out, and a computer player plays his card; the seat says why.
        const bobBefore = await places(bob.page);
        const held = await bob.page.locator('.hand-slot button[data-card]').count();
        const timedOut = bob.page.locator(`#seat-status [data-seat="${bobSeat}"][data-timed-out]`);
        await timedOut.waitFor();
        await bob.page.waitForFunction((n) => document.querySelectorAll('.hand-slot button[data-card]').length < n, held);
        expect(await timedOut.textContent()).toContain('computer (time ran out)');
        // On the phone every seat's status is whole in its box, Bob's beside his "I'm back".
        await bob.page.locator('#seat-status button[data-take-back]').waitFor();
        expect(await cutStatuses(bob.page)).toEqual([]);
        await ann.page.locator(`#seat-status [data-seat="${bobSeat}"][data-timed-out]`).waitFor();
        const bobOut = await places(bob.page);
        await bob.page.screenshot({ path: docImagePath('clock-out-phone.png') });
        // "I'm back": the seat is his again, on both pages.
        await bob.page.locator('#seat-status button[data-take-back]').click();
        for (const page of [bob.page, ann.page]) await page.locator(`#seat-status [data-seat="${bobSeat}"][data-status="connected"]`).waitFor();
        const bobBack = await places(bob.page);
        const bobMoves = { out: moved(bobBefore, bobOut), back: moved(bobBefore, bobBack) };
        console.log(`web/test/anywhere.test.ts: Bob's page (phone), moved when his clock ran out and when he came back: ${JSON.stringify(bobMoves)}`);
        let bobPlays = keepPlaying(bob.page);

        // Mid-hand: once Bob has played a card of his own, the process his page talks to is killed.
        await bob.page.waitForFunction((n) => document.querySelectorAll('.hand-slot button[data-card]').length <= n - 2, held);
        const annBefore = await places(ann.page);
        // Bob's page is left alone while its process is down: a card clicked on the view it had then would be
        // refused by the table that went on without it (a computer player plays for him once his clock runs out).
        await bobPlays.stop();
        await b.kill();
        expect(b.child.signalCode).toBe('SIGKILL');
        await bob.page.locator('.notice', { hasText: 'reconnecting' }).waitFor();
        // On Ann's page (the other process) Bob is away once the killed process's lease is over.
        await ann.page.locator(`#seat-status [data-seat="${bobSeat}"]:not([data-status="connected"])`).waitFor();
        const annAway = await places(ann.page);
        const again = await spawnServer(env, { port: portB });
        processes.push(again);
        expect(again.url).toBe(b.url);
        // Bob's page reconnects by itself, and he is here again on both pages.
        await bob.page.locator('.notice', { hasText: 'reconnecting' }).waitFor({ state: 'detached' });
        for (const page of [bob.page, ann.page]) await page.locator(`#seat-status [data-seat="${bobSeat}"][data-status="connected"]`).waitFor();
        const annBack = await places(ann.page);
        bobPlays = keepPlaying(bob.page);
        const annMoves = { away: moved(annBefore, annAway), back: moved(annBefore, annBack) };
        console.log(`web/test/anywhere.test.ts: Ann's page (desktop), moved when Bob went away and came back: ${JSON.stringify(annMoves)}`);
        for (const m of [bobMoves.out, bobMoves.back, annMoves.away, annMoves.back]) for (const px of Object.values(m)) expect(px).toBeLessThanOrEqual(0.5);

        // The hand goes on to its end: its result is shown, and the next hand is dealt. The rest of a hand is
        // many waits for the pages in a row: its limit is three single waits'.
        await Promise.all([ann.page, bob.page].map((p) => p.locator('.result[data-hand="1"]').waitFor({ timeout: 3 * WAIT_LIMIT_MS })));
        await Promise.all([annPlays.stop(), bobPlays.stop()]);
        expect(annSeat).not.toBe(bobSeat);

        // The stored table, checked by the library: the first hand holds all 52 cards, each once.
        const store = new SqlStore(await postgresDriver(postgres.url));
        try {
          const row = await store.read(annAt.table);
          expect(row).not.toBeNull();
          const table = parseTable(row?.doc ?? '', { shuffledOnly: true });
          expect(table.ok, table.ok ? '' : table.error.message).toBe(true);
          if (!table.ok) return;
          const first = table.value.log.filter((e) => e.type === 'hand')[0] as HandEntry;
          const { plays, events } = playsAndEvents(first);
          const cards = plays.split(' ');
          // Every card once: all 52, or as many as were played before a claim (or a concession) ended the
          // hand; a computer player may claim, and a person's clock may run out on the answer.
          expect(new Set(cards).size).toBe(cards.length);
          const claimedAt = events.find((e) => (e.type === 'claim' || e.type === 'concede') && 'at' in e && e.at === cards.length);
          if (cards.length !== 52) expect(claimedAt, `${cards.length} cards, and no claim after them: ${JSON.stringify(events)}`).toBeDefined();
        } finally {
          await store.close();
        }
        // No page met an error, but for Bob's requests to the process while it was down, and an action chosen
        // on a view the table had left by the time it came (409: a clock ran out meanwhile, or a computer player
        // answered a claim first). An action the rules refuse on the page's own view (422) is an error.
        const down = (p: string) =>
          p.includes(`127.0.0.1:${portB}`) &&
          /ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_ABORTED|network error|Failed to load/.test(p);
        const stale = (p: string) => /^HTTP 409: POST \S+\/actions$/.test(p) || p.includes('status of 409 (Conflict)');
        expect(ann.watched.problems.filter((p) => !stale(p))).toEqual([]);
        expect(bob.watched.problems.filter((p) => !down(p) && !stale(p) && !p.startsWith('console error: Failed to load resource'))).toEqual([]);
      } finally {
        for (const c of contexts) await c.close().catch(() => {});
      }
    },
    TEST_LIMIT_MS,
  );
});
