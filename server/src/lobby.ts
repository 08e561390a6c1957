/**
 * The lobby: tables gathering players before they open, listed for anyone to join, and "Play now", a queue
 * that seats people as they come at a table of four. No process holds any of it: every table gathering and
 * every person at one is a row in the store (db/lobby.ts), so all the processes of one store share one lobby.
 *
 * - `GET /lobby?after=<cursor>&limit=<n>`: the tables gathering with a free seat, oldest first, a page at a
 *   time (at most 50); `{ tables: [{ id, rules, laws, quick, startsInSeconds, places: [name | null ×4] }],
 *   next }`, `next` the cursor of the page after, or `null`. An `ETag` comes with it, and `If-None-Match`
 *   gets 304 when nothing changed: a page polls it (every few seconds) to show the lobby live. Each process
 *   keeps a page it read for a second, so that many pages polling cost one query a second.
 * - `POST /lobby/tables` `{ name, rules?, laws?, waitSeconds? }`: opens a public table, the opener at its
 *   first place; 201 `{ id, token, place }`. Its empty seats go to computer players after `waitSeconds` (60
 *   by default), or it opens as soon as four people sit.
 * - `POST /lobby/tables/:id/seats` `{ name }`: takes a free seat; 201 `{ id, token, place }`, 409
 *   `NO_FREE_SEAT` when the table is full or has opened.
 * - `POST /lobby/play` `{ name, waitSeconds, rules?, laws? }`: "Play now": a seat at the oldest "Play now"
 *   table of those rules still gathering, or at a new one; the person's wait brings its opening forward to
 *   at most `waitSeconds` from now (0: at once, with computer players in every seat no one took).
 * - `GET /lobby/tables/:id` (the seat's token): the table as it gathers, `{ id, rules, laws, quick, place,
 *   places, startsInSeconds, opened }`. Polling it is the person's presence: a page not heard from for
 *   {@link SEAT_SECONDS} leaves its seat (a closed page leaves the queue). Once `opened`, the same token is the
 *   seat's at `/tables/:id`: the seat's link is `?table=<id>&token=<token>`, as for a private table.
 * - `DELETE /lobby/tables/:id/seat` (the seat's token): leaves a table still gathering.
 *
 * A table opens (in `whist_tables`, under the same id) when four people sit or its wait is over: one
 * process takes it in the store (no one joins after), the names at its places are its players (they cut
 * for partners), each person's seat takes the hash of the token they were given, and the empty places go
 * to computer players (`computers` of the new table: the library's `computerMove`, through computers.ts).
 * Every process looks for tables due every second, and a poll of a seat looks at its own table.
 *
 * Names are chosen by the person and checked here ({@link readName}): 1 to 24 letters, digits, spaces and
 * `' . - _`, starting with a letter or digit; anything else is a 400 `INVALID_NAME`.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRESET_NAMES, type PresetName } from 'whist';
import { hashToken, newTableId, newToken, TABLE_ID } from './auth.js';
import { LOBBY_CLOCK, type TurnClock } from './clock.js';
import type { Computers } from './computers.js';
import type { ListedRow, LobbyStore } from './db/lobby.js';
import { ApiError, storeCall, whyOf } from './errors.js';
import { invalid, isObject, onlyFields } from './requests.js';
import type { Logger, Tables } from './tables.js';

/** The longest wait a person may choose before the empty seats go to computer players. */
export const MAX_WAIT_SECONDS = 300;

/** A public table's wait when its opener names none. */
export const DEFAULT_WAIT_SECONDS = 60;

/** A person whose page was not heard from for this long leaves the table gathering (the page polls every 2 s). */
export const SEAT_SECONDS = 10;

/** The longest name, in characters. */
export const MAX_NAME = 24;

/** Tables a listing page holds at most, and by default. */
const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 20;

/** How long a process answers the listing from the page it read last. */
const LIST_CACHE_MS = 1_000;

const NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '’._-]*$/u;

