/**
 * Errors: one shape everywhere.
 *
 * Rule violations and bad input come back as `{ ok: false, error }` with a stable SCREAMING_CASE
 * `code`, so a backend can send them on as JSON. Each throwing twin (`playOrThrow`, `dealOrThrow`, …)
 * throws a {@link WhistError} carrying the same object.
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
 * - `INVALID_HAND`: a hand that is not an array of 13 cards, or a missing hand.
 * - `INVALID_TRUMP`: a trump that is neither a suit nor `null`.
 * - `INVALID_RULES`: a rules object that fails validation.
 * - `INVALID_SCORE`: impossible input to a score calculation (tricks not summing to 13, …).
 * - `INVALID_STATE`: a stored state that is not a state this library wrote.
 * - `INVALID_ACTION`: an action the table does not know, or one it cannot take now.
 * - `RUBBER_COMPLETE`: the rubber is over; no more hands are dealt in it.
 * - `INVALID_PLAYERS`: not four distinct, non-empty player ids.
 * - `INVALID_ARGUMENT`: a number outside what a helper accepts (a seed that is not finite, a range of no outcomes).
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
  | 'INVALID_PLAYERS'
  | 'INVALID_ARGUMENT';

/**
 * The error object: a stable `code`, a sentence for people, and where it helps, where the problem is.
 *
 * @example
 * ```ts
 * const e: WhistErrorInfo = { code: 'NOT_YOUR_TURN', message: 'It is E to play, not N', seat: 'N' };
 * ```
 */
export interface WhistErrorInfo {
  /** Stable machine-readable code. */
  readonly code: ErrorCode;
  /** A sentence for people; its wording may change between versions. */
  readonly message: string;
  /** Where in an input the problem is, e.g. `"deck[12]"` or `"hands.N[3]"`. */
  readonly path?: string;
  /** The seat concerned. */
  readonly seat?: string;
  /** The card concerned, as given. */
  readonly card?: string;
  /** The rules field concerned. */
  readonly field?: string;
}

/** A result: the value on success, the error otherwise. Never throws. */
export type Result<K extends string, T> =
  | ({ readonly ok: true } & { readonly [P in K]: T })
  | { readonly ok: false; readonly error: WhistErrorInfo };

/**
 * The error thrown by the throwing twins (`playOrThrow`, `dealOrThrow`, …) and by calculators given impossible input.
 *
 * @example
 * ```ts
 * try {
 *   playOrThrow(state, 'N', 'AS');
 * } catch (e) {
 *   if (e instanceof WhistError && e.code === 'NOT_YOUR_TURN') { ... }
 * }
 * ```
 */
export class WhistError extends Error {
  /** The stable code, the same as `info.code`. */
  readonly code: ErrorCode;
  /** The full error object, as a result would carry it. */
  readonly info: WhistErrorInfo;

  constructor(info: WhistErrorInfo) {
    super(info.message);
    this.name = 'WhistError';
    this.code = info.code;
    this.info = info;
  }
}

/** @internal Builds a failed result. */
export function fail(code: ErrorCode, message: string, extra?: Omit<WhistErrorInfo, 'code' | 'message'>) {
  return { ok: false as const, error: Object.freeze({ code, message, ...extra }) as WhistErrorInfo };
}

/** @internal Unwraps a result or throws its error. */
export function unwrap<T>(result: { ok: true } | { ok: false; error: WhistErrorInfo }, key: string): T {
  if (!result.ok) throw new WhistError(result.error);
  return (result as unknown as Record<string, T>)[key] as T;
}
