/**
 * @internal Root drivers: turn yes/no searches into numbers of tricks.
 *
 * A value is found by a sequence of zero-window searches that narrow a lower and an upper bound, starting from
 * a guess (the MTD idea; DDS does the same at its root). Each search leaves its results in the transposition
 * table, so the later searches of the sequence, and of the other cards, are much cheaper than the first.
 *
 * For the score of every card, each group of equivalent cards is played and the position after it is valued;
 * the guess for each is the best value found so far, since most cards are worth the best or close to it.
 *
 * @module
 */

import { type Core, CUT_MOVE, MOVES, MOVES_PER_DEPTH, PLAYED, playCard, suitOf, TT_MOVE, unplayCard } from './core.js';
import { generateMoves } from './moves.js';
import { type SearchContext, searchNode } from './search.js';

/**
 * @internal The number of tricks the max side takes from the root, by zero-window searches of the node at
 * depth `d` between `lower` and `upper` (inclusive), starting with `guess`.
 */
function narrow(x: SearchContext, d: number, lower: number, upper: number, guess: number): number {
  const c = x.c;
  let lo = lower;
  let hi = upper;
  let g = guess;
  while (lo < hi) {
    const t = g <= lo ? lo + 1 : g > hi ? hi : g;
    c.target = t;
    if (searchNode(x, d)) {
      lo = t;
      g = t + 1;
    } else {
      hi = t - 1;
      g = t - 1;
    }
  }
  return lo;
}

/**
 * @internal The order in which a full table solves the four leaders of a strain (seats 0-3, N E S W): the
 * first leader, its partner, then the other side's two. The partner's search finds more of its positions in
 * the transposition table after the other side's than straight after its partner's, so this order visits fewer
 * nodes than N E S W (200 random tables: [docs/solver.md](https://github.com/whist-js/whist/blob/main/docs/solver.md)).
 */
export const TABLE_LEADERS: readonly number[] = [0, 2, 1, 3];

/**
 * @internal The guess for `leader`'s value (the tricks its side takes of `tricks`) in a full table: half the
 * tricks for a strain's first leader (`last` -1), else what its side took when `last` led (`lastValue` being
 * the tricks `last`'s side took then).
 */
export function leaderGuess(tricks: number, leader: number, last: number, lastValue: number): number {
  return last < 0 ? tricks >> 1 : ((last ^ leader) & 1) === 0 ? lastValue : tricks - lastValue;
}

/**
 * @internal The tricks the side to play takes from the loaded position (the trick in progress included).
 *
 * @param x - the core (with a position loaded at depth `d`) and table
 * @param d - the root's depth
 * @param guess - a first guess, e.g. from a previous search
 * @returns the number of tricks
 */
export function valueOfRoot(x: SearchContext, d: number, guess: number): number {
  const c = x.c;
  const p = c.trickPos;
  c.maxSide = (c.leader + p) & 3 & 1;
  c.tricksMax = 0;
  const total = (d + p) >> 2;
  return narrow(x, d, 0, total, guess);
}

/**
 * @internal Scores every legal card of the seat to play: `scores[card]` becomes the tricks its side takes after
 * playing it (the trick in progress included); other entries are left as they were.
 *
 * @param x - the core (with a position loaded at depth `d`) and table
 * @param d - the root's depth
 * @param scores - 52 entries, by card index
 * @returns the best score
 */
export function scoreRoot(x: SearchContext, d: number, scores: Int32Array): number {
  const c = x.c;
  const p = c.trickPos;
  c.maxSide = (c.leader + p) & 3 & 1;
  c.tricksMax = 0;
  const total = (d + p) >> 2;
  const n = generateMoves(c, d);
  const base = d * MOVES_PER_DEPTH;
  const moves = MOVES.slice(base, base + n);
  let best = -1;
  for (let i = 0; i < n; i++) {
    const card = (moves[i] as number) & 63;
    const group = (moves[i] as number) >> 6;
    playCard(c, d, card);
    const guess = best >= 0 ? best : total >> 1;
    const v = narrow(x, d - 1, 0, total, guess);
    unplayCard(c, d, card);
    if (v > best) best = v;
    const s = suitOf(card);
    for (let r = 0; r < 13; r++) if ((group & (1 << r)) !== 0) scores[s * 13 + r] = v;
  }
  return best;
}

/**
 * @internal Plays out every legal card of the seat to play, without search: each group of equivalent cards is
 * played, then every seat plays the first card of its move ordering (the move the search would try first:
 * cash winners, second hand low, win cheaply, ruff when partner is not winning; see moves.ts) to the end of
 * the hand. `scores[card]` becomes the tricks the side to play takes on that line, the trick in progress
 * included. Far cheaper than {@link scoreRoot} (one card a node, a few hundred nodes in all from the opening
 * lead) and far weaker: an estimate, never a solve.
 *
 * @param c - the core, with a position loaded at depth `d`
 * @param d - the root's depth
 * @param scores - 52 entries, by card index
 * @returns the cards played, the nodes of this estimate
 */
export function playoutRoot(c: Core, d: number, scores: Int32Array): number {
  const p = c.trickPos;
  c.maxSide = (c.leader + p) & 3 & 1;
  c.tricksMax = 0;
  const n = generateMoves(c, d);
  const base = d * MOVES_PER_DEPTH;
  const moves = MOVES.slice(base, base + n);
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    const card = (moves[i] as number) & 63;
    const group = (moves[i] as number) >> 6;
    playCard(c, d, card);
    for (let at = d - 1; at > 0; at--) {
      generateMoves(c, at);
      playCard(c, at, (MOVES[at * MOVES_PER_DEPTH] as number) & 63);
    }
    nodes += d;
    const v = c.tricksMax;
    for (let at = 1; at < d; at++) unplayCard(c, at, PLAYED[at] as number);
    unplayCard(c, d, card);
    const s = suitOf(card);
    for (let r = 0; r < 13; r++) if ((group & (1 << r)) !== 0) scores[s * 13 + r] = v;
  }
  return nodes;
}

/** @internal Resets the per-depth move hints, e.g. before a new deal: the core's own and the shared ones. */
export function resetHints(c: Core): void {
  c.killer.fill(-1);
  c.cutSlots.fill(0);
  resetSharedHints();
}

/**
 * @internal Resets the move hints every core shares (core.ts): the table's and the cut-off cache's suggestion
 * per depth. A root reads its depth's before any search sets them, so a solver resets them before each run: its
 * nodes then never depend on another solver's runs.
 */
export function resetSharedHints(): void {
  TT_MOVE.fill(-1);
  CUT_MOVE.fill(-1);
}
