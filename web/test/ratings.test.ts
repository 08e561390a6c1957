/**
 * Ratings and a rated duplicate event in headless Chromium, against the reference server: Ada and Bea (a
 * phone) register their names on the ratings' page; Ada opens a rated 3-table Howell and joins with Bea, who
 * confirms the pair from Ada's link; five more pairs of registered players join over HTTP, and Ada
 * starts the event from the page. The boards are played over HTTP (Ada and Bea play their cards, everyone
 * else concedes every trick left at their first turn), then the ratings' page shows Ada her rating and its
 * history and everyone on the leaderboard, as the server rates them. Pictures (desktop and phone) go to
 * docImagePath; both pages pass axe-core.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heuristicPlayer } from 'whist';
import { type Reply, request } from '../../server/test/support/http.js';
import { spawnServer } from '../../server/test/support/processes.js';
import { sleep } from '../../server/test/support/wait.js';
import { axeFindings, docImagePath, missingForBrowser, openedPages, type ServedPage, servePage, TEST_LIMIT_MS } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/ratings.test.ts is skipped: ${missing}`);

/** Plays a player's seat over HTTP to the event's end: at each turn the heuristic player's card, or (`concede`) every trick left conceded. */
async function playOver(base: string, id: string, token: string, concede: boolean): Promise<void> {
  for (;;) {
    const event = (await request(base, 'GET', `/duplicate/${id}`, { token })).json;
    if (event.status === 'over') return;
    const tableId = event.you?.tableId as string | null;
    if (tableId === null || tableId === undefined) {
      await sleep(20);
      continue;
    }
    const { version, view } = (await request(base, 'GET', `/tables/${tableId}`, { token })).json;
    if (view.next.action !== 'play' || view.next.seat !== view.viewer) {
      await sleep(20);
      continue;
    }
    const r: Reply = await request(base, 'POST', `/tables/${tableId}/actions`, {
      token,
      body: JSON.stringify(
        concede ? { type: 'concede', tricks: view.hand.cards.length, version } : { type: 'play', card: heuristicPlayer(view.hand), version },
      ),
    });
    if (r.status !== 409) expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
}

describe.skipIf(missing !== null)('ratings: names registered, a rated event joined and confirmed in the page, and the leaderboard', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/ratings.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    'Ada and Bea register, join a rated event as a pair (Bea confirming it), and find their ratings and the leaderboard',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0', WHIST_DAILY_BOARDS: '0', WHIST_LEADERBOARD: '5,1,4' });
      const pages = openedPages(served.browser);
      const open = (url: string, viewport: { width: number; height: number }): Promise<Page> => pages.open(url, viewport);
      const ratingsPage = `${served.web.url}?${new URLSearchParams({ ratings: '', server: server.url })}`;
      const register = async (page: Page, name: string): Promise<string> => {
        await page.locator('#ratings-name').fill(name);
        await page.locator('[data-ratings="register"]').click();
        await page.locator('[data-ratings="own"]', { hasText: `You play rated events as ${name}.` }).waitFor();
        const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('whist-player'))) ?? '{}') as Record<string, { key: string }>;
        return kept[server.url]?.key as string;
      };
      try {
        const ada = await open(ratingsPage, DESKTOP);
        await ada.locator('[data-ratings="nobody"]').waitFor();
        const adaKey = await register(ada, 'Ada');
        expect(await ada.locator('[data-ratings="own"]').textContent()).toContain('You have played no rated event yet.');

        // Bea registers on her phone.
        const bea = await open(ratingsPage, PHONE);
        const beaKey = await register(bea, 'Bea');

        // A rated event, opened and joined from the page.
        await ada.goto(`${served.web.url}?${new URLSearchParams({ duplicate: '', server: server.url })}`);
        await ada.locator('#duplicate-open input[name="boardsPerRound"]').fill('1');
        await ada.locator('#duplicate-open input[name="rated"]').check();
        await ada.locator('[data-duplicate="open"]').click();
        await ada.locator('[data-duplicate="rated"]').waitFor();
        const id = new URL(ada.url()).searchParams.get('duplicate') as string;
        expect(await ada.locator('#duplicate-join input[name="player-1"]').inputValue()).toBe('Ada');
        await ada.locator('#duplicate-join input[name="player-2"]').fill('Bea');
        await ada.locator('[data-duplicate="join"]').click();
        const link = (await ada.locator('a[data-duplicate="partner-link"]').getAttribute('href')) as string;
        expect(new URL(link).searchParams.get('confirm')).toBe('1');
        await ada.locator('[data-pair="1"]', { hasText: 'waiting for the partner to confirm' }).waitFor();

        // Bea confirms the pair from Ada's link.
        await bea.goto(link);
        await bea.locator('[data-duplicate="confirm"]', { hasText: 'Confirm pair 1 as Bea' }).click();
        await bea.locator('[data-duplicate="you"]', { hasText: 'You play as Bea, pair 1.' }).waitFor();

        // Five more registered pairs, over HTTP; each player's token for the event as the page or the server gave it.
        const tokenOf = async (page: Page): Promise<string> =>
          (JSON.parse((await page.evaluate(() => localStorage.getItem('whist-duplicate'))) ?? '{}') as Record<string, { token: string }>)[`${server.url} ${id}`]
            ?.token as string;
        const tokens: Record<string, string> = { Ada: await tokenOf(ada), Bea: await tokenOf(bea) };
        expect([tokens.Ada, tokens.Bea]).not.toContain(adaKey);
        expect(tokens.Bea).not.toBe(beaKey);
        const keys: Record<string, string> = {};
        const others = ['Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu'];
        for (const name of others) keys[name] = (await request(server.url, 'POST', '/players', { body: JSON.stringify({ name }) })).json.key;
        for (let i = 0; i < others.length; i += 2) {
          const [a, b] = [others[i] as string, others[i + 1] as string];
          const joined = await request(server.url, 'POST', `/duplicate/${id}/pairs`, { token: keys[a], body: JSON.stringify({ players: [a, b] }) });
          expect(joined.status, JSON.stringify(joined.json)).toBe(201);
          tokens[a] = joined.json.tokens[0];
          const confirmed = await request(server.url, 'POST', `/duplicate/${id}/pairs/${joined.json.pair}/confirm`, { token: keys[b], body: '{}' });
          expect(confirmed.status).toBe(200);
          tokens[b] = confirmed.json.token;
        }
        await ada.locator('[data-duplicate="status"]', { hasText: '6 of 6 have joined' }).waitFor();
        await ada.locator('[data-duplicate="start"]').click();
        await ada.locator('#duplicate[data-status="playing"]').waitFor();
        // Ada and Bea play their cards; everyone else concedes every trick at their first turn.
        await Promise.all(Object.entries(tokens).map(([name, token]) => playOver(server.url, id, token, name !== 'Ada' && name !== 'Bea')));

        // The ratings as the server has them, on the page.
        const board = (await request(server.url, 'GET', '/ratings')).json;
        expect(board.players).toHaveLength(12);
        await ada.goto(ratingsPage);
        await ada.locator('.leaderboard tbody tr').nth(11).waitFor();
        const rows = await ada
          .locator('.leaderboard tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-name'), tr.querySelector('[data-cell="rating"]')?.textContent]));
        expect(rows).toEqual(board.players.map((p: { name: string; rating: number }) => [p.name, p.rating.toFixed(1)]));
        const mine = (await request(server.url, 'GET', '/ratings/Ada')).json;
        expect(await ada.locator('[data-ratings="yours"]').textContent()).toBe(`Rating ${mine.rating.toFixed(1)} · 5 boards, 1 partner, 10 opponents`);
        // Every other pair conceded every board to Ada and Bea: they are first.
        expect(
          board.players
            .slice(0, 2)
            .map((p: { name: string }) => p.name)
            .sort(),
        ).toEqual(['Ada', 'Bea']);
        await ada.locator('[data-ratings="history"] summary').click();
        expect(await ada.locator('[data-ratings="history"] li').allTextContents()).toEqual([`Event 1: ${mine.rating.toFixed(1)}`]);
        await ada.screenshot({ path: docImagePath('ratings.png'), fullPage: true });
        await bea.goto(ratingsPage);
        await bea.locator('.leaderboard tbody tr').nth(11).waitFor();
        expect(await bea.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await bea.screenshot({ path: docImagePath('ratings-phone.png'), fullPage: true });
        for (const page of [ada, bea]) expect(await axeFindings(page)).toEqual([]);

        // A rated table: Ada opens it from her ratings' page, Bea takes her seat from the link, Cy and Di over HTTP.
        await ada.locator('#rated-table-open input[name="E"]').fill('Cy');
        await ada.locator('#rated-table-open input[name="S"]').fill('Bea');
        await ada.locator('#rated-table-open input[name="W"]').fill('Di');
        expect(await ada.locator('#rated-table-open input[name="N"]').inputValue()).toBe('Ada');
        await ada.locator('[data-ratings="open-table"]').click();
        await ada.waitForURL(/[?&]ratedTable=/);
        const tableLink = ada.url();
        const ratedId = new URL(tableLink).searchParams.get('ratedTable') as string;
        await ada.locator('[data-seat="N"]', { hasText: 'Ada: seated' }).waitFor();
        await bea.goto(tableLink);
        await bea.locator('[data-ratings="take-seat"]', { hasText: 'Take your seat as Bea' }).click();
        const seatTokens: Record<string, string> = {};
        for (const name of ['Cy', 'Di']) {
          const taken = await request(server.url, 'POST', `/rated-tables/${ratedId}/confirm`, { token: keys[name], body: '{}' });
          expect(taken.status, JSON.stringify(taken.json)).toBe(200);
          seatTokens[name] = taken.json.token;
        }
        await ada.locator('[data-ratings="go-to-table"]').click();
        await ada.waitForURL(/[?&]table=/);
        await ada.locator('.seat.pos-bottom').waitFor();
        const heldTable = async (page: Page): Promise<string> =>
          (JSON.parse((await page.evaluate(() => localStorage.getItem('whist-rated-tables'))) ?? '{}') as Record<string, string>)[
            `${server.url} ${ratedId}`
          ] as string;
        seatTokens.Ada = await heldTable(ada);
        seatTokens.Bea = await heldTable(bea);
        // The rubber, each hand conceded by whoever plays first.
        const tableId = (await request(server.url, 'GET', `/rated-tables/${ratedId}`, { token: seatTokens.Ada })).json.tableId as string;
        const bySeat: Record<string, string> = { N: seatTokens.Ada, E: seatTokens.Cy as string, S: seatTokens.Bea, W: seatTokens.Di as string };
        for (;;) {
          if ((await request(server.url, 'GET', `/rated-tables/${ratedId}`)).json.status === 'over') break;
          const { version, view } = (await request(server.url, 'GET', `/tables/${tableId}`, { token: bySeat.N })).json;
          if (view.next.action !== 'play') {
            await sleep(20);
            continue;
          }
          const seat = view.next.seat as string;
          const mine = (await request(server.url, 'GET', `/tables/${tableId}`, { token: bySeat[seat] })).json.view;
          await request(server.url, 'POST', `/tables/${tableId}/actions`, {
            token: bySeat[seat],
            body: JSON.stringify({ type: 'concede', tricks: mine.hand.cards.length, version }),
          });
        }
        await ada.goto(tableLink);
        await ada.locator('[data-ratings="table-status"]', { hasText: 'The rubber is over' }).waitFor();
        await ada.screenshot({ path: docImagePath('rated-table.png'), fullPage: true });
        expect(await axeFindings(ada)).toEqual([]);
        expect(pages.problems()).toEqual([]);
      } finally {
        await pages.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );
});
