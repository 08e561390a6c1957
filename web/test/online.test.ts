/**
 * An online table in headless Chromium, through the reference server started as `npm start -w whist-server`
 * starts it: a table opened from the page with four names and a short stand-in delay, four people in four
 * browsers, one of whom drops (their page closes); the others see them away, then a computer player stands
 * in and plays their cards; the person opens their link again and plays on; another reloads their page and
 * sees the table again; the next hand shows no card of the last trick. A spectator follows the table
 * from the spectators' link and sees no seat's cards. A card chosen while the answer to the last one is
 * still on its way is played, and a double click sends a card once. Screenshots of the table go to web/screenshots/docs/server-*.png
 * (to docs/images only from web/scripts/doc-images.ts).
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, heuristicPlayer, newTableOrThrow, PRESETS, SEATS, type Seat, type TableState, tableViewOrThrow } from 'whist';
import { hintValues } from 'whist/solver';
import { spawnServer } from '../../server/test/support/processes.js';
import { docImagePath, hiddenCards, leaks, missingForBrowser, newContext, type ServedPage, servePage, TEST_LIMIT_MS, watch } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const PLAYERS = ['ann', 'bob', 'cy', 'di'];
const SEED = 41;
/** The card at which the seat to play drops, and the card from which they come back. */
const DROP_AT = 6;
const BACK_AT = 18;

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/online.test.ts is skipped: ${missing}`);

/** Where a screenshot of the docs goes: `docImagePath` (docs/images only from web/scripts/doc-images.ts). */
const image = docImagePath;

/** The seat the mirror waits for, or `null` once the hand is over. */
function nextSeat(table: TableState): Seat | null {
  const next = tableViewOrThrow(table, null).next;
  return next.action === 'play' ? next.seat : null;
}

function play(table: TableState, seat: Seat): { table: TableState; card: string } {
  const card = heuristicPlayer(tableViewOrThrow(table, seat).hand!);
  return { table: applyOrThrow(table, { type: 'play', seat, card }), card };
}

describe.skipIf(missing !== null)('an online table: names, a player who drops and comes back, a spectator', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/online.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    'a computer player stands in for a player who drops, the player takes the seat back from their link, and a spectator watches',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0' });
      const contexts: BrowserContext[] = [];
      const watched: Array<{ problems: string[] }> = [];
      try {
        // The same table in Node: the four names cut for seats with the seed, then the first hand is dealt.
        let table = applyOrThrow(newTableOrThrow(PRESETS.long, { seed: SEED, players: PLAYERS }), { type: 'deal' });
        const seats = tableViewOrThrow(table, null).players;
        // Who will drop: the seat to play at card DROP_AT. The phone and the desktop screenshots are two others.
        let probe = table;
        for (let i = 0; i < DROP_AT; i++) probe = play(probe, nextSeat(probe) as Seat).table;
        const dropper = nextSeat(probe) as Seat;
        const [phoneSeat, desktopSeat] = SEATS.filter((s) => s !== dropper) as [Seat, Seat];

        // One person opens the table from the page's form: long whist, four names, a stand-in after 2 seconds.
        const host = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        contexts.push(host);
        const opener = await host.newPage();
        watched.push(watch(opener));
        await opener.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, speed: 'instant' })}`);
        await opener.locator('#controls > summary').click();
        await opener.locator('select[name="table-rules"]').selectOption('long');
        for (const [i, name] of PLAYERS.entries()) await opener.locator(`input[name="player-${i + 1}"]`).fill(name);
        await opener.locator('input[name="stand-in"]').fill('2');
        await opener.locator('input[name="table-seed"]').fill(String(SEED));
        await opener.getByRole('button', { name: 'Open a table' }).click();
        await opener.locator('#seat-links ul, #seat-links .error').first().waitFor();
        expect(await opener.locator('#seat-links .error').count(), (await opener.locator('#seat-links').textContent()) ?? '').toBe(0);
        const link = async (selector: string) => (await opener.locator(`#seat-links ${selector}`).getAttribute('href')) as string;
        const links = {} as Record<Seat, string>;
        for (const s of SEATS) {
          links[s] = await link(`a[data-seat="${s}"]`);
          await expect(opener.locator(`#seat-links a[data-seat="${s}"]`).textContent()).resolves.toContain(seats[s]);
        }
        const spectatorLink = await link('a[data-spectator]');

        const contextOf = {} as Record<Seat, BrowserContext>;
        const pages = {} as Record<Seat, Page>;
        const watcherOf = {} as Record<Seat, { problems: string[] }>;
        const openSeat = async (s: Seat) => {
          const page = await contextOf[s].newPage();
          watcherOf[s] = watch(page);
          watched.push(watcherOf[s]);
          await page.goto(links[s]);
          await page.locator(`.seat.pos-bottom[data-seat="${s}"]`).waitFor();
          pages[s] = page;
        };
        for (const s of SEATS) {
          contextOf[s] = await newContext(served.browser, { viewport: s === phoneSeat ? PHONE : DESKTOP, reducedMotion: 'reduce' });
          contexts.push(contextOf[s]);
          await openSeat(s);
        }
        const status = (on: Seat, of: Seat, value: string) => pages[on].locator(`#seat-status [data-seat="${of}"][data-status="${value}"]`);
        // Every seat sees the four here, with their names and the rules chosen.
        for (const s of SEATS) for (const o of SEATS) await status(s, o, 'connected').waitFor();
        await expect(pages[desktopSeat].locator('#seat-status').textContent()).resolves.toContain(seats[dropper]);
        await pages[desktopSeat].screenshot({ path: image('server-desktop-start.png') });
        await pages[phoneSeat].screenshot({ path: image('server-phone-start.png') });

        let plays = 0;
        let away = false;
        let reloaded = false;
        for (;;) {
          const seat = nextSeat(table);
          if (seat === null) break;
          if (plays === DROP_AT) {
            // The seat to play drops: its page closes, and with it the seat's event stream.
            expect(seat).toBe(dropper);
            await pages[dropper].close();
            away = true;
            for (const s of SEATS.filter((o) => o !== dropper))
              await status(s, dropper, 'away')
                .or(status(s, dropper, 'stand-in'))
                .waitFor();
            for (const s of SEATS.filter((o) => o !== dropper)) await status(s, dropper, 'stand-in').waitFor();
          }
          // Back once it is someone else's turn (the stand-in would have played the seat's own turn at once).
          if (away && plays >= BACK_AT && seat !== dropper) {
            // The person opens their link again (as after a reload): the seat is theirs, shown connected to all.
            await openSeat(dropper);
            away = false;
            for (const s of SEATS) await status(s, dropper, 'connected').waitFor();
          }
          // A player reloads their page (on someone else's turn): the link alone shows the table again, their cards and all.
          if (!reloaded && plays >= 30 && !away && seat !== phoneSeat) {
            reloaded = true;
            await pages[phoneSeat].reload();
            // The reload cuts the page's event stream (and any read in flight): those aborts are the reload's own.
            const w = watcherOf[phoneSeat];
            w.problems.splice(0, w.problems.length, ...w.problems.filter((p) => !p.endsWith('net::ERR_ABORTED')));
            await pages[phoneSeat].locator(`.seat.pos-bottom[data-seat="${phoneSeat}"]`).waitFor();
            const held = tableViewOrThrow(table, phoneSeat).hand!.cards;
            await pages[phoneSeat].locator(`button[data-card="${held[0]}"]`).waitFor();
            expect(await pages[phoneSeat].locator('button[data-card]').count()).toBe(held.length);
            for (const s of SEATS) await status(s, phoneSeat, 'connected').waitFor();
          }
          const moved = play(table, seat);
          if (seat === dropper && away) {
            // The computer player plays the seat's card, heuristicPlayer's on the seat's view: the next
            // person's page shows their turn once it is played.
            table = moved.table;
          } else {
            await pages[seat].locator(`button[data-card="${moved.card}"]:not([disabled])`).click();
            table = moved.table;
            // The page has the server's answer (after the hand's last card, the next hand is dealt at once and may hold the card again).
            if (nextSeat(table) !== null) await pages[seat].locator(`button[data-card="${moved.card}"]`).waitFor({ state: 'detached' });
            else await pages[seat].locator('[data-explain="hand"]').first().waitFor();
            // The stand-in may already have played after this card: those cards are public too.
            let ahead = table;
            while (away && nextSeat(ahead) === dropper) ahead = play(ahead, dropper).table;
            if (nextSeat(ahead) !== null) expect(await leaks(pages[seat], hiddenCards(ahead, seat))).toEqual([]);
          }
          plays++;
          if (plays === DROP_AT + 4) {
            await pages[desktopSeat].screenshot({ path: image('server-desktop-mid-hand.png') });
            await pages[phoneSeat].screenshot({ path: image('server-phone-mid-hand.png') });
          }
        }
        expect(plays).toBe(52);
        // The hand is over at every seat, scored; its explanation stays until it is closed.
        for (const s of SEATS) await pages[s].locator('[data-explain="hand"]').first().waitFor();
        // The next hand, dealt at once, shows no card of the hand before in its trick.
        for (const s of SEATS) {
          await pages[s].locator('section.trick .trick-caption', { hasText: 'Trick 1:' }).waitFor();
          expect(await pages[s].locator('section.trick li.played').count()).toBe(0);
        }
        expect(reloaded).toBe(true);
        await pages[desktopSeat].screenshot({ path: image('server-desktop-end-of-hand.png') });
        await pages[phoneSeat].screenshot({ path: image('server-phone-end-of-hand.png') });

        // A spectator follows the table from the spectators' link: no cards of any seat, no card to play.
        const spectatorContext = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
        contexts.push(spectatorContext);
        const spectator = await spectatorContext.newPage();
        watched.push(watch(spectator));
        await spectator.goto(spectatorLink);
        await spectator.locator('#mode', { hasText: 'Watching a server table' }).waitFor();
        for (const s of SEATS) await spectator.locator(`#seat-status [data-seat="${s}"][data-status="connected"]`).waitFor();
        const dealt = applyOrThrow(table, { type: 'deal' });
        await spectator.locator('.seat').first().waitFor();
        expect(await spectator.locator('button[data-card]').count()).toBe(0);
        expect(await leaks(spectator, [...new Set([...hiddenCards(dealt, 'N'), ...hiddenCards(dealt, 'S')])])).toEqual([]);
        // The next hand's first card, played by its seat: the spectator sees it in the trick.
        const first = nextSeat(dealt) as Seat;
        const lead = play(dealt, first);
        await pages[first].locator(`button[data-card="${lead.card}"]:not([disabled])`).click();
        await spectator.locator(`[data-card="${lead.card}"]`).first().waitFor();
        expect(await leaks(spectator, [...new Set([...hiddenCards(lead.table, 'N'), ...hiddenCards(lead.table, 'S')])])).toEqual([]);
        await spectator.screenshot({ path: image('server-desktop-spectator.png') });

        for (const w of watched) expect(w.problems).toEqual([]);
      } finally {
        for (const c of contexts) await c.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'a player alone at a table gives the three empty seats to computer players and plays against them',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0' });
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      try {
        const seed = 12;
        const res = await fetch(`${server.url}/tables`, { method: 'POST', body: JSON.stringify({ rules: 'short', seed }) });
        const opened = (await res.json()) as { id: string; seats: Record<Seat, { token: string }> };
        let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed }), { type: 'deal' });
        // The person sits where the first lead is not theirs, so that the computer players' cards come first.
        const first = nextSeat(table) as Seat;
        const person = SEATS.find((s) => s !== first) as Seat;
        const page = await context.newPage();
        const problems = watch(page);
        await page.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, table: opened.id, token: opened.seats[person].token })}`);
        await page.locator(`#seat-status [data-seat="${person}"][data-status="connected"]`).waitFor();
        for (const s of SEATS.filter((o) => o !== person)) await page.locator(`#seat-status button[data-give="${s}"]`).waitFor();
        await page.screenshot({ path: image('server-desktop-empty-seats.png') });
        for (const s of SEATS.filter((o) => o !== person)) {
          await page.locator(`#seat-status [data-seat="${s}"][data-status="empty"]`).waitFor();
          await page.locator(`#seat-status button[data-give="${s}"]`).click();
          await page.locator(`#seat-status [data-seat="${s}"][data-status="computer"]`).waitFor();
        }
        expect(await page.locator('#seat-status button[data-give]').count()).toBe(0);
        // The computer players play their seats' cards, heuristicPlayer's; the person plays four of their own.
        for (let mine = 0; mine < 4; ) {
          const seat = nextSeat(table) as Seat;
          const moved = play(table, seat);
          table = moved.table;
          if (seat !== person) continue;
          await page.locator(`button[data-card="${moved.card}"]:not([disabled])`).click();
          await page.locator(`button[data-card="${moved.card}"]`).waitFor({ state: 'detached' });
          mine++;
        }
        let ahead = table;
        while (nextSeat(ahead) !== person) ahead = play(ahead, nextSeat(ahead) as Seat).table;
        const next = play(ahead, person).card;
        await page.locator(`button[data-card="${next}"]:not([disabled])`).waitFor();
        expect(await leaks(page, hiddenCards(ahead, person))).toEqual([]);
        // The hint at a server table: from the one view the page holds, as hintValues gives it in Node.
        await page.keyboard.press('h');
        await page.locator('[data-expected-note="shown"]').waitFor();
        const view = tableViewOrThrow(ahead, person).hand!;
        const values = hintValues(view, { level: 'standard', seed: 0 });
        if (!values.ok) throw new Error(values.error.message);
        const marked = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>('#table .hand button[data-expected]')].map((b) => [b.dataset.card, b.dataset.expected]),
          ),
        );
        expect(marked).toEqual(Object.fromEntries(values.value.cards.map((v) => [v.card, v.tricks.toFixed(1)])));
        expect(await leaks(page, hiddenCards(ahead, person))).toEqual([]);
        expect(problems.problems).toEqual([]);
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'a card chosen while the answer to the last one is still on its way is played, not lost',
    async () => {
      const origin = served.web.url.replace(/\/$/, '');
      const server = await spawnServer({ WHIST_CORS_ORIGIN: origin, WHIST_COMPUTER_DELAY_MS: '0' });
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      try {
        const res = await fetch(`${server.url}/tables`, { method: 'POST', body: JSON.stringify({ rules: 'short', seed: 12 }) });
        const opened = (await res.json()) as { id: string; seats: Record<Seat, { token: string }> };
        const person: Seat = 'S';
        const token = opened.seats[person].token;
        for (const seat of SEATS.filter((s) => s !== person)) {
          const given = await fetch(`${server.url}/tables/${opened.id}/computers`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: JSON.stringify({ seat }),
          });
          expect(given.status).toBe(200);
        }
        const page = await context.newPage();
        const problems = watch(page);
        await page.goto(`${served.web.url}?${new URLSearchParams({ server: server.url, table: opened.id, token })}`);
        const playable = page.locator('.hand[data-turn="yes"] button[data-card]:not([disabled])').first();
        await playable.waitFor();
        // The answer to the person's card is held back: the views after it reach the page from the events stream.
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let held = 0;
        let posted = 0;
        await page.route('**/actions', async (route) => {
          posted++;
          if (held > 0) return route.continue();
          const response = await route.fetch();
          held++;
          await released;
          await route.fulfill({ response });
        });
        const first = await playable.getAttribute('data-card');
        await playable.click();
        await page.locator(`.hand button[data-card="${first}"]`).waitFor({ state: 'detached' });
        // The person's turn again, while the answer to their first card is still held back.
        await playable.waitFor();
        expect(held).toBe(1);
        const second = await playable.getAttribute('data-card');
        await playable.click();
        release();
        await page.locator(`.hand button[data-card="${second}"]`).waitFor({ state: 'detached' });
        // A double click sends the card once: the second click was chosen on the view the first one changed.
        await playable.waitFor();
        const third = await playable.getAttribute('data-card');
        await playable.dblclick();
        await page.locator(`.hand button[data-card="${third}"]`).waitFor({ state: 'detached' });
        expect(posted).toBe(3);
        // The server holds the three cards played: the person has 10 of 13 left, none of the three among them.
        const read = await fetch(`${server.url}/tables/${opened.id}`, { headers: { authorization: `Bearer ${token}` } });
        const hand = ((await read.json()) as { view: { hand: { cards: string[]; cardCounts: Record<Seat, number> } } }).view.hand;
        expect(hand.cardCounts[person]).toBe(10);
        for (const card of [first, second, third]) expect(hand.cards).not.toContain(card);
        expect(await page.locator('[role="alert"]').count()).toBe(0);
        expect(problems.problems).toEqual([]);
      } finally {
        await context.close();
        await server.stop();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    "the form says in one sentence why it opened no table, never the server's own words, and offers to try again or go back to the game",
    async () => {
      // A server that answers as the test says: CORS for the page, then each POST /tables with the next answer.
      const answers: Array<{ status: number; body: unknown }> = [
        { status: 500, body: { error: { code: 'INTERNAL', message: 'TypeError: boom\n    at openTable (server/src/tables.ts:88:11)' } } },
        { status: 422, body: { error: { code: 'SEED_NOT_ALLOWED', message: "this server deals from its own secret PRNG: a table's seed cannot be chosen" } } },
        { status: 503, body: 'upstream connect error' },
        { status: 200, body: { no: 'id' } },
      ];
      /** The bodies of the requests to open a table, as the page sent them. */
      const bodies: string[] = [];
      const fake = createServer((req, res) => {
        const cors = {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-allow-methods': 'GET, POST',
        };
        if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        // The answer once the request is read whole, so that its body is kept before the page has the answer.
        req.on('end', () => {
          bodies.push(body);
          const next = answers.shift() ?? {
            status: 201,
            body: { id: 't1', seats: Object.fromEntries(SEATS.map((s) => [s, { player: s, token: `token-${s}` }])), spectator: 'token-spectator' },
          };
          const text = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
          res.writeHead(next.status, { ...cors, 'content-type': typeof next.body === 'string' ? 'text/plain' : 'application/json' }).end(text);
        });
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const context = await newContext(served.browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        await page.goto(`${served.web.url}?speed=instant`);
        await page.locator('#controls > summary').click();
        const refused = page.locator('#seat-links .error');
        const said = async () => ({ text: await refused.textContent(), code: await refused.getAttribute('data-problem') });
        const open = page.getByRole('button', { name: 'Open a table' });
        const again = page.locator('#seat-links').getByRole('button', { name: 'Try again' });
        // Two players of one name.
        await page.locator('input[name="server"]').fill('http://127.0.0.1:9');
        await page.locator('input[name="player-1"]').fill('ann');
        await page.locator('input[name="player-2"]').fill('ann');
        await open.click();
        await expect(refused.textContent()).resolves.toBe('The four players need four different names.');
        // A server that does not answer.
        await page.locator('input[name="player-2"]').fill('bob');
        await open.click();
        await page.locator('#seat-links .error[data-problem="NETWORK"]').waitFor();
        await expect(said()).resolves.toEqual({
          text: 'The whist server at http://127.0.0.1:9 does not answer: check its address, or try again once it is running.',
          code: 'NETWORK',
        });
        // The page's own address: it answers, but not as a whist server.
        const pageAddress = served.web.url.replace(/\/$/, '');
        await page.locator('input[name="server"]').fill(pageAddress);
        await again.click();
        await page.locator('#seat-links .error[data-problem="HTTP_405"]').waitFor();
        await expect(refused.textContent()).resolves.toBe(`${pageAddress} does not answer as a whist server does: check the address of the server.`);
        // A server that fails, one that refuses the seed, one whose answer is not JSON, one whose answer is not a table.
        await page.locator('input[name="server"]').fill(fakeUrl);
        await page.locator('input[name="table-seed"]').fill('7');
        const expected = [
          ['INTERNAL', `The server at ${fakeUrl} could not open a table just now: try again later.`],
          ['SEED_NOT_ALLOWED', 'This server deals its own cards: leave the seed empty, then open the table again.'],
          ['HTTP_503', `The server at ${fakeUrl} could not open a table just now: try again later.`],
          ['BAD_ANSWER', `${fakeUrl} does not answer as a whist server does: check the address of the server.`],
        ];
        for (const [code, text] of expected) {
          await again.click();
          await page.locator(`#seat-links .error[data-problem="${code}"]`).waitFor();
          await expect(said()).resolves.toEqual({ text, code });
          // One sentence: none of the server's words, no settings, no commands.
          const all = (await page.locator('#seat-links').textContent()) ?? '';
          for (const word of ['TypeError', 'tables.ts', 'PRNG', 'upstream', 'WHIST_CORS_ORIGIN', 'npm', code]) expect(all).not.toContain(word);
          expect(await page.locator('#seat-links .error').count()).toBe(1);
        }
        // Trying again once the server opens the table, by the laws and with a turn clock: the seats' links.
        // The rules are named as players say them, never by a code name.
        const options = await page.locator('select[name="table-rules"] option').allTextContents();
        expect(options).toContain('Short Whist (game of 5)');
        for (const text of options) expect(text).not.toMatch(/^(short|long|german|american)\b/);
        await page.locator('input[name="table-seed"]').fill('');
        await page.locator('input[name="table-laws"]').check();
        await page.locator('select[name="table-clock"]').selectOption('30');
        await again.click();
        await page.locator('#seat-links a[data-seat="N"]').waitFor();
        expect(JSON.parse(bodies.at(-1) ?? '{}')).toMatchObject({ rules: 'short', laws: true, clock: { card: 30, decision: 60 } });
        await expect(page.locator('#seat-links .error').count()).resolves.toBe(0);
        // The other way on: back to the game, the settings closed.
        await page.locator('input[name="server"]').fill('http://127.0.0.1:9');
        await open.click();
        await page.locator('#seat-links .error[data-problem="NETWORK"]').waitFor();
        await page.getByRole('button', { name: 'Back to the game' }).click();
        await expect(page.locator('#controls').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
        await page.locator('.hand button[data-card]').first().waitFor();

        // A seat link that names no server: one sentence, and the way back to solo play.
        const bad = await context.newPage();
        await bad.goto(`${served.web.url}?${new URLSearchParams({ server: 'not a server', table: 't1', token: 'x' })}`);
        await expect(bad.locator('#table [role="alert"]').textContent()).resolves.toBe(
          'This seat link does not name a whist server: it may have been cut short when it was copied. Ask for your link again.',
        );
        await expect(bad.getByRole('link', { name: 'Play against the computer instead' }).count()).resolves.toBe(1);
      } finally {
        await context.close();
        await new Promise((resolve) => fake.close(resolve));
      }
    },
    TEST_LIMIT_MS,
  );
});
