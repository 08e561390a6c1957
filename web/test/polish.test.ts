import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  cardSuit,
  currentHand,
  heuristicPlayer,
  legalMoves,
  type Suit,
  seedRandom,
  sortCards,
  type TableState,
  tableViewOrThrow,
} from 'whist';
import { FORCED_KEY } from '../src/page/forced.js';
import { STATS_KEY } from '../src/page/stats.js';
import { STORAGE_KEY, saveText } from '../src/solo.js';
import {
  axeFindings,
  computersPlay,
  missingForBrowser,
  newContext,
  type ServedPage,
  screenshotPath,
  servePage,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// What a player notices at the solo table, each checked in headless Chromium at 1280x800 and on a 375x740
// phone: a new game asks before it leaves a hand in progress, and a game left goes on at its address; a
// refused claim's explanation is read whole, the page scrolling, not a box; the last trick's names never lie
// on one another; no code name reaches the page, and a new rubber says that partners are cut again; larger
// cards on a desktop, trumps at one end of the hand, the only legal card played by itself, a first hand
// that teaches, and the person's statistics.

const missing = missingForBrowser();
if (missing) console.log(`web/test/polish.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SEED = 7;

/** A deal on which South, with 4 tricks left, claims them all and the computer players play on (as in claims.test.ts). */
const CLAIM_SEED = 36;

const soloUrl = (served: ServedPage, seed: number, extra = '') => `${served.web.url}?rules=short&seed=${seed}&bots=heuristic&speed=instant${extra}`;

/** The person's cards in the page, sorted. */
async function held(page: Page): Promise<Card[]> {
  const cards = await page.locator('#table .hand button[data-card]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card as string));
  return sortCards(cards as Card[]);
}

/** Waits until the person may play. */
const yourTurn = (page: Page) => page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first().waitFor();

/** Plays `n` of the person's cards (the rules of thumb's), each by a click or a tap, waiting for each to leave the hand. */
async function playCards(page: Page, table: TableState, n: number, tap = false): Promise<TableState> {
  for (let i = 0; i < n; i++) {
    table = computersPlay(table, 'S');
    const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
    const button = page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`);
    if (tap) await button.tap();
    else await button.click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
  return computersPlay(table, 'S');
}

