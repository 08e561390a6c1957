// docs/solver.md, docs/players.md and docs/duplicate.md: every ```ts block runs, importing the sources in place of 'whist' and
// 'whist/solver', and a line `EXPR; // VALUE` checks that EXPR deep-equals VALUE (the convention of
// test/doc-tools.ts).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Assertion, instrument, linkImports, ROOT, SHOWN } from './doc-tools.js';

/** Each document, and the fewest examples it has. */
const DOCS: [string, number][] = [
  ['docs/solver.md', 3],
  ['docs/players.md', 2],
  ['docs/duplicate.md', 1],
];

/** The ```ts blocks of a Markdown text, with the line each starts at. */
function blocksOf(text: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== '```') end++;
    blocks.push({ line: start, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return blocks;
}

const dir = mkdtempSync(join(tmpdir(), 'whist-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const [doc, fewest] of DOCS) {
  const blocks = blocksOf(readFileSync(join(ROOT, doc), 'utf8'));
  describe(`${doc} examples run`, () => {
    it('has examples', () => {
      expect(blocks.length).toBeGreaterThanOrEqual(fewest);
    });
    blocks.forEach((block, n) => {
      it(`${doc}:${block.line}`, async () => {
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
            failures.push(`${doc}:${block.line + a.line}: ${a.source}: ${e instanceof Error ? e.message : String(e)}`);
          }
        };
        const file = join(dir, `${doc.replace(/\W/g, '-')}-${n}.ts`);
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
}
