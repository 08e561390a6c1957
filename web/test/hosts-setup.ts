/**
 * Global setup of the server's and the page's tests (the `hosts` project), made once for the run and
 * passed to the test files (and the processes they spawn) through environment variables:
 * - the image of an empty PGlite database (`WHIST_PGLITE_IMAGE`): every server these tests start with
 *   PGlite in memory, in their own process (`memoryDriver`, `pgliteImage`) or spawned, starts from it
 *   instead of running PostgreSQL's `initdb` again (about 3 s of CPU each instead of 8);
 * - the page, built (`servePage` serves it), as it is and counting its table views;
 * - one Chromium, which every browser test connects to with contexts of its own, instead of each file
 *   starting one (about 4 s of CPU each).
 * What cannot be made here (no Chromium installed, the library not built) is left out, and the tests that
 * need it build or start their own, or skip saying why.
 */

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { writePgliteImage } from '../../server/src/db/pglite.js';
import { build, describeSizes } from '../scripts/build.js';
import { BROWSER_ENDPOINT_VARIABLE, CHROMIUM, CHROMIUM_ARGS, PAGE_VARIABLES, ROOT } from './support.js';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'whist-hosts-'));
  const image = join(dir, 'empty.tar');
  await writePgliteImage(image);
  process.env.WHIST_PGLITE_IMAGE = image;
  let browser: BrowserServer | undefined;
  if (existsSync(join(ROOT, 'dist', 'index.js'))) {
    for (const [key, countViews] of [
      ['plain', false],
      ['counted', true],
    ] as const) {
      const out = join(dir, `page-${key}`);
      mkdirSync(out);
      const files = await build(out, { countViews });
      if (!countViews) console.log(`the page, built once for the browser tests\n${describeSizes(files)}`);
      process.env[PAGE_VARIABLES[key]] = out;
    }
  }
  if (existsSync(CHROMIUM)) {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launchServer({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    process.env[BROWSER_ENDPOINT_VARIABLE] = browser.wsEndpoint();
  }
  return async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
