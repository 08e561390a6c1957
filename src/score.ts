/**
 * Scoring one hand: odd tricks, then honours, under the rules' honours restriction.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Scoring a hand"):
 * - Book: a side's first six tricks score nothing; each odd trick scores `pointsPerOddTrick`
 *   (Laws of Short Whist (1864), law 2; German text «Whist» (2012): "Sechs Stiche sind das Buch";
 *   «Whist Regeln»: 2 points). Only one side can score tricks.
 * - Honours by count, from `rules.honours.points` (law 3; Meyers Konversations-Lexikon, "Whist").
 * - Order of scoring: tricks first, then honours (law 5). When tricks take a side to game, nobody
 *   scores honours on that hand. Honours then follow `rules.honours.restriction` (law 4; Wikipedia,
 *   "Whist"; German text «Whist», 2012).
 *
 * @module
 */

import { onlyWhistErrors, WhistError } from './errors.js';
import { isCheckedRules, type Rules, validateRules } from './rules.js';
import { type BySide, isSeat, type Seat, type Side } from './seats.js';

/**
 * What a hand scores.
 *
 * @group Scoring
 */
export interface HandScore {
  /** Points each side scores on the hand under the rules, before the cut at the target. */
  readonly points: BySide;
  /** Of which for odd tricks. */
  readonly trickPoints: BySide;
  /** Of which for honours. */
  readonly honourPoints: BySide;
  /** The side that reaches the target on this hand, if any. */
  readonly winner: Side | null;
  /** Why each side's honours scored less than their count is worth, or `null` where they scored in full (or were worth nothing). */
  readonly honoursWithheld: { readonly NS: HonoursWithheld | null; readonly EW: HonoursWithheld | null };
  /** With revoke penalties (`HandFacts.revokes`), what they changed in each side's score, scored before anything else; absent without. */
  readonly revokePoints?: BySide;
}

/**
 * The penalty of a revoke, as the other side chose it at the end of the hand (Laws of Short Whist (1864),
 * law 72): `tricks`, three tricks taken from the revokers and added to the other side's (as many as the
 * revokers won, when fewer); `deduct`, three points taken off the revokers' score (not below nothing);
 * `add`, three points added to the other side's score.
 *
 * @group Scoring
 */
export interface RevokePenalty {
  /** The side that revoked. */
  readonly side: Side;
  /** The penalty the other side chose. */
  readonly penalty: 'tricks' | 'deduct' | 'add';
}

/**
 * Why honours scored less than their count is worth (Laws of Short Whist (1864), laws 4-5; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Scoring a hand"):
 * - `tricksFirst`: tricks took a side to game on the hand, and tricks are scored before honours, so no honours count;
 * - `barred`: the side began the hand at one point from game (`restriction: 'barred'`);
 * - `capped`: honours count only up to one point from game (`restriction: 'cap'`);
 * - `ignored`: honours may not win the game, so they are not counted (`restriction: 'ignore'`).
 *
 * @example
 * ```ts
 * import { scoreHand, SHORT_WHIST } from 'whist';
 *
 * scoreHand(SHORT_WHIST, { tricks: { NS: 8, EW: 5 }, honours: { NS: 4, EW: 0 } }, { NS: 3, EW: 0 }).honoursWithheld; // { NS: 'tricksFirst', EW: null }
 * ```
 * @group Scoring
 */
export type HonoursWithheld = 'tricksFirst' | 'barred' | 'capped' | 'ignored';

/**
 * The facts of a hand that scoring needs: tricks won and honours counted, by side.
 *
 * @group Scoring
 */
export interface HandFacts {
  /** Tricks each side won; they add up to 13 when the hand is complete. */
  readonly tricks: BySide;
  /** Trump honours each side held (or captured, by the rules' basis); 0 and 0 in a hand without trumps. */
  readonly honours: BySide;
  /** The revoke penalties claimed on the hand, one for each revoke, in the order claimed; absent when none. */
  readonly revokes?: readonly RevokePenalty[];
  /**
   * The hand was not played: a side at the point of eight called its honours and won the game with them
   * (Hoyle's laws of Long Whist, 16-21). `tricks` is then 0 and 0, and the honours alone are scored; absent otherwise.
   */
  readonly honoursCalled?: true;
  /**
   * The hand's dealer, where the deal did not pass to the left from the rubber's hand before: after a
   * misdeal, which loses the deal (Laws of Short Whist (1864), law 43); absent otherwise. A rubber names its
   * hands' dealers by it; scoring does not read it.
   */
  readonly dealer?: Seat;
}

