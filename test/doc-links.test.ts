import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The package ships dist/, README.md and LICENSE, not docs/: a TSDoc comment of the library (its .d.ts
// files carry them to editors) names a page of docs/ by its address on the repository, never as a path
// the reader does not have.

const root = new URL('../src/', import.meta.url).pathname;
const BASE = 'https://github.com/whist-js/whist/blob/main/';

/** Every TypeScript file of the library, the CLI apart (it ships no declarations). */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'cli' && dir === root ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('TSDoc names docs/ pages by their address', () => {
  const bare: string[] = [];
  let linked = 0;
  for (const file of files(root)) {
    const text = readFileSync(file, 'utf8');
    for (const comment of text.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
      for (const m of comment.matchAll(/(\[)?(docs\/[a-z-]+\.md)(\]\(([^)]*)\))?/g)) {
        if (m[1] === '[' && m[4] === `${BASE}${m[2]}`) linked += 1;
        else if (!comment.slice(Math.max(0, (m.index ?? 0) - BASE.length), m.index).endsWith(BASE)) bare.push(`${file.slice(root.length)}: ${m[2]}`);
      }
    }
  }

  it('every mention of a docs/ page in a TSDoc comment is a link to its address', () => {
    expect(linked).toBeGreaterThan(10);
    expect(bare).toEqual([]);
  });
});
