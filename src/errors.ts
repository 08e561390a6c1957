/**
 * Errors: one shape everywhere, and one {@link Result} type.
 *
 * Rule violations and bad input come back as `{ ok: false, error }` with a stable SCREAMING_CASE
 * `code`, so a backend can send them on as JSON. Each throwing twin (`playOrThrow`, `dealHandOrThrow`, …)
 * throws a {@link WhistError} carrying the same object. The contract of each kind of function (readers,
 * reducers, selectors, calculators, players) is in [docs/errors.md](https://github.com/whist-js/whist/blob/main/docs/errors.md).
 *
 * Each function names the codes it can return in its result type (`Result<HandState, PlayError>`), so a
 * `switch` over `error.code` can be checked for exhaustiveness.
 *
 * @module
 */

/**
 * Every error code the library produces.
 *
 * - `INVALID_SEAT`: not one of `N E S W`.
 * - `INVALID_CARD`: not an exact card string (`"AS"`; `"as"` and `"10S"` are invalid).
 * - `HAND_COMPLETE`: all 13 tricks have been played.
 * - `NOT_YOUR_TURN`: another seat is to play.
 * - `CARD_NOT_IN_HAND`: the seat does not hold that card.
 * - `MUST_FOLLOW_SUIT`: the seat holds a card of the suit led and did not play one (a revoke).
 * - `INVALID_DECK`: a deck that is not an array of 52 cards.
 * - `DUPLICATE_CARD`: a card dealt twice.
 * - `INVALID_HAND`: a seat's cards that are not 13 cards, or a missing seat.
 * - `INVALID_TRUMP`: a trump that is neither a suit nor `null`, or a trump card that does not fit the rules.
 * - `INVALID_RULES`: a rules object that fails validation.
 * - `INVALID_SCORE`: impossible input to a score calculation (tricks not summing to 13, …).
 * - `INVALID_STATE`: a value that is not a state this library wrote, or a stored state that contradicts itself.
 * - `INVALID_ACTION`: an action the table does not know, or one it cannot take now.
 * - `RUBBER_COMPLETE`: the rubber is over; no more hands are dealt in it.
 * - `TABLE_FULL`: the table's log has no room for a new rubber: archive its finished rubbers first.
 * - `CLAIM_PENDING`: a claim awaits the other side's answer; nothing else is played or claimed until it comes.
 * - `CARD_CALLED`: a call stands on the seat's play: an exposed card called (laws 56, 65), a suit called for its
 *   side's lead (law 61), a highest or lowest card called (laws 53, 55, 76), a call to win or not to win (law 68),
 *   or a card the seat played out of turn (law 67); `TableView.playable` lists the cards accepted.
 * - `INVALID_PLAYERS`: not four distinct player ids.
 * - `INVALID_ARGUMENT`: any other argument of the wrong type or out of range (options that are not an
 *   object, a seed that is not a finite number or a string, text that is not a string, …).
 * - `ABORTED`: a search stopped by its `AbortSignal` or its node budget before it had an answer (`whist/solver`).
 * @group Errors
 */
export type ErrorCode =
  | 'INVALID_SEAT'
  | 'INVALID_CARD'
  | 'HAND_COMPLETE'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'INVALID_DECK'
  | 'DUPLICATE_CARD'
  | 'INVALID_HAND'
  | 'INVALID_TRUMP'
  | 'INVALID_RULES'
  | 'INVALID_SCORE'
  | 'INVALID_STATE'
  | 'INVALID_ACTION'
  | 'RUBBER_COMPLETE'
  | 'TABLE_FULL'
  | 'CLAIM_PENDING'
  | 'CARD_CALLED'
  | 'INVALID_PLAYERS'
  | 'INVALID_ARGUMENT'
  | 'ABORTED';

