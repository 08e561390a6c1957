/**
 * Rules as data: the {@link Rules} type, the presets, and their validation.
 *
 * The engine branches on the settings of a rules object, never on a preset's name, so a house rule is
 * just another object. A rules object is plain JSON: no callbacks.
 *
 * Every function that takes rules checks them: the presets and the objects returned by
 * {@link validateRules} and {@link defineRules} are recognised at once (they are frozen and marked
 * when made); any other object is validated on entry, and refused with `INVALID_RULES` when it fails.
 * So `{ ...SHORT_WHIST, target: 7 }` cannot be dealt: its game values do not cover a losing score of 5 or 6.
 *
 * Sources, as [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) names them: the Laws of Short Whist (London clubs, 1864); Hoyle's Long Whist
 * laws; Foster's Complete Hoyle (1897); Meyers Konversations-Lexikon, "Whist"; the German texts «Whist»
 * (2012) and «Whist Regeln»; Wikipedia, "Whist".
 *
 * @module
 */

import type { Rank, Suit } from './cards.js';
import { describe, fail, ok, type Result, WhistError, type WhistErrorInfo } from './errors.js';
import { type Adoption, madeOf, markMade } from './made.js';

/**
 * When honours may not score: the "last point from tricks" family of rules.
 *
 * - `barred` (Laws of Short Whist, law 4): a side that starts the deal at exactly `target - 1` cannot
 *   score honours; otherwise honours may take a side to game.
 * - `cap` (Wikipedia, "Whist"): honours never score the winning point; they count only up to `target - 1`.
 * - `ignore` (German text «Whist», 2012): honours that would reach the target are not counted at all.
 * - `unrestricted`: honours count whenever the game is still open after tricks.
 *
 * In every regime tricks are scored before honours (Laws of Short Whist, law 5): when tricks take a side
 * to game, no honours are scored on that hand.
 * @group Rules
 */
export type HonoursRestriction = 'barred' | 'cap' | 'ignore' | 'unrestricted';

/**
 * How honours score.
 *
 * @example
 * ```ts
 * import type { HonoursRules } from 'whist';
 *
 * // Short Whist (Laws of Short Whist, law 3): A K Q J; three of them score 2, all four score 4.
 * const honours: HonoursRules = { cards: ['A', 'K', 'Q', 'J'], points: [0, 0, 0, 2, 4], basis: 'held', restriction: 'barred' };
 * honours.points[4]; // 4
 * ```
 * @group Rules
 */
export interface HonoursRules {
  /** The honour ranks of the trump suit, e.g. `['A', 'K', 'Q', 'J']`, or with `'T'` in German Long Whist. */
  readonly cards: readonly Rank[];
  /** Points by the number of honours a side has: `points[3]` is what three honours score. One entry per count from 0 to `cards.length`. */
  readonly points: readonly number[];
  /** `held`: as dealt, the turn-up included (Laws of Short Whist, law 3). `captured`: won in tricks (some French and German pages). */
  readonly basis: 'held' | 'captured';
  /** When honours may not score; see {@link HonoursRestriction}. */
  readonly restriction: HonoursRestriction;
}

/**
 * What a game is worth to its winners.
 *
 * - `table`: `byLosersScore[n]` is the value when the losers have `n` points after the winning hand,
 *   one entry for each score from 0 to `target - 1` (Short Whist, law 8: `[3, 2, 2, 1, 1]`, treble /
 *   double / single).
 * - `targetMinusLosers`: the target minus the losers' score (American practice, Foster's Complete Hoyle).
 * @group Rules
 */
export type GameValueRules = { readonly kind: 'table'; readonly byLosersScore: readonly number[] } | { readonly kind: 'targetMinusLosers' };

/**
 * How trumps are chosen for each hand (German text «Whist», 2012, "Varianten").
 *
 * - `turnUp`: the dealer's last card is turned up; its suit is trump.
 * - `secondPack`: eldest hand turns the top card of a second pack.
 * - `rotation`: a fixed cycle of suits by the table's deal number; `null` in the cycle is a hand without trumps.
 * @group Rules
 */
