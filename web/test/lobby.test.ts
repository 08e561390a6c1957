/**
 * The lobby in headless Chromium, against the reference server as `npm start -w whist-server` starts it:
 * Ann (desktop) types her name with the keyboard and chooses "Play now" with a wait of 15 s; Bob (a phone,
 * 375x740) sees her table in the list and joins it from the keyboard; once the wait is over the two empty
 * seats go to computer players, both pages go to the table on their own, show the four names, and Ann and
 * Bob each play a card. Pictures of the lobby (desktop and phone) and of a seat waiting go to docImagePath.
 */

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../server/test/support/http.js';
import { spawnServer } from '../../server/test/support/processes.js';
import { docImagePath, missingForBrowser, newContext, type ServedPage, servePage, TEST_LIMIT_MS, watch } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/lobby.test.ts is skipped: ${missing}`);

/** Waits until the page is at its table (the seat link's address, and its own seat drawn). */
async function atTable(page: Page): Promise<void> {
  await page.waitForURL(/[?&]table=/);
  await page.locator('.seat.pos-bottom').waitFor();
}

/** Plays one card when it is the page's turn: the first card it may play. */
async function playOne(page: Page): Promise<string> {
  const card = page.locator('button[data-card]:not([disabled])').first();
  await card.waitFor();
  const name = (await card.getAttribute('data-card')) as string;
  await card.click();
  await page.locator(`button[data-card="${name}"]`).waitFor({ state: 'detached' });
  return name;
}

describe.skipIf(missing !== null)('the lobby: names, "Play now", a table joined from the list', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/lobby.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    'two people join one table from the lobby, computer players fill the other seats after the wait chosen, and both play cards',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0' });
      const contexts: BrowserContext[] = [];
      const watched: Array<{ problems: string[] }> = [];
      try {
        // A public table someone opened a while ago, still gathering: the list is not empty.
        const cy = await request(server.url, 'POST', '/lobby/tables', { body: JSON.stringify({ name: 'Cy', rules: 'long', waitSeconds: 300 }) });
        expect(cy.status).toBe(201);
        const lobby = `${served.web.url}?${new URLSearchParams({ lobby: '', server: server.url })}`;

        // Ann, on a desktop: the name field has the focus; she types her name and chooses a wait of 15 s.
        const annContext = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        contexts.push(annContext);
        const ann = await annContext.newPage();
        watched.push(watch(ann));
        await ann.goto(lobby);
        await ann.locator('li[data-table] .taken', { hasText: 'Cy' }).waitFor();
        expect(await ann.evaluate(() => document.activeElement?.id)).toBe('lobby-name');
        await ann.keyboard.type('Ann');
        await ann.locator('input[name="wait"][value="15"]').check();
        await ann.screenshot({ path: docImagePath('lobby.png') });
        await ann.getByRole('button', { name: 'Play now', exact: true }).click();
        await ann.locator('#lobby-waiting li[data-place]', { hasText: 'Ann (you)' }).waitFor();
        // The name is kept in the browser.
        expect(await ann.evaluate(() => localStorage.getItem('whist-name'))).toBe('Ann');

        // Bob, on a phone: Ann's table is in the list; he types his name and joins it with the keyboard.
        const bobContext = await newContext(served.browser, { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
        contexts.push(bobContext);
        const bob = await bobContext.newPage();
        watched.push(watch(bob));
        await bob.goto(lobby);
        const annTable = bob.locator('li[data-table]', { has: bob.locator('.taken', { hasText: 'Ann' }) });
        await annTable.waitFor();
        await bob.keyboard.type('Bob');
        await bob.screenshot({ path: docImagePath('lobby-phone.png'), fullPage: true });
        // Nothing wider than the phone.
        expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await annTable.locator('button[data-join]').focus();
        await bob.keyboard.press('Enter');
        await bob.locator('#lobby-waiting li[data-place]', { hasText: 'Bob (you)' }).waitFor();
        await ann.locator('#lobby-waiting li[data-place]', { hasText: 'Bob' }).waitFor();
        if ((await bob.locator('#lobby-waiting').count()) > 0) await bob.screenshot({ path: docImagePath('lobby-waiting-phone.png') });

        // The wait is over: the empty seats go to computer players, and both pages go to the table by themselves.
        await Promise.all([atTable(ann), atTable(bob)]);
        for (const page of [ann, bob]) {
          const status = page.locator('#seat-status');
          await status.locator('[data-status="computer"]').nth(1).waitFor();
          expect(await status.locator('[data-status="computer"]').count()).toBe(2);
          const text = (await status.textContent()) ?? '';
          expect(text).toContain('Ann');
          expect(text).toContain('Bob');
          expect(text).toMatch(/Computer \d/);
        }
        // Each plays a card at their turn (the computer players play theirs in between).
        const played = await Promise.all([playOne(ann), playOne(bob)]);
        expect(played.every((c) => /^[2-9TJQKA][SHDC]$/.test(c))).toBe(true);
        for (const w of watched) expect(w.problems).toEqual([]);
      } finally {
        for (const c of contexts) await c.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
