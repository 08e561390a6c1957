import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, heuristicPlayer, type Seat, sortCards, type TableState, tableViewOrThrow } from 'whist';
import { type SamplingLevel, samplingPlayer } from 'whist/solver';
import { BOTS_KEY, STORAGE_KEY } from '../src/solo.js';
import { missingForBrowser, newContext, type ServedPage, screenshotPath, servePage, soloMirror, TEST_LIMIT_MS, watch } from './support.js';

// The computer players at the level the person chooses: the sampling player, thinking in a Worker. Their
// cards are the sampling player's from their own seats' views (rebuilt in Node, card for card); the level is
// kept by a reload and by the next new game; while one of them thinks, the page answers at once; and a card
// thought of for a point the person has taken back is never played.

const missing = missingForBrowser();
if (missing) console.log(`web/test/players.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };

/** The sampling players' cards, each from its own seat's view, up to `person`'s turn or the end of the hand. */
function samplingPlay(table: TableState, person: Seat, level: SamplingLevel, seed: number): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === person) return table;
    const view = tableViewOrThrow(table, next.seat).hand!;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: samplingPlayer(view, { level, seed }) });
  }
}

/** The person's cards in the page, and the trick on the table, seat and card. */
async function shown(page: Page): Promise<{ held: Card[]; trick: string[] }> {
  const { held, trick } = await page.evaluate(() => ({
    held: [...document.querySelectorAll<HTMLElement>('#table .hand button[data-card]')].map((b) => b.dataset.card as string),
    trick: [...document.querySelectorAll<HTMLElement>('#table .trick li[data-seat]')].map(
      (li) => `${li.dataset.seat}:${li.querySelector<HTMLElement>('[data-card]')?.dataset.card ?? ''}`,
    ),
  }));
  return { held: sortCards(held as Card[]), trick };
}

/** What the page must show for the table rebuilt in Node, at the person's turn: the trick in progress, or the last one won. */
function expected(table: TableState): { held: Card[]; trick: string[] } {
  const view = tableViewOrThrow(table, 'S');
  const hand = view.hand!;
  const t = hand.trick !== null && hand.trick.cards.length > 0 ? hand.trick : view.lastTrick;
  const seats = ['N', 'E', 'S', 'W'] as const;
  const at = (i: number) => seats[(seats.indexOf(t!.leader) + i) % 4];
  return { held: sortCards(hand.cards), trick: t === null ? [] : t.cards.map((c, i) => `${at(i)}:${c}`) };
}

const yourTurn = (page: Page) => page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first().waitFor();

describe.skipIf(missing !== null)('the computer players at the level the person chooses', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/players.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    "the level chosen in the settings plays a whole hand with the sampling player's cards; a reload, and the next new game, keep it",
    async () => {
      const seed = 11;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=basic&speed=instant`);
      await page.locator('#table .hand').first().waitFor();
      await page.locator('#controls summary').click();
      await page.getByLabel('Computer players').selectOption('fast');
      await page.locator('input[name="seed"]').fill(String(seed));
      await Promise.all([page.waitForURL(/bots=fast/), page.getByRole('button', { name: 'New game' }).click()]);
      expect(new URL(page.url()).search).toBe(`?rules=short&seed=${seed}&bots=fast&speed=instant`);

      let table = soloMirror(seed);
      for (let trick = 0; trick < 13; trick++) {
        table = samplingPlay(table, 'S', 'fast', seed);
        await yourTurn(page);
        expect(await shown(page)).toEqual(expected(table));
        const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
        await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
        await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      }
      table = samplingPlay(table, 'S', 'fast', seed);
      // The hand is over: the page offers the next deal, and its last trick is the one played in Node.
      await page.locator('[data-action="deal"]').first().waitFor();
      expect(tableViewOrThrow(table, null).next.action).toBe('deal');
      const last = tableViewOrThrow(table, 'S').lastTrick!;
      const lastShown = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#table .trick li[data-seat] [data-card]')].map((el) => el.dataset.card),
      );
      expect(sortCards(lastShown as Card[])).toEqual(sortCards([...last.cards]));
      await page.screenshot({ path: screenshotPath('players-hand-done.png') });

      // A reload keeps the game and its computer players.
      await page.reload();
      await page.locator('[data-action="deal"]').first().waitFor();
      await expect(page.getByLabel('Computer players').inputValue()).resolves.toBe('fast');
      expect(new URL(page.url()).searchParams.get('bots')).toBe('fast');
      await expect(page.locator('#mode').textContent()).resolves.toContain('(fast)');
      // The next new game, in one click, and a new game from the bare address, have them too.
      await Promise.all([page.waitForURL((u) => u.searchParams.get('seed') !== String(seed)), page.getByRole('button', { name: 'Play another game' }).click()]);
      expect(new URL(page.url()).searchParams.get('bots')).toBe('fast');
      await expect(page.evaluate((key) => localStorage.getItem(key), BOTS_KEY)).resolves.toBe('fast');
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
      await page.goto(served.web.url);
      await page.locator('#table .hand').first().waitFor();
      expect(new URL(page.url()).searchParams.get('bots')).toBe('fast');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'while a strong computer player thinks the page answers at once; a card taken back meanwhile drops what it was thinking',
    async () => {
      const seed = 2;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=strong&speed=instant`);
      let table = samplingPlay(soloMirror(seed), 'S', 'strong', seed);
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));
      const view = tableViewOrThrow(table, 'S').hand!;
      const first = heuristicPlayer(view);
      await page.locator(`.hand[data-turn="yes"] button[data-card="${first}"]`).click();
      await page.locator(`.hand button[data-card="${first}"]`).waitFor({ state: 'detached' });
      // West thinks (about two seconds a card at this level, in Node): the page answers every ask at once.
      const thinking = page.locator('#table p.turn[data-next-seat="W"]');
      await thinking.waitFor();
      const pings: number[] = [];
      for (let i = 0; i < 5; i++) {
        const since = Date.now();
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        pings.push(Date.now() - since);
      }
      await expect(thinking.count()).resolves.toBe(1);
      await expect(page.locator('#table p.turn').textContent()).resolves.toContain('…');
      expect(Math.max(...pings)).toBeLessThan(250);
      await page.screenshot({ path: screenshotPath('players-thinking.png') });

      // The card is taken back while West still thinks: West's answer, for a point that is gone, is never played.
      await page.keyboard.press('Control+z');
      await page.locator('#live').getByText('Your last card is taken back').waitFor();
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));
      const other = view.legalMoves.find((c) => c !== first) as Card;
      await page.locator(`.hand[data-turn="yes"] button[data-card="${other}"]`).click();
      table = samplingPlay(applyOrThrow(table, { type: 'play', seat: 'S', card: other }), 'S', 'strong', seed);
      await page.locator(`.hand button[data-card="${other}"]`).waitFor({ state: 'detached' });
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
