/**
 * Checks that the library bundle stays a library: `node --import tsx scripts/check-bundle.ts` after `npm run build`.
 *
 * - every library entry (dist/index, records, solver and words, as .js and .cjs), and every file it imports,
 *   imports nothing but its own relative chunks: no `node:` module, no Node built-in, no package (the
 *   library has no runtime dependencies);
 * - none of them uses Node globals (`process`, `Buffer`, `require` of anything but a chunk, `__dirname`)
 *   or contains code of the CLI, and none imports dist/cli.js;
 * - the CLI is dist/cli.js, executable, starting with its shebang; it imports `node:` modules and the
 *   library's own chunks (the ones dist/index.js imports too), so the engine ships once per format;
 * - no source map is shipped or referenced.
 *
 * size-limit (.size-limit.json) checks the same bundle from the other side: it bundles the entries for
 * the browser, and a `node:` import there fails the build. Exit code 1 when a check fails.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Text only the CLI contains: its Node imports, its usage text, its shebang. */
const CLI_MARKERS = ['parseArgs', 'whist play-rubber', '#!/usr/bin/env node', 'process.argv', 'process.stdout'];
/** Node globals; `require(` of a relative chunk is how the CommonJS entries load their chunks. */
const NODE_GLOBALS = /\b(?:process\.|Buffer\.|require\((?!\s*["']\.\.?\/)|__dirname|__filename)/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
const ENTRIES = ['index', 'records', 'solver', 'words', 'duplicate'];

let failures = 0;
function fail(message: string): void {
  console.error(`FAIL ${message}`);
  failures++;
}

/** The files an entry loads, itself included, following relative imports. */
function graph(entry: string, check: (file: string, text: string, spec: string | null) => void): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      fail(`${file} does not exist: build first (npm run build)`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    check(file, text, null);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] as string;
      if (spec.startsWith('./') || spec.startsWith('../')) queue.push(join(dirname(file), spec));
      check(file, text, spec);
    }
  }
  return seen;
}

function checkLibrary(entry: string): Set<string> {
  const files = graph(entry, (file, text, spec) => {
    if (spec === null) {
      const global = text.match(NODE_GLOBALS);
      if (global) fail(`${file} uses the Node global ${global[0]}`);
      for (const marker of CLI_MARKERS) if (text.includes(marker)) fail(`${file} contains ${JSON.stringify(marker)}: CLI code in the library`);
    } else if (!spec.startsWith('./') && !spec.startsWith('../')) {
      fail(`${file} imports ${spec}: the library may import only its own chunks (no node: modules, no packages)`);
    } else if (/^cli\.[cm]?js$/.test(basename(spec))) fail(`${file} imports ${spec}: the CLI must stay out of the library`);
  });
  console.log(`${entry}: ${files.size} file(s) checked`);
  return files;
}

const libraryFiles = new Set<string>();
for (const entry of ENTRIES) {
  for (const ext of ['js', 'cjs']) for (const file of checkLibrary(`dist/${entry}.${ext}`)) libraryFiles.add(file);
}

const cli = 'dist/cli.js';
if (!existsSync(cli)) fail(`${cli} is missing: the CLI must be built as its own file`);
else {
  if (!readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')) fail(`${cli} does not start with its shebang`);
  if ((statSync(cli).mode & 0o111) === 0) fail(`${cli} is not executable`);
  const cliFiles = graph(cli, (file, _text, spec) => {
    if (spec !== null && !spec.startsWith('node:') && !spec.startsWith('./') && !spec.startsWith('../')) {
      fail(`${file} imports ${spec}: the CLI may import only node: modules and the library's chunks`);
    }
  });
  const shared = [...cliFiles].filter((file) => file !== cli && libraryFiles.has(file));
  if (shared.length === 0) fail(`${cli} imports none of the library's chunks: it carries its own copy of the engine`);
  else console.log(`${cli}: imports ${shared.length} of the library's chunks`);
}

for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' })) {
  const path = join('dist', file);
  if (!statSync(path).isFile()) continue;
  if (path.endsWith('.map')) fail(`${path}: source maps are not shipped (src/ is not published)`);
  else if (readFileSync(path, 'utf8').includes('sourceMappingURL')) fail(`${path} refers to a source map`);
}

if (failures > 0) process.exit(1);
console.log('library bundle: no Node modules, no Node globals, no CLI code, no source maps; dist/cli.js separate and sharing its chunks');