describe.skipIf(missing !== null)('the solo table as a player finds it', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/polish.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  for (const [name, options] of [
    ['desktop', { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' as const }],
    ['phone', { viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const }],
  ] as const) {
    it(
      `${name}: "Play another game" asks before it leaves a hand in progress; the game left goes on at its old address`,
      async () => {
        const phone = name === 'phone';
        const context = await newContext(served.browser, options);
        const page = await context.newPage();
        const { problems } = watch(page);
        const press = (selector: string) => (phone ? page.locator(selector).tap() : page.locator(selector).click());
        await page.goto(soloUrl(served, SEED));
        await yourTurn(page);
        await playCards(page, soloMirror(SEED), 2, phone);
        await yourTurn(page);
        const before = await held(page);
        expect(before).toHaveLength(11);

        // The question, with the focus on going on.
        await press('[data-action="new-game"]');
        const dialog = page.locator('dialog#leave');
        await dialog.waitFor();
        await expect(dialog.getByRole('heading').textContent()).resolves.toBe('Leave this hand for a new game?');
        await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset.leave)).resolves.toBe('stay');
        for (const b of await dialog.locator('button').all()) {
          const r = (await b.boundingBox())!;
          expect(r.x).toBeGreaterThanOrEqual(0);
          expect(r.x + r.width).toBeLessThanOrEqual(options.viewport.width);
          expect(r.y + r.height).toBeLessThanOrEqual(options.viewport.height);
          expect(r.height).toBeGreaterThanOrEqual(44);
        }
        expect(await axeFindings(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`polish-leave-${name}.png`) });

        // Going on: by Esc on a desktop, by its button on a phone; nothing changed.
        if (phone) await press('dialog#leave [data-leave="stay"]');
        else await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(new URL(page.url()).searchParams.get('seed')).toBe(String(SEED));
        expect(await held(page)).toEqual(before);

        // Leaving: a new game, with a new seed.
        if (phone) {
          await press('[data-action="new-game"]');
          await dialog.waitFor();
          await Promise.all([page.waitForURL((u) => u.searchParams.get('seed') !== String(SEED)), press('dialog#leave [data-leave="new"]')]);
        } else {
          await press('[data-action="new-game"]');
          await dialog.waitFor();
          await page.keyboard.press('Tab');
          await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset.leave)).resolves.toBe('new');
          await Promise.all([page.waitForURL((u) => u.searchParams.get('seed') !== String(SEED)), page.keyboard.press('Enter')]);
        }
        await page.locator('#table .hand button[data-card]').first().waitFor();
        expect(await held(page)).toHaveLength(13);
        const newSeed = new URL(page.url()).searchParams.get('seed');

        // The old address: the game left goes on where it was, not dealt again from its first card.
        await page.goto(soloUrl(served, SEED));
        await yourTurn(page);
        expect(await held(page)).toEqual(before);
        // And the new game is kept in its turn.
        await page.goto(soloUrl(served, Number(newSeed)));
        await page.locator('#table .hand button[data-card]').first().waitFor();
        expect(await held(page)).toHaveLength(13);
        expect(problems).toEqual([]);
        await context.close();
      },
      TEST_LIMIT_MS,
    );
  }

  it(
    'phone: a refused claim is explained whole, no box scrolls inside, and its line of play is seen by scrolling the page',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(soloUrl(served, CLAIM_SEED));
      let table = soloMirror(CLAIM_SEED);
      for (;;) {
        table = computersPlay(table, 'S');
        await yourTurn(page);
        if (13 - tableViewOrThrow(table, 'S').hand!.tricks.length <= 4) break;
        table = await playCards(page, table, 1, true);
      }
      await page.locator('[data-action="claim-open"]').tap();
      await page.locator('[data-action="claim-send"]').tap();
      const panel = page.locator('[data-claim="refused"]');
      await panel.waitFor();
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.over-felt, [data-claim="refused"], [data-claim="refused"] *')]
          .filter((e) => e.closest('.sr-only') === null && e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible')
          .map((e) => `${e.className}: ${e.scrollHeight} > ${e.clientHeight}`),
      );
      expect(boxes).toEqual([]);
      const heights = await panel.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      console.log(`the refused claim's panel at 375x740: ${heights.client} px tall for ${heights.scroll} px of text`);
      expect(heights.scroll).toBeLessThanOrEqual(heights.client);
      await page.screenshot({ path: screenshotPath('polish-claim-phone.png') });
      // The line's last trick: the page scrolls to it, and nothing lies over it.
      const last = page.locator('[data-counter="line"] li').last();
      await last.scrollIntoViewIfNeeded();
      const seen = await last.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + 8, r.top + r.height / 2);
        return { top: r.top, bottom: r.bottom, onTop: top !== null && e.contains(top) };
      });
      expect(seen.top).toBeGreaterThanOrEqual(0);
      expect(seen.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(seen.onTop).toBe(true);
      await page.screenshot({ path: screenshotPath('polish-claim-phone-line.png') });
      expect(await axeFindings(page)).toEqual([]);
      // Closed, the table is where it was.
      await page.locator('[data-action="counter-close"]').tap();
      await panel.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'phone: at the end of a hand the last trick lies with its four names apart, none over another',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(soloUrl(served, SEED));
      let table = soloMirror(SEED);
      for (;;) {
        table = computersPlay(table, 'S');
        if (tableViewOrThrow(table, 'S').next.action !== 'play') break;
        await yourTurn(page);
        table = await playCards(page, table, 1, true);
      }
      await page.locator('.result').waitFor();
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      const labels = await page.locator('.trick .who').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { text: e.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom, opacity: Number(getComputedStyle(e).opacity) };
        }),
      );
      expect(labels.map((l) => l.text).sort()).toEqual(['East', 'North', 'West', 'You']);
      for (const l of labels) expect(l.opacity, l.text).toBe(1);
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i]!;
          const b = labels[j]!;
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `${a.text} and ${b.text}: ${JSON.stringify([a, b])}`).toBe(true);
        }
      await page.screenshot({ path: screenshotPath('polish-last-trick-phone.png') });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'no code name of a level or of rules reaches the page; a new rubber says that partners are cut again, in English, German and French',
    async () => {
      // A rubber played out in Node, stored as the page stores a game, waiting for the new rubber.
      let table = soloMirror(SEED);
      for (;;) {
        const next = tableViewOrThrow(table, null).next;
        if (next.action === 'newRubber') break;
        if (next.action === 'deal') table = applyOrThrow(table, { type: 'deal' });
        else if (next.action === 'play')
          table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
        else throw new Error(`unexpected ${next.action}`);
      }
      const text = saveText({ rules: 'short', seed: SEED, bots: 'heuristic', table, random: seedRandom(SEED + 1), undo: null });
      const said: Record<string, RegExp> = {
        en: /^New rubber: partners cut again — your partner is \S+ \((North|East|West)\), against \S+ and \S+\.$/,
        de: /^Neuer Rubber: Die Partner werden neu gezogen — Ihr Partner ist \S+ \((Nord|Ost|West)\), gegen \S+ und \S+\.$/,
        fr: /^Nouveau robre : les partenaires sont tirés à nouveau — votre partenaire est \S+ \((Nord|Est|Ouest)\), contre \S+ et \S+\.$/,
      };
      for (const lang of ['en', 'de', 'fr'] as const) {
        const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const { problems } = watch(page);
        await page.goto(soloUrl(served, SEED, `&lang=${lang}`));
        await page.locator('.play .status').waitFor();
        await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [STORAGE_KEY, text]);
        await page.goto(soloUrl(served, SEED, `&lang=${lang}`));
        await page.locator('[data-action="new-rubber"]').click();
        const notice = page.locator('[data-notice="recut"]');
        await notice.waitFor();
        await expect(notice.textContent()).resolves.toMatch(said[lang]!);
        await expect(page.locator('#live').textContent()).resolves.toContain((await notice.textContent()) ?? '');
        if (lang === 'en') await page.screenshot({ path: screenshotPath('polish-recut-desktop.png') });
        // The page as a whole, the settings open: no code name of a level or of rules (the form that opens a
        // table on a server is left out: its rules' names are the server table's part of the page).
        await page.locator('#controls > summary').click();
        const words = await page.evaluate(() => {
          const options = [...document.querySelectorAll('option')].filter((o) => o.closest('#open-table') === null).map((o) => o.textContent ?? '');
          // The link to the game is its address, as it is.
          const form = document.getElementById('open-table');
          const share = document.getElementById('share');
          const text = document.body.innerText.replace(form?.innerText ?? '', '').replace(share?.innerText ?? '', '');
          return `${text}\n${options.join('\n')}`;
        });
        for (const code of ['(basic)', 'basic', 'heuristic', '-ruled', 'german-long', 'ten-point'])
          expect(words.includes(code), `${lang}: ${code}`).toBe(false);
        // A rules option named by the preset's code name, as "short (game of 5)" was.
        expect(
          words.split('\n').filter((line) => /^(short|long|american) \(/.test(line)),
          lang,
        ).toEqual([]);
        expect(await axeFindings(page)).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'desktop: larger cards, all thirteen on one row with no sideways scrolling; trumps at one end of the hand, the colours alternating',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      for (const seed of [SEED, 8, 9, 10]) {
        await page.goto(soloUrl(served, seed));
        await page.locator('#table .hand button[data-card]').first().waitFor();
        const cards = await page.locator('#table .hand button[data-card]').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { card: (e as HTMLElement).dataset.card as string, width: r.width, height: r.height, top: r.top, right: r.right };
          }),
        );
        expect(cards).toHaveLength(13);
        // 52 x 74 px before: noticeably bigger now.
        for (const c of cards) {
          expect(c.width, c.card).toBeGreaterThanOrEqual(62);
          expect(c.height, c.card).toBeGreaterThanOrEqual(88);
          expect(c.top, c.card).toBeCloseTo(cards[0]!.top, 0);
          expect(c.right, c.card).toBeLessThanOrEqual(DESKTOP.width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
        expect(await page.locator('.cards').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        // The suits in the hand's order: trumps first, no two neighbours of one colour where that can be.
        const trump = tableViewOrThrow(soloMirror(seed), 'S').hand!.trump;
        const suits = cards.map((c) => cardSuit(c.card as Card)).filter((s, i, all) => all.indexOf(s) === i) as Suit[];
        if (trump !== null && suits.includes(trump)) expect(suits[0], `seed ${seed}`).toBe(trump);
        const red = (s: Suit) => s === 'H' || s === 'D';
        const clashes = suits.slice(1).filter((s, i) => red(s) === red(suits[i]!)).length;
        // The fewest clashes of any order with the trumps first.
        const orders = (left: Suit[]): Suit[][] => (left.length <= 1 ? [left] : left.flatMap((x) => orders(left.filter((y) => y !== x)).map((o) => [x, ...o])));
        const head = trump !== null && suits.includes(trump) ? [trump] : [];
        const fewest = Math.min(
          ...orders(suits.filter((x) => !head.includes(x))).map((o) => {
            const all = [...head, ...o];
            return all.slice(1).filter((x, i) => red(x) === red(all[i]!)).length;
          }),
        );
        expect(clashes, `seed ${seed}: ${suits.join(' ')}`).toBe(fewest);
        if (seed === SEED) await page.screenshot({ path: screenshotPath('polish-cards-desktop.png') });
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the only legal card is played by itself once the setting is on; the setting is kept; off, nothing is played for the person',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(soloUrl(served, SEED));
      await yourTurn(page);
      await page.locator('#controls > summary').click();
      const box = page.getByLabel('Play my only legal card by itself');
      await expect(box.isChecked()).resolves.toBe(false);
      await box.check();
      await expect(page.evaluate((key) => localStorage.getItem(key), FORCED_KEY)).resolves.toBe('1');
      await page.reload();
      await expect(page.getByLabel('Play my only legal card by itself').isChecked()).resolves.toBe(true);
      let table = soloMirror(SEED);
      let forced = 0;
      for (;;) {
        table = computersPlay(table, 'S');
        const view = tableViewOrThrow(table, 'S');
        if (view.next.action !== 'play') break;
        const legal = legalMoves(currentHand(table)!);
        const card = heuristicPlayer(view.hand!);
        if (legal.length === 1) {
          // Not clicked: it goes by itself.
          forced++;
          await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
        } else {
          await yourTurn(page);
          await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
          await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        }
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      }
      await page.locator('.result').waitFor();
      console.log(`cards played by themselves in the hand: ${forced}`);
      expect(forced).toBeGreaterThanOrEqual(1);
      // Off: the last card waits for the person.
      await page.locator('#controls > summary').click();
      await page.getByLabel('Play my only legal card by itself').uncheck();
      await expect(page.evaluate((key) => localStorage.getItem(key), FORCED_KEY)).resolves.toBe(null);
      await page.goto(soloUrl(served, SEED + 100));
      let other = computersPlay(soloMirror(SEED + 100), 'S');
      for (let n = 0; n < 12; n++) {
        const card = heuristicPlayer(tableViewOrThrow(other, 'S').hand!);
        await yourTurn(page);
        await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        other = computersPlay(applyOrThrow(other, { type: 'play', seat: 'S', card }), 'S');
      }
      await yourTurn(page);
      await page.waitForTimeout(1500);
      await expect(page.locator('.hand button[data-card]').count()).resolves.toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "Learn: a first hand with a tip at each of the person's turns; and the statistics of the hands played, kept in the browser",
    async () => {
      for (const [name, options] of [
        ['desktop', { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' as const }],
        ['phone', { viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const }],
      ] as const) {
        const context = await newContext(served.browser, options);
        const page = await context.newPage();
        const { problems } = watch(page);
        await page.goto(soloUrl(served, SEED));
        await yourTurn(page);
        await expect(page.locator('[data-learn="tip"]').count()).resolves.toBe(0);
        // The Learn entry in the settings: a new game whose first hand teaches.
        await page.locator('#controls > summary').click();
        await Promise.all([page.waitForURL(/learn=1/), page.locator('#learn-open').click()]);
        const seed = Number(new URL(page.url()).searchParams.get('seed'));
        let table = soloMirror(seed);
        const tips: string[] = [];
        for (;;) {
          table = computersPlay(table, 'S');
          const view = tableViewOrThrow(table, 'S');
          if (view.next.action !== 'play') break;
          await yourTurn(page);
          const tip = (await page.locator('[data-learn="tip"]').textContent()) ?? '';
          const hand = view.hand!;
          const led = hand.trick !== null && hand.trick.cards.length > 0 ? cardSuit(hand.trick.cards[0]!) : null;
          if (tips.length === 0) expect(tip).toMatch(/^You sit South; North is your partner\./);
          if (hand.legalMoves.length === 1 && hand.cards.length > 1) expect(tip).toContain('only one of your cards');
          else if (led === null) expect(tip).toContain('you lead');
          else if (hand.cards.some((c) => cardSuit(c) === led)) expect(tip).toContain('you must play');
          else expect(tip).toContain('you have no');
          tips.push(tip);
          if (tips.length === 1 && name === 'phone') await page.screenshot({ path: screenshotPath('polish-learn-phone.png') });
          if (tips.length === 2 && name === 'desktop') {
            await page.screenshot({ path: screenshotPath('polish-learn-desktop.png') });
            expect(await axeFindings(page)).toEqual([]);
          }
          table = await playCards(page, table, 1, name === 'phone');
        }
        await page.locator('.result').waitFor();
        expect(tips).toHaveLength(13);
        // The hand is counted once, even shown again.
        await page.reload();
        await page.locator('.result').waitFor();
        const last = tableViewOrThrow(table, 'S').hands.at(-1)!;
        const stats = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STATS_KEY)) ?? 'null');
        expect(stats).toMatchObject({ hands: 1, handsWon: last.tricks.NS > 6 ? 1 : 0, rubbers: 0, rubbersWon: 0 });
        await page.locator('#controls > summary').click();
        await page.locator('#stats-open').click();
        const dialog = page.locator('dialog#stats');
        await dialog.waitFor();
        await expect(dialog.locator('[data-stat="hands"]').textContent()).resolves.toBe('1');
        await expect(dialog.locator('[data-stat="handsWon"]').textContent()).resolves.toMatch(last.tricks.NS > 6 ? /^1 \(100\s?%\)$/ : /^0 \(0\s?%\)$/);
        expect(await axeFindings(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`polish-stats-${name}.png`) });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // The next hand is no longer the first: no tips.
        await page.locator('[data-action="deal"]').click();
        table = computersPlay(applyOrThrow(table, { type: 'deal' }), 'S');
        await yourTurn(page);
        await expect(page.locator('[data-learn="tip"]').count()).resolves.toBe(0);
        expect(problems).toEqual([]);
        await context.close();
      }
    },
    TEST_LIMIT_MS,
  );
});
