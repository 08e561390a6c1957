/**
 * The HTTP routes, on plain `node:http`:
 *
 * - `POST /tables`: open a table; 201 `{ id, seats: { N: { player, token } | { player, computer: true }, … },
 *   spectator, standInAfterSeconds }`.
 * - `GET /tables/:id` (a seat's or the spectators' token): 200 `{ version, seat, view, seats }`.
 * - `POST /tables/:id/actions` (a seat's token): `{ type: "play", card }` or `{ type: "newRubber" }`, optional
 *   `version`; 200 `{ version, seat, view, seats }`. The spectators' token is refused (403).
 * - `GET /tables/:id/events` (token): Server-Sent Events, one `version` event per change, a `seats` event
 *   when someone comes or goes.
 * - `POST /tables/:id/computers` (a seat's token): `{ seat }`, a seat no one is at, given to a computer
 *   player; 200 `{ seats }`, 409 `SEAT_TAKEN` when someone is at it.
 * - `GET /health`: 200 when the store answers.
 *
 * Every refusal is `{ "error": { "code", "message" } }`: 400 malformed or ill-typed body, 401 token, 403 a
 * spectator acting, 404
 * table, 409 stale version, 413 body over the limit, 422 the rules (the library's code), 429 rate limit.
 * The seat always comes from the token. A response holds a `tableView` for the caller's seat, never the
 * table: no other seat's cards, no PRNG state, no other token.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, hashToken, isTokenShaped, TABLE_ID } from './auth.js';
import type { Computers } from './computers.js';
import { ApiError, errorBody } from './errors.js';
import type { RateLimiter } from './limits.js';
import { parseJson, readAction, readBody, readCreate, readGiveSeat, refuseDeclaredOversize } from './requests.js';
import type { Logger, Tables } from './tables.js';
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
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

type Route = { kind: 'health' } | { kind: 'tables' } | { kind: 'table' | 'actions' | 'events' | 'computers'; id: string } | null;

function route(pathname: string): Route {
  if (pathname === '/health') return { kind: 'health' };
  if (pathname === '/tables') return { kind: 'tables' };
  const m = /^\/tables\/([^/]+)(\/actions|\/events|\/computers)?$/.exec(pathname);
  if (m === null) return null;
  const id = m[1] as string;
  if (!TABLE_ID.test(id)) return null;
  return { kind: m[2] === '/actions' ? 'actions' : m[2] === '/events' ? 'events' : m[2] === '/computers' ? 'computers' : 'table', id };
}

const ALLOWED: Record<string, string> = { health: 'GET', tables: 'POST', table: 'GET', actions: 'POST', events: 'GET', computers: 'POST' };

export function createHandler(options: ApiOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { tables, hub, log, bodyLimit, perToken, perAddress } = options;
  const cors: Record<string, string> =
    options.corsOrigin === undefined || options.corsOrigin === ''
      ? {}
      : { 'access-control-allow-origin': options.corsOrigin, vary: 'origin', 'access-control-expose-headers': 'retry-after' };

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    const headers: Record<string, string | number> = { ...JSON_HEADERS, ...cors, ...extra, 'content-length': Buffer.byteLength(text) };
    // A body left unread is not drained: the connection closes after the answer.
    if (!req.complete) headers.connection = 'close';
    res.writeHead(status, headers);
    res.end(text);
  }

  function fail(req: IncomingMessage, res: ServerResponse, e: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (e instanceof ApiError) {
      send(req, res, e.status, errorBody(e.code, e.message), { ...e.headers });
      return;
    }
    log.error(`internal error on ${req.method} ${req.url}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    send(req, res, 500, errorBody('INTERNAL', 'the server failed to answer'));
  }

  const limited = (seconds: number, what: string): ApiError =>
    new ApiError(429, 'RATE_LIMITED', `too many requests ${what}: wait ${seconds} s`, { 'retry-after': String(seconds) });

  /** The caller's seat at the table, from its token: 401, 404 and 429 as the contract says. */
  async function authenticate(req: IncomingMessage, id: string, queryToken: string | null) {
    const address = req.socket.remoteAddress ?? 'unknown';
    if (!perAddress.peek(address)) throw limited(5, 'refused from this address');
    const token = bearerToken(req.headers.authorization) ?? (isTokenShaped(queryToken) ? queryToken : null);
    if (token === null) {
      perAddress.take(address);
      throw new ApiError(401, 'UNAUTHORIZED', 'send the seat\'s token: "Authorization: Bearer <token>"');
    }
    const tokenHash = hashToken(token);
    const wait = perToken.take(tokenHash);
    if (wait > 0) throw limited(wait, 'for this token');
    try {
      const row = await tables.read(id);
      return { row, seat: tables.seatOf(row, tokenHash), tokenHash };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 404)) perAddress.take(address);
      throw e;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://server');
    const r = route(url.pathname);
    if (r === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
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
    if (method !== allowed)
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${r.kind === 'tables' ? '/tables' : 'this route'} takes ${allowed}`, { allow: allowed });
    // A body declared over the limit is refused before the token is even looked at.
    if (method === 'POST') refuseDeclaredOversize(req, bodyLimit);

    switch (r.kind) {
      case 'health': {
        await tables.ping();
        send(req, res, 200, { status: 'ok' });
        return;
      }
      case 'tables': {
        const address = req.socket.remoteAddress ?? 'unknown';
        const wait = perAddress.take(address);
        if (wait > 0) throw limited(wait, 'from this address');
        const body = readCreate(parseJson(await readBody(req, bodyLimit)));
        const created = await tables.create(body);
        send(req, res, 201, { id: created.id, seats: created.seats, spectator: created.spectator, standInAfterSeconds: created.standInAfterSeconds });
        // A computer player may have the first lead.
        void options.computers?.consider(created.id);
        return;
      }
      case 'table': {
        const { row, seat } = await authenticate(req, r.id, null);
        send(req, res, 200, tables.see(row, seat));
        // A table whose computer player's turn no process took up (one restarted) is played on when read.
        options.computers?.considerRow(row);
        return;
      }
      case 'actions': {
        const { row, seat } = await authenticate(req, r.id, null);
        if (seat === null) throw new ApiError(403, 'SPECTATOR_CANNOT_ACT', "a spectator's token reads and follows the table; it cannot act");
        const request = readAction(parseJson(await readBody(req, bodyLimit)));
        send(req, res, 200, await tables.act(row, seat, request));
        return;
      }
      case 'computers': {
        const { row, seat } = await authenticate(req, r.id, null);
        if (seat === null) throw new ApiError(403, 'SPECTATOR_CANNOT_ACT', "a spectator's token reads and follows the table; it cannot give a seat");
        const target = readGiveSeat(parseJson(await readBody(req, bodyLimit)));
        send(req, res, 200, { seats: await tables.giveToComputer(row, target) });
        return;
      }
      case 'events': {
        // EventSource cannot send headers: the token may also come as ?token= (it then shows in access logs).
        const { row, seat, tokenHash } = await authenticate(req, r.id, url.searchParams.get('token'));
        tables.check(row);
        await hub.open(r.id, tokenHash, seat, res, cors);
        return;
      }
    }
  }

  return (req, res) => {
    handle(req, res).catch((e: unknown) => fail(req, res, e));
  };
}
