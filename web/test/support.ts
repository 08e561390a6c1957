/** Shared by the browser tests: Chromium, the built page on 127.0.0.1, and the checks every page must pass. */

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Download, Page } from 'playwright-core';
import {
  applyOrThrow,
  type Card,
  cardsHeld,
  currentHand,
  heuristicPlayer,
  newTableOrThrow,
  PRESETS,
  type PresetName,
  SEATS,
  type Seat,
  type TableState,
  tableViewOrThrow,
  visibleTrumpCard,
} from 'whist';
import { build, describeSizes, VIEWS_COUNTER } from '../scripts/build.js';
import { serve, type WebServer } from '../serve.js';
import { cardName, cardText } from '../src/names.js';
import { SOLO_PLAYERS, soloRules } from '../src/solo.js';

import { CHROMIUM } from './chromium.js';

export { CHROMIUM };
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOTS = join(ROOT, 'web', 'screenshots');

/** Why the browser tests cannot run here, or `null`. */
export function missingForBrowser(): string | null {
  if (!existsSync(CHROMIUM)) return `no browser at ${CHROMIUM} (apt-get install chromium-headless-shell or chromium, or set WHIST_CHROMIUM)`;
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) return 'dist/index.js is not built (npm run build)';
  return null;
}

/** Chromium's flags that work on these machines (TOOLCHAIN.md, pitfall 10). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The address of the one Chromium the test run shares (web/test/hosts-setup.ts), or `undefined`: each file
 * then starts its own.
 */
export const BROWSER_ENDPOINT_VARIABLE = 'WHIST_TEST_BROWSER';

/**
 * Headless Chromium: the run's shared browser when there is one (closing it then closes only this
 * file's contexts), else one of this file's own.
 */
export async function launch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const shared = process.env[BROWSER_ENDPOINT_VARIABLE];
  if (shared !== undefined && shared !== '') return chromium.connect(shared, { timeout: WAIT_LIMIT_MS });
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
}

/**
 * The limit of one wait for the page (an element to appear, a card to be enabled, a page to load): a
 * limit against a hang, generous for a busy machine. Every wait in the browser tests is for something the
 * page shows, never for a time to pass.
 */
export const WAIT_LIMIT_MS = 120_000;

/** The limit of a browser test that plays hands, and of building the page and starting the browser. */
export const TEST_LIMIT_MS = 600_000;

/** A browser context whose waits (actions, `waitFor`, navigations) have the generous limit `WAIT_LIMIT_MS`. */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(WAIT_LIMIT_MS);
  context.setDefaultNavigationTimeout(WAIT_LIMIT_MS);
  return context;
}

/** The pages a browser test opens: each in a fresh context of the browser, watched (`watch`); closed together. */
export interface OpenedPages {
  /** A page at `url` in a context of its own, its motion reduced; a viewport narrower than 500 px is a phone's, with touch. */
  open(url: string, viewport: { readonly width: number; readonly height: number }): Promise<Page>;
  /** Every problem any of the pages met. */
  problems(): string[];
  /** Closes every page's context. */
  close(): Promise<void>;
}

