/**
 * The lobby's SQL, for both drivers: the tables gathering players before they open, and who sits at each.
 *
 * A lobby table is a row of `whist_lobby` (its rules, whether "Play now" opened it, when its empty seats go
 * to computer players) and one row of `whist_lobby_seats` per person seated (a place 0-3, the name they
 * chose, the SHA-256 of their seat's token, when their page was last heard from). The table itself is
 * opened in `whist_tables` under the same id once four people sit or its wait is over; from then on the
 * seat's token is the seat's key there.
 *
 * Every statement is one round trip and touches rows by key or through an index: the listing reads the
 * gathering tables in the order they were opened (a partial index of those not yet closed), a page at a
 * time; a seat is found by its token's hash (a unique index).
 *
 * @module
 */

import type { Driver } from './driver.js';

/** The lobby's schema: made with the store's (the same advisory lock). */
export const LOBBY_SCHEMA = `
BEGIN;
SELECT pg_advisory_xact_lock(7201944);
CREATE TABLE IF NOT EXISTS whist_lobby (
  id text PRIMARY KEY,
  rules text NOT NULL,
  laws boolean NOT NULL DEFAULT false,
  quick boolean NOT NULL DEFAULT false,
  starts_at timestamptz NOT NULL,
  closing_at timestamptz,
  opened boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS whist_lobby_listed ON whist_lobby (created_at, id) WHERE NOT opened;
CREATE INDEX IF NOT EXISTS whist_lobby_due ON whist_lobby (starts_at) WHERE NOT opened;
CREATE INDEX IF NOT EXISTS whist_lobby_quick ON whist_lobby (rules, laws, created_at) WHERE quick AND closing_at IS NULL AND NOT opened;
CREATE TABLE IF NOT EXISTS whist_lobby_seats (
  lobby_id text NOT NULL REFERENCES whist_lobby (id) ON DELETE CASCADE,
  place smallint NOT NULL CHECK (place BETWEEN 0 AND 3),
  name text NOT NULL,
  token text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lobby_id, place)
);
CREATE UNIQUE INDEX IF NOT EXISTS whist_lobby_seats_token ON whist_lobby_seats (token);
CREATE INDEX IF NOT EXISTS whist_lobby_seats_seen ON whist_lobby_seats (seen_at);
CREATE OR REPLACE FUNCTION whist_lobby_seat(p_id text, p_name text, p_token text, p_wait float8)
RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  p smallint;
BEGIN
  -- The table row locked: one that started closing takes no one, and two seats taken at once wait in turn.
  PERFORM 1 FROM whist_lobby WHERE id = p_id AND closing_at IS NULL AND NOT opened FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT g FROM generate_series(0, 3) AS g
  WHERE g NOT IN (SELECT s.place FROM whist_lobby_seats s WHERE s.lobby_id = p_id) ORDER BY g LIMIT 1 INTO p;
  IF p IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO whist_lobby_seats (lobby_id, place, name, token) VALUES (p_id, p, p_name, p_token) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_wait IS NOT NULL THEN
    UPDATE whist_lobby SET starts_at = least(starts_at, now() + make_interval(secs => p_wait)) WHERE id = p_id;
  END IF;
  RETURN p;
END;
$$;
CREATE OR REPLACE FUNCTION whist_lobby_play(p_rules text, p_laws boolean, p_id text, p_name text, p_token text, p_wait float8)
RETURNS TABLE (lobby_id text, place smallint)
LANGUAGE plpgsql AS $$
DECLARE
  t text;
  p smallint;
BEGIN
  -- One "Play now" of these rules at a time, across processes, until this one commits: the next one then
  -- sees the table this one opened or took a seat at (each statement below reads what is committed).
  PERFORM pg_advisory_xact_lock(7201945, hashtext(p_rules || CASE WHEN p_laws THEN ' laws' ELSE '' END));
  FOR t IN
    SELECT l.id FROM whist_lobby l
    WHERE l.quick AND l.closing_at IS NULL AND NOT l.opened AND l.rules = p_rules AND l.laws = p_laws
      AND (SELECT count(*) FROM whist_lobby_seats s WHERE s.lobby_id = l.id) < 4
    ORDER BY l.created_at
  LOOP
    p := whist_lobby_seat(t, p_name, p_token, p_wait);
    CONTINUE WHEN p IS NULL;
    RETURN QUERY SELECT t, p;
    RETURN;
  END LOOP;
  INSERT INTO whist_lobby (id, rules, laws, quick, starts_at) VALUES (p_id, p_rules, p_laws, true, now() + make_interval(secs => p_wait));
  RETURN QUERY SELECT p_id, whist_lobby_seat(p_id, p_name, p_token, p_wait);
END;
$$;
COMMIT;
`;