/**
 * The error object: a stable `code`, a sentence for people, and where it helps, where the problem is.
 *
 * @typeParam C - the codes the function that made it can produce
 * @example
 * ```ts
 * import type { WhistErrorInfo } from 'whist';
 *
 * const e: WhistErrorInfo = { code: 'NOT_YOUR_TURN', message: 'it is E to play, not N', seat: 'N' };
 * e.code; // 'NOT_YOUR_TURN'
 * ```
 * @group Errors
 */
export interface WhistErrorInfo<C extends ErrorCode = ErrorCode> {
  /** Stable machine-readable code. */
  readonly code: C;
  /** A sentence for people; its wording may change between versions. */
  readonly message: string;
  /** Where in an input the problem is, e.g. `"deck[12]"` or `"log[3].actions[12]"`. */
  readonly path?: string;
  /** The seat concerned, when it is one of `N E S W`. */
  readonly seat?: string;
  /** The card concerned, when it is a short string (at most 8 characters), as given. */
  readonly card?: string;
  /** The rules field concerned. */
  readonly field?: string;
}

/**
 * The outcome of every function that can refuse its input: the value on success, the error otherwise.
 * Functions that return a `Result` never throw, whatever they are given.
 *
 * @typeParam T - the value on success
 * @typeParam C - the error codes the function can produce
 * @example
 * ```ts
 * import { dealHand, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * const r = dealHand(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * r.ok; // true
 * // @ts-expect-error: 'X' is not a seat, and a client could send it anyway.
 * const bad = dealHand(SHORT_WHIST, { dealer: 'X', deck: FULL_DECK });
 * bad.ok ? null : bad.error.code; // 'INVALID_SEAT'
 * ```
 * @group Errors
 */
export type Result<T, C extends ErrorCode = ErrorCode> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WhistErrorInfo<C> };

/** The mark every copy of the library puts on its WhistError's prototype, so that each recognises the others'. */
const WHIST_ERROR = Symbol.for('whist.WhistError');

/**
 * The error thrown by the throwing twins (`playOrThrow`, `dealHandOrThrow`, …), by calculators given
 * impossible input (`scoreHand`), and by selectors given a value that is not a state. The library
 * throws nothing else.
 *
 * `instanceof WhistError` holds for an error thrown by any copy of the library in the program: the
 * CommonJS build beside the ESM one (whist loaded by both `require` and `import`), or a second copy in a
 * bundle ([docs/errors.md](https://github.com/whist-js/whist/blob/main/docs/errors.md), "Two copies of the library in one program").
 *
 * @example
 * ```ts
 * import { FULL_DECK, SHORT_WHIST, WhistError, dealHandOrThrow, playOrThrow } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * let code = '';
 * try {
 *   playOrThrow(state, 'N', 'AS');
 * } catch (e) {
 *   if (e instanceof WhistError) code = e.code;
 * }
 * code; // 'NOT_YOUR_TURN'
 * ```
 * @group Errors
 */
export class WhistError extends Error {
  static {
    Object.defineProperty(WhistError.prototype, WHIST_ERROR, { value: true });
  }

  /** The stable code, the same as `info.code`. */
  readonly code: ErrorCode;
  /** The full error object, as a result would carry it. */
  readonly info: WhistErrorInfo;

  /**
   * @param info - the error object
   */
  constructor(info: WhistErrorInfo) {
    const safe = readInfo(info);
    super(safe.message);
    this.name = 'WhistError';
    this.code = safe.code;
    this.info = safe;
  }

  /**
   * `value instanceof WhistError`: true for an error of this class, and for one thrown by another copy of
   * the library, which every copy marks with `Symbol.for('whist.WhistError')`. A subclass is matched as
   * classes are. Never throws.
   *
   * @param value - anything
   * @returns whether `value` is a `WhistError` of any copy of the library
   */
  static override [Symbol.hasInstance](value: unknown): value is WhistError {
    try {
      // `this` is the class `instanceof` asks about: WhistError or a subclass, which is matched as classes are.
      // biome-ignore lint/complexity/noThisInStatic: the class asked about, not always WhistError
      if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
      // biome-ignore lint/complexity/noThisInStatic: as above
      return this === WhistError && typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[WHIST_ERROR] === true;
    } catch {
      // A Proxy whose traps throw: not an error of the library.
      return false;
    }
  }
}

