// docs/players.md: every ```ts block runs, importing the sources in place of 'whist' and 'whist/solver', and a
// line `EXPR; // VALUE` checks that EXPR deep-equals VALUE (the convention of test/doc-tools.ts).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Assertion, instrument, linkImports, ROOT, SHOWN } from './doc-tools.js';

const text = readFileSync(join(ROOT, 'docs/players.md'), 'utf8');
const blocks: { line: number; code: string }[] = [];
{
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== '```') end++;
    blocks.push({ line: start, code: lines.slice(start, end).join('\n') });
    i = end;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'whist-players-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/players.md examples run', () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });
  blocks.forEach((block, n) => {
    it(`docs/players.md:${block.line}`, async () => {
      const instrumented = instrument(block.code);
      const linked = linkImports(instrumented.code);
      expect(linked.missing, 'imports that do not exist').toEqual([]);
      expect(linked.foreign, 'imports other than whist and whist/solver').toEqual([]);
      const seen = instrumented.assertions.map(() => 0);
      const failures: string[] = [];
      (globalThis as Record<symbol | string, unknown>)[SHOWN] = (i: number, value: unknown) => {
        const a = instrumented.assertions[i] as Assertion;
        seen[i] = (seen[i] ?? 0) + 1;
        try {
          expect(value).toEqual(a.value);
        } catch (e) {
          failures.push(`docs/players.md:${block.line + a.line}: ${a.source}: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      const file = join(dir, `block-${n}.ts`);
      writeFileSync(file, linked.code);
      await import(pathToFileURL(file).href);
      expect(failures).toEqual([]);
      expect(
        seen.every((k) => k > 0),
        'every checked line ran',
      ).toBe(true);
    });
  });
});
