/**
 * A duplicate event in headless Chromium, against the reference server as `npm start -w whist-server` starts
 * it (claims checked by the server, so a concession of every trick left ends a hand at once): Ada opens a
 * 3-table Howell, one board a round, and joins with Bea, whom she sends the partner's link; Cal joins with
 * Dot the same way; computer players fill the other four pairs when Ada starts it. Each of the four plays
 * every board of their pair from the event's page: the board's table, their first card by click, then all
 * the tricks left conceded, and back to the event, until it is over. A spectator follows a table of the
 * first round. At the end every page shows the results of the five boards at the three tables and the
 * standings the server has; pictures of the event's end (desktop and phone) go to docImagePath.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_WHIST } from 'whist';
import { parseEventPbn } from 'whist/duplicate';
import { request } from '../../server/test/support/http.js';
import { spawnServer } from '../../server/test/support/processes.js';
import { axeFindings, docImagePath, downloadText, missingForBrowser, openedPages, type ServedPage, servePage, TEST_LIMIT_MS } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/duplicate.test.ts is skipped: ${missing}`);

/** At a board's table: the person's first card by click, then at their next turn every trick left conceded; until the hand's result is shown. */
async function playBoard(page: Page): Promise<void> {
  let played = false;
  for (;;) {
    await page.locator('.hand[data-turn="yes"], .result').first().waitFor();
    if ((await page.locator('.result').count()) > 0) return;
    if (!played) {
      const button = page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first();
      const card = await button.getAttribute('data-card');
      await button.click();
      await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
      played = true;
      continue;
    }
    await page.locator('[data-action="concede-open"]').click();
    await page.locator('[data-claim="form"][data-claim-type="concede"] [data-action="claim-send"]').click();
    await page.locator('.result').waitFor();
    return;
  }
}

/** Plays the person's boards from the event's page until the event is over; returns the boards they played. */
async function playEvent(page: Page): Promise<number[]> {
  const boards: number[] = [];
  for (;;) {
    await page.locator('[data-duplicate="play"], #duplicate[data-status="over"]').first().waitFor({ timeout: TEST_LIMIT_MS });
    if ((await page.locator('#duplicate[data-status="over"]').count()) > 0) return boards;
    await page.locator('[data-duplicate="play"]').click();
    await page.waitForURL(/[?&]table=.*duplicate=/);
    const board = Number(new URL(page.url()).searchParams.get('board'));
    await page.locator('#duplicate-line', { hasText: `board ${board}` }).waitFor();
    await playBoard(page);
    boards.push(board);
    // The table deals no other hand: the way on is the event.
    expect(await page.locator('.result [data-action="deal"]').count()).toBe(0);
    await page.locator('.result a[data-duplicate="event"]').click();
    await page.locator('#duplicate').waitFor();
  }
}

