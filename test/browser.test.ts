import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../web/test/chromium.js';

// The built library runs in a browser (headless Chromium) and plays the same seeded rubber there as in
// Node: the same seed gives the same deals everywhere.
const dist = new URL('../dist/', import.meta.url).pathname;
const missing = !existsSync(CHROMIUM) ? `no browser at ${CHROMIUM}` : !existsSync(join(dist, 'index.js')) ? 'dist/index.js is not built' : null;
if (missing) console.log(`browser.test.ts: skipped, ${missing}`);

/** The limit of each wait for the browser: generous, for a busy machine. */
const WAIT_LIMIT_MS = 120_000;

// Runs in the page and in Node alike: a seeded rubber played by heuristic players, as JSON.
const RUBBER = `
export async function rubber(w) {
  let table = w.newTableOrThrow(w.SHORT_WHIST, { dealer: 'N', seed: 2024 });
  while (!w.isRubberComplete(w.currentRubber(table))) {
    table = w.applyOrThrow(table, { type: 'deal' });
    for (let seat = w.currentSeat(w.currentHand(table)); seat !== null; seat = w.currentSeat(w.currentHand(table)))
      table = w.applyOrThrow(table, { type: 'play', seat, card: w.heuristicPlayer(w.playerViewOrThrow(w.currentHand(table), seat)) });
  }
  const bad = w.play(w.currentHand(table), 'N', 'as');
  return JSON.stringify({ table, games: w.games(w.currentRubber(table)), points: w.rubberPoints(w.currentRubber(table)), error: bad.ok ? null : bad.error.code, crypto: w.cryptoRandom().s.length, parsed: w.parseTable(JSON.stringify(table)).ok });
}`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>whist</title>
<script type="module">
import * as w from './index.js';
import { rubber } from './rubber.js';
rubber(w).then((r) => { window.__result = r; }, (e) => { window.__result = 'error: ' + e; });
</script>`;

describe.skipIf(missing !== null)('the library in a browser (headless Chromium)', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = (req.url ?? '/').split('?')[0];
      if (name === '/' || name === '/index.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (name === '/rubber.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(RUBBER);
      const file = join(dist, (name ?? '').replace(/^\/+/, ''));
      if (!file.startsWith(dist) || !/\.js$/.test(file) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it(
    'plays the same seeded rubber as Node, refuses "as" with INVALID_CARD, and draws seeds from Web Crypto',
    async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ], // playwright gives the browser a fresh, empty profile of its own
      });
      try {
        const page = await browser.newPage();
        // Waits for the page's result, however long a busy machine takes, up to a limit against a hang.
        page.setDefaultTimeout(WAIT_LIMIT_MS);
        await page.goto(`${base}/`);
        await page.waitForFunction(() => (globalThis as unknown as { __result?: string }).__result !== undefined);
        const inBrowser = await page.evaluate(() => (globalThis as unknown as { __result: string }).__result);
        const node = await import(`data:text/javascript,${encodeURIComponent(RUBBER)}`);
        const inNode = await node.rubber(await import(join(dist, 'index.js')));
        expect(inBrowser).toBe(inNode);
        const parsed = JSON.parse(inBrowser);
        expect(parsed.error).toBe('INVALID_CARD');
        expect(parsed.crypto).toBe(4);
        expect(parsed.games.length).toBeGreaterThanOrEqual(2);
        expect(parsed.parsed).toBe(true);
      } finally {
        await browser.close();
      }
    },
    3 * WAIT_LIMIT_MS,
  );
});
