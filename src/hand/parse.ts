/**
 * Reading a stored hand state: the door through which a state the library did not make (JSON from a
 * database, a client, a file) enters, checked completely once.
 *
 * @module
 */

import { type Result, unwrap } from '../errors.js';
import { adoptWith } from '../made.js';
import { readStored } from '../read.js';
import { HAND_KIND, readState, stateOfProgress } from './progress.js';
import type { HandState, ParseStateError } from './types.js';

/** Hand states, and a hand state another copy of the library made (made.ts), wherever parseState is: read as a stored one is. */
const HAND = /* @__PURE__ */ adoptWith(HAND_KIND, readState);

/**
 * Checks a stored hand state, e.g. one read from a database or sent by a client, and returns it as a
 * fresh, frozen {@link HandState}.
 *
 * The check is complete: the schema version, the rules, the deal, where trump came from, and every card
 * played, replayed through the rules of play. A state that passes cannot contradict itself. Unknown
 * fields are refused, and so are getters.
 *
 * @param value - anything: typically `JSON.parse` of a stored state, or the JSON text itself (at most 1 MB)
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"deal"`, `"plays[7]"`, …), or `INVALID_RULES` for its rules. Never throws.
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, parseState, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
 * const r = parseState(JSON.stringify(state));
 * r.ok && r.value.plays; // 'AS'
 * const forged = parseState({ ...state, plays: 'AS QS' }); // south does not hold the queen of spades
 * forged.ok ? null : forged.error.path; // 'plays[1]'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play" (the rules every play is checked against).
 * @group Hand
 */
export function parseState(value: unknown): Result<HandState, ParseStateError> {
  return readStored(value, HAND, readState, stateOfProgress);
}

/**
 * {@link parseState}, throwing instead of returning an error.
 *
 * @param value - anything
 * @returns the checked state
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES`
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, parseStateOrThrow, SHORT_WHIST } from 'whist';
 *
 * const stored = JSON.stringify(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }));
 * parseStateOrThrow(JSON.parse(stored)).dealer; // 'N'
 * ```
 * @remarks Source: as {@link parseState}.
 * @group Hand
 */
export function parseStateOrThrow(value: unknown): HandState {
  return unwrap(parseState(value));
}
