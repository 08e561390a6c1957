/**
 * How long the sampling player takes over a card in Chromium, at each level: whole hands of Short Whist
 * played by four sampling players, each card asked of the page's own Worker (`players-worker.js`) with
 * the seat's view, timed inside the Worker. Prints the median, 95th percentile and slowest card per level.
 * `node --import tsx web/scripts/think-times.ts [hands per level]` (after `npm run build`); docs/ui.md
 * gives its numbers.
 *
 * @module
 */

import { applyOrThrow, newTableOrThrow, PRESETS, tableViewOrThrow } from 'whist';
import type { SamplingLevel } from 'whist/solver';
import type { PlayersReply } from '../src/players.js';
import { newContext, servePage } from '../test/support.js';

const hands = Number(process.argv[2] ?? 4);
const served = await servePage('think-times');
try {
  const context = await newContext(served.browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${served.web.url}?rules=short&seed=1&bots=heuristic&speed=instant`);
  // As a string: the script runner's helpers are not in the page.
  await page.evaluate(`
    const w = new Worker('./players-worker.js', { type: 'module' });
    window.ask = (r) => new Promise((resolve) => {
      w.onmessage = (e) => resolve(e.data);
      w.postMessage(r);
    });`);
  for (const level of ['fast', 'standard', 'strong'] as SamplingLevel[]) {
    const times: number[] = [];
    for (let seed = 1; seed <= hands; seed++) {
      let table = applyOrThrow(newTableOrThrow(PRESETS.short, { seed, players: { N: 'n', E: 'e', S: 's', W: 'w' } }), { type: 'deal' });
      for (let i = 0; i < 52; i++) {
        const next = tableViewOrThrow(table, null).next;
        if (next.action !== 'play') break;
        const view = tableViewOrThrow(table, next.seat).hand;
        const r = (await page.evaluate((req) => (window as unknown as { ask: (r: unknown) => Promise<unknown> }).ask(req), {
          id: i,
          kind: 'play',
          view,
          level,
          seed,
        })) as PlayersReply;
        if (r.kind !== 'card') throw new Error(JSON.stringify(r));
        times.push(r.ms);
        table = applyOrThrow(table, { type: 'play', seat: next.seat, card: r.card });
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] as number);
    const mean = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
    console.log(`${level}: ${times.length} cards, median ${at(0.5)} ms, mean ${mean} ms, 95th percentile ${at(0.95)} ms, slowest ${at(1)} ms`);
  }
  await context.close();
} finally {
  await served.close();
}
