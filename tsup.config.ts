import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { type FunctionsByModule, keepConstInFiles } from './scripts/keep-const.js';

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
 *
 * After each build, scripts/keep-const.ts gives the bundles' top-level constants back their `const` (esbuild
 * writes them as `var`; V8 folds a `const` typed array's address into the code, which the solver's speed relies
 * on), and makes the search's functions `const` too (SEARCH_FUNCTIONS). The names below (the solver's tables and
 * shared arrays, src/solver/core.ts) must come out `const`, and none of them be left `var`, or the build fails.
 */
const MUST_BE_CONST = [
  'COUNT',
  'KTH_HI',
  'KTH_LO',
  'ROW_MASK',
  'HAND',
  'AGGR',
  'OWNER',
  'OWNER_WORDS',
  'SAVED_OWNER_WORDS',
  'PLAYED',
  'SAVED_WIN_CARD',
  'SAVED_WIN_SEAT',
  'SAVED_LEADER',
  'MARK_SUIT',
  'MARK_BITS',
  'MOVES',
  'MOVE_WEIGHT',
  'WIN_RANKS',
  'CUT_MOVE',
  'TT_MOVE',
  'WORDS',
];

/**
 * The search's functions, made `const NAME = function NAME(` after each build (scripts/keep-const.ts): V8 then
 * calls them without checking the binding first. None runs while its module is evaluated. Each must come out
 * `const`, and none be left a declaration, or the build fails.
 */
const SEARCH_FUNCTIONS: FunctionsByModule = {
  'src/solver/core.ts': ['kthHighestBit', 'takeFromHand', 'returnToHand', 'playCard', 'takeOut', 'endTrick', 'unplayCard', 'untakeTrick'],
  'src/solver/search.ts': ['checkStop', 'searchNode', 'leadNode', 'followNode', 'lastTrick'],
  'src/solver/moves.ts': [
    'groupOf',
    'push',
    'generateMoves',
    'sortMoves',
    'pushAscending',
    'pushTiers',
    'holderOf',
    'leadMoves',
    'forceOutTop',
    'hi2',
    'lo2',
    'followMoves',
  ],
  'src/solver/quick-tricks.ts': [
    'plainCards',
    'safeRounds',
    'quickTricks',
    'cardAfterRun',
    'entryAfterRun',
    'crossBack',
    'sideOnly',
    'othersOf',
    'cash',
    'cross',
    'secondHandWins',
    'secondHandTricks',
  ],
  'src/solver/later-tricks.ts': ['runOf', 'laterTricks'],
  'src/solver/trans-table.ts': ['maxBlocks', 'computeWords', 'rowMask'],
};

/** Runs scripts/keep-const.ts on the files of dist/ ending in `ext`. */
function keepConst(ext: string): void {
  const files = readdirSync('dist')
    .filter((f) => f.endsWith(ext))
    .map((f) => `dist/${f}`);
  const missing = keepConstInFiles(files, MUST_BE_CONST, SEARCH_FUNCTIONS);
  if (missing.length > 0) throw new Error(`keep-const: not made const, or left var or a declaration, in dist/*${ext}: ${missing.join(', ')}`);
}
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
        keepConst('.js');
      },
    },
    { ...shared, entry: entries, format: ['cjs'], onSuccess: async () => keepConst('.cjs') },
    // The declarations of both formats (.d.ts and .d.cts) in one pass.
    { entry: entries, format: ['esm', 'cjs'], clean: false, dts: { only: true, compilerOptions: { ignoreDeprecations: '6.0' } } },
  ];
});