export function openedPages(browser: Browser): OpenedPages {
  const contexts: BrowserContext[] = [];
  const watched: { problems: string[] }[] = [];
  return {
    async open(url, viewport) {
      const phone = viewport.width < 500;
      const context = await newContext(browser, { viewport, reducedMotion: 'reduce', ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      contexts.push(context);
      const page = await context.newPage();
      watched.push(watch(page));
      await page.goto(url);
      return page;
    },
    problems: () => watched.flatMap((w) => w.problems),
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
    },
  };
}

/** The page, built into a fresh folder and served on 127.0.0.1, and a browser to open it in. */
export interface ServedPage {
  readonly browser: Browser;
  readonly web: WebServer;
  /** Closes the browser and the server, and removes the folder. */
  close(): Promise<void>;
}

/** The page built once for the run (web/test/hosts-setup.ts): its folder, and the folder of the one that counts table views. */
export const PAGE_VARIABLES = { plain: 'WHIST_TEST_PAGE', counted: 'WHIST_TEST_PAGE_COUNTED' } as const;

/**
 * Serves the page and starts Chromium (or connects to the run's): the page built once for the run when
 * the global setup built it, else built here into a fresh folder (its sizes printed under `label`).
 * `countViews`: the page counts the table views it builds (`tableViewsBuilt`).
 */
export async function servePage(label: string, options: { readonly countViews?: boolean } = {}): Promise<ServedPage> {
  const built = process.env[options.countViews === true ? PAGE_VARIABLES.counted : PAGE_VARIABLES.plain];
  const out = built !== undefined && built !== '' ? { dir: built, remove: () => {} } : tempDir();
  if (out.dir !== built) {
    const files = await build(out.dir, options);
    console.log(`${label}: the page, built\n${describeSizes(files)}`);
  }
  const web = await serve({ port: 0, dir: out.dir });
  const browser = await launch();
  return {
    browser,
    web,
    async close() {
      await browser.close();
      await web.close();
      out.remove();
    },
  };
}

/** A download's text (UTF-8), read through the browser's stream: the shared browser keeps no local file. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The table views the page has built so far, in a page served with `countViews`. */
export async function tableViewsBuilt(page: Page): Promise<number> {
  return page.evaluate((name) => (globalThis as unknown as Record<string, number | undefined>)[name] ?? 0, VIEWS_COUNTER);
}

/** The solo table as the page opens it with this seed, rebuilt in Node. */
export function soloMirror(seed: number): TableState {
  return applyOrThrow(newTableOrThrow(PRESETS.short, { seed, players: { ...SOLO_PLAYERS } }), { type: 'deal' });
}

/** The page's address for a solo game played by the laws (`laws=1`) with these rules and seed, the basic players at once. */
export function lawsUrl(served: ServedPage, seed: number, rules: PresetName = 'short'): string {
  return `${served.web.url}?rules=${rules}&seed=${seed}&bots=heuristic&speed=instant&laws=1`;
}

/** The solo table played by the laws as the page opens it with this seed, rebuilt in Node. */
export function lawsMirror(seed: number, rules: PresetName = 'short'): TableState {
  return applyOrThrow(newTableOrThrow(soloRules(rules, true), { seed, players: { ...SOLO_PLAYERS } }), { type: 'deal' });
}

/** The computer players' cards, as the page plays them (each from its own seat's view), up to `person`'s turn. */
export function computersPlay(table: TableState, person: Seat): TableState {
  for (;;) {
    const next = tableViewOrThrow(table, null).next;
    if (next.action !== 'play' || next.seat === person) return table;
    table = applyOrThrow(table, { type: 'play', seat: next.seat, card: heuristicPlayer(tableViewOrThrow(table, next.seat).hand!) });
  }
}

/** What `watchWorkers` keeps in the page. */
export interface WorkerWatch {
  /** Every request sent to a Worker and every answer, in order. */
  readonly workerLog: { readonly ask?: unknown; readonly answer?: unknown }[];
  /** The requests made to fail, in order. */
  readonly failedRequests: unknown[];
  /** The Workers the page started. */
  workersMade: number;
  /** Whether the requests `watchWorkers` was given still fail. */
  failing: boolean;
}

/**
 * An init script (`page.addInitScript(watchWorkers, which)`) that keeps, in the page (`WorkerWatch`), every
 * request to a Worker and every answer, and counts the Workers started: the strong sampling player stops at a
 * time limit, so its cards depend on the machine, and a test follows the cards its Worker answered instead of
 * working them out again. With `which`, the requests of that kind (the players' `play`, `values`, `review`; the
 * double-dummy Worker's `moves`, `hand`) or at that level fail while `failing` is true: such a request is not
 * sent, and the Worker reports an error instead, as a Worker does that runs out of memory. One script, so
 * that no order between init scripts matters.
 */
export function watchWorkers(which: { readonly kind?: string; readonly level?: string } | null): void {
  const watch: WorkerWatch = { workerLog: [], failedRequests: [], workersMade: 0, failing: which !== null };
  Object.assign(window, watch);
  const w = window as unknown as WorkerWatch;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      w.workersMade++;
      this.addEventListener('message', (e: MessageEvent) => w.workerLog.push({ answer: e.data }));
    }
    override postMessage(message: unknown, options?: unknown): void {
      const m = message as { kind?: string; level?: string };
      if (which !== null && w.failing && (which.kind === undefined || m.kind === which.kind) && (which.level === undefined || m.level === which.level)) {
        w.failedRequests.push(message);
        setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'the Worker ran out of memory' })));
        return;
      }
      w.workerLog.push({ ask: message });
      super.postMessage(message, options as StructuredSerializeOptions);
    }
  };
}