export type TrumpRules =
  | { readonly kind: 'turnUp' }
  | { readonly kind: 'secondPack' }
  | { readonly kind: 'rotation'; readonly suits: readonly (Suit | null)[] };

/**
 * The rubber: how many games win it, and the rubber points.
 *
 * `points.bonus` is what the rubber's winners add (2, Laws of Short Whist, laws 9-10); the losers' game
 * values are then deducted. `points: null` means the variant has no rubber points.
 * @group Rules
 */
export interface RubberRules {
  /** Games a side needs to win the rubber: 2 for best of three. From 1 to 10. */
  readonly gamesToWin: number;
  /** Rubber points, or `null` for none. */
  readonly points: { readonly bonus: number } | null;
}

/**
 * A complete rules object. Build variants from the presets with {@link defineRules}.
 *
 * Limits: `target` 1 to 100; `pointsPerOddTrick` 1 to 100; every honours, game, bonus or slam value
 * 0 to 100 (game values from 1). Larger numbers are refused, so scores and rubber points stay exact.
 *
 * @example
 * ```ts
 * import { defineRulesOrThrow, SHORT_WHIST } from 'whist';
 *
 * const house = defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } });
 * house.target; // 5
 * ```
 * @group Rules
 */
export interface Rules {
  /** A short name. A preset's name (`short`, …) only ever names that preset's settings. Informational: the engine never branches on it. */
  readonly name: string;
  /** Points that win a game (5 in Short Whist). */
  readonly target: number;
  /** Points for each trick over six, the odd tricks (1 in the English laws, 2 in «Whist Regeln»). */
  readonly pointsPerOddTrick: number;
  /** Honours scoring, or `null` when honours do not count (American Whist). */
  readonly honours: HonoursRules | null;
  /** Game values. */
  readonly gameValue: GameValueRules;
  /** The rubber. */
  readonly rubber: RubberRules;
  /** Slam bonus added to the rubber points of the side that made it; `null` for none (the English laws give none). Needs rubber points. */
  readonly slamBonus: { readonly grand: number; readonly little: number } | null;
  /** How trumps are chosen. */
  readonly trump: TrumpRules;
  /** After a rubber: `keep` partners, `swap` (German text «Whist», 2012), or `recut` (Laws of Short Whist). */
  readonly afterRubber: 'keep' | 'swap' | 'recut';
  /**
   * Irregular play: absent (or `'refused'`, which the checked rules leave out), a revoke is refused
   * (`MUST_FOLLOW_SUIT`), as at a well-behaved table; `'ruled'`, a revoke is accepted and recorded, and
   * the other side may claim its penalty by the laws (Laws of Short Whist (1864), laws 71-82;
   * [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities").
   */
  readonly irregularities?: 'refused' | 'ruled';
}

/** What marks rules this module made or checked (see made.ts): frozen, so a check once is a check for good. */
const CHECKED_RULES = Symbol('rules');
/** Rules another copy of the library made (made.ts): readRules throws on any it refuses. */
const ADOPT_RULES: Adoption = {
  derived: (d) => d === CHECKED_RULES,
  read: (value) => {
    readRules(value);
    return CHECKED_RULES;
  },
};

function freezeRules(r: Rules): Rules {
  return Object.freeze(
    markMade(
      {
        name: r.name,
        target: r.target,
        pointsPerOddTrick: r.pointsPerOddTrick,
        honours:
          r.honours === null
            ? null
            : Object.freeze({
                cards: Object.freeze([...r.honours.cards]),
                points: Object.freeze([...r.honours.points]),
                basis: r.honours.basis,
                restriction: r.honours.restriction,
              }),
        gameValue:
          r.gameValue.kind === 'table'
            ? Object.freeze({ kind: 'table', byLosersScore: Object.freeze([...r.gameValue.byLosersScore]) })
            : Object.freeze({ kind: 'targetMinusLosers' }),
        rubber: Object.freeze({ gamesToWin: r.rubber.gamesToWin, points: r.rubber.points === null ? null : Object.freeze({ bonus: r.rubber.points.bonus }) }),
        slamBonus: r.slamBonus === null ? null : Object.freeze({ grand: r.slamBonus.grand, little: r.slamBonus.little }),
        trump:
          r.trump.kind === 'rotation' ? Object.freeze({ kind: 'rotation', suits: Object.freeze([...r.trump.suits]) }) : Object.freeze({ kind: r.trump.kind }),
        afterRubber: r.afterRubber,
        ...(r.irregularities === 'ruled' ? { irregularities: 'ruled' } : {}),
      } as Rules,
      CHECKED_RULES,
    ),
  );
}

