/**
 * Rules are checked wherever they enter: every entry point refuses rules that
 * `validateRules` refuses, with code `INVALID_RULES` and the offending `field`; the checks themselves
 * (bounds, unknown keys, holes, combinations that cannot be played as written, a preset's name on other
 * settings); getters and Proxies; the presets; and a property over random valid rules and single-field
 * corruptions of them.
 *
 * The property runs with the fixed seed of test/arbitraries.ts (printed once; override with WHIST_FC_SEED).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHandOrThrow,
  apply,
  currentHand,
  dealHand,
  dealHandOrThrow,
  defineRules,
  defineRulesOrThrow,
  FULL_DECK,
  GERMAN_LONG_WHIST,
  gameValue,
  LONG_WHIST,
  newTable,
  newTableOrThrow,
  PRESETS,
  parseRubber,
  parseState,
  parseTable,
  type Rules,
  type RulesOverrides,
  rubberPoints,
  SHORT_WHIST,
  scoreHand,
  startRubber,
  startRubberOrThrow,
  TEN_POINT_WHIST,
  validateRules,
  WhistError,
  type WhistErrorInfo,
} from '../src/index.js';
import { checkRecord, parsePbn } from '../src/records/index.js';
import { fcParams } from './arbitraries.js';

/** A record to replay: a bridge deal played to 3NT by West (nothing played). */
const RECORD = (() => {
  const text = '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Contract "3NT"]\n[Declarer "W"]\n';
  const parsed = parsePbn(text, { source: 'test.pbn' });
  if (!parsed.ok || parsed.value[0] === undefined) throw new Error('the test record did not parse');
  return parsed.value[0];
})();

const NONE = { NS: 0, EW: 0 };
const HAND = { tricks: { NS: 7, EW: 6 }, honours: NONE };

/** Every object reachable from `value` is frozen. */
function deepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(deepFrozen);
}

/** The error a call throws, which must be a WhistError; `null` when it does not throw. */
function caught(f: () => unknown): WhistErrorInfo | null {
  try {
    f();
  } catch (e) {
    if (!(e instanceof WhistError)) throw new Error(`threw ${String(e)}, not a WhistError`);
    return e.info;
  }
  return null;
}

/** The error of a result, or of a throwing call; `null` when it succeeded. */
function refusal(r: { ok: boolean; error?: WhistErrorInfo }): WhistErrorInfo | null {
  return r.ok ? null : (r.error as WhistErrorInfo);
}

/** A plain, mutable deep copy of rules, through JSON. */
function plain(rules: Rules): Record<string, unknown> {
  return JSON.parse(JSON.stringify(rules)) as Record<string, unknown>;
}

const SEVEN_POINT_SHORT = { ...SHORT_WHIST, target: 7 };

/**
 * Every entry point that takes rules, each given `rules` and otherwise valid arguments: the error it
 * returns or throws. Functions that return a result must not throw; calculators throw only WhistError.
 */
const ENTRY_POINTS: readonly [string, (rules: unknown) => WhistErrorInfo | null][] = [
  ['deal', (rules) => refusal(dealHand(rules as Rules, { dealer: 'N', deck: FULL_DECK }))],
  [
    'deal from hands',
    (rules) => refusal(dealHand(rules as Rules, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' })),
  ],
  ['dealHandOrThrow', (rules) => caught(() => dealHandOrThrow(rules as Rules, { dealer: 'N', deck: FULL_DECK }))],
  ['newTable', (rules) => refusal(newTable(rules as Rules))],
  ['newTable with options', (rules) => refusal(newTable(rules as Rules, { seed: 1, dealer: 'E' }))],
  ['newTableOrThrow', (rules) => caught(() => newTableOrThrow(rules as Rules, { seed: 1 }))],
  ['startRubber', (rules) => refusal(startRubber(rules as Rules, { dealer: 'N' }))],
  ['startRubberOrThrow', (rules) => caught(() => startRubberOrThrow(rules as Rules, { dealer: 'N' }))],
  ['scoreHand', (rules) => caught(() => scoreHand(rules as Rules, HAND, NONE))],
  ['gameValue', (rules) => caught(() => gameValue(rules as Rules, 0))],
  ['checkRecord', (rules) => refusal(checkRecord(RECORD, rules as Rules))],
  ['defineRules (the base)', (rules) => refusal(defineRules(rules as Rules, {}))],
  ['defineRulesOrThrow (the base)', (rules) => caught(() => defineRulesOrThrow(rules as Rules, { name: 'house' }))],
  ['validateRules', (rules) => refusal(validateRules(rules))],
  ['parseState (a stored hand)', (rules) => refusal(parseState({ ...storedHand(), rules }))],
  ['parseRubber (a stored rubber)', (rules) => refusal(parseRubber({ v: 2, rules, firstDealer: 'N', hands: [] }))],
  ['parseTable (a stored table)', (rules) => refusal(parseTable({ ...storedTable(), rules }))],
];

function storedHand(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }))) as Record<string, unknown>;
}

function storedTable(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(newTableOrThrow(SHORT_WHIST, { seed: 1 }))) as Record<string, unknown>;
}