/** What `watchWorkers` has kept in the page so far. */
export function workerWatch(page: Page): Promise<WorkerWatch> {
  return page.evaluate(() => {
    const w = window as unknown as WorkerWatch;
    return { workerLog: w.workerLog, failedRequests: w.failedRequests, workersMade: w.workersMade, failing: w.failing };
  });
}

/** Makes the requests `watchWorkers` was given fail again, or no longer. */
export async function setFailing(page: Page, failing: boolean): Promise<void> {
  await page.evaluate((on) => {
    (window as unknown as WorkerWatch).failing = on;
  }, failing);
}

/** A fresh folder for the built page, removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'whist-web-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}

/**
 * Where the tests put the pictures of docs/images: a folder git ignores (`web/screenshots/docs/`), so that
 * a test run changes no file of the repository; only `web/scripts/doc-images.ts`, which runs the tests that
 * take them with `WHIST_DOC_IMAGES=1`, writes them to docs/images itself.
 */
export const DOC_IMAGES = process.env.WHIST_DOC_IMAGES === '1' ? join(ROOT, 'docs', 'images') : join(SCREENSHOTS, 'docs');

/** The file a picture of docs/images is written to by a test: in `DOC_IMAGES`. */
export function docImagePath(name: string): string {
  mkdirSync(DOC_IMAGES, { recursive: true });
  return join(DOC_IMAGES, name);
}

/**
 * Collects every console error, uncaught exception, failed request and HTTP error answer of a page; the
 * test fails if any is there when it asks.
 */
