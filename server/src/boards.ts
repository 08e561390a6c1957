/**
 * Duplicate boards at the server, for the daily challenge (daily.ts) and duplicate events (duplicate.ts):
 * a board's table read once its hand is over, and a board played on by computer players on the solver's
 * pool.
 *
 * @module
 */

import { type BySide, type ComputerLevel, currentHand, currentRubber, type HandState, handSummaries, parseState, playedCards, type Rules } from 'whist';
import { type BoardResult, boardResultOf } from 'whist/duplicate';
import type { Tables } from './tables.js';

/** A board's hand, over: the tricks and points of each side, and the cards played in order. */
export interface BoardPlayed {
  readonly tricks: BySide;
  readonly points: BySide;
  readonly plays: readonly string[];
}

/**
 * The tricks and points of a board's table once its hand is over (played out, or ended by a claim or a
 * concession), as the table scored it: its first hand, from love; `null` while it is played.
 */
export async function boardPlayed(tables: Tables, tableId: string): Promise<BoardPlayed | null> {
  const table = tables.check(await tables.read(tableId));
  const hand = handSummaries(currentRubber(table))[0];
  const played = currentHand(table);
  if (hand === undefined || played === null) return null;
  return { tricks: hand.tricks, points: hand.points, plays: playedCards(played).map((p) => p.card) };
}

/** The hand a board's table is at now (its cards so far played), for computer players to play on from. */
export async function tableHand(tables: Tables, tableId: string): Promise<HandState | null> {
  return currentHand(tables.check(await tables.read(tableId)));
}

/**
 * A board played on from `hand` (its start, or a hand part-played) by four computer players at `level` on
 * the solver's pool, as a board's result for `pairs`; `null` when the pool could not do it.
 */
export async function boardPlayedOn(
  tables: Tables,
  rules: Rules,
  board: number,
  pairs: { readonly ns: string; readonly ew: string },
  hand: HandState,
  level: ComputerLevel,
  seed: number,
): Promise<BoardResult | null> {
  const played = await tables.solver.playOn(hand, level, seed).catch(() => null);
  // The hand comes back as JSON from the worker: read again here, as any hand from outside.
  const read = played === null ? null : parseState(played);
  return read?.ok ? boardResultOf(rules, board, pairs, read.value) : null;
}
