/**
 * The daily challenge's SQL, for both drivers: each day's seed (the boards are dealt from it), and each
 * person's entry on a day, with the results of the boards they finished.
 *
 * A day is a row of `whist_daily` written once, by the first process that needs it (`ON CONFLICT DO
 * NOTHING`, then read back): every process deals the same boards from the same seed. An entry is a row of
 * `whist_daily_entries`: the name (one entry a name a day, whatever its case), the SHA-256 of its token, the
 * board being played and the table it is played at, and the results so far as JSON text. Moving an entry on
 * to its next board is one compare-and-set on the board and its table, so that two requests never record
 * one board twice, nor open two tables for it. The ranking reads a day's entries through an index on the day.
 *
 * @module
 */

import type { Driver } from './driver.js';

/** The daily challenge's schema: made with the store's (the same advisory lock). */
export const DAILY_SCHEMA = `
BEGIN;
SELECT pg_advisory_xact_lock(7201944);
CREATE TABLE IF NOT EXISTS whist_daily (
  day text PRIMARY KEY,
  seed text NOT NULL,
  boards integer NOT NULL CHECK (boards > 0),
  level text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS whist_daily_entries (
  id text PRIMARY KEY,
  day text NOT NULL REFERENCES whist_daily (day) ON DELETE CASCADE,
  name text NOT NULL,
  name_key text NOT NULL,
  token text NOT NULL,
  board integer NOT NULL,
  table_id text,
  results text NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (day, name_key)
);
CREATE INDEX IF NOT EXISTS whist_daily_entries_day ON whist_daily_entries (day);
COMMIT;
`;

/** A day of the challenge: the seed its boards are dealt from, how many, and the computer players' level. */
export interface DailyDay {
  readonly day: string;
  readonly seed: string;
  readonly boards: number;
  readonly level: string;
}

/** An entry: a person's boards on one day. */
export interface DailyEntryRow {
  readonly id: string;
  readonly day: string;
  readonly name: string;
  readonly tokenHash: string;
  /** The board being played (from 1), or one more than the day's boards once every board is played. */
  readonly board: number;
  /** The table the board is played at, or `null` once every board is played. */
  readonly tableId: string | null;
  /** The results recorded so far, as JSON text (`daily.ts` reads it). */
  readonly results: string;
}

export interface DailyStore {
  /** The day's row: written with `seed`, `boards` and `level` if there is none yet, else the one there. */
  day(day: string, seed: string, boards: number, level: string): Promise<DailyDay>;
  /** A new entry at board 1; `false` when the day has an entry of that name already (whatever its case). */
  enter(entry: DailyEntryRow): Promise<boolean>;
  /** An entry, or `null`. */
  entry(id: string): Promise<DailyEntryRow | null>;
  /**
   * Moves an entry on from board `from` at table `fromTable` (`null`: no table yet): its new board, table and
   * results; `false` when it was not there any more (another request moved it first).
   */
  advance(id: string, from: number, fromTable: string | null, board: number, tableId: string | null, results: string): Promise<boolean>;
  /** The day's entries, oldest first, at most `limit`. */
  entries(day: string, limit: number): Promise<DailyEntryRow[]>;
  /** Removes the days (and their entries) begun more than `seconds` ago; returns how many days. */
  sweep(seconds: number): Promise<number>;
}

interface EntryColumns {
  id: string;
  day: string;
  name: string;
  token: string;
  board: number;
  table_id: string | null;
  results: string;
}

const ENTRY_COLUMNS = 'id, day, name, token, board, table_id, results';

function entryOf(r: EntryColumns): DailyEntryRow {
  return { id: r.id, day: r.day, name: r.name, tokenHash: r.token, board: Number(r.board), tableId: r.table_id, results: r.results };
}

/** A name as one entry a day counts it: case folded. */
export function nameKey(name: string): string {
  return name.toLocaleLowerCase('und');
}

export function dailyStore(driver: Driver): DailyStore {
  return {
    async day(day, seed, boards, level) {
      await driver.query('INSERT INTO whist_daily (day, seed, boards, level) VALUES ($1, $2, $3, $4) ON CONFLICT (day) DO NOTHING', [day, seed, boards, level]);
      const rows = await driver.query<{ day: string; seed: string; boards: number; level: string }>(
        'SELECT day, seed, boards, level FROM whist_daily WHERE day = $1',
        [day],
      );
      const r = rows[0];
      if (r === undefined) throw new Error(`the day ${day} was written and is not there`);
      return { day: r.day, seed: r.seed, boards: Number(r.boards), level: r.level };
    },
    async enter(e) {
      const rows = await driver.query<{ id: string }>(
        `INSERT INTO whist_daily_entries (${ENTRY_COLUMNS}, name_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (day, name_key) DO NOTHING RETURNING id`,
        [e.id, e.day, e.name, e.tokenHash, e.board, e.tableId, e.results, nameKey(e.name)],
      );
      return rows.length === 1;
    },
    async entry(id) {
      const rows = await driver.query<EntryColumns>(`SELECT ${ENTRY_COLUMNS} FROM whist_daily_entries WHERE id = $1`, [id]);
      return rows[0] === undefined ? null : entryOf(rows[0]);
    },
    async advance(id, from, fromTable, board, tableId, results) {
      const rows = await driver.query<{ id: string }>(
        'UPDATE whist_daily_entries SET board = $3, table_id = $4, results = $5 WHERE id = $1 AND board = $2 AND table_id IS NOT DISTINCT FROM $6 RETURNING id',
        [id, from, board, tableId, results, fromTable],
      );
      return rows.length === 1;
    },
    async entries(day, limit) {
      const rows = await driver.query<EntryColumns>(`SELECT ${ENTRY_COLUMNS} FROM whist_daily_entries WHERE day = $1 ORDER BY created_at, id LIMIT $2`, [
        day,
        limit,
      ]);
      return rows.map(entryOf);
    },
    async sweep(seconds) {
      const rows = await driver.query<{ day: string }>('DELETE FROM whist_daily WHERE created_at < now() - make_interval(secs => $1::float8) RETURNING day', [
        seconds,
      ]);
      return rows.length;
    },
  };
}