/**
 * Short Whist, the default: the London clubs' laws of 1864.
 *
 * - Game of 5 points (law 1); one point for each odd trick (law 2).
 * - Honours A K Q J of trumps, held as dealt: three score 2, four score 4 (law 3).
 * - A side starting the deal at 4 cannot score honours (law 4, `barred`); tricks score before honours (law 5).
 * - Game values treble / double / single when the losers have 0 / 1-2 / 3-4 (law 8).
 * - Rubber: best of three; the winners add 2 and deduct the losers' game values (laws 9-10).
 * - Trump by the turn-up; partners cut again after a rubber.
 *
 * Deliberate reading: the club laws' `barred` rule, not the German text's wording that the last point
 * must come from tricks; that reading is `restriction: 'ignore'`, one setting away ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md)).
 *
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 *
 * SHORT_WHIST.target; // 5
 * SHORT_WHIST.honours?.restriction; // 'barred'
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 1-5, 8-10, 13; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 * @group Rules
 */
export const SHORT_WHIST: Rules = freezeRules({
  name: 'short',
  target: 5,
  pointsPerOddTrick: 1,
  honours: { cards: ['A', 'K', 'Q', 'J'], points: [0, 0, 0, 2, 4], basis: 'held', restriction: 'barred' },
  gameValue: { kind: 'table', byLosersScore: [3, 2, 2, 1, 1] },
  rubber: { gamesToWin: 2, points: { bonus: 2 } },
  slamBonus: null,
  trump: { kind: 'turnUp' },
  afterRubber: 'recut',
});

/**
 * Long Whist: the game of 10 points.
 *
 * - Game of 10; one point per odd trick.
 * - Honours A K Q J held as dealt: three score 2, four score 4; a side starting the deal at 9 cannot
 *   score honours ("honours do not count at nine": `barred`).
 * - Game values: double when the losers have under 5, single otherwise (weakly sourced: a table, easy to change).
 * - Rubber: best of three, +2, the losers' game values deducted. Trump by turn-up; recut after the rubber.
 *
 * @example
 * ```ts
 * import { defineRulesOrThrow, LONG_WHIST } from 'whist';
 *
 * const nine = defineRulesOrThrow(LONG_WHIST, { target: 9, gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1] } });
 * nine.name; // 'custom'
 * ```
 * @remarks Source: Hoyle's Long Whist laws; German text «Whist» (2012): "Long Whist wird bis 10 Punkte pro Partie gespielt"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 * @group Rules
 */
export const LONG_WHIST: Rules = freezeRules({
  ...SHORT_WHIST,
  name: 'long',
  target: 10,
  gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1, 1] },
});

/**
 * German Long Whist: Long Whist with the ten as fifth honour.
 *
 * - Game of 10; one point per odd trick.
 * - Honours A K Q J T held as dealt: three score 2, four score 4, all five score 6.
 * - Honours that would reach the target are not counted ("Die Honneurs dürfen nicht gewertet werden,
 *   wenn die Wertung zum Gewinn der Partie führt": `ignore`).
 * - Game values as Long Whist; rubber best of three with rubber points.
 * - After the rubber, partners change: the first dealer and eldest hand keep their seats, the other two swap.
 *
 * Deliberate reading: "six honours = 6 points" is read as "all five honours (A K Q J 10) = 6" (Meyers).
 *
 * @example
 * ```ts
 * import { GERMAN_LONG_WHIST } from 'whist';
 *
 * GERMAN_LONG_WHIST.honours?.cards; // ['A', 'K', 'Q', 'J', 'T']
 * ```
 * @remarks Source: German text «Whist» (2012); Meyers Konversations-Lexikon, "Whist"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 * @group Rules
 */
