import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHand,
  addHandOrThrow,
  type BySide,
  defineRulesOrThrow,
  GERMAN_LONG_WHIST,
  gameScore,
  games,
  type HandFacts,
  type HonoursRestriction,
  handSummaries,
  LONG_WHIST,
  type RubberState,
  type Rules,
  SHORT_WHIST,
  scoreHand,
  startRubberOrThrow,
  TEN_POINT_WHIST,
  WhistError,
} from '../src/index.js';

const NONE: BySide = { NS: 0, EW: 0 };

/** Scores a hand in which NS won `ns` tricks. */
const score = (rules: Rules, ns: number, honours: BySide, start: BySide) => scoreHand(rules, { tricks: { NS: ns, EW: 13 - ns }, honours }, start);

/** The base rules with another honours restriction (named `custom` unless it is the base's own). */
const withRestriction = (restriction: HonoursRestriction, base: Rules = SHORT_WHIST): Rules => defineRulesOrThrow(base, { honours: { restriction } });

/** Long-Whist-like rules of 9 points under `cap` (docs/rules.md, worked checks). */
const NINE_POINTS: Rules = defineRulesOrThrow(LONG_WHIST, {
  target: 9,
  gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1] },
  honours: { restriction: 'cap' },
});

/** A side's facts: `side` wins `tricks` tricks. */
const won = (side: 'NS' | 'EW', tricks: number, honours: BySide = NONE): HandFacts => ({
  tricks: side === 'NS' ? { NS: tricks, EW: 13 - tricks } : { NS: 13 - tricks, EW: tricks },
  honours,
});

/**
 * A rubber whose game stands at `at`, reached by odd tricks alone: one hand for each side that has points
 * (never a game, since each side's points stay under the target).
 */
function rubberAt(rules: Rules, at: BySide): RubberState {
  let r = startRubberOrThrow(rules, { dealer: 'N' });
  for (const side of ['NS', 'EW'] as const) {
    if (at[side] === 0) continue;
    if (at[side] % rules.pointsPerOddTrick !== 0) throw new Error('not reachable by odd tricks alone');
    r = addHandOrThrow(r, won(side, 6 + at[side] / rules.pointsPerOddTrick));
  }
  expect(gameScore(r)).toEqual(at);
  return r;
}

function expectInvalidScore(f: () => unknown, field?: string) {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(WhistError);
  expect((thrown as WhistError).code).toBe('INVALID_SCORE');
  if (field !== undefined) expect((thrown as WhistError).info.field).toBe(field);
}

