/**
 * Builds the page into `web/dist/`: `app.js` (the bundle, with the library), `app.css` and `index.html`.
 * Prints each file's size, minified and gzipped. `npm run build -w whist-web`.
 *
 * @module
 */

import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
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
}

/** Builds the page and returns the sizes of what the browser loads (source maps left out). */
export async function build(outDir: string = OUT_DIR): Promise<BuiltFile[]> {
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: WEB_DIR,
    entryPoints: [
      { in: 'src/main.ts', out: 'app' },
      { in: 'src/app.css', out: 'app' },
    ],
    outdir: outDir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome109', 'firefox115', 'safari16'],
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  copyFileSync(join(WEB_DIR, 'index.html'), join(outDir, 'index.html'));
  const files = [...Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map')), join(outDir, 'index.html')];
  return files.map((f) => {
    const path = f.startsWith('/') ? f : join(WEB_DIR, f);
    const bytes = readFileSync(path);
    return { file: path.slice(outDir.length + 1), bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

/** "app.js 41.2 kB minified, 12.9 kB min+gzip", one line per file, and the total. */
export function describeSizes(files: readonly BuiltFile[]): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const lines = files.map((f) => `  ${f.file.padEnd(11)} ${kb(f.bytes).padStart(9)} minified, ${kb(f.gzip).padStart(8)} min+gzip`);
  const total = files.reduce((a, f) => a + f.gzip, 0);
  return [...lines, `  total ${kb(total)} min+gzip`].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await build();
  console.log(`Built the page into ${OUT_DIR}:\n${describeSizes(files)}`);
}
