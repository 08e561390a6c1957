import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, currentHand, type HandState, heuristicPlayer, parseStateOrThrow, playedCards, tableViewOrThrow } from 'whist';
import { type CardScore, createSolver, type Solver } from 'whist/solver';
import { finishedHand } from '../src/dd.js';
import { cardName } from '../src/names.js';
import {
  computersPlay,
  contrastProblems,
  hiddenCards,
  leaks,
  missingForBrowser,
  newContext,
  type ServedPage,
  screenshotPath,
  servePage,
  setFailing,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
  watchWorkers,
  workerWatch,
} from './support.js';

// The double-dummy toggle in headless Chromium: turned on in the settings, the person asks for the scores of
// their legal cards, and once the hand is over every card played is scored. Both are checked against
// `scoreMoves` run in Node on the same seeded table, rebuilt with the library.

const missing = missingForBrowser();
if (missing) console.log(`web/test/dd.test.ts: skipped, ${missing}`);

const SEED = 7;

function scoresInNode(solver: Solver, state: HandState): CardScore[] {
  const r = solver.scoreMoves(state);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function cardScores(page: Page): Promise<{ card: string; tricks: number; label: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button[data-card][data-dd]')].map((b) => ({
      card: b.dataset.card as string,
      tricks: Number(b.dataset.dd),
      label: b.getAttribute('aria-label') ?? '',
    })),
  );
}

describe('the finished hand the page may solve', () => {
  it('comes from the view alone: the solo view holds the hand until the next deal; at a server table, the view before and the last trick', () => {
    let table = soloMirror(SEED);
    let before = tableViewOrThrow(table, 'S');
    for (;;) {
      const next = tableViewOrThrow(table, null).next;
      if (next.action !== 'play') break;
      before = tableViewOrThrow(table, 'S');
      expect(finishedHand(null, before)).toBeNull();
      table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
    }
    const over = tableViewOrThrow(table, 'S');
    const tricks = over.hand!.tricks.map((t) => ({ leader: t.leader, cards: t.cards }));
    const solo = finishedHand(before, over);
    expect(solo?.key).toBe('1');
    expect(solo?.tricks.map((t) => ({ leader: t.leader, cards: t.cards }))).toEqual(tricks);
    // A server deals at once: the view before (twelve tricks) and the new hand's view (the thirteenth as its last trick).
    const dealt = tableViewOrThrow(applyOrThrow(table, { type: 'deal' }), 'S');
    expect(before.hand!.tricks.length).toBe(12);
    const server = finishedHand(before, dealt);
    expect(server?.key).toBe('1');
    expect(server?.tricks.map((t) => ({ leader: t.leader, cards: t.cards }))).toEqual(tricks);
    // Without the view before, or with a trick missing, there is nothing to solve.
    expect(finishedHand(null, dealt)).toBeNull();
    expect(finishedHand({ ...before, hand: { ...before.hand!, tricks: before.hand!.tricks.slice(1) } }, dealt)).toBeNull();
  });
});