describe('worked checks (docs/rules.md, worked checks)', () => {
  it('Short Whist, NS at 3, EW at 0: NS win 8 tricks, reach 5 and the game; their honours are not scored (docs/rules.md; Laws of Short Whist (1864), law 5)', () => {
    const r = score(SHORT_WHIST, 8, { NS: 4, EW: 0 }, { NS: 3, EW: 0 });
    expect(r.trickPoints).toEqual({ NS: 2, EW: 0 });
    expect(r.honourPoints).toEqual(NONE);
    expect(r.points).toEqual({ NS: 2, EW: 0 });
    expect(r.winner).toBe('NS');
  });

  it('…and the game is a treble, EW having 0 (docs/rules.md; Laws of Short Whist (1864), law 8)', () => {
    const rubber = addHandOrThrow(rubberAt(SHORT_WHIST, { NS: 3, EW: 0 }), { tricks: { NS: 8, EW: 5 }, honours: { NS: 4, EW: 0 } });
    expect(games(rubber)).toEqual([{ winner: 'NS', value: 3, losersScore: 0 }]);
    expect(handSummaries(rubber)[1]?.honourPoints).toEqual(NONE);
  });

  it('a side starting the deal at 4 cannot score honours: NS at 4 hold 4 honours and win 6 tricks, and score nothing (docs/rules.md; Laws of Short Whist (1864), law 4)', () => {
    const r = score(SHORT_WHIST, 6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 });
    expect(r.points.NS).toBe(0);
    expect(r.honourPoints).toEqual(NONE);
    expect(r.points.EW).toBe(1);
    expect(r.winner).toBeNull();
  });

  it('EW at 2, NS at 1: EW win 7 tricks (3), NS hold 4 honours and win the game on honours (5), a single (docs/rules.md; Laws of Short Whist (1864), laws 4, 5, 8)', () => {
    const r = score(SHORT_WHIST, 6, { NS: 4, EW: 0 }, { NS: 1, EW: 2 });
    expect(r.trickPoints).toEqual({ NS: 0, EW: 1 });
    expect(r.honourPoints).toEqual({ NS: 4, EW: 0 });
    expect(r.winner).toBe('NS');
    const rubber = addHandOrThrow(rubberAt(SHORT_WHIST, { NS: 1, EW: 2 }), { tricks: { NS: 6, EW: 7 }, honours: { NS: 4, EW: 0 } });
    expect(handSummaries(rubber)[2]?.score).toEqual({ NS: 5, EW: 3 });
    expect(games(rubber)).toEqual([{ winner: 'NS', value: 1, losersScore: 3 }]);
  });

  it('tricks are scored first: had EW’s tricks taken them to 5, NS’s honours would not have counted (docs/rules.md; Laws of Short Whist (1864), law 5)', () => {
    const r = score(SHORT_WHIST, 4, { NS: 4, EW: 0 }, { NS: 1, EW: 2 });
    expect(r.trickPoints).toEqual({ NS: 0, EW: 3 });
    expect(r.honourPoints).toEqual(NONE);
    expect(r.winner).toBe('EW');
  });

  it('cap on a 9-point game: 6-6, a side wins 7 tricks and holds 3 honours → 8-6, one of its two honour points lost (docs/rules.md; Wikipedia, "Whist")', () => {
    const r = score(NINE_POINTS, 7, { NS: 3, EW: 1 }, { NS: 6, EW: 6 });
    expect(r.trickPoints).toEqual({ NS: 1, EW: 0 });
    expect(r.honourPoints).toEqual({ NS: 1, EW: 0 });
    expect(r.winner).toBeNull();
    const rubber = addHandOrThrow(rubberAt(NINE_POINTS, { NS: 6, EW: 6 }), { tricks: { NS: 7, EW: 6 }, honours: { NS: 3, EW: 1 } });
    expect(gameScore(rubber)).toEqual({ NS: 8, EW: 6 });
  });

  it('«Whist Regeln»: 9 tricks score 6 points at 2 per odd trick (docs/rules.md; «Whist Regeln» "Jeder Stich ist 2 Punkte wert")', () => {
    const r = score(TEN_POINT_WHIST, 9, NONE, NONE);
    expect(r.trickPoints).toEqual({ NS: 6, EW: 0 });
    expect(r.points).toEqual({ NS: 6, EW: 0 });
    expect(r.winner).toBeNull();
  });

  it('«Whist Regeln»: 13 tricks score 14 points and win the game; the game score stops at 10 (docs/rules.md; «Whist Regeln»)', () => {
    const r = score(TEN_POINT_WHIST, 13, NONE, NONE);
    expect(r.points).toEqual({ NS: 14, EW: 0 });
    expect(r.winner).toBe('NS');
    const rubber = addHandOrThrow(startRubberOrThrow(TEN_POINT_WHIST, { dealer: 'N' }), { tricks: { NS: 13, EW: 0 }, honours: NONE });
    expect(handSummaries(rubber)[0]?.points).toEqual({ NS: 14, EW: 0 });
    expect(handSummaries(rubber)[0]?.score).toEqual({ NS: 10, EW: 0 });
    expect(games(rubber)).toEqual([{ winner: 'NS', value: 1, losersScore: 0 }]);
    expect(gameScore(rubber)).toEqual(NONE);
  });
});

