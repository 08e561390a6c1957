import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  currentHand,
  currentSeat,
  heuristicPlayer,
  legalMoves,
  newTableOrThrow,
  type Seat,
  seedRandom,
  sideOf,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { explainHand } from '../src/explain.js';
import { readSaved, readSettings, SOLO_PLAYERS, STORAGE_KEY, saveText, settingsQuery, soloRules } from '../src/solo.js';
import {
  axeFindings,
  lawsMirror,
  lawsUrl,
  missingForBrowser,
  newContext,
  pageScores,
  type ServedPage,
  screenshotPath,
  servePage,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// Revokes at the solo table played by the laws (`laws=1`: the preset's rules with irregularities ruled), in
// headless Chromium: the person plays a card that does not follow suit after a confirmation, and the computer
// players claim its penalty once the hand is over; a hand in which West revoked (a stored game, rebuilt in
// Node) has its penalty elected by the person. Each table is rebuilt in Node, so the test knows the scores.

const missing = missingForBrowser();
if (missing) console.log(`web/test/revokes.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const SEED = 7;

/** A card `seat` holds that does not follow suit though it could, at its turn; `null` when there is none. */
function revokeCard(table: TableState, seat: Seat): Card | null {
  const hand = currentHand(table);
  if (hand === null || currentSeat(hand) !== seat) return null;
  const lawful = legalMoves(hand);
  return cardsHeld(hand, seat).find((c) => !lawful.includes(c)) ?? null;
}

/** The trick being played, from 1: the cards played so far, four a trick. */
function trickNumber(table: TableState): number {
  const plays = currentHand(table)!.plays;
  return Math.floor((plays === '' ? 0 : plays.split(' ').length) / 4) + 1;
}

/** The computer players' cards as the page plays them (`heuristicPlayer` on each seat's view), up to South's turn or the end of the hand. */
function computersPlay(table: TableState): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === 'S') return table;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
  }
}

/** The penalty the computer players claim for the person's revoke: three added when that wins them the game, else three tricks. */
function botPenalty(table: TableState, card: Card): { table: TableState; penalty: 'add' | 'tricks' } {
  const added = applyOrThrow(table, { type: 'claimRevoke', seat: 'W', card, penalty: 'add' });
  if (tableViewOrThrow(added, null).hands.at(-1)?.game?.winner === 'EW') return { table: added, penalty: 'add' };
  return { table: applyOrThrow(table, { type: 'claimRevoke', seat: 'W', card, penalty: 'tricks' }), penalty: 'tricks' };
}

/** The score table against the library's view of the table in Node. */
async function expectScored(page: Page, view: TableView): Promise<void> {
  const s = await pageScores(page);
  expect(s.tricks).toEqual(view.hands.at(-1)?.tricks);
  expect(s.game).toEqual(view.score);
  expect(s.games).toEqual(view.gamesWon);
}

/** Plays the person's card (the basic player's choice) through the page and in Node. */
async function playLawful(page: Page, table: TableState): Promise<TableState> {
  const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
  await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
  await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
  return applyOrThrow(table, { type: 'play', seat: 'S', card });
}

/** A hand of seed `seed` in which West revokes at its first chance from trick 2 on, the rest played as the page's players play; over, unclaimed. */
function westRevoked(seed: number): { table: TableState; card: Card; trick: number } | null {
  let table = lawsMirror(seed);
  let revoke: { card: Card; trick: number } | null = null;
  for (;;) {
    const hand = currentHand(table)!;
    const seat = currentSeat(hand);
    if (seat === null) break;
    const trick = trickNumber(table);
    const r: Card | null = seat === 'W' && revoke === null && trick >= 2 ? revokeCard(table, 'W') : null;
    if (r !== null) revoke = { card: r, trick };
    table = applyOrThrow(table, { type: 'play', seat, card: r ?? heuristicPlayer(tableViewOrThrow(table, seat).hand!) });
  }
  return revoke === null ? null : { table, ...revoke };
}

/** Stores a finished hand in the page's storage as the solo game of these settings, and opens it. */
async function openStored(page: Page, served: ServedPage, seed: number, table: TableState): Promise<void> {
  await page.goto(lawsUrl(served, seed));
  await page.locator('.play').waitFor();
  const text = saveText({ rules: 'short', seed, bots: 'heuristic', laws: true, table, random: seedRandom(seed + 1), undo: null });
  await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [STORAGE_KEY, text]);
  await page.goto(lawsUrl(served, seed));
  await page.locator('.result .revokes').waitFor();
}

describe('the laws setting in the URL and the saved game (no browser)', () => {
  it('laws=1 is read and written back; a saved game keeps it, and one whose table is played to other rules than it names is refused', () => {
    const { settings, problems } = readSettings(new URLSearchParams('rules=long&seed=7&bots=heuristic&laws=1'), () => 1);
    expect(problems).toEqual([]);
    expect(settings.laws).toBe(true);
    expect(settingsQuery(settings)).toBe('rules=long&seed=7&bots=heuristic&laws=1');
    expect(readSettings(new URLSearchParams('laws=2'), () => 1).problems).toEqual(['laws=2 is not known: use 1 (on) or 0 (off).']);
    expect(soloRules('long', true)).toMatchObject({ name: 'long-ruled', irregularities: 'ruled', target: 10 });
    expect(soloRules('long', false).irregularities).toBeUndefined();
    const table = lawsMirror(SEED);
    const saved = { rules: 'short', seed: SEED, bots: 'heuristic', laws: true, table, random: seedRandom(1), undo: null } as const;
    const read = readSaved(saveText(saved));
    expect(read.ok && read.value.laws).toBe(true);
    expect(readSaved(saveText({ ...saved, laws: false }))).toEqual({ ok: false, reason: 'its table is played to other rules than it names' });
    const plain = applyOrThrow(newTableOrThrow(soloRules('short', false), { seed: SEED, players: { ...SOLO_PLAYERS } }), { type: 'deal' });
    expect(readSaved(saveText({ ...saved, table: plain }))).toEqual({ ok: false, reason: 'its table is played to other rules than it names' });
  });
});

describe.skipIf(missing !== null)('revokes at the solo table played by the laws', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/revokes.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    'the setting: Irregularities ruled by the laws starts a game with laws=1 in the URL, and the rules say so',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await page.locator('.play').waitFor();
      await page.locator('#controls > summary').click();
      await page.locator('select[name="laws"]').selectOption('1');
      await page.locator('#settings button[type="submit"]').click();
      await page.waitForURL(/laws=1/);
      await page.locator('.hand').waitFor();
      await expect(page.locator('#mode').textContent()).resolves.toContain('by the laws');
      await expect(page.locator('select[name="laws"]').inputValue()).resolves.toBe('1');
      await expect(page.locator('[data-score="tricks"]').first().textContent()).resolves.toBe('0');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a revoke through the page: the card stays marked as not following suit, a confirmation first (cancelled once, then answered by keyboard), then the computer players claim the penalty and the hand is scored as the library scores it',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      // The rules named as players say them, never by their code name (short-ruled).
      await page.locator('.scores caption').waitFor();
      await expect(page.locator('.scores caption').textContent()).resolves.toContain('Short Whist by the laws, game is 5');
      await expect(page.locator('#mode').textContent()).resolves.toContain('· Short Whist by the laws ·');
      let table = lawsMirror(SEED);
      let revoke: { card: Card; trick: number } | null = null;
      for (;;) {
        table = computersPlay(table);
        if (tableViewOrThrow(table, null).next.action !== 'play') break;
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const trick = trickNumber(table);
        const card: Card | null = revoke === null && trick >= 2 ? revokeCard(table, 'S') : null;
        if (card === null) {
          table = await playLawful(page, table);
          continue;
        }
        // The cards that follow suit look playable; the others are marked, and still enabled.
        const lawful = tableViewOrThrow(table, 'S').hand!.legalMoves;
        const button = page.locator(`.hand button[data-card="${card}"]`);
        await expect(button.getAttribute('class')).resolves.toContain('off-suit');
        await expect(button.getAttribute('aria-label')).resolves.toContain('does not follow suit');
        for (const c of lawful) await expect(page.locator(`.hand button[data-card="${c}"]`).getAttribute('class')).resolves.not.toContain('off-suit');
        await expect(page.locator('#hand-hint').textContent()).resolves.toContain('You must follow suit');
        const handBox = (await page.locator('.hand .cards').boundingBox())!;
        await button.click();
        const confirm = page.locator('[data-revoke-confirm]');
        await confirm.waitFor();
        await expect(confirm.textContent()).resolves.toContain('This card does not follow suit: a revoke. Play it anyway?');
        // The hand does not move while the confirmation lies over the felt.
        expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(handBox.y, 0);
        await page.screenshot({ path: screenshotPath('revokes-confirm.png') });
        expect(await axeFindings(page)).toEqual([]);
        await confirm.locator('[data-action="revoke-cancel"]').click();
        await confirm.waitFor({ state: 'detached' });
        await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card)).resolves.toBe(card);
        await expect(page.locator(`.hand button[data-card="${card}"]`).count()).resolves.toBe(1);
        // Then by keyboard: Enter on the card asks, and Enter on the answer, which has the focus, plays it.
        await button.focus();
        await page.keyboard.press('Enter');
        await confirm.waitFor();
        await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('revoke-confirm');
        await page.keyboard.press('Enter');
        await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card });
        revoke = { card, trick };
      }
      expect(revoke).not.toBeNull();
      const { card, trick } = revoke!;
      const claimed = botPenalty(table, card);
      table = claimed.table;
      const view = tableViewOrThrow(table, 'S');
      expect(view.revokes).toEqual([{ seat: 'S', card, trick, penalty: claimed.penalty }]);
      const item = page.locator(`.result .revokes li[data-revoke="${card}"]`);
      await item.locator(`[data-penalty="${claimed.penalty}"]`).waitFor();
      await expect(item.textContent()).resolves.toContain(`You revoked in trick ${trick}`);
      await expect(page.locator('#live').textContent()).resolves.toContain('West claims your revoke');
      await expect(page.locator('#live').textContent()).resolves.toContain('NS revoked: the penalty is');
      await expectScored(page, view);
      const lines = await page.locator('.result [data-explain="hand"] li').allTextContents();
      expect(lines).toEqual(explainHand(view.rules, view.hands, view.hands.length - 1));
      expect(lines[0]).toContain('NS revoked: the penalty is');
      expect(view.hands.at(-1)?.revokes).toEqual([{ side: 'NS', penalty: claimed.penalty }]);
      // No penalty for the person to elect: their own revoke is the other side's to claim.
      await expect(page.locator('[data-action="revoke-penalty"]').count()).resolves.toBe(0);
      await page.screenshot({ path: screenshotPath('revokes-claimed-by-computers.png') });
      expect(await axeFindings(page)).toEqual([]);
      // A reload keeps the game as it is, laws and all.
      await page.reload();
      await item.locator(`[data-penalty="${claimed.penalty}"]`).waitFor();
      await expectScored(page, view);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a revoke by West: the person elects the penalty by keyboard (three to ours), the score is the library’s, and Enter deals the next hand',
    async () => {
      const found = westRevoked(SEED);
      expect(found).not.toBeNull();
      const { table, card, trick } = found!;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await openStored(page, served, SEED, table);
      const item = page.locator(`.result .revokes li[data-revoke="${card}"]`);
      await expect(item.textContent()).resolves.toContain(`West revoked in trick ${trick}`);
      const buttons = item.locator('[data-action="revoke-penalty"]');
      await expect(buttons.allTextContents()).resolves.toEqual(['Three tricks', 'Three off their score', 'Three to ours']);
      await page.screenshot({ path: screenshotPath('revokes-elect.png') });
      expect(await axeFindings(page)).toEqual([]);
      // The first penalty has the focus once the page opens on the finished hand; Tab moves to the others.
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.penalty)).resolves.toBe('tricks');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.penalty)).resolves.toBe('add');
      await page.keyboard.press('Enter');
      await item.locator('[data-penalty="add"]').waitFor();
      const after = applyOrThrow(table, { type: 'claimRevoke', seat: 'S', card, penalty: 'add' });
      const view = tableViewOrThrow(after, 'S');
      expect(view.hands.at(-1)?.revokePoints).toEqual({ NS: 3, EW: 0 });
      await expectScored(page, view);
      const lines = await page.locator('.result [data-explain="hand"] li').allTextContents();
      expect(lines).toEqual(explainHand(view.rules, view.hands, view.hands.length - 1));
      expect(lines[0]).toBe("EW revoked: the penalty is three points added to NS's score (law 72).");
      await expect(page.locator('#live').textContent()).resolves.toContain('You claim the revoke of the');
      await expect(page.locator('#live').textContent()).resolves.toContain(lines.join(' '));
      await page.screenshot({ path: screenshotPath('revokes-elected.png') });
      // The focus is on the next deal: Enter deals, and the revokes are gone with the hand.
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('deal');
      await page.keyboard.press('Enter');
      await page.locator('.result .revokes').waitFor({ state: 'detached' });
      await page.locator('.hand').waitFor();
      expect(sideOf('S')).toBe('NS');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'against the sampling players (fast): after the person’s revoke they play the hand out from their own views, and claim the penalty',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=fast&speed=instant&laws=1`);
      let revoked: string | null = null;
      for (let turn = 0; turn < 13; turn++) {
        // After the revoke the computer players wait to lead while it may be taken back: the person lets it stand.
        await page.locator('.hand[data-turn="yes"], [data-action="revoke-stand"]').first().waitFor();
        if ((await page.locator('[data-action="revoke-stand"]').count()) > 0) await page.locator('[data-action="revoke-stand"]').click();
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const offSuit = page.locator('.hand[data-turn="yes"] button[data-revoke]');
        if (revoked === null && (await offSuit.count()) > 0) {
          revoked = (await offSuit.first().getAttribute('data-card')) as string;
          await offSuit.first().click();
          await page.locator('[data-action="revoke-confirm"]').click();
        } else {
          const card = (await page
            .locator('.hand[data-turn="yes"] button[data-card]:not([disabled]):not([data-revoke])')
            .first()
            .getAttribute('data-card')) as string;
          await page.locator(`.hand button[data-card="${card}"]`).click();
        }
        if (turn < 12) await page.locator('.hand[data-turn="yes"], .result, [data-action="revoke-stand"]').first().waitFor();
      }
      expect(revoked).not.toBeNull();
      await page.locator(`.result .revokes li[data-revoke="${revoked}"] [data-penalty]`).waitFor();
      await expect(page.locator('#live').textContent()).resolves.toContain('West claims your revoke');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'on a 375 × 740 touch screen: the confirmation on the first screen, the hand still, and the penalty buttons within reach',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      let table = lawsMirror(SEED);
      for (;;) {
        table = computersPlay(table);
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const card = trickNumber(table) >= 2 ? revokeCard(table, 'S') : null;
        if (card === null) {
          table = await playLawful(page, table);
          continue;
        }
        const cardsBox = (await page.locator('.hand .cards').boundingBox())!;
        await page.locator(`.hand button[data-card="${card}"]`).tap();
        const confirm = page.locator('[data-revoke-confirm]');
        await confirm.waitFor();
        const box = (await confirm.locator('[data-action="revoke-confirm"]').boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
        expect(box.height).toBeGreaterThanOrEqual(40);
        expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
        await page.screenshot({ path: screenshotPath('revokes-phone-confirm.png') });
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
        break;
      }
      const found = westRevoked(SEED)!;
      await openStored(page, served, SEED, found.table);
      const button = page.locator('[data-action="revoke-penalty"][data-penalty="tricks"]');
      // The three penalties are on the first screen, as the page opens on the finished hand: no scroll needed.
      await expect(page.evaluate(() => [window.scrollX, window.scrollY])).resolves.toEqual([0, 0]);
      for (const penalty of ['tricks', 'deduct', 'add']) {
        const b = (await page.locator(`[data-action="revoke-penalty"][data-penalty="${penalty}"]`).boundingBox())!;
        expect(b.height, penalty).toBeGreaterThanOrEqual(40);
        expect(b.x, penalty).toBeGreaterThanOrEqual(0);
        expect(b.y, penalty).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, penalty).toBeLessThanOrEqual(PHONE.width);
        expect(b.y + b.height, penalty).toBeLessThanOrEqual(PHONE.height);
      }
      await page.screenshot({ path: screenshotPath('revokes-phone-elect.png') });
      await button.tap();
      await page.locator('.result .revokes [data-penalty="tricks"]').first().waitFor();
      const view = tableViewOrThrow(applyOrThrow(found.table, { type: 'claimRevoke', seat: 'S', card: found.card, penalty: 'tricks' }), 'S');
      await expectScored(page, view);
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
