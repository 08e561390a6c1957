/**
 * @internal The shell every public solver function runs in: its result and error types, the check of its
 * limits (an abort signal and a node budget), the failure it answers with, and the guard that turns whatever
 * a hostile input throws into a result. `scorePosition`, `solve`, `checkClaim`, `cardValues` and the others
 * answer through it alone.
 *
 * @module
 */

import type { Result, WhistErrorInfo } from '../errors.js';
import type { AbortFlag } from './core.js';

/**
 * The error codes of the solver.
 *
 * - `INVALID_STATE`: a position that is not one (a bad card, a card twice, hand sizes that do not fit the trick,
 *   no card to play), or a hand state that is not a state of this library or is complete.
 * - `INVALID_ARGUMENT`: options that are not valid (`memoryMB`, `maxNodes`, `signal`), or an input that throws
 *   when read.
 * - `ABORTED`: the solve was stopped before it had an answer, by the abort signal or the node budget; the
 *   message says which. Nothing is guessed.
 */
export type SolverError = 'INVALID_STATE' | 'INVALID_ARGUMENT' | 'ABORTED';

/**
 * A solver error: a stable code, a sentence for people, and for a bad position where in it the problem is.
 *
 * @example
 * ```ts
 * import { solvePosition } from 'whist/solver';
 *
 * const r = solvePosition({ cards: { N: ['AS'], E: ['KS'], S: ['QS'], W: ['QS'] }, trump: null, leader: 'N', trick: [] });
 * r.ok ? null : r.error; // { code: 'INVALID_STATE', message: 'QS appears twice', path: 'cards.W[0]' }
 * ```
 */
export type SolverErrorInfo = WhistErrorInfo<SolverError>;

/**
 * The outcome of a solver function, the library's one {@link Result} type: the value, or an error. Solver
 * functions never throw.
 *
 * @typeParam T - the value on success
 */
export type SolverResult<T> = Result<T, SolverError>;

/** Limits on one solve: an abort signal and a node budget. */
export interface SolveOptions {
  /**
   * Stops the solve when `aborted` becomes true (an `AbortSignal`, or any object with that flag). It is read
   * every 1,024 nodes. The search is synchronous: a signal that a timer aborts is seen only if the timer can
   * run, for example when the solve runs in a Worker and the signal is read from shared state, or between calls.
   */
  readonly signal?: { readonly aborted: boolean } | undefined;
  /**
   * Stops the solve after about this many search nodes (checked every 1,024 nodes); for `ddTable`, its 20
   * solves together. A positive number; `Infinity` for no budget. The default is none for the double-dummy
   * functions, and `CLAIM_NODES` for `checkClaim` and `claimableTricks`.
   */
  readonly maxNodes?: number | undefined;
}

/** @internal The limits of one run, checked. */
export interface RunLimits {
  readonly signal: AbortFlag | null;
  readonly maxNodes: number;
}

/** @internal Why a run stopped without an answer. */
export type StopReason = 'aborted' | 'budget';

/** @internal A failed result. */
export type Failure = { readonly ok: false; readonly error: SolverErrorInfo };

/** @internal A failed result with a frozen error. */
export function failure(code: SolverError, message: string, path?: string): Failure {
  const error: { code: SolverError; message: string; path?: string } = { code, message };
  if (path !== undefined) error.path = path;
  return { ok: false, error: Object.freeze(error) };
}

/** @internal Whether a value is a failed result. */
export function isFailure(x: unknown): x is Failure {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false;
}

/** @internal Runs `body`, turning anything a hostile input throws into an `INVALID_ARGUMENT` result naming `what`. */
export function guarded<T>(body: () => SolverResult<T>, what: string): SolverResult<T> {
  try {
    return body();
  } catch {
    return failure('INVALID_ARGUMENT', `${what} could not be read: it throws when read`);
  }
}

/**
 * @internal Reads `{ signal, maxNodes }` once: the limits, with `maxNodes` defaulting to `defaultNodes`, or an
 * `INVALID_ARGUMENT` failure.
 */
export function limitsOf(options: unknown, defaultNodes = Number.POSITIVE_INFINITY): RunLimits | Failure {
  if (options === undefined) return { signal: null, maxNodes: defaultNodes };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return failure('INVALID_ARGUMENT', 'options must be an object');
  const o = options as { signal?: unknown; maxNodes?: unknown };
  const given = o.signal;
  let signal: AbortFlag | null = null;
  if (given !== undefined) {
    if (typeof given !== 'object' || given === null || typeof (given as { aborted?: unknown }).aborted !== 'boolean') {
      return failure('INVALID_ARGUMENT', 'options.signal must be an AbortSignal (an object with a boolean `aborted`)', 'signal');
    }
    signal = given as AbortFlag;
  }
  const nodes = o.maxNodes;
  let maxNodes = defaultNodes;
  if (nodes !== undefined) {
    if (typeof nodes !== 'number' || !(nodes > 0)) return failure('INVALID_ARGUMENT', 'options.maxNodes must be a positive number', 'maxNodes');
    maxNodes = nodes;
  }
  return { signal, maxNodes };
}

/** @internal The `ABORTED` failure of a run stopped by its budget or its signal. */
export function stopped(reason: StopReason, limits: RunLimits): Failure {
  return reason === 'budget'
    ? failure('ABORTED', `stopped without an answer: the budget of ${limits.maxNodes} nodes (options.maxNodes) was used up`)
    : failure('ABORTED', 'stopped without an answer: the abort signal (options.signal) was raised');
}
