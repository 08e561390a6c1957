/**
 * What each legal card is worth from the seat's own view: the tricks its side takes on average over the
 * layouts the sampling player draws, each solved double dummy. A hint for a person, and the yardstick of a
 * review (what a card cost from what its player could see).
 *
 * @module
 */

import { CARD_BY_INDEX, type Card } from '../cards.js';
import { WhistError } from '../errors.js';
import type { PlayerView } from '../view.js';
import { type Known, layoutsOf, readKnown, readOptions, type SamplingOptions, type Settings, sumOverLayouts } from './sampling.js';
import { failure, type SolverResult } from './shell.js';

/** A legal card and the tricks its side takes on average if it is played, over the layouts solved. */
export interface CardValue {
  /** The card. */
  readonly card: Card;
  /**
   * The tricks the side of the seat to play takes from this point to the end of the hand, the trick in
   * progress included, on average over the layouts solved (a fraction).
   */
  readonly tricks: number;
}

/** The value of every legal card of a view (see {@link cardValues}). */
export interface CardValues {
  /** Every legal card, in the order of `view.legalMoves`, with its expected tricks. */
  readonly cards: readonly CardValue[];
  /** How many layouts were solved: the averages are over these. */
  readonly layouts: number;
}

/**
 * The expected tricks of each legal card from the seat's own view: the tricks its side takes from here to the
 * end of the hand if it plays that card, on average over layouts of the hidden cards drawn consistent with
 * the view, each solved double dummy.
 *
 * The layouts (weighted by what the play says unless `inference` is `false`), their number and the node
 * budgets are those of {@link samplingPlayer} with the same options: the card the sampling player plays is one
 * of those worth the most here, when neither call reaches a time limit. Unlike the sampling player, the values
 * have no time limit unless `timeLimitMs` is given, so that they never depend on the machine's speed. Unlike the double-dummy scores
 * (`scoreMoves`), nothing here depends on the hidden cards: the same view and seed give the same values
 * whatever the other seats really hold, so the values are a fair hint for a person.
 *
 * @param view - the view of the seat to play, from `playerView`: it holds no other seat's cards
 * @param options - `{ level, seed, layouts, maxNodes, cardNodes, timeLimitMs, inference }`, as for
 *   {@link samplingPlayer} (level `'standard'`, seed 0, no time limit and inference on by default)
 * @returns `{ ok: true, value: { cards: [{ card, tricks }, …], layouts } }`, every legal card in the order of
 *   `view.legalMoves`; `INVALID_ARGUMENT` for a view that is not that of the seat to play, a view that no
 *   layout fits, options that are not valid, or an input that throws when read; `ABORTED` when no layout was
 *   solved within the node budgets and the time limit (nothing is guessed)
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, playerViewOrThrow, SHORT_WHIST } from 'whist';
 * import { cardValues, samplingPlayer } from 'whist/solver';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * const view = playerViewOrThrow(state, currentSeat(state));
 * const r = cardValues(view, { level: 'standard', seed: 7 });
 * if (!r.ok) throw new Error(r.error.message);
 * r.value.cards.map((c) => c.card).join() === view.legalMoves.join(); // true
 * const best = Math.max(...r.value.cards.map((c) => c.tricks));
 * const played = samplingPlayer(view, { level: 'standard', seed: 7, timeLimitMs: Infinity });
 * r.value.cards.find((c) => c.card === played)?.tricks === best; // true
 * cardValues(view, { level: 'slow' as 'fast' }).ok; // false
 * ```
 * @remarks Source: Matthew Ginsberg, "GIB: Imperfect information in a computationally challenging game", JAIR 14
 *   (2001) 303-358: the average over sampled layouts of each card's double-dummy tricks.
 */
export function cardValues(view: PlayerView, options?: SamplingOptions): SolverResult<CardValues> {
  let k: Known;
  let o: Settings;
  try {
    k = readKnown(view);
    o = readOptions(options);
    // No time limit unless one is given: a value never depends on the machine's speed.
    if ((options as SamplingOptions | undefined)?.timeLimitMs === undefined) o = { ...o, timeLimitMs: Number.POSITIVE_INFINITY };
  } catch (e) {
    if (e instanceof WhistError) return failure('INVALID_ARGUMENT', e.message, e.info.path);
    return failure('INVALID_ARGUMENT', 'the view or the options could not be read: they throw when read');
  }
  const { known, sampler } = layoutsOf(k);
  if (!sampler.possible) return failure('INVALID_ARGUMENT', 'no layout of the hidden cards fits the view', 'view');
  const { sums, solved } = sumOverLayouts(known, o, sampler);
  if (solved === 0) return failure('ABORTED', 'no layout was solved within the budgets (options.maxNodes, options.cardNodes, options.timeLimitMs)');
  const cards = k.moves.map((m) => ({ card: CARD_BY_INDEX[m] as Card, tricks: (sums[m] as number) / solved }));
  return { ok: true, value: { cards, layouts: solved } };
}
