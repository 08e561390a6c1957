import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, currentHand, heuristicPlayer, type Seat, type TableState, type TableView, tableViewOrThrow } from 'whist';
import { checkClaim } from 'whist/solver';
import { ANSWER_NODES, BOT_CLAIM_LEFT, BOT_CLAIM_NODES } from '../src/solo.js';
import {
  axeFindings,
  computersPlay,
  missingForBrowser,
  newContext,
  pageScores,
  type ServedPage,
  screenshotPath,
  servePage,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// Claims and concessions at the solo table, in headless Chromium: the person claims or concedes, the computer
// players answer with the claim's check (accepting a claim that holds, playing on and showing why when it
// does not), and a computer player that is sure of every trick left claims them. Each game is rebuilt in
// Node with the library from the same seed, so the test knows what the page must show.

const missing = missingForBrowser();
if (missing) console.log(`web/test/claims.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** A deal on which South can claim the last 3 tricks (and cannot claim the last 4). */
const CLAIM_SEED = 36;
/** A deal on which West, at its turn with 2 tricks left, is sure of both and claims them. */
const BOT_CLAIM_SEED = 1;

const url = (served: ServedPage, seed: number, extra = '') => `${served.web.url}?rules=short&seed=${seed}&bots=basic&speed=instant${extra}`;

/** Tricks left in the hand on the table. */
const left = (table: TableState) => 13 - (tableViewOrThrow(table, null).hand?.tricks.length ?? 13);

/**
 * Plays the person's cards (those the basic player would choose), waiting for each to leave the hand,
 * until the person's turn with `until` tricks left; the table rebuilt in Node alongside.
 */
async function playTo(page: Page, table: TableState, until: number): Promise<TableState> {
  for (;;) {
    table = computersPlay(table, 'S');
    await page.locator('.hand[data-turn="yes"]').waitFor();
    if (left(table) <= until) return table;
    const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
    await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

/** The cards a page's element lists (`[data-card]` inside it), in order. */
async function cardsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} [data-card]`).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card as string));
}

/** The score table's tricks and game score against the view the library gives for the table in Node. */
async function expectScored(page: Page, view: TableView): Promise<void> {
  const s = await pageScores(page);
  expect(s.tricks).toEqual(view.hands.at(-1)?.tricks);
  expect(s.game).toEqual(view.score);
  expect(s.games).toEqual(view.gamesWon);
}

describe.skipIf(missing !== null)('claims and concessions at the solo table', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/claims.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    'a claim that holds: the person claims the last 3 tricks, the computer players check it and accept, the hand is scored as claimed',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(url(served, CLAIM_SEED));
      let table = await playTo(page, soloMirror(CLAIM_SEED), 3);
      const hand = currentHand(table)!;
      expect(checkClaim(hand, { seat: 'S', tricks: 3 }, { maxNodes: ANSWER_NODES })).toMatchObject({ ok: true, value: { holds: true } });
      const handTop = (await page.locator('.hand').boundingBox())!.y;
      await page.locator('[data-action="claim-open"]').click();
      const form = page.locator('[data-claim="form"]');
      await form.waitFor();
      await expect(form.locator('select[name="claim-tricks"]').inputValue()).resolves.toBe('3');
      await page.screenshot({ path: screenshotPath('claims-form.png') });
      await form.locator('[data-action="claim-send"]').click();
      await page.locator('.result').waitFor();
      await expect(page.locator('.result .claim-ended').textContent()).resolves.toBe('You claim all 3 tricks left: accepted, the hand is over.');
      table = applyOrThrow(table, { type: 'claim', seat: 'S', tricks: 3 });
      table = applyOrThrow(table, { type: 'acceptClaim', seat: 'E' });
      table = applyOrThrow(table, { type: 'acceptClaim', seat: 'W' });
      const view = tableViewOrThrow(table, 'S');
      expect(view.next.action).toBe('deal');
      await expectScored(page, view);
      // The hand did not move: the cards still held lie where they were.
      expect((await page.locator('.hand').boundingBox())!.y).toBeCloseTo(handTop, 0);
      await page.screenshot({ path: screenshotPath('claims-held.png') });
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a claim that fails: the computer players play on and show the layout and the line that beat it, with the cards as the page shows them',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(url(served, CLAIM_SEED));
      let table = await playTo(page, soloMirror(CLAIM_SEED), 4);
      const check = checkClaim(currentHand(table)!, { seat: 'S', tricks: 4 }, { maxNodes: ANSWER_NODES });
      if (!check.ok || check.value.holds) throw new Error('the claim of 4 was to fail');
      const refused = check.value;
      await page.locator('[data-action="claim-open"]').click();
      await page.locator('[data-claim="form"] [data-action="claim-send"]').click();
      const panel = page.locator('[data-claim="refused"]');
      await panel.waitFor();
      table = applyOrThrow(table, { type: 'claim', seat: 'S', tricks: 4 });
      table = applyOrThrow(table, { type: 'refuseClaim', seat: 'E' });
      // The layout: the cards each seat South could not see might hold, as the check found them.
      for (const seat of ['W', 'N', 'E'] as const) {
        const list = panel.locator('[data-counter="layout"] .held').filter({ hasText: `${{ W: 'West', N: 'North', E: 'East' }[seat]} might hold` });
        expect(await cardsIn(page, `[data-counter="layout"] .held:nth-child(${['W', 'N', 'E'].indexOf(seat) + 1})`)).toEqual(
          [...refused.layout[seat]].sort((a, b) => 'SHCD'.indexOf(a[1]!) - 'SHCD'.indexOf(b[1]!)),
        );
        await expect(list.count()).resolves.toBe(1);
      }
      // The line: every card of it, in order, after the cards already on the table.
      const trick = tableViewOrThrow(table, 'S').hand!.trick!;
      expect(await cardsIn(page, '[data-counter="line"]')).toEqual([...trick.cards, ...refused.line]);
      await expect(panel.locator('p').nth(1).textContent()).resolves.toContain(`takes only ${refused.taken} `);
      await page.screenshot({ path: screenshotPath('claims-refused.png') });
      expect(await axeFindings(page)).toEqual([]);
      // Play goes on: the person plays a card, which closes the panel.
      const view = tableViewOrThrow(table, 'S');
      expect(view.next).toEqual({ action: 'play', seat: 'S' });
      const card = heuristicPlayer(view.hand!);
      await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
      await panel.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});

// Kept for the next tests.
void BOT_CLAIM_SEED;
void BOT_CLAIM_LEFT;
void BOT_CLAIM_NODES;
void PHONE;

export type { Seat };
