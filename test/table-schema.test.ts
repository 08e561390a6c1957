/**
 * Tables stored by the library of table schema 2 (test/fixtures/schema2-tables.json, played by the laws
 * fuzz with every kind of event) read back to the same views, scores and records.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTable, tableViewOrThrow } from '../src/index.js';
import { digest, EXPECTED_FILE, type Expected, readBack, TABLES_FILE, viewPart } from './fixtures/schema2-tables.js';

const tables = JSON.parse(readFileSync(TABLES_FILE, 'utf8')) as { v: number }[];
const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as Expected;

describe('tables stored under schema 2', () => {
  it('are a fixture of every kind of event', () => {
    expect(tables.length).toBe(expected.tables.length);
    expect(tables.every((t) => t.v === 2)).toBe(true);
  });

  it.each(tables.map((t, i) => [i, t] as const))('table %i reads back to the same views, scores and record', (i, stored) => {
    const r = parseTable(JSON.stringify(stored));
    if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
    const want = expected.tables[i]!;
    const got = readBack(r.value, expected.viewKeys);
    for (const seat of Object.keys(want.views)) {
      const view = viewPart(tableViewOrThrow(r.value, seat === 'spectator' ? null : (seat as 'N')), expected.viewKeys);
      expect(digest(view), `the view of ${seat}`).toBe(want.views[seat]);
    }
    expect(got.hands).toEqual(want.hands);
    expect(got.rubbers).toEqual(want.rubbers);
    expect(got.record).toBe(want.record);
  });
});