function invalid(message: string, field: string): never {
  throw new WhistError({ code: 'INVALID_SCORE', message, field });
}

function isCount(n: unknown, max: number): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
}

/** Reads `{ NS, EW }` of whole numbers from 0 to `max`, each once; anything else is refused. */
function pair(value: unknown, field: string, max: number): { NS: number; EW: number } {
  if (typeof value !== 'object' || value === null) invalid(`${field} must be { NS, EW }`, field);
  const ns = (value as Record<string, unknown>).NS;
  const ew = (value as Record<string, unknown>).EW;
  if (!isCount(ns, max) || !isCount(ew, max)) invalid(`${field} must be whole numbers from 0 to ${max}`, field);
  return { NS: ns as number, EW: ew as number };
}

/** @internal {@link scoreHand} for checked rules and facts. */
export function scoreChecked(rules: Rules, played: BySide, honours: BySide, start: BySide, revokes?: readonly RevokePenalty[]): HandScore {
  if (revokes === undefined || revokes.length === 0) return scoreTricksAndHonours(rules, played, honours, start);
  // Laws of Short Whist (1864), law 72: each penalty is the claimants' choice, and is scored before
  // everything else; law 82: the revokers cannot win the game on the hand, nor score more than
  // target - 1; law 81: when both sides revoked, neither can win it.
  const target = rules.target;
  const tricks = { NS: played.NS, EW: played.EW };
  const add = { NS: 0, EW: 0 };
  const deduct = { NS: 0, EW: 0 };
  const revoked = { NS: false, EW: false };
  for (const r of revokes) {
    const other: Side = r.side === 'NS' ? 'EW' : 'NS';
    revoked[r.side] = true;
    if (r.penalty === 'tricks') {
      const n = Math.min(3, tricks[r.side]);
      tricks[r.side] -= n;
      tricks[other] += n;
    } else if (r.penalty === 'add') add[other] += 3;
    else deduct[r.side] += 3;
  }
  const cap = (side: Side, n: number) => (revoked[side] ? Math.min(n, target - 1) : Math.min(n, target));
  const afterPenalty = { NS: cap('NS', Math.max(0, start.NS - deduct.NS) + add.NS), EW: cap('EW', Math.max(0, start.EW - deduct.EW) + add.EW) };
  const revokePoints = { NS: afterPenalty.NS - start.NS, EW: afterPenalty.EW - start.EW };
  const byPenalty: Side | null = afterPenalty.NS >= target ? 'NS' : afterPenalty.EW >= target ? 'EW' : null;
  const none = { NS: 0, EW: 0 };
  if (byPenalty !== null)
    // The penalty wins the game: nothing else is scored on the hand.
    return { points: revokePoints, trickPoints: none, honourPoints: none, winner: byPenalty, honoursWithheld: { NS: null, EW: null }, revokePoints };
  const rest = scoreTricksAndHonours(rules, tricks, honours, afterPenalty, start, revoked);
  const final = { NS: cap('NS', afterPenalty.NS + rest.points.NS), EW: cap('EW', afterPenalty.EW + rest.points.EW) };
  const winner: Side | null = final.NS >= target ? 'NS' : final.EW >= target ? 'EW' : null;
  return { ...rest, points: { NS: final.NS - start.NS, EW: final.EW - start.EW }, winner, revokePoints };
}

/**
 * Tricks, then honours, from the score `score`; `dealStart` is the score at the start of the deal (for
 * `barred`), and a side in `barredFromGame` cannot reach the target (laws 81-82).
 */
