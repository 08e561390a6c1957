import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Every TypeScript example of the README and of docs/errors.md runs, importing the package's source in place of 'whist'
// and its other entries.
// A line `console.log(x); // value` also checks that x equals the value the comment shows.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8') + readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
/** Each entry of the package, as the examples import it, and its source. */
const entries: readonly (readonly [string, string])[] = [
  ['whist/records', '../src/records/index.ts'],
  ['whist/solver', '../src/solver/index.ts'],
  ['whist/words', '../src/words/index.ts'],
  ['whist/duplicate', '../src/duplicate/index.ts'],
  ['whist', '../src/index.ts'],
].map(([name, path]) => [name as string, new URL(path as string, import.meta.url).pathname] as const);

/** The value a comment shows: the whole comment, or what comes before a `: ` explanation. */
function shown(comment: string): { value: unknown } | null {
  for (const text of [comment, comment.split(': ')[0] as string]) {
    try {
      return { value: new Function(`return (${text});`)() };
    } catch {}
  }
  return null;
}

function instrument(code: string): { code: string; expected: { line: string; value: unknown }[] } {
  const expected: { line: string; value: unknown }[] = [];
  const lines = code.split('\n').map((line) => {
    const m = /^(\s*)console\.log\(([^;]*)\);\s*\/\/\s*(.+)$/.exec(line);
    const value = m ? shown(m[3] as string) : null;
    if (!m || !value) return line;
    expected.push({ line: line.trim(), value: value.value });
    return `${m[1]}(globalThis as any).__readmeShown(${expected.length - 1}, ${m[2]});`;
  });
  return { code: lines.join('\n'), expected };
}

describe('README examples', () => {
  it('has TypeScript examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((code, i) => [i + 1, code] as const))('example %i runs and prints what its comments say', async (_n, code) => {
    const { code: instrumented, expected } = instrument(code);
    const seen: unknown[] = [];
    (globalThis as any).__readmeShown = (i: number, value: unknown) => {
      seen[i] = value;
    };
    const dir = mkdtempSync(join(tmpdir(), 'whist-readme-'));
    const file = join(dir, 'example.ts');
    writeFileSync(
      file,
      entries.reduce((text, [name, path]) => text.replaceAll(`from '${name}'`, `from ${JSON.stringify(path)}`), instrumented),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(pathToFileURL(file).href);
      expect(log.mock.calls.length + expected.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      log.mockRestore();
      (globalThis as any).__readmeShown = undefined;
    }
    for (const [i, e] of expected.entries()) expect(seen[i], e.line).toEqual(e.value);
  });
});
