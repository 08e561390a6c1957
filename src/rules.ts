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
import { WhistError, type WhistErrorInfo } from './errors.js';

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

/**
 * Long Whist: the game of 10 points (HOYLE; DOC1 "Long Whist wird bis 10 Punkte pro Partie gespielt").
 *
 * - Game of 10; one point per odd trick (HOYLE).
 * - Honours A K Q J held as dealt: three score 2, four score 4; a side starting the deal at 9 cannot
 *   score honours (HOYLE: "honours do not count at nine"; `barred`).
 * - Game values: double when the losers have under 5, single otherwise (weakly sourced: a table, easy to change).
 * - Rubber: best of three, +2, the losers' game values deducted (as CL laws 9-10). Trump by turn-up; recut after the rubber.
 *
 * @example
 * ```ts
 * const nine = defineRulesOrThrow(LONG_WHIST, { target: 9, honours: { restriction: 'cap' } });
 * ```
 */
export const LONG_WHIST: Rules = Object.freeze({
  ...SHORT_WHIST,
  name: 'long',
  target: 10,
  gameValue: Object.freeze({ kind: 'table', byLosersScore: Object.freeze([2, 2, 2, 2, 2, 1, 1, 1, 1, 1]) }),
} satisfies Rules) as Rules;

/**
 * German Long Whist: Long Whist with the ten as fifth honour (DOC1; MEYERS).
 *
 * - Game of 10; one point per odd trick.
 * - Honours A K Q J T held as dealt: three score 2, four score 4, all five score 6.
 * - Honours that would reach the target are not counted (DOC1 "Die Honneurs dürfen nicht gewertet werden,
 *   wenn die Wertung zum Gewinn der Partie führt": `ignore`).
 * - Game values as Long Whist; rubber best of three with rubber points.
 * - After the rubber, partners change: the first dealer and eldest hand keep their seats, the other two swap (DOC1, MEYERS).
 *
 * Deliberate reading: DOC1's "six honours = 6 points" is read as "all five honours (A K Q J 10) = 6" (MEYERS).
 *
 * @example
 * ```ts
 * GERMAN_LONG_WHIST.honours?.cards; // ['A', 'K', 'Q', 'J', 'T']
 * ```
 */
export const GERMAN_LONG_WHIST: Rules = Object.freeze({
  ...LONG_WHIST,
  name: 'german-long',
  honours: Object.freeze({
    cards: Object.freeze(['A', 'K', 'Q', 'J', 'T'] as Rank[]),
    points: Object.freeze([0, 0, 0, 2, 4, 6]),
    basis: 'held',
    restriction: 'ignore',
  }),
  afterRubber: 'swap',
} satisfies Rules) as Rules;

/**
 * American Whist: the game of 7 points, no honours (DOC1 "American Whist wird bis 7 Punkte pro Partie
 * gespielt. Honneurs werden nicht gewertet"; FOSTER).
 *
 * - Game of 7; one point per odd trick; honours not scored.
 * - Each game a plain game (value 1); FOSTER's "7 minus the losers' score" is `gameValue: { kind: 'targetMinusLosers' }`.
 * - Best of three games, no rubber points. Partners keep their seats.
 *
 * @example
 * ```ts
 * AMERICAN_WHIST.honours; // null
 * ```
 */
export const AMERICAN_WHIST: Rules = Object.freeze({
  ...SHORT_WHIST,
  name: 'american',
  target: 7,
  honours: null,
  gameValue: Object.freeze({ kind: 'table', byLosersScore: Object.freeze([1, 1, 1, 1, 1, 1, 1]) }),
  rubber: Object.freeze({ gamesToWin: 2, points: null }),
  afterRubber: 'keep',
} satisfies Rules) as Rules;

/**
 * The 10-point game of DOC2: 2 points per odd trick, honours A K Q J, best of three games.
 *
 * - Game of 10 (DOC2 "Das Team, das 10 Punkte erzielt, gewinnt eine Runde").
 * - 2 points per odd trick (DOC2 "Jeder Stich ist 2 Punkte wert").
 * - Honours held: three score 2, four score 4 (DOC2); no restriction (DOC2 says nothing either way: `unrestricted`).
 * - Best of three games (DOC2 "Um das Spiel zu gewinnen, müssen zwei Durchgänge gewonnen werden"); no game values
 *   beyond 1 and no rubber points. Partners keep their seats.
 *
 * Deliberate reading: "each trick is worth 2 points" is read as 2 points per odd trick (German practice);
 * a 1-point reading is `pointsPerOddTrick: 1`, one setting away.
 *
 * @example
 * ```ts
 * TEN_POINT_WHIST.pointsPerOddTrick; // 2
 * ```
 */
