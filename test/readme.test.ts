import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Every TypeScript example of the README runs, importing the package's source in place of 'whist'.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
const source = new URL('../src/index.ts', import.meta.url).pathname;

describe('README examples', () => {
  it('has TypeScript examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it.each(blocks.map((code, i) => [i + 1, code] as const))('example %i runs', async (_n, code) => {
    const dir = mkdtempSync(join(tmpdir(), 'whist-readme-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, code.replaceAll("from 'whist'", `from ${JSON.stringify(source)}`));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(pathToFileURL(file).href);
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