/** Opens a public lobby table ($1 id, $2 rules, $3 laws, $4 seconds until its empty seats go to computer players); "Play now" opens its own (whist_lobby_play). */
const OPEN = `INSERT INTO whist_lobby (id, rules, laws, starts_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::float8))
ON CONFLICT (id) DO NOTHING RETURNING id`;

/**
 * Seats a person ($2 name, $3 token hash) at the lowest free place of lobby table $1, if it is still
 * gathering; with $4 (seconds), its empty seats go to computer players no later than that from now
 * (whist_lobby_seat). The lobby row is locked, so a table that starts closing takes no one after; the place
 * is `null` when the table is full or not gathering, or when another took the same place at once (tried
 * again).
 */
const JOIN = 'SELECT whist_lobby_seat($1, $2, $3, $4::float8) AS place';

/**
 * "Play now" ($1 rules, $2 laws): a seat ($4 name, $5 token hash) at the oldest "Play now" table of these
 * rules still gathering with a free seat, or at place 0 of a new one ($3 its id); the table's empty seats
 * go to computer players no later than $6 seconds from now. One statement, one at a time for the same
 * rules across processes (whist_lobby_play's advisory lock), so two people who come at once never open two
 * tables.
 */
const PLAY = 'SELECT lobby_id, place FROM whist_lobby_play($1, $2, $3, $4, $5, $6::float8)';

/** The oldest "Play now" table of these rules ($1, $2 laws) still gathering with a free seat. */
const QUICK = `SELECT l.id FROM whist_lobby l
WHERE l.quick AND l.closing_at IS NULL AND NOT l.opened AND l.rules = $1 AND l.laws = $2
  AND (SELECT count(*) FROM whist_lobby_seats s WHERE s.lobby_id = l.id) < 4
ORDER BY l.created_at LIMIT 1`;

/**
 * A page of the listing: tables still gathering, with a free seat, in the order they were opened, after the
 * cursor ($1 microseconds since the epoch and $2 id; null for the first page), at most $3. Each with the
 * names at its places and the seconds until it opens.
 */
const LIST = `SELECT l.id, l.rules, l.laws, l.quick,
  (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS at,
  greatest(0, extract(epoch FROM l.starts_at - now()))::float8 AS starts_in,
  (SELECT coalesce(json_agg(json_build_array(s.place, s.name) ORDER BY s.place), '[]'::json)::text FROM whist_lobby_seats s WHERE s.lobby_id = l.id) AS seats
FROM whist_lobby l
WHERE NOT l.opened AND l.closing_at IS NULL
  AND ($1::bigint IS NULL OR (l.created_at, l.id) > (timestamptz 'epoch' + $1::bigint * interval '1 microsecond', $2::text))
  AND (SELECT count(*) FROM whist_lobby_seats s WHERE s.lobby_id = l.id) < 4
ORDER BY l.created_at, l.id LIMIT $3`;

/**
 * A person's seat, by its token's hash ($1), at lobby table $2; its page is heard from (`seen_at`). The
 * table's rules, the names at its places, the seconds until it opens, and whether it has.
 */
const SEEN = `WITH me AS (
  UPDATE whist_lobby_seats SET seen_at = now() WHERE token = $1 AND lobby_id = $2 RETURNING place
)
SELECT me.place, l.id, l.rules, l.laws, l.quick, l.opened, l.closing_at IS NOT NULL AS closing,
  greatest(0, extract(epoch FROM l.starts_at - now()))::float8 AS starts_in,
  (SELECT coalesce(json_agg(json_build_array(s.place, s.name) ORDER BY s.place), '[]'::json)::text FROM whist_lobby_seats s WHERE s.lobby_id = l.id) AS seats
FROM me JOIN whist_lobby l ON l.id = $2`;

/** A person leaves a table still gathering ($1 token hash, $2 lobby id). */
const LEAVE = `DELETE FROM whist_lobby_seats s USING whist_lobby l
WHERE s.token = $1 AND s.lobby_id = $2 AND l.id = s.lobby_id AND l.closing_at IS NULL AND NOT l.opened RETURNING s.place`;

