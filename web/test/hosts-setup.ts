/**
 * Global setup of the server's and the page's tests (the `hosts` project), made once for the run and
 * passed to the test files (and the processes they spawn) through environment variables:
 * - the image of an empty PGlite database (`WHIST_PGLITE_IMAGE`): every server these tests start with
 *   PGlite in memory, in their own process (`memoryDriver`, `pgliteImage`) or spawned, starts from it
 *   instead of running PostgreSQL's `initdb` again (about 3 s of CPU each instead of 8);
 * - the page, built (`servePage` serves it), as it is and counting its table views;
 * - one Chromium, which every browser test connects to with contexts of its own, instead of each file
 *   starting one (about 4 s of CPU each);
 * - the server, bundled by esbuild from `server/src/main.ts` and its solver worker, its WebAssembly compiled by V8's baseline compiler only
 *   (`WHIST_SERVER_BUNDLE`): the processes the tests spawn start from it instead of compiling the server
 *   through tsx each time (about a second of CPU less each, over some 35 processes). It lies under
 *   `node_modules/.cache/`, where its packages resolve as from the source; one test still starts
 *   `src/main.ts` through tsx, as `npm start` does (server/test/docs.test.ts).
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

/** The variable that names the bundled server's `main.js` (server/test/support/processes.ts). */
export const SERVER_BUNDLE_VARIABLE = 'WHIST_SERVER_BUNDLE';

/** Bundles the server and its solver worker into `dir` (`main.js`, `worker.js`), its packages left to resolve from the repository's node_modules. */
async function bundleServer(dir: string): Promise<string> {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(ROOT, 'server', 'src', 'main.ts'), join(ROOT, 'server', 'src', 'solver', 'worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: dir,
    entryNames: '[name]',
    packages: 'external',
    logLevel: 'warning',
    // PGlite's WebAssembly (9 MB) compiled by V8's baseline compiler only: a spawned server starts with
    // about 1.2 s of CPU less (2.9 s against 4.1 from the image, measured), and a test's server never runs
    // long enough for the optimised code to pay for its compilation. Nothing else in the server is
    // WebAssembly; the flag changes no behaviour. The documented start (server/test/docs.test.ts) runs
    // without it.
    banner: { js: "import { setFlagsFromString as setV8Flags } from 'node:v8'; setV8Flags('--liftoff-only');" },
  });
  return join(dir, 'main.js');
}

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
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const serverBundle = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'whist-server-'));
  process.env[SERVER_BUNDLE_VARIABLE] = await bundleServer(serverBundle);
  if (existsSync(CHROMIUM)) {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launchServer({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    process.env[BROWSER_ENDPOINT_VARIABLE] = browser.wsEndpoint();
  }
  return async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(serverBundle, { recursive: true, force: true });
  };
}
