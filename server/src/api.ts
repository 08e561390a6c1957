/**
 * The HTTP routes, on plain `node:http`:
 *
 * - `POST /tables`: open a table (a preset's rules, with `"laws": true` the preset's ruled by the laws on
 *   irregularities); 201 `{ id, seats: { N: { player, token } | { player, computer: true }, … },
 *   spectator, standInAfterSeconds, clock? }` (`"clock": { "card": 30, "decision": 60 }` in the body gives the
 *   table a turn clock: clock.ts).
 * - `GET /tables/:id` (a seat's or the spectators' token): 200 `{ version, seat, view, seats }`, and
 *   `counter` while the trick of a claim played on is played (its check's counter-example, counters.ts). With
 *   `?rubbers=n` (here and on actions), the client holds the first `n` finished rubbers: the view lists those
 *   after them, and the answer says `rubbersFrom`.
 * - `POST /tables/:id/actions` (a seat's token): `{ type: "play", card }`, `{ type: "newRubber" }`, or any
 *   other action `clientAction` reads (a claim and its answer; at a table ruled by the laws, a revoke's
 *   penalty, an exposed card and its call, …), optional `version`; 200 `{ version, seat, view, seats }`. The
 *   spectators' token is refused (403).
 * - `GET /tables/:id/events` (token): Server-Sent Events, one `version` event per change, a `seats` event
 *   when someone comes or goes.
 * - `POST /tables/:id/computers` (a seat's token): `{ seat }`, a seat no one is at, given to a computer
 *   player; 200 `{ seats }`, 409 `SEAT_TAKEN` when someone is at it, 409 `SEAT_AWAY` (with `Retry-After`) when
 *   its player left less than the table's stand-in delay ago.
 * - `POST /tables/:id/seat` (a seat's token): the person is back; their seat, if a computer player holds it
 *   (their turn clock ran out), is theirs again; 200 `{ seats }`.
 * - `/lobby…`: the tables gathering players, "Play now", and a seat at one (lobby.ts).
 * - `/daily…`: the daily challenge, the day's boards played South with computer players and ranked (daily.ts).
 * - `/duplicate…`: duplicate events, pairs playing the same boards under a movement, round by round (duplicate.ts).
 * - `/players`, `/ratings…`: registered players, and their ratings from rated duplicate events (ratings.ts).
 * - `/rated-tables…`: four registered players at a table whose first rubber is rated (rated-tables.ts).
 * - `GET /health`: liveness, 200 while the process answers (the store is not asked).
 * - `GET /ready`: readiness, 200 when the store answers and the process is not stopping, else 503.
 * - `GET /metrics`: the Prometheus text format (metrics.ts).
 *
 * Every refusal is `{ "error": { "code", "message" } }`: 400 malformed or ill-typed body, or a request
 * target that is not a path, 401 token, 403 a spectator acting, 404
 * table, 409 stale version, 413 body over the limit, 422 the rules (the library's code), 429 rate limit
 * or a cap per address, 503 the store, a cap of the process, or a process that is stopping.
 * Every request is logged as one JSON line (log.ts) and measured (metrics.ts).
 * The seat always comes from the token. A response holds a `tableView` for the caller's seat, never the
 * table: no other seat's cards, no PRNG state, no other token.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, hashToken, isTokenShaped, TABLE_ID } from './auth.js';
import type { Computers } from './computers.js';
import { type ConnectionGuard, clientAddress } from './connections.js';
import { Daily } from './daily.js';
import { DuplicateEvents } from './duplicate.js';
import { ApiError, type ApiErrorCode, errorBody, whyOf } from './errors.js';
import type { RateLimiter } from './limits.js';
import { Lobby } from './lobby.js';
import { clientRequestId, type ServerLogger } from './log.js';
import type { Metrics } from './metrics.js';
import { RatedTables } from './rated-tables.js';
import { Ratings } from './ratings.js';
import { parseJson, readAction, readBody, readCreate, readGiveSeat, refuseDeclaredOversize } from './requests.js';
import { type Logger, seenText, type Tables } from './tables.js';
import type { EventHub } from './transport/events.js';

export interface ApiOptions {
  readonly tables: Tables;
  readonly hub: EventHub;
  readonly log: Logger;
  /** Largest request body, in bytes. */
  readonly bodyLimit: number;
  /** Requests per token. */
  readonly perToken: RateLimiter;
  /** Per client address: tables opened, and requests refused with 401 or 404. */
  readonly perAddress: RateLimiter;
  /** An origin allowed to call from a browser (`*` or `https://cards.example`), or none. */
  readonly corsOrigin?: string | undefined;
  /** The computer players, told of every table opened or read. */
  readonly computers?: Computers;
  /** Caps on connections and event streams. */
  readonly guard: ConnectionGuard;
  /** Where each request's line goes. */
  readonly logger: ServerLogger;
  /** Request latency and errors; without it, `/metrics` is no route. */
  readonly metrics?: Metrics;
  /** Tables opened per address in each window (counted in the store, across processes); 0: no cap. */
  readonly tablesPerAddress?: number;
  readonly tablesWindowSeconds?: number;
  /** Requests in flight, and whether the process is stopping: shared with the server. */
  readonly state: HttpState;
  /** The reverse proxies in front of the server whose `X-Forwarded-For` gives the client's address (see `clientAddress`); 0: the socket's address. */
  readonly trustProxy?: number;
  /** The lobby (`/lobby…`, lobby.ts); without it, no such route. */
  readonly lobby?: Lobby;
  /** The daily challenge (`/daily…`, daily.ts); without it, no such route. */
  readonly daily?: Daily;
  /** Duplicate events (`/duplicate…`, duplicate.ts); without them, no such route. */
  readonly duplicate?: DuplicateEvents;
  /** Registered players and ratings (`/players`, `/ratings…`, ratings.ts); without them, no such route. */
  readonly ratings?: Ratings;
  /** Rated tables (`/rated-tables…`, rated-tables.ts); without them, no such route. */
  readonly ratedTables?: RatedTables;
}

