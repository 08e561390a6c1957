/**
 * The daily challenge in headless Chromium, against the reference server as `npm start -w whist-server`
 * starts it (one board a day): Ada (desktop) types her name, plays the day's board South by clicking, with
 * three computer players, goes back to the day's results and sees her board beside the computer players'
 * result; Bob (a phone, 375x740) plays the same board, and sees Ada's tricks beside his and the two of them
 * ranked; Ada, back on the page, finds her entry kept in the browser and both ranked. Both pages pass
 * axe-core; pictures of the day's results (desktop and phone) go to docImagePath.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../server/test/support/http.js';
import { spawnServer } from '../../server/test/support/processes.js';
import { axeFindings, docImagePath, missingForBrowser, openedPages, type ServedPage, servePage, TEST_LIMIT_MS } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/daily.test.ts is skipped: ${missing}`);

/**
 * Plays the person's cards (the first each time) and accepts a computer player's claim, until the hand's
 * result is shown. A claim of East or West waits for North's answer too: the person answers once North has,
 * so that the two answers never cross (an answer crossing another is web/test/claims.test.ts's).
 */
async function playHand(page: Page): Promise<void> {
  for (;;) {
    await page.locator('.hand[data-turn="yes"], .result, [data-action="accept-claim"]').first().waitFor();
    if ((await page.locator('.result').count()) > 0) return;
    const accept = page.locator('[data-action="accept-claim"]');
    if ((await accept.count()) > 0) {
      await page.locator('[data-claim="answer"]', { hasText: 'North has accepted.' }).waitFor();
      await accept.click();
      await accept.waitFor({ state: 'detached' });
      continue;
    }
    const button = page.locator('.hand button[data-card]:not([disabled])').first();
    const card = await button.getAttribute('data-card');
    await button.click();
    await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
  }
}

/** The tricks north–south took on the board, from the page's score. */
async function tricksShown(page: Page): Promise<number> {
  return Number(await page.locator('[data-score="tricks"][data-side="NS"]').first().textContent());
}

describe.skipIf(missing !== null)("the daily challenge: today's boards, played South with computer players, ranked", () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/daily.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    "two people play the day's board through the page, each sees the computer players' result and the other's, and both are ranked",
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0', WHIST_DAILY_BOARDS: '1' });
      const pages = openedPages(served.browser);
      try {
        const daily = `${served.web.url}?${new URLSearchParams({ daily: '', server: server.url })}`;
        const tricks: Record<string, number> = {};
        const play = async (name: string, viewport: { width: number; height: number }): Promise<Page> => {
          const page = await pages.open(daily, viewport);
          await page.locator('#daily-name').waitFor();
          // No one ranked yet: a board counts once two people have played it.
          expect(await page.locator('[data-daily="no-ranking"]').count()).toBe(1);
          // The name field has the focus.
          expect(await page.evaluate(() => document.activeElement?.id)).toBe('daily-name');
          await page.keyboard.type(name);
          await page.getByRole('button', { name: "Play today's boards" }).click();
          // At the board's table: South, with the line that leads back.
          await page.waitForURL(/[?&]table=.*daily=/);
          await page.locator('#daily-line', { hasText: 'Daily challenge · board 1 of 1' }).waitFor();
          await page.locator('.seat.pos-bottom').waitFor();
          await playHand(page);
          tricks[name] = await tricksShown(page);
          if (viewport === PHONE) await page.screenshot({ path: docImagePath('daily-table-phone.png') });
          // The table deals no other hand: the hand's result leads to the day's results (the line under the title does too).
          expect(await page.locator('.result [data-action="deal"]').count()).toBe(0);
          await page.locator('.result a[data-daily="results"]').click();
          await page.locator('tr[data-board="1"]').waitFor();
          expect(await page.locator('tr[data-board="1"] [data-cell="you"]').textContent()).toBe(String(tricks[name]));
          expect(await page.locator('tr[data-board="1"] [data-cell="computers"]').textContent()).toMatch(/^\d{1,2}$/);
          await page.locator('[data-daily="done"]').waitFor();
          return page;
        };

        const ada = await play('Ada', DESKTOP);
        expect(await ada.locator('tr[data-board="1"] [data-cell="field"]').textContent()).toBe('no one yet');
        expect(await ada.locator('[data-daily="no-ranking"]').count()).toBe(1);

        const bob = await play('Bob', PHONE);
        // Beside Bob's board: Ada's tricks; the two ranked, as matchpoints on one board give them.
        expect(await bob.locator('tr[data-board="1"] [data-cell="field"]').textContent()).toBe(String(tricks.Ada));
        const ranked = async (page: Page) => {
          await page.locator('.daily-ranking tr[data-name]').nth(1).waitFor();
          return page
            .locator('.daily-ranking tr[data-name]')
            .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-name'), r.querySelectorAll('td')[2]?.textContent ?? '']));
        };
        const adaPercent = tricks.Ada === tricks.Bob ? '50.0%' : (tricks.Ada ?? 0) > (tricks.Bob ?? 0) ? '100.0%' : '0.0%';
        const bobPercent = tricks.Ada === tricks.Bob ? '50.0%' : adaPercent === '100.0%' ? '0.0%' : '100.0%';
        const expected = [
          ['Ada', adaPercent],
          ['Bob', bobPercent],
        ].sort((a, b) => Number.parseFloat(b[1] as string) - Number.parseFloat(a[1] as string) || 0);
        expect((await ranked(bob)).sort()).toEqual([...expected].sort());
        expect(await bob.locator('[data-daily="total"]').textContent()).toContain('of 2');
        // Where Bob's cards differ from the computer players' from his cards: each turn the server found, opened by a click.
        const kept = JSON.parse((await bob.evaluate(() => localStorage.getItem('whist-daily'))) ?? '{}') as { id: string; token: string };
        const differs = (await request(server.url, 'GET', `/daily/entries/${kept.id}`, { token: kept.token })).json.results[0].differs as unknown[];
        await bob.locator('[data-daily="differs"] summary').click();
        expect(await bob.locator('[data-daily="differs"] li').count()).toBe(differs.length);
        if (differs.length > 0)
          expect(await bob.locator('[data-daily="differs"] li').first().textContent()).toMatch(
            /^Board 1, trick \d+: you played .+; the computer players, from your cards, .+\.$/,
          );
        // Nothing wider than the phone.
        expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await bob.screenshot({ path: docImagePath('daily-phone.png'), fullPage: true });

        // Ada comes back: her entry is kept in the browser, and the two are ranked.
        await ada.reload();
        await ada.locator('tr[data-board="1"] [data-cell="field"]', { hasText: String(tricks.Bob) }).waitFor();
        expect((await ranked(ada)).sort()).toEqual([...expected].sort());
        await ada.screenshot({ path: docImagePath('daily.png'), fullPage: true });
        for (const page of [ada, bob]) expect(await axeFindings(page)).toEqual([]);

        // The server has the same ranking.
        const today = await request(server.url, 'GET', '/daily');
        expect(today.json.ranking.map((p: { name: string }) => p.name).sort()).toEqual(['Ada', 'Bob']);
        expect(pages.problems()).toEqual([]);
      } finally {
        await pages.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