describe.skipIf(missing !== null)('the double-dummy toggle in headless Chromium', () => {
  let served: ServedPage;
  const made = createSolver({ memoryMB: 64 });
  if (!made.ok) throw new Error(made.error.message);
  const solver = made.value;

  beforeAll(async () => {
    served = await servePage('web/test/dd.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    "shows the scores of the person's legal cards when asked, and every card of a finished hand, as scoreMoves gives them",
    async () => {
      const page = await (await newContext(served.browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })).newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      // Off by default: no panel, no Worker.
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect(await page.locator('.dd-panel').count()).toBe(0);
      expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('dd-worker')))).toBe(false);

      // The toggle, a labelled checkbox in the settings, is remembered in the URL.
      await page.locator('#controls summary').click();
      const toggle = page.getByRole('checkbox', { name: 'Show double-dummy' });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      expect(new URL(page.url()).searchParams.get('dd')).toBe('1');
      await page.locator('.dd-panel').waitFor();

      let table = computersPlay(soloMirror(SEED), 'S');
      // Asked at the person's turn: "Solving…" meanwhile, then each legal card marked with its tricks.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { ddSeen: string[] }).ddSeen = seen;
        new MutationObserver(() => {
          const t = document.querySelector('.dd-status')?.textContent ?? '';
          if (t !== '') seen.push(t);
        }).observe(document.getElementById('table') as HTMLElement, { childList: true, subtree: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Show the tricks of each card' }).click();
      const expected = scoresInNode(solver, currentHand(table)!);
      await page.waitForFunction((n) => document.querySelectorAll('button[data-card][data-dd]').length === n, expected.length);
      const shown = await cardScores(page);
      expect(Object.fromEntries(shown.map((s) => [s.card, s.tricks]))).toEqual(Object.fromEntries(expected.map((s) => [s.card, s.tricks])));
      for (const s of expected)
        expect(shown.find((x) => x.card === s.card)?.label).toBe(`${cardName(s.card)}, ${s.tricks} ${s.tricks === 1 ? 'trick' : 'tricks'}`);
      expect(await page.evaluate(() => (window as unknown as { ddSeen: string[] }).ddSeen)).toContain('Solving…');
      expect(await page.locator('[data-dd-note="moves"]').textContent()).toContain('every seat’s cards');
      expect(await leaks(page, hiddenCards(table, 'S'))).toEqual([]);
      await page.screenshot({ path: screenshotPath('desktop-double-dummy.png'), fullPage: true });
      expect(await contrastProblems(page)).toEqual([]);

      // The hand played out: once it is over, every card played is scored without asking.
      for (;;) {
        table = computersPlay(table, 'S');
        const view = tableViewOrThrow(table, 'S');
        if (view.next.action !== 'play') break;
        const card = view.hand!.legalMoves[0] as Card;
        await page.locator('.hand[data-turn="yes"]').waitFor();
        await page.locator(`button[data-card="${card}"]:not([disabled])`).click();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      }
      const hand = currentHand(table)!;
      const all = playedCards(hand);
      const want = all.map((p, i) => {
        const before = parseStateOrThrow({
          ...hand,
          plays: all
            .slice(0, i)
            .map((x) => x.card)
            .join(' '),
        });
        const scores = scoresInNode(solver, before);
        return { seat: p.seat, card: p.card, tricks: scores.find((s) => s.card === p.card)?.tricks, best: Math.max(...scores.map((s) => s.tricks)) };
      });
      // However long the Worker takes to solve the hand: the wait is for the 52 scores, up to the context's generous limit.
      await page.waitForFunction(() => document.querySelectorAll('[data-dd-hand] [data-dd-card]').length === 52);
      const got = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-dd-hand] [data-dd-card]')].map((e) => ({
          seat: e.dataset.seat,
          card: e.dataset.ddCard,
          tricks: Number(e.dataset.ddTricks),
          best: Number(e.dataset.ddBest),
        })),
      );
      expect(got).toEqual(want);
      expect(await page.locator('[data-dd-hand]').getAttribute('data-dd-hand')).toBe('1');
      await page.screenshot({ path: screenshotPath('desktop-double-dummy-hand.png'), fullPage: true });
      expect(await contrastProblems(page)).toEqual([]);

      // Off again: the panel goes, and the URL forgets it.
      await toggle.uncheck();
      expect(new URL(page.url()).searchParams.get('dd')).toBeNull();
      expect(await page.locator('.dd-panel').count()).toBe(0);
      expect(problems).toEqual([]);
    },
    TEST_LIMIT_MS,
  );

  it(
    'says so when its Worker fails, and solves again when asked again, in a Worker started afresh',
    async () => {
      const page = await (await newContext(served.browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })).newPage();
      const { problems } = watch(page);
      await page.addInitScript(watchWorkers, { kind: 'moves' });
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant&dd=1`);
      await page.locator('.dd-panel').waitFor();
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const ask = page.getByRole('button', { name: 'Show the tricks of each card' });
      await ask.click();
      const alert = page.locator('.dd-panel p.error[role="alert"]');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toBe('The solver stopped: the Worker ran out of memory.');
      await expect(page.locator('button[data-card][data-dd]').count()).resolves.toBe(0);
      await expect(page.locator('.dd-status').textContent()).resolves.toBe('');
      await page.locator('.dd-panel').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('desktop-double-dummy-failed.png') });
      // Asked again once the Worker works: the scores, as scoreMoves gives them, from a Worker started afresh,
      // and the failure is gone.
      const failed = await workerWatch(page);
      expect(failed.failedRequests.map((r) => (r as { kind: string }).kind)).toEqual(['moves']);
      await setFailing(page, false);
      await ask.click();
      const expected = scoresInNode(solver, currentHand(computersPlay(soloMirror(SEED), 'S'))!);
      await page.waitForFunction((n) => document.querySelectorAll('button[data-card][data-dd]').length === n, expected.length);
      const shown = await cardScores(page);
      expect(Object.fromEntries(shown.map((s) => [s.card, s.tricks]))).toEqual(Object.fromEntries(expected.map((s) => [s.card, s.tricks])));
      await expect(alert.count()).resolves.toBe(0);
      await expect(workerWatch(page).then((w) => w.workersMade)).resolves.toBe(failed.workersMade + 1);
      expect(problems).toEqual([]);
    },
    TEST_LIMIT_MS,
  );
});