describe('odd tricks (Laws of Short Whist (1864), law 2; «Whist» (2012) "Sechs Stiche sind das Buch")', () => {
  it.each([
    [13, { NS: 7, EW: 0 }],
    [12, { NS: 6, EW: 0 }],
    [8, { NS: 2, EW: 0 }],
    [7, { NS: 1, EW: 0 }],
    [6, { NS: 0, EW: 1 }],
    [5, { NS: 0, EW: 2 }],
    [0, { NS: 0, EW: 7 }],
  ])('NS winning %i tricks: trick points %o (the first six, the book, score nothing)', (ns, expected) => {
    // Scored from 0-0 under the 10-point target of «Whist Regeln» with 1 point per trick, so no trick total reaches the target.
    const rules = defineRulesOrThrow(TEN_POINT_WHIST, { pointsPerOddTrick: 1 });
    expect(score(rules, ns, NONE, NONE).trickPoints).toEqual(expected);
  });

  it('only one side can score tricks', () => {
    for (let ns = 0; ns <= 13; ns++) {
      const r = score(SHORT_WHIST, ns, NONE, NONE);
      expect(r.trickPoints.NS === 0 || r.trickPoints.EW === 0).toBe(true);
    }
  });

  it('pointsPerOddTrick multiplies every odd trick («Whist Regeln»: 2)', () => {
    expect(score(TEN_POINT_WHIST, 7, NONE, NONE).trickPoints).toEqual({ NS: 2, EW: 0 });
    expect(score(TEN_POINT_WHIST, 3, NONE, NONE).trickPoints).toEqual({ NS: 0, EW: 8 });
  });

  it('a side reaching the target on tricks is the winner; reaching it exactly or passing it are the same', () => {
    expect(score(SHORT_WHIST, 11, NONE, NONE).winner).toBe('NS');
    expect(score(SHORT_WHIST, 10, NONE, NONE).winner).toBeNull();
    expect(score(SHORT_WHIST, 10, NONE, { NS: 1, EW: 0 }).winner).toBe('NS');
    expect(score(SHORT_WHIST, 0, NONE, { NS: 0, EW: 4 }).winner).toBe('EW');
  });
});

describe('honours: three score 2, four score 4, two each nothing (Laws of Short Whist (1864), law 3)', () => {
  it.each([
    [
      { NS: 4, EW: 0 },
      { NS: 4, EW: 0 },
    ],
    [
      { NS: 3, EW: 1 },
      { NS: 2, EW: 0 },
    ],
    [
      { NS: 1, EW: 3 },
      { NS: 0, EW: 2 },
    ],
    [
      { NS: 0, EW: 4 },
      { NS: 0, EW: 4 },
    ],
    [
      { NS: 2, EW: 2 },
      { NS: 0, EW: 0 },
    ],
    [
      { NS: 0, EW: 0 },
      { NS: 0, EW: 0 },
    ],
  ])('honours %o score %o', (honours, expected) => {
    expect(score(SHORT_WHIST, 6, honours, NONE).honourPoints).toEqual(expected);
  });

  it('honours add to the same side’s odd tricks when the game stays open', () => {
    const r = score(SHORT_WHIST, 7, { NS: 3, EW: 1 }, NONE);
    expect(r.points).toEqual({ NS: 3, EW: 0 });
    expect(r.trickPoints).toEqual({ NS: 1, EW: 0 });
    expect(r.honourPoints).toEqual({ NS: 2, EW: 0 });
  });

  it('the side losing on tricks can still score honours', () => {
    const r = score(SHORT_WHIST, 4, { NS: 4, EW: 0 }, NONE);
    expect(r.points).toEqual({ NS: 4, EW: 3 });
  });

  it('German Long Whist: with the ten, all five honours score 6 («Whist» (2012); Meyers)', () => {
    const rules = withRestriction('unrestricted', GERMAN_LONG_WHIST);
    expect(score(rules, 6, { NS: 5, EW: 0 }, NONE).honourPoints).toEqual({ NS: 6, EW: 0 });
    expect(score(rules, 6, { NS: 3, EW: 2 }, NONE).honourPoints).toEqual({ NS: 2, EW: 0 });
  });
});

