import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  COMPUTER_CLAIM_NODES,
  currentHand,
  heuristicPlayer,
  newTableOrThrow,
  nextSeat as nextSeatOf,
  PRESETS,
  type Seat,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import { checkClaim, computerMove } from 'whist/solver';
import { spawnServer } from '../../server/test/support/processes.js';
import { counterTricks } from '../src/render/claims.js';
import {
  axeFindings,
  computersPlay,
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
/** A deal on which West, at its turn with 3 tricks left, is sure of them all and claims them. */
const BOT_CLAIM_SEED = 13;

const url = (served: ServedPage, seed: number, extra = '') => `${served.web.url}?rules=short&seed=${seed}&bots=heuristic&speed=instant${extra}`;

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

/**
 * The computer players' turns as the page plays them with `claims=1`: each does what the library's computer
 * seat does from its own view (`computerMove` of `whist/solver` at the rules of thumb, claims on: at its
 * turn, with at most `COMPUTER_CLAIM_TRICKS` left, it claims every trick left when the check says it holds;
 * a claim it answers is checked and accepted, or played on). Stops at the person's turn, or a claim the
 * person answers.
 */
function computersPlayAndClaim(table: TableState): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    const seat = next.action === 'answerClaim' ? next.seats.find((s) => s !== 'S') : next.action === 'play' && next.seat !== 'S' ? next.seat : undefined;
    if (seat === undefined) return table;
    const action = computerMove(tableViewOrThrow(table, seat), { level: 'heuristic', claims: true });
    if (action === null) return table;
    table = applyOrThrow(table, action);
  }
}