/**
 * A person's name, as the lobby keeps and shows it: trimmed, runs of spaces made one, in Unicode's composed
 * form; 400 `INVALID_NAME` when it is not 1 to {@link MAX_NAME} letters (of any script), digits, spaces and
 * `' ’ . - _`, starting with a letter or digit (no control characters, no direction marks, no markup).
 */
export function readName(value: unknown): string {
  if (typeof value !== 'string') throw new ApiError(400, 'INVALID_NAME', 'name must be a string');
  // Counted before anything else is done with it: a huge name costs no normalising.
  if (value.length > MAX_NAME * 4) throw new ApiError(400, 'INVALID_NAME', `a name has at most ${MAX_NAME} characters`);
  const name = value.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  if (name.length === 0) throw new ApiError(400, 'INVALID_NAME', 'a name needs at least one letter or digit');
  if ([...name].length > MAX_NAME) throw new ApiError(400, 'INVALID_NAME', `a name has at most ${MAX_NAME} characters`);
  if (!NAME.test(name)) throw new ApiError(400, 'INVALID_NAME', "a name has letters, digits, spaces and ' . - _ only, and starts with a letter or digit");
  return name;
}

/** A body that is `{ "name": "…" }` and nothing else: the name, read as {@link readName} reads it. */
export function readNameBody(value: unknown): string {
  if (!isObject(value)) throw invalid('the body must be { "name": "…" }');
  onlyFields(value, ['name']);
  return readName(value.name);
}

function readRules(value: unknown): PresetName {
  if (value === undefined) return 'short';
  if (typeof value !== 'string' || !(PRESET_NAMES as readonly string[]).includes(value)) throw invalid(`rules must be one of ${PRESET_NAMES.join(', ')}`);
  return value as PresetName;
}

function readLaws(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid('laws must be true or false');
  return value;
}

function readWait(value: unknown, otherwise: number | undefined): number {
  if (value === undefined && otherwise !== undefined) return otherwise;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_WAIT_SECONDS)
    throw invalid(`waitSeconds must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}`);
  return value;
}

/** The body of `POST /lobby/tables` and `POST /lobby/play`. */
export interface OpenLobby {
  readonly name: string;
  readonly rules: PresetName;
  readonly laws: boolean;
  readonly waitSeconds: number;
}

/** Reads `{ name, rules?, laws?, waitSeconds? }`; `waitSeconds` is required for "Play now" (`quick`). */
export function readOpen(body: unknown, quick: boolean): OpenLobby {
  if (!isObject(body)) throw invalid('the body must be a JSON object: {"name":…}');
  onlyFields(body, ['name', 'rules', 'laws', 'waitSeconds']);
  return {
    name: readName(body.name),
    rules: readRules(body.rules),
    laws: readLaws(body.laws),
    waitSeconds: readWait(body.waitSeconds, quick ? undefined : DEFAULT_WAIT_SECONDS),
  };
}

/** Reads `{ name }`, the body of `POST /lobby/tables/:id/seats`. */
export function readJoin(body: unknown): string {
  if (!isObject(body)) throw invalid('the body must be a JSON object: {"name":…}');
  onlyFields(body, ['name']);
  return readName(body.name);
}

/** A table in the lobby's listing. */
export interface LobbyTable {
  readonly id: string;
  readonly rules: PresetName;
  readonly laws: boolean;
  /** Opened by "Play now". */
  readonly quick: boolean;
  /** Seconds until its empty seats go to computer players and it opens. */
  readonly startsInSeconds: number;
  /** The name at each of its four places; `null`: free. */
  readonly places: readonly (string | null)[];
}

/** The listing's answer. */
export interface LobbyPage {
  readonly tables: readonly LobbyTable[];
  /** The cursor of the next page (`?after=`), or `null`: no more. */
  readonly next: string | null;
}

/** A seat taken in the lobby: the table's id, the seat's token (its key, there and once the table opens), the place. */
export interface LobbySeat {
  readonly id: string;
  readonly token: string;
  readonly place: number;
}

