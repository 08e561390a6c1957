import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  dealtCards,
  heuristicPlayer,
  newTableOrThrow,
  PRESETS,
  playedCards,
  SEATS,
  type Seat,
  sortCards,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { formatWhistPbn, parseWhistPbn } from 'whist/records';
import { spawnServer } from '../../server/test/support/processes.js';
import { explainHand, explainRubber } from '../src/explain.js';
import { cardName } from '../src/names.js';
import { SOLO_PLAYERS } from '../src/solo.js';
import {
  computersPlay,
  contrastProblems,
  downloadText,
  hiddenCards,
  leaks,
  missingForBrowser,
  newContext,
  pageScores,
  ROOT,
  type ServedPage,
  screenshotPath,
  servePage,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// The page is built with esbuild and served on 127.0.0.1, then played in headless Chromium as a person
// would: by clicking legal cards, by keyboard, at phone width, and four people at one server table. Each
// game is rebuilt in Node with the library from the same seed, so the test knows every card: it checks
// that the page offers exactly the legal cards, shows no card another seat holds, and scores as the library.

const missing = missingForBrowser();
if (missing) console.log(`web/test/browser.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
/** A Short Whist rubber of seven hands and three games: honours barred at 4 in hand 2, points lost past the target in hand 5. */
const SOLO_SEED = 160;

async function enabledCards(page: Page): Promise<{ enabled: Card[]; disabled: Card[] }> {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLButtonElement>('button[data-card]')];
    return {
      enabled: cards.filter((b) => !b.disabled).map((b) => b.dataset.card as Card),
      disabled: cards.filter((b) => b.disabled).map((b) => b.dataset.card as Card),
    };
  });
}

async function expectScores(page: Page, view: TableView): Promise<void> {
  const s = await pageScores(page);
  expect(s.game).toEqual(view.score);
  expect(s.games).toEqual(view.gamesWon);
  expect(s.tricks).toEqual(view.hand?.tricksWon ?? { NS: 0, EW: 0 });
  if (view.rubberPoints !== null) expect(s.rubber).toEqual(view.rubberPoints);
}

/** Checks the page against the table rebuilt in Node at the person's turn: legal cards, hidden cards, scores. */
async function checkTurn(page: Page, table: TableState, seat: Seat): Promise<TableView> {
  const view = tableViewOrThrow(table, seat);
  const { enabled, disabled } = await enabledCards(page);
  expect(sortCards(enabled)).toEqual(sortCards(view.hand!.legalMoves));
  expect(sortCards([...enabled, ...disabled])).toEqual(sortCards(view.hand!.cards));
  expect(await leaks(page, hiddenCards(table, seat))).toEqual([]);
  await expectScores(page, view);
  return view;
}

async function explanationOnPage(page: Page): Promise<{ hand: string[]; rubber: string[] }> {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('.result [data-explain="hand"] li')].map((li) => li.textContent ?? ''),
    rubber: [...document.querySelectorAll('.result [data-explain="rubber"] li')].map((li) => li.textContent ?? ''),
  }));
}

/** What the replay shows: the position, each seat's cards (still held, or as dealt once the hand is over), the trick on the table. */
async function replayShown(page: Page) {
  return page.evaluate(() => {
    const replay = document.querySelector<HTMLElement>('.replay');
    const seats: Record<string, { kind: string; cards: string[] }> = {};
    for (const seat of document.querySelectorAll<HTMLElement>('.replay .seat[data-seat]')) {
      const list = seat.querySelector<HTMLElement>('[data-cards]');
      seats[seat.dataset.seat as string] = {
        kind: list?.dataset.cards ?? '',
        cards: [...(list?.querySelectorAll<HTMLElement>('[data-card]') ?? [])].map((e) => e.dataset.card as string),
      };
    }
    const trick = [...document.querySelectorAll<HTMLElement>('.replay .trick li[data-seat]')].map((li) => ({
      seat: li.dataset.seat,
      card: li.querySelector<HTMLElement>('[data-card]')?.dataset.card,
    }));
    return { hand: Number(replay?.dataset.hand), step: Number(replay?.dataset.step), seats, trick };
  });
}

describe.skipIf(missing !== null)('the web table in headless Chromium', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/browser.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    "a person plays a whole solo rubber by clicking: only legal cards can be played, no hidden card is ever in the page, the score is the library's",
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SOLO_SEED}&bots=heuristic&speed=instant`);
      expect(new URL(page.url()).search).toBe(`?rules=short&seed=${SOLO_SEED}&bots=heuristic&speed=instant`);
      let table = soloMirror(SOLO_SEED);
      let turns = 0;
      let refused = 0;
      let explained = 0;
      let shot = false;
      for (;;) {
        table = computersPlay(table, 'S');
        const next = tableViewOrThrow(table, 'S').next;
        if (next.action === 'play') {
          await page.locator('.hand[data-turn="yes"]').waitFor();
          const view = await checkTurn(page, table, 'S');
          const illegal = view.hand!.cards.find((c) => !view.hand!.legalMoves.includes(c));
          if (illegal !== undefined && refused < 5) {
            // A card that is not legal is a disabled button: a click (even a forced one) plays nothing.
            await expect(page.locator(`button[data-card="${illegal}"]`).isDisabled()).resolves.toBe(true);
            await page.locator(`button[data-card="${illegal}"]`).click({ force: true });
            await page.locator(`button[data-card="${illegal}"]`).dispatchEvent('click');
            expect((await enabledCards(page)).enabled.length).toBe(view.hand!.legalMoves.length);
            refused++;
          }
          if (!shot && view.hand!.trick !== null && view.hand!.trick.cards.length >= 2 && view.hand!.tricks.length >= 3) {
            await page.screenshot({ path: screenshotPath('desktop-solo.png'), fullPage: true });
            expect(await contrastProblems(page)).toEqual([]);
            // Reduced motion: the cards just played do not move.
            await expect(
              page
                .locator('.trick .arrive')
                .first()
                .evaluate((e) => getComputedStyle(e).animationName),
            ).resolves.toBe('none');
            shot = true;
          }
          const card = heuristicPlayer(view.hand!);
          await page.locator(`button[data-card="${card}"]`).click();
          await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
          table = applyOrThrow(table, { type: 'play', seat: 'S', card });
          turns++;
          continue;
        }
        // The hand is over: the page explains its score in the game's terms, as the library scored it.
        const view = tableViewOrThrow(table, 'S');
        await page.locator('.result').waitFor();
        const shown = await explanationOnPage(page);
        expect(shown.hand).toEqual(explainHand(view.rules, view.hands, view.hands.length - 1));
        expect(shown.hand.join(' ')).toMatch(/make \d+ odd tricks? = \d+\./);
        await expectScores(page, view);
        expect(await leaks(page, hiddenCards(table, 'S'))).toEqual([]);
        explained++;
        if (next.action === 'newRubber') {
          expect(shown.rubber).toEqual(explainRubber(view));
          expect(shown.rubber.join(' ')).toContain(`The rubber scores NS ${view.rubberPoints!.NS}, EW ${view.rubberPoints!.EW}.`);
          await page.screenshot({ path: screenshotPath('desktop-rubber-over.png'), fullPage: true });
          break;
        }
        if (explained === 2) {
          expect(shown.hand).toContain('EW held 3 honours, but EW began the hand at 4, so honours cannot score (club law: a side at 4 cannot score honours).');
          await page.screenshot({ path: screenshotPath('desktop-end-of-hand.png'), fullPage: true });
          expect(await contrastProblems(page)).toEqual([]);
        }
        if (explained === 5) expect(shown.hand).toContain('NS needed 3 for game; the other 3 points past the target are lost.');
        await page.locator('[data-action="deal"]').click();
        table = applyOrThrow(table, { type: 'deal' });
      }
      const view = tableViewOrThrow(table, 'S');
      expect(view.hands.length).toBe(7);
      expect(view.rubberWinner).not.toBeNull();
      expect(turns).toBe(7 * 13);
      expect(refused).toBeGreaterThan(0);
      // Then a new rubber: the partners are cut again, and the page follows the person to their seat.
      await page.locator('[data-action="new-rubber"]').click();
      table = applyOrThrow(applyOrThrow(table, { type: 'newRubber' }), { type: 'deal' });
      const seat = SEATS.find((s) => tableViewOrThrow(table, null).players[s] === 'You')!;
      table = computersPlay(table, seat);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await checkTurn(page, table, seat);
      await expect(page.locator('.seat.pos-bottom').getAttribute('data-seat')).resolves.toBe(seat);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a person plays a hand by keyboard only: arrows choose, Enter plays, L shows the last trick, and turns are announced',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP });
      const page = await context.newPage();
      const { problems } = watch(page);
      const seed = 7;
      await page.goto(`${served.web.url}?rules=short&seed=${seed}&bots=heuristic&speed=instant`);
      let table = soloMirror(seed);
      for (let n = 0; n < 13; n++) {
        table = computersPlay(table, 'S');
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const view = await checkTurn(page, table, 'S');
        // Without reduced motion, the cards just played move onto the table.
        if (n === 1)
          await expect(
            page
              .locator('.trick .arrive')
              .first()
              .evaluate((e) => getComputedStyle(e).animationName),
          ).resolves.toBe('arrive');
        // The focus waits on a legal card: arrows move it among the legal cards, Enter plays.
        const card = heuristicPlayer(view.hand!);
        const { enabled } = await enabledCards(page);
        const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card ?? null);
        expect(enabled, `turn ${n}`).toContain(focused);
        const steps = enabled.indexOf(card) - enabled.indexOf(focused as Card);
        for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
        await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card)).resolves.toBe(card);
        await expect(page.locator('#live').textContent()).resolves.toContain('Your turn.');
        await page.keyboard.press('Enter');
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
        if (n === 5) {
          // L shows the last trick, as the library has it; Escape closes it.
          const last = tableViewOrThrow(computersPlay(table, 'S'), 'S').lastTrick!;
          await page.keyboard.press('l');
          const panel = page.locator('#last-trick');
          await panel.waitFor();
          const shown = await panel.locator('[data-card]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card));
          expect(shown).toEqual(last.cards);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'detached' });
        }
      }
      // The hand is over: the focus is on "Deal the next hand", and Enter deals.
      await page.locator('.result').waitFor();
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('deal');
      await expect(page.locator('#live').textContent()).resolves.toContain('Hand 1 is over.');
      await page.keyboard.press('Enter');
      table = computersPlay(applyOrThrow(computersPlay(table, 'S'), { type: 'deal' }), 'S');
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await checkTurn(page, table, 'S');
      // Every card is named for screen readers, and its suit is printed beside its rank.
      const names = await page.locator('button[data-card]').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.textContent]));
      for (const [name, text] of names) {
        expect(name).toMatch(/^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)$/);
        expect(text).toMatch(/^(A|K|Q|J|10|[2-9])[♠♥♦♣]$/);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'fits a 375 px phone: no sideways scrolling, every card on screen and big enough to tap',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SOLO_SEED}&bots=heuristic&speed=instant`);
      let table = computersPlay(soloMirror(SOLO_SEED), 'S');
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await page.screenshot({ path: screenshotPath('phone-solo.png'), fullPage: true });
      expect(await contrastProblems(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      for (const box of await page.locator('button[data-card]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(PHONE.width);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
      for (let n = 0; n < 13; n++) {
        table = computersPlay(table, 'S');
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const view = await checkTurn(page, table, 'S');
        const card = heuristicPlayer(view.hand!);
        await page.locator(`button[data-card="${card}"]`).tap();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      }
      await page.locator('.result').waitFor();
      await page.locator('.result').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('phone-end-of-hand.png'), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the URL sets the game and the settings change it; a game without a seed gets one in its URL; a wrong setting is named',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=long&seed=5&bots=random&speed=instant`);
      await page.locator('.hand').waitFor();
      await expect(page.locator('.scores caption').textContent()).resolves.toContain('Long Whist, game is 10');
      await page.locator('#controls > summary').click();
      await expect(page.locator('select[name="rules"]').inputValue()).resolves.toBe('long');
      await expect(page.locator('input[name="seed"]').inputValue()).resolves.toBe('5');
      await expect(page.locator('select[name="bots"]').inputValue()).resolves.toBe('random');
      await page.locator('select[name="rules"]').selectOption('american');
      await page.locator('input[name="seed"]').fill('42');
      await Promise.all([page.waitForURL(/rules=american/), page.getByRole('button', { name: 'New game' }).click()]);
      expect(new URL(page.url()).search).toBe('?rules=american&seed=42&bots=random&speed=instant');
      await expect(page.locator('.scores caption').textContent()).resolves.toContain('American Whist, game is 7');
      await page.goto(`${served.web.url}?rules=nope`);
      await expect(page.locator('.error').textContent()).resolves.toContain(
        'rules=nope is not known: use one of short, long, german-long, american, ten-point.',
      );
      // The computer players chosen in the form above are kept in this browser for the next new game.
      expect(new URL(page.url()).search).toMatch(/^\?rules=short&seed=\d+&bots=random$/);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "records: the solo table's record downloads as PBN, opens in the replay and steps card by card through the record's plays; a corrupted record is refused with its line",
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SOLO_SEED}&bots=heuristic&speed=instant`);
      await expect(page.locator('.record').textContent()).resolves.toContain('once a hand is over');
      // Two hands, and the third until a trick of it is played.
      let table = soloMirror(SOLO_SEED);
      for (let finished = 0; ; ) {
        table = computersPlay(table, 'S');
        const view = tableViewOrThrow(table, 'S');
        if (view.next.action === 'deal') {
          finished++;
          await page.locator('[data-action="deal"]').click();
          table = applyOrThrow(table, { type: 'deal' });
          continue;
        }
        if (finished === 2 && view.hand!.tricks.length > 0) break;
        const card = heuristicPlayer(view.hand!);
        await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      }

      // The download is the library's record of the table: its finished hands, and the seed; not the hand being played.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the record' }).click()]);
      expect(download.suggestedFilename()).toBe(`whist-short-seed-${SOLO_SEED}.pbn`);
      const text = await downloadText(download);
      const written = formatWhistPbn(table, { seed: SOLO_SEED });
      expect(written.ok && written.value).toBe(text);
      const parsed = parseWhistPbn(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const record = parsed.value;
      expect(record.seed).toBe(String(SOLO_SEED));
      expect(record.hands.map((h) => h.summary)).toEqual(tableViewOrThrow(table, null).hands);
      expect(record.hands.map((h) => [h.players, playedCards(h.state).length])).toEqual([
        [SOLO_PLAYERS, 52],
        [SOLO_PLAYERS, 52],
      ]);

      // Opened in the page, it is watched hand by hand, card by card, every seat's cards shown.
      await page.locator('#controls > summary').click();
      await page.setInputFiles('#open-record', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(text) });
      await page.locator('.replay[data-hand="1"][data-step="0"]').waitFor();
      await expect(page.locator('.replay-head').textContent()).resolves.toContain('Every seat’s cards are shown');
      await expect(page.locator('#mode').textContent()).resolves.toBe(`Watching a record: whist-short-seed-${SOLO_SEED}.pbn`);
      const hand = record.hands[0]!;
      const all = playedCards(hand.state);
      const dealt = dealtCards(hand.state);
      for (let k = 0; k <= all.length; k++) {
        // The keys and the buttons step alike; the focus stays on "Next card".
        if (k > 0 && k % 2 === 1) await page.keyboard.press('ArrowRight');
        if (k > 0 && k % 2 === 0) await page.getByRole('button', { name: 'Next card' }).click();
        await page.locator(`.replay[data-hand="1"][data-step="${k}"]`).waitFor();
        const shown = await replayShown(page);
        const played = new Set(all.slice(0, k).map((p) => p.card));
        for (const seat of SEATS)
          expect({ kind: shown.seats[seat]?.kind, cards: sortCards((shown.seats[seat]?.cards ?? []) as Card[]) }).toEqual(
            k === all.length ? { kind: 'dealt', cards: sortCards(dealt[seat]) } : { kind: 'held', cards: sortCards(dealt[seat].filter((c) => !played.has(c))) },
          );
        const trick = k === 0 ? [] : all.slice(Math.floor((k - 1) / 4) * 4, k).map((p) => ({ seat: p.seat, card: p.card }));
        expect(shown.trick).toEqual(trick);
        if (k > 0) {
          const last = all[k - 1]!;
          await expect(page.locator('#live').textContent()).resolves.toContain(`Card ${k} of 52: `);
          await expect(page.locator('#live').textContent()).resolves.toContain(`plays the ${cardName(last.card)}.`);
        }
        if (k === 21) {
          await page.screenshot({ path: screenshotPath('desktop-replay.png'), fullPage: true });
          expect(await contrastProblems(page)).toEqual([]);
        }
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('replay-next-card');
      // The hand is over: scored and explained as the table scored it.
      const summaries = tableViewOrThrow(table, null).hands;
      const s = await pageScores(page);
      expect([s.tricks, s.game]).toEqual([summaries[0]!.tricks, summaries[0]!.score]);
      await expect(page.locator('.scores [data-explain="hand"] li').allTextContents()).resolves.toEqual(explainHand(PRESETS.short, summaries, 0));
      // A hand on, a card back, the start of the hand, and a hand picked from the list.
      await page.keyboard.press('PageDown');
      await page.locator('.replay[data-hand="2"][data-step="0"]').waitFor();
      expect(sortCards(((await replayShown(page)).seats.N?.cards ?? []) as Card[])).toEqual(sortCards(dealtCards(record.hands[1]!.state).N));
      await page.keyboard.press('ArrowLeft');
      await page.locator('.replay[data-hand="1"][data-step="52"]').waitFor();
      await page.keyboard.press('Home');
      await page.locator('.replay[data-hand="1"][data-step="0"]').waitFor();
      await expect(page.getByRole('button', { name: 'Previous card' }).isDisabled()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Hand 2, rubber 1' }).click();
      await page.locator('.replay[data-hand="2"][data-step="0"]').waitFor();
      await expect(page.locator('#live').textContent()).resolves.toMatch(/^Hand 2 of 2, rubber 1, game \d: East deals\./);

      // At phone width the replay fits: nothing scrolls sideways.
      await page.setViewportSize(PHONE);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('phone-replay.png'), fullPage: true });
      await page.setViewportSize(DESKTOP);

      // Back to the game: the table went on where it was, the person's turn in the third hand.
      await page.getByRole('button', { name: 'Back to your game' }).click();
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await checkTurn(page, table, 'S');
      await expect(page.locator('#mode').textContent()).resolves.toContain('three computer players');

      // A record whose stated score contradicts its play is refused, with the line and the tag.
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('[WhistTricks '));
      lines[at] = lines[at]!.replace(/NS (\d+) EW (\d+)/, (_, ns, ew) => `NS ${ew} EW ${ns}`);
      await page.setInputFiles('#open-record', { name: 'corrupted.pbn', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
      await page.locator('#record-status [role="alert"]').waitFor();
      const refused = await page.locator('#record-status [role="alert"]').textContent();
      expect(refused).toContain(`corrupted.pbn cannot be opened: line ${at + 1}, [WhistTricks]: states NS`);
      expect(refused).toContain('(INVALID_SCORE)');
      // A bridge PBN file is not a Whist record.
      await page.setInputFiles('#open-record', { name: 'club.pbn', mimeType: 'text/plain', buffer: Buffer.from('[Event "club"]\n[Board "1"]\n') });
      await page.locator('#record-status [role="alert"]', { hasText: 'club.pbn is not a Whist record' }).waitFor();
      await expect(page.locator('.replay').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  const serverMain = join(ROOT, 'server', 'src', 'main.ts');
  const noServer = existsSync(serverMain) ? null : 'server/src/main.ts does not exist';
  if (noServer) console.log(`web/test/browser.test.ts: the four-browser test is skipped, ${noServer}`);

  it.skipIf(noServer !== null)(
    'four people in four browsers play one rubber through the reference server',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      // Started as `npm start -w whist-server` starts it; ready once it prints its address and GET /health answers.
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin });
      const contexts: BrowserContext[] = [];
      try {
        // One person opens a table from the page and sends the three others their seat's link.
        const seed = 66;
        const host = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        contexts.push(host);
        const opener = await host.newPage();
        const watched = [watch(opener)];
        await opener.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, speed: 'instant' })}`);
        await opener.locator('#controls > summary').click();
        await opener.locator('input[name="table-seed"]').fill(String(seed));
        await opener.getByRole('button', { name: 'Open a table' }).click();
        const links = Object.fromEntries(
          await Promise.all(SEATS.map(async (s) => [s, await opener.locator(`#seat-links a[data-seat="${s}"]`).getAttribute('href')] as const)),
        ) as Record<Seat, string>;
        const pages = {} as Record<Seat, Page>;
        for (const s of SEATS) {
          const context = s === 'N' ? host : await newContext(served.browser, { viewport: s === 'E' ? PHONE : DESKTOP, reducedMotion: 'reduce' });
          if (s !== 'N') contexts.push(context);
          const page = await context.newPage();
          watched.push(watch(page));
          await page.goto(links[s]);
          pages[s] = page;
        }
        // The same table in Node: the server opened it with this seed and deals from the table's own PRNG.
        let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed }), { type: 'deal' });
        for (const s of SEATS) await pages[s].locator(`.seat.pos-bottom[data-seat="${s}"]`).waitFor();
        let plays = 0;
        for (;;) {
          const next = tableViewOrThrow(table, null).next;
          if (next.action !== 'play') break;
          const seat = next.seat;
          const page = pages[seat];
          const card = heuristicPlayer(tableViewOrThrow(table, seat).hand!);
          // The seat's page learns through the events stream that it is its turn; the card is enabled then.
          await page.locator(`button[data-card="${card}"]:not([disabled])`).click();
          table = applyOrThrow(table, { type: 'play', seat, card });
          if (tableViewOrThrow(table, null).next.action === 'deal') table = applyOrThrow(table, { type: 'deal' });
          plays++;
          // The page has the server's answer to its own play: up to date, and without another seat's cards.
          await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
          expect(await leaks(page, hiddenCards(table, seat))).toEqual([]);
          if (plays === 30) await pages.S.screenshot({ path: screenshotPath('desktop-server-table.png'), fullPage: true });
          if (plays === 31) await pages.E.screenshot({ path: screenshotPath('phone-server-table.png'), fullPage: true });
        }
        // The rubber is over at every seat, scored and explained as the library scores it.
        for (const s of SEATS) {
          const page = pages[s];
          await page.locator('.result [data-explain="rubber"]').waitFor();
          const view = tableViewOrThrow(table, s);
          await expectScores(page, view);
          expect((await explanationOnPage(page)).rubber).toEqual(explainRubber(view));
          expect(await leaks(page, hiddenCards(table, s))).toEqual([]);
        }
        expect(plays).toBe(tableViewOrThrow(table, null).hands.length * 52);
        // At a server table the page holds no table state: it offers no record to download.
        expect(await pages.S.locator('[data-action="download-record"]').count()).toBe(0);
        // Any player starts the next rubber; the server deals, and every page follows.
        await pages.W.locator('[data-action="new-rubber"]').click();
        table = applyOrThrow(applyOrThrow(table, { type: 'newRubber' }), { type: 'deal' });
        for (const s of SEATS) {
          await pages[s].locator('.scores caption', { hasText: 'Rubber 2, game 1' }).waitFor();
          const next = tableViewOrThrow(table, null).next;
          if (next.action === 'play' && next.seat === s) await checkTurn(pages[s], table, s);
          expect(await leaks(pages[s], hiddenCards(table, s))).toEqual([]);
        }
        for (const w of watched) expect(w.problems).toEqual([]);
      } finally {
        for (const c of contexts) await c.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