describe('every entry point refuses bad rules with INVALID_RULES and the field ("Rules are checked wherever they enter")', () => {
  it.each(ENTRY_POINTS)('%s accepts Short Whist, and a plain JSON copy of it', (_name, call) => {
    expect(call(SHORT_WHIST)).toBeNull();
    expect(call(plain(SHORT_WHIST))).toBeNull();
  });

  it.each(ENTRY_POINTS)('%s refuses null rules (field "rules")', (_name, call) => {
    expect(call(null)).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
  });

  it.each(ENTRY_POINTS)('%s refuses { ...SHORT_WHIST, target: 7 }: its game values do not cover losing scores of 5 and 6', (_name, call) => {
    expect(call(SEVEN_POINT_SHORT)).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
  });

  it.each(ENTRY_POINTS)('%s refuses rotation suits ["X"] (field "trump.suits[0]")', (_name, call) => {
    expect(call({ ...SHORT_WHIST, name: 'rotation', trump: { kind: 'rotation', suits: ['X'] } })).toMatchObject({
      code: 'INVALID_RULES',
      field: 'trump.suits[0]',
    });
  });

  it.each([undefined, 42, 'short', true, [], {}, () => SHORT_WHIST, Symbol('rules'), 10n])(
    'every entry point refuses %s as rules with INVALID_RULES',
    (value) => {
      for (const [name, call] of ENTRY_POINTS) {
        // defineRules and the others with a default for rules use it for undefined; that is not a refusal.
        if (value === undefined && name === 'checkRecord') continue;
        expect({ name, error: call(value) }).toMatchObject({ name, error: { code: 'INVALID_RULES' } });
      }
    },
  );

  it('the working entry points in full: a result, never a throw, for bad rules', () => {
    expect(() => dealHand(null as never, { dealer: 'N', deck: FULL_DECK })).not.toThrow();
    const d = dealHand(null as never, { dealer: 'N', deck: FULL_DECK });
    expect(d.ok).toBe(false);
    expect(!d.ok && d.error).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
    const t = newTable(null as never);
    expect(!t.ok && t.error).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
    const r = startRubber(null as never, { dealer: 'N' });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
    const replay = checkRecord(RECORD, null as never);
    expect(!replay.ok && replay.error).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
    expect(caught(() => scoreHand(null as never, HAND, NONE))).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
    expect(caught(() => gameValue(null as never, 0))).toMatchObject({ code: 'INVALID_RULES', field: 'rules' });
  });

  it('{ ...SHORT_WHIST, target: 7 } cannot be dealt, open a table or start a rubber, and so never values a game at 5-6', () => {
    const d = dealHand(SEVEN_POINT_SHORT, { dealer: 'N', deck: FULL_DECK });
    expect(!d.ok && d.error).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
    const t = newTable(SEVEN_POINT_SHORT, { seed: 1 });
    expect(!t.ok && t.error).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
    const r = startRubber(SEVEN_POINT_SHORT, { dealer: 'N' });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
    expect(caught(() => gameValue(SEVEN_POINT_SHORT, 6))).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
    // With a full table of seven values it is a game of its own, named as such.
    const seven = defineRulesOrThrow(SHORT_WHIST, { target: 7, gameValue: { kind: 'table', byLosersScore: [3, 3, 2, 2, 2, 1, 1] } });
    expect(dealHand(seven, { dealer: 'N', deck: FULL_DECK }).ok).toBe(true);
    expect(gameValue(seven, 6)).toBe(1);
  });

  it('rotation suits ["X"] never make trump "X": the deal, the table and the rubber refuse them', () => {
    const rotation = { ...SHORT_WHIST, name: 'rotation', trump: { kind: 'rotation', suits: ['X'] } } as unknown as Rules;
    const d = dealHand(rotation, { dealer: 'N', deck: FULL_DECK, dealNumber: 0 });
    expect(!d.ok && d.error).toMatchObject({ code: 'INVALID_RULES', field: 'trump.suits[0]' });
    const t = newTable(rotation, { seed: 1 });
    expect(!t.ok && t.error).toMatchObject({ code: 'INVALID_RULES', field: 'trump.suits[0]' });
    for (const suits of [['x'], ['NT'], [''], ['H', 'S', 'D', 'C', 'X'], [1], [undefined]]) {
      const r = validateRules({ ...rotation, trump: { kind: 'rotation', suits } });
      expect(!r.ok && r.error.field).toMatch(/^trump\.suits\[\d\]$/);
    }
    // The valid cycle, with a hand without trumps, deals its suits in turn.
    const cycle = defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', null] } });
    expect(dealHandOrThrow(cycle, { dealer: 'N', deck: FULL_DECK, dealNumber: 0 }).trump).toBe('H');
    expect(dealHandOrThrow(cycle, { dealer: 'N', deck: FULL_DECK, dealNumber: 1 }).trump).toBeNull();
  });

  it('a table whose stored rules are changed after the fact is refused before it deals again', () => {
    const table = newTableOrThrow(SHORT_WHIST, { seed: 3 });
    const tampered = { ...JSON.parse(JSON.stringify(table)), rules: { ...plain(SHORT_WHIST), target: 7 } };
    const read = parseTable(tampered);
    expect(!read.ok && read.error.code).toBe('INVALID_RULES');
    const r = apply(tampered, { type: 'deal' }); // a copy is not a table the library made
    expect(!r.ok && r.error.code).toBe('INVALID_STATE');
    expect(currentHand(table)).toBeNull();
  });
});

