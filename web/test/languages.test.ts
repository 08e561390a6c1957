import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOrThrow, heuristicPlayer, type TableState, tableViewOrThrow } from 'whist';
import { PAGE_WORDS } from '../src/i18n/all.js';
import { LANGUAGE_NAMES } from '../src/i18n/index.js';
import {
  axeFindings,
  computersPlay,
  docImagePath,
  downloadText,
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
    // Sample arguments: strings, else numbers, else lists, whichever the function takes.
    for (const sample of ['3', 3, ['3']]) {
      try {
        const said = (value as (...a: unknown[]) => unknown)(...Array.from({ length: value.length }, () => sample));
        return typeof said === 'string' ? [[`${path}()`, said]] : [];
      } catch {}
    }
    return [];
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
  'laws.law()',
  'lobby.waitChoice()',
  'lobby.title',
  'server.computer',
  'server.computerName()',
  'review.tricks()',
  'review.against()',
  // German players of duplicate call a board a Board, as bridge players do.
  'daily.board',
  'duplicate.board',
  'ratings.name',
  'ratings.boards',
  'duplicate.boards',
  // The movements keep their inventors' names.
  'duplicate.howellName',
  'duplicate.mitchellName',
]);

describe('the page catalogues', () => {
  it('German and French have every key English has, each a string or a function where English has one', () => {
    expect(shape(PAGE_WORDS.de)).toEqual(shape(PAGE_WORDS.en));
    expect(shape(PAGE_WORDS.fr)).toEqual(shape(PAGE_WORDS.en));
    // The switch names each language as its catalogue does, without loading it.
    for (const language of ['en', 'de', 'fr'] as const) expect(LANGUAGE_NAMES[language]).toBe(PAGE_WORDS[language].languageName);
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

  it('no file of the page writes an English sentence but through a catalogue', () => {
    expect(englishOutsideCatalogues()).toEqual({});
  });

  it('the scan finds an English sentence where one is written', () => {
    const found = literalsIn(
      'x.ts',
      `h('p', { class: 'muted call-card', 'data-action': 'dd-ask' }, 'Show the tricks of each card'); say(\`Hand $\{n} is over.\`); e.key === 'Escape';`,
    );
    expect(found).toEqual(['Show the tricks of each card', 'Hand {} is over.']);
  });
});

/**
 * What the page may write outside the catalogues, by file, each with the reason. Nothing a person reads
 * belongs here.
 */
const KEPT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'names.ts': { You: 'the solo person’s name as saved games and records store it; shown through playerName, in the language' },
  'solo.ts': { Ada: 'a name', Basil: 'a name', Cleo: 'a name' },
};

/** The page's files that write no sentence of their own: the catalogues, and the Workers' and the server client's messages for developers (each shown, if ever, inside a sentence of the catalogue: "The solver failed: …"). */
const NOT_SCANNED = /^(i18n\/|render\/clock\.ts$|dd-worker\.ts$|players-worker\.ts$|remote\.ts$)/;

/** Attributes and calls whose strings are names, not words. */
const NAME_KEYS =
  /^(class|type|role|id|name|for|href|rel|target|autocomplete|inputmode|pattern|lang|download|accept|method|key|value|kind|mode|status|code|action|reason|aria-(labelledby|describedby|keyshortcuts|hidden|current|pressed|live|controls|haspopup|modal|expanded)|data-.*)$/;
const NAME_CALLS =
  /^(h|querySelector|querySelectorAll|closest|getElementById|getItem|setItem|removeItem|addEventListener|removeEventListener|createElement|getAttribute|setAttribute|hasAttribute|removeAttribute|toggleAttribute|add|remove|toggle|contains|matchMedia|get|has|set|delete|startsWith|endsWith|includes|split|join|replace|keep|kept|stored|store|call|play|Worker|URL|fetch|waitFor|postMessage|keyButton|button|footPanel|history|importScripts|ServerError|replaceState|pushState|cardList)$/;

/** Key names and the like: one capitalised word that is not a word of the page. */
const NOT_WORDS = /^(Escape|Enter|Home|End|Tab|Space|Whist|Worker|Bearer|Arrow\w+|Page\w+)$/;
/** The little words of English: lower-case words joined by spaces are a class list unless one of these is among them. */
const LITTLE = /\b(the|a|an|is|are|of|to|no|not|your|you|and|or|for|in|from|with|at|by|this|that|its|yet|one|has|be)\b/;

/** A string's text (its expressions as `{}`) reads as English: two words or more, or one capitalised word. */
function english(text: string): boolean {
  const plain = text.replace(/\{\}/g, ' ').trim();
  const words = plain.match(/[A-Za-z]+/g) ?? [];
  if (words.length === 1) return /^[A-Z][a-z]{2,}$/.test(words[0] ?? '') && !NOT_WORDS.test(words[0] ?? '');
  if (!/[A-Za-z]{2,}[,:;.?!…]*\s+[a-z]{2,}/.test(plain)) return false;
  if (/^[a-z0-9-]+( [a-z0-9-]+)*$/.test(plain)) return LITTLE.test(plain);
  return true;
}

/** The English strings written in a file: literals and templates (expressions as `{}`), those that are names left out. */
export function literalsIn(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const nameOf = (node: ts.Node): string | null => {
    const parent = node.parent;
    if (parent === undefined) return null;
    if (ts.isPropertyAssignment(parent) && parent.initializer === node) return parent.name.getText(source).replace(/^['"]|['"]$/g, '');
    if (
      ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)
    )
      return 'key';
    if (
      ts.isCaseClause(parent) ||
      ts.isLiteralTypeNode(parent) ||
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isElementAccessExpression(parent)
    )
      return 'key';
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isEnumMember(parent)) return 'key';
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const callee = parent.expression;
      const called = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText(source);
      const first = parent.arguments?.[0] === node;
      if (called === 'h' && !first) return null;
      if (called === 'keyButton' || called === 'button' || called === 'footPanel' || called === 'cardList')
        return first || parent.arguments?.[1] !== node ? 'key' : null;
      return NAME_CALLS.test(called) ? 'key' : null;
    }
    if (ts.isTemplateSpan(parent) || ts.isParenthesizedExpression(parent) || ts.isConditionalExpression(parent) || ts.isBinaryExpression(parent))
      return nameOf(parent);
    return null;
  };
  const visit = (node: ts.Node): void => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{}');
    if (text !== null) {
      const name = nameOf(node);
      if ((name === null || !NAME_KEYS.test(name)) && english(text)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file of the page (web/src) and the English strings written in it outside the catalogues and `KEPT`. */
function englishOutsideCatalogues(): Record<string, string[]> {
  const dir = join(ROOT, 'web', 'src');
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.ts') && !NOT_SCANNED.test(f));
  expect(files).toEqual(
    expect.arrayContaining(['solo.ts', 'laws.ts', 'page/tables.ts', 'page/show.ts', 'page/records.ts', 'render/lobby.ts', 'render/replay.ts']),
  );
  const english: Record<string, string[]> = {};
  for (const file of files) {
    const kept = KEPT[file] ?? {};
    const found = literalsIn(file, readFileSync(join(dir, file), 'utf8')).filter((s) => kept[s] === undefined);
    if (found.length > 0) english[file] = found;
  }
  return english;
}

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

/** The page's visible text (or an element's), and the English words found in it (the sentences of the page and of the library). */
async function englishIn(page: Page, selector = 'body'): Promise<string[]> {
  const text = await page.locator(selector).innerText();
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
    [
      'de',
      'de-DE',
      {
        hand: 'Spiel 1',
        over: 'Spiel 1 ist zu Ende',
        trumps: 'Trumpf',
        tricks: 'Stiche',
        reviewed: 'durchgesehen',
        replayCard: 'Karte 1 von 52',
        led: '(ausgespielt)',
        won: 'den Stich.',
      },
    ],
    [
      'fr',
      'fr-FR',
      {
        hand: 'Donne 1',
        over: 'La donne 1 est finie',
        trumps: 'Atout',
        tricks: 'plis',
        reviewed: 'revu',
        replayCard: 'Carte 1 sur 52',
        led: '(entame)',
        won: 'le pli.',
      },
    ],
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
          // The page loads its language's words, then says itself in it.
          await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
          await page.locator('.status .hand-line').getByText(words.hand).waitFor();
          await playHand(page, soloMirror(SEED), async (n) => {
            if (n !== 5) return;
            expect(await page.locator('.status').innerText()).toContain(words.trumps);
            expect(await englishIn(page)).toEqual([]);
            found[`${size}, mid-hand`] = await axeFindings(page);
            await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-mid-hand.png`) });
            await page.screenshot({ path: docImagePath(`lang-${language}-${size}-mid-hand.png`) });
            // The last trick (the L key): who led it and who won it, in the page's language.
            if (size !== 'desktop') return;
            await page.keyboard.press('l');
            const last = page.locator('#last-trick');
            await last.locator('[data-card]').first().waitFor();
            const text = await last.innerText();
            expect(text).toContain(words.led);
            expect(text).toContain(words.won);
            expect(await englishIn(page, '#last-trick')).toEqual([]);
            await page.keyboard.press('Escape');
            await last.waitFor({ state: 'detached' });
          });
          await page.locator('.result h2').getByText(words.over).waitFor();
          expect(await page.locator('.result .explain').innerText()).toContain(words.tricks);
          expect(await englishIn(page)).toEqual([]);
          found[`${size}, end of hand`] = await axeFindings(page);
          await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-end.png`) });
          await page.screenshot({ path: docImagePath(`lang-${language}-${size}-end.png`) });
          // The panels: the rules dialog, and on the desktop the review of the hand and its record replayed.
          await page.locator('#rules-open').click();
          await page.locator('#rules[open]').waitFor();
          expect(await englishIn(page, '#rules')).toEqual([]);
          found[`${size}, rules`] = await axeFindings(page);
          await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-rules.png`) });
          await page.keyboard.press('Escape');
          await page.locator('#rules[open]').waitFor({ state: 'detached' });
          if (size === 'desktop') {
            await page.locator('[data-action="review"]').click();
            await page.locator('.review-panel .review-cards').waitFor({ timeout: TEST_LIMIT_MS / 2 });
            expect(await page.locator('.review-panel h2').innerText()).toContain(words.reviewed);
            expect(await englishIn(page)).toEqual([]);
            found[`${size}, review`] = await axeFindings(page);
            await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-review.png`), fullPage: true });
            const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="download-record"]').click()]);
            const text = await downloadText(download);
            await page.locator('#controls > summary').click();
            await page.setInputFiles('#open-record', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(text) });
            await page.locator('.replay[data-hand="1"][data-step="0"]').waitFor();
            await page.locator('[data-action="replay-next-card"]').click();
            await page.locator('.replay[data-hand="1"][data-step="1"]').waitFor();
            expect(await page.locator('.replay .status').innerText()).toContain(words.replayCard);
            expect(await englishIn(page)).toEqual([]);
            found[`${size}, replay`] = await axeFindings(page);
            await page.screenshot({ path: screenshotPath(`lang-${language}-${size}-replay.png`) });
            if (language === 'de') await page.screenshot({ path: docImagePath('lang-de-desktop-replay.png') });
          }
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
