import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHandOrThrow,
  defineRules,
  defineRulesOrThrow,
  GERMAN_LONG_WHIST,
  gameScore,
  games,
  gameValue,
  handSummaries,
  LONG_WHIST,
  PRESETS,
  parseRubber,
  type RubberState,
  type Rules,
  rubberPoints,
  SHORT_WHIST,
  scoreHand,
  startRubberOrThrow,
  TEN_POINT_WHIST,
  validateRules,
  WhistError,
} from '../src/index.js';

const score = (rules: Rules, ns: number, honours: { NS: number; EW: number }, start: { NS: number; EW: number }) =>
  scoreHand(rules, { tricks: { NS: ns, EW: 13 - ns }, honours }, start);

describe('presets (docs/rules.md, "Presets")', () => {
  it('the CLI names are short, long, german-long, american, ten-point', () => {
    expect(Object.keys(PRESETS)).toEqual(['short', 'long', 'german-long', 'american', 'ten-point']);
    for (const [name, rules] of Object.entries(PRESETS)) expect(rules.name).toBe(name);
  });

  it('every preset passes its own validation and is frozen', () => {
    for (const rules of Object.values(PRESETS)) {
      const r = validateRules(rules);
      expect(r.ok).toBe(true);
      expect(Object.isFrozen(rules)).toBe(true);
      expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
    }
  });

  it('targets: Short 5 (Laws of Short Whist), Long 10 (Hoyle, «Whist» (2012)), German Long 10 («Whist» (2012)), American 7 («Whist» (2012), Foster), «Whist Regeln» 10', () => {
    expect([SHORT_WHIST, LONG_WHIST, GERMAN_LONG_WHIST, AMERICAN_WHIST, TEN_POINT_WHIST].map((r) => r.target)).toEqual([5, 10, 10, 7, 10]);
  });

  it('points per odd trick: 1, but 2 in the 10-point game («Whist Regeln» "Jeder Stich ist 2 Punkte wert")', () => {
    expect([SHORT_WHIST, LONG_WHIST, GERMAN_LONG_WHIST, AMERICAN_WHIST, TEN_POINT_WHIST].map((r) => r.pointsPerOddTrick)).toEqual([1, 1, 1, 1, 2]);
  });

  it('after the rubber: recut (Laws of Short Whist), swap in German Long Whist («Whist» (2012)), keep in American and «Whist Regeln»', () => {
    expect(Object.values(PRESETS).map((r) => r.afterRubber)).toEqual(['recut', 'recut', 'swap', 'keep', 'keep']);
  });
});

describe('Long Whist (Hoyle)', () => {
  it('a side starting the deal at 9 cannot score honours (Hoyle: honours do not count at nine)', () => {
    const s = score(LONG_WHIST, 6, { NS: 4, EW: 0 }, { NS: 9, EW: 0 });
    expect(s.honourPoints).toEqual({ NS: 0, EW: 0 });
    expect(s.points).toEqual({ NS: 0, EW: 1 });
    expect(s.winner).toBeNull();
  });

  it('at 8, four honours take a side to game (barred only at target − 1, Hoyle)', () => {
    const s = score(LONG_WHIST, 6, { NS: 4, EW: 0 }, { NS: 8, EW: 0 });
    expect(s.points.NS).toBe(4);
    expect(s.winner).toBe('NS');
  });

  it('game values: double when the losers have under 5, single otherwise (docs/rules.md, "Games and the rubber", Long Whist)', () => {
    expect([0, 4, 5, 9].map((n) => gameValue(LONG_WHIST, n))).toEqual([2, 2, 1, 1]);
  });
});

describe('German Long Whist («Whist» (2012), Meyers)', () => {
  it('the ten is the fifth honour: three score 2, four score 4, all five score 6 («Whist» (2012); Meyers)', () => {
    expect(score(GERMAN_LONG_WHIST, 6, { NS: 3, EW: 2 }, { NS: 0, EW: 0 }).honourPoints).toEqual({ NS: 2, EW: 0 });
    expect(score(GERMAN_LONG_WHIST, 6, { NS: 4, EW: 1 }, { NS: 0, EW: 0 }).honourPoints).toEqual({ NS: 4, EW: 0 });
    expect(score(GERMAN_LONG_WHIST, 6, { NS: 0, EW: 5 }, { NS: 0, EW: 0 }).honourPoints).toEqual({ NS: 0, EW: 6 });
  });

  it('honours that would win the game are not counted at all («Whist» (2012), "ignore")', () => {
    const s = score(GERMAN_LONG_WHIST, 7, { NS: 4, EW: 1 }, { NS: 6, EW: 0 });
    expect(s.trickPoints.NS).toBe(1);
    expect(s.honourPoints.NS).toBe(0);
    expect(s.points.NS).toBe(1);
    expect(s.winner).toBeNull();
  });

  it('honours that stay under the target count («Whist» (2012))', () => {
    const s = score(GERMAN_LONG_WHIST, 7, { NS: 3, EW: 2 }, { NS: 6, EW: 0 });
    expect(s.points.NS).toBe(3);
  });
});

