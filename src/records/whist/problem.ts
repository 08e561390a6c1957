/**
 * A problem of a Whist record: its error code, and where it is in the text (the line, and the tag or the
 * part of the text concerned). The first problem in the text is what `parseWhistPbn` reports.
 *
 * @module
 */

import { fail } from '../../errors.js';
import type { Failure } from '../text/arguments.js';

/**
 * The error codes of {@link parseWhistPbn}.
 *
 * @group Records
 */
export type ParseWhistError =
  | 'INVALID_ARGUMENT'
  | 'INVALID_RULES'
  | 'INVALID_STATE'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'INVALID_SCORE';

/** @internal A problem found in a Whist record: its code, its line and tag, what is wrong, and the seat and card concerned. */
export interface Problem {
  readonly code: ParseWhistError;
  readonly line: number;
  readonly tag: string;
  readonly message: string;
  readonly seat?: string;
  readonly card?: string;
}

/** @internal A problem at `at`'s line (a tag, a token, a game). */
export function problem(
  code: ParseWhistError,
  at: { readonly line: number },
  tag: string,
  message: string,
  extra: { seat?: string; card?: string } = {},
): Problem {
  return { code, line: at.line, tag, message, ...extra };
}

/** @internal Whether a value is a {@link Problem}. */
export function isProblem(x: unknown): x is Problem {
  return typeof x === 'object' && x !== null && 'code' in x && 'line' in x && 'tag' in x;
}

/** @internal The refused result of a problem: `path` `"line 40 WhistTricks"`, the message opening with the line and the tag. */
export function failure(p: Problem): Failure<ParseWhistError> {
  return fail(p.code, `line ${p.line}, [${p.tag}]: ${p.message}`, { path: `line ${p.line} ${p.tag}`, seat: p.seat, card: p.card });
}

/** @internal The problem that comes first in the text. */
export function firstOf(...found: (Problem | null)[]): Problem | null {
  let best: Problem | null = null;
  for (const p of found) if (p !== null && (best === null || p.line < best.line)) best = p;
  return best;
}

/** @internal A message of the engine without its leading `path: `. */
export function stripPath(message: string): string {
  const at = message.indexOf(': ');
  return at > 0 && at < 40 && !message.slice(0, at).includes(' ') ? message.slice(at + 2) : message;
}
