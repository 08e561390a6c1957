/**
 * The checked-table cache of `Tables`: a row at a version this process checked is not checked again, a
 * newer one is checked after the cached version, anything else completely; a corrupted row is refused
 * whatever was cached; a new rubber starts on a log of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHand, legalMoves, parseTable, type Seat, type TableState, tableView } from 'whist';
import type { Store } from '../src/db/base.js';
import { openStore } from '../src/db/open.js';
import { Tables } from '../src/tables.js';

const quiet = { info: () => {}, error: () => {} };
let store: Store;

beforeAll(async () => {
  store = await openStore({});
});
afterAll(async () => {
  await store.close();
});

/** What the table waits for. */
function nextOf(table: TableState) {
  const v = tableView(table, null);
  if (!v.ok) throw new Error('no view');
  return v.value.next;
}

/** Plays the first legal card of the seat to play, through `tables`, as that seat; returns the new version. */
async function playOne(tables: Tables, id: string): Promise<number> {
  const row = await tables.read(id);
  const table = tables.check(row);
  const next = nextOf(table);
  const hand = currentHand(table);
  if (next.action !== 'play' || hand === null) throw new Error(`the table waits for ${next.action}`);
  const seen = await tables.act(row, next.seat as Seat, { body: { type: 'play', card: legalMoves(hand)[0] }, version: row.version });
  return seen.version;
}

describe('Tables: checked tables kept by id and version', () => {
  it('checks a row once per version, and a newer row only after the cached one', async () => {
    const tables = new Tables(store, quiet);
    const created = await tables.create({ rules: 'short', seed: 5 });
    const row = await tables.read(created.id);
    tables.check(row);
    expect(tables.checks).toEqual({ cached: 0, after: 0, whole: 1 });
    tables.check(row);
    tables.check(row);
    expect(tables.checks).toEqual({ cached: 2, after: 0, whole: 1 });
    // This process's own action is kept at its new version: the next read costs nothing.
    await playOne(tables, created.id);
    expect(tables.checks.whole).toBe(1);
    // Another process (its own cache) plays three cards; this one checks only what they appended.
    const other = new Tables(store, quiet);
    for (let i = 0; i < 3; i++) await playOne(other, created.id);
    const before = { ...tables.checks };
    const later = await tables.read(created.id);
    expect(later.version).toBe(5);
    const checked = tables.check(later);
    expect(tables.checks).toEqual({ ...before, after: before.after + 1 });
    expect(JSON.stringify(checked)).toBe(JSON.stringify((parseTable(later.doc) as { value: TableState }).value));
  });

  it('refuses a corrupted row at a newer version, whatever it cached', async () => {
    const errors: string[] = [];
    const tables = new Tables(store, { info: () => {}, error: (m) => errors.push(m) });
    const created = await tables.create({ rules: 'short', seed: 6 });
    tables.check(await tables.read(created.id));
    const row = await tables.read(created.id);
    const doc = JSON.parse(row.doc) as { log: { plays: string }[] };
    // A hand the row says the server chose, at a server that deals only from the table's PRNG.
    const forged = JSON.stringify({ ...doc, log: doc.log.map((e) => ({ ...e, shuffled: false })) });
    expect(await store.compareAndSet(created.id, row.version, forged, { action: 'play', seat: 'E' })).toBe(true);
    const corrupted = await tables.read(created.id);
    expect(() => tables.check(corrupted)).toThrow(/failed its check/);
    expect(errors.join('\n')).toMatch(/log\[0\]\.shuffled/);
    // And the row at the version cached is still the one this process checked.
    expect(tables.check(row).log.length).toBe(1);
  });

  it('checks again a row rewritten in place at the version it cached, and refuses it if corrupted', async () => {
    const tables = new Tables(store, quiet);
    const created = await tables.create({ rules: 'short', seed: 9 });
    const row = await tables.read(created.id);
    tables.check(row);
    const doc = JSON.parse(row.doc) as { log: { plays: string }[] };
    const forged = JSON.stringify({ ...doc, random: { s: [1, 2, 3, 4] } });
    expect(() => tables.check({ ...row, doc: forged })).toThrow(/failed its check/);
    // The same text, re-serialised: checked again, and the same table.
    const before = tables.checks.whole;
    expect(JSON.stringify(tables.check({ ...row, doc: JSON.stringify(JSON.parse(row.doc), null, 1) }))).toBe(row.doc);
    expect(tables.checks.whole).toBe(before + 1);
  });

  it('checks every row completely with no cache', async () => {
    const tables = new Tables(store, quiet, { cacheSize: 0 });
    const created = await tables.create({ rules: 'short', seed: 7 });
    const row = await tables.read(created.id);
    tables.check(row);
    tables.check(row);
    expect(tables.checks).toEqual({ cached: 0, after: 0, whole: 2 });
  });

  it('starts a new rubber on a log of its own, the finished rubber kept as a summary', async () => {
    const tables = new Tables(store, quiet);
    const created = await tables.create({ rules: 'short', seed: 8 });
    let row = await tables.read(created.id);
    while (nextOf(tables.check(row)).action === 'play') {
      await playOne(tables, created.id);
      row = await tables.read(created.id);
    }
    const over = tables.check(row);
    expect(nextOf(over)).toEqual({ action: 'newRubber' });
    const hands = over.log.length;
    const seen = await tables.act(row, 'N', { body: { type: 'newRubber' } });
    const stored = JSON.parse((await tables.read(created.id)).doc) as { log: unknown[]; archived: { rubbers: unknown[]; deals: number } };
    expect(stored.log.length).toBe(1); // the new rubber's first deal
    expect(stored.archived.rubbers.length).toBe(1);
    expect(stored.archived.deals).toBe(hands);
    expect(seen.view.rubbers.length).toBe(1);
    expect(seen.view.dealNumber).toBe(hands + 1);
    expect(seen.view.next.action).toBe('play');
    // Read back by a process that never saw the table: checked completely, the same table.
    const fresh = new Tables(store, quiet);
    expect(JSON.stringify(fresh.check(await tables.read(created.id)))).toBe(JSON.stringify(tables.check(await tables.read(created.id))));
  });
});