describe('bounds: numbers are whole and in range, arrays have no holes (Rules)', () => {
  it('honours cards with a hole (["A", , "K", "Q"]) are refused; the hole never counts as an honour', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    const holed = ['A', , 'K', 'Q'];
    const r = defineRules(SHORT_WHIST, { honours: { cards: holed as never } });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'honours.cards[1]' });
    const v = validateRules({ ...SHORT_WHIST, name: 'holes', honours: { ...SHORT_WHIST.honours, cards: holed } });
    expect(!v.ok && v.error.field).toBe('honours.cards[1]');
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    const holedPoints = [0, , 0, 2, 4];
    expect(refusal(defineRules(SHORT_WHIST, { honours: { points: holedPoints as never } }))).toMatchObject({ field: 'honours.points[1]' });
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    const holedValues = [3, 2, , 1, 1];
    expect(refusal(defineRules(SHORT_WHIST, { gameValue: { kind: 'table', byLosersScore: holedValues as never } }))).toMatchObject({
      field: 'gameValue.byLosersScore[2]',
    });
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    const holedSuits = ['H', , 'S'];
    expect(refusal(defineRules(SHORT_WHIST, { trump: { kind: 'rotation', suits: holedSuits as never } }))).toMatchObject({ field: 'trump.suits[1]' });
  });

  it('pointsPerOddTrick: Number.MAX_VALUE is refused, so rubber points never become Infinity', () => {
    const r = defineRules(SHORT_WHIST, { pointsPerOddTrick: Number.MAX_VALUE });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'pointsPerOddTrick' });
    const big = defineRulesOrThrow(SHORT_WHIST, { pointsPerOddTrick: 100, rubber: { points: { bonus: 100 } }, slamBonus: { grand: 100, little: 100 } });
    let rubber = startRubberOrThrow(big, { dealer: 'N' });
    rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: NONE });
    rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: NONE });
    expect(rubberPoints(rubber)).toEqual({ NS: 3 + 3 + 100 + 100 + 100, EW: 0 });
  });

  it('target: 2**60 is refused', () => {
    expect(refusal(defineRules(SHORT_WHIST, { target: 2 ** 60 }))).toMatchObject({ code: 'INVALID_RULES', field: 'target' });
    expect(refusal(validateRules({ ...SHORT_WHIST, name: 'huge', target: 2 ** 60 }))).toMatchObject({ code: 'INVALID_RULES', field: 'target' });
  });

  const NUMBER_FIELDS: readonly [string, (bad: unknown) => unknown][] = [
    ['target', (bad) => ({ target: bad })],
    ['pointsPerOddTrick', (bad) => ({ pointsPerOddTrick: bad })],
    ['honours.points[3]', (bad) => ({ honours: { points: [0, 0, 0, bad, 4] } })],
    ['gameValue.byLosersScore[0]', (bad) => ({ gameValue: { kind: 'table', byLosersScore: [bad, 2, 2, 1, 1] } })],
    ['rubber.gamesToWin', (bad) => ({ rubber: { gamesToWin: bad } })],
    ['rubber.points.bonus', (bad) => ({ rubber: { points: { bonus: bad } } })],
    ['slamBonus.grand', (bad) => ({ slamBonus: { grand: bad, little: 1 } })],
    ['slamBonus.little', (bad) => ({ slamBonus: { grand: 1, little: bad } })],
  ];
  const BAD_NUMBERS: readonly [string, unknown][] = [
    ['negative', -1],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string number', '3'],
    ['Number.MAX_VALUE', Number.MAX_VALUE],
    ['2**60', 2 ** 60],
    ['101, over the limit of 100', 101],
    ['a BigInt', 3n],
    ['a boolean', true],
    ['null', null],
  ];

  for (const [field, override] of NUMBER_FIELDS) {
    it.each(BAD_NUMBERS)(`${field}: %s is refused with that field`, (_label, bad) => {
      const r = defineRules(SHORT_WHIST, override(bad) as RulesOverrides);
      expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field });
    });
  }

  it('the limits themselves are accepted: target 1 and 100, 100 points per odd trick, 10 games to win', () => {
    expect(defineRules(SHORT_WHIST, { target: 1, gameValue: { kind: 'table', byLosersScore: [1] } }).ok).toBe(true);
    expect(defineRules(SHORT_WHIST, { target: 100, gameValue: { kind: 'targetMinusLosers' }, rubber: { points: null } }).ok).toBe(true);
    expect(defineRules(SHORT_WHIST, { pointsPerOddTrick: 100 }).ok).toBe(true);
    expect(defineRules(AMERICAN_WHIST, { rubber: { gamesToWin: 10 } }).ok).toBe(true);
    expect(refusal(defineRules(AMERICAN_WHIST, { rubber: { gamesToWin: 11 } }))).toMatchObject({ field: 'rubber.gamesToWin' });
    expect(refusal(defineRules(SHORT_WHIST, { target: 0 }))).toMatchObject({ field: 'target' });
    expect(refusal(defineRules(SHORT_WHIST, { target: 101, gameValue: { kind: 'targetMinusLosers' }, rubber: { points: null } }))).toMatchObject({
      field: 'target',
    });
  });

  it('a name must be a string of 1 to 40 characters', () => {
    for (const name of ['', 'x'.repeat(41), 42, null]) expect(refusal(defineRules(SHORT_WHIST, { name: name as string }))).toMatchObject({ field: 'name' });
    expect(defineRulesOrThrow(SHORT_WHIST, { name: 'x'.repeat(40) }).name).toHaveLength(40);
  });
});

describe('unknown keys are refused, never ignored', () => {
  it('defineRules(LONG_WHIST, { tagret: 9 }) is refused (field "tagret"), not Long Whist with target 10', () => {
    const r = defineRules(LONG_WHIST, { tagret: 9 } as never);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'tagret' });
    expect(() => defineRulesOrThrow(LONG_WHIST, { tagret: 9 } as never)).toThrow(expect.objectContaining({ code: 'INVALID_RULES' }));
  });

  it.each<[string, unknown, string]>([
    ['honours', { honours: { restrictoin: 'cap' } }, 'honours.restrictoin'],
    ['rubber', { rubber: { bonus: 3 } }, 'rubber.bonus'],
    ['rubber points', { rubber: { points: { bonus: 2, perGame: 1 } } }, 'rubber.points.perGame'],
    ['gameValue', { gameValue: { kind: 'table', byLosersScore: [3, 2, 2, 1, 1], plain: 1 } }, 'gameValue.plain'],
    ['gameValue, target minus losers', { gameValue: { kind: 'targetMinusLosers', byLosersScore: [1] } }, 'gameValue.byLosersScore'],
    ['trump', { trump: { kind: 'turnUp', suits: ['H'] } }, 'trump.suits'],
    ['slamBonus', { slamBonus: { grand: 5, little: 3, small: 1 } }, 'slamBonus.small'],
  ])('an unknown nested key in %s is refused with its path', (_label, overrides, field) => {
    expect(refusal(defineRules(SHORT_WHIST, overrides as RulesOverrides))).toMatchObject({ code: 'INVALID_RULES', field });
  });

  it('a full rules object with an extra key is refused by validateRules', () => {
    expect(refusal(validateRules({ ...SHORT_WHIST, extra: 1 }))).toMatchObject({ code: 'INVALID_RULES', field: 'extra' });
    expect(refusal(validateRules({ ...plain(SHORT_WHIST), score: { NS: 0, EW: 0 } }))).toMatchObject({ field: 'score' });
    const proto = JSON.parse(`{"__proto__": {"target": 7}, ${JSON.stringify(SHORT_WHIST).slice(1)}`);
    expect(refusal(validateRules(proto))).toMatchObject({ code: 'INVALID_RULES', field: '__proto__' });
    expect(refusal(validateRules({ ...SHORT_WHIST, honours: { ...SHORT_WHIST.honours, bonus: 1 } }))).toMatchObject({ field: 'honours.bonus' });
  });

  it('a missing key is refused with its name', () => {
    for (const key of Object.keys(SHORT_WHIST)) {
      const r = plain(SHORT_WHIST);
      delete r[key];
      expect(refusal(validateRules(r))).toMatchObject({ code: 'INVALID_RULES', field: key });
    }
  });
});