/** Tables whose time to open has come ($1 at most): full, or past their wait, and not closing (or closing for over 15 s: its process died). */
const DUE = `SELECT l.id FROM whist_lobby l
WHERE NOT l.opened AND (l.closing_at IS NULL OR l.closing_at < now() - interval '15 seconds')
  AND (l.starts_at <= now() OR (SELECT count(*) FROM whist_lobby_seats s WHERE s.lobby_id = l.id) = 4)
ORDER BY l.starts_at LIMIT $1`;

/**
 * Takes a table to open ($1): it seats no one more from now on. Only one process takes it (the row is
 * locked by the update); one that took it and died is replaced after 15 s. Returns the table and its people.
 */
const CLOSE = `WITH taken AS (
  UPDATE whist_lobby l SET closing_at = now()
  WHERE l.id = $1 AND NOT l.opened AND (l.closing_at IS NULL OR l.closing_at < now() - interval '15 seconds')
    AND (l.starts_at <= now() OR (SELECT count(*) FROM whist_lobby_seats s WHERE s.lobby_id = l.id) = 4)
  RETURNING l.id, l.rules, l.laws, l.quick
)
SELECT id, rules, laws, quick FROM taken`;

/** The people at a table being opened: read after {@link CLOSE} committed, so no one joins after. */
const PEOPLE = 'SELECT place, name, token FROM whist_lobby_seats WHERE lobby_id = $1 ORDER BY place';

/** The table is open in `whist_tables`. */
const OPENED = 'UPDATE whist_lobby SET opened = true WHERE id = $1';

/**
 * The sweep: seats whose page was not heard from for $1 seconds leave their table (unless it is closing),
 * tables gathering with no one left go, and opened tables are forgotten after $2 seconds (their pages have
 * gone to the table by then).
 */
const SWEEP_SEATS = `DELETE FROM whist_lobby_seats s USING whist_lobby l
WHERE s.seen_at < now() - make_interval(secs => $1::float8) AND l.id = s.lobby_id AND l.closing_at IS NULL AND NOT l.opened`;
const SWEEP_EMPTY = `DELETE FROM whist_lobby l
WHERE l.closing_at IS NULL AND NOT l.opened AND l.created_at < now() - make_interval(secs => $1::float8)
  AND NOT EXISTS (SELECT 1 FROM whist_lobby_seats s WHERE s.lobby_id = l.id)`;
const SWEEP_OPENED = `DELETE FROM whist_lobby WHERE opened AND closing_at < now() - make_interval(secs => $1::float8)`;

/** A lobby table in the listing: the names at its places (`null`: free), in place order. */
export interface ListedRow {
  readonly id: string;
  readonly rules: string;
  readonly laws: boolean;
  readonly quick: boolean;
  /** Microseconds since the epoch when it was opened, as text: the listing's cursor. */
  readonly at: string;
  readonly startsIn: number;
  readonly places: readonly (string | null)[];
}

/** A person's seat at a lobby table, as their page polls it. */
export interface SeatRow {
  readonly place: number;
  readonly id: string;
  readonly rules: string;
  readonly laws: boolean;
  readonly quick: boolean;
  readonly opened: boolean;
  readonly closing: boolean;
  readonly startsIn: number;
  readonly places: readonly (string | null)[];
}

/** A table being opened: its rules and the people at its places. */
export interface Closing {
  readonly id: string;
  readonly rules: string;
  readonly laws: boolean;
  readonly people: ReadonlyArray<{ readonly place: number; readonly name: string; readonly tokenHash: string }>;
}

/** The lobby's rows in the store. */
export interface LobbyStore {
  /** Opens a public table; `false` if the id is taken. */
  open(id: string, rules: string, laws: boolean, waitSeconds: number): Promise<boolean>;
  /** The place taken, or `null` when the table is not gathering or full. */
  join(id: string, name: string, tokenHash: string, waitSeconds: number | null): Promise<number | null>;
  /** The oldest "Play now" table gathering with a free seat, for these rules: what `play` would seat at now. */
  quick(rules: string, laws: boolean): Promise<string | null>;
  /**
   * "Play now": a seat at the oldest "Play now" table gathering with a free seat, for these rules, or at a
   * new one under `newId`; its empty seats go to computer players no later than `waitSeconds` from now.
   * `null` only when `newId` is taken.
   */
  play(
    rules: string,
    laws: boolean,
    newId: string,
    name: string,
    tokenHash: string,
    waitSeconds: number,
  ): Promise<{ readonly id: string; readonly place: number } | null>;
  list(after: { readonly at: string; readonly id: string } | null, limit: number): Promise<ListedRow[]>;
  seen(tokenHash: string, id: string): Promise<SeatRow | null>;
  leave(tokenHash: string, id: string): Promise<boolean>;
  due(limit: number): Promise<string[]>;
  /** Takes a table to open; `null` when it is not due, or another process took it. */
  close(id: string): Promise<Closing | null>;
  opened(id: string): Promise<void>;
  sweep(seatSeconds: number, openedSeconds: number): Promise<void>;
}

