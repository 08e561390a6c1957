import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesTable } from '../src/words/index.js';

const docs = readFileSync(new URL('../docs/rules.md', import.meta.url), 'utf8');

describe('docs/rules.md', () => {
  it('holds the presets table exactly as the presets give it (whist rules)', () => {
    const between = docs.split('<!-- presets:start -->')[1]?.split('<!-- presets:end -->')[0]?.trim();
    expect(between).toBe(rulesTable());
  });

  it('the table shows the values of docs/rules.md, "Presets"', () => {
    const table = rulesTable();
    expect(table).toContain('| target | 5 | 10 | 10 | 7 | 10 |');
    expect(table).toContain('| honours restriction | barred (at 4) | barred (at 9) | ignore | - | unrestricted |');
    expect(table).toContain('| game values | 3/2/1 (losers 0 / 1-2 / 3-4) | 2/1 (losers 0-4 / 5-9) | 2/1 (losers 0-4 / 5-9) | 1 | 1 |');
    expect(table).toContain('| after the rubber | recut | recut | swap | keep | keep |');
  });
});