describe('names: a preset’s name only ever names that preset’s settings', () => {
  it('an override that changes settings makes the name "custom"', () => {
    expect(defineRulesOrThrow(LONG_WHIST, { honours: { restriction: 'cap' } }).name).toBe('custom');
    expect(defineRulesOrThrow(SHORT_WHIST, { target: 7, gameValue: { kind: 'table', byLosersScore: [3, 3, 2, 2, 2, 1, 1] } }).name).toBe('custom');
    expect(defineRulesOrThrow(GERMAN_LONG_WHIST, { afterRubber: 'keep' }).name).toBe('custom');
    expect(defineRulesOrThrow(TEN_POINT_WHIST, { pointsPerOddTrick: 1 }).name).toBe('custom');
  });

  it('a name given with the override is kept', () => {
    expect(defineRulesOrThrow(LONG_WHIST, { name: 'club', honours: { restriction: 'cap' } }).name).toBe('club');
  });

  it('an override that changes nothing keeps the preset’s name', () => {
    expect(defineRulesOrThrow(SHORT_WHIST, {}).name).toBe('short');
    expect(defineRulesOrThrow(SHORT_WHIST, { target: 5 }).name).toBe('short');
    expect(defineRulesOrThrow(LONG_WHIST, { honours: { restriction: 'barred' }, afterRubber: 'recut' }).name).toBe('long');
    expect(defineRulesOrThrow(SHORT_WHIST, { name: 'short' }).name).toBe('short');
  });

  it('validateRules({ ...SHORT_WHIST, target: 7, gameValue: (seven values) }) keeps the name "short" and is refused (field "name")', () => {
    const r = validateRules({ ...SHORT_WHIST, target: 7, gameValue: { kind: 'table', byLosersScore: [3, 3, 2, 2, 2, 1, 1] } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'name' });
    expect(validateRules({ ...SHORT_WHIST, name: 'seven', target: 7, gameValue: { kind: 'table', byLosersScore: [3, 3, 2, 2, 2, 1, 1] } }).ok).toBe(true);
  });

  it('a preset’s name given to other settings is refused; given to that preset’s own settings it is accepted', () => {
    expect(refusal(defineRules(SHORT_WHIST, { name: 'long' }))).toMatchObject({ code: 'INVALID_RULES', field: 'name' });
    expect(refusal(defineRules(SHORT_WHIST, { name: 'american', honours: null }))).toMatchObject({ field: 'name' });
    const back = defineRulesOrThrow(LONG_WHIST, { name: 'short', target: 5, gameValue: { kind: 'table', byLosersScore: [3, 2, 2, 1, 1] } });
    expect(back).toEqual(SHORT_WHIST);
  });
});

