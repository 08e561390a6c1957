/**
 * Games and the rubber: the second reducer, over the results of finished hands.
 *
 * Rules as implemented:
 * - A game is won by the first side to reach the target; points past it are lost and both sides start
 *   the next game at 0 (CL law 1; DOC1; DOC2).
 * - A game's value depends on the losers' score after the winning hand: treble, double or single in
 *   Short Whist (CL law 8), from `rules.gameValue`.
 * - The rubber is best of three: it ends when a side has won `rules.rubber.gamesToWin` games, so the
 *   third game is not played after 2-0 (CL law 1; DOC1; DOC2).
 * - Rubber points: the winners' game values, plus the rubber bonus (2), minus the losers' game values
 *   (CL laws 9-10): 1 to 8 points in Short Whist.
 * - The deal passes to the left after each hand (CL; DOC1).
 *
 * @module
 */

import type { Suit } from './cards.js';
import { fail, unwrap, type WhistErrorInfo, WhistError } from './errors.js';
import type { Rules } from './rules.js';
import { type HandFacts, type HandScore, scoreHand } from './score.js';
import { type BySide, isSeat, nextSeat, type Seat, type Side } from './seats.js';

/** The schema version of {@link RubberState}. */
export const RUBBER_SCHEMA = 1;

/** One scored hand of a rubber. */
export interface HandRecord {
  /** The hand's dealer. */
  readonly dealer: Seat;
  /** Its trump suit, or `null`. */
  readonly trump: Suit | null;
  /** Tricks each side won. */
  readonly tricks: BySide;
  /** Honours each side held (or captured). */
  readonly honours: BySide;
  /** What the hand scored, as {@link scoreHand} gives it, before the cut at the target. */
  readonly points: BySide;
  /** Of which for odd tricks. */
  readonly trickPoints: BySide;
  /** Of which for honours (0 where they were barred, capped or ignored). */
  readonly honourPoints: BySide;
  /** The game score after the hand; when it wins a game, the winners show the target and the losers their score, before the reset. */
  readonly score: BySide;
}

/** A finished game. */
export interface GameRecord {
  /** The side that won it. */
  readonly winner: Side;
  /** What it is worth to them: 3 treble, 2 double, 1 single in Short Whist. */
  readonly value: number;
  /** The losers' score when it ended. */
  readonly losersScore: number;
}

/** The state of a rubber: plain, immutable JSON. */
export interface RubberState {
  /** Schema version, {@link RUBBER_SCHEMA}. */
  readonly v: 1;
  /** The rules. */
  readonly rules: Rules;
  /** The dealer of the rubber's first hand. */
  readonly firstDealer: Seat;
  /** The scored hands, in order. */
  readonly hands: readonly HandRecord[];
  /** The finished games, in order. */
  readonly games: readonly GameRecord[];
  /** The score of the game in progress (0-0 at the start of each game). */
  readonly score: BySide;
}

/** The result of {@link newRubber} and {@link recordHand}. */
export type RubberResult = { readonly ok: true; readonly state: RubberState } | { readonly ok: false; readonly error: WhistErrorInfo };

/**
 * Starts a rubber.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - `{ dealer }`: the dealer of the first hand
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_SEAT`
 * @example
 * ```ts
 * const r = newRubber(SHORT_WHIST, { dealer: 'S' });
 * ```
 * @remarks Source: CL law 1; DOC1 ("Insgesamt wird ein Rubber gespielt").
 */