export const GERMAN_LONG_WHIST: Rules = freezeRules({
  ...LONG_WHIST,
  name: 'german-long',
  honours: { cards: ['A', 'K', 'Q', 'J', 'T'], points: [0, 0, 0, 2, 4, 6], basis: 'held', restriction: 'ignore' },
  afterRubber: 'swap',
});

/**
 * American Whist: the game of 7 points, no honours.
 *
 * - Game of 7; one point per odd trick; honours not scored.
 * - Each game a plain game (value 1); Foster's "7 minus the losers' score" is `gameValue: { kind: 'targetMinusLosers' }`.
 * - Best of three games, no rubber points. Partners keep their seats.
 *
 * @example
 * ```ts
 * import { AMERICAN_WHIST } from 'whist';
 *
 * AMERICAN_WHIST.honours; // null
 * ```
 * @remarks Source: German text «Whist» (2012): "American Whist wird bis 7 Punkte pro Partie gespielt. Honneurs werden nicht gewertet"; Foster's Complete Hoyle (1897).
 * @group Rules
 */
export const AMERICAN_WHIST: Rules = freezeRules({
  ...SHORT_WHIST,
  name: 'american',
  target: 7,
  honours: null,
  gameValue: { kind: 'table', byLosersScore: [1, 1, 1, 1, 1, 1, 1] },
  rubber: { gamesToWin: 2, points: null },
  afterRubber: 'keep',
});

/**
 * The 10-point game of «Whist Regeln»: 2 points per odd trick, honours A K Q J, best of three games.
 *
 * - Game of 10 ("Das Team, das 10 Punkte erzielt, gewinnt eine Runde").
 * - 2 points per odd trick ("Jeder Stich ist 2 Punkte wert").
 * - Honours held: three score 2, four score 4; no restriction (the text says nothing either way: `unrestricted`).
 * - Best of three games; game values 1 and no rubber points. Partners keep their seats.
 *
 * Deliberate reading: "each trick is worth 2 points" is read as 2 points per odd trick (German practice);
 * a 1-point reading is `pointsPerOddTrick: 1`, one setting away.
 *
 * @example
 * ```ts
 * import { TEN_POINT_WHIST } from 'whist';
 *
 * TEN_POINT_WHIST.pointsPerOddTrick; // 2
 * ```
 * @remarks Source: German text «Whist Regeln»; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 * @group Rules
 */