describe.skipIf(missing !== null)('duplicate events: pairs of people and computer pairs play the same boards round by round', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/duplicate.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    'a 3-table Howell with two pairs of people, opened, joined by partner links, started, played to its end through the page, and ranked',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0', WHIST_CLAIMS: 'checked', WHIST_DAILY_BOARDS: '0' });
      const pages = openedPages(served.browser);
      const open = (url: string, viewport: { width: number; height: number }): Promise<Page> => pages.open(url, viewport);
      try {
        // Ada opens the event from the start page's link.
        const ada = await open(`${served.web.url}?${new URLSearchParams({ server: server.url })}`, DESKTOP);
        // The way to it is with the ways to the lobby and the daily challenge, under the settings.
        await ada.locator('#controls > summary').click();
        await ada.locator('#to-duplicate').click();
        await ada.locator('#duplicate-open').waitFor();
        await ada.locator('#duplicate-open input[name="name"]').fill('Club night');
        await ada.locator('#duplicate-open input[name="boardsPerRound"]').fill('1');
        // Anyone may follow its tables: the club trusts its players.
        await ada.locator('#duplicate-open input[name="spectators"]').check();
        await ada.locator('[data-duplicate="open"]').click();
        await ada.waitForURL(/[?&]duplicate=[A-Za-z0-9_-]+/);
        const id = new URL(ada.url()).searchParams.get('duplicate') as string;
        await ada.locator('#duplicate-title', { hasText: 'Club night' }).waitFor();
        expect(await ada.locator('[data-duplicate="status"]').textContent()).toBe('Waiting for pairs: 0 of 6 have joined.');

        const join = async (page: Page, players: readonly [string, string]): Promise<string> => {
          await page.locator('#duplicate-join input[name="player-1"]').fill(players[0]);
          await page.locator('#duplicate-join input[name="player-2"]').fill(players[1]);
          await page.locator('[data-duplicate="join"]').click();
          const link = page.locator('a[data-duplicate="partner-link"]');
          await link.waitFor();
          return (await link.getAttribute('href')) as string;
        };
        const beaLink = await join(ada, ['Ada', 'Bea']);
        const bea = await open(beaLink, PHONE);
        await bea.locator('[data-duplicate="you"]', { hasText: 'You play as Bea, pair 1.' }).waitFor();
        // The token is kept in the browser, and out of the address.
        expect(new URL(bea.url()).searchParams.has('token')).toBe(false);
        const cal = await open(`${served.web.url}?${new URLSearchParams({ duplicate: id, server: server.url })}`, DESKTOP);
        const dotLink = await join(cal, ['Cal', 'Dot']);
        const dot = await open(dotLink, DESKTOP);
        await dot.locator('[data-duplicate="you"]', { hasText: 'You play as Dot, pair 2.' }).waitFor();
        // Only Ada, who opened it, may start it.
        expect(await cal.locator('[data-duplicate="start"]').count()).toBe(0);
        await ada.locator('[data-duplicate="status"]', { hasText: '2 of 6 have joined' }).waitFor();
        expect(await ada.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
        await ada.screenshot({ path: docImagePath('duplicate-open.png'), fullPage: true });
        await ada.locator('[data-duplicate="start"]').click();
        await ada.locator('#duplicate[data-status="playing"]').waitFor();

        // A spectator follows a table of the first round.
        const spectator = await open(`${served.web.url}?${new URLSearchParams({ duplicate: id, server: server.url })}`, DESKTOP);
        const follow = spectator.locator('a[data-follow]').first();
        await follow.waitFor();
        expect(await spectator.locator('.duplicate-tables li').count()).toBe(3);
        await follow.click();
        await spectator.waitForURL(/[?&]table=/);
        await spectator.locator('.seat.pos-bottom').waitFor();
        expect(await spectator.locator('.hand[data-turn="yes"]').count()).toBe(0);
        await spectator.context().close();

        await bea.locator('[data-duplicate="play"]').waitFor();
        expect(await bea.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await bea.screenshot({ path: docImagePath('duplicate-round-phone.png'), fullPage: true });
        const people = [ada, bea, cal, dot];
        const boards = await Promise.all(people.map((page) => playEvent(page)));
        // Howell, 3 tables, one board a round: each pair plays all 5 boards, one a round.
        for (const b of boards) expect([...b].sort()).toEqual([1, 2, 3, 4, 5]);

        const event = (await request(server.url, 'GET', `/duplicate/${id}`)).json;
        expect(event.status).toBe('over');
        expect(event.results).toHaveLength(15);
        for (const page of people) {
          await page.locator('#duplicate[data-status="over"]').waitFor();
          expect(await page.locator('[data-duplicate="status"]').textContent()).toBe('The event is over.');
          expect(await page.locator('.duplicate-results tbody tr').count()).toBe(15);
          const standings = await page
            .locator('.duplicate-standings tbody tr')
            .evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('data-pair')), r.querySelector('[data-cell="score"]')?.textContent ?? '']));
          expect(standings).toEqual(event.standings.map((s: { pair: number; percent: number }) => [s.pair, `${s.percent.toFixed(1)}%`]));
        }
        // Nothing wider than the phone.
        expect(await bea.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await ada.screenshot({ path: docImagePath('duplicate.png'), fullPage: true });
        await bea.screenshot({ path: docImagePath('duplicate-phone.png'), fullPage: true });
        for (const page of [ada, bea]) expect(await axeFindings(page)).toEqual([]);
        // The event's record downloads, and reads back with every table's result.
        const [download] = await Promise.all([ada.waitForEvent('download'), ada.locator('[data-duplicate="record"]').click()]);
        expect(download.suggestedFilename()).toBe('Club-night.pbn');
        const read = parseEventPbn(await downloadText(download), SHORT_WHIST);
        expect(read.ok && read.value.results.length).toBe(15);
        expect(pages.problems()).toEqual([]);
      } finally {
        await pages.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