describe('combinations that cannot be played as written are refused', () => {
  it('a slam bonus without rubber points (field "slamBonus")', () => {
    expect(refusal(defineRules(AMERICAN_WHIST, { slamBonus: { grand: 5, little: 3 } }))).toMatchObject({ code: 'INVALID_RULES', field: 'slamBonus' });
    expect(refusal(defineRules(TEN_POINT_WHIST, { slamBonus: { grand: 5, little: 3 } }))).toMatchObject({ field: 'slamBonus' });
    const slams = defineRulesOrThrow(SHORT_WHIST, { slamBonus: { grand: 5, little: 3 } });
    expect(refusal(defineRules(slams, { rubber: { points: null } }))).toMatchObject({ field: 'slamBonus' });
    expect(defineRules(slams, { rubber: { points: null }, slamBonus: null }).ok).toBe(true);
  });

  it('a rubber bonus that could make the winners’ rubber points below 1: target minus losers, target 7, bonus 2 (field "rubber.points.bonus")', () => {
    const r = defineRules(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' }, rubber: { points: { bonus: 2 } } });
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_RULES', field: 'rubber.points.bonus' });
    // The worst rubber is won 2-1 with two games at 6 (1 each) against the losers' game at 0 (7): bonus + 1 + 1 − 7.
    expect(refusal(defineRules(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' }, rubber: { points: { bonus: 5 } } }))).toMatchObject({
      field: 'rubber.points.bonus',
    });
    const six = defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' }, rubber: { points: { bonus: 6 } } });
    const won = (side: 'NS' | 'EW', tricks: number) => ({
      tricks: side === 'NS' ? { NS: tricks, EW: 13 - tricks } : { NS: 13 - tricks, EW: tricks },
      honours: NONE,
    });
    let rubber = startRubberOrThrow(six, { dealer: 'N' });
    for (const hand of [won('EW', 13), won('EW', 12), won('NS', 13), won('EW', 12), won('NS', 13)]) rubber = addHandOrThrow(rubber, hand);
    expect(rubberPoints(rubber)).toEqual({ NS: 1, EW: 0 });
  });

  it('Short Whist’s own table: a bonus of 1 could leave a rubber worth 0 (single, single against a treble), 2 cannot', () => {
    expect(refusal(defineRules(SHORT_WHIST, { rubber: { points: { bonus: 1 } } }))).toMatchObject({ field: 'rubber.points.bonus' });
    expect(refusal(defineRules(SHORT_WHIST, { rubber: { points: { bonus: 0 } } }))).toMatchObject({ field: 'rubber.points.bonus' });
    expect(defineRules(SHORT_WHIST, { rubber: { points: { bonus: 2 } } }).ok).toBe(true);
    // Best of one: the winners' single game is always worth at least 1.
    expect(defineRules(SHORT_WHIST, { rubber: { gamesToWin: 1, points: { bonus: 0 } } }).ok).toBe(true);
  });

  it.each(['barred', 'unrestricted'] as const)('%s: honours both sides could score on one hand are refused (field "honours.points")', (restriction) => {
    // Two honours scoring 2: a 2-2 split scores for both sides, and both could reach the target.
    expect(refusal(defineRules(SHORT_WHIST, { honours: { points: [0, 0, 2, 2, 4], restriction } }))).toMatchObject({
      code: 'INVALID_RULES',
      field: 'honours.points',
    });
    expect(refusal(defineRules(SHORT_WHIST, { honours: { points: [0, 1, 1, 2, 4], restriction } }))).toMatchObject({ field: 'honours.points' });
    expect(refusal(defineRules(GERMAN_LONG_WHIST, { honours: { points: [0, 0, 1, 2, 4, 6], restriction } }))).toMatchObject({ field: 'honours.points' });
    // Three of four, or three of five, cannot be held by both sides: accepted.
    expect(defineRules(SHORT_WHIST, { honours: { points: [0, 0, 0, 2, 4], restriction } }).ok).toBe(true);
    expect(defineRules(GERMAN_LONG_WHIST, { honours: { restriction } }).ok).toBe(true);
  });

  it.each(['cap', 'ignore'] as const)('%s: the same honours are accepted, since honours never reach the target there', (restriction) => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { honours: { points: [0, 0, 2, 2, 4], restriction } });
    expect(rules.honours?.points).toEqual([0, 0, 2, 2, 4]);
    // Both sides at 4 with two honours each: nobody reaches the target on honours.
    const s = scoreHand(rules, { tricks: { NS: 6, EW: 7 }, honours: { NS: 2, EW: 2 } }, { NS: 3, EW: 1 });
    expect(s.winner).toBeNull();
    expect(s.points.NS).toBeLessThan(2);
  });
});

describe('getters and Proxies in rules: refused with INVALID_RULES, never thrown, never called', () => {
  it('a getter is refused (field of the getter), and never called', () => {
    let calls = 0;
    const rules = Object.defineProperty({ ...plain(SHORT_WHIST), name: 'getter' }, 'target', {
      enumerable: true,
      get() {
        calls++;
        return 5;
      },
    });
    expect(refusal(validateRules(rules))).toMatchObject({ code: 'INVALID_RULES', field: 'target' });
    expect(refusal(dealHand(rules as Rules, { dealer: 'N', deck: FULL_DECK }))).toMatchObject({ code: 'INVALID_RULES', field: 'target' });
    expect(calls).toBe(0);
  });

  it('a throwing getter, top level or nested, is refused with its field', () => {
    const boom = {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    };
    const top = Object.defineProperty(plain(SHORT_WHIST), 'honours', boom);
    expect(refusal(validateRules(top))).toMatchObject({ code: 'INVALID_RULES', field: 'honours' });
    const nested = plain(SHORT_WHIST);
    nested.rubber = Object.defineProperty({ gamesToWin: 2 }, 'points', boom);
    expect(refusal(validateRules(nested))).toMatchObject({ code: 'INVALID_RULES', field: 'rubber.points' });
    expect(refusal(defineRules(SHORT_WHIST, Object.defineProperty({}, 'target', boom)))).toMatchObject({ code: 'INVALID_RULES', field: 'target' });
    expect(() => startRubber(top as unknown as Rules, { dealer: 'N' })).not.toThrow();
    expect(caught(() => scoreHand(top as unknown as Rules, HAND, NONE))).toMatchObject({ code: 'INVALID_RULES', field: 'honours' });
  });

  it('a getter inside an array is refused with the index, and never called', () => {
    let calls = 0;
    const cards = ['A', 'K', 'Q'];
    Object.defineProperty(cards, 3, {
      enumerable: true,
      get: () => {
        calls++;
        return 'J';
      },
    });
    const r = validateRules({ ...plain(SHORT_WHIST), name: 'getter', honours: { ...SHORT_WHIST.honours, cards } });
    expect(refusal(r)).toMatchObject({ code: 'INVALID_RULES', field: 'honours.cards[3]' });
    expect(calls).toBe(0);
  });

  const boom = (): never => {
    throw new Error('boom');
  };

  it.each<[string, ProxyHandler<object>]>([
    ['ownKeys', { ownKeys: boom }],
    ['getOwnPropertyDescriptor', { getOwnPropertyDescriptor: boom }],
  ])('a Proxy whose %s trap throws is refused with INVALID_RULES by every entry point, never thrown', (_trap, handler) => {
    const proxy = new Proxy(plain(SHORT_WHIST), handler);
    for (const [name, call] of ENTRY_POINTS) expect({ name, error: call(proxy) }).toMatchObject({ name, error: { code: 'INVALID_RULES', field: 'rules' } });
  });

  it.each<[string, ProxyHandler<object>]>([
    ['get', { get: boom }],
    ['has', { has: boom }],
    ['getPrototypeOf', { getPrototypeOf: boom }],
  ])('a Proxy whose %s trap throws is never asked: rules are read as own data properties, into a frozen copy', (_trap, handler) => {
    const proxy = new Proxy(plain(SHORT_WHIST), handler);
    for (const [name, call] of ENTRY_POINTS) expect({ name, error: call(proxy) }).toEqual({ name, error: null });
    const r = validateRules(proxy);
    // (Compared with ===: the matchers would read the Proxy through its throwing traps.)
    expect(r.ok && r.value !== proxy).toBe(true);
    expect(r.ok && deepFrozen(r.value)).toBe(true);
    expect(r.ok && r.value).toEqual(SHORT_WHIST);
  });

  it('a revoked Proxy is refused with INVALID_RULES', () => {
    const { proxy, revoke } = Proxy.revocable(plain(SHORT_WHIST), {});
    revoke();
    for (const [name, call] of ENTRY_POINTS) expect({ name, error: call(proxy) }).toMatchObject({ name, error: { code: 'INVALID_RULES' } });
  });

  it('a Proxy that answers differently on each read is read once into a frozen copy, never trusted later', () => {
    let reads = 0;
    const proxy = new Proxy(plain(SHORT_WHIST), {
      getOwnPropertyDescriptor(t, key) {
        reads++;
        const d = Reflect.getOwnPropertyDescriptor(t, key);
        // Honest for the first reads, then it claims a target of 7.
        if (key === 'target' && d !== undefined && reads > 12) return { ...d, value: 7 };
        return d;
      },
    });
    const outcomes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const d = dealHand(proxy as unknown as Rules, { dealer: 'N', deck: FULL_DECK });
      if (d.ok) {
        outcomes.add('dealt');
        expect(d.value.rules).not.toBe(proxy);
        expect(deepFrozen(d.value.rules)).toBe(true);
        expect(d.value.rules).toEqual(SHORT_WHIST);
        const again = validateRules(d.value.rules);
        expect(again.ok && again.value).toBe(d.value.rules);
      } else {
        outcomes.add('refused');
        expect(d.error).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore' });
      }
    }
    // The same Proxy is read afresh each time: honest, it deals; lying, it is refused.
    expect([...outcomes].sort()).toEqual(['dealt', 'refused']);
  });

  it('a rules object changed after it was checked cannot change what was checked: checked rules are frozen copies', () => {
    const mine = plain(SHORT_WHIST);
    mine.name = 'mine';
    const r = validateRules(mine);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).not.toBe(mine);
    (mine.honours as { cards: string[] }).cards.push('T');
    mine.target = 7;
    expect(r.value.target).toBe(5);
    expect(r.value.honours?.cards).toEqual(['A', 'K', 'Q', 'J']);
    // Changed into an invalid object, it is refused where it enters next.
    expect(refusal(dealHand(mine as unknown as Rules, { dealer: 'N', deck: FULL_DECK }))).toMatchObject({ code: 'INVALID_RULES' });
  });
});

