/**
 * A table on the reference server (`server/`), through its HTTP contract:
 *
 * - `POST /tables` opens a table with its rules, its players' names and the players the server plays
 *   (`computers`): `{ id, seats: { N: { player, token } | { player, computer: true }, … }, spectator }`;
 * - `GET /tables/:id` with `Authorization: Bearer <token>`: `{ version, seat, view, seats }`, `view` being
 *   the library's `tableView` for the token's seat (or the spectator view, `seat: null`, for the
 *   spectators' token), `seats` each seat's player and status (`connected`, `away`, `computer`, `empty`),
 *   and, while the trick of a claim played on is played, `counter`: the claim's check's counter-example;
 * - `POST /tables/:id/actions` with `{ type: 'play', card }`, `{ type: 'newRubber' }`, a claim or concession
 *   `{ type: 'claim' | 'concede', tricks }`, or an answer to a claim `{ type: 'acceptClaim' | 'refuseClaim' }`,
 *   each with the `version` of the view it was chosen on: the same answer, or 409 `STALE_VERSION` when the
 *   table moved on meanwhile (a clock ran out, another player answered a claim first);
 * - `POST /tables/:id/computers` with `{ seat }`: a seat no one is at, given to the server's computer player;
 * - `GET /tables/:id/events`: Server-Sent Events, one `version` event per change, and a `seats` event when
 *   someone comes or goes. It is read with `fetch`, so the token goes in the `Authorization` header, never
 *   in a URL. While it is open, the seat counts as connected;
 * - errors are `{ error: { code, message } }`.
 *
 * The server deals; the page never sees a deck or another seat's cards.
 *
 * @module
 */

import type { BySeat, Card, Seat } from 'whist';
import type { ClaimCounter, Created, SeatInfo, SeatStatus, SeatsAnswer, Seen as ServerSeen } from 'whist-server/answers';
import type { Connection } from './render/ui.js';

/** The server's answers, as the server declares them (`whist-server/answers`). */
export type { ClaimCounter, SeatInfo, SeatStatus };

/** What the server answers for a seat, or for a spectator (`seat: null`); `seats` may be absent from servers that do not say. */
export type Seen = Omit<ServerSeen, 'seats'> & { readonly seats?: ServerSeen['seats'] };

