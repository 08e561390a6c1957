/**
 * Builds the page into `web/dist/`: `app.js` (the bundle, with the library), `app.css` and `index.html`,
 * the chunks `app.js` loads only when they are needed (the records code: the library's PBN writer
 * and reader, and the replay), `dd-worker.js`, the double-dummy Worker with `whist/solver`, a bundle of
 * its own that the page starts the first time its toggle is on, and `players-worker.js`, the computer
 * players' Worker (the sampling player, the hint and the review), started the first time one of them thinks. Prints each file's size, minified and
 * gzipped. `npm run build -w whist-web`.
 *
 * @module
 */

import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

export const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(WEB_DIR, 'dist');

/** One built file and its size. */
export interface BuiltFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzip: number;
  /** Loaded only when the page asks for it (`import()`), not when it opens. */
  readonly onDemand: boolean;
}

/** The name of the page's count of the table views it built, on `globalThis`, in a page built with `countViews`. */
export const VIEWS_COUNTER = '__whistTableViews';

/**
 * For the tests only (`build(dir, { countViews: true })`): the page's `whist` is the package with
 * `tableView` and `tableViewOrThrow` wrapped, each call counted in `globalThis[VIEWS_COUNTER]`. Every table
 * view the page builds is one of these calls (the library's own calls inside it are not: they do not
 * cross the package's entry).
 */
const countTableViews: esbuild.Plugin = {
  name: 'count-table-views',
  setup(build) {
    build.onResolve({ filter: /^whist$/ }, (args) => (args.namespace === 'counted' ? undefined : { path: 'whist', namespace: 'counted' }));
    build.onLoad({ filter: /.*/, namespace: 'counted' }, () => ({
      resolveDir: WEB_DIR,
      loader: 'js',
      contents: `import * as lib from 'whist';
export * from 'whist';
const g = globalThis;
const counted = (f) => (...args) => {
  g.${VIEWS_COUNTER} = (g.${VIEWS_COUNTER} ?? 0) + 1;
  return f(...args);
};
export const tableView = counted(lib.tableView);
export const tableViewOrThrow = counted(lib.tableViewOrThrow);
`,
    }));
  },
};

/**
 * Checks that the page bundles no source of the library; then prints the warnings of
 * the build, except one that says nothing wrong. The library's dist entries import each shared chunk by name (through the chunk that uses it) and once more bare (`import './chunk-X.js'`),
 * which its bundler writes so that a browser fetches every chunk at once. The library's package.json says
 * `"sideEffects": false`, so esbuild leaves the bare import out and warns (`ignored-bare-import`). That
 * warning is dropped only when the chunk is in the bundle anyway, imported by name: then the bare import
 * added nothing. Any other, or one whose chunk is missing, is printed.
 */
async function report(result: esbuild.BuildResult & { metafile: esbuild.Metafile }): Promise<void> {
  // The page takes the library from its package (`whist`, `whist/words`, …), built once: no source of it.
  const sources = Object.keys(result.metafile.inputs).filter((f) => f.startsWith('../src/'));
  if (sources.length > 0) throw new Error(`the page bundles the library's sources (${sources.join(', ')}): import them from 'whist'`);
  const inBundle = (text: string) => {
    const target = /"([^"]+)" was marked as having no side effects/.exec(text)?.[1];
    return target !== undefined && target in result.metafile.inputs;
  };
  const shown = result.warnings.filter((w) => !(w.id === 'ignored-bare-import' && inBundle(w.text)));
  if (shown.length === 0) return;
  const text = await esbuild.formatMessages(shown, { kind: 'warning', color: process.stderr.isTTY });
  for (const t of text) process.stderr.write(t);
}

/**
 * Builds the page and returns the sizes of what the browser loads (source maps left out).
 *
 * @param options - `countViews`: for the tests, the page counts the table views it builds (`VIEWS_COUNTER`)
 */