describe('the presets (docs/rules.md, "Presets")', () => {
  it.each(Object.entries(PRESETS))('%s validates as itself, is frozen deeply, and survives JSON', (_name, preset) => {
    const r = validateRules(preset);
    expect(r.ok && r.value).toBe(preset);
    expect(deepFrozen(preset)).toBe(true);
    const copy = validateRules(JSON.parse(JSON.stringify(preset)));
    expect(copy.ok).toBe(true);
    if (!copy.ok) return;
    expect(copy.value).toEqual(preset);
    expect(copy.value).not.toBe(preset);
    expect(deepFrozen(copy.value)).toBe(true);
    expect(JSON.stringify(copy.value)).toBe(JSON.stringify(preset));
  });

  it('PRESETS is frozen: no preset can be replaced', () => {
    expect(Object.isFrozen(PRESETS)).toBe(true);
    expect(() => {
      (PRESETS as Record<string, Rules>).short = LONG_WHIST;
    }).toThrow(TypeError);
    expect(PRESETS.short).toBe(SHORT_WHIST);
  });

  it('rules from defineRules and validateRules are frozen deeply, and recognised as checked', () => {
    const made = [
      defineRulesOrThrow(SHORT_WHIST, { name: 'house', slamBonus: { grand: 4, little: 2 } }),
      defineRulesOrThrow(SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'D', 'S', 'C', null] } }),
      defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' } }),
    ];
    for (const rules of made) {
      expect(deepFrozen(rules)).toBe(true);
      const again = validateRules(rules);
      expect(again.ok && again.value).toBe(rules);
      const copy = validateRules(JSON.parse(JSON.stringify(rules)));
      expect(copy.ok && deepFrozen(copy.value)).toBe(true);
      expect(copy.ok && copy.value).toEqual(rules);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Property: random valid rules, within the bounds Rules documents, are accepted and round-trip; a
// single corrupted field is refused with that field's path.

const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
const PRESET_NAMES = new Set(Object.keys(PRESETS));
const value100 = fc.integer({ min: 0, max: 100 });

/** The smallest rubber bonus that keeps every rubber worth at least 1 to its winners, as Rules documents it. */
function minimumBonus(gamesToWin: number, low: number, high: number): number {
  return Math.max(0, 1 - gamesToWin * low + (gamesToWin - 1) * high);
}

/** Random rules of the shape of Rules, each field within its documented bounds and every combination playable. */
const validRulesArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !PRESET_NAMES.has(s)),
    target: fc.integer({ min: 1, max: 100 }),
    pointsPerOddTrick: fc.integer({ min: 1, max: 100 }),
    honours: fc.option(
      fc.record({
        cards: fc.shuffledSubarray([...RANKS], { minLength: 1, maxLength: 13 }),
        points: fc.array(value100, { minLength: 14, maxLength: 14 }),
        basis: fc.constantFrom('held', 'captured'),
        restriction: fc.constantFrom('barred', 'cap', 'ignore', 'unrestricted'),
      }),
    ),
    table: fc.boolean(),
    values: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 100, maxLength: 100 }),
    gamesToWin: fc.integer({ min: 1, max: 10 }),
    bonus: fc.option(value100),
    slam: fc.option(fc.record({ grand: value100, little: value100 })),
    trump: fc.oneof(
      fc.constant({ kind: 'turnUp' }),
      fc.constant({ kind: 'secondPack' }),
      fc.record({ kind: fc.constant('rotation'), suits: fc.array(fc.constantFrom('S', 'H', 'D', 'C', null), { minLength: 1, maxLength: 52 }) }),
    ),
    afterRubber: fc.constantFrom('keep', 'swap', 'recut'),
  })
  .map((g) => {
    let honours: Record<string, unknown> | null = null;
    if (g.honours !== null) {
      const n = g.honours.cards.length;
      const points = g.honours.points.slice(0, n + 1);
      // Under barred and unrestricted both sides must not be able to score on one hand: no count up to n / 2 scores.
      if (g.honours.restriction === 'barred' || g.honours.restriction === 'unrestricted') for (let a = 1; 2 * a <= n; a++) points[a] = 0;
      honours = { cards: g.honours.cards, points, basis: g.honours.basis, restriction: g.honours.restriction };
    }
    const byLosersScore = g.values.slice(0, g.target);
    const gameValue = g.table ? { kind: 'table', byLosersScore } : { kind: 'targetMinusLosers' };
    const [low, high] = g.table ? [Math.min(...byLosersScore), Math.max(...byLosersScore)] : [1, g.target];
    const needed = minimumBonus(g.gamesToWin, low, high);
    const points = g.bonus === null || needed > 100 ? null : { bonus: needed + (g.bonus % (101 - needed)) };
    return {
      name: g.name,
      target: g.target,
      pointsPerOddTrick: g.pointsPerOddTrick,
      honours,
      gameValue,
      rubber: { gamesToWin: g.gamesToWin, points },
      slamBonus: points === null ? null : g.slam,
      trump: g.trump,
      afterRubber: g.afterRubber,
    };
  });