export function newRubber(rules: Rules, options: { readonly dealer: Seat }): RubberResult {
  const dealer = options?.dealer;
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${JSON.stringify(dealer)}`, { path: 'dealer', seat: String(dealer) });
  return { ok: true, state: { v: RUBBER_SCHEMA, rules, firstDealer: dealer, hands: [], games: [], score: { NS: 0, EW: 0 } } };
}

/**
 * The dealer of the rubber's next hand: the deal passes to the left after each hand.
 *
 * @param rubber - a rubber state
 * @returns the seat to deal next
 * @example
 * ```ts
 * nextDealer(rubber); // 'W' after one hand dealt by 'S'
 * ```
 * @remarks Source: CL; DOC1 "Die Rolle des Gebers wechselt nach jedem Einzelspiel".
 */
export function nextDealer(rubber: RubberState): Seat {
  return nextSeat(rubber.firstDealer, rubber.hands.length);
}

/**
 * Games won by each side so far in the rubber.
 *
 * @param rubber - a rubber state
 * @returns `{ NS, EW }`
 * @example
 * ```ts
 * gamesWon(rubber); // { NS: 1, EW: 0 }
 * ```
 */
export function gamesWon(rubber: RubberState): BySide {
  let ns = 0;
  for (const g of rubber.games) if (g.winner === 'NS') ns++;
  return { NS: ns, EW: rubber.games.length - ns };
}

/**
 * The side that has won the rubber, if it is over.
 *
 * @param rubber - a rubber state
 * @returns `'NS'`, `'EW'`, or `null` while the rubber goes on
 * @example
 * ```ts
 * rubberWinner(rubber); // 'NS' after NS win two games
 * ```
 * @remarks Source: CL law 1; DOC1 "Sobald eine Partei zwei Partien gewonnen hat, ist der Rubber beendet".
 */
export function rubberWinner(rubber: RubberState): Side | null {
  const won = gamesWon(rubber);
  const need = rubber.rules.rubber.gamesToWin;
  return won.NS >= need ? 'NS' : won.EW >= need ? 'EW' : null;
}

/**
 * Whether the rubber is over.
 *
 * @param rubber - a rubber state
 * @returns `true` once a side has won the rubber's games
 * @example
 * ```ts
 * isRubberComplete(rubber); // false
 * ```
 */
export function isRubberComplete(rubber: RubberState): boolean {
  return rubberWinner(rubber) !== null;
}

/**
 * The value of a game to its winners, from the losers' score after the winning hand.
 *
 * @param rules - the rules
 * @param losersScore - the losers' score, 0 to `target - 1`
 * @returns e.g. 3 (treble), 2 (double) or 1 (single) in Short Whist
 * @example
 * ```ts
 * gameValue(SHORT_WHIST, 0); // 3, a treble
 * gameValue(SHORT_WHIST, 3); // 1, a single
 * ```
 * @remarks Source: CL law 8; FOSTER (American "target minus the losers' score").
 */
export function gameValue(rules: Rules, losersScore: number): number {
  const gv = rules.gameValue;
  if (gv.kind === 'targetMinusLosers') return rules.target - losersScore;
  return gv.byLosersScore[losersScore] ?? gv.byLosersScore[gv.byLosersScore.length - 1] ?? 1;
}

/**
 * Scores a finished hand into the rubber: updates the game score, closes the game when a side reaches
 * the target (points past it are lost; the next game starts at 0-0) and passes the deal to the left.
 *
 * @param rubber - a rubber state
 * @param hand - `{ tricks, honours }` as for {@link scoreHand}, with optionally the hand's `trump`
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `RUBBER_COMPLETE` (the rubber is over)
 *   or `INVALID_SCORE` (impossible tricks or honours)
 * @example
 * ```ts
 * const r = recordHand(rubber, { tricks: { NS: 8, EW: 5 }, honours: { NS: 2, EW: 2 } });
 * ```
 * @remarks Source: CL laws 1, 5 and 8; DOC1; DOC2.
 */
export function recordHand(rubber: RubberState, hand: HandFacts & { readonly trump?: Suit | null }): RubberResult {
  if (isRubberComplete(rubber)) return fail('RUBBER_COMPLETE', 'the rubber is over');
  let scored: HandScore;
  try {
    scored = scoreHand(rubber.rules, hand, rubber.score);
  } catch (e) {
    if (e instanceof WhistError) return { ok: false, error: e.info };
    throw e;
  }
  const target = rubber.rules.target;
  const after = {
    NS: Math.min(target, rubber.score.NS + scored.points.NS),
    EW: Math.min(target, rubber.score.EW + scored.points.EW),
  };
  const record: HandRecord = {
    dealer: nextDealer(rubber),
    trump: hand.trump ?? null,
    tricks: { NS: hand.tricks.NS, EW: hand.tricks.EW },
    honours: { NS: hand.honours.NS, EW: hand.honours.EW },
    points: scored.points,
    trickPoints: scored.trickPoints,
    honourPoints: scored.honourPoints,
    score: after,
  };
  const hands = rubber.hands.concat(record);
  if (scored.winner === null) return { ok: true, state: { ...rubber, hands, score: after } };
  const losersScore = after[scored.winner === 'NS' ? 'EW' : 'NS'];
  const game: GameRecord = { winner: scored.winner, value: gameValue(rubber.rules, losersScore), losersScore };
  return { ok: true, state: { ...rubber, hands, games: rubber.games.concat(game), score: { NS: 0, EW: 0 } } };
}

/**
 * {@link recordHand}, throwing instead of returning an error.
 *
 * @param rubber - a rubber state
 * @param hand - as for {@link recordHand}
 * @returns the new rubber state
 * @throws {@link WhistError} `RUBBER_COMPLETE` or `INVALID_SCORE`
 * @example
 * ```ts
 * rubber = recordHandOrThrow(rubber, { tricks: { NS: 8, EW: 5 }, honours: { NS: 0, EW: 0 } });
 * ```
 */
export function recordHandOrThrow(rubber: RubberState, hand: HandFacts & { readonly trump?: Suit | null }): RubberState {
  return unwrap<RubberState>(recordHand(rubber, hand), 'state');
}

/**
 * The rubber's value to its winners: their game values, plus the rubber bonus, minus the losers' game
 * values; with a slam bonus in the rules, slams made in the rubber's hands count for the side that made them.
 *
 * @param rubber - a finished rubber
 * @returns the points (1 to 8 in Short Whist), or `null` while the rubber goes on or when the rules have no rubber points
 * @example
 * ```ts
 * // Won 2-1: treble, opponents' double, single → 3 + 1 + 2 − 2
 * rubberPoints(rubber); // 4
 * ```
 * @remarks Source: CL laws 9-10 (Bennett's example: single 1 + treble 3 + rubber 2 − opponents' double 2 = 4); MEYERS (slam bonus).
 */
export function rubberPoints(rubber: RubberState): number | null {
  const winner = rubberWinner(rubber);
  const bonus = rubber.rules.rubber.points;
  if (winner === null || bonus === null) return null;
  let points = bonus.bonus;
  for (const g of rubber.games) points += g.winner === winner ? g.value : -g.value;
  const slam = rubber.rules.slamBonus;
  if (slam !== null) {
    for (const h of rubber.hands) {
      for (const side of ['NS', 'EW'] as const) {
        const made = h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
        points += side === winner ? made : -made;
      }
    }
  }
  return points;
}
