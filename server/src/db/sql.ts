/**
 * The SQL, shared by both drivers: PGlite (PostgreSQL compiled to WebAssembly, in this process) and a real
 * PostgreSQL through `pg`. The same statements run on both.
 *
 * Every change is one call: an `UPDATE … WHERE id = $1 AND version = $2` that bumps the version, and a
 * `pg_notify` that PostgreSQL delivers to every listening process only if the update committed. On
 * PostgreSQL the call is a procedure (`whist_compare_and_set`) that commits the update, then notifies in a
 * transaction of its own: a transaction that notifies holds a lock every other notifying transaction waits
 * for until its commit is on disk, so with the notification in the update's own transaction the changes of
 * every table queued behind one disk flush at a time (about 600 a second on the machine measured, against
 * 3,500 this way). The notification still comes from the database, after the commit, even if the process
 * that made the change dies in between. PGlite (one connection, no disk flush) notifies in the statement.
 *
 * @module
 */

import type { Seat, TableNext } from 'whist';
import {
  type Change,
  type ChangeListener,
  DEFAULT_STAND_IN_SECONDS,
  type PresenceBoard,
  type PresenceChange,
  type PresenceRow,
  type ProcessBeat,
  type Retention,
  type Store,
  type StoredTable,
  type WriteOptions,
  type Written,
} from './base.js';
import { DAILY_SCHEMA, type DailyStore, dailyStore } from './daily.js';
import type { Driver } from './driver.js';
import { DUPLICATE_SCHEMA, type DuplicateStore, duplicateStore } from './duplicate.js';
import { LOBBY_SCHEMA, type LobbyStore, lobbyStore } from './lobby.js';

export type { Driver } from './driver.js';

export const CHANNEL = 'whist_tables';

/** The schema. The advisory lock lets several processes start at once against one empty database. */
export const SCHEMA = `
BEGIN;
SELECT pg_advisory_xact_lock(7201944);
CREATE TABLE IF NOT EXISTS whist_tables (
  id text PRIMARY KEY,
  version integer NOT NULL CHECK (version > 0),
  doc text NOT NULL,
  token_n text NOT NULL,
  token_e text NOT NULL,
  token_s text NOT NULL,
  token_w text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS token_watch text;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS computers text NOT NULL DEFAULT '';
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS stand_in integer NOT NULL DEFAULT 30;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS one_hand boolean NOT NULL DEFAULT false;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS finished boolean NOT NULL DEFAULT false;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS archive text;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS clock_card integer;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS clock_decision integer;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS clock_paused_seat text;
ALTER TABLE whist_tables ADD COLUMN IF NOT EXISTS clock_paused_ms integer;
CREATE INDEX IF NOT EXISTS whist_tables_updated_at ON whist_tables (updated_at);
CREATE TABLE IF NOT EXISTS whist_openings (
  address text NOT NULL,
  bucket bigint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (address, bucket)
);
CREATE TABLE IF NOT EXISTS whist_presence (
  table_id text NOT NULL,
  seat text NOT NULL,
  process text NOT NULL,
  streams integer NOT NULL CHECK (streams >= 0),
  version bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, seat, process)
);
CREATE INDEX IF NOT EXISTS whist_presence_process ON whist_presence (process);
CREATE TABLE IF NOT EXISTS whist_processes (
  process text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
DROP PROCEDURE IF EXISTS whist_compare_and_set(text, integer, text, text, boolean, integer);
DROP PROCEDURE IF EXISTS whist_compare_and_set(text, integer, text, text, boolean, text, integer, text, integer);
DROP PROCEDURE IF EXISTS whist_compare_and_set(text, integer, text, text, boolean, text, text, integer, text, integer);
CREATE OR REPLACE PROCEDURE whist_compare_and_set(p_id text, p_seen integer, p_doc text, p_change text, p_finished boolean, p_seen_md5 text,
  p_archive text, p_paused_seat text, p_paused_ms integer,
  INOUT p_version integer DEFAULT NULL, INOUT p_computers text DEFAULT NULL, INOUT p_stand_in integer DEFAULT NULL)
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE whist_tables SET doc = p_doc, version = version + 1, updated_at = now(), finished = p_finished,
    archive = coalesce(p_archive, archive), clock_paused_seat = p_paused_seat, clock_paused_ms = p_paused_ms
  WHERE id = p_id AND version = p_seen AND (p_seen_md5 IS NULL OR md5(doc) = p_seen_md5)
  RETURNING version, computers, stand_in INTO p_version, p_computers, p_stand_in;
  IF p_version IS NOT NULL THEN
    COMMIT;
    PERFORM pg_notify('${CHANNEL}', p_change);
  END IF;
END $$;
COMMIT;
`;