describe('tricks before honours, in every restriction regime (Laws of Short Whist (1864), law 5; docs/rules.md, "Scoring a hand")', () => {
  it.each(['barred', 'cap', 'ignore', 'unrestricted'] as const)('%s: when tricks take a side to game, nobody scores honours', (restriction) => {
    const rules = withRestriction(restriction);
    // EW hold all four honours, but NS's three odd tricks take them from 2 to 5.
    const r = score(rules, 9, { NS: 0, EW: 4 }, { NS: 2, EW: 0 });
    expect(r.winner).toBe('NS');
    expect(r.honourPoints).toEqual(NONE);
    expect(r.points).toEqual({ NS: 3, EW: 0 });
    // Same, with the winners' own honours.
    const own = score(rules, 9, { NS: 4, EW: 0 }, { NS: 2, EW: 0 });
    expect(own.honourPoints).toEqual(NONE);
    expect(own.points).toEqual({ NS: 3, EW: 0 });
  });
});

describe('honours restriction regimes (docs/rules.md, "Scoring a hand")', () => {
  describe('barred (Laws of Short Whist (1864), law 4)', () => {
    const rules = withRestriction('barred');

    it('a side starting the deal at 4 cannot score honours (Laws of Short Whist (1864), law 4)', () => {
      expect(score(rules, 6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 }).honourPoints).toEqual(NONE);
      expect(score(rules, 6, { NS: 0, EW: 3 }, { NS: 0, EW: 4 }).honourPoints).toEqual(NONE);
    });

    it('the bar is only for the side at 4: the other side scores its honours (Laws of Short Whist (1864), law 4)', () => {
      // EW at 4 are barred; NS at 1 make an odd trick and score their three honours.
      const r = score(rules, 7, { NS: 3, EW: 1 }, { NS: 1, EW: 4 });
      expect(r.honourPoints).toEqual({ NS: 2, EW: 0 });
      expect(r.points).toEqual({ NS: 3, EW: 0 });
      expect(r.winner).toBeNull();
    });

    it('the bar follows the start of the deal, not the score after tricks: a side at 3 that makes an odd trick still scores honours to game (Laws of Short Whist (1864), law 4)', () => {
      const r = score(rules, 7, { NS: 3, EW: 1 }, { NS: 3, EW: 0 });
      expect(r.trickPoints.NS).toBe(1);
      expect(r.honourPoints.NS).toBe(2);
      expect(r.winner).toBe('NS');
    });

    it('otherwise honours may take a side to game, passing the target (Laws of Short Whist (1864), law 4)', () => {
      const r = score(rules, 6, { NS: 4, EW: 0 }, { NS: 3, EW: 0 });
      expect(r.points.NS).toBe(4);
      expect(r.winner).toBe('NS');
    });

    it('the bar is derived from the target: at 9 in a 10-point game, not at 4 (Hoyle: honours do not count at nine)', () => {
      const long = defineRulesOrThrow(SHORT_WHIST, { target: 10, gameValue: { kind: 'table', byLosersScore: [2, 2, 2, 2, 2, 1, 1, 1, 1, 1] } });
      expect(score(long, 6, { NS: 4, EW: 0 }, { NS: 9, EW: 0 }).honourPoints).toEqual(NONE);
      expect(score(long, 6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 }).honourPoints).toEqual({ NS: 4, EW: 0 });
    });
  });

  describe('cap (Wikipedia, "Whist")', () => {
    const rules = withRestriction('cap');

    it('honours never score the winning point: counted only up to target - 1', () => {
      const r = score(rules, 6, { NS: 4, EW: 0 }, { NS: 2, EW: 0 });
      expect(r.honourPoints).toEqual({ NS: 2, EW: 0 });
      expect(r.winner).toBeNull();
    });

    it('a side at 4 scores no honours (nothing left below the target); below the cap they count in full', () => {
      expect(score(rules, 6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 }).honourPoints).toEqual(NONE);
      expect(score(rules, 6, { NS: 3, EW: 1 }, { NS: 2, EW: 0 }).honourPoints).toEqual({ NS: 2, EW: 0 });
    });

    it('the cap counts the same hand’s odd tricks first', () => {
      // NS 1 + 2 odd tricks = 3; four honours could bring 4, but only 1 fits below 5.
      expect(score(rules, 8, { NS: 4, EW: 0 }, { NS: 1, EW: 0 }).honourPoints).toEqual({ NS: 1, EW: 0 });
    });
  });

  describe('ignore («Whist» (2012) "Die Honneurs dürfen nicht gewertet werden, wenn die Wertung zum Gewinn der Partie führt")', () => {
    const rules = withRestriction('ignore');

    it('honours that would reach the target are not counted at all', () => {
      expect(score(rules, 6, { NS: 4, EW: 0 }, { NS: 2, EW: 0 }).honourPoints).toEqual(NONE);
      expect(score(rules, 6, { NS: 3, EW: 1 }, { NS: 3, EW: 0 }).honourPoints).toEqual(NONE);
    });

    it('honours that stay below the target count in full', () => {
      expect(score(rules, 6, { NS: 3, EW: 1 }, { NS: 2, EW: 0 }).honourPoints).toEqual({ NS: 2, EW: 0 });
      expect(score(rules, 6, { NS: 4, EW: 0 }, { NS: 0, EW: 0 }).honourPoints).toEqual({ NS: 4, EW: 0 });
    });
  });

  describe('unrestricted («Whist Regeln» says nothing either way)', () => {
    const rules = withRestriction('unrestricted');

    it('honours count whenever the game is still open after tricks, even from 4 and to game', () => {
      const r = score(rules, 6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 });
      expect(r.honourPoints).toEqual({ NS: 4, EW: 0 });
      expect(r.winner).toBe('NS');
    });
  });

  it('the four regimes differ on the same hand: NS at 4 with 4 honours, NS win 6 tricks', () => {
    const facts = [6, { NS: 4, EW: 0 }, { NS: 4, EW: 0 }] as const;
    expect(score(withRestriction('barred'), ...facts).points.NS).toBe(0);
    expect(score(withRestriction('cap'), ...facts).points.NS).toBe(0);
    expect(score(withRestriction('ignore'), ...facts).points.NS).toBe(0);
    expect(score(withRestriction('unrestricted'), ...facts).points.NS).toBe(4);
  });

  it('the four regimes differ on the same hand: NS at 2 with 4 honours, NS win 6 tricks', () => {
    const facts = [6, { NS: 4, EW: 0 }, { NS: 2, EW: 0 }] as const;
    expect(score(withRestriction('barred'), ...facts).points.NS).toBe(4);
    expect(score(withRestriction('cap'), ...facts).points.NS).toBe(2);
    expect(score(withRestriction('ignore'), ...facts).points.NS).toBe(0);
    expect(score(withRestriction('unrestricted'), ...facts).points.NS).toBe(4);
  });
});

