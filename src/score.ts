/**
 * Scoring one hand: odd tricks, then honours, under the rules' honours restriction.
 *
 * Rules as implemented:
 * - Book: a side's first six tricks score nothing; each odd trick scores `pointsPerOddTrick`
 *   (CL law 2; DOC1 "Sechs Stiche sind das Buch"; DOC2: 2 points). Only one side can score tricks.
 * - Honours by count, from `rules.honours.points` (CL law 3; DOC1; MEYERS).
 * - Order of scoring: tricks first, then honours (CL law 5). When tricks take a side to game, nobody
 *   scores honours on that hand. Honours then follow `rules.honours.restriction` (CL law 4; WP; DOC1).
 *
 * @module
 */

import { WhistError } from './errors.js';
import type { Rules } from './rules.js';
import type { BySide, Side } from './seats.js';

/** What a hand scores. */
export interface HandScore {
  /** Points each side scores on the hand under the rules, before the cut at the target. */
  readonly points: BySide;
  /** Of which for odd tricks. */
  readonly trickPoints: BySide;
  /** Of which for honours. */
  readonly honourPoints: BySide;
  /** The side that reaches the target on this hand, if any. */
  readonly winner: Side | null;
}

/** The facts of a finished hand that scoring needs. */
export interface HandFacts {
  /** Tricks each side won; they add up to 13. */
  readonly tricks: BySide;
  /** Trump honours each side held (or captured, by the rules' basis); 0 and 0 in a hand without trumps. */
  readonly honours: BySide;
}

function check(condition: boolean, message: string, field: string): void {
  if (!condition) throw new WhistError({ code: 'INVALID_SCORE', message, field });
}

function isCount(n: unknown, max: number): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
}

/**
 * Scores a finished hand.
 *
 * Tricks are scored first: the side with more than six tricks scores `pointsPerOddTrick` for each
 * trick over six. If that takes it to the target, the hand is over for scoring: honours are not scored
 * for anyone. Otherwise the side with enough honours scores them, subject to the restriction:
 * `barred`, a side that started the deal at `target - 1` cannot score honours; `cap`, honours count only
 * up to `target - 1`; `ignore`, honours that would reach the target are not counted; `unrestricted`.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param hand - `{ tricks: { NS, EW }, honours: { NS, EW } }`: tricks won (summing to 13) and honours counted
 * @param score - the game score at the start of the hand, `{ NS, EW }`, each from 0 to `target - 1`
 * @returns `{ points, trickPoints, honourPoints, winner }`; `points` is before the cut at the target
 * @throws {@link WhistError} `INVALID_SCORE` on impossible input: tricks not whole numbers summing to 13,
 *   honours over the number of honours cards (or any honours under rules without them), a score at or past the target
 * @example
 * ```ts
 * // Short Whist, NS at 3, EW at 0: NS win 8 tricks and hold 4 honours.
 * scoreHand(SHORT_WHIST, { tricks: { NS: 8, EW: 5 }, honours: { NS: 4, EW: 0 } }, { NS: 3, EW: 0 });
 * // → points { NS: 2, EW: 0 }, honourPoints { NS: 0, EW: 0 }, winner 'NS'
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 2-5; DOC1; DOC2; WP (`cap`).
 */
export function scoreHand(rules: Rules, hand: HandFacts, score: BySide): HandScore {
  const { tricks, honours } = hand ?? ({} as HandFacts);
  check(typeof tricks === 'object' && tricks !== null && isCount(tricks.NS, 13) && isCount(tricks.EW, 13) && tricks.NS + tricks.EW === 13, 'tricks must be whole numbers adding up to 13', 'tricks');
  const maxHonours = rules.honours === null ? 0 : rules.honours.cards.length;
  check(
    typeof honours === 'object' && honours !== null && isCount(honours.NS, maxHonours) && isCount(honours.EW, maxHonours) && honours.NS + honours.EW <= maxHonours,
    `honours must be whole numbers adding up to at most ${maxHonours}`,
    'honours',
  );
  const target = rules.target;
  check(typeof score === 'object' && score !== null && isCount(score.NS, target - 1) && isCount(score.EW, target - 1), `score must be whole numbers from 0 to ${target - 1}`, 'score');

  const trickPoints = {
    NS: Math.max(0, tricks.NS - 6) * rules.pointsPerOddTrick,
    EW: Math.max(0, tricks.EW - 6) * rules.pointsPerOddTrick,
  };
  const trickWinner: Side | null = score.NS + trickPoints.NS >= target ? 'NS' : score.EW + trickPoints.EW >= target ? 'EW' : null;
  const honourPoints = { NS: 0, EW: 0 };
  if (trickWinner === null && rules.honours !== null) {
    for (const side of ['NS', 'EW'] as const) {
      const raw = rules.honours.points[honours[side]] ?? 0;
      const before = score[side] + trickPoints[side];
      honourPoints[side] = restrictHonours(rules.honours.restriction, raw, score[side], before, target);
    }
  }
  const points = { NS: trickPoints.NS + honourPoints.NS, EW: trickPoints.EW + honourPoints.EW };
  const winner: Side | null = trickWinner ?? (score.NS + points.NS >= target ? 'NS' : score.EW + points.EW >= target ? 'EW' : null);
  return { points, trickPoints, honourPoints, winner };
}

function restrictHonours(restriction: string, raw: number, startOfDeal: number, afterTricks: number, target: number): number {
  if (raw === 0) return 0;
  switch (restriction) {
    case 'barred':
      return startOfDeal === target - 1 ? 0 : raw;
    case 'cap':
      return Math.max(0, Math.min(raw, target - 1 - afterTricks));
    case 'ignore':
      return afterTricks + raw >= target ? 0 : raw;
    default:
      return raw;
  }
}