export const INSERT = `INSERT INTO whist_tables (id, version, doc, token_n, token_e, token_s, token_w, token_watch, computers, stand_in, archive, clock_card, clock_decision, one_hand)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING RETURNING id`;

/**
 * A row, with the time of its last change (the start of a turn's clock) and the time of the read, both in
 * milliseconds since 1970 on the database's clock: the reader learns from the second how far that clock is
 * from its own, so the two need not agree.
 */
export const READ = `SELECT id, version, doc, archive, token_n, token_e, token_s, token_w, token_watch, computers, stand_in, clock_card, clock_decision,
  clock_paused_seat, clock_paused_ms, one_hand,
  (extract(epoch FROM updated_at) * 1000)::float8 AS changed_at, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS read_at
FROM whist_tables WHERE id = $1`;

/**
 * The compare-and-set, with its notification. `pg_notify` runs only for the row the update returned. A
 * table whose rubber is over (it waits for a new rubber) is marked `finished`, for the retention sweep.
 * With $6 (the MD5 of the document the caller checked at version $2), only that very text is replaced:
 * a caller that did not read the row first still never writes over a document it has not checked. $7,
 * when not null, is the new archive (the finished rubbers' summaries, written only when one is archived).
 * The row's computer players come back with the new version, for the answer's seats. $8 and $9 are the
 * card's clock paused while a decision waits (its seat and milliseconds left), or null: every write sets it.
 */
export const COMPARE_AND_SET = `WITH changed AS (
  UPDATE whist_tables SET doc = $3, version = version + 1, updated_at = now(), finished = $5, archive = coalesce($7::text, archive),
    clock_paused_seat = $8::text, clock_paused_ms = $9::integer
  WHERE id = $1 AND version = $2 AND ($6::text IS NULL OR md5(doc) = $6::text)
  RETURNING version, computers, stand_in
)
SELECT version, computers, stand_in, pg_notify('${CHANNEL}', $4::text) FROM changed`;

/**
 * The compare-and-set as a procedure call (PostgreSQL), with the same parameters: the update is committed,
 * and only then notified, in a transaction of its own that does not wait for the disk. `p_version` comes
 * back `null` when another change came first. Not within a transaction block: the procedure commits.
 */
export const CALL_COMPARE_AND_SET = 'CALL whist_compare_and_set($1, $2, $3, $4, $5, $6, $7, $8, $9)';

/**
 * The compare-and-set of a computer player standing in for a person ($10, the seat), as {@link COMPARE_AND_SET},
 * written only if no live process holds an event stream for that seat: no presence row for it with a stream
 * whose process has beaten within $11 seconds. A person who came back through any process, as the store
 * says when the statement runs, is never played for. Stand-ins are rare: this statement notifies within
 * the update's own transaction, on both drivers.
 */
export const COMPARE_AND_SET_ABSENT = `WITH changed AS (
  UPDATE whist_tables SET doc = $3, version = version + 1, updated_at = now(), finished = $5, archive = coalesce($7::text, archive),
    clock_paused_seat = $8::text, clock_paused_ms = $9::integer
  WHERE id = $1 AND version = $2 AND ($6::text IS NULL OR md5(doc) = $6::text)
    AND NOT EXISTS (
      SELECT 1 FROM whist_presence p JOIN whist_processes q ON q.process = p.process
      WHERE p.table_id = $1 AND p.seat = $10::text AND p.streams > 0 AND q.seen_at > now() - make_interval(secs => $11::float8)
    )
  RETURNING version, computers, stand_in
)
SELECT version, computers, stand_in, pg_notify('${CHANNEL}', $4::text) FROM changed`;

