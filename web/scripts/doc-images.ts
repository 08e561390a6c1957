/**
 * Takes the pictures of docs/images again: runs every browser test that takes one (each file of web/test that
 * calls `docImagePath`: the solo table, the server tables, the lobby, the clocks, the languages) with
 * `WHIST_DOC_IMAGES=1`, which writes them to docs/images instead of the ignored `web/screenshots/docs/` the
 * tests use otherwise. A test run
 * never changes docs/images; this script is the one way to, and its changes are then committed by hand.
 * `node --import tsx web/scripts/doc-images.ts` (after `npm run build`).
 *
 * @module
 */

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tests = readdirSync(join(root, 'web', 'test'))
  .filter((name) => name.endsWith('.test.ts') && readFileSync(join(root, 'web', 'test', name), 'utf8').includes('docImagePath'))
  .map((name) => `web/test/${name}`);
console.log(`docs/images: ${tests.join(', ')}`);
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...tests], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WHIST_DOC_IMAGES: '1' },
});
if (run.status === 0) console.log('docs/images: taken again; `git status docs/images` lists the pictures that changed.');
process.exit(run.status ?? 1);