type Path = readonly (string | number)[];

function pathText(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

/** One way to corrupt one place of a rules object, and the field the refusal must name. */
interface Corruption {
  readonly label: string;
  readonly field: string;
  readonly apply: (rules: Record<string, unknown>) => void;
}

function at(root: Record<string, unknown>, path: Path): Record<string | number, unknown> {
  let node: unknown = root;
  for (const p of path) node = (node as Record<string | number, unknown>)[p];
  return node as Record<string | number, unknown>;
}

const NOT_WHOLE: readonly unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null, true, {}, [], 2 ** 60, Number.MAX_VALUE, 101, 3n, undefined];
const NOT_RANK: readonly unknown[] = ['X', '10', 'a', '', 1, null, 'AK', 't', {}];
const NOT_SUIT: readonly unknown[] = ['X', 'NT', 's', '', 1, {}, 'SH', undefined];
const NOT_OBJECT: readonly unknown[] = [42, 'x', true, [], undefined];

/** Every corruption of one field of `rules`, each refused whatever the other fields are. */
function corruptions(rules: Record<string, unknown>): Corruption[] {
  const out: Corruption[] = [];
  const set = (path: Path, bad: unknown, field = pathText(path)) =>
    out.push({
      label: `${pathText(path)} = ${typeof bad === 'bigint' ? `${bad}n` : (JSON.stringify(bad) ?? String(bad))}`,
      field,
      apply: (r) => {
        at(r, path.slice(0, -1))[path[path.length - 1] as string | number] = bad;
      },
    });
  const remove = (path: Path, field = pathText(path)) =>
    out.push({
      label: `delete ${pathText(path)}`,
      field,
      apply: (r) => {
        delete at(r, path.slice(0, -1))[path[path.length - 1] as string | number];
      },
    });
  const hole = (path: Path, i: number) =>
    out.push({
      label: `hole at ${pathText([...path, i])}`,
      field: pathText([...path, i]),
      apply: (r) => {
        delete (at(r, path) as unknown as unknown[])[i];
      },
    });
  const extra = (path: Path, key: string) =>
    out.push({
      label: `extra key ${key} in ${pathText(path) || 'rules'}`,
      field: pathText([...path, key]),
      apply: (r) => {
        Object.defineProperty(at(r, path), key, { value: 1, enumerable: true, configurable: true, writable: true });
      },
    });
  const whole = (path: Path) => {
    for (const bad of NOT_WHOLE) set(path, bad);
  };
  for (const key of Object.keys(rules)) remove([key]);
  for (const key of ['tagret', 'extra', '__proto__', 'constructor']) extra([], key);
  for (const bad of ['', 'x'.repeat(41), 42, null]) set(['name'], bad);
  whole(['target']);
  whole(['pointsPerOddTrick']);
  const honours = rules.honours as { cards: string[]; points: number[] } | null;
  for (const bad of NOT_OBJECT) set(['honours'], bad);
  if (honours !== null) {
    honours.cards.forEach((_, i) => {
      for (const bad of NOT_RANK) set(['honours', 'cards', i], bad);
      hole(['honours', 'cards'], i);
    });
    honours.points.forEach((_, i) => {
      whole(['honours', 'points', i]);
      hole(['honours', 'points'], i);
    });
    for (const key of ['cards', 'points', 'basis', 'restriction']) remove(['honours', key]);
    set(['honours', 'cards'], []);
    set(['honours', 'points'], [...honours.points, 0]);
    for (const bad of ['seen', null, 1]) set(['honours', 'basis'], bad);
    for (const bad of ['never', 'Barred', null]) set(['honours', 'restriction'], bad);
    extra(['honours'], 'bonus');
  }
  const gv = rules.gameValue as { kind: string; byLosersScore?: number[] };
  for (const bad of [...NOT_OBJECT, null, { kind: 'plain' }]) set(['gameValue'], bad);
  remove(['gameValue', 'kind'], 'gameValue');
  extra(['gameValue'], 'bonus');
  if (gv.byLosersScore !== undefined) {
    gv.byLosersScore.forEach((_, i) => {
      whole(['gameValue', 'byLosersScore', i]);
      set(['gameValue', 'byLosersScore', i], 0);
      hole(['gameValue', 'byLosersScore'], i);
    });
    set(['gameValue', 'byLosersScore'], [...gv.byLosersScore, 1]);
    remove(['gameValue', 'byLosersScore']);
  }
  const rubber = rules.rubber as { points: unknown };
  for (const bad of [...NOT_OBJECT, null]) set(['rubber'], bad);
  for (const bad of [...NOT_WHOLE, 0, 11]) set(['rubber', 'gamesToWin'], bad);
  remove(['rubber', 'gamesToWin']);
  remove(['rubber', 'points']);
  extra(['rubber'], 'bonus');
  if (rubber.points !== null) {
    for (const bad of NOT_OBJECT) set(['rubber', 'points'], bad);
    whole(['rubber', 'points', 'bonus']);
    extra(['rubber', 'points'], 'perGame');
  }
  if (rules.slamBonus !== null) {
    for (const bad of NOT_OBJECT) set(['slamBonus'], bad);
    whole(['slamBonus', 'grand']);
    whole(['slamBonus', 'little']);
    remove(['slamBonus', 'grand']);
    extra(['slamBonus'], 'small');
  }
  const trump = rules.trump as { kind: string; suits?: unknown[] };
  for (const bad of [...NOT_OBJECT, null, { kind: 'cut' }]) set(['trump'], bad);
  remove(['trump', 'kind'], 'trump');
  extra(['trump'], 'card');
  if (trump.suits !== undefined) {
    trump.suits.forEach((_, i) => {
      for (const bad of NOT_SUIT) set(['trump', 'suits', i], bad);
      hole(['trump', 'suits'], i);
    });
    set(['trump', 'suits'], []);
    remove(['trump', 'suits']);
  }
  for (const bad of ['shuffle', 'Keep', null, 1]) set(['afterRubber'], bad);
  return out;
}