describe('INVALID_SCORE: impossible input throws WhistError (scoreHand is a calculator)', () => {
  it.each([[{ NS: 7, EW: 7 }], [{ NS: 6, EW: 6 }], [{ NS: 14, EW: -1 }], [{ NS: 6.5, EW: 6.5 }], [{ NS: Number.NaN, EW: 13 }]])(
    'tricks %o (not whole numbers adding up to 13)',
    (tricks) => {
      expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks, honours: NONE }, NONE), 'tricks');
    },
  );

  it.each([[{ NS: 5, EW: 0 }], [{ NS: 3, EW: 2 }], [{ NS: -1, EW: 0 }], [{ NS: 2.5, EW: 0 }]])('honours %o (over 4, or not whole)', (honours) => {
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours }, NONE), 'honours');
  });

  it('any honours under rules with honours null (American Whist)', () => {
    expectInvalidScore(() => scoreHand(AMERICAN_WHIST, { tricks: { NS: 7, EW: 6 }, honours: { NS: 1, EW: 0 } }, NONE), 'honours');
    expect(scoreHand(AMERICAN_WHIST, { tricks: { NS: 7, EW: 6 }, honours: NONE }, NONE).points).toEqual({ NS: 1, EW: 0 });
  });

  it.each([[{ NS: 5, EW: 0 }], [{ NS: 0, EW: 7 }], [{ NS: -1, EW: 0 }], [{ NS: 1.5, EW: 0 }]])('a score %o at or past the target, or not whole', (start) => {
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours: NONE }, start), 'score');
  });

  it('missing facts throw INVALID_SCORE rather than a TypeError', () => {
    expectInvalidScore(() => scoreHand(SHORT_WHIST, null as never, NONE));
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: null, honours: NONE } as never, NONE));
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 } } as never, NONE));
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours: NONE }, null as never));
  });

  it('BigInts, strings and other plain values that are not counts throw WhistError INVALID_SCORE (a calculator trusts only the types: docs/errors.md)', () => {
    expectInvalidScore(() => scoreHand(SHORT_WHIST, null as never, NONE), 'hand');
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7n, EW: 6n }, honours: NONE } as never, NONE), 'tricks');
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: '7', EW: '6' }, honours: NONE } as never, NONE), 'tricks');
    expectInvalidScore(() => scoreHand(SHORT_WHIST, { tricks: { NS: 7, EW: 6 }, honours: NONE }, 'score' as never), 'score');
  });

  it('addHand, a reducer, returns a result even for facts whose getters throw', () => {
    const throwing = Object.defineProperty({ honours: NONE }, 'tricks', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const r = addHand(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), throwing as never);
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_SCORE', path: 'hand' } });
  });

  it('addHand returns the same error as a result instead of throwing', () => {
    const r = addHand(startRubberOrThrow(SHORT_WHIST, { dealer: 'N' }), { tricks: { NS: 7, EW: 7 }, honours: NONE });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('INVALID_SCORE');
  });
});