function scoreTricksAndHonours(
  rules: Rules,
  tricks: BySide,
  honours: BySide,
  score: BySide,
  dealStart: BySide = score,
  barredFromGame: { readonly NS: boolean; readonly EW: boolean } = { NS: false, EW: false },
): HandScore {
  const target = rules.target;
  const trickPoints = {
    NS: Math.max(0, tricks.NS - 6) * rules.pointsPerOddTrick,
    EW: Math.max(0, tricks.EW - 6) * rules.pointsPerOddTrick,
  };
  const reaches = (side: Side, n: number) => !barredFromGame[side] && score[side] + n >= target;
  const trickWinner: Side | null = reaches('NS', trickPoints.NS) ? 'NS' : reaches('EW', trickPoints.EW) ? 'EW' : null;
  const honourPoints = { NS: 0, EW: 0 };
  const honoursWithheld: { NS: HonoursWithheld | null; EW: HonoursWithheld | null } = { NS: null, EW: null };
  if (rules.honours !== null) {
    for (const side of ['NS', 'EW'] as const) {
      const raw = rules.honours.points[honours[side]] ?? 0;
      if (raw === 0) continue;
      if (trickWinner !== null) {
        honoursWithheld[side] = 'tricksFirst';
        continue;
      }
      const restriction = rules.honours.restriction;
      honourPoints[side] = restrictHonours(restriction, raw, dealStart[side], score[side] + trickPoints[side], target);
      if (honourPoints[side] < raw) honoursWithheld[side] = restriction === 'barred' ? 'barred' : restriction === 'cap' ? 'capped' : 'ignored';
    }
  }
  const points = { NS: trickPoints.NS + honourPoints.NS, EW: trickPoints.EW + honourPoints.EW };
  // validateRules refuses honours that both sides could score on one hand, so at most one side reaches the target here.
  const winner: Side | null = trickWinner ?? (reaches('NS', points.NS) ? 'NS' : reaches('EW', points.EW) ? 'EW' : null);
  return { points, trickPoints, honourPoints, winner, honoursWithheld };
}

/**
 * @internal Checks the facts of a hand against the rules; throws {@link WhistError} `INVALID_SCORE`.
 */
export function checkFacts(
  rules: Rules,
  hand: unknown,
): { tricks: BySide; honours: BySide; revokes?: readonly RevokePenalty[]; honoursCalled?: true; dealer?: Seat } {
  if (typeof hand !== 'object' || hand === null) invalid('the hand must be { tricks, honours }', 'hand');
  const dealer = (hand as Record<string, unknown>).dealer;
  if (dealer !== undefined && !isSeat(dealer)) invalid('dealer must be one of N E S W, or absent', 'dealer');
  const facts = checkPlayFacts(rules, hand);
  return dealer === undefined ? facts : { ...facts, dealer };
}

