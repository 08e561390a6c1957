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
  SEATS,
  type Seat,
  seedRandom,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { explainHand } from '../src/explain.js';
import { cardName } from '../src/names.js';
import { SOLO_PLAYERS, STORAGE_KEY, saveText, soloRules } from '../src/solo.js';
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

// The laws at the solo table (`laws=1`), in headless Chromium: the person's revoke taken back before it is
// established (Laws of Short Whist, 1864, laws 73, 76), the computer players then requiring the person's lowest
// card of the suit led; honours called at eight in Long Whist and answered (Hoyle's laws of Long Whist, 16-21), by
// the person or by the computer players; and the hand's rulings listed with their laws. Each table is rebuilt in
// Node, so the test knows what the library accepts and scores.

const missing = missingForBrowser();
if (missing) console.log(`web/test/laws.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const CORRECTION = 'Laws of Short Whist (1864), laws 73, 76';
const CALLING = "Hoyle's laws of Long Whist, laws 16-21";

/** A computer player's card as the page plays it: the basic player's, unless a call standing refuses it (`view.playable`). */
function botCard(table: TableState, seat: Seat): Card {
  const view = tableViewOrThrow(table, seat);
  const card = heuristicPlayer(view.hand!);
  return view.playable.includes(card) ? card : (view.playable[0] as Card);
}

/** The computer players' cards, up to South's turn or the end of the hand; none leads while `hold` says so. */
function computersPlay(table: TableState, hold = () => false): TableState {
  for (;;) {
    const view = tableViewOrThrow(table, null);
    const next = view.next;
    if (next.action !== 'play' || next.seat === 'S') return table;
    if (view.hand?.trick?.cards.length === 0 && view.hand.tricks.length > 0 && hold()) return table;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: botCard(table, next.seat) });
  }
}

/** A card South holds that does not follow suit though it could, at its turn; `null` when there is none. */
function revokeCard(table: TableState): Card | null {
  const hand = currentHand(table);
  if (hand === null || currentSeat(hand) !== 'S') return null;
  const lawful = legalMoves(hand);
  return cardsHeld(hand, 'S').find((c) => !lawful.includes(c)) ?? null;
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

/** Plays South's card (the basic player's, among those the library accepts) through the page and in Node. */
async function playSouth(page: Page, table: TableState): Promise<TableState> {
  const card = botCard(table, 'S');
  await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
  await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
  return applyOrThrow(table, { type: 'play', seat: 'S', card });
}

/**
 * Seed `seed`'s first hand up to South's first chance to revoke from trick 2 on, played as the page plays it;
 * then the revoke played, and the computer players' cards after it until the next trick would begin. `leads` is
 * who leads that trick: South, or a computer player (who waits while the revoke may be taken back).
 */
function toRevoke(seed: number): { before: TableState; card: Card; after: TableState; leads: Seat } | null {
  let table = lawsMirror(seed, 'short');
  for (;;) {
    table = computersPlay(table);
    if (tableViewOrThrow(table, null).next.action !== 'play') return null;
    const tricks = tableViewOrThrow(table, 'S').hand!.tricks.length;
    const card = tricks >= 1 && tricks <= 9 ? revokeCard(table) : null;
    if (card === null) {
      table = applyOrThrow(table, { type: 'play', seat: 'S', card: botCard(table, 'S') });
      continue;
    }
    const after = computersPlay(applyOrThrow(table, { type: 'play', seat: 'S', card }), () => true);
    const next = tableViewOrThrow(after, null).next;
    return next.action === 'play' ? { before: table, card, after, leads: next.seat } : null;
  }
}

/** A seed whose revoke is followed by a lead of `who` (South, or a computer player). */
function revokeSeed(who: 'south' | 'computer'): { seed: number } & NonNullable<ReturnType<typeof toRevoke>> {
  for (let seed = 1; seed < 200; seed++) {
    const r = toRevoke(seed);
    if (r !== null && (r.leads === 'S') === (who === 'south')) return { seed, ...r };
  }
  throw new Error(`no seed where ${who} leads after the revoke`);
}

/** Plays the page up to South's revoke, which it plays and confirms (by click, or Enter on the confirmation). */
async function revokeThroughPage(page: Page, seed: number, card: Card, keys: boolean): Promise<void> {
  let table = lawsMirror(seed, 'short');
  for (;;) {
    table = computersPlay(table);
    await page.locator('.hand[data-turn="yes"]').waitFor();
    const tricks = tableViewOrThrow(table, 'S').hand!.tricks.length;
    if (tricks >= 1 && revokeCard(table) === card) break;
    table = await playSouth(page, table);
  }
  await page.locator(`.hand button[data-card="${card}"]`).click();
  await page.locator('[data-revoke-confirm]').waitFor();
  if (keys) {
    await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).resolves.toBe('revoke-confirm');
    await page.keyboard.press('Enter');
  } else await page.locator('[data-action="revoke-confirm"]').click();
  await page.locator(`.hand button[data-card="${card}"]`).waitFor({ state: 'detached' });
}

/** Plays the rest of the hand through the page (South by the basic player's card among those offered), and in Node. */
async function playOut(page: Page, table: TableState): Promise<TableState> {
  for (;;) {
    table = computersPlay(table);
    if (tableViewOrThrow(table, null).next.action !== 'play') return table;
    await page.locator('.hand[data-turn="yes"]').waitFor();
    const lawful = (await offered(page)).filter((c) => tableViewOrThrow(table, 'S').hand!.legalMoves.includes(c as Card));
    expect(lawful.sort()).toEqual([...tableViewOrThrow(table, 'S').playable].sort());
    table = await playSouth(page, table);
  }
}

/** The honours of each seat in the hand just dealt. */
function honoursBySeat(t: TableState): Record<Seat, number> {
  const h = currentHand(t)!;
  const out = { N: 0, E: 0, S: 0, W: 0 };
  for (const s of SEATS) out[s] = cardsHeld(h, s).filter((c) => c[1] === h.trump && 'AKQJ'.includes(c[0]!)).length;
  return out;
}

/**
 * A Long Whist table by the laws with the page's players, at the deal of a hand where `side` is at eight and
 * `want` holds of the honours dealt: each hand before is settled by a claim of seven tricks, accepted. `before`
 * is the table before that deal, the hand before over.
 */
function atEight(side: 'NS' | 'EW', want: (hon: Record<Seat, number>) => boolean): { before: TableState; dealt: TableState; seed: number } {
  for (let seed = 1; seed < 2000; seed++) {
    let t = newTableOrThrow(soloRules('long', true), { seed, players: { ...SOLO_PLAYERS } });
    for (let hand = 0; hand < 12; hand++) {
      if (tableViewOrThrow(t, null).next.action !== 'deal') break;
      const before = t;
      t = applyOrThrow(t, { type: 'deal' });
      const score = tableViewOrThrow(t, null).score;
      const other = side === 'NS' ? 'EW' : 'NS';
      if (score[side] === 8 && score[other] < 8 && want(honoursBySeat(t)) && hand > 0) return { before, dealt: t, seed };
      if (score[side] > 8 || score[other] > 6) break;
      const claimer = side === 'NS' ? (score.NS < 8 ? 'N' : 'E') : score.EW < 8 ? 'E' : 'N';
      t = applyOrThrow(t, { type: 'claim', seat: claimer, tricks: 7 });
      for (const s of SEATS) if ((s === 'N' || s === 'S') !== (claimer === 'N')) t = applyOrThrow(t, { type: 'acceptClaim', seat: s });
    }
  }
  throw new Error('no table at eight found');
}

/** Stores a Long Whist table in the page's storage as the solo game of these settings, and opens it. */
async function openStored(page: Page, served: ServedPage, seed: number, table: TableState): Promise<void> {
  await page.goto(lawsUrl(served, seed, 'long'));
  await page.locator('.play').waitFor();
  const text = saveText({ rules: 'long', seed, bots: 'heuristic', laws: true, table, random: seedRandom(seed + 1), undo: null });
  await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [STORAGE_KEY, text]);
  await page.goto(lawsUrl(served, seed, 'long'));
  await page.locator('.play .status').waitFor();
}

/** The rulings list: opened, its items' texts and laws; the felt does not move. */
async function openRulings(page: Page): Promise<{ text: string[]; laws: (string | null)[] }> {
  const felt = (await page.locator('.felt').boundingBox())!;
  const summary = page.locator('details.rulings summary');
  await summary.click();
  await page.locator('details.rulings[open] li').first().waitFor();
  expect((await page.locator('.felt').boundingBox())!.y).toBeCloseTo(felt.y, 0);
  const items = page.locator('details.rulings li');
  return {
    text: await items.allTextContents(),
    laws: await items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.law ?? null)),
  };
}

describe.skipIf(missing !== null)('the laws at the solo table: revokes taken back, honours called, the hand’s rulings', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/laws.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    'by click: the person revokes and wins the trick; "Take back" is offered until they lead; West requires their lowest card of the suit led, the only card offered; the rulings are listed with their laws',
    async () => {
      const found = revokeSeed('south');
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, found.seed, 'short'));
      await revokeThroughPage(page, found.seed, found.card, false);
      const panel = page.locator('[data-laws="take-back"]');
      await panel.waitFor();
      await expect(panel.textContent()).resolves.toContain(`Your revoke, the ${cardName(found.card)}.`);
      await expect(panel.textContent()).resolves.toContain(CORRECTION);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      // The revoke is taken back only by the laws: "Take back my last card" is not offered, and Ctrl+Z does nothing.
      await expect(page.locator('#solo-tools [data-action="undo"]').isHidden()).resolves.toBe(true);
      await page.keyboard.press('Control+z');
      await expect(page.locator(`.hand button[data-card="${found.card}"]`).count()).resolves.toBe(0);
      await page.screenshot({ path: screenshotPath('laws-take-back.png') });
      expect(await axeFindings(page)).toEqual([]);
      await panel.locator('[data-action="revoke-take-back"]').click();
      await panel.waitFor({ state: 'detached' });
      // In Node: the correction, and West's election, always the lowest card of the suit led.
      let table = applyOrThrow(found.after, { type: 'correctRevoke', seat: 'S' });
      table = applyOrThrow(table, { type: 'callLedSuit', seat: 'W', which: 'lowest' });
      const view = tableViewOrThrow(table, 'S');
      expect(view.playable).toHaveLength(1);
      const lowest = view.playable[0] as Card;
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect(await offered(page)).toEqual([lowest]);
      const suit = cardName(lowest).split(' of ')[1]!.replace(/s$/, '');
      await expect(page.locator('#hand-hint').textContent()).resolves.toBe(`Called: play the ${cardName(lowest)}, your lowest ${suit} (law 76).`);
      const live = (await page.locator('#live').textContent()) ?? '';
      expect(live).toContain(`You take back the revoke of the ${cardName(found.card)} before it is established`);
      expect(live).toContain(`West requires the revoker’s lowest card of the suit led, instead of calling the card: it is taken back (${CORRECTION}).`);
      // The revoke card is back in the hand, not exposed (West required another card instead).
      await expect(page.locator(`.hand button[data-card="${found.card}"]`).count()).resolves.toBe(1);
      await expect(page.locator('[data-exposed]').count()).resolves.toBe(0);
      const rulings = await openRulings(page);
      expect(rulings.laws).toEqual([CORRECTION, CORRECTION]);
      expect(rulings.text[0]).toContain(`You take back the revoke of the ${cardName(found.card)}`);
      expect(rulings.text[1]).toContain('West requires the revoker’s lowest card of the suit led');
      await page.screenshot({ path: screenshotPath('laws-rulings.png') });
      expect(await axeFindings(page)).toEqual([]);
      // The lowest card is played, and the hand goes on to the end as the library plays it, with no revoke.
      await page.locator(`.hand button[data-card="${lowest}"]`).click();
      table = applyOrThrow(table, { type: 'play', seat: 'S', card: lowest });
      await page.locator(`button[data-card="${lowest}"]`).waitFor({ state: 'detached' });
      table = await playOut(page, table);
      await page.locator('.result').waitFor();
      const end = tableViewOrThrow(table, 'S');
      expect(end.hands.at(-1)?.revokes).toBeUndefined();
      await expectScored(page, end);
      // The list stays open while the table is drawn anew, and the hand's rulings stay until the next deal.
      await expect(page.locator('details.rulings[open] li').count()).resolves.toBe(2);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'by keyboard: after the revoke the computer players wait before leading the next trick; T takes it back, and Enter plays the one card offered',
    async () => {
      const found = revokeSeed('computer');
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, found.seed, 'short'));
      await revokeThroughPage(page, found.seed, found.card, true);
      const panel = page.locator('[data-laws="take-back"]');
      await panel.waitFor();
      // The computer player to lead waits: no card of the next trick is played while the revoke may be taken back.
      await expect(page.locator('p.turn[data-next]').getAttribute('data-next-seat')).resolves.toBe(found.leads);
      await expect(page.locator('[data-action="revoke-take-back"]').getAttribute('aria-keyshortcuts')).resolves.toBe('T');
      await page.keyboard.press('t');
      await panel.waitFor({ state: 'detached' });
      let table = applyOrThrow(found.after, { type: 'correctRevoke', seat: 'S' });
      table = applyOrThrow(table, { type: 'callLedSuit', seat: 'W', which: 'lowest' });
      const lowest = tableViewOrThrow(table, 'S').playable[0] as Card;
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect(await offered(page)).toEqual([lowest]);
      await page.locator('.hand .cards').focus();
      await page.keyboard.press('Home');
      await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card)).resolves.toBe(lowest);
      await page.keyboard.press('Enter');
      await page.locator(`button[data-card="${lowest}"]`).waitFor({ state: 'detached' });
      table = applyOrThrow(table, { type: 'play', seat: 'S', card: lowest });
      table = await playOut(page, table);
      await page.locator('.result').waitFor();
      await expectScored(page, tableViewOrThrow(table, 'S'));
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'on a 375 × 740 touch screen: the offer on the first screen, the hand still; "Let it stand" lets the computer players lead on, and West claims the revoke after the hand',
    async () => {
      const found = revokeSeed('computer');
      const context = await newContext(served.browser, { viewport: PHONE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(lawsUrl(served, found.seed, 'short'));
      await revokeThroughPage(page, found.seed, found.card, false);
      const cardsBox = (await page.locator('.hand .cards').boundingBox())!;
      const panel = page.locator('[data-laws="take-back"]');
      await panel.waitFor();
      for (const action of ['revoke-take-back', 'revoke-stand']) {
        const b = (await page.locator(`[data-action="${action}"]`).boundingBox())!;
        expect(b.height, action).toBeGreaterThanOrEqual(40);
        expect(b.y + b.height, action).toBeLessThanOrEqual(PHONE.height);
        expect(b.x + b.width, action).toBeLessThanOrEqual(PHONE.width);
      }
      expect((await page.locator('.hand .cards').boundingBox())!.y).toBeCloseTo(cardsBox.y, 0);
      await page.screenshot({ path: screenshotPath('laws-phone-take-back.png') });
      expect(await axeFindings(page)).toEqual([]);
      await page.locator('[data-action="revoke-stand"]').tap();
      await panel.waitFor({ state: 'detached' });
      const table = await playOut(page, found.after);
      await page.locator('.result .revokes').waitFor();
      await expect(page.locator('#live').textContent()).resolves.toContain('West claims your revoke');
      await page.locator(`.result .revokes li[data-revoke="${found.card}"]`).waitFor();
      expect(tableViewOrThrow(table, null).next.action).toBe('deal');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'Long Whist: North–South at eight, the person holds two honours: "Call honours" (or O); North answers; the game is won unplayed, and the page says so with the score',
    async () => {
      const { dealt, seed } = atEight('NS', (h) => h.S === 2 && h.N >= 1 && h.N < 2 && h.E < 2 && h.W < 2);
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await openStored(page, served, seed, dealt);
      const panel = page.locator('[data-laws="call-honours"]');
      await panel.waitFor();
      await expect(panel.textContent()).resolves.toContain('Your side is at eight and you hold 2 honours.');
      await expect(panel.textContent()).resolves.toContain(CALLING);
      await page.screenshot({ path: screenshotPath('laws-call-honours.png') });
      expect(await axeFindings(page)).toEqual([]);
      await expect(page.locator('[data-action="call-honours"]').getAttribute('aria-keyshortcuts')).resolves.toBe('O');
      await page.locator('.hand .cards').focus();
      await page.keyboard.press('o');
      await page.locator('.result').waitFor();
      const won = applyOrThrow(applyOrThrow(computersPlay(dealt), { type: 'callHonours', seat: 'S' }), { type: 'answerCall', seat: 'N' });
      const view = tableViewOrThrow(won, 'S');
      expect(view.hands.at(-1)).toMatchObject({ honoursCalled: true, tricks: { NS: 0, EW: 0 } });
      const lines = await page.locator('.result [data-explain="hand"] li').allTextContents();
      expect(lines).toEqual(explainHand(view.rules, view.hands, view.hands.length - 1));
      expect(lines[0]).toContain('NS called their honours at 8');
      expect(lines[1]).toContain('NS win the game');
      await expectScored(page, view);
      const live = (await page.locator('#live').textContent()) ?? '';
      expect(live).toContain(`You call honours at eight: “Can you one?” (${CALLING}).`);
      expect(live).toContain(`North answers: “I can”, holding an honour (${CALLING}).`);
      expect(live).toContain('NS called their honours at 8');
      const rulings = await openRulings(page);
      expect(rulings.laws).toEqual([CALLING, CALLING]);
      await page.screenshot({ path: screenshotPath('laws-honours-won.png') });
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'Long Whist on a 375 × 740 touch screen: North calls as the hand is dealt; the person holds an honour and answers; the game is won',
    async () => {
      const { dealt, seed } = atEight('NS', (h) => h.N >= 2 && h.S >= 1 && h.E < 2 && h.W < 2);
      const context = await newContext(served.browser, { viewport: PHONE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await openStored(page, served, seed, dealt);
      const panel = page.locator('[data-laws="answer-call"]');
      await panel.waitFor();
      await expect(panel.textContent()).resolves.toContain('North calls honours: “Can you one?”');
      const b = (await page.locator('[data-action="answer-call"]').boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(40);
      expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('laws-phone-answer.png') });
      expect(await axeFindings(page)).toEqual([]);
      await page.locator('[data-action="answer-call"]').tap();
      await page.locator('.result').waitFor();
      const won = applyOrThrow(applyOrThrow(dealt, { type: 'callHonours', seat: 'N' }), { type: 'answerCall', seat: 'S' });
      const view = tableViewOrThrow(won, 'S');
      expect(view.hands.at(-1)).toMatchObject({ honoursCalled: true });
      await expectScored(page, view);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'Long Whist: East–West at eight with the honours: as the next hand is dealt, the first of them with two honours calls and the other answers at once; the page says so, with the laws, and shows the score',
    async () => {
      const { before, dealt, seed } = atEight('EW', (h) => h.E + h.W >= 3 && Math.max(h.E, h.W) >= 2 && h.N < 2 && h.S < 2);
      // The first of East and West after the dealer holding two honours calls; the other answers.
      const dealer = tableViewOrThrow(dealt, null).hand!.dealer;
      const order = [1, 2, 3].map((i) => SEATS[(SEATS.indexOf(dealer) + i) % 4] as Seat);
      const caller = order.find((s) => (s === 'E' || s === 'W') && honoursBySeat(dealt)[s] >= 2) as Seat;
      const answerer: Seat = caller === 'E' ? 'W' : 'E';
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await openStored(page, served, seed, before);
      await page.locator('[data-action="deal"]').click();
      await page.locator('.result[data-hand]').waitFor();
      const won = applyOrThrow(applyOrThrow(dealt, { type: 'callHonours', seat: caller }), { type: 'answerCall', seat: answerer });
      const view = tableViewOrThrow(won, 'S');
      expect(view.hands.at(-1)).toMatchObject({ honoursCalled: true, game: { winner: 'EW' } });
      await page.locator(`.result[data-hand="${view.hands.length}"]`).waitFor();
      const live = (await page.locator('#live').textContent()) ?? '';
      const name = { E: 'East', W: 'West' } as Record<Seat, string>;
      expect(live).toContain(`${name[caller]} calls honours at eight: “Can you one?” (${CALLING}).`);
      expect(live).toContain(`${name[answerer]} answers: “I can”, holding an honour (${CALLING}).`);
      expect(live.indexOf(`${name[answerer]} answers`)).toBeLessThan(live.indexOf('EW called their honours'));
      await expectScored(page, view);
      const rulings = await openRulings(page);
      expect(rulings.text[0]).toContain(`${name[caller]} calls honours at eight`);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