/** The error object a WhistError was given, or an `INVALID_ARGUMENT` one describing what it was given instead. */
function readInfo(info: unknown): WhistErrorInfo {
  try {
    const i = info as WhistErrorInfo;
    if (typeof info === 'object' && info !== null && typeof i.code === 'string' && typeof i.message === 'string') return i;
  } catch {
    // A hostile object: described below instead.
  }
  return { code: 'INVALID_ARGUMENT', message: `a WhistError needs { code, message }, got ${describe(info)}` };
}

/**
 * @internal Runs a function that may throw {@link WhistError} only: anything else it throws (a getter or
 * Proxy trap of a hostile input) becomes a WhistError `INVALID_ARGUMENT` naming `what`.
 */
export function onlyWhistErrors<T>(body: () => T, what: string): T {
  try {
    return body();
  } catch (e) {
    if (infoOf(e) !== null) throw e;
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `${what} could not be read: it throws when read` });
  }
}

/** @internal A failed result; `extra` fields are copied only when they are short strings. */
export function fail<C extends ErrorCode>(
  code: C,
  message: string,
  extra?: { path?: string; seat?: unknown; card?: unknown; field?: string },
): { readonly ok: false; readonly error: WhistErrorInfo<C> } {
  const error: { code: C; message: string; path?: string; seat?: string; card?: string; field?: string } = { code, message };
  if (extra !== undefined) {
    if (extra.path !== undefined) error.path = extra.path;
    if (typeof extra.seat === 'string' && extra.seat.length <= 8) error.seat = extra.seat;
    if (typeof extra.card === 'string' && extra.card.length <= 8) error.card = extra.card;
    if (extra.field !== undefined) error.field = extra.field;
  }
  return { ok: false, error: Object.freeze(error) };
}

/** @internal A successful result. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** @internal Unwraps a result or throws its error. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new WhistError(result.error);
  return result.value;
}

/**
 * @internal Describes any value for an error message, without calling anything the value defines:
 * no `toString`, no `toJSON`, no getter, no Proxy trap. Never throws.
 */
export function describe(value: unknown): string {
  try {
    switch (typeof value) {
      case 'string':
        return value.length > 24 ? `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)` : JSON.stringify(value);
      case 'number':
      case 'boolean':
      case 'undefined':
        return String(value);
      case 'bigint':
        return 'a bigint';
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
      default:
        if (value === null) return 'null';
        return Array.isArray(value) ? 'an array' : 'an object';
    }
  } catch {
    // Array.isArray throws on a revoked Proxy.
    return 'an unreadable value';
  }
}

/**
 * @internal Runs `body` and turns anything it throws (a getter or Proxy trap of a hostile input, a stack
 * overflow on absurd nesting) into an `INVALID_ARGUMENT` result, so a function promising a result keeps
 * its promise for any value. The library's own code does not throw inside `body`.
 */
export function guard<T, C extends ErrorCode>(body: () => Result<T, C>, what: string): Result<T, C | 'INVALID_ARGUMENT'> {
  try {
    return body();
  } catch (e) {
    const info = infoOf(e);
    if (info !== null) return { ok: false, error: info as WhistErrorInfo<C> };
    return fail('INVALID_ARGUMENT', `${what} could not be read: it throws when read`);
  }
}

/** The error object of a thrown {@link WhistError}, or `null` for anything else (an object that throws when read included). */
function infoOf(e: unknown): WhistErrorInfo | null {
  try {
    return e instanceof WhistError ? e.info : null;
  } catch {
    return null;
  }
}