/** A seat at a table gathering, as its person's page polls it. */
export interface LobbyWait {
  readonly id: string;
  readonly rules: PresetName;
  readonly laws: boolean;
  readonly quick: boolean;
  readonly place: number;
  readonly places: readonly (string | null)[];
  readonly startsInSeconds: number;
  /** The table is open: the token is the seat's at `/tables/:id`. */
  readonly opened: boolean;
}

function listed(r: ListedRow): LobbyTable {
  return {
    id: r.id,
    rules: r.rules as PresetName,
    laws: r.laws,
    quick: r.quick,
    startsInSeconds: Math.ceil(r.startsIn),
    places: r.places,
  };
}

/** The cursor of a listing page: the last table's time and id, as `<microseconds>.<id>`. */
function readCursor(text: string | null): { at: string; id: string } | null {
  if (text === null) return null;
  const m = /^(\d{1,17})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (m === null) throw invalid('after must be the next cursor of a listing page');
  return { at: m[1] as string, id: m[2] as string };
}

function readLimit(text: string | null): number {
  if (text === null) return DEFAULT_LIMIT;
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > MAX_LIMIT) throw invalid(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return Number(text);
}

/** The names of a table's players: the people's as they chose them (made distinct), then computer players'. */
export function playerNames(places: readonly (string | null)[]): { players: string[]; computers: string[] } {
  const players: string[] = [];
  const computers: string[] = [];
  const taken = new Set<string>();
  const distinct = (name: string): string => {
    let n = name;
    for (let i = 2; taken.has(n.toLowerCase()); i++) n = `${name} ${i}`;
    taken.add(n.toLowerCase());
    return n;
  };
  for (const name of places) players.push(name === null ? '' : distinct(name));
  for (let i = 0; i < 4; i++)
    if (places[i] === null) {
      const name = distinct(`Computer ${i + 1}`);
      players[i] = name;
      computers.push(name);
    }
  return { players, computers };
}

export interface LobbyOptions {
  /** How often a process looks for tables due to open (ms); 0: never by itself (each poll still does). */
  readonly intervalMs?: number;
  /** The turn clock its tables open with (`LOBBY_CLOCK` unless set: `WHIST_LOBBY_CLOCK`). */
  readonly clock?: TurnClock;
}

/** What the HTTP layer lends the lobby's routes: the answer, and the limits it keeps. */
export interface LobbyRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly method: string;
  /** The request's body, read within the body limit, as JSON. */
  body(): Promise<unknown>;
  /** Sends JSON with a status and extra headers. */
  send(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Sends a status with no body (304, 204). */
  sendEmpty(status: number, headers?: Record<string, string>): void;
  /** One request counted against the client's address: 429 past its rate. */
  takeAddress(): void;
  /** One table opened counted against the client's address in the store: 429 past the cap. */
  countOpening(): Promise<void>;
  /** The caller's token, hashed (401 without one; 429 past the token's rate). */
  tokenHash(): string;
}

const LOBBY_PATH = /^\/lobby(?:\/(tables|play)(?:\/([^/]+)(?:\/(seats|seat))?)?)?$/;

export class Lobby {
  private readonly rows: LobbyStore;
  private timer: NodeJS.Timeout | null = null;
  private opening: Promise<void> | null = null;
  private sweptAt = 0;
  /** Listing pages read last, by query: the page's text and its tag. */
  private readonly pages = new Map<string, { at: number; text: string; tag: string }>();

  constructor(
    private readonly tables: Tables,
    private readonly log: Logger,
    private readonly computers?: Computers,
    private readonly options: LobbyOptions = {},
  ) {
    this.rows = tables.store.lobby;
  }

