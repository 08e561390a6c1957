import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, currentHand, heuristicPlayer, type PlayerView, type Seat, sortCards, type TableState, tableViewOrThrow } from 'whist';
import { type CardValue, computerCard, hintValues, type SamplingLevel, scoreMoves } from 'whist/solver';
import type { PlayersReply, PlayersRequest } from '../src/players.js';
import { BOTS_KEY, STORAGE_KEY } from '../src/solo.js';
import {
  axeFindings,
  computersPlay,
  contrastProblems,
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

// The computer players at the level the person chooses: the sampling player, thinking in a Worker. Their
// cards are the sampling player's from their own seats' views (rebuilt in Node, card for card); the level is
// kept by a reload and by the next new game; while one of them thinks, the page answers at once; and a card
// thought of for a point the person has taken back is never played.

const missing = missingForBrowser();
if (missing) console.log(`web/test/players.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** The sampling players' cards (the library's computer seat's, `computerCard`), each from its own seat's view, up to `person`'s turn or the end of the hand. */
function samplingPlay(table: TableState, person: Seat, level: Exclude<SamplingLevel, 'expert'>, seed: number): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === person) return table;
    const view = tableViewOrThrow(table, next.seat).hand!;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: computerCard(view, { level, seed }) });
  }
}

/**
 * The computer players' cards the page played, up to `person`'s turn or the end of the hand: for each, the card
 * its Worker answered to a request from that seat's own view of the table as it is in Node (an answer to a
 * request for another point of the game, one taken back, matches none). Throws when the Worker answered none.
 */
async function workerPlay(page: Page, table: TableState, person: Seat): Promise<TableState> {
  const log = (await workerWatch(page)).workerLog as { ask?: PlayersRequest; answer?: PlayersReply }[];
  const asks = new Map(log.flatMap((e) => (e.ask?.kind === 'play' ? [[e.ask.id, e.ask] as const] : [])));
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === person) return table;
    const view = tableViewOrThrow(table, next.seat).hand!;
    const same = (v: PlayerView) => v.viewer === view.viewer && JSON.stringify([v.tricks, v.trick]) === JSON.stringify([view.tricks, view.trick]);
    const answer = log.find((e) => e.answer?.kind === 'card' && asks.has(e.answer.id) && same((asks.get(e.answer.id) as { view: PlayerView }).view));
    if (answer?.answer?.kind !== 'card')
      throw new Error(`no answer of the Worker for ${next.seat} at card ${view.tricks.length * 4 + (view.trick?.cards.length ?? 0) + 1}`);
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: answer.answer.card });
  }
}

/** The person plays `card` at their turn on the page, and the same in Node: the table after it. */
async function personPlays(page: Page, table: TableState, card: Card): Promise<TableState> {
  await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
  await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
  return applyOrThrow(table, { type: 'play', seat: 'S', card });
}

/** The levels the page asked its players' Worker for, request by request of one kind (`watchWorkers`). */
async function askedLevels(page: Page, kind: 'values' | 'review'): Promise<string[]> {
  const log = (await workerWatch(page)).workerLog as { ask?: PlayersRequest }[];
  return log.flatMap((e) => (e.ask?.kind === kind ? [e.ask.level] : []));
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

/** What playing `card` costs against the best of `values`, in tricks. */
function costOf(values: readonly { readonly card: Card; readonly tricks: number }[], card: Card): number {
  return Math.max(...values.map((v) => v.tricks)) - values.find((v) => v.card === card)!.tricks;
}

/** The hint's values as the Worker works them out: the library's hint at the standard level, or the expert's when asked. */
function hintInNode(table: TableState, seed: number, level: 'standard' | 'expert' = 'standard'): readonly CardValue[] {
  const view = tableViewOrThrow(table, 'S').hand!;
  const r = hintValues(view, { level, seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.cards;
}

/** The expected tricks the page shows on the person's cards. */
async function shownHint(page: Page): Promise<{ card: string; tricks: string; best: boolean; label: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('#table .hand button[data-card][data-expected]')].map((b) => ({
      card: b.dataset.card as string,
      tricks: b.dataset.expected as string,
      best: b.dataset.best !== undefined,
      label: b.getAttribute('aria-label') ?? '',
    })),
  );
}

const yourTurn = (page: Page) => page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first().waitFor();

describe.skipIf(missing !== null)('the computer players at the level the person chooses', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/players.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  /**
   * A solo game of Short Whist, cards at once, against the rules of thumb or the computer players `bots`, each
   * request to the players' Worker logged, and those `fail` names made to fail (`watchWorkers`).
   */
  async function soloGame(seed: number, { bots = 'heuristic', fail = null }: { bots?: string; fail?: { kind?: string; level?: string } | null } = {}) {
    const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.addInitScript(watchWorkers, fail);
    await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=${bots}&speed=instant`);
    return { context, page, problems };
  }

  it(
    "the level chosen in the settings plays a whole hand with the sampling player's cards; a reload, and the next new game, keep it",
    async () => {
      const seed = 11;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=heuristic&speed=instant`);
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
        table = await personPlays(page, table, card);
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
      await page.addInitScript(watchWorkers, null);
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=strong&speed=instant`);
      await yourTurn(page);
      let table = await workerPlay(page, soloMirror(seed), 'S');
      expect(await shown(page)).toEqual(expected(table));
      const view = tableViewOrThrow(table, 'S').hand!;
      const first = heuristicPlayer(view);
      await page.locator(`.hand[data-turn="yes"] button[data-card="${first}"]`).click();
      await page.locator(`.hand button[data-card="${first}"]`).waitFor({ state: 'detached' });
      // West thinks (about two seconds a card at this level, in Node): the page's own thread takes five turns of
      // its event loop while West is still thinking, so the thinking is not on it (were it, the first turn would
      // wait for West's card). The turns and the look at the page are one ask, so that the time an ask takes to
      // reach a busy browser is not counted against West's thinking.
      const thinking = page.locator('#table p.turn[data-next-seat="W"]');
      await thinking.waitFor();
      const afterFiveTurns = await page.evaluate(async () => {
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
        const turn = document.querySelectorAll('#table p.turn[data-next-seat="W"]');
        return { thinking: turn.length, text: turn[0]?.textContent ?? '' };
      });
      expect(afterFiveTurns.thinking).toBe(1);
      expect(afterFiveTurns.text).toContain('…');
      await page.screenshot({ path: screenshotPath('players-thinking.png') });

      // The card is taken back while West still thinks: West's answer, for a point that is gone, is never played.
      await page.keyboard.press('Control+z');
      await page.locator('#live').getByText('Your last card is taken back').waitFor();
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));
      const other = view.legalMoves.find((c) => c !== first) as Card;
      await page.locator(`.hand[data-turn="yes"] button[data-card="${other}"]`).click();
      await page.locator(`.hand button[data-card="${other}"]`).waitFor({ state: 'detached' });
      await yourTurn(page);
      // West's card, and those after it, are the Worker's answers for the position after the other card: the
      // answer West was thinking of after the first card is for no position on the table, and was not played.
      table = await workerPlay(page, applyOrThrow(table, { type: 'play', seat: 'S', card: other }), 'S');
      expect(await shown(page)).toEqual(expected(table));
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the hint: the H key or the Hint button marks each legal card with its expected tricks from the person’s own view, the best ringed; gone once a card is played',
    async () => {
      const seed = 7;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=heuristic&speed=instant`);
      let table = computersPlay(soloMirror(seed), 'S');
      for (const ask of ['key', 'button'] as const) {
        await yourTurn(page);
        await expect(shownHint(page)).resolves.toEqual([]);
        if (ask === 'key') await page.keyboard.press('h');
        else await page.getByRole('button', { name: 'Hint' }).click();
        await page.locator('[data-expected-note="shown"]').waitFor();
        const values = hintInNode(table, seed);
        const view = tableViewOrThrow(table, 'S').hand!;
        const shownValues = await shownHint(page);
        // Every legal card and no other, with the values worked out in Node from the same view.
        expect(sortCards(shownValues.map((v) => v.card) as Card[])).toEqual(sortCards([...view.legalMoves]));
        const best = Math.max(...values.map((v) => v.tricks));
        for (const v of values) {
          const row = shownValues.find((x) => x.card === v.card);
          expect(row?.tricks, v.card).toBe(v.tricks.toFixed(1));
          expect(row?.best, v.card).toBe(v.tricks >= best - 0.005);
          expect(row?.label).toContain(`about ${v.tricks.toFixed(1)} tricks expected`);
        }
        await expect(page.locator('#live').textContent()).resolves.toContain('the tricks your side can expect');
        if (ask === 'key') {
          await page.screenshot({ path: screenshotPath('players-hint.png') });
          await expect(axeFindings(page)).resolves.toEqual([]);
          await expect(contrastProblems(page)).resolves.toEqual([]);
        }
        const card = heuristicPlayer(view);
        table = computersPlay(await personPlays(page, table, card), 'S');
      }
      await yourTurn(page);
      await expect(shownHint(page)).resolves.toEqual([]);
      await expect(page.locator('[data-expected-note]').count()).resolves.toBe(0);
      // A card played while the hint is being worked out: the hint is dropped (its Worker ended), and the
      // next one, asked at the next turn, comes from a fresh Worker. The key and the click come in one task
      // of the page's, so the Worker's answer cannot arrive between them however fast the machine is.
      const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
      const thinkingWhenPlayed = await page.evaluate((c) => {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'h', bubbles: true }));
        const thinking = document.querySelector('[data-expected-note="thinking"]') !== null;
        document.querySelector<HTMLButtonElement>(`.hand[data-turn="yes"] button[data-card="${c}"]`)?.click();
        return thinking;
      }, card);
      expect(thinkingWhenPlayed).toBe(true);
      await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
      table = computersPlay(applyOrThrow(table, { type: 'play', seat: 'S', card }), 'S');
      await yourTurn(page);
      await expect(page.locator('[data-expected-note]').count()).resolves.toBe(0);
      await page.keyboard.press('h');
      await page.locator('[data-expected-note="shown"]').waitFor();
      const again = await shownHint(page);
      expect(again.map((v) => v.tricks)).toEqual(
        tableViewOrThrow(table, 'S')
          .hand!.legalMoves.filter((c) => again.some((v) => v.card === c))
          .map((c) =>
            hintInNode(table, seed)
              .find((v) => v.card === c)!
              .tricks.toFixed(1),
          ),
      );
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the expert’s hint, asked for after the hint: the expected tricks at the expert level, from the person’s own view',
    async () => {
      const seed = 11;
      const { context, page, problems } = await soloGame(seed);
      let table = soloMirror(seed);
      // The person plays the rules of thumb up to the tenth trick, where the expert answers in a moment.
      for (let trick = 1; trick < 10; trick++) {
        table = computersPlay(table, 'S');
        await yourTurn(page);
        const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
        table = await personPlays(page, table, card);
      }
      table = computersPlay(table, 'S');
      await yourTurn(page);
      await page.keyboard.press('h');
      await page.locator('[data-expected-note="shown"][data-level="level"]').waitFor();
      await page.getByRole('button', { name: 'Ask the expert' }).click();
      await page.locator('[data-expected-note="shown"][data-level="expert"]').waitFor();
      // The button stays where it was, unavailable now, with the keyboard focus on it.
      const pressed = page.locator('[data-action="hint-expert"]');
      await expect(pressed.getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(pressed.textContent()).resolves.toBe('The expert has answered');
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('hint-expert');
      const values = hintInNode(table, seed, 'expert');
      const shownValues = await shownHint(page);
      expect(shownValues.map((v) => [v.card, v.tricks])).toEqual(
        tableViewOrThrow(table, 'S').hand!.legalMoves.map((c) => [c, values.find((v) => v.card === c)!.tricks.toFixed(1)]),
      );
      await expect(page.locator('#live').textContent()).resolves.toContain('The expert has marked each card');
      await expect(askedLevels(page, 'values')).resolves.toEqual(['standard', 'expert']);
      // H again, and the unavailable button pressed again: the expert's hint stays, nothing more is asked.
      await page.keyboard.press('h');
      await pressed.dispatchEvent('click');
      await expect(page.locator('[data-expected-note="shown"][data-level="expert"]').count()).resolves.toBe(1);
      await expect(askedLevels(page, 'values')).resolves.toEqual(['standard', 'expert']);
      await page.screenshot({ path: screenshotPath('players-hint-expert.png') });
      await expect(axeFindings(page)).resolves.toEqual([]);
      // On a phone: the note and its button fit the width.
      await page.setViewportSize(PHONE);
      await page.locator('[data-action="hint-expert"]').scrollIntoViewIfNeeded();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('players-hint-expert-phone.png') });
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "the players' Worker failing: the computer players go on by the rules of thumb, and the page says so",
    async () => {
      const seed = 5;
      const { context, page, problems } = await soloGame(seed, { bots: 'fast', fail: { kind: 'play' } });
      const alert = page.locator('p.error[role="alert"]');
      // The first card a computer player thinks of fails: the page says so until the person's next card.
      let table = computersPlay(soloMirror(seed), 'S');
      await yourTurn(page);
      await expect(alert.textContent()).resolves.toBe(
        "The computer players' Worker stopped (the Worker ran out of memory): they play by the rules of thumb for now.",
      );
      await page.screenshot({ path: screenshotPath('players-worker-failed.png') });
      await expect(axeFindings(page)).resolves.toEqual([]);
      // From there they play by the rules of thumb: the table on the page is the one in Node, where they do the
      // same, trick after trick, and the Worker is asked for no card again.
      for (let trick = 1; trick <= 4; trick++) {
        if (trick > 1) {
          table = computersPlay(table, 'S');
          await yourTurn(page);
        }
        await expect(shown(page)).resolves.toEqual(expected(table));
        table = await personPlays(page, table, heuristicPlayer(tableViewOrThrow(table, 'S').hand!));
      }
      await expect(alert.count()).resolves.toBe(0);
      // One card was asked of the Worker, the one that failed; none was sent since, and no Worker started again.
      const watched = await workerWatch(page);
      expect(watched.failedRequests.map((r) => (r as PlayersRequest).kind)).toEqual(['play']);
      expect(watched.workerLog.filter((e) => (e.ask as PlayersRequest | undefined)?.kind === 'play')).toEqual([]);
      expect(watched.workersMade).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the expert failing: the hint and the review at the game level stay, the failure is said, and the expert may be asked again',
    async () => {
      const seed = 11;
      const { context, page, problems } = await soloGame(seed, { fail: { level: 'expert' } });
      let table = soloMirror(seed);
      for (let trick = 1; trick < 10; trick++) {
        table = computersPlay(table, 'S');
        await yourTurn(page);
        table = await personPlays(page, table, heuristicPlayer(tableViewOrThrow(table, 'S').hand!));
      }
      table = computersPlay(table, 'S');
      await yourTurn(page);
      await page.keyboard.press('h');
      await page.locator('[data-expected-note="shown"][data-level="level"]').waitFor();
      const atLevel = await shownHint(page);
      const ask = page.locator('[data-action="hint-expert"]');
      await ask.click();
      const alert = page.locator('.expected-note[role="alert"]');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toContain(
        'The expert’s hint could not be worked out: the Worker ran out of memory. Your cards keep the first hint.',
      );
      // The game level's values stay on the cards, and the button asks again.
      await expect(shownHint(page)).resolves.toEqual(atLevel);
      expect(atLevel.map((v) => [v.card, v.tricks])).toEqual(hintInNode(table, seed).map((v) => [v.card, v.tricks.toFixed(1)]));
      await expect(ask.getAttribute('aria-disabled')).resolves.toBeNull();
      await expect(ask.textContent()).resolves.toBe('Ask the expert');
      // H again keeps the first hint as it is: nothing is asked again.
      await page.keyboard.press('h');
      await expect(shownHint(page)).resolves.toEqual(atLevel);
      await expect(askedLevels(page, 'values')).resolves.toEqual(['standard']);
      await page.screenshot({ path: screenshotPath('players-hint-expert-failed.png') });
      await expect(axeFindings(page)).resolves.toEqual([]);
      // On a phone: the message and its button fit the width.
      await page.setViewportSize(PHONE);
      await ask.scrollIntoViewIfNeeded();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('players-hint-expert-failed-phone.png') });
      await page.setViewportSize(DESKTOP);
      // Asked again once the Worker works: the expert's values, from a Worker started afresh.
      const watched = await workerWatch(page);
      expect(watched.failedRequests.map((r) => (r as PlayersRequest).kind)).toEqual(['values']);
      await setFailing(page, false);
      await ask.click();
      await page.locator('[data-expected-note="shown"][data-level="expert"]').waitFor();
      await expect(alert.count()).resolves.toBe(0);
      const values = hintInNode(table, seed, 'expert');
      await expect(shownHint(page).then((shown) => shown.map((v) => [v.card, v.tricks]))).resolves.toEqual(
        tableViewOrThrow(table, 'S').hand!.legalMoves.map((c) => [c, values.find((v) => v.card === c)!.tricks.toFixed(1)]),
      );
      await expect(askedLevels(page, 'values')).resolves.toEqual(['standard', 'expert']);
      await expect(workerWatch(page).then((w) => w.workersMade)).resolves.toBe(watched.workersMade + 1);
      // The rest of the hand, then the review; the expert's review fails, and the game level's stays.
      await setFailing(page, true);
      for (let trick = 10; trick <= 13; trick++) {
        if (trick > 10) {
          table = computersPlay(table, 'S');
          await yourTurn(page);
        }
        table = await personPlays(page, table, heuristicPlayer(tableViewOrThrow(table, 'S').hand!));
      }
      await page.getByRole('button', { name: 'Review my play' }).click();
      const rows = page.locator('[data-review="1"][data-review-level="level"] li[data-review-card]');
      await rows.nth(12).waitFor();
      const before = await rows.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.cost));
      await page.locator('[data-action="review-expert"]').click();
      const failed = page.locator('.review-panel p.error[role="alert"]');
      await failed.waitFor();
      await expect(failed.textContent()).resolves.toBe(
        'The expert’s review could not be worked out: the Worker ran out of memory. The first review stays below.',
      );
      await expect(rows.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.cost))).resolves.toEqual(before);
      await expect(page.locator('[data-action="review-expert"]').getAttribute('aria-disabled')).resolves.toBeNull();
      await expect(page.locator('[data-action="review-expert"]').textContent()).resolves.toBe('Ask the expert');
      await expect(askedLevels(page, 'review')).resolves.toEqual(['standard']);
      await page.locator('[data-review="1"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('players-review-expert-failed.png'), fullPage: true });
      await expect(axeFindings(page)).resolves.toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the review after a hand: each card the person played, its cost in expected tricks from their own view beside its double-dummy cost, the costliest first',
    async () => {
      const seed = 7;
      const { context, page, problems } = await soloGame(seed);
      let table = soloMirror(seed);
      const costs: { card: Card; trick: number; cost: string; dd: number }[] = [];
      // The expert's costs of the last tricks, where every seat holds few cards, for the expert's review below.
      const expertCosts = new Map<number, string>();
      for (let trick = 0; trick < 13; trick++) {
        table = computersPlay(table, 'S');
        await yourTurn(page);
        const view = tableViewOrThrow(table, 'S').hand!;
        const card = heuristicPlayer(view);
        // In Node: the cost from the person's view (as the hint works it out), and double dummy, every hand seen.
        const dd = scoreMoves(currentHand(table)!);
        if (!dd.ok) throw new Error(dd.error.message);
        costs.push({ card, trick: trick + 1, cost: costOf(hintInNode(table, seed), card).toFixed(1), dd: costOf(dd.value, card) });
        if (trick + 1 >= 10) expertCosts.set(trick + 1, costOf(hintInNode(table, seed, 'expert'), card).toFixed(1));
        table = await personPlays(page, table, card);
      }
      await page.getByRole('button', { name: 'Review my play' }).click();
      const rows = page.locator('[data-review="1"] li[data-review-card]');
      await rows.nth(12).waitFor();
      const shownRows = await rows.evaluateAll((lis) =>
        lis.map((li) => ({
          card: (li as HTMLElement).dataset.reviewCard as string,
          trick: Number((li as HTMLElement).dataset.trick),
          cost: (li as HTMLElement).dataset.cost as string,
          dd: Number((li as HTMLElement).dataset.ddCost),
        })),
      );
      expect([...shownRows].sort((a, b) => a.trick - b.trick)).toEqual(costs);
      // The costliest first: by the cost from what the person could see, then double dummy, then the trick.
      const order = [...costs].sort((a, b) => Number(b.cost) - Number(a.cost) || b.dd - a.dd || a.trick - b.trick);
      expect(shownRows.map((r) => r.card)).toEqual(order.map((r) => r.card));
      await expect(page.locator('#live').textContent()).resolves.toContain('Your play in hand 1 is reviewed');
      await page.locator('[data-review="1"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('players-review.png'), fullPage: true });
      await expect(axeFindings(page)).resolves.toEqual([]);
      await expect(contrastProblems(page)).resolves.toEqual([]);
      // Asked of the expert, the same review again at the expert level (seconds a card): the costs of the last
      // tricks, where every seat holds few cards, are those of the library's hint at that level, worked out in Node.
      await page.getByRole('button', { name: 'Ask the expert' }).click();
      // While the expert works, the game level's review stays on screen.
      await expect(page.locator('[data-review="1"][data-review-level="level"] li[data-review-card]').count()).resolves.toBe(13);
      await page.locator('[data-review-level="expert"]').waitFor({ timeout: TEST_LIMIT_MS });
      await expect(page.locator('#review-title').textContent()).resolves.toBe('Your play in hand 1, reviewed by the expert');
      const expertRows = page.locator('[data-review="1"][data-review-level="expert"] li[data-review-card]');
      await expertRows.nth(12).waitFor({ timeout: TEST_LIMIT_MS });
      const byExpert = await expertRows.evaluateAll((lis) =>
        lis.map((li) => ({ trick: Number((li as HTMLElement).dataset.trick), cost: (li as HTMLElement).dataset.cost as string })),
      );
      for (const [trick, cost] of expertCosts) expect(byExpert.find((r) => r.trick === trick)?.cost, `trick ${trick}`).toBe(cost);
      await expect(page.locator('#live').textContent()).resolves.toContain('Your play in hand 1 is reviewed by the expert');
      await expect(askedLevels(page, 'review')).resolves.toEqual(['standard', 'expert']);
      await expect(page.locator('[data-action="review-expert"]').textContent()).resolves.toBe('Reviewed by the expert');
      await expect(page.locator('[data-action="review-expert"]').getAttribute('aria-disabled')).resolves.toBe('true');
      await page.locator('[data-review="1"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('players-review-expert.png'), fullPage: true });
      await expect(axeFindings(page)).resolves.toEqual([]);
      await page.setViewportSize(PHONE);
      await page.locator('[data-action="review-expert"]').scrollIntoViewIfNeeded();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('players-review-expert-phone.png') });
      await page.setViewportSize(DESKTOP);
      // "Deal the next hand by itself", turned on now, would deal at once (instant pace): a review on screen
      // holds the deal until the person deals. A timer of 0 ms set before one of 50 ms has run by the end of it.
      await page.locator('#controls summary').click();
      await page.getByLabel('Deal the next hand by itself').check();
      await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
      await expect(page.locator('.turn').getAttribute('data-next')).resolves.toBe('deal');
      await expect(page.locator('[data-review="1"] li[data-review-card]').count()).resolves.toBe(13);
      // The next deal takes the review away with the hand.
      await page.locator('[data-action="deal"]').first().click();
      await yourTurn(page);
      await expect(page.locator('[data-review]').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
