/**
 * Checks that the library bundle stays a library: `node --import tsx scripts/check-bundle.ts` after `npx tsup`.
 *
 * - dist/index.js, and every file it imports, imports nothing but its own relative chunks: no `node:`
 *   module, no Node built-in, no package (the library has no runtime dependencies);
 * - none of them uses Node globals (`process`, `Buffer`, `require`, `__dirname`) or contains code of the
 *   CLI (tsup inlines what a module imports, so an import of src/cli would not show as an import);
 * - the CLI is its own file, dist/cli.js, which the library never imports.
 *
 * size-limit (.size-limit.json) checks the same bundle from the other side: it bundles dist/index.js for
 * the browser, and a `node:` import there fails the build. Exit code 1 when a check fails.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Text only the CLI contains: its Node imports, its usage text, its shebang. */
const CLI_MARKERS = ['parseArgs', 'whist play-rubber', '#!/usr/bin/env node', 'process.argv', 'process.stdout'];
const NODE_GLOBALS = /\b(?:process\.|Buffer\.|require\(|__dirname|__filename)/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

let failures = 0;
function fail(message: string): void {
  console.error(`FAIL ${message}`);
  failures++;
}

function checkGraph(entry: string): void {
  if (!existsSync(entry)) {
    fail(`${entry} does not exist: build first (npx tsup)`);
    return;
  }
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] as string;
      if (spec.startsWith('./') || spec.startsWith('../')) {
        if (/cli/i.test(spec)) fail(`${file} imports ${spec}: the CLI must stay out of the library`);
        queue.push(join(dirname(file), spec));
      } else fail(`${file} imports ${spec}: the library may import only its own chunks (no node: modules, no packages)`);
    }
    const global = text.match(NODE_GLOBALS);
    if (global) fail(`${file} uses the Node global ${global[0]}`);
    for (const marker of CLI_MARKERS) if (text.includes(marker)) fail(`${file} contains ${JSON.stringify(marker)}: CLI code in the library`);
  }
  console.log(`${entry}: ${seen.size} file(s) checked`);
}

checkGraph('dist/index.js');
if (existsSync('dist/index.cjs')) checkGraph('dist/index.cjs');
if (!existsSync('dist/cli.js')) fail('dist/cli.js is missing: the CLI must be built as its own file');
else if (!readFileSync('dist/cli.js', 'utf8').startsWith('#!/usr/bin/env node')) fail('dist/cli.js does not start with its shebang');
if (failures > 0) process.exit(1);
console.log('library bundle: no Node modules, no Node globals, no CLI code; dist/cli.js separate');
