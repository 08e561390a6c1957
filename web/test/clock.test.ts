/**
 * A server table's turn clock in headless Chromium: a person at a table with a clock sees the countdown in
 * the box of the seat whose turn it is; they do not play, the clock runs out, and a computer player plays
 * their card; opening their link again gives them the seat back, and their next turn's clock runs afresh. A
 * card clicked on a view the table has left (played meanwhile from another device) is refused as stale.
 * Screenshots: web/screenshots/clock-running.png and clock-out.png.
 */

import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../server/test/support/processes.js';
import { missingForBrowser, newContext, type ServedPage, screenshotPath, servePage, TEST_LIMIT_MS, watch } from './support.js';

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/clock.test.ts is skipped: ${missing}`);

describe.skipIf(missing !== null)('a turn clock at a server table', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/clock.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    'counts down at the seat to play, and when it runs out a computer player plays the card; the person takes the seat back',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '300' });
      let context: BrowserContext | null = null;
      try {
        // East leads the first trick: East is the person, with 6 seconds a card.
        const res = await fetch(`${server.url}/tables`, {
          method: 'POST',
          body: JSON.stringify({ rules: 'short', computers: ['N', 'S', 'W'], clock: { card: 6, decision: 6 } }),
        });
        const opened = (await res.json()) as { id: string; seats: { E: { token: string } } };
        context = await newContext(served.browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const problems = watch(page);
        const link = `${served.web.url}?${new URLSearchParams({ server: server.url, table: opened.id, token: opened.seats.E.token })}`;
        await page.goto(link);
        await page.locator('#seat-status [data-seat="E"][data-status="connected"]').waitFor();
        // The countdown, in East's box: a card's clock, at most the 6 seconds given.
        const clock = page.locator('.seat[data-seat="E"] .turn-clock');
        await clock.waitFor();
        expect(await clock.getAttribute('data-clock-kind')).toBe('card');
        expect(Number(await clock.getAttribute('data-clock-left'))).toBeLessThanOrEqual(6);
        expect(await clock.textContent()).toMatch(/^0:0[0-6]$/);
        expect(await clock.getAttribute('aria-label')).toMatch(/^East: \d seconds? left$/);
        // No other seat has a clock: the table waits on East alone.
        expect(await page.locator('.turn-clock').count()).toBe(1);
        await page.screenshot({ path: screenshotPath('clock-running.png') });
        // East does not play: the clock runs out, East's seat goes to a computer player, which plays its card.
        expect(await page.locator('.hand button[data-card]').count()).toBe(13);
        await page.locator('#seat-status [data-seat="E"][data-status="computer"]').waitFor();
        await page.waitForFunction(() => document.querySelectorAll('.hand button[data-card]').length === 12);
        await page.screenshot({ path: screenshotPath('clock-out.png') });
        // Opening the link again gives East the seat back, and East's next turn has its clock.
        await page.goto(link);
        await page.locator('#seat-status [data-seat="E"][data-status="connected"]').waitFor();
        await page.locator('.seat[data-seat="E"] .turn-clock').waitFor();
        expect(problems.problems).toEqual([]);
      } finally {
        await context?.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'a card clicked on a view the table has left is refused as stale (409): the page says the table changed and shows it as it is',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0' });
      let context: BrowserContext | null = null;
      try {
        // East, the person, leads; the other three are computer players. No clock.
        const res = await fetch(`${server.url}/tables`, { method: 'POST', body: JSON.stringify({ rules: 'short', computers: ['N', 'S', 'W'] }) });
        const opened = (await res.json()) as { id: string; seats: { E: { token: string } } };
        context = await newContext(served.browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const problems = watch(page);
        // The page's event stream is held open and silent: the page does not hear that the table moved on.
        await page.route('**/events', () => {});
        await page.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, table: opened.id, token: opened.seats.E.token })}`);
        const enabled = page.locator('.hand button[data-card]:not([disabled])');
        await enabled.nth(1).waitFor();
        const [first, second] = [await enabled.nth(0).getAttribute('data-card'), await enabled.nth(1).getAttribute('data-card')];
        // East plays a card from another device (the same seat's link), and the computer players go on.
        const other = await fetch(`${server.url}/tables/${opened.id}/actions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opened.seats.E.token}` },
          body: JSON.stringify({ type: 'play', card: first }),
        });
        expect(other.status).toBe(200);
        // On the page, which still shows the table before that card, East clicks another card.
        await page.locator(`.hand button[data-card="${second}"]`).click();
        await page.locator('p.error', { hasText: 'The table changed meanwhile' }).waitFor();
        // The page shows the table as it is: the card played from the other device is gone from the hand, the
        // card clicked is still held.
        expect(await page.locator(`.hand button[data-card="${first}"]`).count()).toBe(0);
        expect(await page.locator(`.hand button[data-card="${second}"]`).count()).toBe(1);
        expect(await page.locator('.hand button[data-card]').count()).toBe(12);
        // The one refusal was the server's 409 for the stale view.
        expect(problems.problems.filter((p) => !p.includes('status of 409 (Conflict)'))).toEqual([`HTTP 409: POST ${server.url}/tables/${opened.id}/actions`]);
      } finally {
        await context?.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