function checkPlayFacts(rules: Rules, hand: object): { tricks: BySide; honours: BySide; revokes?: readonly RevokePenalty[]; honoursCalled?: true } {
  const tricksValue = (hand as Record<string, unknown>).tricks;
  const honoursValue = (hand as Record<string, unknown>).honours;
  const called = (hand as Record<string, unknown>).honoursCalled;
  if (called !== undefined && called !== true) invalid('honoursCalled must be true, or absent', 'honoursCalled');
  const tricks = pair(tricksValue, 'tricks', 13);
  if (called === true) {
    if (tricks.NS !== 0 || tricks.EW !== 0) invalid('tricks must be 0 and 0 when the honours were called: the hand was not played', 'tricks');
    if ((hand as Record<string, unknown>).revokes !== undefined) invalid('a hand won by calling honours was not played: it has no revokes', 'revokes');
    const maxCalled = rules.honours === null ? 0 : rules.honours.cards.length;
    const honours = pair(honoursValue, 'honours', maxCalled);
    if (honours.NS + honours.EW > maxCalled) invalid(`honours must add up to at most ${maxCalled}`, 'honours');
    return { tricks, honours, honoursCalled: true };
  }
  if (tricks.NS + tricks.EW !== 13) invalid('tricks must add up to 13', 'tricks');
  const maxHonours = rules.honours === null ? 0 : rules.honours.cards.length;
  const honours = pair(honoursValue, 'honours', maxHonours);
  if (honours.NS + honours.EW > maxHonours) invalid(`honours must add up to at most ${maxHonours}`, 'honours');
  const revokesValue = (hand as Record<string, unknown>).revokes;
  if (revokesValue === undefined) return { tricks, honours };
  if (!Array.isArray(revokesValue) || revokesValue.length > 26) invalid('revokes must be a list of at most 26 revoke penalties { side, penalty }', 'revokes');
  const revokes: RevokePenalty[] = [];
  for (let i = 0; i < revokesValue.length; i++) {
    const r: unknown = revokesValue[i];
    const side = typeof r === 'object' && r !== null ? (r as Record<string, unknown>).side : undefined;
    const penalty = typeof r === 'object' && r !== null ? (r as Record<string, unknown>).penalty : undefined;
    if (
      (side !== 'NS' && side !== 'EW') ||
      (penalty !== 'tricks' && penalty !== 'deduct' && penalty !== 'add') ||
      Object.keys(r as object).some((k) => k !== 'side' && k !== 'penalty')
    )
      invalid(`revokes[${i}] must be { side: "NS" | "EW", penalty: "tricks" | "deduct" | "add" }`, `revokes[${i}]`);
    revokes.push(Object.freeze({ side, penalty }));
  }
  return revokes.length === 0 ? { tricks, honours } : { tricks, honours, revokes: Object.freeze(revokes) };
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
 * A calculator: impossible numbers are a programming error, so it throws rather than returning a result.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * With revoke penalties (`hand.revokes`, Laws of Short Whist (1864), laws 72, 81-82), each penalty is
 * scored first: three tricks moved from the revokers to the other side, three points off the revokers'
 * score (not below nothing), or three added to the other side's (which may win them the game, and then
 * nothing else is scored); the revokers cannot win the game on the hand, nor score past `target - 1`.
 *
 * @param hand - `{ tricks: { NS, EW }, honours: { NS, EW }, revokes? }`: tricks won (summing to 13), honours
 *   counted, and the revoke penalties claimed, `[{ side, penalty }]` ({@link RevokePenalty})
 * @param score - the game score at the start of the hand, `{ NS, EW }`, each from 0 to `target - 1`
 * @returns `{ points, trickPoints, honourPoints, winner, honoursWithheld }`; `points` is before the cut at the target
 * @throws {@link WhistError} `INVALID_RULES` for rules {@link validateRules} refuses; `INVALID_SCORE` on
 *   impossible input: tricks not whole numbers summing to 13, honours over the number of honours cards
 *   (or any honours under rules without them), a score at or past the target, revokes that are not a list
 *   of `{ side, penalty }`; `INVALID_ARGUMENT` for facts or a score that throw when read (a getter or Proxy that
 *   throws: its own exception never escapes)
 * @example
 * ```ts
 * import { scoreHand, SHORT_WHIST } from 'whist';
 *
 * // Short Whist, NS at 3, EW at 0: NS win 8 tricks and hold 4 honours. Tricks take them to game first.
 * const s = scoreHand(SHORT_WHIST, { tricks: { NS: 8, EW: 5 }, honours: { NS: 4, EW: 0 } }, { NS: 3, EW: 0 });
 * s.points; // { NS: 2, EW: 0 }
 * s.winner; // 'NS'
 * // The same hand, but NS revoked and EW chose to add three to their own score: EW win the game, a single.
 * const r = scoreHand(SHORT_WHIST, { tricks: { NS: 8, EW: 5 }, honours: { NS: 4, EW: 0 }, revokes: [{ side: 'NS', penalty: 'add' }] }, { NS: 3, EW: 2 });
 * r.winner; // 'EW'
 * r.revokePoints; // { NS: 0, EW: 3 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 2-5, and 72, 81-82 (revokes); German texts «Whist» (2012) and «Whist Regeln»; Wikipedia, "Whist" (`cap`); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Scoring a hand" and "Irregularities".
 * @group Scoring
 */
export function scoreHand(rules: Rules, hand: HandFacts, score: BySide): HandScore {
  let r: Rules;
  if (isCheckedRules(rules)) r = rules;
  else {
    const checked = validateRules(rules);
    if (!checked.ok) throw new WhistError(checked.error);
    r = checked.value;
  }
  // Values only code can make (getters that throw, Proxies) are refused as the plain ones are: a WhistError.
  const { tricks, honours, revokes } = onlyWhistErrors(() => checkFacts(r, hand), 'the hand facts');
  const start = onlyWhistErrors(() => pair(score, 'score', r.target - 1), 'the score');
  return scoreChecked(r, tricks, honours, start, revokes);
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
