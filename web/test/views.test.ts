/**
 * The work of the solo table, counted: the page builds at most two table views per card (the person's,
 * which it shows, and the computer player's own, from which it chooses its card), whatever plays the other
 * seats and whatever the pace. A whole hand is played by clicking, as a person would, in a page built to
 * count its calls of `tableView` and `tableViewOrThrow` (`servePage(…, { countViews: true })`); the count
 * runs from the page's start to the hand's score, so that it holds every view the page built for the hand.
 *
 * @module
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingForBrowser, newContext, type ServedPage, servePage, TEST_LIMIT_MS, tableViewsBuilt, watch } from './support.js';

const missing = missingForBrowser();
if (missing) console.log(`web/test/views.test.ts: skipped, ${missing}`);

/** The most table views the page may build for each card played. */
const VIEWS_PER_CARD = 2;

/**
 * Plays the person's cards by clicking the first card they may play at each turn, until the hand's score is
 * shown; returns the person's cards played.
 */
async function playHand(page: Page): Promise<number> {
  let played = 0;
  for (;;) {
    await page.locator('.hand[data-turn="yes"], .result').first().waitFor();
    if ((await page.locator('.result').count()) > 0) return played;
    // A card that follows suit: under the laws the page lets the person revoke too, after asking.
    const button = page.locator('.hand button[data-card]:not([disabled]):not(.off-suit)').first();
    const card = await button.getAttribute('data-card');
    await button.click();
    await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
    played++;
  }
}

describe.skipIf(missing !== null)('the solo table builds at most two table views per card', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/views.test.ts', { countViews: true });
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  // The computer players at once and at a pace (each card shown by itself), by the rules of thumb and by
  // sampling in their Worker, with irregularities ruled by the laws, and in Long Whist by the laws.
  const games = [
    'rules=short&seed=7&bots=heuristic&speed=instant',
    'rules=short&seed=7&bots=heuristic&speed=fast',
    'rules=short&seed=11&bots=fast&speed=instant',
    'rules=short&seed=5&bots=heuristic&speed=instant&laws=1',
    'rules=long&seed=3&bots=heuristic&speed=fast&laws=1',
  ];

  it.each(games)(
    '?%s: a whole hand played by clicking, every view counted',
    async (query) => {
      const context = await newContext(served.browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?${query}`);
      const person = await playHand(page);
      const views = await tableViewsBuilt(page);
      const cards = 52;
      console.log(`?${query}: ${views} table views for a hand of ${cards} cards (${person} the person's): ${(views / cards).toFixed(2)} a card`);
      expect(person).toBe(13);
      expect(views).toBeGreaterThan(0);
      expect(views).toBeLessThanOrEqual(VIEWS_PER_CARD * cards);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