/** The names at places 0-3 from the JSON a statement made (`[[place, name], …]`). */
function places(json: string): (string | null)[] {
  const out: (string | null)[] = [null, null, null, null];
  for (const [place, name] of JSON.parse(json) as Array<[number, string]>) if (place >= 0 && place < 4) out[place] = name;
  return out;
}

export function lobbyStore(driver: Driver): LobbyStore {
  return {
    async open(id, rules, laws, waitSeconds) {
      return (await driver.query(OPEN, [id, rules, laws, waitSeconds])).length === 1;
    },
    async join(id, name, tokenHash, waitSeconds) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const rows = await driver.query<{ place: number | null }>(JOIN, [id, name, tokenHash, waitSeconds]);
        const place = rows[0]?.place;
        if (place !== null && place !== undefined) return Number(place);
        // No place: the table is full or not gathering; or another took the same place at once (tried again).
        const still = await driver.query<{ n: number }>(
          'SELECT (SELECT count(*) FROM whist_lobby_seats WHERE lobby_id = $1)::int AS n FROM whist_lobby WHERE id = $1 AND closing_at IS NULL AND NOT opened',
          [id],
        );
        if (still[0] === undefined || Number(still[0].n) >= 4) return null;
      }
      return null;
    },
    async quick(rules, laws) {
      const rows = await driver.query<{ id: string }>(QUICK, [rules, laws]);
      return rows[0]?.id ?? null;
    },
    async play(rules, laws, newId, name, tokenHash, waitSeconds) {
      try {
        const rows = await driver.query<{ lobby_id: string; place: number }>(PLAY, [rules, laws, newId, name, tokenHash, waitSeconds]);
        const row = rows[0];
        return row === undefined ? null : { id: row.lobby_id, place: Number(row.place) };
      } catch (e) {
        // A new table's id already in use (23505, unique_violation): the caller tries another.
        if ((e as { code?: unknown }).code === '23505') return null;
        throw e;
      }
    },
    async list(after, limit) {
      const rows = await driver.query<{ id: string; rules: string; laws: boolean; quick: boolean; at: string; starts_in: number; seats: string }>(LIST, [
        after?.at ?? null,
        after?.id ?? '',
        limit,
      ]);
      return rows.map((r) => ({ id: r.id, rules: r.rules, laws: r.laws, quick: r.quick, at: r.at, startsIn: Number(r.starts_in), places: places(r.seats) }));
    },
    async seen(tokenHash, id) {
      const rows = await driver.query<{
        place: number;
        id: string;
        rules: string;
        laws: boolean;
        quick: boolean;
        opened: boolean;
        closing: boolean;
        starts_in: number;
        seats: string;
      }>(SEEN, [tokenHash, id]);
      const r = rows[0];
      if (r === undefined) return null;
      return {
        place: Number(r.place),
        id: r.id,
        rules: r.rules,
        laws: r.laws,
        quick: r.quick,
        opened: r.opened,
        closing: r.closing,
        startsIn: Number(r.starts_in),
        places: places(r.seats),
      };
    },
    async leave(tokenHash, id) {
      return (await driver.query(LEAVE, [tokenHash, id])).length > 0;
    },
    async due(limit) {
      return (await driver.query<{ id: string }>(DUE, [limit])).map((r) => r.id);
    },
    async close(id) {
      const taken = (await driver.query<{ id: string; rules: string; laws: boolean }>(CLOSE, [id]))[0];
      if (taken === undefined) return null;
      const people = await driver.query<{ place: number; name: string; token: string }>(PEOPLE, [id]);
      return {
        id: taken.id,
        rules: taken.rules,
        laws: taken.laws,
        people: people.map((p) => ({ place: Number(p.place), name: p.name, tokenHash: p.token })),
      };
    },
    async opened(id) {
      await driver.query(OPENED, [id]);
    },
    async sweep(seatSeconds, openedSeconds) {
      await driver.query(SWEEP_SEATS, [seatSeconds]);
      await driver.query(SWEEP_EMPTY, [seatSeconds]);
      await driver.query(SWEEP_OPENED, [openedSeconds]);
    },
  };
}