export const TEN_POINT_WHIST: Rules = freezeRules({
  ...SHORT_WHIST,
  name: 'ten-point',
  target: 10,
  pointsPerOddTrick: 2,
  honours: { cards: ['A', 'K', 'Q', 'J'], points: [0, 0, 0, 2, 4], basis: 'held', restriction: 'unrestricted' },
  gameValue: { kind: 'table', byLosersScore: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
  rubber: { gamesToWin: 2, points: null },
  afterRubber: 'keep',
});

/**
 * The name of a preset: `short`, `long`, `german-long`, `american`, `ten-point`.
 *
 * @example
 * ```ts
 * import { type PresetName, PRESETS } from 'whist';
 *
 * const name: PresetName = 'long';
 * PRESETS[name].target; // 10
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets".
 * @group Rules
 */
export type PresetName = 'short' | 'long' | 'german-long' | 'american' | 'ten-point';

/**
 * The names of the presets, in the order of {@link PRESETS}: what a server or a page offers to choose from.
 *
 * @example
 * ```ts
 * import { PRESET_NAMES } from 'whist';
 *
 * PRESET_NAMES; // ['short', 'long', 'german-long', 'american', 'ten-point']
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets".
 * @group Rules
 */
export const PRESET_NAMES: readonly PresetName[] = Object.freeze(['short', 'long', 'german-long', 'american', 'ten-point'] as const);

/**
 * Every preset by its name: `short`, `long`, `german-long`, `american`, `ten-point`.
 *
 * @example
 * ```ts
 * import { GERMAN_LONG_WHIST, PRESETS } from 'whist';
 *
 * PRESETS['german-long'] === GERMAN_LONG_WHIST; // true
 * Object.keys(PRESETS); // ['short', 'long', 'german-long', 'american', 'ten-point']
 * ```
 * @group Rules
 */
export const PRESETS: Readonly<Record<PresetName, Rules>> = Object.freeze({
  short: SHORT_WHIST,
  long: LONG_WHIST,
  'german-long': GERMAN_LONG_WHIST,
  american: AMERICAN_WHIST,
  'ten-point': TEN_POINT_WHIST,
});

/**
 * Overrides for {@link defineRules}: any field of {@link Rules}; `honours` and `rubber` may be given in
 * part and are merged into the base's (`honours: null` removes honours). Unknown keys are refused.
 * @group Rules
 */
export type RulesOverrides = Partial<Omit<Rules, 'honours' | 'rubber'>> & {
  readonly honours?: Partial<HonoursRules> | null;
  readonly rubber?: Partial<RubberRules>;
};

/**
 * The error code of rules checks.
 *
 * @group Rules
 */
export type RulesError = 'INVALID_RULES';

const RANKS_ALLOWED = 'AKQJT98765432';
const MAX_VALUE = 100;
const RULES_KEYS = ['name', 'target', 'pointsPerOddTrick', 'honours', 'gameValue', 'rubber', 'slamBonus', 'trump', 'afterRubber'] as const;
/** The settings a rules object may leave out, each with its default. */
const OPTIONAL_KEYS = ['irregularities'] as const;
const ALL_KEYS: readonly string[] = [...RULES_KEYS, ...OPTIONAL_KEYS];
const PRESET_BY_NAME: ReadonlyMap<string, Rules> = new Map(Object.entries(PRESETS));

/** Refuses rules at `field`: a {@link WhistError} `INVALID_RULES`, turned into the result by the reader that catches it. */
function refuse(field: string, message: string): never {
  throw new WhistError({ code: 'INVALID_RULES', message: `${field}: ${message}`, field, path: field });
}

/** The own data properties of a plain object, read once each; anything else is refused. */
function record(value: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(field, `must be an object, got ${describe(value)}`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) refuse(field === 'rules' || field === 'overrides' ? key : `${field}.${key}`, `is not a rules setting (known: ${keys.join(', ')})`);
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d === undefined || !('value' in d)) refuse(field === 'rules' || field === 'overrides' ? key : `${field}.${key}`, 'must be a plain value, not a getter');
    out[key] = d.value;
  }
  return out;
}

/** A list read index by index: holes and non-arrays refused, `max` entries at most. */
function list(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) refuse(field, `must be an array, got ${describe(value)}`);
  const n = value.length;
  if (n > max) refuse(field, `must have at most ${max} entries`);
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const d = Object.getOwnPropertyDescriptor(value, i);
    if (d === undefined) refuse(`${field}[${i}]`, 'is a hole in the array');
    if (!('value' in d)) refuse(`${field}[${i}]`, 'must be a plain value, not a getter');
    out.push(d.value);
  }
  return out;
}

function whole(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    refuse(field, `must be a whole number from ${min} to ${max}, got ${describe(value)}`);
  return value;
}

