/**
 * The server's one error shape: every refusal is JSON `{ "error": { "code", "message" } }` with an HTTP
 * status. Codes from the library (`NOT_YOUR_TURN`, `MUST_FOLLOW_SUIT`, …) pass through with 422; the
 * server's own codes are listed here.
 *
 * @module
 */

import type { ErrorCode } from 'whist';

/** The server's own error codes, by HTTP status. */
export type ServerErrorCode =
  | 'INVALID_JSON' // 400: the body is not JSON (or not UTF-8)
  | 'INVALID_REQUEST' // 400: a missing field, a field of the wrong type, an unknown field; a request target that is not a path
  | 'INVALID_NAME' // 400: a player's name the lobby does not take (length, characters)
  | 'UNAUTHORIZED' // 401: a missing or unknown token, or a token for another table
  | 'SPECTATOR_CANNOT_ACT' // 403: the spectators' token sent an action
  | 'NOT_FOUND' // 404: an unknown route, or an unknown daily challenge's entry
  | 'TABLE_NOT_FOUND' // 404: an unknown table
  | 'METHOD_NOT_ALLOWED' // 405
  | 'STALE_VERSION' // 409: the `version` sent is not the table's
  | 'CONFLICT' // 409: the table changed too often while the action was tried
  | 'SEAT_TAKEN' // 409: the seat to give to a computer player has someone at it, or is a computer player's already
  | 'NO_FREE_SEAT' // 409: the lobby's table has no free seat (full, or open already)
  | 'SEAT_AWAY' // 409: the seat's player left less than the table's stand-in delay ago: a computer player stands in by itself then
  | 'NAME_TAKEN' // 409: the daily challenge has an entry of that name today, or the duplicate event a player of that name
  | 'BOARD_NOT_OVER' // 409: the daily challenge's next board was asked for before the board's hand is over
  | 'DAILY_OVER' // 409: every board of the entry's day is played
  | 'EVENT_STARTED' // 409: the duplicate event has started: no pair joins, and it does not start again
  | 'EVENT_FULL' // 409: the duplicate event has as many pairs as its movement takes
  | 'EVENT_NOT_FULL' // 409: the duplicate event cannot start: pairs are missing and computer players may not fill them
  | 'NOT_DIRECTOR' // 403: only the director's token starts the duplicate event
  | 'EVENT_NOT_OVER' // 409: the duplicate event's record is asked for before it is over
  | 'TABLE_STARTED' // 409: the rated table has opened: its four players have taken their seats
  | 'PAIR_NOT_CONFIRMED' // 409: a rated duplicate event cannot start: a pair's second player has not confirmed it with their key
  | 'BODY_TOO_LARGE' // 413
  | 'SEED_NOT_ALLOWED' // 422: this server refuses seeds
  | 'RATE_LIMITED' // 429
  | 'TABLE_CORRUPTED' // 500: the stored document failed parseTable
  | 'INTERNAL' // 500
  | 'STORE_UNAVAILABLE' // 503: the store did not answer
  | 'SERVER_BUSY' // 503: the process holds as many connections or event streams as it takes
  | 'SHUTTING_DOWN'; // 503: the process is stopping (`/ready`)

/** Every code a client can receive: the server's own, or the library's, passed through. */
export type ApiErrorCode = ServerErrorCode | ErrorCode;

/** A refusal on its way to the client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. `retry-after`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** What went wrong, from whatever was thrown, for a log line: an error's message, or the value as text. */
export function whyOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** The JSON body of an error response. */
export function errorBody(code: ApiErrorCode, message: string): { error: { code: ApiErrorCode; message: string } } {
  return { error: { code, message } };
}

/**
 * Runs a call to the store: one that fails is logged (`store: <what> failed: …`) and refused 503
 * `STORE_UNAVAILABLE`, with a retry hint, so a store that does not answer never becomes a 500.
 */
export async function storeCall<T>(log: { error(line: string): void }, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    log.error(`store: ${what} failed: ${whyOf(e)}`);
    throw new ApiError(503, 'STORE_UNAVAILABLE', 'the store did not answer: try again', { 'retry-after': '1' });
  }
}
