/**
 * Selectors of a table: the hand and rubber in progress, the seating, the rubbers finished.
 *
 * @module
 */

import { WhistError } from '../errors.js';
import { type HandState, stateOfProgress } from '../hand/index.js';
import type { RubberState } from '../rubber.js';
import type { BySeat } from '../seats.js';
import { copySummaries, tableProgressOrThrow } from './progress.js';
import type { RubberSummary, TableState } from './types.js';
// ------------------------------------------------------------------------------------------------------
// Selectors.

/**
 * The hand in progress at a table, or the last one played in this rubber.
 *
 * @param table - a table state
 * @returns the hand state, or `null` before the rubber's first deal
 * @throws {@link WhistError} `INVALID_STATE` when `table` is not a table state the library made (see {@link parseTable})
 * @example
 * ```ts
 * import { currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * currentHand(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // null
 * ```
 * @group Rubber and table
 */
export function currentHand(table: TableState): HandState | null {
  const hand = tableProgressOrThrow(table).hand;
  return hand === null ? null : stateOfProgress(hand);
}

/**
 * The rubber in progress at a table (or just finished).
 *
 * @param table - a table state
 * @returns the rubber state
 * @throws {@link WhistError} `INVALID_STATE` when `table` is not a table state the library made (see {@link parseTable})
 * @example
 * ```ts
 * import { currentRubber, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * currentRubber(newTableOrThrow(SHORT_WHIST, { seed: 1, dealer: 'E' })).firstDealer; // 'E'
 * ```
 * @group Rubber and table
 */
export function currentRubber(table: TableState): RubberState {
  return tableProgressOrThrow(table).rubber;
}

/**
 * Who sits where at a table now, after any change of partners.
 *
 * @param table - a table state
 * @returns player ids by seat
 * @throws {@link WhistError} `INVALID_STATE` when `table` is not a table state the library made (see {@link parseTable})
 * @example
 * ```ts
 * import { newTableOrThrow, seating, SHORT_WHIST } from 'whist';
 *
 * seating(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // { N: 'N', E: 'E', S: 'S', W: 'W' }
 * ```
 * @group Rubber and table
 */
export function seating(table: TableState): BySeat<string> {
  const p = tableProgressOrThrow(table).players;
  return { N: p.N, E: p.E, S: p.S, W: p.W };
}

/**
 * The finished rubbers of a table, before the current one.
 *
 * @param table - a table state
 * @returns one summary per finished rubber, as new objects
 * @throws {@link WhistError} `INVALID_STATE` when `table` is not a table state the library made (see {@link parseTable})
 * @example
 * ```ts
 * import { finishedRubbers, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * finishedRubbers(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // []
 * ```
 * @group Rubber and table
 */
export function finishedRubbers(table: TableState): RubberSummary[] {
  return copySummaries(tableProgressOrThrow(table).rubbers);
}
