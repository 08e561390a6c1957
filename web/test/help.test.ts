/**
 * The Rules dialog and the sound setting, in headless Chromium.
 *
 * - Rules: for every preset, the dialog shows the settings docs/rules.md shows for it (the same rows, from
 *   the rules object), what each means, and what each line of the score table means; it opens over the
 *   table without moving the person's cards, the table's keys do not reach the table through it, Esc
 *   closes it and gives the focus back, and axe-core finds nothing serious in it.
 * - Sound: off at first (no audio context is made); turned on, a tone for each card and two notes for a
 *   trick won, made with Web Audio; the setting stays through a reload, and turned off it is forgotten.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_NAMES, PRESETS } from 'whist';
import { rulesTitle, ruleRows as wordsRows } from 'whist/words';
import { ruleRows } from '../src/render/rules.js';
import { axeFindings, missingForBrowser, newContext, ROOT, type ServedPage, screenshotPath, servePage, TEST_LIMIT_MS, watch } from './support.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const missing = missingForBrowser();
if (missing !== null) console.log(`web/test/help.test.ts is skipped: ${missing}`);

/** docs/rules.md's table of presets: the cell of each row, by preset. */
function docsTable(): Record<string, Record<string, string>> {
  const text = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
  const table = text.slice(text.indexOf('<!-- presets:start -->'), text.indexOf('<!-- presets:end -->'));
  const rows = table
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  const names = (rows[0] as string[]).slice(1);
  const out: Record<string, Record<string, string>> = {};
  for (const [i, name] of names.entries()) out[name] = Object.fromEntries(rows.slice(2).map((r) => [r[0] as string, r[i + 1] as string]));
  return out;
}

describe('the rules as the dialog reads them', () => {
  it('has a meaning for every row of the rules table, and the values docs/rules.md shows for every preset', () => {
    const docs = docsTable();
    for (const name of PRESET_NAMES) {
      const rows = ruleRows(PRESETS[name]);
      expect(rows.map((r) => r.label)).toEqual(wordsRows(PRESETS[name]).map((r) => r.label));
      for (const row of rows) {
        expect(row.meaning, row.label).not.toBe('');
        expect([name, row.label, row.value]).toEqual([name, row.label, docs[name]?.[row.label]]);
      }
    }
  });
});

/** Tones started by the page's Web Audio oscillators, and audio contexts made: counted from inside the page. */
async function listenForTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard = { contexts: 0, tones: [] as number[] };
    (window as unknown as { heard: typeof heard }).heard = heard;
    const Base = window.AudioContext;
    if (Base === undefined) return;
    window.AudioContext = class extends Base {
      constructor(options?: AudioContextOptions) {
        super(options);
        heard.contexts++;
      }
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      heard.tones.push(Math.round(this.frequency.value));
      return start.call(this, when);
    };
  });
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: { contexts: number; tones: number[] } }).heard);

describe.skipIf(missing !== null)('the Rules dialog and the sound setting in the page', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/help.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(() => served?.close());

  it(
    "shows the rules of the game being played, over the table, closed with Esc, and each score line's meaning",
    async () => {
      const docs = docsTable();
      for (const viewport of [DESKTOP, PHONE]) {
        const context = await newContext(served.browser, { viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
        try {
          const page = await context.newPage();
          const { problems } = watch(page);
          for (const name of viewport === DESKTOP ? PRESET_NAMES : (['short'] as const)) {
            await page.goto(`${served.web.url}?rules=${name}&seed=7&bots=heuristic&speed=instant`);
            await page.locator('.hand[data-turn="yes"]').waitFor();
            const hand = await page.locator('.hand').boundingBox();
            const dialog = page.getByRole('dialog', { name: `The rules: ${rulesTitle(PRESETS[name])}` });
            await page.getByRole('button', { name: 'Rules' }).click();
            await dialog.waitFor();
            // The settings, as docs/rules.md shows this preset.
            const shown = await dialog
              .locator('[data-rule]')
              .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-rule'), r.querySelector('.rule-value')?.textContent]));
            expect(Object.fromEntries(shown)).toEqual(docs[name]);
            await expect(dialog.textContent()).resolves.toContain('Follow suit if you can.');
            // Each line of the score table is explained, with this game's target.
            const lines = await page.locator('.scores tbody th[scope="row"]').allTextContents();
            const explained = await dialog.locator('[data-score-line] dt').allTextContents();
            for (const line of lines) expect(explained, line).toContain(line);
            await expect(dialog.locator('[data-score-line="Game score"] dd').textContent()).resolves.toContain(
              `The first side to ${PRESETS[name].target} wins the game`,
            );
            expect(await dialog.locator('[data-score-line="Rubber points"]').count()).toBe(PRESETS[name].rubber.points === null ? 0 : 1);
            if (name === 'short') {
              // Nothing under the dialog moved, and the table's keys stay out of it.
              expect(await page.locator('.hand').boundingBox()).toEqual(hand);
              await page.keyboard.press('l');
              expect(await page.locator('.last-trick').count()).toBe(0);
              expect(await axeFindings(page)).toEqual([]);
              await page.screenshot({ path: screenshotPath(`${viewport === DESKTOP ? 'desktop' : 'phone'}-rules.png`) });
            }
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'hidden' });
            await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('rules-open');
          }
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'plays no sound until it is turned on; then a tone for a card and two notes for a trick, kept through a reload',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const { problems } = watch(page);
        await listenForTones(page);
        await page.goto(`${served.web.url}?rules=short&seed=7&bots=heuristic&speed=instant`);
        const play = async () => {
          await page.locator('.hand[data-turn="yes"]').waitFor();
          const card = page.locator('.hand button[data-card]:not([disabled])').first();
          const name = await card.getAttribute('data-card');
          await card.click();
          await page.locator(`.hand button[data-card="${name}"]`).waitFor({ state: 'detached' });
          await page.locator('.hand[data-turn="yes"]').waitFor();
        };
        // Off: a card played, a trick won, and not a sound, nor an audio context.
        await play();
        expect(await heard(page)).toEqual({ contexts: 0, tones: [] });
        await expect(page.locator('#sound-toggle').isChecked()).resolves.toBe(false);

        // On: the card's tone at once, then with each card a tone, and the trick's two notes.
        await page.locator('#controls > summary').click();
        await page.locator('#sound-toggle').check();
        await expect(page.evaluate(() => localStorage.getItem('whist.sound'))).resolves.toBe('1');
        expect(await heard(page)).toEqual({ contexts: 1, tones: [660] });
        await page.locator('#controls > summary').click();
        await play();
        const tones = (await heard(page)).tones;
        expect(tones.slice(0, 2)).toEqual([660, 660]);
        expect(tones.slice(-2)).toEqual([523, 784]);

        // Kept through a reload; off again, forgotten.
        await page.reload();
        await page.locator('.hand[data-turn="yes"]').waitFor();
        await expect(page.locator('#sound-toggle').isChecked()).resolves.toBe(true);
        await page.locator('#controls > summary').click();
        await page.locator('#sound-toggle').uncheck();
        await expect(page.evaluate(() => localStorage.getItem('whist.sound'))).resolves.toBe(null);
        await page.locator('#controls > summary').click();
        const before = (await heard(page)).tones.length;
        await play();
        expect((await heard(page)).tones.length).toBe(before);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_LIMIT_MS,
  );
});