/**
 * A process's count of event streams for a seat ($1 table, $2 seat, $3 process, $4 streams), with its
 * notification. The row's version grows with every write, so that a process that reads the rows while
 * notifications arrive keeps the newer of the two.
 */
export const PUBLISH_PRESENCE = `WITH up AS (
  INSERT INTO whist_presence AS p (table_id, seat, process, streams, version, changed_at)
  VALUES ($1, $2, $3, $4, 1, now())
  ON CONFLICT (table_id, seat, process) DO UPDATE SET streams = EXCLUDED.streams, version = p.version + 1, changed_at = now()
  RETURNING table_id, seat, process, streams, version
)
SELECT pg_notify('${CHANNEL}', json_build_object('presence', json_build_object('t', table_id, 's', seat, 'p', process, 'n', streams, 'v', version))::text) FROM up`;

/** A process's heartbeat ($1), and every process's heartbeat age in milliseconds, by the store's clock. */
export const BEAT = `WITH beat AS (
  INSERT INTO whist_processes AS q (process, seen_at) VALUES ($1, now())
  ON CONFLICT (process) DO UPDATE SET seen_at = now()
)
SELECT process, (extract(epoch FROM now() - seen_at) * 1000)::float8 AS age_ms FROM whist_processes WHERE process <> $1`;

/** Every presence row, with its age in milliseconds. */
export const LOAD_PRESENCE = `SELECT table_id, seat, process, streams, version, (extract(epoch FROM now() - changed_at) * 1000)::float8 AS age_ms FROM whist_presence`;

/** Every process's heartbeat age in milliseconds. */
export const LOAD_PROCESSES = `SELECT process, (extract(epoch FROM now() - seen_at) * 1000)::float8 AS age_ms FROM whist_processes`;

/** A process that stops ($1): its counts go to 0, each notified, and its heartbeat is removed. */
export const LEAVE = `WITH gone AS (
  DELETE FROM whist_processes WHERE process = $1
), closed AS (
  UPDATE whist_presence SET streams = 0, version = version + 1, changed_at = now()
  WHERE process = $1 AND streams > 0
  RETURNING table_id, seat, process, streams, version
)
SELECT pg_notify('${CHANNEL}', json_build_object('presence', json_build_object('t', table_id, 's', seat, 'p', process, 'n', streams, 'v', version))::text) FROM closed`;

/** Forgets presence rows older than $1 seconds: with no stream, or of a process with no heartbeat since. */
export const FORGET_PRESENCE = `DELETE FROM whist_presence p
WHERE p.changed_at < now() - make_interval(secs => $1::float8)
  AND (p.streams = 0 OR NOT EXISTS (
    SELECT 1 FROM whist_processes q WHERE q.process = p.process AND q.seen_at >= now() - make_interval(secs => $1::float8)
  ))`;

/** Forgets the processes with no heartbeat for $1 seconds. */
export const FORGET_PROCESSES = 'DELETE FROM whist_processes WHERE seen_at < now() - make_interval(secs => $1::float8)';

/** Sets the seats computer players hold, on the version read, with its notification. */
export const SET_COMPUTERS = `WITH changed AS (
  UPDATE whist_tables SET computers = $3, updated_at = now()
  WHERE id = $1 AND version = $2
  RETURNING version
)
SELECT version, pg_notify('${CHANNEL}', $4) FROM changed`;

/** One more table opened from an address ($1) in the current window of $2 seconds; the count and the seconds left. */
export const COUNT_OPENING = `INSERT INTO whist_openings AS o (address, bucket, n)
VALUES ($1, floor(extract(epoch FROM now()) / $2::float8)::bigint, 1)
ON CONFLICT (address, bucket) DO UPDATE SET n = o.n + 1
RETURNING n, (o.bucket + 1) * $2::float8 - extract(epoch FROM now())::float8 AS wait`;