describe('property: random valid rules are accepted; one corrupted field is refused with its path', () => {
  it('random valid rules are accepted, frozen deeply, equal to what was given, and round-trip through JSON', () => {
    fc.assert(
      fc.property(validRulesArb, (given) => {
        const r = validateRules(given);
        if (!r.ok) throw new Error(`refused ${r.error.message} for ${JSON.stringify(given)}`);
        expect(r.value).toEqual(given);
        expect(deepFrozen(r.value)).toBe(true);
        const again = validateRules(JSON.parse(JSON.stringify(r.value)));
        expect(again.ok && again.value).toEqual(r.value);
        expect(validateRules(r.value).ok && validateRules(r.value)).toEqual({ ok: true, value: r.value });
        // The entry points take them too.
        expect(startRubber(given as unknown as Rules, { dealer: 'S' }).ok).toBe(true);
        expect(newTable(given as unknown as Rules, { seed: 1 }).ok).toBe(true);
        expect(defineRules(r.value, {}).ok).toBe(true);
      }),
      fcParams(150),
    );
  });

  it('random valid rules deal a hand at a table', () => {
    fc.assert(
      fc.property(validRulesArb, fc.integer({ min: 0, max: 1000 }), (given, seed) => {
        const table = newTableOrThrow(given as unknown as Rules, { seed });
        const dealt = apply(table, { type: 'deal' });
        if (!dealt.ok) throw new Error(`${dealt.error.code}: ${dealt.error.message}`);
        const hand = currentHand(dealt.value);
        expect(hand?.rules).toEqual(given);
      }),
      fcParams(40),
    );
  });

  it('a single corrupted field is refused with INVALID_RULES and a field naming the corrupted path', () => {
    let tried = 0;
    fc.assert(
      fc.property(validRulesArb, fc.nat(), (given, pick) => {
        const all = corruptions(given);
        const c = all[pick % all.length] as Corruption;
        const bad = JSON.parse(JSON.stringify(given)) as Record<string, unknown>;
        c.apply(bad);
        const r = validateRules(bad);
        tried++;
        if (r.ok) throw new Error(`accepted ${c.label}`);
        expect({ corruption: c.label, code: r.error.code, field: r.error.field }).toEqual({ corruption: c.label, code: 'INVALID_RULES', field: c.field });
        // The same through an entry point.
        expect(refusal(startRubber(bad as unknown as Rules, { dealer: 'N' }))).toMatchObject({ code: 'INVALID_RULES', field: c.field });
      }),
      fcParams(400),
    );
    expect(tried).toBeGreaterThanOrEqual(400);
  });

  it('every corruption of Short Whist and of a rules object using every option is refused with its path (exhaustive)', () => {
    const full = plain(defineRulesOrThrow(SHORT_WHIST, { name: 'full', slamBonus: { grand: 4, little: 2 }, trump: { kind: 'rotation', suits: ['H', null] } }));
    for (const base of [plain(SHORT_WHIST), full, plain(AMERICAN_WHIST)]) {
      const wrong: string[] = [];
      const all = corruptions(base);
      for (const c of all) {
        const bad = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
        c.apply(bad);
        const r = validateRules(bad);
        if (r.ok) wrong.push(`${c.label}: accepted`);
        else if (r.error.code !== 'INVALID_RULES' || r.error.field !== c.field) wrong.push(`${c.label}: ${r.error.code} ${r.error.field}, expected ${c.field}`);
      }
      expect(wrong).toEqual([]);
      expect(all.length).toBeGreaterThan(150);
    }
  });
});