  /** Looks for tables due to open every `intervalMs` (a second by default). */
  start(): void {
    const every = this.options.intervalMs ?? 1_000;
    if (every <= 0 || this.timer !== null) return;
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Opens every table due, and sweeps the seats of pages gone, once a few seconds. */
  async tick(): Promise<void> {
    if (this.opening !== null) return this.opening;
    this.opening = (async () => {
      try {
        if (Date.now() - this.sweptAt > 2_000) {
          this.sweptAt = Date.now();
          await this.rows.sweep(SEAT_SECONDS, 600);
        }
        for (const id of await this.rows.due(20)) await this.openTable(id);
      } catch (e) {
        this.log.error(`lobby: ${whyOf(e)}`);
      } finally {
        this.opening = null;
      }
    })();
    return this.opening;
  }

  /**
   * Opens a lobby table that is due, if this process is the one to take it: its people at their places,
   * computer players in the rest. A process that dies half way leaves it closing; another takes it 15 s later.
   */
  private async openTable(id: string): Promise<void> {
    const closing = await this.rows.close(id);
    if (closing === null) return;
    const places: (string | null)[] = [null, null, null, null];
    for (const p of closing.people) places[p.place] = p.name;
    const { players, computers } = playerNames(places);
    const tokenHashes: Record<string, string> = {};
    for (const p of closing.people) tokenHashes[players[p.place] as string] = p.tokenHash;
    try {
      await this.tables.create(
        {
          rules: closing.rules as PresetName,
          players,
          ...(computers.length === 0 ? {} : { computers }),
          ...(closing.laws ? { laws: true } : {}),
          clock: this.options.clock ?? LOBBY_CLOCK,
        },
        { id, tokenHashes },
      );
    } catch (e) {
      // Another process opened it a moment before (it took it after 15 s): it is open all the same.
      if (!(e instanceof ApiError && e.status === 409)) throw e;
    }
    await this.rows.opened(id);
    // A computer player may have the first lead.
    void this.computers?.consider(id);
  }

  /** Whether a path is the lobby's. */
  static owns(pathname: string): boolean {
    return LOBBY_PATH.test(pathname);
  }

  /** Answers a request to one of the lobby's routes. */
  async handle(r: LobbyRequest): Promise<void> {
    const m = LOBBY_PATH.exec(r.url.pathname);
    if (m === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const [, part, id, sub] = m;
    if (id !== undefined && !TABLE_ID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const method = (allowed: string): void => {
      if (r.method !== allowed) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `this route takes ${allowed}`, { allow: allowed });
    };
    if (part === undefined) {
      method('GET');
      r.takeAddress();
      return this.list(r);
    }
    if (part === 'play' && id === undefined) {
      method('POST');
      r.takeAddress();
      return this.play(r, readOpen(await r.body(), true));
    }
    if (part === 'tables' && id === undefined) {
      method('POST');
      r.takeAddress();
      const body = readOpen(await r.body(), false);
      await r.countOpening();
      return this.open(r, body);
    }
    if (part === 'tables' && id !== undefined && sub === 'seats') {
      method('POST');
      r.takeAddress();
      const name = readJoin(await r.body());
      return this.join(r, id, name, null);
    }
    if (part === 'tables' && id !== undefined && sub === undefined) {
      method('GET');
      return this.wait(r, id);
    }
    if (part === 'tables' && id !== undefined && sub === 'seat') {
      method('DELETE');
      const tokenHash = r.tokenHash();
      if (!(await this.db(() => this.rows.leave(tokenHash, id)))) throw new ApiError(404, 'TABLE_NOT_FOUND', 'no seat of this token at a table gathering');
      r.send(200, { left: true });
      return;
    }
    throw new ApiError(404, 'NOT_FOUND', 'no such route');
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, 'lobby', call);
  }

  /** The listing, a page at a time, with its tag; 304 when the client holds it already. */
  private async list(r: LobbyRequest): Promise<void> {
    const after = readCursor(r.url.searchParams.get('after'));
    const limit = readLimit(r.url.searchParams.get('limit'));
    const key = `${after === null ? '' : `${after.at}.${after.id}`}/${limit}`;
    let page = this.pages.get(key);
    if (page === undefined || Date.now() - page.at > LIST_CACHE_MS) {
      const rows = await this.db(() => this.rows.list(after, limit + 1));
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      const answer: LobbyPage = { tables: shown.map(listed), next: rows.length > limit && last !== undefined ? `${last.at}.${last.id}` : null };
      const text = JSON.stringify(answer);
      // The seconds to wait change every second; the tag follows the rest (who sits where), so a poll gets 304 while no one comes or goes.
      const tag = `"${createHash('sha1')
        .update(JSON.stringify({ ...answer, tables: answer.tables.map((t) => ({ ...t, startsInSeconds: 0 })) }))
        .digest('base64url')
        .slice(0, 22)}"`;
      page = { at: Date.now(), text, tag };
      this.pages.set(key, page);
      if (this.pages.size > 200) this.pages.delete(this.pages.keys().next().value as string);
    }
    const headers = { etag: page.tag, 'cache-control': 'no-cache' };
    if (r.req.headers['if-none-match'] === page.tag) {
      r.sendEmpty(304, headers);
      return;
    }
    r.send(200, JSON.parse(page.text), headers);
  }

  /** Opens a public table with its opener at the first place. */
  private async open(r: LobbyRequest, body: OpenLobby): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = newTableId();
      if (await this.db(() => this.rows.open(id, body.rules, body.laws, body.waitSeconds))) return this.join(r, id, body.name, body.waitSeconds);
    }
    throw new ApiError(500, 'INTERNAL', 'no free table id');
  }

  /**
   * "Play now": a seat at the oldest "Play now" table of these rules gathering, or at a new one, in one
   * step of the store that two processes never take at once for the same rules. A new table counts
   * against the address's cap of tables opened, counted before when no table of these rules is gathering.
   */
  private async play(r: LobbyRequest, body: OpenLobby): Promise<void> {
    if ((await this.db(() => this.rows.quick(body.rules, body.laws))) === null) await r.countOpening();
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = newToken();
      const seat = await this.db(() => this.rows.play(body.rules, body.laws, newTableId(), body.name, hashToken(token), body.waitSeconds));
      if (seat === null) continue;
      r.send(201, { id: seat.id, token, place: seat.place });
      this.pages.clear();
      await this.openIfDue(seat.id);
      return;
    }
    throw new ApiError(500, 'INTERNAL', 'no free table id');
  }

  private async take(id: string, name: string, waitSeconds: number | null): Promise<LobbySeat | null> {
    const token = newToken();
    const place = await this.db(() => this.rows.join(id, name, hashToken(token), waitSeconds));
    return place === null ? null : { id, token, place };
  }

  /** Takes a free seat at a table gathering; 409 `NO_FREE_SEAT` when it is full or has opened. */
  private async join(r: LobbyRequest, id: string, name: string, waitSeconds: number | null): Promise<void> {
    const seat = await this.take(id, name, waitSeconds);
    if (seat === null) throw new ApiError(409, 'NO_FREE_SEAT', 'this table has no free seat: it is full, or has opened');
    r.send(201, seat);
    this.pages.clear();
    await this.openIfDue(id);
  }

  /** Opens a table at once when it is due (full, or its wait is over), rather than at the next tick. */
  private async openIfDue(id: string): Promise<void> {
    try {
      await this.openTable(id);
    } catch (e) {
      this.log.error(`lobby: opening ${id} failed: ${whyOf(e)}`);
    }
  }

  /** A seat's table as it gathers; the poll is the person's presence. */
  private async wait(r: LobbyRequest, id: string): Promise<void> {
    const tokenHash = r.tokenHash();
    let seen = await this.db(() => this.rows.seen(tokenHash, id));
    if (seen === null) throw new ApiError(404, 'TABLE_NOT_FOUND', 'no seat of this token at a table in the lobby (a table that opened is at /tables/:id)');
    if (!seen.opened && !seen.closing && (seen.startsIn <= 0 || seen.places.every((p) => p !== null))) {
      await this.openIfDue(id);
      seen = (await this.db(() => this.rows.seen(tokenHash, id))) ?? seen;
    }
    const answer: LobbyWait = {
      id: seen.id,
      rules: seen.rules as PresetName,
      laws: seen.laws,
      quick: seen.quick,
      place: seen.place,
      places: seen.places,
      startsInSeconds: Math.ceil(seen.startsIn),
      opened: seen.opened,
    };
    r.send(200, answer);
  }
}