/**
 * Removes a batch of tables past their retention ($1 finished, $2 any; seconds since the last change, 0
 * for none), at most $3, and tells every process. Rows another transaction holds are skipped (the next
 * sweep takes them), and a row changed meanwhile is judged again on its new version: two processes
 * sweeping at once, or a play racing the sweep, cannot remove a table that is no longer past its time.
 */
export const SWEEP_TABLES = `WITH gone AS (
  DELETE FROM whist_tables WHERE id IN (
    SELECT id FROM whist_tables
    WHERE ($1::float8 > 0 AND finished AND updated_at < now() - make_interval(secs => $1::float8))
       OR ($2::float8 > 0 AND updated_at < now() - make_interval(secs => $2::float8))
    LIMIT $3
    FOR UPDATE SKIP LOCKED
  )
  RETURNING id
)
SELECT id, pg_notify('${CHANNEL}', json_build_object('id', id, 'removed', true)::text) FROM gone`;

/** Forgets the counts of tables opened in windows gone by ($1: the window, in seconds). */
export const SWEEP_OPENINGS = 'DELETE FROM whist_openings WHERE bucket < floor(extract(epoch FROM now()) / $1::float8)::bigint';

/** Tables removed by one statement of a sweep. */
const SWEEP_BATCH = 500;

interface Row {
  id: string;
  version: number;
  doc: string;
  archive: string | null;
  token_n: string;
  token_e: string;
  token_s: string;
  token_w: string;
  token_watch: string | null;
  computers: string;
  stand_in: number;
  clock_card: number | null;
  clock_decision: number | null;
  clock_paused_seat: string | null;
  clock_paused_ms: number | null;
  one_hand: boolean | null;
  changed_at: number | null;
  read_at: number | null;
}

/** The seats computer players hold, from their column ('EW'). */
function computerSeats(column: string | null): Seat[] {
  return [...(column ?? '')].filter((c): c is Seat => c === 'N' || c === 'E' || c === 'S' || c === 'W');
}

function written(computers: string | null, standIn: number | null): Written {
  return { computers: computerSeats(computers), standInSeconds: Number(standIn ?? DEFAULT_STAND_IN_SECONDS) };
}

/** Reads a notification of a table removed: its id, or `null` for anything else. */
export function readRemoved(payload: string): string | null {
  try {
    const v = JSON.parse(payload) as { id?: unknown; removed?: unknown };
    return typeof v.id === 'string' && v.removed === true ? v.id : null;
  } catch {
    return null;
  }
}

/** Reads a notification of a process's count of a seat's streams; `null` for anything else. */
export function readPresence(payload: string): PresenceChange | null {
  try {
    const v = (JSON.parse(payload) as { presence?: unknown }).presence as { t?: unknown; s?: unknown; p?: unknown; n?: unknown; v?: unknown } | undefined;
    if (typeof v !== 'object' || v === null) return null;
    if (typeof v.t !== 'string' || typeof v.p !== 'string' || !isSeat(v.s)) return null;
    if (typeof v.n !== 'number' || !Number.isSafeInteger(v.n) || v.n < 0 || typeof v.v !== 'number' || !Number.isSafeInteger(v.v)) return null;
    return { tableId: v.t, seat: v.s, process: v.p, streams: v.n, version: v.v };
  } catch {
    return null;
  }
}

function isSeat(s: unknown): s is Seat {
  return s === 'N' || s === 'E' || s === 'S' || s === 'W';
}

/** Reads a notification payload back into a change; `null` for anything else. */
export function readChange(payload: string): Change | null {
  try {
    const v = JSON.parse(payload) as { id?: unknown; version?: unknown; next?: unknown; seating?: unknown };
    if (typeof v.id !== 'string' || typeof v.version !== 'number' || !Number.isSafeInteger(v.version)) return null;
    if (typeof v.next !== 'object' || v.next === null) return null;
    return v.seating === true
      ? { id: v.id, version: v.version, next: v.next as TableNext, seating: true }
      : { id: v.id, version: v.version, next: v.next as TableNext };
  } catch {
    return null;
  }
}

