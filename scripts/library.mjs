// Builds the library into dist/ only when it is missing or older than its sources, quietly (tsup's log is
// shown only when the build fails). One build at a time: a second process waits for the first (a lock
// folder), then finds dist/ fresh. `node scripts/library.mjs`, or `ensureLibrary()` from another script.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the library's users import: each must be there and newer than every source. */
const OUTPUTS = [
  'index.js',
  'index.cjs',
  'index.d.ts',
  'index.d.cts',
  'records.js',
  'records.cjs',
  'records.d.ts',
  'solver.js',
  'solver.cjs',
  'solver.d.ts',
  'cli.js',
];
const SOURCES = ['src', 'tsup.config.ts', 'tsconfig.json', 'tsconfig.lib.json', 'package.json'];
const LOCK = join(ROOT, 'node_modules', '.whist-build-lock');
/** A lock older than this was left by a build that died. */
const LOCK_STALE_MS = 10 * 60_000;

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

/** dist/ is missing an output, or one is older than a source. */
export function libraryIsStale() {
  let built = Number.POSITIVE_INFINITY;
  for (const f of OUTPUTS) {
    const p = join(ROOT, 'dist', f);
    if (!existsSync(p)) return true;
    built = Math.min(built, statSync(p).mtimeMs);
  }
  return Math.max(...SOURCES.map((s) => newest(join(ROOT, s)))) > built;
}

function takeLock() {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) {
      rmdirSync(LOCK);
      return takeLock();
    }
    return false;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Builds the library if it is stale; returns whether it built. Exits the process with tsup's log when the build fails. */
export function ensureLibrary() {
  while (libraryIsStale()) {
    if (!takeLock()) {
      // Another process builds: wait for it, then look again.
      Atomics.wait(pause, 0, 0, 200);
      continue;
    }
    try {
      if (!libraryIsStale()) return false;
      const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js')], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) {
        process.stderr.write(build.stdout + build.stderr);
        process.stderr.write('The library did not build: see above.\n');
        process.exit(build.status ?? 1);
      }
      return true;
    } finally {
      rmdirSync(LOCK);
    }
  }
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (ensureLibrary()) console.log('Built the library.');
}