function readHonours(value: unknown): HonoursRules | null {
  if (value === null) return null;
  const h = record(value, 'honours', ['cards', 'points', 'basis', 'restriction']);
  const cards = list(h.cards, 'honours.cards', 13);
  if (cards.length === 0) refuse('honours.cards', 'must name at least one rank (or set honours to null)');
  cards.forEach((c, i) => {
    if (typeof c !== 'string' || c.length !== 1 || !RANKS_ALLOWED.includes(c))
      refuse(`honours.cards[${i}]`, `must be a rank A K Q J T 9 … 2, got ${describe(c)}`);
    if (cards.indexOf(c) !== i) refuse(`honours.cards[${i}]`, `names ${c} twice`);
  });
  const points = list(h.points, 'honours.points', 14).map((p, i) => whole(p, `honours.points[${i}]`, 0, MAX_VALUE));
  if (points.length !== cards.length + 1)
    refuse('honours.points', `must give the points for every count from 0 to ${cards.length}: ${cards.length + 1} entries`);
  if (h.basis !== 'held' && h.basis !== 'captured') refuse('honours.basis', 'must be "held" or "captured"');
  const restriction = h.restriction;
  if (restriction !== 'barred' && restriction !== 'cap' && restriction !== 'ignore' && restriction !== 'unrestricted')
    refuse('honours.restriction', 'must be "barred", "cap", "ignore" or "unrestricted"');
  return { cards: cards as Rank[], points, basis: h.basis, restriction };
}

function readGameValue(value: unknown, target: number): GameValueRules {
  const kind = typeof value === 'object' && value !== null ? (Object.getOwnPropertyDescriptor(value, 'kind')?.value as unknown) : undefined;
  if (kind === 'targetMinusLosers') {
    record(value, 'gameValue', ['kind']);
    return { kind };
  }
  if (kind !== 'table') refuse('gameValue', 'must be { kind: "table", byLosersScore } or { kind: "targetMinusLosers" }');
  const g = record(value, 'gameValue', ['kind', 'byLosersScore']);
  const table = list(g.byLosersScore, 'gameValue.byLosersScore', 100).map((v, i) => whole(v, `gameValue.byLosersScore[${i}]`, 1, MAX_VALUE));
  if (table.length !== target)
    refuse('gameValue.byLosersScore', `must give one value for every losing score from 0 to ${target - 1}: ${target} entries, got ${table.length}`);
  return { kind: 'table', byLosersScore: table };
}

function readRubber(value: unknown): RubberRules {
  const r = record(value, 'rubber', ['gamesToWin', 'points']);
  const gamesToWin = whole(r.gamesToWin, 'rubber.gamesToWin', 1, 10);
  if (r.points === null) return { gamesToWin, points: null };
  const p = record(r.points, 'rubber.points', ['bonus']);
  return { gamesToWin, points: { bonus: whole(p.bonus, 'rubber.points.bonus', 0, MAX_VALUE) } };
}

function readTrump(value: unknown): TrumpRules {
  const kind = typeof value === 'object' && value !== null ? (Object.getOwnPropertyDescriptor(value, 'kind')?.value as unknown) : undefined;
  if (kind === 'turnUp' || kind === 'secondPack') {
    record(value, 'trump', ['kind']);
    return { kind };
  }
  if (kind !== 'rotation') refuse('trump', 'must be { kind: "turnUp" }, { kind: "secondPack" } or { kind: "rotation", suits }');
  const t = record(value, 'trump', ['kind', 'suits']);
  const suits = list(t.suits, 'trump.suits', 52);
  if (suits.length === 0) refuse('trump.suits', 'must list at least one suit');
  suits.forEach((s, i) => {
    if (s !== null && s !== 'S' && s !== 'H' && s !== 'D' && s !== 'C')
      refuse(`trump.suits[${i}]`, `must be S, H, D, C or null (no trump), got ${describe(s)}`);
  });
  return { kind: 'rotation', suits: suits as (Suit | null)[] };
}

/** The smallest and largest value a game can have under these rules. */
function gameValueRange(g: GameValueRules, target: number): [number, number] {
  if (g.kind === 'targetMinusLosers') return [1, target];
  return [Math.min(...g.byLosersScore), Math.max(...g.byLosersScore)];
}