describe('one winner at most: both sides never reach the target on one hand (docs/rules.md, "Scoring a hand")', () => {
  const spread = (base: Rules, restriction: HonoursRestriction) =>
    defineRulesOrThrow(base, { honours: { cards: ['A', 'K', 'Q', 'J'], points: [0, 1, 2, 3, 4], restriction } });
  const cases: [string, Rules][] = [
    ['Short Whist', SHORT_WHIST],
    ['Long Whist', LONG_WHIST],
    ['German Long Whist', GERMAN_LONG_WHIST],
    ['«Whist Regeln»', TEN_POINT_WHIST],
    ['Short Whist, honours 1 to 4 under cap', spread(SHORT_WHIST, 'cap')],
    ['Short Whist, honours 1 to 4 under ignore', spread(SHORT_WHIST, 'ignore')],
    ['Long Whist, honours 1 to 4 under cap', spread(LONG_WHIST, 'cap')],
  ];

  it.each(cases)('%s: every split of tricks and honours from every game score', (_label, rules) => {
    const n = rules.honours?.cards.length ?? 0;
    let hands = 0;
    const wrong: unknown[] = [];
    for (let ns = 0; ns < rules.target; ns++)
      for (let ew = 0; ew < rules.target; ew++)
        for (let tricks = 0; tricks <= 13; tricks++)
          for (let hNS = 0; hNS <= n; hNS++)
            for (let hEW = 0; hNS + hEW <= n; hEW++) {
              const start = { NS: ns, EW: ew };
              const s = score(rules, tricks, { NS: hNS, EW: hEW }, start);
              const reached = (['NS', 'EW'] as const).filter((side) => start[side] + s.points[side] >= rules.target);
              if (reached.length > 1 || s.winner !== (reached[0] ?? null))
                wrong.push({ start, tricks, honours: { NS: hNS, EW: hEW }, points: s.points, winner: s.winner });
              hands++;
            }
    expect(wrong).toEqual([]);
    expect(hands).toBeGreaterThan(0);
  });
});
