/**
 * Duplicate events' SQL, for both drivers (and rated tables', ratings.ts: a row of the same kind): one row an event, its whole state as JSON text (duplicate.ts
 * writes and reads it), a version, whether it is rated and when it ended; and the registered players,
 * each a name (one a name, whatever its case) and the SHA-256 of the key that proves it (ratings.ts). Every change is one compare-and-set on the version read, so that two
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
  rated boolean NOT NULL DEFAULT false,
  over_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS whist_duplicate_rated ON whist_duplicate (over_at) WHERE rated;
CREATE TABLE IF NOT EXISTS whist_players (
  name_key text PRIMARY KEY,
  name text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
COMMIT;
`;

/** A duplicate event as stored: its id, its version (from 1) and its state as JSON text. */
export interface DuplicateRow {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
}

/** A registered player: the name they are rated under, and the SHA-256 of their key. */
export interface PlayerRow {
  readonly name: string;
  readonly keyHash: string;
}

export interface DuplicateStore {
  /** A new event at version 1 (`rated`: it counts for the ratings); `false` when the id is taken. */
  insert(id: string, doc: string, rated: boolean): Promise<boolean>;
  /** An event, or `null`. */
  read(id: string): Promise<DuplicateRow | null>;
  /**
   * Writes the event's next state over version `from` (`over`: the event has ended, and its end is stamped
   * once); `false` when it is not at that version any more.
   */
  update(id: string, from: number, doc: string, over: boolean): Promise<boolean>;
  /** Every rated event that has ended, in the order they ended. */
  ratedOver(): Promise<DuplicateRow[]>;
  /** The rated rows that have not ended (a rated table waiting for its rubber's end), oldest first, at most `limit`. */
  ratedOpen(limit: number): Promise<DuplicateRow[]>;
  /** Removes the events unchanged for more than `seconds`, but those rated that have ended (the ratings rest on them); returns how many. */
  sweep(seconds: number): Promise<number>;
  /** Registers a player; `false` when the name is taken, whatever its case. */
  register(player: PlayerRow, nameKey: string): Promise<boolean>;
  /** A registered player by the key of their name, or `null`. */
  player(nameKey: string): Promise<PlayerRow | null>;
}

export function duplicateStore(driver: Driver): DuplicateStore {
  return {
    async insert(id, doc, rated) {
      const rows = await driver.query<{ id: string }>(
        'INSERT INTO whist_duplicate (id, version, doc, rated) VALUES ($1, 1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
        [id, doc, rated],
      );
      return rows.length === 1;
    },
    async read(id) {
      const rows = await driver.query<{ id: string; version: number; doc: string }>('SELECT id, version, doc FROM whist_duplicate WHERE id = $1', [id]);
      const r = rows[0];
      return r === undefined ? null : { id: r.id, version: Number(r.version), doc: r.doc };
    },
    async update(id, from, doc, over) {
      const rows = await driver.query<{ id: string }>(
        `UPDATE whist_duplicate SET version = version + 1, doc = $3, changed_at = now(),
           over_at = CASE WHEN $4 THEN coalesce(over_at, clock_timestamp()) ELSE NULL END
         WHERE id = $1 AND version = $2 RETURNING id`,
        [id, from, doc, over],
      );
      return rows.length === 1;
    },
    async ratedOver() {
      const rows = await driver.query<{ id: string; version: number; doc: string }>(
        'SELECT id, version, doc FROM whist_duplicate WHERE rated AND over_at IS NOT NULL ORDER BY over_at, id',
        [],
      );
      return rows.map((r) => ({ id: r.id, version: Number(r.version), doc: r.doc }));
    },
    async ratedOpen(limit) {
      const rows = await driver.query<{ id: string; version: number; doc: string }>(
        'SELECT id, version, doc FROM whist_duplicate WHERE rated AND over_at IS NULL ORDER BY created_at, id LIMIT $1',
        [limit],
      );
      return rows.map((r) => ({ id: r.id, version: Number(r.version), doc: r.doc }));
    },
    async register(player, nameKey) {
      const rows = await driver.query<{ name_key: string }>(
        'INSERT INTO whist_players (name_key, name, key) VALUES ($1, $2, $3) ON CONFLICT (name_key) DO NOTHING RETURNING name_key',
        [nameKey, player.name, player.keyHash],
      );
      return rows.length === 1;
    },
    async player(nameKey) {
      const rows = await driver.query<{ name: string; key: string }>('SELECT name, key FROM whist_players WHERE name_key = $1', [nameKey]);
      const r = rows[0];
      return r === undefined ? null : { name: r.name, keyHash: r.key };
    },
    async sweep(seconds) {
      const rows = await driver.query<{ id: string }>(
        'DELETE FROM whist_duplicate WHERE (NOT rated OR over_at IS NULL) AND changed_at < now() - make_interval(secs => $1::float8) RETURNING id',
        [seconds],
      );
      return rows.length;
    },
  };
}
