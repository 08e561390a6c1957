/**
 * The built package as it ships: reads dist/ (built by `npm run build`, which `npm test` runs first) and
 * builds nothing itself.
 *
 * - each format carries the engine once: the CommonJS entries require shared chunks, as the ESM entries
 *   import them, so a state made through `whist` is the library's own state in `whist/solver`;
 * - dist/cli.js imports the library's ESM chunks instead of bundling the engine again;
 * - no source map is shipped or referenced; the tarball holds dist/, the README, the licence and
 *   package.json, and none of the workspaces.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const files = existsSync(dist) ? readdirSync(dist).sort() : [];
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const ENTRIES = ['index', 'records', 'solver', 'duplicate'];

/** The class that holds a hand's progress (the cards held and played): the engine's core, in every entry. */
const PROGRESS_CLASS = /(?:\bclass Progress\d*\b|\bProgress\d* = class\b)/;

/** The relative files a bundle file loads directly (`import … from`, `import '…'`, `require('…')`). */
function localImports(file: string): string[] {
  const specs = [...read(file).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.\/[^"']+)["']/g)].map((m) => (m[1] as string).slice(2));
  return [...new Set(specs)];
}

/** The file itself and every file it loads, transitively. */
function loaded(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...localImports(next));
  }
  return seen;
}

const defining = (ext: string) => files.filter((f) => f.endsWith(ext) && !f.endsWith(`.d${ext}`) && PROGRESS_CLASS.test(read(f)));

describe.skipIf(!existsSync(join(dist, 'index.js')))('the built package (dist/)', () => {
  it('has every entry in both formats, and the CLI in ESM only', () => {
    for (const entry of ENTRIES) for (const ext of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(files).toContain(`${entry}${ext}`);
    expect(files).toContain('cli.js');
    expect(files).not.toContain('cli.cjs');
  });

  it('CommonJS: the entries require shared chunks, and the engine is in exactly one .cjs file', () => {
    const chunks = ENTRIES.map((entry) => localImports(`${entry}.cjs`));
    for (const list of chunks) expect(list.length).toBeGreaterThan(0);
    const [index, records, solver] = chunks as [string[], string[], string[]];
    expect(index.filter((chunk) => solver.includes(chunk) && records.includes(chunk))).not.toEqual([]);
    const engine = defining('.cjs');
    expect(engine).toHaveLength(1);
    for (const entry of ENTRIES) expect(loaded(`${entry}.cjs`)).toContain(engine[0]);
  });

  it('ESM: the engine is in exactly one .js file, which every entry and the CLI load', () => {
    const engine = defining('.js');
    expect(engine).toHaveLength(1);
    expect(engine[0]).toMatch(/^chunk-/);
    for (const entry of [...ENTRIES, 'cli']) expect(loaded(`${entry}.js`)).toContain(engine[0]);
  });

  it('dist/cli.js imports the library chunks instead of carrying the engine, and is the only executable file', () => {
    const cli = read('cli.js');
    expect(cli.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(join(dist, 'cli.js')).mode & 0o111).not.toBe(0);
    expect(PROGRESS_CLASS.test(cli)).toBe(false);
    const imports = localImports('cli.js');
    expect(imports.length).toBeGreaterThan(0);
    for (const chunk of imports) expect(chunk).toMatch(/^chunk-[\w-]+\.js$/);
    for (const spec of cli.matchAll(/\bfrom\s*["']([^"'./][^"']*)["']/g)) expect(spec[1]).toMatch(/^node:/);
    for (const file of files.filter((f) => f !== 'cli.js')) expect(read(file).startsWith('#!'), file).toBe(false);
  });

  it('ships no source maps and refers to none', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => read(f).includes('sourceMappingURL'))).toEqual([]);
  });

  it('a state made by one entry is the library’s own state in another, in both formats', async () => {
    const require = createRequire(import.meta.url);
    const cjs = require(join(dist, 'index.cjs'));
    const cjsSolver = require(join(dist, 'solver.cjs'));
    const esm = await import(pathToFileURL(join(dist, 'index.js')).href);
    const esmSolver = await import(pathToFileURL(join(dist, 'solver.js')).href);
    for (const [lib, solver] of [
      [cjs, cjsSolver],
      [esm, esmSolver],
    ]) {
      const table = lib.applyOrThrow(lib.newTableOrThrow(lib.SHORT_WHIST, { seed: 7, dealer: 'N' }), { type: 'deal' });
      const hand = lib.currentHand(table);
      expect(solver.solve(hand)).toEqual({ ok: true, value: expect.any(Number) });
      expect(solver.scoreMoves(hand).ok).toBe(true);
    }
    // A board's hand, made by whist/duplicate, is played by whist, in both formats.
    for (const [lib, duplicate] of [
      [cjs, require(join(dist, 'duplicate.cjs'))],
      [esm, await import(pathToFileURL(join(dist, 'duplicate.js')).href)],
    ]) {
      const board = duplicate.boardHand(lib.SHORT_WHIST, duplicate.dealBoards(lib.SHORT_WHIST, { seed: 7, count: 1 })[0]);
      expect(board.ok).toBe(true);
      const seat = lib.currentSeat(board.value);
      expect(lib.play(board.value, seat, lib.legalMoves(board.value)[0]).ok).toBe(true);
    }
  });

  it('the tarball holds dist/, README.md, LICENSE and package.json only', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const packed: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path);
    expect(packed.filter((path) => !/^dist\/[^/]+$/.test(path)).sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    expect(packed.filter((path) => path.endsWith('.map'))).toEqual([]);
    expect(packed).toContain('dist/cli.js');
  });
});
