import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  heuristicPlayer,
  newTableOrThrow,
  PRESETS,
  SEATS,
  type Seat,
  sortCards,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { build, describeSizes } from '../scripts/build.js';
import { serve, type WebServer } from '../serve.js';
import { explainHand, explainRubber } from '../src/explain.js';
import { SOLO_PLAYERS } from '../src/solo.js';
import { contrastProblems, hiddenCards, launch, leaks, missingForBrowser, pageScores, ROOT, screenshotPath, tempDir, watch } from './support.js';

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

/** The solo table as the page opens it, rebuilt in Node. */
function soloMirror(seed: number): TableState {
  return applyOrThrow(newTableOrThrow(PRESETS.short, { seed, players: { ...SOLO_PLAYERS } }), { type: 'deal' });
}

/** The computer players' cards, as the page plays them (each from its own seat's view). */
function computersPlay(table: TableState, person: Seat): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === person) return table;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
  }
}

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

describe.skipIf(missing !== null)('the web table in headless Chromium', () => {
  let browser: Browser;
  let web: WebServer;
  let out: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    out = tempDir();
    const files = await build(out.dir);
    console.log(`web/test/browser.test.ts: the page, built\n${describeSizes(files)}`);
    web = await serve({ port: 0, dir: out.dir });
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    out?.remove();
  });

  it("a person plays a whole solo rubber by clicking: only legal cards can be played, no hidden card is ever in the page, the score is the library's", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.goto(`${web.url}?rules=short&seed=${SOLO_SEED}&bots=basic&speed=instant`);
    expect(new URL(page.url()).search).toBe(`?rules=short&seed=${SOLO_SEED}&bots=basic&speed=instant`);
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
  }, 90_000);

  it('a person plays a hand by keyboard only: arrows choose, Enter plays, L shows the last trick, and turns are announced', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const { problems } = watch(page);
    const seed = 7;
    await page.goto(`${web.url}?rules=short&seed=${seed}&bots=basic&speed=instant`);
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
  }, 60_000);

  it('fits a 375 px phone: no sideways scrolling, every card on screen and big enough to tap', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.goto(`${web.url}?rules=short&seed=${SOLO_SEED}&bots=basic&speed=instant`);
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
  }, 60_000);

  it('the URL sets the game and the settings change it; a game without a seed gets one in its URL; a wrong setting is named', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.goto(`${web.url}?rules=long&seed=5&bots=random&speed=instant`);
    await page.locator('.hand').waitFor();
    await expect(page.locator('.scores caption').textContent()).resolves.toContain('long whist, game is 10');
    await page.locator('#controls > summary').click();
    await expect(page.locator('select[name="rules"]').inputValue()).resolves.toBe('long');
    await expect(page.locator('input[name="seed"]').inputValue()).resolves.toBe('5');
    await expect(page.locator('select[name="bots"]').inputValue()).resolves.toBe('random');
    await page.locator('select[name="rules"]').selectOption('american');
    await page.locator('input[name="seed"]').fill('42');
    await Promise.all([page.waitForURL(/rules=american/), page.getByRole('button', { name: 'New game' }).click()]);
    expect(new URL(page.url()).search).toBe('?rules=american&seed=42&bots=random&speed=instant');
    await expect(page.locator('.scores caption').textContent()).resolves.toContain('american whist, game is 7');
    await page.goto(`${web.url}?rules=nope`);
    await expect(page.locator('.error').textContent()).resolves.toContain('rules=nope is not known: use one of short, long, german-long, american, ten-point.');
    expect(new URL(page.url()).search).toMatch(/^\?rules=short&seed=\d+&bots=basic$/);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  const serverMain = join(ROOT, 'server', 'src', 'main.ts');
  const noServer = existsSync(serverMain) ? null : 'server/src/main.ts does not exist';
  if (noServer) console.log(`web/test/browser.test.ts: the four-browser test is skipped, ${noServer}`);

  it.skipIf(noServer !== null)(
    'four people in four browsers play one rubber through the reference server',
    async () => {
      const origin = web.url.replace(/\/$/, '');
      const server = await startServer({ PORT: '0', WHIST_CORS_ORIGIN: origin });
      const contexts: BrowserContext[] = [];
      try {
        // One person opens a table from the page and sends the three others their seat's link.
        const seed = 66;
        const host = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
        contexts.push(host);
        const opener = await host.newPage();
        const watched = [watch(opener)];
        await opener.goto(`${web.url}?${new URLSearchParams({ server: server.url, speed: 'instant' })}`);
        await opener.locator('#controls > summary').click();
        await opener.locator('input[name="table-seed"]').fill(String(seed));
        await opener.getByRole('button', { name: 'Open a table' }).click();
        const links = Object.fromEntries(
          await Promise.all(SEATS.map(async (s) => [s, await opener.locator(`#seat-links a[data-seat="${s}"]`).getAttribute('href')] as const)),
        ) as Record<Seat, string>;
        const pages = {} as Record<Seat, Page>;
        for (const s of SEATS) {
          const context = s === 'N' ? host : await browser.newContext({ viewport: s === 'E' ? PHONE : DESKTOP, reducedMotion: 'reduce' });
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
    90_000,
  );
});

/** Starts `server/src/main.ts` as `npm start -w whist-server` does, and waits for its address. */
async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
