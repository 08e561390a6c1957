import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * Two builds into one dist/, which is emptied once here, before either starts (two builds each cleaning
 * dist/ would race with each other):
 *
 * - ESM: the three library entries and the CLI in one build with code splitting, so dist/cli.js imports
 *   the library's chunks instead of carrying the engine again. `node:` modules stay `node:` imports (only
 *   the CLI uses them; scripts/check-bundle.ts checks the library does not). The shebang is added to
 *   dist/cli.js alone, after the build.
 * - CommonJS: the three library entries with code splitting too, so `require('whist')` and
 *   `require('whist/solver')` share one copy of the engine (and its states).
 *
 * No source maps: they would point at src/, which is not published.
 */
const entries = { index: 'src/index.ts', records: 'src/records/index.ts', solver: 'src/solver/index.ts', words: 'src/words/index.ts', duplicate: 'src/duplicate/index.ts' };
const shared = { target: 'es2022', platform: 'neutral', sourcemap: false, clean: false, treeshake: true, splitting: true } as const;

export default defineConfig(() => {
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      ...shared,
      entry: { ...entries, cli: 'src/cli/main.ts' },
      format: ['esm'],
      external: [/^node:/],
      removeNodeProtocol: false,
      onSuccess: async () => {
        const cli = 'dist/cli.js';
        const text = readFileSync(cli, 'utf8');
        if (!text.startsWith('#!')) writeFileSync(cli, `#!/usr/bin/env node\n${text}`);
        chmodSync(cli, 0o755);
      },
    },
    { ...shared, entry: entries, format: ['cjs'] },
    // The declarations of both formats (.d.ts and .d.cts) in one pass.
    { entry: entries, format: ['esm', 'cjs'], clean: false, dts: { only: true, compilerOptions: { ignoreDeprecations: '6.0' } } },
  ];
});
