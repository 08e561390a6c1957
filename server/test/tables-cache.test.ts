/**
 * The checked-table cache of `Tables`: a row at a version this process checked is not checked again, a
 * newer one is checked after the cached version, anything else completely; a corrupted row is refused
 * whatever was cached; an action on the version held is written without reading the row, only over the
 * very text checked; a new rubber starts on a log of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsHeld, currentHand, FULL_DECK, legalMoves, parseTable, type Seat, type TableState, tableView } from 'whist';
import type { Store } from '../src/db/base.js';
import { type Driver, SqlStore } from '../src/db/sql.js';
import { seenText, storedDocument, Tables } from '../src/tables.js';
import { memoryDriver } from './support/store.js';

const quiet = { info: () => {}, error: () => {} };
let driver: Driver;
let store: Store;

beforeAll(async () => {
  driver = await memoryDriver();
  store = new SqlStore(driver);
  await store.migrate();
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
    // The table this process opened is kept as it made it: its first read is not checked either.
    tables.check(row);
    expect(tables.checks).toEqual({ cached: 1, after: 0, whole: 0 });
    tables.check(row);
    tables.check(row);
    expect(tables.checks).toEqual({ cached: 3, after: 0, whole: 0 });
    // This process's own action is kept at its new version: the next read costs nothing.
    await playOne(tables, created.id);
    expect(tables.checks.whole).toBe(0);
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
    expect(await store.compareAndSet(created.id, row.version, forged, { action: 'play', seat: 'E' })).not.toBeNull();
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

  it('acts on the version it holds without reading the row, and never writes over a row it has not checked', async () => {
    const tables = new Tables(store, quiet);
    const created = await tables.create({ rules: 'short', seed: 10 });
    const firstCard = (t: TableState) => legalMoves(currentHand(t) as NonNullable<ReturnType<typeof currentHand>>)[0];
    let table = tables.check(await tables.read(created.id));
    let next = nextOf(table) as { seat: Seat };
    // Held at the version the client names: written without a read.
    const done = await tables.actOnHeld(created.id, next.seat, { body: { type: 'play', card: firstCard(table) }, version: 1 });
    expect(done?.version).toBe(2);
    expect(tables.unread).toEqual({ written: 1, fellBack: 0 });
    const row = await tables.read(created.id);
    expect(row.version).toBe(2);
    table = tables.check(row);
    next = nextOf(table) as { seat: Seat };
    // Not held at the version named, or named none: not tried.
    expect(await tables.actOnHeld(created.id, next.seat, { body: { type: 'play', card: firstCard(table) }, version: 1 })).toBeNull();
    expect(await tables.actOnHeld(created.id, next.seat, { body: { type: 'play', card: firstCard(table) } })).toBeNull();
    expect(tables.unread).toEqual({ written: 1, fellBack: 0 });
    // Refused by the rules on the version held (a card the seat does not hold): left to a read of the row, which answers as the row says.
    const notHeld = FULL_DECK.find((c) => !cardsHeld(currentHand(table) as NonNullable<ReturnType<typeof currentHand>>, next.seat).includes(c));
    expect(await tables.actOnHeld(created.id, next.seat, { body: { type: 'play', card: notHeld }, version: 2 })).toBeNull();
    expect(tables.unread).toEqual({ written: 1, fellBack: 1 });
    // The row rewritten in place at the version held (the same table, other text): the write does not hold, the row stays as it is.
    const rewritten = JSON.stringify(JSON.parse(row.doc), null, 1);
    await driver.query('UPDATE whist_tables SET doc = $2 WHERE id = $1', [created.id, rewritten]);
    expect(await tables.actOnHeld(created.id, next.seat, { body: { type: 'play', card: firstCard(table) }, version: 2 })).toBeNull();
    expect(tables.unread).toEqual({ written: 1, fellBack: 2 });
    const after = await tables.read(created.id);
    expect({ version: after.version, doc: after.doc }).toEqual({ version: 2, doc: rewritten });
    // Read and checked, it is acted on as usual.
    expect((await tables.act(after, next.seat, { body: { type: 'play', card: firstCard(table) }, version: 2 })).version).toBe(3);
  });

  it('reads a row whose document holds its archived rubbers itself, and then keeps them apart', async () => {
    const tables = new Tables(store, quiet);
    const created = await tables.create({ rules: 'short', seed: 11 });
    let row = await tables.read(created.id);
    while (nextOf(tables.check(row)).action === 'play') {
      await playOne(tables, created.id);
      row = await tables.read(created.id);
    }
    await tables.act(row, 'N', { body: { type: 'newRubber' } });
    const renewed = await tables.read(created.id);
    const whole = parseTable(storedDocument(renewed));
    if (!whole.ok) throw new Error(whole.error.message);
    // As rows were written before the archive had a column of its own: the whole table in the document.
    await driver.query('UPDATE whist_tables SET doc = $2, archive = NULL, version = version + 1 WHERE id = $1', [created.id, JSON.stringify(whole.value)]);
    const fresh = new Tables(store, quiet);
    const old = await fresh.read(created.id);
    expect(JSON.stringify(fresh.check(old))).toBe(JSON.stringify(whole.value));
    await playOne(fresh, created.id);
    const moved = await fresh.read(created.id);
    expect(JSON.parse(moved.doc).archived.rubbers).toEqual([]);
    expect(JSON.parse(moved.archive ?? 'null')).toEqual(JSON.parse(JSON.stringify(whole.value.archived?.rubbers)));
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
    const renewed = await tables.read(created.id);
    const stored = JSON.parse(renewed.doc) as { log: unknown[]; archived: { rubbers: unknown[]; deals: number } };
    expect(stored.log.length).toBe(1); // the new rubber's first deal
    // The finished rubber's summary is kept apart: the document lists none, and alone is not a table.
    expect(stored.archived).toEqual({ rubbers: [], deals: hands });
    expect(JSON.parse(renewed.archive ?? 'null')).toHaveLength(1);
    expect(parseTable(renewed.doc).ok).toBe(false);
    expect((storedDocument(renewed) as { archived: { rubbers: unknown[] } }).archived.rubbers).toHaveLength(1);
    // The next play writes the document only: the archive stays the text it was.
    await playOne(tables, created.id);
    expect((await tables.read(created.id)).archive).toBe(renewed.archive);
    expect(seen.view.rubbers.length).toBe(1);
    // The answer's text, the finished rubbers' made once an archive: the same JSON as the answer's own.
    expect(JSON.parse(seenText(seen))).toEqual(JSON.parse(JSON.stringify(seen)));
    const read = await tables.see(await tables.read(created.id), 'E');
    expect(JSON.parse(seenText(read))).toEqual(JSON.parse(JSON.stringify(read)));
    // A client that holds the finished rubbers (`?rubbers=1`) is sent those after them: none; one that says it holds more than there are, all.
    const kept = JSON.parse(seenText(read, 1));
    expect({ from: kept.rubbersFrom, rubbers: kept.view.rubbers, rest: { ...kept.view, rubbers: undefined } }).toEqual({
      from: 1,
      rubbers: [],
      rest: JSON.parse(JSON.stringify({ ...read.view, rubbers: undefined })),
    });
    expect(JSON.parse(seenText(read, 5))).toMatchObject({ rubbersFrom: 0, view: { rubbers: JSON.parse(JSON.stringify(read.view.rubbers)) } });
    expect(seen.view.dealNumber).toBe(hands + 1);
    expect(seen.view.next.action).toBe('play');
    // Read back by a process that never saw the table: checked completely, the same table.
    const fresh = new Tables(store, quiet);
    expect(JSON.stringify(fresh.check(await tables.read(created.id)))).toBe(JSON.stringify(tables.check(await tables.read(created.id))));
  });
});