export async function build(outDir: string = OUT_DIR, options: { readonly countViews?: boolean } = {}): Promise<BuiltFile[]> {
  mkdirSync(outDir, { recursive: true });
  // Chunks are named by their hash: those of an earlier build go.
  for (const f of readdirSync(outDir)) if (/^chunk-[\w-]+\.js(\.map)?$/.test(f)) rmSync(join(outDir, f));
  const common: esbuild.BuildOptions & { metafile: true } = {
    absWorkingDir: WEB_DIR,
    outdir: outDir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome109', 'firefox115', 'safari16'],
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'none',
    // Errors still fail the build; warnings are printed below, once the dropped imports are checked.
    logLevel: 'error',
  };
  // The Worker is one file, with nothing shared with the page: a Worker cannot use the page's chunks.
  const worker = await esbuild.build({
    ...common,
    entryPoints: [
      { in: 'src/dd-worker.ts', out: 'dd-worker' },
      { in: 'src/players-worker.ts', out: 'players-worker' },
    ],
  });
  // The page: its entry and its style sheet, split into chunks so that the records code, imported on demand, loads only when needed.
  const result = await esbuild.build({
    ...common,
    entryPoints: [
      { in: 'src/main.ts', out: 'app' },
      { in: 'src/app.css', out: 'app' },
    ],
    splitting: true,
    plugins: options.countViews === true ? [countTableViews] : [],
  });
  for (const built of [worker, result]) await report(built);
  copyFileSync(join(WEB_DIR, 'index.html'), join(outDir, 'index.html'));
  const outputs = { ...result.metafile.outputs, ...worker.metafile.outputs };
  const path = (f: string) => (f.startsWith('/') ? f : join(WEB_DIR, f));
  // What the page loads as it opens: the entry points and what they import statically, transitively.
  const atStart = new Set<string>();
  const visit = (f: string) => {
    if (atStart.has(f)) return;
    atStart.add(f);
    for (const i of outputs[f]?.imports ?? []) if (i.kind === 'import-statement' && i.path in outputs) visit(i.path);
  };
  for (const [f, o] of Object.entries(outputs)) if (o.entryPoint?.startsWith('src/app.') || o.entryPoint === 'src/main.ts') visit(f);
  const files = [...Object.keys(outputs).filter((f) => !f.endsWith('.map')), join(outDir, 'index.html')];
  return files.map((f) => {
    const bytes = readFileSync(path(f));
    return {
      file: path(f).slice(outDir.length + 1),
      bytes: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      onDemand: f in outputs && !atStart.has(f),
    };
  });
}

/** "app.js 41.2 kB minified, 12.9 kB min+gzip", one line per file, and the totals: as the page opens, and on demand. */
export function describeSizes(files: readonly BuiltFile[]): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const width = Math.max(11, ...files.map((f) => f.file.length + 1));
  const lines = files.map(
    (f) => `  ${f.file.padEnd(width)} ${kb(f.bytes).padStart(9)} minified, ${kb(f.gzip).padStart(8)} min+gzip${f.onDemand ? ', on demand' : ''}`,
  );
  const sum = (on: boolean) => files.filter((f) => f.onDemand === on).reduce((a, f) => a + f.gzip, 0);
  const later = sum(true);
  const worker = files.find((f) => f.file === 'dd-worker.js');
  const players = files.find((f) => f.file === 'players-worker.js');
  const records = later - (worker?.gzip ?? 0) - (players?.gzip ?? 0);
  return [
    ...lines,
    `  total ${kb(sum(false))} min+gzip as the page opens${records > 0 ? `, ${kb(records)} more for records, on demand` : ''}${worker === undefined ? '' : `, ${kb(worker.gzip)} for the double-dummy Worker, on demand`}${players === undefined ? '' : `, ${kb(players.gzip)} for the computer players' Worker, on demand`}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await build();
  console.log(`Built the page into ${OUT_DIR}:\n${describeSizes(files)}`);
}