/** What the handler and the server share. */
export interface HttpState {
  /** Requests not yet answered (an event stream counts until it has started). */
  inFlight: number;
  /** Requests whose connection or answer is not closed and logged yet (event streams included). */
  open: number;
  /** Called whenever `open` falls to 0. */
  onIdle?: () => void;
  /** Set once the process is stopping: `/ready` answers 503 and every answer closes its connection. */
  stopping: boolean;
}

/** One request's bookkeeping, for its log line and metrics. */
interface Context {
  readonly id: string;
  route: string;
  code: ApiErrorCode | undefined;
  /** An event stream that has started: its duration is not a latency. */
  streaming: boolean;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

type Route =
  | { kind: 'health' | 'ready' | 'metrics' | 'lobby' | 'daily' | 'duplicate' | 'ratings' | 'ratedTables' }
  | { kind: 'tables' }
  | { kind: 'table' | 'actions' | 'events' | 'computers' | 'seat'; id: string }
  | null;

function route(pathname: string): Route {
  if (pathname === '/health') return { kind: 'health' };
  if (pathname === '/ready') return { kind: 'ready' };
  if (pathname === '/metrics') return { kind: 'metrics' };
  if (pathname === '/tables') return { kind: 'tables' };
  if (Lobby.owns(pathname)) return { kind: 'lobby' };
  if (Daily.owns(pathname)) return { kind: 'daily' };
  if (DuplicateEvents.owns(pathname)) return { kind: 'duplicate' };
  if (Ratings.owns(pathname)) return { kind: 'ratings' };
  if (RatedTables.owns(pathname)) return { kind: 'ratedTables' };
  const m = /^\/tables\/([^/]+)(\/actions|\/events|\/computers|\/seat)?$/.exec(pathname);
  if (m === null) return null;
  const id = m[1] as string;
  if (!TABLE_ID.test(id)) return null;
  const kinds = { '/actions': 'actions', '/events': 'events', '/computers': 'computers', '/seat': 'seat' } as const;
  return { kind: m[2] === undefined ? 'table' : kinds[m[2] as keyof typeof kinds], id };
}

const ALLOWED: Record<string, string> = {
  health: 'GET',
  ready: 'GET',
  metrics: 'GET',
  tables: 'POST',
  table: 'GET',
  actions: 'POST',
  events: 'GET',
  computers: 'POST',
  seat: 'POST',
  lobby: 'GET, POST, DELETE',
  daily: 'GET, POST',
  duplicate: 'GET, POST, DELETE',
  ratings: 'GET, POST',
  ratedTables: 'GET, POST',
};

/** Routes a load balancer or a monitor calls: never refused by the connection caps. */
const PROBES = new Set(['health', 'ready', 'metrics']);

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * The request target as a URL, or `null` when it is not one this server takes: a path (`/tables/…`; not
 * `//…`, which a URL parser reads as a host) or an absolute `http(s)://` URL. `GET //[` is a 400, not a crash.
 */
export function requestTarget(target: string | undefined): URL | null {
  const raw = target ?? '/';
  try {
    if (raw.startsWith('/') && !raw.startsWith('//')) return new URL(raw, 'http://server');
    if (/^https?:\/\//i.test(raw)) return new URL(raw);
  } catch {
    // Not a URL: refused below.
  }
  return null;
}

/**
 * `?rubbers=n`: the client holds the table's first `n` finished rubbers, and the answer's view lists only
 * those after them; absent, the view lists every one. 400 for anything but a whole number.
 */
function heldRubbers(url: URL): number | undefined {
  const value = url.searchParams.get('rubbers');
  if (value === null) return undefined;
  if (!/^\d{1,6}$/.test(value)) throw new ApiError(400, 'INVALID_REQUEST', 'rubbers must be the number of finished rubbers the client holds: a whole number');
  return Number(value);
}

/** The path to log: no query string (it may hold a token), at most 200 characters. */
function loggedPath(url: URL | null, target: string | undefined): string {
  const path = url?.pathname ?? (target ?? '').split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

export function createHandler(options: ApiOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { tables, hub, log, bodyLimit, perToken, perAddress, guard, logger, metrics, state } = options;
  const tablesPerAddress = options.tablesPerAddress ?? 0;
  const hops = options.trustProxy ?? 0;
  const tablesWindow = options.tablesWindowSeconds ?? 86_400;
  const cors: Record<string, string> =
    options.corsOrigin === undefined || options.corsOrigin === ''
      ? {}
      : { 'access-control-allow-origin': options.corsOrigin, vary: 'origin', 'access-control-expose-headers': 'retry-after, x-request-id' };

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
    sendText(req, res, status, JSON.stringify(body), extra);
  }

  function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
    const write = (): void => {
      if (res.headersSent || res.destroyed) return;
      const headers: Record<string, string | number> = { ...JSON_HEADERS, ...cors, ...extra, 'content-length': Buffer.byteLength(text) };
      // A body left unread is not drained: the connection closes after the answer. A stopping process closes every connection.
      if (!req.complete || state.stopping) headers.connection = 'close';
      res.writeHead(status, headers);
      res.end(text);
    };
    // An answer given before a small body was read (a refusal on the table or the token) waits for the rest of
    // the body, read and dropped: closing a connection with data still coming resets it, and the client then
    // sees no answer at all. A body declared past the limit, or of no declared length, is not waited for.
    const declared = Number(req.headers['content-length']);
    if (!req.complete && !req.readableEnded && !req.destroyed && Number.isSafeInteger(declared) && declared <= bodyLimit) {
      req.once('end', write);
      req.once('close', write);
      req.once('error', write);
      req.resume();
      return;
    }
    write();
  }

  function fail(req: IncomingMessage, res: ServerResponse, ctx: Context, e: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (e instanceof ApiError) {
      ctx.code = e.code;
      send(req, res, e.status, errorBody(e.code, e.message), { ...e.headers });
      return;
    }
    ctx.code = 'INTERNAL';
    // The path only: a query string may hold a token.
    logger.error(
      { req: ctx.id, path: loggedPath(requestTarget(req.url), req.url), err: e instanceof Error ? (e.stack ?? e.message) : String(e) },
      'internal error',
    );
    send(req, res, 500, errorBody('INTERNAL', 'the server failed to answer'));
  }

  const limited = (seconds: number, what: string): ApiError =>
    new ApiError(429, 'RATE_LIMITED', `too many requests ${what}: wait ${seconds} s`, { 'retry-after': String(seconds) });

  /** The caller's token, hashed, before the store is asked: 401 without one, 429 as the limits say. */
  function credentials(req: IncomingMessage, queryToken: string | null): { address: string; tokenHash: string } {
    const address = clientAddress(req, hops);
    if (!perAddress.peek(address)) throw limited(5, 'refused from this address');
    const token = bearerToken(req.headers.authorization) ?? (isTokenShaped(queryToken) ? queryToken : null);
    if (token === null) {
      perAddress.take(address);
      throw new ApiError(401, 'UNAUTHORIZED', 'send the seat\'s token: "Authorization: Bearer <token>"');
    }
    const tokenHash = hashToken(token);
    const wait = perToken.take(tokenHash);
    if (wait > 0) throw limited(wait, 'for this token');
    return { address, tokenHash };
  }

  /** Reads the table's row and the caller's seat at it: 401 and 404 as the contract says. */
  async function seated(id: string, address: string, tokenHash: string) {
    try {
      const row = await tables.read(id);
      return { row, seat: tables.seatOf(row, tokenHash), tokenHash };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 404)) perAddress.take(address);
      throw e;
    }
  }

  /** The caller's seat at the table, from its token: 401, 404 and 429 as the contract says. */
  async function authenticate(req: IncomingMessage, id: string, queryToken: string | null) {
    const { address, tokenHash } = credentials(req, queryToken);
    return seated(id, address, tokenHash);
  }

  /** Counts a table opened from `address` in the store; throws 429 past the cap, 503 when the store does not answer. */
  async function countOpening(address: string): Promise<void> {
    if (tablesPerAddress <= 0) return;
    let counted: { count: number; waitSeconds: number };
    try {
      counted = await tables.store.countOpening(address, tablesWindow);
    } catch (e) {
      log.error(`store: counting tables opened failed: ${whyOf(e)}`);
      throw new ApiError(503, 'STORE_UNAVAILABLE', 'the store did not answer: try again');
    }
    if (counted.count > tablesPerAddress) {
      const wait = Math.max(1, Math.ceil(counted.waitSeconds));
      throw new ApiError(429, 'RATE_LIMITED', `at most ${tablesPerAddress} tables opened from one address in ${tablesWindow} s: wait ${wait} s`, {
        'retry-after': String(wait),
      });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, ctx: Context): Promise<void> {
    const url = requestTarget(req.url);
    if (url === null) throw new ApiError(400, 'INVALID_REQUEST', 'the request target is not a path');
    const r = route(url.pathname);
    if (
      r === null ||
      (r.kind === 'metrics' && metrics === undefined) ||
      (r.kind === 'lobby' && options.lobby === undefined) ||
      (r.kind === 'daily' && options.daily === undefined) ||
      (r.kind === 'duplicate' && options.duplicate === undefined) ||
      (r.kind === 'ratings' && options.ratings === undefined) ||
      (r.kind === 'ratedTables' && options.ratedTables === undefined)
    )
      throw new ApiError(404, 'NOT_FOUND', 'no such route');
    ctx.route = r.kind;
    const refusal = guard.refusal(req.socket, PROBES.has(r.kind));
    if (refusal !== null) throw refusal;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS' && options.corsOrigin) {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': ALLOWED[r.kind] as string,
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const allowed = ALLOWED[r.kind] as string;
    // The lobby's, the daily challenge's, the duplicate events' and the ratings' routes each check their own method.
    if (method !== allowed && r.kind !== 'lobby' && r.kind !== 'daily' && r.kind !== 'duplicate' && r.kind !== 'ratings' && r.kind !== 'ratedTables')
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${r.kind === 'tables' ? '/tables' : 'this route'} takes ${allowed}`, { allow: allowed });
    // A body declared over the limit is refused before the token is even looked at.
    if (method === 'POST') refuseDeclaredOversize(req, bodyLimit);

    switch (r.kind) {
      case 'health': {
        // Liveness: the process answers. The store is /ready's business.
        send(req, res, 200, { status: 'ok' });
        return;
      }
      case 'ready': {
        if (state.stopping) throw new ApiError(503, 'SHUTTING_DOWN', 'this process is stopping: use another', { 'retry-after': '1' });
        await tables.ping();
        send(req, res, 200, { status: 'ready' });
        return;
      }
      case 'metrics': {
        const { body, contentType } = await (metrics as Metrics).text();
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
        res.end(body);
        return;
      }
      case 'tables': {
        const address = clientAddress(req, hops);
        const wait = perAddress.take(address);
        if (wait > 0) throw limited(wait, 'from this address');
        const body = readCreate(parseJson(await readBody(req, bodyLimit)));
        await countOpening(address);
        const created = await tables.create(body);
        const { version: _version, ...answer } = created;
        send(req, res, 201, answer);
        // A computer player may have the first lead.
        void options.computers?.consider(created.id);
        return;
      }
      case 'table': {
        const held = heldRubbers(url);
        const { row, seat } = await authenticate(req, r.id, null);
        sendText(req, res, 200, seenText(await tables.see(row, seat), held));
        // A table whose computer player's turn no process took up (one restarted) is played on when read.
        options.computers?.considerRow(row);
        return;
      }
      case 'actions': {
        const heldAfter = heldRubbers(url);
        const { address, tokenHash } = credentials(req, null);
        const spectator = (): ApiError => new ApiError(403, 'SPECTATOR_CANNOT_ACT', "a spectator's token reads and follows the table; it cannot act");
        // A table this process holds checked, at the version the client names, is written without reading
        // its row first (the write then holds only if the row is still that version and text).
        const held = tables.heldSeat(r.id, tokenHash);
        if (held === null) throw spectator();
        if (held !== undefined) {
          const request = readAction(parseJson(await readBody(req, bodyLimit)));
          // A person acting at a seat a computer player holds (their clock ran out) takes it back first.
          await tables.reclaim(r.id, held);
          const done = await tables.actOnHeld(r.id, held, request);
          if (done !== null) {
            sendText(req, res, 200, seenText(done, heldAfter));
            return;
          }
          const { row, seat } = await seated(r.id, address, tokenHash);
          if (seat === null) throw spectator();
          await tables.reclaim(r.id, seat, row);
          sendText(req, res, 200, seenText(await tables.act(row, seat, request), heldAfter));
          return;
        }
        const { row, seat } = await seated(r.id, address, tokenHash);
        if (seat === null) throw spectator();
        const request = readAction(parseJson(await readBody(req, bodyLimit)));
        await tables.reclaim(r.id, seat, row);
        sendText(req, res, 200, seenText(await tables.act(row, seat, request), heldAfter));
        return;
      }
      case 'computers': {
        const { row, seat } = await authenticate(req, r.id, null);
        if (seat === null) throw new ApiError(403, 'SPECTATOR_CANNOT_ACT', "a spectator's token reads and follows the table; it cannot give a seat");
        const target = readGiveSeat(parseJson(await readBody(req, bodyLimit)));
        send(req, res, 200, { seats: await tables.giveToComputer(row, target) });
        return;
      }
      case 'seat': {
        // The person is back: a seat a computer player holds for them (their clock ran out) is theirs again.
        const { row, seat } = await authenticate(req, r.id, null);
        if (seat === null) throw new ApiError(403, 'SPECTATOR_CANNOT_ACT', "a spectator's token reads and follows the table; it holds no seat");
        const back = (await tables.takeBack(row, seat)) ? await tables.read(r.id) : row;
        send(req, res, 200, { seats: tables.seats(back, tables.check(back)) });
        return;
      }
      case 'lobby':
      case 'daily':
      case 'duplicate':
      case 'ratings':
      case 'ratedTables': {
        const address = clientAddress(req, hops);
        const all = { lobby: options.lobby, daily: options.daily, duplicate: options.duplicate, ratings: options.ratings, ratedTables: options.ratedTables };
        const routes = all[r.kind] as Lobby | Daily | DuplicateEvents | Ratings | RatedTables;
        await routes.handle({
          req,
          res,
          url,
          method,
          body: async () => parseJson(await readBody(req, bodyLimit)),
          send: (status, body, headers) => send(req, res, status, body, headers),
          sendEmpty: (status, headers = {}) => {
            res.writeHead(status, { ...cors, ...headers });
            res.end();
          },
          takeAddress: () => {
            const wait = perAddress.take(address);
            if (wait > 0) throw limited(wait, 'from this address');
          },
          countOpening: () => countOpening(address),
          tokenHash: () => credentials(req, null).tokenHash,
        });
        return;
      }
      case 'events': {
        // The caps first: a refused stream costs no store read.
        res.once('close', guard.takeStream(clientAddress(req, hops)));
        // EventSource cannot send headers: the token may also come as ?token= (never logged).
        const { row, seat, tokenHash } = await authenticate(req, r.id, url.searchParams.get('token'));
        tables.check(row);
        await hub.open(r.id, tokenHash, seat, res, cors);
        ctx.streaming = true;
        return;
      }
    }
  }

  return (req, res) => {
    const started = performance.now();
    const ctx: Context = { id: clientRequestId(req.headers['x-request-id']) ?? randomUUID(), route: 'unknown', code: undefined, streaming: false };
    res.setHeader('x-request-id', ctx.id);
    state.inFlight++;
    state.open++;
    let counted = true;
    const answered = (): void => {
      if (counted) {
        counted = false;
        state.inFlight--;
      }
    };
    res.once('close', () => {
      answered();
      const ms = performance.now() - started;
      const status = res.headersSent ? res.statusCode : 0;
      const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
      const line: Record<string, unknown> = { req: ctx.id, method, path: loggedPath(requestTarget(req.url), req.url), status, ms: Math.round(ms * 10) / 10 };
      if (ctx.code !== undefined) line.code = ctx.code;
      if (!res.writableFinished && !ctx.streaming) line.aborted = true;
      if (status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
      if (metrics !== undefined) {
        if (!ctx.streaming) metrics.duration.observe({ method, route: ctx.route, status: String(status) }, ms / 1000);
        if (status >= 400) metrics.errors.inc({ route: ctx.route, status: String(status), code: ctx.code ?? '' });
      }
      state.open--;
      if (state.open === 0) state.onIdle?.();
    });
    handle(req, res, ctx)
      .then(() => {
        // An event stream is in flight only until it has started.
        if (ctx.streaming) answered();
      })
      .catch((e: unknown) => fail(req, res, ctx, e));
  };
}
