import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, type Card, COMPUTER_LEVELS, heuristicPlayer, sortCards, type TableState, tableViewOrThrow } from 'whist';
import { BOT_KINDS, openSoloTable, readBots, readSaved, readSettings, type SoloTable, STORAGE_KEY, saveText, settingsQuery } from '../src/solo.js';
import { computersPlay, followChild, missingForBrowser, newContext, ROOT, type ServedPage, servePage, soloMirror, TEST_LIMIT_MS, watch } from './support.js';

// Solo play kept in the browser (a reload goes on where the game was; a tampered stored game is refused in
// one sentence), taking back a card, a new game in one click; a seat link that cannot be joined said in one
// sentence with the way back; and `npm run play`'s script: the server and the page started together, a
// table opened from the page on that server.

const missing = missingForBrowser();
if (missing) console.log(`web/test/solo.test.ts: skipped, ${missing}`);

const DESKTOP = { width: 1280, height: 900 };
const SEED = 7;

/** The person's cards in the page, and the trick on the table, seat and card. */
async function shown(page: Page): Promise<{ held: Card[]; trick: string[] }> {
  const { held, trick } = await page.evaluate(() => ({
    held: [...document.querySelectorAll<HTMLElement>('#table button[data-card]')].map((b) => b.dataset.card as string),
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

/** Plays `n` of the person's cards (the card the basic player would choose), waiting for each to leave the hand. */
async function playCards(page: Page, table: TableState, n: number): Promise<TableState> {
  for (let i = 0; i < n; i++) {
    table = computersPlay(table, 'S');
    const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
    await page.locator(`.hand[data-turn="yes"] button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
  return computersPlay(table, 'S');
}

/** Waits until the person may play (the hand is drawn with its turn). */
const yourTurn = (page: Page) => page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first().waitFor();

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(missing !== null)('solo play kept in the browser, and seat links that cannot be joined', () => {
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage('web/test/solo.test.ts');
  }, TEST_LIMIT_MS);

  afterAll(() => served?.close());

  it(
    'a reload goes on with the same game: the same cards held, the same plays on the table, also from the bare address',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await yourTurn(page);
      const table = await playCards(page, soloMirror(SEED), 4);
      await yourTurn(page);
      const before = await shown(page);
      expect(before).toEqual(expected(table));
      expect(before.held).toHaveLength(9);

      await page.reload();
      await yourTurn(page);
      expect(await shown(page)).toEqual(before);
      await expect(page.locator('#table .error').count()).resolves.toBe(0);

      // The bare address (as after closing the tab and coming back) takes up the stored game too.
      await page.goto(served.web.url);
      await yourTurn(page);
      expect(await shown(page)).toEqual(before);
      expect(new URL(page.url()).searchParams.get('seed')).toBe(String(SEED));
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'a stored game the library refuses is dropped with one sentence, and a new game starts',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await yourTurn(page);
      await playCards(page, soloMirror(SEED), 2);
      // Someone edits the stored table: the second card of the hand becomes the first one again.
      const tampered = await page.evaluate((key) => {
        const json = JSON.parse(localStorage.getItem(key) ?? 'null');
        const hand = json.table.log[0];
        const actions = hand.actions;
        actions[1] = actions[0];
        localStorage.setItem(key, JSON.stringify(json));
        return actions.length;
      }, STORAGE_KEY);
      expect(tampered).toBeGreaterThan(4);
      await page.goto(served.web.url);
      await yourTurn(page);
      await expect(page.locator('#table .error').textContent()).resolves.toBe('The game saved in this browser could not be read, so a new game has started.');
      expect((await shown(page)).held.length).toBe(13);
      // The new game is stored in its place, readable.
      const seed = Number(new URL(page.url()).searchParams.get('seed'));
      const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.seed, STORAGE_KEY);
      expect(saved).toBe(seed);
      // Not JSON at all: the same sentence, no crash.
      await page.evaluate((key) => localStorage.setItem(key, '{not json'), STORAGE_KEY);
      await page.reload();
      await yourTurn(page);
      await expect(page.locator('#table .error').textContent()).resolves.toContain('could not be read');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "the person takes back their last card, and the computer players' cards after it; a new game is one click and forgets the stored one",
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await yourTurn(page);
      const undo = page.locator('#solo-tools').getByRole('button', { name: 'Take back my last card', includeHidden: true });
      await expect(undo.isHidden()).resolves.toBe(true);
      const table = await playCards(page, soloMirror(SEED), 2);
      await yourTurn(page);
      await expect(undo.isVisible()).resolves.toBe(true);
      const after = await playCards(page, table, 1);
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(after));
      await undo.click();
      await page.locator('#live').getByText('Your last card is taken back').waitFor();
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));
      await expect(undo.isHidden()).resolves.toBe(true);
      // The game goes on from there; Ctrl+Z takes the card back too, and a reload keeps it taken back.
      expect(await playCards(page, table, 1)).toEqual(after);
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(after));
      await page.keyboard.press('Control+z');
      await page.locator('#live').getByText('Your last card is taken back').waitFor();
      await page.reload();
      await yourTurn(page);
      expect(await shown(page)).toEqual(expected(table));

      // New game: in the middle of a hand the page asks first; then a fresh seed, thirteen cards, and the
      // stored game is the new one.
      const oldSeed = new URL(page.url()).searchParams.get('seed');
      await page.getByRole('button', { name: 'Play another game' }).click();
      await Promise.all([page.waitForURL((u) => u.searchParams.get('seed') !== oldSeed), page.getByRole('button', { name: 'Start a new game' }).click()]);
      await yourTurn(page);
      expect((await shown(page)).held.length).toBe(13);
      const seed = Number(new URL(page.url()).searchParams.get('seed'));
      await expect(page.locator('#table .error').count()).resolves.toBe(0);
      const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.seed, STORAGE_KEY);
      expect(saved).toBe(seed);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    'the next hand is dealt by itself when the setting is on, and the setting is kept',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await yourTurn(page);
      await page.getByLabel('Deal the next hand by itself').check();
      await playCards(page, soloMirror(SEED), 13);
      // The second hand is dealt without a click: thirteen cards again, and the first hand in the history.
      await page.locator('#table button[data-card]').nth(12).waitFor();
      await expect(page.locator('[data-action="deal"]').count()).resolves.toBe(0);
      await page.reload();
      await expect(page.getByLabel('Deal the next hand by itself').isChecked()).resolves.toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );

  it(
    "a seat link whose key opens no seat, and one to a server that does not answer: one sentence, no developer's words, and the way back to solo play",
    async () => {
      const port = await closedPort();
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const silent = `http://127.0.0.1:${port}`;
      await page.goto(`${served.web.url}?${new URLSearchParams({ server: silent, table: 'abcdefghijklmnop', token: 'not-a-token' })}`);
      const alert = page.locator('#table [role="alert"]');
      await expect(alert.textContent()).resolves.toBe(
        `The whist server at ${silent} does not answer: it may have stopped, or the link may name the wrong address. Ask whoever sent the link.`,
      );
      await expect(page.locator('#table').textContent()).resolves.not.toContain('Joining the table');
      await expect(page.locator('#table .error').count()).resolves.toBe(1);
      await Promise.all([page.waitForURL((u) => !u.searchParams.has('server')), page.getByRole('link', { name: 'Play against the computer instead' }).click()]);
      await yourTurn(page);

      await context.close();
    },
    TEST_LIMIT_MS,
  );
});

/** The computer players' actions and cards, each the library's computer seat's, until they wait for the person. */
function computersAtOnce(solo: SoloTable): void {
  for (let due = solo.computerDue(); due?.kind === 'say' || due?.kind === 'play'; due = solo.computerDue()) solo.computerStep();
}

describe('a stored solo game, read back', () => {
  const settings = { rules: 'short', seed: SEED, bots: 'heuristic', speed: 'instant', dd: false } as const;

  it('goes on where it was: the same view, the same card taken back, the same computer players', () => {
    const solo = openSoloTable(settings);
    computersAtOnce(solo);
    const card = solo.view().hand!.legalMoves[0]!;
    expect(solo.act({ type: 'play', card })).toEqual({ ok: true });
    computersAtOnce(solo);
    const read = readSaved(saveText(solo.saved()));
    if (!read.ok) throw new Error(read.reason);
    const again = openSoloTable(settings, read.value);
    expect(again.view()).toEqual(solo.view());
    expect(again.canUndo()).toBe(true);
    expect(again.undo()).toBe(true);
    expect(again.view().hand!.cards).toContain(card);
    expect(again.canUndo()).toBe(false);
  });

  it('refuses, with a reason and without throwing, what the library did not make or what does not fit', () => {
    const good = JSON.parse(saveText(openSoloTable(settings).saved()));
    const cases: unknown[] = [
      '{not json',
      'null',
      JSON.stringify({ ...good, version: 2 }),
      JSON.stringify({ ...good, rules: 'long' }),
      JSON.stringify({ ...good, seed: -1 }),
      JSON.stringify({ ...good, random: { s: [0, 0, 0, 0] } }),
      JSON.stringify({ ...good, table: { ...good.table, log: [], v: 4 } }),
      JSON.stringify({ ...good, table: { ...good.table, players: { N: 'a', E: 'b', S: 'c', W: 'd' } } }),
      JSON.stringify({ ...good, undo: { table: 7, random: good.random } }),
    ];
    for (const text of cases) {
      const r = readSaved(text as string);
      expect(r.ok, String(text).slice(0, 80)).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
    }
    expect(readSaved(JSON.stringify(good)).ok).toBe(true);
    expect(readSaved(JSON.stringify({ ...good, bots: 'hard' })).ok).toBe(false);
  });

  it('reads the old name of the rules of thumb, basic, as the library names it: heuristic (a stored game, a URL, the browser’s last choice)', () => {
    const good = JSON.parse(saveText(openSoloTable(settings).saved()));
    const read = readSaved(JSON.stringify({ ...good, bots: 'basic' }));
    expect(read.ok && read.value.bots).toBe('heuristic');
    expect(readBots('basic')).toBe('heuristic');
    expect(readBots('random')).toBe('random');
    expect(readBots('quick')).toBe('heuristic');
    expect(readBots('Basic')).toBeNull();
    expect(readBots(null)).toBeNull();
    const url = readSettings(new URLSearchParams('rules=short&seed=7&bots=basic'), () => 1);
    expect(url).toEqual({ settings: expect.objectContaining({ bots: 'heuristic' }), problems: [] });
    expect(settingsQuery(url.settings)).toBe('rules=short&seed=7&bots=heuristic');
    expect(readSettings(new URLSearchParams('bots=hard'), () => 1).problems).toEqual([
      'bots=hard is not known: use one of heuristic, fast, standard, strong, random.',
    ]);
    expect(BOT_KINDS).toEqual([...COMPUTER_LEVELS, 'random']);
  });
});

describe('npm run server: the server alone, letting the page that npm run web serves call it', () => {
  it('answers /health with CORS open to http://127.0.0.1:5173', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'play.mjs'), 'server'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', WHIST_CORS_ORIGIN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = (await followChild(child).waitFor(/listening on (http:\/\/\S+)/))[1] as string;
      const health = await fetch(`${url}/health`, { headers: { origin: 'http://127.0.0.1:5173' } });
      expect(health.status).toBe(200);
      expect(health.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});

describe.skipIf(missing !== null)('npm run play: the server and the page, started together', () => {
  let child: ChildProcess;
  let log: ReturnType<typeof followChild>;
  let page: string;
  let server: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [join(ROOT, 'scripts', 'play.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', SERVER_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    log = followChild(child);
    page = (await log.waitFor(/Whist is ready: open (http:\/\/\S+)/))[1] as string;
    server = (await log.waitFor(/open a table on the server at (http:\/\/\S+)/))[1] as string;
  }, TEST_LIMIT_MS);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('prints its address once both answer: the page names the server, and the server answers /health', async () => {
    const html = await (await fetch(page)).text();
    expect(html).toContain(`<meta name="whist-server" content="${server}" />`);
    const health = await fetch(`${server}/health`, { headers: { origin: page.replace(/\/$/, '') } });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBe(page.replace(/\/$/, ''));
  });

  it(
    'a table opened from the page on that server, with no CORS error, and a seat joined from its link',
    async () => {
      const { launch } = await import('./support.js');
      const browser = await launch();
      try {
        const context = await newContext(browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        const opener = await context.newPage();
        const { problems } = watch(opener);
        await opener.goto(`${page}?speed=instant`);
        await opener.locator('#controls > summary').click();
        await expect(opener.locator('input[name="server"]').inputValue()).resolves.toBe(server);
        await opener.getByRole('button', { name: 'Open a table' }).click();
        const link = await opener.locator('#seat-links a[data-seat="S"]').getAttribute('href');
        expect(link).toContain(encodeURIComponent(server));
        const seat = await context.newPage();
        const seatProblems = watch(seat).problems;
        await seat.goto(link as string);
        await seat.locator('#mode', { hasText: 'At a server table, seat South' }).waitFor();
        expect(problems).toEqual([]);
        expect(seatProblems).toEqual([]);

        // A link with a key that opens no seat: one sentence, and the way back.
        const bad = new URL(link as string);
        bad.searchParams.set('token', 'x'.repeat(43));
        const other = await context.newPage();
        await other.goto(bad.href);
        await expect(other.locator('#table [role="alert"]').textContent()).resolves.toBe(
          'This seat link does not open a seat at that table: it may have been cut short when it was copied. Ask for your link again.',
        );
        await expect(other.locator('#table').textContent()).resolves.not.toContain('Authorization');
        await expect(other.locator('#table').textContent()).resolves.not.toContain('Joining the table');
        await expect(other.getByRole('link', { name: 'Play against the computer instead' }).count()).resolves.toBe(1);
      } finally {
        await browser.close();
      }
    },
    TEST_LIMIT_MS,
  );
});