/** Combinations that cannot be played as written. */
function checkCombination(r: Rules): void {
  if (r.slamBonus !== null && r.rubber.points === null)
    refuse('slamBonus', 'needs rubber points to be added to: these rules have none (rubber.points is null)');
  if (r.rubber.points !== null) {
    const [low, high] = gameValueRange(r.gameValue, r.target);
    const worst = r.rubber.points.bonus + r.rubber.gamesToWin * low - (r.rubber.gamesToWin - 1) * high;
    if (worst < 1)
      refuse(
        'rubber.points.bonus',
        `is too small: a rubber won ${r.rubber.gamesToWin}-${r.rubber.gamesToWin - 1} could be worth ${worst} to its winners (bonus + their game values − the losers' must be at least 1)`,
      );
  }
  const h = r.honours;
  if (h !== null && (h.restriction === 'barred' || h.restriction === 'unrestricted')) {
    // Both sides could then reach the target on one hand through honours, and the laws do not say who wins.
    for (let a = 1; a <= h.cards.length; a++)
      for (let b = 1; a + b <= h.cards.length; b++)
        if ((h.points[a] as number) > 0 && (h.points[b] as number) > 0)
          refuse(
            'honours.points',
            `lets both sides score honours on one hand (${a} and ${b} honours), so both could reach the target and the rules do not say who wins; use restriction "cap" or "ignore", or score fewer counts`,
          );
  }
  const preset = PRESET_BY_NAME.get(r.name);
  if (preset !== undefined && !sameRules(preset, r))
    refuse('name', `"${r.name}" names a preset, but these settings differ from it: give the rules a name of their own`);
}

function sameRules(a: Rules, b: Rules): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function readRules(value: unknown): Rules {
  const r = record(value, 'rules', ALL_KEYS);
  for (const key of RULES_KEYS) if (!(key in r)) refuse(key, 'is missing');
  if (typeof r.name !== 'string' || r.name.length === 0 || r.name.length > 40) refuse('name', 'must be a string of 1 to 40 characters');
  const target = whole(r.target, 'target', 1, MAX_VALUE);
  const rules: Rules = {
    name: r.name,
    target,
    pointsPerOddTrick: whole(r.pointsPerOddTrick, 'pointsPerOddTrick', 1, MAX_VALUE),
    honours: readHonours(r.honours),
    gameValue: readGameValue(r.gameValue, target),
    rubber: readRubber(r.rubber),
    slamBonus:
      r.slamBonus === null
        ? null
        : (() => {
            const s = record(r.slamBonus, 'slamBonus', ['grand', 'little']);
            return { grand: whole(s.grand, 'slamBonus.grand', 0, MAX_VALUE), little: whole(s.little, 'slamBonus.little', 0, MAX_VALUE) };
          })(),
    trump: readTrump(r.trump),
    afterRubber:
      r.afterRubber === 'keep' || r.afterRubber === 'swap' || r.afterRubber === 'recut'
        ? r.afterRubber
        : refuse('afterRubber', 'must be "keep", "swap" or "recut"'),
  };
  const irregular = r.irregularities;
  if (irregular !== undefined && irregular !== 'refused' && irregular !== 'ruled') refuse('irregularities', 'must be "refused" or "ruled" (or left out)');
  if (irregular === 'ruled') (rules as { irregularities?: 'ruled' }).irregularities = 'ruled';
  checkCombination(rules);
  return rules;
}

function checked(body: () => Rules): Result<Rules, RulesError> {
  try {
    return ok(freezeRules(body()));
  } catch (e) {
    if (e instanceof WhistError && e.code === 'INVALID_RULES') return { ok: false, error: e.info as WhistErrorInfo<'INVALID_RULES'> };
    return fail('INVALID_RULES', 'the rules could not be read: they throw when read', { field: 'rules' });
  }
}