describe('American Whist («Whist» (2012), Foster)', () => {
  it('honours are not scored («Whist» (2012) "Honneurs werden nicht gewertet")', () => {
    expect(AMERICAN_WHIST.honours).toBeNull();
    expect(() => score(AMERICAN_WHIST, 7, { NS: 1, EW: 0 }, { NS: 0, EW: 0 })).toThrow(WhistError);
    expect(score(AMERICAN_WHIST, 9, { NS: 0, EW: 0 }, { NS: 0, EW: 0 }).points).toEqual({ NS: 3, EW: 0 });
  });

  it('a game is plain (1), and has no rubber points (Foster)', () => {
    expect(gameValue(AMERICAN_WHIST, 0)).toBe(1);
    let rubber = startRubberOrThrow(AMERICAN_WHIST, { dealer: 'N' });
    for (let i = 0; i < 2; i++) rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } });
    expect(games(rubber).map((g) => g.value)).toEqual([1, 1]);
    expect(rubberPoints(rubber)).toBeNull();
  });

  it("Foster's '7 minus the losers' score' is one setting away", () => {
    const rules = defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' } });
    expect([0, 3, 6].map((n) => gameValue(rules, n))).toEqual([7, 4, 1]);
  });
});

describe('the 10-point game («Whist Regeln»)', () => {
  it('9 tricks score 6 points (docs/rules.md, worked checks; «Whist Regeln»)', () => {
    expect(score(TEN_POINT_WHIST, 9, { NS: 0, EW: 0 }, { NS: 0, EW: 0 }).points.NS).toBe(6);
  });

  it('13 tricks score 14 and win the game; the game score stops at 10 (docs/rules.md, worked checks; «Whist Regeln»)', () => {
    const s = score(TEN_POINT_WHIST, 13, { NS: 0, EW: 0 }, { NS: 0, EW: 0 });
    expect(s.points.NS).toBe(14);
    expect(s.winner).toBe('NS');
    const rubber = addHandOrThrow(startRubberOrThrow(TEN_POINT_WHIST, { dealer: 'N' }), {
      tricks: { NS: 13, EW: 0 },
      honours: { NS: 0, EW: 0 },
    });
    expect(handSummaries(rubber)[0]?.score).toEqual({ NS: 10, EW: 0 });
    expect(gameScore(rubber)).toEqual({ NS: 0, EW: 0 });
  });

  it('honours count without restriction («Whist Regeln» says nothing either way)', () => {
    const s = score(TEN_POINT_WHIST, 6, { NS: 4, EW: 0 }, { NS: 9, EW: 0 });
    expect(s.points.NS).toBe(4);
    expect(s.winner).toBe('NS');
  });

  it('best of three games, no rubber points («Whist Regeln» "zwei Durchgänge")', () => {
    expect(TEN_POINT_WHIST.rubber).toEqual({ gamesToWin: 2, points: null });
  });
});

