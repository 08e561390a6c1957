import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, heuristicPlayer, type TableState, tableViewOrThrow } from 'whist';
import { PAGE_WORDS } from '../src/i18n/index.js';
import {
  axeFindings,
  computersPlay,
  docImagePath,
  missingForBrowser,
  newContext,
  ROOT,
  type ServedPage,
  screenshotPath,
  servePage,
  soloMirror,
  TEST_LIMIT_MS,
  watch,
} from './support.js';

// The page in English, German and French: the page's catalogues have the same keys, none left empty or in
// English; no English sentence is written in the renderers but through a catalogue; and a whole hand is
// played in German and in French in Chromium (the language taken from the browser, and switched on the
// page), with axe-core and screenshots at 1280x800 and 375x740.

const SEED = 7;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** Every string of a catalogue by its path, functions called with sample arguments. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, () => '3');
    const said = (value as (...a: unknown[]) => unknown)(...args);
    return typeof said === 'string' ? [[`${path}()`, said]] : [];
  }
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => strings(v, path === '' ? k : `${path}.${k}`));
  return [];
}

function shape(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
    );
  return typeof value;
}

/** Words that may read the same in English: names, the game's borrowed words, numbers. */
const SAME = new Set([
  'title.plain',
  'html.server',
  'html.speedNormal',
  'solo.bots.standard',
  'rules.close',
  'status.deals()',
  'solo.rulesOption()',
  'score.oddPoints()',
]);

describe('the page catalogues', () => {
  it('German and French have every key English has, each a string or a function where English has one', () => {
    expect(shape(PAGE_WORDS.de)).toEqual(shape(PAGE_WORDS.en));
    expect(shape(PAGE_WORDS.fr)).toEqual(shape(PAGE_WORDS.en));
  });

  it('no sentence is empty, and none is left in English', () => {
    const english = new Map(strings(PAGE_WORDS.en));
    for (const language of ['de', 'fr'] as const)
      for (const [path, text] of strings(PAGE_WORDS[language])) {
        expect(text.trim(), `${language} ${path}`).not.toBe('');
        if (!SAME.has(path) && english.get(path) !== undefined && !/^[\d\s·X–:+-]*$/.test(text))
          expect(text, `${language} ${path}`).not.toBe(english.get(path));
      }
  });

  /**
   * Renderers whose sentences are still written in English, to be moved into the catalogues: each file
   * here must still hold one (so the list shrinks as they move), and every other renderer none.
   */
  const NOT_YET = new Set(['dd-panel.ts', 'exposed.ts', 'laws.ts', 'replay.ts', 'review.ts', 'revokes.ts']);
  /** Others' renderers, with their own words. */
  const OTHERS = /^(lobby.*|clock)\.ts$/;

  it('the renderers write no English sentence but through a catalogue', () => {
    const dir = join(ROOT, 'web', 'src', 'render');
    const english: Record<string, string[]> = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !OTHERS.test(f))) {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        // Class names are not words.
        .replace(/class: (`[^`\n]*`|'[^'\n]*')/g, '');
      // A literal of two or more words, or a capitalised word, in quotes or backticks: a sentence or a label.
      const literals = [...code.matchAll(/'([^'\n]*)'|`([^`\n]*)`/g)].map((m) => m[1] ?? m[2] ?? '');
      const sentences = literals.filter(
        (l) => /[A-Za-z]{2,}[ ,:.][a-z]{2,}|^[A-Z][a-z]{2,}$/.test(l.replace(/\$\{[^}]*\}/g, '')) && !/^[\w-]+(:[\w-]+)?$/.test(l),
      );
      const allowed = sentences.filter((s) => !/^(aria-|data-|button:|\.|#|[a-z-]+ [a-z-]+$)/.test(s));
      if (allowed.length > 0) english[file] = allowed;
    }
    expect(new Set(Object.keys(english))).toEqual(NOT_YET);
  });
});

const missing = missingForBrowser();
if (missing) console.log(`web/test/languages.test.ts: skipped, ${missing}`);

/** Plays the person's (South's) cards of one hand by clicking, the computer players' cards as the library plays them; `at` runs before each card. */
async function playHand(page: Page, table: TableState, at: (n: number) => Promise<void>): Promise<TableState> {
  for (let n = 0; ; n++) {
    table = computersPlay(table, 'S');
    const view = tableViewOrThrow(table, 'S');
    if (view.next.action !== 'play') {
      await page.locator('.result').waitFor();
      return table;
    }
    await page.locator('.hand[data-turn="yes"]').waitFor();
    await at(n);
    const card = heuristicPlayer(view.hand!);
    await page.locator(`button[data-card="${card}"]`).click();
    await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
    table = applyOrThrow(table, { type: 'play', seat: 'S', card });
  }
}

