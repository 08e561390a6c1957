/**
 * Rules as data: the {@link Rules} type and the presets.
 *
 * The engine branches on the settings of a rules object, never on a preset's name, so a house rule is
 * just another object. A rules object is plain JSON: no callbacks.
 *
 * Sources named in this module (see the project's RULES.md): CL = The Laws of Short Whist, London clubs'
 * code of 1864; HOYLE = Hoyle's Long Whist laws; FOSTER = Foster's Complete Hoyle (1897);
 * MEYERS = Meyers Konversations-Lexikon, "Whist"; DOC1, DOC2 = the two German source texts; WP = Wikipedia "Whist".
 *
 * @module
 */

import type { Rank, Suit } from './cards.js';

/**
 * When honours may not score, the "last point from tricks" family of rules.
 *
 * - `barred` (CL law 4): a side that starts the deal at exactly `target - 1` cannot score honours;
 *   otherwise honours may take a side to game.
 * - `cap` (WP): honours never score the winning point; they count only up to `target - 1`.
 * - `ignore` (DOC1): honours that would reach the target are not counted at all.
 * - `unrestricted`: honours count whenever the game is still open after tricks.
 *
 * In every regime tricks are scored before honours (CL law 5): when tricks take a side to game, no
 * honours are scored on that hand.
 */
export type HonoursRestriction = 'barred' | 'cap' | 'ignore' | 'unrestricted';

/**
 * How honours score.
 *
 * @example
 * ```ts
 * // Short Whist (CL law 3): A K Q J; three of them score 2, all four score 4.
 * const honours: HonoursRules = { cards: ['A', 'K', 'Q', 'J'], points: [0, 0, 0, 2, 4], basis: 'held', restriction: 'barred' };
 * ```
 */
export interface HonoursRules {
  /** The honour ranks of the trump suit, e.g. `['A', 'K', 'Q', 'J']` (CL law 3) or with `'T'` (DOC1, MEYERS). */
  readonly cards: readonly Rank[];
  /** Points by the number of honours a side has: `points[3]` is what three honours score. One entry per count from 0 to `cards.length`. */
  readonly points: readonly number[];
  /** `held`: as dealt, the turn-up included (CL law 3). `captured`: won in tricks (some French and German pages). */
  readonly basis: 'held' | 'captured';
  /** When honours may not score; see {@link HonoursRestriction}. */
  readonly restriction: HonoursRestriction;
}

/**
 * What a game is worth to its winners.
 *
 * - `table`: `byLosersScore[n]` is the value when the losers have `n` points after the winning hand
 *   (Short Whist, CL law 8: `[3, 2, 2, 1, 1]`, treble / double / single).
 * - `targetMinusLosers`: the target minus the losers' score (American practice, FOSTER).
 */
export type GameValueRules =
  | { readonly kind: 'table'; readonly byLosersScore: readonly number[] }
  | { readonly kind: 'targetMinusLosers' };

/**
 * How trumps are chosen for each hand (DOC1 "Varianten").
 *
 * - `turnUp`: the dealer's last card is turned up; its suit is trump (CL, HOYLE, DOC1).
 * - `secondPack`: eldest hand turns the top card of a second pack (DOC1, MEYERS).
 * - `rotation`: a fixed cycle of suits by the table's deal number; `null` in the cycle is a no-trump deal (DOC1 "sans atout").
 */
export type TrumpRules =
  | { readonly kind: 'turnUp' }
  | { readonly kind: 'secondPack' }
  | { readonly kind: 'rotation'; readonly suits: readonly (Suit | null)[] };

/**
 * The rubber: how many games win it, and the rubber points.
 *
 * `points.bonus` is what the rubber's winners add (2, CL laws 9-10); the losers' game values are then
 * deducted. `points: null` means the variant has no rubber points.
 */
export interface RubberRules {
  /** Games a side needs to win the rubber: 2 for best of three (CL law 1, DOC1, DOC2). */
  readonly gamesToWin: number;
  /** Rubber points, or `null` for none. */
  readonly points: { readonly bonus: number } | null;
}

/**
 * A complete rules object. Build variants with the presets, or override fields of one.
 *
 * @example
 * ```ts
 * const houseRules: Rules = { ...SHORT_WHIST, name: 'house', target: 7 };
 * ```
 */