describe('defineRules (docs/rules.md, "Presets")', () => {
  it('the cap regime on a 9-point game: 6-6, 7 tricks and 3 honours → 8-6 (Wikipedia, "Whist"; docs/rules.md, worked checks)', () => {
    // A 9-point game needs 9 game values, one per losing score from 0 to 8.
    const rules = defineRulesOrThrow(LONG_WHIST, {
      target: 9,
      gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1] },
      honours: { restriction: 'cap' },
    });
    const s = score(rules, 7, { NS: 3, EW: 1 }, { NS: 6, EW: 6 });
    expect(s.trickPoints.NS).toBe(1);
    expect(s.honourPoints.NS).toBe(1);
    expect(6 + s.points.NS).toBe(8);
    expect(s.winner).toBeNull();
  });

  it('returns a new frozen object and leaves the base alone', () => {
    const r = defineRules(SHORT_WHIST, { name: 'house', honours: { basis: 'captured' } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).not.toBe(SHORT_WHIST);
    expect(r.value.name).toBe('house');
    expect(Object.isFrozen(r.value)).toBe(true);
    expect(Object.isFrozen(r.value.honours)).toBe(true);
    expect(Object.isFrozen(r.value.honours?.cards)).toBe(true);
    expect(r.value.honours?.basis).toBe('captured');
    expect(r.value.honours?.cards).toEqual(['A', 'K', 'Q', 'J']);
    expect(SHORT_WHIST.honours?.basis).toBe('held');
  });

  it.each([
    ['an honours table for a variant without honours cards', AMERICAN_WHIST, { honours: { points: [0, 0, 0, 2, 4] } }, 'honours.cards'],
    ['a target below 1', SHORT_WHIST, { target: 0 }, 'target'],
    ['a game-value table that does not cover every losing score', SHORT_WHIST, { target: 7 }, 'gameValue.byLosersScore'],
    ['a rotation with an unknown suit', SHORT_WHIST, { trump: { kind: 'rotation', suits: ['H', 'X'] } }, 'trump.suits[1]'],
    ['an empty rotation', SHORT_WHIST, { trump: { kind: 'rotation', suits: [] } }, 'trump.suits'],
    ['an unknown trump kind', SHORT_WHIST, { trump: { kind: 'cut' } }, 'trump'],
    ['an honour rank named twice', SHORT_WHIST, { honours: { cards: ['A', 'K', 'A', 'J'] } }, 'honours.cards[2]'],
    ['no honour cards', SHORT_WHIST, { honours: { cards: [], points: [0] } }, 'honours.cards'],
    ['an unknown honours basis', SHORT_WHIST, { honours: { basis: 'seen' } }, 'honours.basis'],
    ['a game value of 0', SHORT_WHIST, { gameValue: { kind: 'table', byLosersScore: [3, 2, 2, 1, 0] } }, 'gameValue.byLosersScore[4]'],
    ['an unknown game-value kind', SHORT_WHIST, { gameValue: { kind: 'plain' } }, 'gameValue'],
    ['an empty name', SHORT_WHIST, { name: '' }, 'name'],
    ['points per odd trick of 0', SHORT_WHIST, { pointsPerOddTrick: 0 }, 'pointsPerOddTrick'],
    ['honours points not covering every count', SHORT_WHIST, { honours: { points: [0, 0, 2] } }, 'honours.points'],
    ['an unknown honours restriction', SHORT_WHIST, { honours: { restriction: 'sometimes' } }, 'honours.restriction'],
    ['an unknown partner rule', SHORT_WHIST, { afterRubber: 'shuffle' }, 'afterRubber'],
    ['a rubber of no games', SHORT_WHIST, { rubber: { gamesToWin: 0 } }, 'rubber.gamesToWin'],
    ['a negative slam bonus', SHORT_WHIST, { slamBonus: { grand: -1, little: 0 } }, 'slamBonus.grand'],
    ['a slam bonus missing its little slam', SHORT_WHIST, { slamBonus: { grand: 5 } }, 'slamBonus.little'],
  ])('refuses %s with INVALID_RULES naming the field', (_label, base, overrides, field) => {
    const r = defineRules(base, overrides as never);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_RULES');
    expect(r.error.field).toBe(field);
    expect(() => defineRulesOrThrow(base, overrides as never)).toThrow(expect.objectContaining({ code: 'INVALID_RULES' }));
  });

  it('removing honours and lengthening the game are one override each', () => {
    expect(defineRulesOrThrow(SHORT_WHIST, { honours: null }).honours).toBeNull();
    const seven = defineRulesOrThrow(SHORT_WHIST, { target: 7, gameValue: { kind: 'table', byLosersScore: [3, 3, 2, 2, 2, 1, 1] } });
    expect(seven.target).toBe(7);
    expect(seven.name).toBe('custom');
  });

  it('the slam bonus counts in the rubber points of the side that made it (Meyers; docs/rules.md, "Scoring a hand")', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { slamBonus: { grand: 5, little: 3 } });
    let rubber: RubberState = startRubberOrThrow(rules, { dealer: 'N' });
    rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } }); // game 1, treble, grand slam
    rubber = addHandOrThrow(rubber, { tricks: { NS: 1, EW: 12 }, honours: { NS: 0, EW: 0 } }); // EW 5: game 2, treble, little slam
    rubber = addHandOrThrow(rubber, { tricks: { NS: 13, EW: 0 }, honours: { NS: 0, EW: 0 } }); // game 3, treble, grand slam
    // NS: 3 + 3 + 2 − 3 = 5 from games, + 5 + 5 for two grand slams; EW: 3 for their little slam.
    expect(rubberPoints(rubber)).toEqual({ NS: 15, EW: 3 });
    expect(gameScore(rubber)).toEqual({ NS: 0, EW: 0 });
    // The same hands under rules without a slam bonus.
    const plain = parseRubber({ ...rubber, rules: SHORT_WHIST });
    expect(plain.ok && rubberPoints(plain.value)).toEqual({ NS: 5, EW: 0 });
  });
});