export const TEN_POINT_WHIST: Rules = Object.freeze({
  ...SHORT_WHIST,
  name: 'ten-point',
  target: 10,
  pointsPerOddTrick: 2,
  honours: Object.freeze({ ...(SHORT_WHIST.honours as HonoursRules), restriction: 'unrestricted' }),
  gameValue: Object.freeze({ kind: 'table', byLosersScore: Object.freeze([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]) }),
  rubber: Object.freeze({ gamesToWin: 2, points: null }),
  afterRubber: 'keep',
} satisfies Rules) as Rules;

/**
 * Every preset by its CLI name: `short`, `long`, `german-long`, `american`, `ten-point`.
 *
 * @example
 * ```ts
 * PRESETS['german-long'] === GERMAN_LONG_WHIST; // true
 * ```
 */
export const PRESETS: Readonly<Record<string, Rules>> = Object.freeze({
  short: SHORT_WHIST,
  long: LONG_WHIST,
  'german-long': GERMAN_LONG_WHIST,
  american: AMERICAN_WHIST,
  'ten-point': TEN_POINT_WHIST,
});

/**
 * Overrides for {@link defineRules}: any field of {@link Rules}; `honours` and `rubber` may be given in
 * part and are merged into the base's (`honours: null` removes honours).
 */
export type RulesOverrides = Partial<Omit<Rules, 'honours' | 'rubber'>> & {
  readonly honours?: Partial<HonoursRules> | null;
  readonly rubber?: Partial<RubberRules>;
};

/** The result of {@link defineRules} and {@link validateRules}. */
export type RulesResult = { readonly ok: true; readonly rules: Rules } | { readonly ok: false; readonly error: WhistErrorInfo };
type RulesCheck = RulesResult;

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
    if (!Array.isArray(t) || t.length < target || !t.every((v) => isWhole(v, 1)))
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

/**
 * A new rules object: a base (usually a preset) with some fields changed, validated and frozen.
 *
 * Invalid combinations are refused, never silently accepted: an honours table for rules without honours
 * cards, a target below 1, a game-value table that does not cover every losing score (0 to target − 1),
 * a trump rotation with an unknown suit, and any field of the wrong shape.
 *
 * @param base - the rules to start from, e.g. {@link LONG_WHIST}
 * @param overrides - the fields to change; `honours` and `rubber` merge into the base's
 * @returns `{ ok: true, rules }`, or `{ ok: false, error }` with code `INVALID_RULES`, the offending `field` and a message
 * @example
 * ```ts
 * const r = defineRules(LONG_WHIST, { target: 9, honours: { restriction: 'cap' } });
 * if (r.ok) r.rules.target; // 9
 * ```
 * @remarks Source: RULES.md §7 ("Any field can be overridden; an invalid combination is rejected with a clear error").
 */
export function defineRules(base: Rules, overrides: RulesOverrides = {}): RulesCheck {
  if (!isRecord(overrides)) return rulesError('overrides', 'must be an object');
  const merged: Record<string, unknown> = { ...base, ...overrides };
  if ('honours' in overrides) {
    const h = overrides.honours;
    merged.honours = h === null ? null : isRecord(h) && base.honours ? { ...base.honours, ...h } : h;
  }
  if ('rubber' in overrides) merged.rubber = isRecord(overrides.rubber) ? { ...base.rubber, ...overrides.rubber } : overrides.rubber;
  return validateRules(merged);
}

/**
 * {@link defineRules}, throwing instead of returning an error.
 *
 * @param base - the rules to start from
 * @param overrides - the fields to change
 * @returns the new, frozen rules
 * @throws {@link WhistError} `INVALID_RULES` with the offending `field`
 * @example
 * ```ts
 * const house = defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } });
 * ```
 */
export function defineRulesOrThrow(base: Rules, overrides: RulesOverrides = {}): Rules {
  const r = defineRules(base, overrides);
  if (!r.ok) throw new WhistError(r.error);
  return r.rules;
}