export interface Rules {
  /** A short name, the one the CLI uses (`short`, …). Informational: the engine never branches on it. */
  readonly name: string;
  /** Points that win a game (5 in Short Whist, CL). */
  readonly target: number;
  /** Points for each trick over six, the odd tricks (1 in CL/HOYLE/DOC1, 2 in DOC2). */
  readonly pointsPerOddTrick: number;
  /** Honours scoring, or `null` when honours do not count (American Whist). */
  readonly honours: HonoursRules | null;
  /** Game values. */
  readonly gameValue: GameValueRules;
  /** The rubber. */
  readonly rubber: RubberRules;
  /** Slam bonus added to the rubber points of the side that made it; `null` for none (the English laws give none). */
  readonly slamBonus: { readonly grand: number; readonly little: number } | null;
  /** How trumps are chosen. */
  readonly trump: TrumpRules;
  /** After a rubber: `keep` partners, `swap` (DOC1), or `recut` (CL). */
  readonly afterRubber: 'keep' | 'swap' | 'recut';
}

/**
 * Short Whist, the default: the London clubs' laws of 1864.
 *
 * - Game of 5 points (CL law 1); one point for each odd trick (CL law 2).
 * - Honours A K Q J of trumps, held as dealt: three score 2, four score 4 (CL law 3).
 * - A side starting the deal at 4 cannot score honours (CL law 4, `barred`); tricks score before honours (CL law 5).
 * - Game values treble / double / single when the losers have 0 / 1-2 / 3-4 (CL law 8).
 * - Rubber: best of three; the winners add 2 and deduct the losers' game values (CL laws 9-10).
 * - Trump by the turn-up (CL); partners cut again after a rubber (CL).
 *
 * Deliberate reading: the club laws' `barred` rule, not DOC1's wording that the last point must come
 * from tricks; DOC1's reading is `restriction: 'ignore'`, one setting away.
 *
 * @example
 * ```ts
 * const result = deal(SHORT_WHIST, { dealer: 'S', deck });
 * ```
 */
export const SHORT_WHIST: Rules = Object.freeze({
  name: 'short',
  target: 5,
  pointsPerOddTrick: 1,
  honours: Object.freeze({
    cards: Object.freeze(['A', 'K', 'Q', 'J'] as Rank[]),
    points: Object.freeze([0, 0, 0, 2, 4]),
    basis: 'held',
    restriction: 'barred',
  }),
  gameValue: Object.freeze({ kind: 'table', byLosersScore: Object.freeze([3, 2, 2, 1, 1]) }),
  rubber: Object.freeze({ gamesToWin: 2, points: Object.freeze({ bonus: 2 }) }),
  slamBonus: null,
  trump: Object.freeze({ kind: 'turnUp' }),
  afterRubber: 'recut',
} satisfies Rules) as Rules;

type RulesCheck = { readonly ok: true; readonly rules: Rules } | { readonly ok: false; readonly error: import('./errors.js').WhistErrorInfo };

const RANK_SET = new Set(['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2']);
const SUIT_SET = new Set(['S', 'H', 'D', 'C']);

function isWhole(n: unknown, min: number): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= min;
}

