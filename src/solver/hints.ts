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
import {
  type Known,
  layoutsOf,
  readKnown,
  readOptions,
  SAMPLING_LEVELS,
  type SamplingLevel,
  type SamplingOptions,
  type Settings,
  sumOverLayouts,
} from './sampling.js';
import { failure, guarded, type SolverResult } from './shell.js';

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
  /** How many layouts were solved: the averages are over these, when there is one. */
  readonly layouts: number;
  /**
   * How many layouts were played out instead of solved, when none could be solved within the budgets (0
   * otherwise): the averages are then over these, each card's tricks on a line where every seat plays the
   * first card of the solver's move ordering, an estimate far weaker than a solve.
   */
  readonly playedOut: number;
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
 * There is a value at every card, the opening lead included, within the level's budgets. When the budgets end
 * before any layout is solved (from the opening lead one solve can take more nodes than a whole card's budget
 * at `'fast'`), the values come from the layouts tried, each played out instead of solved (each legal card
 * played, then every seat playing the first card of the solver's move ordering to the end of the hand): then
 * `layouts` is 0 and `playedOut` says over how many layouts the values are. As soon as one layout is solved,
 * the values are the solved layouts' alone and `playedOut` is 0.
 *
 * @param view - the view of the seat to play, from `playerView`: it holds no other seat's cards
 * @param options - `{ level, seed, layouts, maxNodes, cardNodes, timeLimitMs, inference }`, as for
 *   {@link samplingPlayer} (level `'standard'`, seed 0, no time limit and inference on by default)
 * @returns `{ ok: true, value: { cards: [{ card, tricks }, …], layouts, playedOut } }`, every legal card in the
 *   order of `view.legalMoves`; `INVALID_ARGUMENT` for a view that is not that of the seat to play, a view that
 *   no layout fits, options that are not valid, or an input that throws when read. (`ABORTED`, which earlier
 *   versions answered when no layout was solved within the budgets, is no longer returned.)
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
 * r.value.layouts > 0 || r.value.playedOut > 0; // true
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
  const { sums, solved, estimates, playedOut } = sumOverLayouts(known, o, sampler);
  // The layouts solved, or while none is, the layouts played out instead.
  const from = solved > 0 ? sums : estimates;
  const over = solved > 0 ? solved : playedOut;
  const cards = k.moves.map((m) => ({ card: CARD_BY_INDEX[m] as Card, tricks: (from[m] as number) / over }));
  return { ok: true, value: { cards, layouts: solved, playedOut } };
}

/**
 * The fewest layouts a hint rests on when its budgets allow: 8. {@link hintValues} asks again with larger
 * budgets (the expert level's) when fewer are solved, unless its level is already the expert's.
 *
 * @example
 * ```ts
 * import { HINT_LAYOUTS } from 'whist/solver';
 *
 * HINT_LAYOUTS; // 8
 * ```
 * @remarks Source: [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md), "Hints".
 */
export const HINT_LAYOUTS = 8;

/**
 * A hint for a person: the expected tricks of each legal card from the seat's own view, as
 * {@link cardValues} gives them at `level`, and where fewer than {@link HINT_LAYOUTS} layouts are solved within
 * that level's budgets (the first tricks of a hand), asked again with the `expert` level's budgets for the
 * same number of layouts, so that a hint never rests on a layout or two when more can be solved. The command
 * line's `hint` and the page's hints both take it.
 *
 * @param view - the seat's view (`PlayerView`)
 * @param options - `level` (`fast`, `standard` the default, `strong`, `expert`: its number of layouts) and `seed` (a number, default 0)
 * @returns `{ ok: true, value }` with the values (`layouts` solved, or `playedOut` when none could be), or
 *   `{ ok: false, error }` with `INVALID_ARGUMENT` for an unknown level or options, `INVALID_STATE` for a view
 *   the library did not make or that no layout fits
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, playerViewOrThrow, SHORT_WHIST } from 'whist';
 * import { hintValues } from 'whist/solver';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * const view = playerViewOrThrow(state, currentSeat(state));
 * const r = hintValues(view, { level: 'fast', seed: 7 });
 * r.ok && r.value.cards.length === view.legalMoves.length; // true
 * ```
 * @remarks Source: as {@link cardValues}.
 */
export function hintValues(
  view: PlayerView,
  options?: { readonly level?: SamplingLevel | undefined; readonly seed?: number | undefined },
): SolverResult<CardValues> {
  return guarded(() => {
    if (options !== undefined && (typeof options !== 'object' || options === null))
      return failure('INVALID_ARGUMENT', 'options must be an object { level, seed }', 'options');
    const level = options?.level ?? 'standard';
    const seed = options?.seed ?? 0;
    const first = cardValues(view, { level, seed });
    // At the expert level the budgets are already the largest: asking again would give the same values.
    if (level === 'expert' || (first.ok ? first.value.layouts >= HINT_LAYOUTS : first.error.code !== 'ABORTED')) return first;
    return retry(view, level, seed);
  }, 'the view or the options');
}

/** The values again with the expert level's budgets for `level`'s number of layouts. */
function retry(view: PlayerView, level: SamplingLevel, seed: number): SolverResult<CardValues> {
  const layouts = SAMPLING_LEVELS[level]?.layouts;
  return layouts === undefined ? cardValues(view, { level, seed }) : cardValues(view, { ...SAMPLING_LEVELS.expert, layouts, seed });
}
