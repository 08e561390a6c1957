import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, heuristicPlayer, type TableState, type TableView, tableViewOrThrow } from 'whist';
import {
  axeFindings,
  computersPlay,
  docImagePath,
  missingForBrowser,
  newContext,
  pageScores,
  type ServedPage,
  servePage,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// The table's layout and look in headless Chromium: the person's cards stay where they are while tricks
// come and go, a phone shows the whole turn on one screen, the page passes axe-core, and the screenshots in
// docs/images are taken here (into web/screenshots/docs/; web/scripts/doc-images.ts puts them in docs/images).

const missing = missingForBrowser();
if (missing) console.log(`web/test/layout.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SEED = 7;
/** Where a screenshot of the docs goes (`docImagePath`); PNGs are kept small (device scale 1, the viewport only). */
const image = docImagePath;

async function shoot(page: Page, name: string): Promise<void> {
  // The cards just played have landed (no animation runs), so the picture shows the table as it stays.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: image(name) });
  expect(statSync(image(name)).size, name).toBeLessThanOrEqual(200_000);
}

/** The person's cards of the first hand, in the order they are played (the page's computer players and the test's person both play `heuristicPlayer`). */
function personsCards(seed: number): Card[] {
  let table = soloMirror(seed);
  const cards: Card[] = [];
  for (;;) {
    table = computersPlay(table, 'S');
    const view = tableViewOrThrow(table, 'S');
    if (view.next.action !== 'play') return cards;
    const card = heuristicPlayer(view.hand!);
    cards.push(card);
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

/** Plays the person's cards until the hand is over, calling `before` at each turn before the card is clicked. */
async function playHand(page: Page, table: TableState, before: (n: number, view: TableView) => Promise<void>): Promise<TableState> {
  for (let n = 0; ; n++) {
    table = computersPlay(table, 'S');
    const view = tableViewOrThrow(table, 'S');
    if (view.next.action !== 'play') {
      await page.locator('.result').waitFor();
      return table;
    }
    await page.locator('.hand[data-turn="yes"]').waitFor();
    await before(n, view);
    const card = heuristicPlayer(view.hand!);
    await page.locator(`button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

type Box = { top: number; bottom: number; left: number; right: number };

async function box(page: Page, selector: string): Promise<Box> {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left + scrollX, right: r.right + scrollX };
    });
}

/** Texts on the felt that a card lying on the table or moving onto it covers: the trick's caption and the names by the played cards. */
async function coveredCaptions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.trick-caption, .trick .who')) {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (top === null || !el.contains(top)) covered.push(el.textContent ?? '');
    }
    return covered;
  });
}