/**
 * A refusal from the server (or no answer at all: `NETWORK`). Its message is the server's, for a log; the
 * page says it to the player in its own words (`openProblem`, `seatProblem` in page/show.ts).
 */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** The connection to the events stream (declared with the page's state, which shows it). */
export type { Connection };

/** The server's address without a trailing slash, or `null` when it is not an http(s) URL. */
export function serverBase(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

async function call(base: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ServerError(0, 'NETWORK', `No answer from ${base}.`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ServerError(0, 'NETWORK', `No answer from ${base}: the connection closed.`);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: reported below with the status.
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    const retry = Number(res.headers.get('retry-after'));
    throw new ServerError(
      res.status,
      typeof error?.code === 'string' ? error.code : `HTTP_${res.status}`,
      typeof error?.message === 'string' ? error.message : `the server answered ${res.status}`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  return json;
}

function readSeen(json: unknown): Seen {
  const s = json as Partial<Seen> | null;
  if (
    s === null ||
    typeof s !== 'object' ||
    typeof s.version !== 'number' ||
    (typeof s.seat !== 'string' && s.seat !== null) ||
    typeof s.view !== 'object' ||
    s.view === null ||
    (s.counter !== undefined && (typeof s.counter !== 'object' || s.counter === null))
  )
    throw new ServerError(200, 'BAD_ANSWER', 'the server answered something that is not { version, seat, view }');
  return s as Seen;
}

/** The answer to `POST /tables`: a token for each person's seat, none for a computer player's (`whist-server/answers`). */
export type Opened = Created;

/** What a table is opened with: the rules (a preset's name), the four players, those the server plays. */
export interface OpenRequest {
  readonly rules?: string;
  readonly seed?: number;
  readonly players?: readonly string[];
  /** Players (from `players`) the server plays with its computer player. */
  readonly computers?: readonly string[];
  /** Seconds a person may be away before a computer player stands in for them. */
  readonly standInAfterSeconds?: number;
  /** The preset played with irregularities ruled by the laws (revokes, exposed cards, leads out of turn). */
  readonly laws?: boolean;
  /** A turn clock: whole seconds for each card and for each decision (a claim's answer, a penalty's election). */
  readonly clock?: { readonly card: number; readonly decision: number };
}

/** Opens a table on a server, with its rules, players and computer players. */
export async function openServerTable(base: string, body: OpenRequest): Promise<Opened> {
  const json = (await call(base, 'POST', '/tables', null, body)) as Partial<Opened> | null;
  if (json === null || typeof json.id !== 'string' || typeof json.seats !== 'object')
    throw new ServerError(201, 'BAD_ANSWER', 'the server answered something that is not { id, seats }');
  return json as Opened;
}

/** Opens a table with four people (no computer players): every seat has a token. */
export async function openTable(
  base: string,
  body: { rules?: string; seed?: number; players?: string[] },
): Promise<{ readonly id: string; readonly seats: BySeat<{ readonly player: string; readonly token: string }> }> {
  return (await openServerTable(base, body)) as { id: string; seats: BySeat<{ player: string; token: string }> };
}

export interface RemoteOptions {
  readonly base: string;
  readonly table: string;
  readonly token: string;
  /** A newer answer from the server: never called with an older version than the last. */
  onSeen(seen: Seen): void;
  onConnection(connection: Connection, error: ServerError | null): void;
  /** Each seat's player and status, whenever the server tells them. */
  onSeats?(seats: BySeat<SeatInfo>): void;
}

/** What a seat sends the server: the server takes the seat from the token. */
export type SeatAction =
  | { readonly type: 'play'; readonly card: Card }
  | { readonly type: 'newRubber' }
  | { readonly type: 'claim' | 'concede'; readonly tricks: number }
  | { readonly type: 'acceptClaim' | 'refuseClaim' }
  | { readonly type: 'claimRevoke'; readonly card: Card; readonly penalty: 'tricks' | 'deduct' | 'add' }
  | { readonly type: 'expose' | 'callCard'; readonly card: Card }
  | { readonly type: 'correctRevoke' | 'callHonours' | 'answerCall' };

export interface RemoteTable {
  /** Reads the table again. */
  refresh(): Promise<void>;
  /** The version of the last view passed to `onSeen` (0 before the first). */
  readonly version: number;
  /**
   * Sends the seat's action, chosen on the last view passed to `onSeen`; the answer is passed to `onSeen`.
   * Refused with 409 `STALE_VERSION` when the table moved on since that view.
   */
  act(action: SeatAction): Promise<void>;
  /** Gives a seat no one is at to the server's computer player. */
  giveSeat(seat: Seat): Promise<void>;
  /** Takes the seat back from the computer player that plays for it since its clock ran out. */
  takeSeatBack(): Promise<void>;
  /** Stops following the table. */
  close(): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Joins a table with a seat's token and follows it through the events stream. */
export function joinTable(o: RemoteOptions): RemoteTable {
  const path = `/tables/${encodeURIComponent(o.table)}`;
  const stop = new AbortController();
  let version = 0;
  let reading: Promise<void> | null = null;
  let again = false;

  // Each answer replaces the view whole: nothing of an earlier view (a trick, a hand) is kept or merged.
  const deliver = (json: unknown) => {
    const seen = readSeen(json);
    if (seen.seats !== undefined) o.onSeats?.(seen.seats);
    if (seen.version <= version) return;
    version = seen.version;
    o.onSeen(seen);
  };

  /** One read at a time; a change announced meanwhile is read once more afterwards. */
  const refresh = async (): Promise<void> => {
    if (reading !== null) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        for (;;) {
          try {
            deliver(await call(o.base, 'GET', path, o.token));
            break;
          } catch (e) {
            if (!(e instanceof ServerError) || e.status !== 429) throw e;
            await sleep((e.retryAfter ?? 1) * 1000, stop.signal);
          }
        }
      } while (again && !stop.signal.aborted);
    })().finally(() => {
      reading = null;
    });
    return reading;
  };

  /** Reads the SSE stream until it ends; each `version` event newer than the page's view triggers a read. */
  const follow = async (): Promise<void> => {
    let wait = 1000;
    while (!stop.signal.aborted) {
      try {
        const res = await fetch(`${o.base}${path}/events`, {
          headers: { authorization: `Bearer ${o.token}`, accept: 'text/event-stream' },
          cache: 'no-store',
          signal: stop.signal,
        });
        if (res.status === 401 || res.status === 404) {
          const json = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
          o.onConnection('closed', new ServerError(res.status, json?.error?.code ?? `HTTP_${res.status}`, json?.error?.message ?? 'refused'));
          return;
        }
        if (!res.ok || res.body === null) throw new Error(`events: ${res.status}`);
        o.onConnection('live', null);
        wait = 1000;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const blocks = buffer.split(/\r?\n\r?\n/);
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            let event = 'message';
            let data = '';
            for (const line of block.split(/\r?\n/)) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += line.slice(5).trim();
            }
            if (event === 'seats') {
              const seats = (JSON.parse(data) as { seats?: BySeat<SeatInfo> }).seats;
              if (seats !== undefined && seats !== null && typeof seats === 'object') o.onSeats?.(seats);
              continue;
            }
            if (event !== 'version') continue;
            const v = (JSON.parse(data) as { version?: unknown }).version;
            if (typeof v === 'number' && v > version) void refresh().catch((e: unknown) => o.onConnection('live', e instanceof ServerError ? e : null));
          }
        }
      } catch {
        // A dropped stream: read again after a pause.
      }
      if (stop.signal.aborted) break;
      o.onConnection('reconnecting', null);
      await sleep(wait, stop.signal);
      wait = Math.min(wait * 2, 10_000);
    }
  };

  void follow();
  return {
    refresh,
    get version() {
      return version;
    },
    async act(action) {
      // The version of the view the action was chosen on: the server refuses it (409) if the table moved on.
      deliver(await call(o.base, 'POST', `${path}/actions`, o.token, version === 0 ? action : { ...action, version }));
    },
    async giveSeat(seat) {
      const json = (await call(o.base, 'POST', `${path}/computers`, o.token, { seat })) as Partial<SeatsAnswer> | null;
      if (json?.seats !== undefined) o.onSeats?.(json.seats);
    },
    async takeSeatBack() {
      const json = (await call(o.base, 'POST', `${path}/seat`, o.token)) as Partial<SeatsAnswer> | null;
      if (json?.seats !== undefined) o.onSeats?.(json.seats);
    },
    close() {
      stop.abort();
      o.onConnection('closed', null);
    },
  };
}
