/**
 * Takes the pictures of docs/images again: runs the browser tests that take them (`web/test/layout.test.ts`,
 * the solo table, and `web/test/online.test.ts`, the server tables) with `WHIST_DOC_IMAGES=1`, which writes
 * them to docs/images instead of the ignored `web/screenshots/docs/` the tests use otherwise. A test run
 * never changes docs/images; this script is the one way to, and its changes are then committed by hand.
 * `node --import tsx web/scripts/doc-images.ts` (after `npm run build`).
 *
 * @module
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'web/test/layout.test.ts', 'web/test/online.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WHIST_DOC_IMAGES: '1' },
});
if (run.status === 0) console.log('docs/images: taken again; `git status docs/images` lists the pictures that changed.');
process.exit(run.status ?? 1);
