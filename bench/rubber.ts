/**
 * (d) A complete rubber at a table, every seat played by the heuristic player, through the public
 * table API only: `newTable`, then `apply` with `deal` and `play` actions until the rubber is over.
 */

import { currentSeat, type HandState } from '../src/hand/index.js';
import { heuristicPlayer } from '../src/players.js';
import { isRubberComplete } from '../src/rubber.js';
import { apply, currentHand, currentRubber, newTable, type TableAction, type TableState } from '../src/table/index.js';
import { playerViewOrThrow } from '../src/view.js';
import { RULES } from './games.js';

function step(table: TableState, action: TableAction): TableState {
  const r = apply(table, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * Plays the current rubber of a table to its end with heuristic players.
 *
 * @param table - a table whose rubber is not over and with no hand in progress
 * @param onHand - called after each hand with the table, e.g. to sample the heap
 * @returns the table after the rubber's last hand, and the number of hands played
 */
export function finishRubber(table: TableState, onHand?: (table: TableState) => void): { table: TableState; hands: number } {
  let hands = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = step(table, { type: 'deal' });
    for (let k = 0; k < 52; k++) {
      const hand = currentHand(table) as HandState;
      const seat = currentSeat(hand);
      table = step(table, { type: 'play', seat: seat as NonNullable<typeof seat>, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
    }
    hands++;
    onHand?.(table);
  }
  return { table, hands };
}

/** A new table for a seed, dealer north, seats named after themselves. */
export function openTable(seed: number): TableState {
  const r = newTable(RULES, { dealer: 'N', seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** One complete rubber from a fresh table. */
export function playRubber(seed: number): { table: TableState; hands: number } {
  return finishRubber(openTable(seed));
}

/** Starts the next rubber at a table whose rubber is over. */
export function nextRubber(table: TableState): TableState {
  return step(table, { type: 'newRubber' });
}