/** The page's visible text, and the English words found in it (the sentences of the page and of the library). */
async function englishIn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const words = ['Your turn', 'trick', 'Trick', 'the hand', 'Hand ', 'Score', 'Dealer', 'Claim', 'Concede', 'Last trick', 'honours', 'Rules', 'deals', ' the '];
  return words.filter((w) => text.includes(w));
}

describe.skipIf(missing !== null)('a hand in German and in French (Chromium)', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await servePage('web/test/languages.test.ts');
  }, TEST_LIMIT_MS);
  afterAll(async () => {
    await served?.close();
  });

  for (const [language, locale, words] of [
    ['de', 'de-DE', { hand: 'Spiel 1', over: 'Spiel 1 ist zu Ende', trumps: 'Trumpf', tricks: 'Stiche' }],
    ['fr', 'fr-FR', { hand: 'Donne 1', over: 'La donne 1 est finie', trumps: 'Atout', tricks: 'plis' }],
  ] as const) {
    it(
      `${language}: the browser's language, a whole hand, axe-core, desktop and phone`,
      async () => {
        const found: Record<string, string[]> = {};
        for (const [size, options] of [
          ['desktop', { viewport: DESKTOP, reducedMotion: 'reduce' as const }],
          ['phone', { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const }],
        ] as const) {
          const context = await newContext(served.browser, { ...options, locale });
          const page = await context.newPage();
          const { problems } = watch(page);
          await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          await page.locator('.status .hand-line').getByText(words.hand).waitFor();
          await playHand(page, soloMirror(SEED), async (n) => {
            if (n !== 5) return;
            expect(await page.locator('.status').innerText()).toContain(words.trumps);
            expect(await englishIn(page)).toEqual([]);
            found[`${size}, mid-hand`] = await axeFindings(page);
            await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-mid-hand.png`) });
            await page.screenshot({ path: docImagePath(`lang-${language}-${size}-mid-hand.png`) });
          });
          await page.locator('.result h2').getByText(words.over).waitFor();
          expect(await page.locator('.result .explain').innerText()).toContain(words.tricks);
          expect(await englishIn(page)).toEqual([]);
          found[`${size}, end of hand`] = await axeFindings(page);
          await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-end.png`) });
          await page.screenshot({ path: docImagePath(`lang-${language}-${size}-end.png`) });
          expect(problems).toEqual([]);
          await context.close();
        }
        console.log(`axe-core, ${language}, serious and critical: ${JSON.stringify(found, null, 1)}`);
        for (const list of Object.values(found)) expect(list).toEqual([]);
      },
      TEST_LIMIT_MS,
    );
  }

  it(
    'switched on the page: English to German to French, the game going on, the choice kept',
    async () => {
      const context = await newContext(served.browser, { viewport: DESKTOP, locale: 'en-US', reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { problems } = watch(page);
      await page.goto(`${served.web.url}?rules=short&seed=${SEED}&bots=heuristic&speed=instant`);
      await page.locator('.hand[data-turn="yes"]').waitFor();
      expect(await page.locator('.status').innerText()).toContain('Hand 1');
      const table = computersPlay(soloMirror(SEED), 'S');
      const card = heuristicPlayer(tableViewOrThrow(table, 'S').hand!);
      await page.locator(`button[data-card="${card}"]`).click();
      await page.locator(`button[data-card="${card}"]`).waitFor({ state: 'detached' });
      await Promise.all([page.waitForURL(/lang=de/), page.locator('#language').selectOption('de')]);
      await page.locator('.status .hand-line').getByText('Spiel 1').waitFor();
      expect(await page.locator('#rules-open').innerText()).toBe('Regeln');
      // The card played before the switch is still played: the game went on.
      expect(await page.locator(`button[data-card="${card}"]`).count()).toBe(0);
      await Promise.all([page.waitForURL(/lang=fr/), page.locator('#language').selectOption('fr')]);
      await page.locator('.status .hand-line').getByText('Donne 1').waitFor();
      // Kept in this browser: the bare address opens in French.
      await page.goto(`${served.web.url}`);
      await page.locator('.status .hand-line').getByText('Donne 1').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS,
  );
});