/** Plays the person's cards, the computer players claiming as the page's do, until a claim waits for the person. */
async function playToBotClaim(page: Page, table: TableState): Promise<TableState> {
  for (;;) {
    table = computersPlayAndClaim(table);
    if (tableViewOrThrow(table, 'S').next.action === 'answerClaim') return table;
    await page.locator('.hand[data-turn="yes"]').waitFor();
    const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
    await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

/** Cards in the order the page lists them: suits ♠ ♥ ♣ ♦, each as given (from the ace down). */
const displayed = (cards: readonly string[]) => [...cards].sort((a, b) => 'SHCD'.indexOf(a[1] as string) - 'SHCD'.indexOf(b[1] as string));

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

describe('a refused claim’s line, as the page lays it out trick by trick (no browser)', () => {
  it('completes the trick in progress, gives each card to the seat the layout gives it, and the claimer’s side takes what the check says', () => {
    for (const [seed, left] of [
      [CLAIM_SEED, 4],
      [CLAIM_SEED, 5],
      [BOT_CLAIM_SEED, 4],
    ] as const) {
      let table = soloMirror(seed);
      for (;;) {
        table = computersPlay(table, 'S');
        if (13 - tableViewOrThrow(table, 'S').hand!.tricks.length <= left) break;
        table = applyOrThrow(table, { type: 'play', seat: 'S', card: heuristicPlayer(tableViewOrThrow(table, 'S').hand!) });
      }
      const view = tableViewOrThrow(table, 'S');
      const tricksLeft = 13 - view.hand!.tricks.length;
      const check = checkClaim(currentHand(table)!, { seat: 'S', tricks: tricksLeft }, { maxNodes: COMPUTER_CLAIM_NODES });
      if (!check.ok || check.value.holds) throw new Error(`seed ${seed}: the claim of every trick left was to fail`);
      const trick = view.hand!.trick!;
      const tricks = counterTricks({
        key: String(view.dealNumber),
        claim: { type: 'claim', seat: 'S', tricks: tricksLeft, claimed: tricksLeft, left: tricksLeft, status: 'refused' },
        tricks: tricksLeft,
        by: 'E',
        context: { leader: trick.leader, cards: trick.cards, trump: view.hand!.trump },
        refused: check.value,
      });
      expect(tricks.map((t) => t.number)).toEqual(Array.from({ length: tricksLeft }, (_, i) => 14 - tricksLeft + i));
      expect(tricks.flatMap((t) => t.plays.map((p) => p.card))).toEqual([...trick.cards, ...check.value.line]);
      for (const t of tricks) {
        for (const p of t.plays.filter((x) => !x.before)) expect(check.value.layout[p.seat], `${seed} ${p.card}`).toContain(p.card);
        expect(new Set(t.plays.map((p) => p.seat)).size).toBe(4);
      }
      for (let i = 1; i < tricks.length; i++) expect(tricks[i]!.plays[0]!.seat).toBe(tricks[i - 1]!.winner);
      expect(tricks.filter((t) => t.winner === 'N' || t.winner === 'S')).toHaveLength(check.value.taken);
    }
  });
});

describe.skipIf(missing !== null)('claims and concessions at the solo table', () => {
  let served: ServedPage;

  /** A server table of Short Whist from CLAIM_SEED, opened over HTTP (with `env` for the server), each seat's action, and the page at South's seat. */
  async function serverTable(env: Record<string, string>) {
    const origin = served.web.url.replace(/\/$/, '');
    const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0', ...env });
    const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
    const res = await fetch(`${server.url}/tables`, { method: 'POST', body: JSON.stringify({ rules: 'short', seed: CLAIM_SEED }) });
    const opened = (await res.json()) as { id: string; seats: Record<Seat, { token: string }> };
    const act = async (seat: Seat, body: object) => {
      const r = await fetch(`${server.url}/tables/${opened.id}/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opened.seats[seat].token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, `${seat} ${JSON.stringify(body)}`).toBe(200);
      return ((await r.json()) as { view: TableView }).view;
    };
    try {
      // The person sits South on the page.
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, table: opened.id, token: opened.seats.S.token })}`);
      await page.locator('.hand').waitFor();
      return { server, context, opened, act, page, problems };
    } catch (e) {
      await context.close();
      await server.stop();
      throw e;
    }
  }

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
      expect(checkClaim(hand, { seat: 'S', tricks: 3 }, { maxNodes: COMPUTER_CLAIM_NODES })).toMatchObject({ ok: true, value: { holds: true } });
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
      const check = checkClaim(currentHand(table)!, { seat: 'S', tricks: 4 }, { maxNodes: COMPUTER_CLAIM_NODES });
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
        const list = panel.locator('[data-counter="layout"] .held').filter({ hasText: { W: 'West', N: 'North', E: 'East' }[seat] });
        expect(await cardsIn(page, `[data-counter="layout"] .held:nth-child(${['W', 'N', 'E'].indexOf(seat) + 1})`)).toEqual(displayed(refused.layout[seat]));
        await expect(list.count()).resolves.toBe(1);
      }
      // The line: every card of it, in order, after the cards already on the table.
      const trick = tableViewOrThrow(table, 'S').hand!.trick!;
      expect(await cardsIn(page, '[data-counter="line"]')).toEqual([...trick.cards, ...refused.line]);
      await expect(panel.locator('[data-counter="why"]').textContent()).resolves.toBe(
        `You claim all 4 tricks left: refused. If the cards you could not see lie like this, your side takes only ${refused.taken} of the 4 on the line below; any other way of playing your cards loses too, here or on another layout.`,
      );
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

  it(
    'a concession by keyboard: X opens the form on the number of tricks, Tab and Enter concede them all, the hand ends at once and Enter deals the next',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(url(served, CLAIM_SEED));
      let table = await playTo(page, soloMirror(CLAIM_SEED), 5);
      await page.keyboard.press('x');
      const form = page.locator('[data-claim="form"][data-claim-type="concede"]');
      await form.waitFor();
      // The focus is on the number of tricks, every trick left by default; Escape closes the form, X opens it again.
      expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).name)).toBe('claim-tricks');
      await expect(form.locator('select').inputValue()).resolves.toBe('5');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await page.keyboard.press('x');
      await form.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('claim-send');
      await page.keyboard.press('Enter');
      await page.locator('.result').waitFor();
      await expect(page.locator('.result .claim-ended').textContent()).resolves.toBe('You concede all 5 tricks left: the hand is over.');
      table = applyOrThrow(table, { type: 'concede', seat: 'S', tricks: 5 });
      const view = tableViewOrThrow(table, 'S');
      expect(view.hands.at(-1)!.tricks.EW).toBe(tableViewOrThrow(table, 'S').hand!.tricksWon.EW + 5);
      await expectScored(page, view);
      // The focus waits on the next deal.
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('deal');
      await page.keyboard.press('Enter');
      await page.locator('.status .hand-line').filter({ hasText: 'Hand 2' }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'at the normal pace, a concession while the computer players are still to play: it is made at once, and ends the hand',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${CLAIM_SEED}&bots=heuristic`);
      const table = computersPlay(soloMirror(CLAIM_SEED), 'S');
      await page.locator('.hand[data-turn="yes"]').waitFor();
      const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
      await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
      // The computer players take their time over their cards; the person concedes meanwhile.
      await page.locator('.hand[data-turn="no"]').waitFor();
      await page.locator('[data-action="concede-open"]').click();
      await page.locator('[data-claim="form"] [data-action="claim-send"]').click();
      await page.locator('.result').waitFor();
      await expect(page.locator('.result .claim-ended').textContent()).resolves.toMatch(/^You concede all (12|13) tricks left: the hand is over\.$/);
      const s = await pageScores(page);
      expect(s.tricks!.NS + s.tricks!.EW).toBe(13);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "a computer player's claim, answered by the person: West, sure of the last 3 tricks, claims them and shows its cards; North accepts; the person accepts by keyboard",
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(url(served, BOT_CLAIM_SEED, '&claims=1'));
      expect(new URL(page.url()).search).toBe(`?rules=short&seed=${BOT_CLAIM_SEED}&bots=heuristic&speed=instant&claims=1`);
      // The setting is in the game's settings too, under the computer players.
      expect(await page.getByLabel('They claim when sure of every trick left').isChecked()).toBe(true);
      let table = await playToBotClaim(page, soloMirror(BOT_CLAIM_SEED));
      const view = tableViewOrThrow(table, 'S');
      expect(view.claim).toMatchObject({ type: 'claim', seat: 'W', tricks: 3, left: 3, status: 'pending' });
      expect(view.next).toEqual({ action: 'answerClaim', seats: ['S'] });
      const panel = page.locator('[data-claim="answer"]');
      await panel.waitFor();
      await expect(panel.locator('h2').textContent()).resolves.toBe('West claims all 3 tricks left.');
      // North's answer is the computer player's own decision, drawn when it comes (on a busy machine, after the panel).
      await panel.getByText('North has accepted.').waitFor();
      // West's cards lie face up, at its seat and in the panel.
      expect(await cardsIn(page, '.seat[data-seat="W"] .held')).toEqual(displayed(view.shown.W!));
      expect(await cardsIn(page, '[data-claim="answer"] .held')).toEqual(displayed(view.shown.W!));
      await expect(page.locator('.seat[data-seat="S"] .badge.turn').textContent()).resolves.toBe('Your answer');
      // No card can be played while the claim waits; the focus is on Accept.
      await expect(page.locator('button[data-card]:not([disabled])').count()).resolves.toBe(0);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('accept-claim');
      await page.screenshot({ path: screenshotPath('claims-answer.png') });
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await page.locator('.result').waitFor();
      table = applyOrThrow(table, { type: 'acceptClaim', seat: 'S' });
      await expect(page.locator('.result .claim-ended').textContent()).resolves.toBe('West claims all 3 tricks left: accepted, the hand is over.');
      await expectScored(page, tableViewOrThrow(table, 'S'));
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'on a phone (375x740): the claim buttons, a refused claim with its counter-example, and a computer player’s claim played on, with its cards face up for the rest of the hand',
    async () => {
      const context = await newContext(served.browser, { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      const inView = async (selector: string) => {
        const b = (await page.locator(selector).boundingBox())!;
        expect(b.y, selector).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, selector).toBeLessThanOrEqual(PHONE.height);
        expect(b.x + b.width, selector).toBeLessThanOrEqual(PHONE.width);
      };

      // The person's claim of 4, refused: the counter-example over the felt, the cards where they were.
      await page.goto(url(served, CLAIM_SEED));
      await playTo(page, soloMirror(CLAIM_SEED), 4);
      const handTop = (await page.locator('.hand').boundingBox())!.y;
      await inView('[data-action="claim-open"]');
      await inView('[data-action="concede-open"]');
      await page.locator('[data-action="claim-open"]').tap();
      await page.locator('[data-claim="form"]').waitFor();
      await inView('[data-action="claim-send"]');
      await page.screenshot({ path: screenshotPath('claims-phone-form.png') });
      await page.locator('[data-action="claim-send"]').tap();
      await page.locator('[data-claim="refused"]').waitFor();
      await inView('[data-action="counter-close"]');
      expect((await page.locator('.hand').boundingBox())!.y).toBeCloseTo(handTop, 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: screenshotPath('claims-phone-refused.png') });
      // The line, further down the panel: the panel scrolls, the page does not.
      await page.locator('[data-counter="line"] li').last().scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await page.screenshot({ path: screenshotPath('claims-phone-line.png') });
      await page.locator('[data-action="counter-close"]').tap();
      await page.locator('[data-claim="refused"]').waitFor({ state: 'detached' });

      // West's claim, played on: West's cards stay face up at its seat while the hand is played out.
      await page.goto(url(served, BOT_CLAIM_SEED, '&claims=1'));
      let table = await playToBotClaim(page, soloMirror(BOT_CLAIM_SEED));
      await page.locator('[data-claim="answer"]').waitFor();
      await inView('[data-claim="answer"] [data-action="accept-claim"]');
      await inView('[data-claim="answer"] [data-action="refuse-claim"]');
      const top = (await page.locator('.hand').boundingBox())!.y;
      await page.screenshot({ path: screenshotPath('claims-phone-answer.png') });
      await page.locator('[data-action="refuse-claim"]').tap();
      table = applyOrThrow(table, { type: 'refuseClaim', seat: 'S' });
      table = computersPlay(table, 'S');
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect(await cardsIn(page, '.seat[data-seat="W"] .held')).toEqual(displayed(tableViewOrThrow(table, 'S').shown.W!));
      await inView('.seat[data-seat="W"] .held');
      expect((await page.locator('.hand').boundingBox())!.y).toBeCloseTo(top, 0);
      await page.screenshot({ path: screenshotPath('claims-phone-played-on.png') });
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it.skipIf(!existsSync(join(ROOT, 'server', 'src', 'main.ts')))(
    'at a server table: the person claims and the server shows it to the others, East plays on; West claims, the person accepts, North accepts, the hand is scored as claimed',
    async () => {
      const { server, context, opened, act, page, problems } = await serverTable({});
      try {
        const seed = CLAIM_SEED;
        let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed }), { type: 'deal' });
        // South claims every trick before a card is played, and before their turn: the claim goes to the server, and waits for East and West.
        expect(tableViewOrThrow(table, 'S').next).toEqual({ action: 'play', seat: 'E' });
        await page.keyboard.press('c');
        await page.locator('[data-claim="form"]').waitFor();
        await expect(page.locator('select[name="claim-tricks"]').inputValue()).resolves.toBe('13');
        await page.locator('[data-action="claim-send"]').click();
        const pending = page.locator('[data-claim="pending"]');
        await pending.waitFor();
        await expect(pending.textContent()).resolves.toContain('Waiting for East and West to accept or play on.');
        table = applyOrThrow(table, { type: 'claim', seat: 'S', tricks: 13 });
        // West sees South's cards face up; East plays on.
        const seenByWest = await (await fetch(`${server.url}/tables/${opened.id}`, { headers: { authorization: `Bearer ${opened.seats.W.token}` } })).json();
        expect((seenByWest as { view: TableView }).view.shown.S).toEqual(tableViewOrThrow(table, 'W').shown.S);
        await act('E', { type: 'refuseClaim' });
        table = applyOrThrow(table, { type: 'refuseClaim', seat: 'E' });
        await pending.waitFor({ state: 'detached' });
        await page.locator('#live').filter({ hasText: 'The claim is refused: the hand is played on.' }).waitFor();
        // West claims one trick; South must answer, with West's cards face up at its seat and in the panel.
        await act('W', { type: 'claim', tricks: 1 });
        table = applyOrThrow(table, { type: 'claim', seat: 'W', tricks: 1 });
        const answer = page.locator('[data-claim="answer"]');
        await answer.waitFor();
        expect(await cardsIn(page, '.seat[data-seat="W"] .held')).toEqual(displayed(tableViewOrThrow(table, 'S').shown.W!));
        await expect(answer.locator('h2').textContent()).resolves.toBe('West claims 1 of the 13 tricks left.');
        await page.screenshot({ path: screenshotPath('claims-server-answer.png') });
        await page.keyboard.press('a');
        await answer.locator('[data-action="accept-claim"]').waitFor({ state: 'detached' });
        table = applyOrThrow(table, { type: 'acceptClaim', seat: 'S' });
        // North's acceptance ends the hand: the server deals the next, and the page explains the one just over.
        await act('N', { type: 'acceptClaim' });
        table = applyOrThrow(table, { type: 'acceptClaim', seat: 'N' });
        const scored = tableViewOrThrow(table, 'S');
        expect(scored.hands.at(-1)!.tricks).toEqual({ NS: 12, EW: 1 });
        await page.locator('.result[data-hand="1"]').waitFor();
        await expect(pageScores(page)).resolves.toMatchObject({ game: scored.score });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it.skipIf(!existsSync(join(ROOT, 'server', 'src', 'main.ts')))(
    'at a server table: the person’s acceptance of West’s claim crosses North’s, the server refuses it as stale, and the page sends it again on the new view without a word to the person',
    async () => {
      const { server, context, opened, act, page, problems } = await serverTable({});
      try {
        let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed: CLAIM_SEED }), { type: 'deal' });
        await act('W', { type: 'claim', tricks: 1 });
        table = applyOrThrow(table, { type: 'claim', seat: 'W', tricks: 1 });
        const answer = page.locator('[data-claim="answer"]');
        await answer.waitFor();
        // South's first answer is held back until North's has been written: it reaches the server with the version before North's.
        const sent: { version?: number; type: string }[] = [];
        await page.route(`${server.url}/tables/${opened.id}/actions`, async (route) => {
          const body = route.request().postDataJSON() as { version?: number; type: string };
          sent.push(body);
          if (sent.length === 1) await act('N', { type: 'acceptClaim' });
          await route.continue();
        });
        await answer.locator('[data-action="accept-claim"]').click();
        await page.locator('.result[data-hand="1"]').waitFor();
        table = applyOrThrow(applyOrThrow(table, { type: 'acceptClaim', seat: 'N' }), { type: 'acceptClaim', seat: 'S' });
        expect(sent.map((b) => b.type)).toEqual(['acceptClaim', 'acceptClaim']);
        expect(sent[1]!.version).toBe(sent[0]!.version! + 1);
        const scored = tableViewOrThrow(table, 'S');
        expect(scored.hands.at(-1)!.tricks).toEqual({ NS: 12, EW: 1 });
        await expect(pageScores(page)).resolves.toMatchObject({ game: scored.score });
        // No message: the person’s answer was taken. The only refusal is the server's 409 to the first sending.
        expect(await page.locator('p.error').count()).toBe(0);
        expect(problems.sort()).toEqual(
          [
            `HTTP 409: POST ${server.url}/tables/${opened.id}/actions`,
            'console error: Failed to load resource: the server responded with a status of 409 (Conflict)',
          ].sort(),
        );
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it.skipIf(!existsSync(join(ROOT, 'server', 'src', 'main.ts')))(
    'at a server table that checks claims: the check refuses the person’s claim, and the page shows its counter-line, until the claim’s trick is over',
    async () => {
      const { server, context, act, page, problems } = await serverTable({ WHIST_CLAIMS: 'checked' });
      try {
        const seed = CLAIM_SEED;
        let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed }), { type: 'deal' });
        // The four seats play the heuristic player's cards, South's too, until South has played to a trick
        // not yet over, with at most 4 tricks left, and a claim of every trick left would fail on the check.
        type Refused = Extract<ReturnType<typeof checkClaim>, { ok: true }>['value'] & { holds: false };
        let refused: Refused | null = null;
        for (;;) {
          const view = tableViewOrThrow(table, null);
          if (view.next.action !== 'play') throw new Error('no claim to refuse was found in the hand');
          const tricksLeft = left(table);
          const trick = view.hand!.trick!;
          const southPlayed = trick.cards.some((_, i) => nextSeatOf(trick.leader, i) === 'S');
          if (tricksLeft <= 4 && southPlayed) {
            const check = checkClaim(currentHand(table)!, { seat: 'S', tricks: tricksLeft }, { maxNodes: 200_000 });
            if (check.ok && !check.value.holds) {
              refused = check.value;
              break;
            }
          }
          const seat = view.next.seat;
          const card = heuristicPlayer(tableViewOrThrow(table, seat).hand!);
          await act(seat, { type: 'play', card });
          table = applyOrThrow(table, { type: 'play', seat, card });
        }
        const tricksLeft = left(table);
        const trick = tableViewOrThrow(table, 'S').hand!.trick!;
        // The page has every card played so far; South claims every trick left from the page.
        await page.locator(`.hand[data-turn="no"]`).waitFor();
        await page.locator('[data-action="claim-open"]').click();
        await expect(page.locator('select[name="claim-tricks"]').inputValue()).resolves.toBe(String(tricksLeft));
        await page.locator('[data-claim="form"] [data-action="claim-send"]').click();
        const panel = page.locator('[data-claim="refused"]');
        await panel.waitFor();
        table = applyOrThrow(applyOrThrow(table, { type: 'claim', seat: 'S', tricks: tricksLeft }), { type: 'ruleClaim', holds: false });
        await expect(panel.locator('h2').textContent()).resolves.toBe('The table’s check: play on');
        // The layout: the cards each seat South could not see might hold, as the check found them from South's view.
        for (const seat of ['W', 'N', 'E'] as const)
          expect(await cardsIn(page, `[data-counter="layout"] .held:nth-child(${['W', 'N', 'E'].indexOf(seat) + 1})`)).toEqual(displayed(refused.layout[seat]));
        // The line: the cards already on the table, then every card of the line, trick by trick, as the solo page lays it out.
        expect(await cardsIn(page, '[data-counter="line"]')).toEqual([...trick.cards, ...refused.line]);
        const tricks = counterTricks({
          key: '1',
          claim: { type: 'claim', seat: 'S', tricks: tricksLeft, claimed: tricksLeft, left: tricksLeft, status: 'failed' },
          tricks: tricksLeft,
          by: null,
          context: { leader: trick.leader, cards: trick.cards, trump: tableViewOrThrow(table, 'S').hand!.trump },
          refused,
        });
        expect(await panel.locator('[data-counter="line"] li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.winner))).toEqual(
          tricks.map((t) => t.winner),
        );
        await expect(panel.locator('[data-counter="why"]').textContent()).resolves.toBe(
          `You claim all ${tricksLeft} tricks left: refused. If the cards you could not see lie like this, your side takes only ${refused.taken} of the ${tricksLeft} on the line below; any other way of playing your cards loses too, here or on another layout.`,
        );
        await page.screenshot({ path: screenshotPath('claims-server-counter.png') });
        // The seats' "Computer plays" buttons (the seat line of a server table) have a finding of their own, apart from claims.
        expect((await axeFindings(page)).filter((f) => !f.includes('data-give'))).toEqual([]);
        // Play goes on: the panel stays while the claim's trick is played, and goes once it is over.
        for (;;) {
          const view = tableViewOrThrow(table, null);
          if (view.next.action !== 'play' || left(table) < tricksLeft) break;
          const seat = view.next.seat;
          const card = heuristicPlayer(tableViewOrThrow(table, seat).hand!);
          await act(seat, { type: 'play', card });
          table = applyOrThrow(table, { type: 'play', seat, card });
          if (left(table) === tricksLeft) {
            await page.locator(`.trick [data-card="${card}"]`).waitFor();
            await expect(panel.count()).resolves.toBe(1);
          }
        }
        await panel.waitFor({ state: 'detached' });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
