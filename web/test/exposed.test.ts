import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, applyOrThrow, type Card, cardsHeld, currentHand, heuristicPlayer, seedRandom, type TableState, type TableView, tableViewOrThrow } from 'whist';
import { calledToPlay } from '../src/exposed.js';
import { cardName } from '../src/names.js';
import { STORAGE_KEY, saveText } from '../src/solo.js';
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

// Exposed cards at the solo table played by the laws (`laws=1`; Laws of Short Whist, 1864, laws 56, 64-65), in
// headless Chromium: the person drops a card face up (by click, by keyboard, by touch), the computer players call
// it at once, and the page then offers only the called card whenever the library would refuse any other
// (`CARD_CALLED`), until it is played. In a stored game West has a card exposed, which the person calls, and West
// plays it as soon as it can. Each table is rebuilt in Node, so the test knows what the library accepts.

const missing = missingForBrowser();
if (missing) console.log(`web/test/exposed.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const SEED = 7;

/** The computer players' cards as the page plays them: a called card when one must be played now, else `heuristicPlayer` on the seat's view; up to South's turn. */
function computersPlay(table: TableState): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === 'S') return table;
    const view = tableViewOrThrow(table, next.seat);
    const card = calledToPlay(view)[0] ?? heuristicPlayer(view.hand!);
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card });
  }
}

/** South's cards the library accepts now, each tried with `apply`: the legal cards, less those a call refuses. */
function accepted(table: TableState): Card[] {
  const legal = tableViewOrThrow(table, 'S').hand!.legalMoves;
  return legal.filter((card) => apply(table, { type: 'play', seat: 'S', card }).ok);
}

/** The cards the page offers the person now (enabled buttons in their hand). */
async function offered(page: Page): Promise<string[]> {
  return page.locator('.hand button[data-card]:not([disabled])').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card as string));
}

/** The score table against the library's view of the table in Node. */
async function expectScored(page: Page, view: TableView): Promise<void> {
  const s = await pageScores(page);
  expect(s.tricks).toEqual(view.hands.at(-1)?.tricks);
  expect(s.game).toEqual(view.score);
}

/**
 * Plays the hand out through the page, South's cards chosen in Node (a called card when the library refuses
 * the others, else the basic player's card, the exposed card kept back while another may be played). At every
 * turn of the person the page must offer exactly the cards the library accepts. Returns the table at the end
 * and the turns at which a call bound the person, each with a screenshot taken at the first.
 */
async function playOut(page: Page, table: TableState, shot: string | null): Promise<{ table: TableState; bound: number }> {
  let bound = 0;
  for (;;) {
    table = computersPlay(table);
    if (tableViewOrThrow(table, null).next.action !== 'play') return { table, bound };
    await page.locator('.hand[data-turn="yes"]').waitFor();
    const ok = accepted(table);
    const legal = tableViewOrThrow(table, 'S').hand!.legalMoves;
    // Revokes stay enabled under the laws (marked, and confirmed first) unless a call binds: compare the lawful ones.
    const lawfulOffered = (await offered(page)).filter((c) => legal.includes(c as Card));
    expect(lawfulOffered.sort()).toEqual([...ok].sort());
    let card: Card;
    if (ok.length < legal.length) {
      // A call binds: the other cards are refused by the library, and the page offers none of them, nor a revoke.
      bound++;
      card = ok[0]!;
      const other = legal.find((c) => c !== card)!;
      const refused = apply(table, { type: 'play', seat: 'S', card: other });
      expect(refused.ok ? 'accepted' : refused.error.code).toBe('CARD_CALLED');
      expect(await offered(page)).toEqual([card]);
      await expect(page.locator('#hand-hint').textContent()).resolves.toBe(`Called: play the ${cardName(card)} (law 65).`);
      await expect(page.locator(`.hand button[data-card="${card}"]`).getAttribute('aria-label')).resolves.toContain('exposed and called');
      if (bound === 1 && shot !== null) {
        await page.screenshot({ path: screenshotPath(shot) });
        expect(await axeFindings(page)).toEqual([]);
        // The hint (H) marks the called card alone: the others are not to be played.
        await page.keyboard.press('h');
        await page.locator('[data-expected-note="shown"]').waitFor();
        await expect(page.locator('.hand button[data-expected]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card))).resolves.toEqual([
          card,
        ]);
        // A refused card cannot be played from the page: a click on it does nothing.
        await page.locator(`.hand button[data-card="${other}"]`).click({ force: true });
        await expect(page.locator('.hand button[data-card]').count()).resolves.toBe(cardsHeld(currentHand(table)!, 'S').length);
      }
    } else {
      const called = tableViewOrThrow(table, 'S').called.map((c) => c.card);
      const choice = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
      card = called.includes(choice) && ok.length > 1 ? (ok.find((c) => !called.includes(c)) as Card) : choice;
    }
    await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

/** The person's exposed card as the page shows it at South's seat, and in their hand. */
async function expectExposedAndCalled(page: Page, card: Card): Promise<void> {
  const atSeat = page.locator(`.felt [data-exposed="S"] [data-exposed-card="${card}"]`);
  await atSeat.waitFor();
  await expect(atSeat.getAttribute('data-called')).resolves.toBe('');
  await expect(atSeat.locator('.exposed-tag').textContent()).resolves.toBe('Called');
  await expect(atSeat.locator(`.face[data-card="${card}"]`).count()).resolves.toBe(1);
  await expect(page.locator(`.hand button[data-card="${card}"]`).getAttribute('data-called')).resolves.toBe('');
  await expect(page.locator('#live').textContent()).resolves.toContain(`You drop the ${cardName(card)} face up: an exposed card (law 56).`);
  await expect(page.locator('#live').textContent()).resolves.toContain('The other side calls it: you must play it as soon as that is no revoke');
}

describe.skipIf(missing !== null)('exposed cards at the solo table played by the laws', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/exposed.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    'by click: the person drops a card they could play now face up (confirmed first), West calls it at once, the page offers that card alone and the hand is played out as the library plays it',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      let table = computersPlay(lawsMirror(SEED));
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const legal = tableViewOrThrow(table, 'S').hand!.legalMoves;
      const card = legal.at(-1)!;
      const cardsBox = (await page.locator('.hand .cards').boundingBox())!;
      // The control is there under the laws, beside claim and concede.
      const open = page.locator('[data-action="expose-open"]');
      await expect(open.textContent()).resolves.toContain('Drop face up');
      await open.click();
      await page.locator('.hand[data-picking="yes"]').waitFor();
      await expect(page.locator('#hand-hint').textContent()).resolves.toBe('Choose the card to drop face up (Escape cancels).');
      // Every card held may be dropped, whatever is legal to play.
      expect((await offered(page)).length).toBe(13);
      await page.screenshot({ path: screenshotPath('exposed-pick.png') });
      await page.locator(`.hand button[data-card="${card}"]`).click();
      const confirm = page.locator(`[data-expose-confirm="${card}"]`);
      await confirm.waitFor();
      await expect(confirm.textContent()).resolves.toContain('Dropped face up, it is an exposed card');
      expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
      await page.screenshot({ path: screenshotPath('exposed-confirm.png') });
      expect(await axeFindings(page)).toEqual([]);
      // Cancelled once: nothing is dropped, and the card is still to play.
      await confirm.locator('[data-action="expose-cancel"]').click();
      await confirm.waitFor({ state: 'detached' });
      await expect(page.locator('[data-exposed]').count()).resolves.toBe(0);
      await open.click();
      await page.locator(`.hand[data-picking="yes"] button[data-card="${card}"]`).click();
      await confirm.locator('[data-action="expose-confirm"]').click();
      await expectExposedAndCalled(page, card);
      table = applyOrThrow(table, { type: 'expose', seat: 'S', card });
      table = applyOrThrow(table, { type: 'callCard', seat: 'W', card });
      expect(tableViewOrThrow(table, 'S').called).toEqual([{ seat: 'S', card }]);
      expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
      // The card can be played now: it is the only one offered, and the hand goes on to the end.
      const played = await playOut(page, table, 'exposed-called.png');
      expect(played.bound).toBeGreaterThanOrEqual(1);
      await page.locator('.result').waitFor();
      await expectScored(page, tableViewOrThrow(played.table, 'S'));
      await expect(page.locator('[data-exposed]').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'by keyboard: D, End, Enter picks the last card, Enter drops it; the call waits until the card can be played without a revoke, then binds',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      let table = computersPlay(lawsMirror(SEED));
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const view = tableViewOrThrow(table, 'S');
      // Suits in the page's order, ♠ ♥ ♣ ♦: the last card is the lowest diamond, of a suit not led.
      const last = (await page.locator('.hand button[data-card]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card as string))).at(
        -1,
      ) as Card;
      expect(view.hand!.legalMoves).not.toContain(last);
      await page.keyboard.press('d');
      await page.locator('.hand[data-picking="yes"]').waitFor();
      await page.keyboard.press('End');
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card)).resolves.toBe(last);
      await page.keyboard.press('Enter');
      await page.locator(`[data-expose-confirm="${last}"]`).waitFor();
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('expose-confirm');
      // Escape cancels, and the focus goes back to the card.
      await page.keyboard.press('Escape');
      await page.locator(`[data-expose-confirm]`).waitFor({ state: 'detached' });
      await page.keyboard.press('D');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.locator(`[data-expose-confirm="${last}"]`).waitFor();
      await page.keyboard.press('Enter');
      await expectExposedAndCalled(page, last);
      table = applyOrThrow(table, { type: 'expose', seat: 'S', card: last });
      table = applyOrThrow(table, { type: 'callCard', seat: 'W', card: last });
      // Not binding now: the suit led is followed as before, and the hint says so.
      expect(accepted(table).sort()).toEqual([...view.hand!.legalMoves].sort());
      await expect(page.locator('#hand-hint').textContent()).resolves.toContain('You must follow suit');
      const played = await playOut(page, table, null);
      expect(played.bound).toBeGreaterThanOrEqual(1);
      await page.locator('.result').waitFor();
      await expectScored(page, tableViewOrThrow(played.table, 'S'));
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'on a 375 × 740 touch screen: the control, the confirmation and the called card on the first screen, the hand still',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      let table = computersPlay(lawsMirror(SEED));
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const card = tableViewOrThrow(table, 'S').hand!.legalMoves[0]!;
      const cardsBox = (await page.locator('.hand .cards').boundingBox())!;
      const inView = async (selector: string) => {
        const b = (await page.locator(selector).first().boundingBox())!;
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, selector).toBeLessThanOrEqual(PHONE.height);
        expect(b.x + b.width, selector).toBeLessThanOrEqual(PHONE.width);
        return b;
      };
      expect((await inView('[data-action="expose-open"]')).height).toBeGreaterThanOrEqual(40);
      await page.locator('[data-action="expose-open"]').tap();
      await page.locator(`.hand[data-picking="yes"] button[data-card="${card}"]`).tap();
      await page.locator(`[data-expose-confirm="${card}"]`).waitFor();
      expect((await inView('[data-action="expose-confirm"]')).height).toBeGreaterThanOrEqual(40);
      expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
      await page.screenshot({ path: screenshotPath('exposed-phone-confirm.png') });
      await page.locator('[data-action="expose-confirm"]').tap();
      await expectExposedAndCalled(page, card);
      await inView(`.felt [data-exposed="S"] [data-exposed-card="${card}"] .face`);
      expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
      expect(await offered(page)).toEqual([card]);
      // Nothing is wider than the screen: the page does not scroll sideways.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('exposed-phone-called.png') });
      expect(await axeFindings(page)).toEqual([]);
      table = applyOrThrow(table, { type: 'expose', seat: 'S', card });
      table = applyOrThrow(table, { type: 'callCard', seat: 'W', card });
      await page.locator(`.hand button[data-card="${card}"]`).tap();
      await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
      table = applyOrThrow(table, { type: 'play', seat: 'S', card });
      await expect(page.locator('[data-exposed]').count()).resolves.toBe(0);
      table = computersPlay(table);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect((await offered(page)).filter((c) => tableViewOrThrow(table, 'S').hand!.legalMoves.includes(c as Card)).sort()).toEqual(accepted(table).sort());
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it.each([
    ['desktop', DESKTOP],
    ['375 × 740 touch screen', PHONE],
  ] as const)(
    'a stored game in which West has a card exposed (%s): the person calls it, and West plays it as soon as that is no revoke',
    async (name, viewport) => {
      const phone = viewport === PHONE;
      let table = lawsMirror(SEED);
      const west = cardsHeld(currentHand(table)!, 'W');
      // A card of West's that cannot go to the first trick (spades are led): it waits for its chance.
      const card = west.find((c) => c[1] !== 'S') as Card;
      table = applyOrThrow(table, { type: 'expose', seat: 'W', card });
      const context = await newContext(served.browser, { viewport, reducedMotion: 'reduce', ...(phone ? { hasTouch: true, isMobile: true } : {}) });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, SEED));
      await page.locator('.play').waitFor();
      const text = saveText({ rules: 'short', seed: SEED, bots: 'heuristic', laws: true, table, random: seedRandom(SEED + 1), undo: null });
      await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [STORAGE_KEY, text]);
      await page.goto(lawsUrl(served, SEED));
      const atSeat = page.locator(`.felt [data-exposed="W"] [data-exposed-card="${card}"]`);
      await atSeat.waitFor();
      await expect(atSeat.locator('.exposed-tag').textContent()).resolves.toBe('Exposed');
      const call = atSeat.locator('[data-action="call-card"]');
      await expect(call.getAttribute('aria-label')).resolves.toBe(`Call it: West’s exposed ${cardName(card)}`);
      // The button is within reach, on the first screen.
      const b = (await call.boundingBox())!;
      expect(b.height, name).toBeGreaterThanOrEqual(40);
      expect(b.x + b.width, name).toBeLessThanOrEqual(viewport.width);
      expect(b.y + b.height, name).toBeLessThanOrEqual(viewport.height);
      await page.screenshot({ path: screenshotPath(phone ? 'exposed-phone-call-theirs.png' : 'exposed-call-theirs.png') });
      expect(await axeFindings(page)).toEqual([]);
      await (phone ? call.tap() : call.click());
      await atSeat.locator('.exposed-tag', { hasText: 'Called' }).waitFor();
      await expect(call.count()).resolves.toBe(0);
      await expect(page.locator('#live').textContent()).resolves.toContain(`You call West’s exposed ${cardName(card)}`);
      table = applyOrThrow(computersPlay(table), { type: 'callCard', seat: 'S', card });
      // The computer players play on from here as in Node, where West's called card is played at its first chance
      // (the library refuses West any other card then: CARD_CALLED); at each of the person's turns the page's
      // trick is the library's.
      let westPlayed = false;
      for (;;) {
        table = computersPlay(table);
        westPlayed = !cardsHeld(currentHand(table)!, 'W').includes(card);
        if (tableViewOrThrow(table, null).next.action !== 'play') break;
        await page.locator('.hand[data-turn="yes"]').waitFor();
        const now = tableViewOrThrow(table, 'S');
        const shown = now.hand!.trick!.cards.length > 0 ? now.hand!.trick!.cards : now.lastTrick!.cards;
        await expect(page.locator('.trick li [data-card]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.card))).resolves.toEqual(shown);
        if (westPlayed) break;
        const choice = heuristicPlayer(now.hand!);
        await page.locator(`.hand[data-turn="yes"] button[data-card="${choice}"]`).click();
        await page.locator(`button[data-card="${choice}"]`).waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'play', seat: 'S', card: choice });
      }
      expect(westPlayed).toBe(true);
      await expect(page.locator('[data-exposed="W"]').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'against the sampling players (fast), thinking in their Worker from their own views: West plays its called card once it can, and the hand goes on',
    async () => {
      let table = lawsMirror(SEED);
      const card = cardsHeld(currentHand(table)!, 'W').find((c) => c[1] !== 'S') as Card;
      table = applyOrThrow(table, { type: 'expose', seat: 'W', card });
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const fast = `${served.web.url}?rules=short&seed=${SEED}&bots=fast&speed=instant&laws=1`;
      // The stored game is in place before the page's first script runs, once: a page started first would have
      // its computer players, thinking in their Worker, save their own game over it.
      const text = saveText({ rules: 'short', seed: SEED, bots: 'fast', laws: true, table, random: seedRandom(SEED + 1), undo: null });
      await page.addInitScript(
        ([key, value]) => {
          if (sessionStorage.getItem('stored') !== null) return;
          localStorage.setItem(key as string, value as string);
          sessionStorage.setItem('stored', 'yes');
        },
        [STORAGE_KEY, text],
      );
      const { problems } = watch(page);
      await page.goto(fast);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      await page.locator(`[data-action="call-card"][data-call-card="${card}"]`).click();
      await page.locator(`[data-exposed-card="${card}"][data-called]`).waitFor();
      // The person plays the first lawful card offered, until West's called card has left its seat.
      for (let turn = 0; turn < 13 && (await page.locator('[data-exposed="W"]').count()) > 0; turn++) {
        const first = (await page
          .locator('.hand[data-turn="yes"] button[data-card]:not([disabled]):not([data-revoke])')
          .first()
          .getAttribute('data-card')) as string;
        await page.locator(`.hand button[data-card="${first}"]`).click();
        await page.locator(`button[data-card="${first}"]`).waitFor({ state: 'detached' });
        await page.locator('.hand[data-turn="yes"], .result').first().waitFor();
      }
      await expect(page.locator('[data-exposed="W"]').count()).resolves.toBe(0);
      // West played it since the person's last card: it lies in the trick on the table, or in the last trick won.
      if ((await page.locator(`.trick [data-card="${card}"]`).count()) === 0) {
        await page.locator('[data-action="last-trick"]').click();
        await page.locator('.last-trick').waitFor();
      }
      await expect(page.locator(`.trick li[data-seat="W"] [data-card="${card}"], .last-trick [data-card="${card}"]`).count()).resolves.toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