/**
 * Checks that a value is a complete, consistent rules object, e.g. one read from JSON.
 *
 * Refused: a missing or unknown key, a value of the wrong type or out of its range (see {@link Rules}),
 * holes in arrays, a game-value table that does not give exactly one value per losing score, a slam bonus
 * without rubber points, a rubber bonus so small that a rubber could be worth less than 1 to its winners,
 * honours that both sides could score on one hand under `barred` or `unrestricted` (both could reach the
 * target, and the laws do not say who wins), and a preset's name on settings that differ from that preset.
 *
 * @param value - anything
 * @returns `{ ok: true, value: rules }` with a frozen copy (the presets and checked rules themselves are
 *   returned as they are), or `{ ok: false, error }` with code `INVALID_RULES` and the offending `field`
 *   (e.g. `"honours.points"`, `"target"`). Never throws.
 * @example
 * ```ts
 * import { SHORT_WHIST, validateRules } from 'whist';
 *
 * validateRules(JSON.parse(JSON.stringify(SHORT_WHIST))).ok; // true
 * const r = validateRules({ ...SHORT_WHIST, target: 7 });
 * r.ok ? null : r.error.field; // 'gameValue.byLosersScore'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets" ("an invalid combination is rejected with a clear error").
 * @group Rules
 */
export function validateRules(value: unknown): Result<Rules, RulesError> {
  if (isCheckedRules(value)) return ok(value);
  return checked(() => readRules(value));
}

/** @internal Whether a value is a rules object this module made or checked. */
export function isCheckedRules(value: unknown): value is Rules {
  return madeOf(value, ADOPT_RULES) === CHECKED_RULES;
}

/**
 * A new rules object: a base (usually a preset) with some fields changed, validated and frozen.
 *
 * `honours` and `rubber` may be given in part and merge into the base's. A change of any setting without
 * a new `name` names the result `custom`, so a preset's name never labels other settings. Everything
 * {@link validateRules} refuses is refused, and so is an unknown key in the overrides (a typo such as
 * `tagret` is an error, not a no-op).
 *
 * @param base - the rules to start from, e.g. {@link LONG_WHIST}; checked like any rules
 * @param overrides - the fields to change
 * @returns `{ ok: true, value: rules }`, or `{ ok: false, error }` with code `INVALID_RULES`, the offending
 *   `field` and a message. Never throws.
 * @example
 * ```ts
 * import { defineRules, LONG_WHIST } from 'whist';
 *
 * const r = defineRules(LONG_WHIST, { honours: { restriction: 'cap' } });
 * r.ok && r.value.name; // 'custom'
 * const typo = defineRules(LONG_WHIST, { tagret: 9 } as never);
 * typo.ok ? null : typo.error.field; // 'tagret'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Presets" ("Any field can be overridden; an invalid combination is rejected with a clear error").
 * @group Rules
 */
export function defineRules(base: Rules, overrides: RulesOverrides = {}): Result<Rules, RulesError> {
  const b = validateRules(base);
  if (!b.ok) return b;
  const start = b.value;
  return checked(() => {
    const o = record(overrides, 'overrides', ALL_KEYS);
    const merged: Record<string, unknown> = { ...start, ...o };
    if ('honours' in o && o.honours !== null && start.honours !== null)
      merged.honours = { ...start.honours, ...record(o.honours, 'honours', ['cards', 'points', 'basis', 'restriction']) };
    if ('rubber' in o) merged.rubber = { ...start.rubber, ...record(o.rubber, 'rubber', ['gamesToWin', 'points']) };
    if (!('name' in o) && Object.keys(o).length > 0) {
      const changed = readRules({ ...merged, name: 'custom' });
      if (!sameRules({ ...changed, name: start.name }, start)) return changed;
      return { ...changed, name: start.name };
    }
    return readRules(merged);
  });
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
 * import { defineRulesOrThrow, SHORT_WHIST } from 'whist';
 *
 * const house = defineRulesOrThrow(SHORT_WHIST, { name: 'house', honours: { restriction: 'ignore' } });
 * house.honours?.restriction; // 'ignore'
 * ```
 * @remarks Source: as {@link defineRules}.
 * @group Rules
 */
export function defineRulesOrThrow(base: Rules, overrides: RulesOverrides = {}): Rules {
  const r = defineRules(base, overrides);
  if (!r.ok) throw new WhistError(r.error);
  return r.value;
}