describe.skipIf(missing !== null)('the table keeps still, fits a phone, and reads well', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/layout.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    "at 1280x800 the person's cards do not move while tricks come and go, nor when the last trick is opened",
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      // Every frame, the hand's top edge: the computer players' cards and the tricks collected between two turns count too.
      await page.addInitScript(() => {
        const seen = { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
        (window as unknown as { handTops: typeof seen }).handTops = seen;
        const frame = () => {
          const hand = document.querySelector('.hand');
          if (hand !== null && hand.querySelector('button[data-card]') !== null) {
            const top = hand.getBoundingClientRect().top + scrollY;
            seen.min = Math.min(seen.min, top);
            seen.max = Math.max(seen.max, top);
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=fast`);
      const kept = personsCards(SEED).at(-1) as Card; // held until the last trick
      const handTops: number[] = [];
      const cardTops: number[] = [];
      await playHand(page, soloMirror(SEED), async (n, view) => {
        handTops.push((await box(page, '.hand')).top);
        cardTops.push((await box(page, `button[data-card="${kept}"]`)).top);
        expect(await coveredCaptions(page), `turn ${n}`).toEqual([]);
        if (n === 0) await shoot(page, 'solo-desktop-start.png');
        if (n === 6) {
          expect(view.hand!.trick?.cards.length).toBeGreaterThan(0);
          await shoot(page, 'solo-desktop-mid-hand.png');
        }
        if (n === 4) {
          // The last trick opens over the table, and nothing under the pointer moves.
          await page.keyboard.press('l');
          await page.locator('#last-trick').waitFor();
          expect((await box(page, '.hand')).top).toBeCloseTo(handTops[0] as number, 0);
          expect((await box(page, `button[data-card="${kept}"]`)).top).toBeCloseTo(cardTops[0] as number, 0);
          expect((await box(page, '#last-trick')).bottom).toBeLessThanOrEqual(DESKTOP.height);
          await page.keyboard.press('Escape');
          await page.locator('#last-trick').waitFor({ state: 'detached' });
        }
      });
      console.log(
        `hand's top edge before each card at 1280x800: ${handTops.map(Math.round).join(', ')}; a held card's: ${cardTops.map(Math.round).join(', ')}`,
      );
      const frames = await page.evaluate(() => (window as unknown as { handTops: { min: number; max: number } }).handTops);
      console.log(`hand's top edge over every frame of the hand: ${Math.round(frames.min)} to ${Math.round(frames.max)}`);
      expect(Math.max(...handTops) - Math.min(...handTops)).toBeLessThanOrEqual(1);
      expect(Math.max(...cardTops) - Math.min(...cardTops)).toBeLessThanOrEqual(1);
      expect(frames.max - frames.min).toBeLessThanOrEqual(1);
      // The whole hand is above the fold.
      expect(handTops[0]! + (await page.evaluate(() => 0))).toBeLessThan(DESKTOP.height);
      await shoot(page, 'solo-desktop-end.png');
      await page.screenshot({ path: image('table.png') });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a new hand shows no trick of the hand before: the trick area is empty and says who leads, and the last trick says none was won yet',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      let table = await playHand(page, soloMirror(SEED), async () => {});
      // The hand is over: its thirteenth trick is still on the table.
      await expect(page.locator('.trick-caption').textContent()).resolves.toMatch(/^Trick 13 won by /);
      await page.locator('[data-action="deal"]').click();
      table = computersPlay(applyOrThrow(table, { type: 'deal' }), 'S');
      const view = tableViewOrThrow(table, 'S');
      // In this table South leads the second hand: the library's lastTrick is still the first hand's thirteenth.
      expect(view.hand!.tricks.length).toBe(0);
      expect(view.hand!.trick?.cards ?? []).toEqual([]);
      expect(view.lastTrick).not.toBeNull();
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await expect(page.locator('.trick-caption').textContent()).resolves.toBe('Trick 1: your lead');
      await expect(page.locator('.trick [data-card]').count()).resolves.toBe(0);
      await page.keyboard.press('l');
      await expect(page.locator('#last-trick').textContent()).resolves.toContain('No trick has been won yet in this hand.');
      await expect(page.locator('#last-trick [data-card]').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'at 375x740 on a touch screen the whole turn fits one screen: every card, the trick, whose turn, trumps and the game score; no key hints',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      const heights: number[] = [];
      const handTops: number[] = [];
      const table = computersPlay(soloMirror(SEED), 'S');
      let last = table;
      for (let n = 0; ; n++) {
        last = computersPlay(last, 'S');
        const view = tableViewOrThrow(last, 'S');
        if (view.next.action !== 'play') break;
        await page.locator('.hand[data-turn="yes"]').waitFor();
        expect(await page.evaluate(() => scrollY)).toBe(0);
        heights.push(await page.evaluate(() => document.documentElement.scrollHeight));
        handTops.push((await box(page, '.hand')).top);
        const boxes = await page.locator('button[data-card]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
        expect(boxes.length).toBe(13 - n);
        for (const b of boxes) {
          expect(b.top, `turn ${n}`).toBeGreaterThanOrEqual(0);
          expect(b.bottom, `turn ${n}`).toBeLessThanOrEqual(PHONE.height);
          expect(b.left).toBeGreaterThanOrEqual(0);
          expect(b.right).toBeLessThanOrEqual(PHONE.width);
          expect(b.width).toBeGreaterThanOrEqual(44);
        }
        for (const part of ['.trick', '.status .turn', '.status .trump', '.status .mini-score']) {
          const b = await box(page, part);
          expect(b.top, part).toBeGreaterThanOrEqual(0);
          expect(b.bottom, part).toBeLessThanOrEqual(PHONE.height);
        }
        expect(await coveredCaptions(page), `turn ${n}`).toEqual([]);
        if (n === 0) {
          // Keys are no help on a touch screen: their hints are not shown.
          expect(await page.locator('footer.keys').isVisible()).toBe(false);
          // The game score is on the first screen too, in a few words.
          await expect(page.locator('.status .mini-score').textContent()).resolves.toBe('Game score: NS 0 · EW 0');
          expect(await page.locator('kbd').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length)).toBe(0);
          await shoot(page, 'solo-phone-start.png');
        }
        if (n === 6) await shoot(page, 'solo-phone-mid-hand.png');
        const card = heuristicPlayer(view.hand!);
        await page.locator(`button[data-card="${card}"]`).tap();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        last = applyOrThrow(last, { type: 'play', seat: 'S', card });
      }
      console.log(`page height at 375x740 at each turn: ${heights.join(', ')}; the hand's top edge: ${handTops.map(Math.round).join(', ')}`);
      // On a phone too, the cards stay where they are from turn to turn.
      expect(Math.max(...handTops) - Math.min(...handTops)).toBeLessThanOrEqual(1);
      await page.locator('.result').waitFor();
      // The hand is over: what it scored, and the button that deals the next, are on the first screen.
      expect((await box(page, '.result [data-action="deal"]')).bottom).toBeLessThanOrEqual(PHONE.height);
      await shoot(page, 'solo-phone-end.png');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the hand that wins a game shows the score it won at; the focus ring is for the keyboard only; a new game is one click at the top',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      // Nobody pressed a key: no card wears a focus ring.
      const ringed = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('button[data-card]')]
            .filter((b) => getComputedStyle(b).outlineStyle !== 'none')
            .map((b) => b.dataset.card),
        );
      expect(await ringed()).toEqual([]);
      // The keyboard moves the focus: the card it is on, and only that one, shows the ring.
      await page.keyboard.press('ArrowRight');
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.card);
      expect(await ringed()).toEqual([focused]);
      // Hovering a card with the pointer is not the focus ring.
      const other = await page.locator('.hand button[data-card]:not([disabled])').last().getAttribute('data-card');
      if (other !== focused) {
        await page.locator(`button[data-card="${other}"]`).hover();
        expect(await ringed()).toEqual([focused]);
      }

      let table = soloMirror(SEED);
      for (;;) {
        table = await playHand(page, table, async () => {});
        const view = tableViewOrThrow(table, 'S');
        const hand = view.hands.at(-1)!;
        if (hand.game !== null) {
          // The game's final score, as the library gives it for the hand that won it; the next game's, at 0.
          const s = await pageScores(page);
          expect(s.won).toEqual(hand.score);
          expect(s.game).toEqual(view.score);
          expect(hand.score[hand.game.winner]).toBe(view.rules.target);
          await expect(page.locator('.scores').textContent()).resolves.toContain(`Game ${view.games.length} won`);
          break;
        }
        await expect(page.locator('[data-score="won"]').count()).resolves.toBe(0);
        await page.locator('[data-action="deal"]').click();
        table = applyOrThrow(table, { type: 'deal' });
      }

      // A new game: one click, in sight at the top of the page (not in the closed settings), the same rules and a new deal.
      const newGame = page.locator('[data-action="new-game"]');
      expect(await newGame.isVisible()).toBe(true);
      expect((await newGame.boundingBox())!.y).toBeLessThan(120);
      await Promise.all([page.waitForURL((u) => !u.search.includes(`seed=${SEED}&`)), newGame.click()]);
      expect(new URL(page.url()).searchParams.get('rules')).toBe('short');
      await page.locator('.hand').waitFor();
      await expect(pageScores(page)).resolves.toMatchObject({ game: { NS: 0, EW: 0 }, games: { NS: 0, EW: 0 } });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'cards read as cards: rank and suit in the corners, red hearts and diamonds; a won trick gathers toward its winner',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const faces = await page.locator('button[data-card]').evaluateAll((els) =>
        els.map((e) => ({
          card: (e as HTMLElement).dataset.card as string,
          color: getComputedStyle(e).color,
          corner: getComputedStyle(e, '::before').content,
          pip: getComputedStyle(e, '::after').content,
        })),
      );
      for (const f of faces) {
        const red = f.card.endsWith('H') || f.card.endsWith('D');
        const [r, g, b] = (f.color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
        if (red) expect(r - Math.max(g, b), f.card).toBeGreaterThan(100);
        else expect(Math.max(r, g, b), f.card).toBeLessThan(80);
        expect(f.corner, f.card).toMatch(/^"(A|K|Q|J|10|[2-9])\\a ?[♠♥♦♣]"$/);
        expect(f.pip, f.card).toMatch(/^"[♠♥♦♣]"$/);
      }
      // South plays; once the trick is won its cards gather toward the winner's seat.
      let table = computersPlay(soloMirror(SEED), 'S');
      for (;;) {
        const view = tableViewOrThrow(table, 'S');
        const card = heuristicPlayer(view.hand!);
        await page.locator(`button[data-card="${card}"]`).click();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = computersPlay(applyOrThrow(table, { type: 'play', seat: 'S', card }), 'S');
        if (tableViewOrThrow(table, 'S').hand!.trick!.cards.length === 0) break;
      }
      const winner = tableViewOrThrow(table, 'S').lastTrick!.winner;
      const trick = page.locator('.trick.done');
      await trick.waitFor();
      await expect(trick.getAttribute('data-winner')).resolves.toBe(winner);
      await expect(
        page
          .locator('.trick.done .played')
          .first()
          .evaluate((e) => getComputedStyle(e).animationName),
      ).resolves.toBe('collect');
      // Reduced motion: the trick stays where it was played.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(
        page
          .locator('.trick.done .played')
          .first()
          .evaluate((e) => getComputedStyle(e).animationName),
      ).resolves.toBe('none');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'axe-core finds nothing serious or critical in the solo table mid-hand, at 1280x800 and on a phone',
    async () => {
      const found: Record<string, string[]> = {};
      for (const [name, options] of [
        ['desktop', { viewport: DESKTOP, reducedMotion: 'reduce' as const }],
        ['phone', { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const }],
      ] as const) {
        const context = await newContext(served.browser, options);
        const page = await context.newPage();
        const { problems } = watch(page);
        await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
        await playHand(page, soloMirror(SEED), async (n) => {
          if (n === 5) found[name] = await axeFindings(page);
        });
        found[`${name}, end of hand`] = await axeFindings(page);
        expect(problems).toEqual([]);
        await context.close();
      }
      console.log(`axe-core, serious and critical: ${JSON.stringify(found, null, 1)}`);
      for (const list of Object.values(found)) expect(list).toEqual([]);
    },
    TEST_LIMIT_MS,
  );
});