/** The store over a driver. */
export class SqlStore implements Store {
  readonly presence: PresenceBoard;
  readonly lobby: LobbyStore;
  readonly daily: DailyStore;
  readonly duplicate: DuplicateStore;
  databaseAheadMs = 0;

  constructor(private readonly driver: Driver) {
    this.presence = presenceBoard(driver);
    this.lobby = lobbyStore(driver);
    this.daily = dailyStore(driver);
    this.duplicate = duplicateStore(driver);
  }

  get description(): string {
    return this.driver.description;
  }

  get shared(): boolean {
    return this.driver.shared === true;
  }

  async migrate(): Promise<void> {
    await this.driver.exec(SCHEMA);
    await this.driver.exec(LOBBY_SCHEMA);
    await this.driver.exec(DAILY_SCHEMA);
    await this.driver.exec(DUPLICATE_SCHEMA);
  }

  async insert(t: StoredTable): Promise<boolean> {
    const h = t.tokenHashes;
    const rows = await this.driver.query<{ id: string }>(INSERT, [
      t.id,
      t.version,
      t.doc,
      h.N,
      h.E,
      h.S,
      h.W,
      t.watchHash ?? null,
      (t.computers ?? []).join(''),
      t.standInSeconds ?? DEFAULT_STAND_IN_SECONDS,
      t.archive ?? null,
      t.clock?.card ?? null,
      t.clock?.decision ?? null,
      t.oneHand === true,
    ]);
    return rows.length === 1;
  }

  async read(id: string): Promise<StoredTable | null> {
    const rows = await this.driver.query<Row>(READ, [id]);
    const r = rows[0];
    if (r === undefined) return null;
    if (r.read_at !== null) this.databaseAheadMs = Number(r.read_at) - Date.now();
    return {
      id: r.id,
      version: Number(r.version),
      doc: r.doc,
      archive: r.archive,
      tokenHashes: { N: r.token_n, E: r.token_e, S: r.token_s, W: r.token_w },
      watchHash: r.token_watch,
      computers: computerSeats(r.computers),
      standInSeconds: Number(r.stand_in ?? DEFAULT_STAND_IN_SECONDS),
      clock: r.clock_card === null || r.clock_decision === null ? null : { card: Number(r.clock_card), decision: Number(r.clock_decision) },
      clockPaused: isSeat(r.clock_paused_seat) && r.clock_paused_ms !== null ? { seat: r.clock_paused_seat, ms: Number(r.clock_paused_ms) } : null,
      ...(r.one_hand === true ? { oneHand: true } : {}),
      ...(r.changed_at === null ? {} : { changedAt: Number(r.changed_at) }),
    };
  }

  async compareAndSet(id: string, seen: number, doc: string, next: TableNext, options: WriteOptions = {}): Promise<Written | null> {
    const change: Change = { id, version: seen + 1, next };
    const paused = options.paused ?? null;
    const params = [
      id,
      seen,
      doc,
      JSON.stringify(change),
      next.action === 'newRubber',
      options.seenMd5 ?? null,
      options.archive ?? null,
      paused?.seat ?? null,
      paused === null ? null : Math.max(0, Math.round(paused.ms)),
    ];
    if (options.absent !== undefined) {
      const rows = await this.driver.query<{ version: number; computers: string; stand_in: number }>(COMPARE_AND_SET_ABSENT, [
        ...params,
        options.absent.seat,
        options.absent.leaseSeconds,
      ]);
      const r = rows[0];
      return r === undefined ? null : written(r.computers, r.stand_in);
    }
    if (this.driver.commitBeforeNotify === true) {
      const rows = await this.driver.query<{ p_version: number | null; p_computers: string | null; p_stand_in: number | null }>(CALL_COMPARE_AND_SET, params);
      const r = rows[0];
      return r === undefined || r.p_version === null ? null : written(r.p_computers, r.p_stand_in);
    }
    const rows = await this.driver.query<{ version: number; computers: string; stand_in: number }>(COMPARE_AND_SET, params);
    const r = rows[0];
    return r === undefined ? null : written(r.computers, r.stand_in);
  }