export function watch(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  // A request still in flight when the page navigates (a reload, a new game's address) is aborted by the
  // browser; that is the navigation, not a fault: a request made before a later navigation began, or made by
  // the old document while a navigation was under way (begun, its new document not yet committed). Any other
  // failure, or an abort without a navigation, counts.
  let navigations = 0;
  let committed = 0;
  const startedAt = new WeakMap<object, { navigations: number; pending: boolean }>();
  page.on('request', (r) => {
    if (r.isNavigationRequest()) navigations++;
    startedAt.set(r, { navigations, pending: !r.isNavigationRequest() && navigations > committed });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committed = navigations;
  });
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    const started = startedAt.get(r);
    if (error === 'net::ERR_ABORTED' && started !== undefined && (started.navigations < navigations || started.pending)) return;
    problems.push(`request failed: ${r.method()} ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return { problems };
}

/** Every way the page could show a card: its data attribute, its accessible name, its printed face. */
function traces(card: Card): string[] {
  return [`data-card="${card}"`, cardName(card), cardText(card)];
}

/**
 * The cards held now by the seats other than `viewer`, from the table rebuilt in Node, that the page must
 * not show: all of them, except the trump card while it lies face up (the turn-up, until the dealer plays it).
 */
export function hiddenCards(table: TableState, viewer: Seat): Card[] {
  const hand = currentHand(table);
  if (hand === null) return [];
  const turnUp = visibleTrumpCard(hand);
  // Before the new hand's first trick, the last trick shown is the previous hand's thirteenth: public
  // cards that may be held again in the new deal. Its cards are left out of the search.
  const view = tableViewOrThrow(table, viewer);
  const previous = view.hand?.tricks.length === 0 && view.lastTrick !== null ? view.lastTrick.cards : [];
  return SEATS.filter((s) => s !== viewer)
    .flatMap((s) => cardsHeld(hand, s))
    .filter((c) => c !== turnUp && !previous.includes(c));
}

/** The hidden cards the page's HTML or text shows anywhere (the page's own markup, attributes and text). */
export async function leaks(page: Page, hidden: readonly Card[]): Promise<string[]> {
  const { html, text } = await page.evaluate(() => ({ html: document.documentElement.outerHTML, text: document.body.textContent ?? '' }));
  const found: string[] = [];
  for (const card of hidden) for (const t of traces(card)) if (html.includes(t) || text.includes(t)) found.push(`${card} as ${JSON.stringify(t)}`);
  return found;
}

/** The score cells of the page, as numbers: `{ game: { NS, EW }, games: …, tricks: …, rubber?: … }`. */
export async function pageScores(page: Page): Promise<Record<string, { NS: number; EW: number }>> {
  return page.evaluate(() => {
    const out: Record<string, { NS: number; EW: number }> = {};
    for (const td of document.querySelectorAll<HTMLElement>('[data-score][data-side]')) {
      const kind = td.dataset.score as string;
      out[kind] ??= { NS: Number.NaN, EW: Number.NaN };
      (out[kind] as Record<string, number>)[td.dataset.side as string] = Number(td.textContent);
    }
    return out;
  });
}

/**
 * Text whose colour has too little contrast with what lies behind it (WCAG 2: 4.5:1, or 3:1 for large
 * text). The background is found by compositing the background colours of the text's ancestors.
 */
export async function contrastProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(c);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : [0, 0, 0, 0];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[i] as number) * (top[3] as number) + (bottom[i] as number) * (1 - (top[3] as number)));
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (text === '' || el === null || el.closest('.sr-only, [hidden], noscript, .skip') !== null) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      const layers: number[][] = [];
      for (let a: Element | null = el; a !== null; a = a.parentElement) {
        const bg = parse(getComputedStyle(a).backgroundColor);
        if ((bg[3] as number) > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let bg = [255, 255, 255];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        problems.push(`${JSON.stringify(text.slice(0, 30))}: ${style.color} on rgb(${bg.map(Math.round).join(', ')}), ${ratio.toFixed(2)}:1`);
    }
    return problems;
  });
}

/** axe-core, minified (654 kB against the 1.48 MB of the package's `source`), read once by each test worker. */
let axeSource: string | undefined;

/**
 * axe-core's serious and critical findings on the page as it is now. axe is put into the page's document once:
 * the script took longer to send and compile (0.35 to 0.65 s) than a run of its checks on a table (0.1 to 0.35 s).
 */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(async () => {
    const run = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run;
    return (await run(document, { resultTypes: ['violations'] })).violations;
  });
  return results
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A child process's output so far, the first match of a pattern in it once it comes, and its exit code once it exits. */
export function followChild(child: ChildProcess): { text(): string; waitFor(re: RegExp): Promise<RegExpExecArray>; readonly exit: Promise<number | null> } {
  let out = '';
  const waiters: (() => void)[] = [];
  const onData = (c: Buffer) => {
    out += c.toString('utf8');
    for (const w of waiters.splice(0)) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiters.splice(0)) w();
      resolve(code);
    }),
  );
  return {
    text: () => out,
    exit,
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${re} within ${WAIT_LIMIT_MS / 1000} s:\n${out}`)), WAIT_LIMIT_MS);
        const check = () => {
          const m = re.exec(out);
          if (m !== null) {
            clearTimeout(timer);
            resolve(m);
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            reject(new Error(`exited with ${child.exitCode}:\n${out}`));
          } else waiters.push(check);
        };
        check();
      }),
  };
}