function rulesError(field: string, message: string): RulesCheck {
  return { ok: false, error: Object.freeze({ code: 'INVALID_RULES' as const, message: `${field}: ${message}`, field }) };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Checks that a value is a complete, consistent rules object, e.g. one read from JSON.
 *
 * @param value - anything
 * @returns `{ ok: true, rules }` with a frozen copy, or `{ ok: false, error }` with code `INVALID_RULES`
 *   and the offending `field` (e.g. `"honours.points"`, `"target"`)
 * @example
 * ```ts
 * validateRules(JSON.parse(JSON.stringify(SHORT_WHIST))).ok; // true
 * validateRules({ ...SHORT_WHIST, target: 0 }).ok; // false: target below 1
 * ```
 */
export function validateRules(value: unknown): RulesCheck {
  if (!isRecord(value)) return rulesError('rules', 'must be an object');
  const r = value;
  if (typeof r.name !== 'string') return rulesError('name', 'must be a string');
  if (!isWhole(r.target, 1)) return rulesError('target', 'must be a whole number of at least 1');
  if (!isWhole(r.pointsPerOddTrick, 1)) return rulesError('pointsPerOddTrick', 'must be a whole number of at least 1');
  const target = r.target;
  let honours: HonoursRules | null = null;
  if (r.honours !== null) {
    const h = r.honours;
    if (!isRecord(h)) return rulesError('honours', 'must be an object or null');
    if (!Array.isArray(h.cards) || h.cards.length === 0 || !h.cards.every((c) => RANK_SET.has(c)) || new Set(h.cards).size !== h.cards.length)
      return rulesError('honours.cards', 'must be distinct ranks, e.g. ["A", "K", "Q", "J"]');
    if (!Array.isArray(h.points) || h.points.length !== h.cards.length + 1 || !h.points.every((p) => isWhole(p, 0)))
      return rulesError('honours.points', `must give whole points for every count from 0 to ${h.cards.length}`);
    if (h.basis !== 'held' && h.basis !== 'captured') return rulesError('honours.basis', 'must be "held" or "captured"');
    if (!['barred', 'cap', 'ignore', 'unrestricted'].includes(h.restriction as string))
      return rulesError('honours.restriction', 'must be "barred", "cap", "ignore" or "unrestricted"');
    honours = Object.freeze({
      cards: Object.freeze([...h.cards]) as readonly Rank[],
      points: Object.freeze([...h.points]) as readonly number[],
      basis: h.basis,
      restriction: h.restriction as HonoursRestriction,
    });
  }
  const gv = r.gameValue;
  let gameValue: GameValueRules;
  if (isRecord(gv) && gv.kind === 'targetMinusLosers') gameValue = Object.freeze({ kind: 'targetMinusLosers' });
  else if (isRecord(gv) && gv.kind === 'table') {
    const t = gv.byLosersScore;
    if (!Array.isArray(t) || t.length !== target || !t.every((v) => isWhole(v, 1)))
      return rulesError('gameValue.byLosersScore', `must give a value of at least 1 for every losing score from 0 to ${target - 1}`);
    gameValue = Object.freeze({ kind: 'table', byLosersScore: Object.freeze([...t]) as readonly number[] });
  } else return rulesError('gameValue', 'must be { kind: "table", byLosersScore } or { kind: "targetMinusLosers" }');
  const rb = r.rubber;
  if (!isRecord(rb) || !isWhole(rb.gamesToWin, 1)) return rulesError('rubber.gamesToWin', 'must be a whole number of at least 1');
  if (rb.points !== null && !(isRecord(rb.points) && isWhole(rb.points.bonus, 0))) return rulesError('rubber.points', 'must be { bonus } or null');
  const rubber: RubberRules = Object.freeze({
    gamesToWin: rb.gamesToWin,
    points: rb.points === null ? null : Object.freeze({ bonus: (rb.points as { bonus: number }).bonus }),
  });
  const sb = r.slamBonus;
  if (sb !== null && !(isRecord(sb) && isWhole(sb.grand, 0) && isWhole(sb.little, 0))) return rulesError('slamBonus', 'must be { grand, little } or null');
  const tr = r.trump;
  let trump: TrumpRules;
  if (isRecord(tr) && (tr.kind === 'turnUp' || tr.kind === 'secondPack')) trump = Object.freeze({ kind: tr.kind });
  else if (isRecord(tr) && tr.kind === 'rotation') {
    if (!Array.isArray(tr.suits) || tr.suits.length === 0 || !tr.suits.every((s) => s === null || SUIT_SET.has(s)))
      return rulesError('trump.suits', 'must be a non-empty list of suits S H D C or null (no trump)');
    trump = Object.freeze({ kind: 'rotation', suits: Object.freeze([...tr.suits]) as readonly (Suit | null)[] });
  } else return rulesError('trump', 'must be { kind: "turnUp" }, { kind: "secondPack" } or { kind: "rotation", suits }');
  if (r.afterRubber !== 'keep' && r.afterRubber !== 'swap' && r.afterRubber !== 'recut') return rulesError('afterRubber', 'must be "keep", "swap" or "recut"');
  const rules: Rules = Object.freeze({
    name: r.name,
    target,
    pointsPerOddTrick: r.pointsPerOddTrick,
    honours,
    gameValue,
    rubber,
    slamBonus: sb === null ? null : Object.freeze({ grand: (sb as { grand: number }).grand, little: (sb as { little: number }).little }),
    trump,
    afterRubber: r.afterRubber,
  });
  return { ok: true, rules };
}