  async setComputers(id: string, seen: number, computers: readonly Seat[], next: TableNext): Promise<boolean> {
    const change: Change = { id, version: seen, next, seating: true };
    const rows = await this.driver.query<{ version: number }>(SET_COMPUTERS, [id, seen, computers.join(''), JSON.stringify(change)]);
    return rows.length === 1;
  }

  async countOpening(address: string, windowSeconds: number): Promise<{ count: number; waitSeconds: number }> {
    const rows = await this.driver.query<{ n: number; wait: number }>(COUNT_OPENING, [address, windowSeconds]);
    const r = rows[0];
    if (r === undefined) throw new Error('counting a table opened returned no row');
    return { count: Number(r.n), waitSeconds: Number(r.wait) };
  }

  async sweep(retention: Retention): Promise<number> {
    let removed = 0;
    if (retention.finishedSeconds > 0 || retention.abandonedSeconds > 0)
      for (;;) {
        const rows = await this.driver.query<{ id: string }>(SWEEP_TABLES, [retention.finishedSeconds, retention.abandonedSeconds, SWEEP_BATCH]);
        removed += rows.length;
        if (rows.length < SWEEP_BATCH) break;
      }
    if (retention.openingsWindowSeconds > 0) await this.driver.query(SWEEP_OPENINGS, [retention.openingsWindowSeconds]);
    // A day of the daily challenge, and its entries, go with the abandoned retention: its tables are gone by then.
    if (retention.abandonedSeconds > 0) await this.daily.sweep(retention.abandonedSeconds);
    // A duplicate event goes with the abandoned retention too, counted from its last change.
    if (retention.abandonedSeconds > 0) await this.duplicate.sweep(retention.abandonedSeconds);
    return removed;
  }

  subscribe(listener: ChangeListener): Promise<() => Promise<void>> {
    return this.driver.listen(
      CHANNEL,
      (payload) => {
        const change = readChange(payload);
        if (change !== null) listener.onChange(change);
        else {
          const removed = readRemoved(payload);
          if (removed !== null) listener.onRemoved?.(removed);
          else {
            const presence = readPresence(payload);
            if (presence !== null) listener.onPresence?.(presence);
          }
        }
      },
      () => listener.onResync(),
    );
  }

  async ping(): Promise<void> {
    await this.driver.query('SELECT 1 AS ok', []);
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** The presence rows over a driver. */
function presenceBoard(driver: Driver): PresenceBoard {
  const beats = (rows: Array<{ process: string; age_ms: number }>): ProcessBeat[] => rows.map((r) => ({ process: r.process, ageMs: Number(r.age_ms) }));
  return {
    async publish(tableId, seat, process, streams) {
      await driver.query(PUBLISH_PRESENCE, [tableId, seat, process, streams]);
    },
    async beat(process) {
      return beats(await driver.query<{ process: string; age_ms: number }>(BEAT, [process]));
    },
    async load() {
      const rows = await driver.query<{ table_id: string; seat: string; process: string; streams: number; version: number | string; age_ms: number }>(
        LOAD_PRESENCE,
        [],
      );
      const processes = beats(await driver.query<{ process: string; age_ms: number }>(LOAD_PROCESSES, []));
      const read: PresenceRow[] = [];
      for (const r of rows)
        if (isSeat(r.seat))
          read.push({ tableId: r.table_id, seat: r.seat, process: r.process, streams: Number(r.streams), version: Number(r.version), ageMs: Number(r.age_ms) });
      return { rows: read, processes };
    },
    async leave(process) {
      await driver.query(LEAVE, [process]);
    },
    async forget(seconds) {
      await driver.query(FORGET_PRESENCE, [seconds]);
      await driver.query(FORGET_PROCESSES, [seconds]);
    },
  };
}
