/**
 * Duplicate events' SQL, for both drivers: one row an event, its whole state as JSON text (duplicate.ts
 * writes and reads it), and a version. Every change is one compare-and-set on the version read, so that two
 * processes (or two requests) moving an event on at once never record a board twice nor skip a round: the
 * second reads the event again and finds the work done.
 *
 * @module
 */

import type { Driver } from './driver.js';

/** The duplicate events' schema: made with the store's (the same advisory lock). */
export const DUPLICATE_SCHEMA = `
BEGIN;
SELECT pg_advisory_xact_lock(7201944);
CREATE TABLE IF NOT EXISTS whist_duplicate (
  id text PRIMARY KEY,
  version integer NOT NULL,
  doc text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
COMMIT;
`;

/** A duplicate event as stored: its id, its version (from 1) and its state as JSON text. */
export interface DuplicateRow {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
}

export interface DuplicateStore {
  /** A new event at version 1; `false` when the id is taken. */
  insert(id: string, doc: string): Promise<boolean>;
  /** An event, or `null`. */
  read(id: string): Promise<DuplicateRow | null>;
  /** Writes the event's next state over version `from`; `false` when it is not at that version any more. */
  update(id: string, from: number, doc: string): Promise<boolean>;
  /** Removes the events unchanged for more than `seconds`; returns how many. */
  sweep(seconds: number): Promise<number>;
}

export function duplicateStore(driver: Driver): DuplicateStore {
  return {
    async insert(id, doc) {
      const rows = await driver.query<{ id: string }>(
        'INSERT INTO whist_duplicate (id, version, doc) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
        [id, doc],
      );
      return rows.length === 1;
    },
    async read(id) {
      const rows = await driver.query<{ id: string; version: number; doc: string }>('SELECT id, version, doc FROM whist_duplicate WHERE id = $1', [id]);
      const r = rows[0];
      return r === undefined ? null : { id: r.id, version: Number(r.version), doc: r.doc };
    },
    async update(id, from, doc) {
      const rows = await driver.query<{ id: string }>(
        'UPDATE whist_duplicate SET version = version + 1, doc = $3, changed_at = now() WHERE id = $1 AND version = $2 RETURNING id',
        [id, from, doc],
      );
      return rows.length === 1;
    },
    async sweep(seconds) {
      const rows = await driver.query<{ id: string }>('DELETE FROM whist_duplicate WHERE changed_at < now() - make_interval(secs => $1::float8) RETURNING id', [
        seconds,
      ]);
      return rows.length;
    },
  };
}
