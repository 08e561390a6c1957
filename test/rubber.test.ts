import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  addHand,
  addHandOrThrow,
  type BySide,
  defineRulesOrThrow,
  gameScore,
  games,
  gamesWon,
  gameValue,
  type HandFacts,
  type HandSummary,
  handSummaries,
  isRubberComplete,
  LONG_WHIST,
  nextDealer,
  nextSeat,
  parseRubber,
  RUBBER_SCHEMA,
  type RubberState,
  type Rules,
  rubberPoints,
  rubberWinner,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Side,
  startRubber,
  startRubberOrThrow,
  TEN_POINT_WHIST,
  WhistError,
} from '../src/index.js';

const NONE: BySide = { NS: 0, EW: 0 };

function start(rules: Rules = SHORT_WHIST, dealer: Seat = 'N'): RubberState {
  const r = startRubber(rules, { dealer });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A hand in which `side` wins `tricks` tricks, no honours scored. */
const hand = (side: Side, tricks: number, honours: BySide = NONE): HandFacts => ({
  tricks: side === 'NS' ? { NS: tricks, EW: 13 - tricks } : { NS: 13 - tricks, EW: tricks },
  honours,
});

const other = (side: Side): Side => (side === 'NS' ? 'EW' : 'NS');

/**
 * Plays a Short Whist game that `winner` wins while the losers reach `losersScore` (0-4): first the losers
 * make 6 + losersScore tricks, then the winners make all 13 (7 points, past the target).
 */
function game(rubber: RubberState, winner: Side, losersScore: number): RubberState {
  let r = rubber;
  if (losersScore > 0) r = addHandOrThrow(r, hand(other(winner), 6 + losersScore));
  return addHandOrThrow(r, hand(winner, 13));
}

function played(list: readonly [Side, number][], rules: Rules = SHORT_WHIST): RubberState {
  return list.reduce((r, [w, k]) => game(r, w, k), start(rules));
}

/** Every object reachable from `value` is frozen. */
function deepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(deepFrozen);
}

describe('game value: treble, double, single by the losers’ score (Laws of Short Whist (1864), law 8)', () => {
  it.each([
    [0, 3, 'treble'],
    [1, 2, 'double'],
    [2, 2, 'double'],
    [3, 1, 'single'],
    [4, 1, 'single'],
  ])('losers at %i: %i, a %s (Laws of Short Whist (1864), law 8)', (losers, value) => {
    expect(gameValue(SHORT_WHIST, losers)).toBe(value);
    const r = game(start(), 'NS', losers);
    expect(games(r)).toEqual([{ winner: 'NS', value, losersScore: losers }]);
  });

  it('the losers’ score is read after the winning hand, the losers’ own points on it included (Laws of Short Whist (1864), law 8; docs/rules.md, worked checks)', () => {
    // NS 1, EW 2; then EW make an odd trick (3) while NS's four honours take NS to 5: a single, not a double.
    let r = addHandOrThrow(start(), hand('NS', 7)); // NS 1
    r = addHandOrThrow(r, hand('EW', 8)); // EW 2
    expect(gameScore(r)).toEqual({ NS: 1, EW: 2 });
    r = addHandOrThrow(r, hand('EW', 7, { NS: 4, EW: 0 }));
    expect(games(r)).toEqual([{ winner: 'NS', value: 1, losersScore: 3 }]);
    expect(handSummaries(r)[2]?.score).toEqual({ NS: 5, EW: 3 });
  });

  it('Long Whist: double when the losers have under 5, single otherwise (docs/rules.md, "Games and the rubber", weakly sourced)', () => {
    for (let k = 0; k < 5; k++) expect(gameValue(LONG_WHIST, k)).toBe(2);
    for (let k = 5; k < 10; k++) expect(gameValue(LONG_WHIST, k)).toBe(1);
  });

  it('American practice: target minus the losers’ score (Foster)', () => {
    const rules = defineRulesOrThrow(AMERICAN_WHIST, { gameValue: { kind: 'targetMinusLosers' } });
    expect(gameValue(rules, 0)).toBe(7);
    expect(gameValue(rules, 3)).toBe(4);
    expect(gameValue(rules, 6)).toBe(1);
    expect(gameValue(AMERICAN_WHIST, 3)).toBe(1);
  });

  it.each([-1, 5, 1.5, Number.NaN, '2', null])('gameValue refuses a losers’ score of %s with INVALID_SCORE (field losersScore)', (losers) => {
    let thrown: unknown;
    try {
      gameValue(SHORT_WHIST, losers as number);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(WhistError);
    expect((thrown as WhistError).info).toMatchObject({ code: 'INVALID_SCORE', field: 'losersScore' });
  });
});

describe('games: the target, points past it lost, and 0-0 after each game (Laws of Short Whist (1864), law 1; «Whist» (2012); «Whist Regeln»)', () => {
  it('points past the target are lost and both sides start the next game at 0', () => {
    let r = addHandOrThrow(start(), hand('EW', 9)); // EW 3
    r = addHandOrThrow(r, hand('NS', 10)); // NS 4
    expect(gameScore(r)).toEqual({ NS: 4, EW: 3 });
    r = addHandOrThrow(r, hand('NS', 13)); // 7 more: NS would have 11
    expect(handSummaries(r)[2]?.points).toEqual({ NS: 7, EW: 0 });
    expect(handSummaries(r)[2]?.score).toEqual({ NS: 5, EW: 3 });
    expect(games(r)).toEqual([{ winner: 'NS', value: 1, losersScore: 3 }]);
    expect(gameScore(r)).toEqual({ NS: 0, EW: 0 });
    r = addHandOrThrow(r, hand('EW', 7));
    expect(gameScore(r)).toEqual({ NS: 0, EW: 1 });
  });

  it('hand summaries’ score shows the target for the winners and the losers’ score before the reset', () => {
    let r = addHandOrThrow(start(), hand('NS', 8)); // NS 2
    r = addHandOrThrow(r, hand('EW', 8)); // EW 2
    r = addHandOrThrow(r, hand('NS', 11)); // NS 2 + 5
    expect(handSummaries(r).map((h) => h.score)).toEqual([
      { NS: 2, EW: 0 },
      { NS: 2, EW: 2 },
      { NS: 5, EW: 2 },
    ]);
    expect(games(r)[0]).toEqual({ winner: 'NS', value: 2, losersScore: 2 });
    expect(gameScore(r)).toEqual(NONE);
  });

  it('a hand summary gives the facts and what they scored: dealer, tricks, honours, points, the score after, the game', () => {
    const r = addHandOrThrow(start(SHORT_WHIST, 'E'), hand('NS', 7, { NS: 3, EW: 1 }));
    expect(handSummaries(r)).toEqual([
      {
        dealer: 'E',
        tricks: { NS: 7, EW: 6 },
        honours: { NS: 3, EW: 1 },
        points: { NS: 3, EW: 0 },
        trickPoints: { NS: 1, EW: 0 },
        honourPoints: { NS: 2, EW: 0 },
        honoursWithheld: { NS: null, EW: null },
        score: { NS: 3, EW: 0 },
        game: null,
      },
    ]);
    // Honours that tricks kept from scoring say so.
    const atFour = addHandOrThrow(addHandOrThrow(start(SHORT_WHIST, 'E'), hand('NS', 10)), hand('NS', 7, { NS: 4, EW: 0 }));
    expect(handSummaries(atFour)[1]?.honoursWithheld).toEqual({ NS: 'tricksFirst', EW: null });
    // The state itself stores only the facts.
    expect(r.hands).toEqual([{ tricks: { NS: 7, EW: 6 }, honours: { NS: 3, EW: 1 } }]);
    const won = addHandOrThrow(r, hand('NS', 8));
    expect(handSummaries(won)[1]?.game).toEqual({ winner: 'NS', value: 3, losersScore: 0 });
  });

  it('«Whist Regeln»: the 13-trick hand scores 14 and the game score stops at 10 (docs/rules.md, worked checks)', () => {
    const r = addHandOrThrow(start(TEN_POINT_WHIST), hand('EW', 13));
    expect(handSummaries(r)[0]?.points).toEqual({ NS: 0, EW: 14 });
    expect(handSummaries(r)[0]?.score).toEqual({ NS: 0, EW: 10 });
    expect(gamesWon(r)).toEqual({ NS: 0, EW: 1 });
  });

  it('selectors return new objects: changing what they return changes nothing in the rubber', () => {
    const r = addHandOrThrow(addHandOrThrow(start(), hand('NS', 13)), hand('EW', 8));
    const summaries = handSummaries(r);
    (summaries[0] as { score: BySide }).score = { NS: 99, EW: 99 };
    const list = games(r);
    (list[0] as { value: number }).value = 99;
    const score = gameScore(r) as { NS: number };
    score.NS = 99;
    expect(handSummaries(r)[0]?.score).toEqual({ NS: 5, EW: 0 });
    expect(games(r)[0]?.value).toBe(3);
    expect(gameScore(r)).toEqual({ NS: 0, EW: 2 });
  });

  it('selectors return new objects all the way down: a summary’s pairs, its game, its revoke penalties', () => {
    const facts: HandFacts = { tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0 }, revokes: [{ side: 'EW', penalty: 'add' }] };
    const r = addHandOrThrow(addHandOrThrow(start(), hand('NS', 13)), facts);
    const before = JSON.stringify(handSummaries(r));
    const [first, second] = handSummaries(r) as [HandSummary, HandSummary];
    expect(second.revokes).toEqual([{ side: 'EW', penalty: 'add' }]);
    expect(Object.keys(second)).toEqual([
      'dealer',
      'tricks',
      'honours',
      'points',
      'trickPoints',
      'honourPoints',
      'honoursWithheld',
      'score',
      'game',
      'revokes',
      'revokePoints',
    ]);
    expect(Object.keys(first)).not.toContain('revokes');
    for (const summary of [first, second] as unknown as Record<string, unknown>[]) {
      for (const key of ['tricks', 'honours', 'points', 'trickPoints', 'honourPoints', 'honoursWithheld', 'score', 'revokePoints'])
        if (summary[key] !== undefined) (summary[key] as { NS: unknown }).NS = 99;
    }
    (first.game as { value: number }).value = 99;
    (second.revokes?.[0] as { side: string }).side = 'NS';
    (games(r)[0] as { losersScore: number }).losersScore = 99;
    expect(JSON.stringify(handSummaries(r))).toBe(before);
    expect(games(r)).toEqual([{ winner: 'NS', value: 3, losersScore: 0 }]);
  });
});

describe('the deal passes to the left after each hand (Laws of Short Whist (1864); «Whist» (2012) "Die Rolle des Gebers wechselt nach jedem Einzelspiel")', () => {
  it.each(SEATS)('first dealer %s: each hand is dealt by the seat left of the previous dealer, across games', (first) => {
    let r = start(SHORT_WHIST, first);
    expect(nextDealer(r)).toBe(first);
    const facts = [hand('NS', 8), hand('EW', 7), hand('NS', 13), hand('EW', 9), hand('NS', 6)];
    for (let i = 0; i < facts.length; i++) {
      r = addHandOrThrow(r, facts[i] as HandFacts);
      expect(handSummaries(r)[i]?.dealer).toBe(nextSeat(first, i));
      expect(nextDealer(r)).toBe(nextSeat(first, i + 1));
    }
    expect(games(r)).toHaveLength(1);
  });

  it('startRubber refuses a dealer that is not a seat (INVALID_SEAT) and options that are not an object (INVALID_ARGUMENT)', () => {
    for (const dealer of ['X', 'n', '', null, undefined, 3]) {
      const r = startRubber(SHORT_WHIST, { dealer: dealer as Seat });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    }
    for (const options of [undefined, null, 'N', 7]) {
      const r = startRubber(SHORT_WHIST, options as never);
      expect(!r.ok && r.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(() => startRubberOrThrow(SHORT_WHIST, { dealer: 'X' as Seat })).toThrow(WhistError);
  });
});

describe('the rubber: best of three games (Laws of Short Whist (1864), law 1; «Whist» (2012); «Whist Regeln»)', () => {
  it('ends when a side has won two games; the third is not played after 2-0', () => {
    let r = game(start(), 'NS', 0);
    expect(isRubberComplete(r)).toBe(false);
    expect(rubberWinner(r)).toBeNull();
    r = game(r, 'NS', 3);
    expect(gamesWon(r)).toEqual({ NS: 2, EW: 0 });
    expect(isRubberComplete(r)).toBe(true);
    expect(rubberWinner(r)).toBe('NS');
    const more = addHand(r, hand('EW', 13));
    expect(more.ok).toBe(false);
    expect(!more.ok && more.error.code).toBe('RUBBER_COMPLETE');
  });

  it('goes to a third game at one game all, which decides it', () => {
    let r = game(start(), 'NS', 0);
    r = game(r, 'EW', 1);
    expect(gamesWon(r)).toEqual({ NS: 1, EW: 1 });
    expect(isRubberComplete(r)).toBe(false);
    r = game(r, 'EW', 4);
    expect(rubberWinner(r)).toBe('EW');
    expect(addHand(r, hand('NS', 7)).ok).toBe(false);
  });

  it('RUBBER_COMPLETE: addHandOrThrow throws, and the finished rubber is left as it was', () => {
    const r = played([
      ['EW', 0],
      ['EW', 0],
    ]);
    const before = JSON.stringify(r);
    let thrown: unknown;
    try {
      addHandOrThrow(r, hand('NS', 7));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(WhistError);
    expect((thrown as WhistError).code).toBe('RUBBER_COMPLETE');
    expect(JSON.stringify(r)).toBe(before);
  });

  it('a refused hand (INVALID_SCORE) leaves the rubber as it was', () => {
    const r = addHandOrThrow(start(), hand('NS', 8));
    const before = JSON.stringify(r);
    for (const bad of [
      { tricks: { NS: 8, EW: 8 }, honours: NONE },
      { tricks: { NS: 7, EW: 6 }, honours: { NS: 3, EW: 2 } },
      { tricks: { NS: 7, EW: 6 } },
      null,
    ]) {
      const out = addHand(r, bad as HandFacts);
      expect(!out.ok && out.error.code).toBe('INVALID_SCORE');
    }
    expect(JSON.stringify(r)).toBe(before);
  });

  it('addHand refuses a value that is not a rubber state with INVALID_STATE, and never throws', () => {
    for (const value of [null, undefined, 42, 'rubber', [], {}, { ...start(), v: 1 }]) {
      const out = addHand(value as RubberState, hand('NS', 7));
      expect(!out.ok && out.error.code).toBe('INVALID_STATE');
    }
  });

  it('the selectors throw WhistError INVALID_STATE for a value that is not a rubber state', () => {
    for (const f of [gameScore, handSummaries, games, gamesWon, rubberWinner, isRubberComplete, rubberPoints, nextDealer]) {
      expect(() => f({ v: RUBBER_SCHEMA } as never)).toThrow(expect.objectContaining({ name: 'WhistError', code: 'INVALID_STATE' }));
    }
  });

  it('recording a hand returns a new state and does not modify the old one', () => {
    const r = start();
    const before = JSON.stringify(r);
    const next = addHandOrThrow(r, hand('NS', 8));
    expect(next).not.toBe(r);
    expect(JSON.stringify(r)).toBe(before);
    expect(r.hands).toHaveLength(0);
  });

  it('every rubber state returned is frozen, deeply, and every earlier state stays as it was', () => {
    const states = [start(SHORT_WHIST, 'W')];
    const snapshots = [JSON.stringify(states[0])];
    const facts = [hand('NS', 8, { NS: 3, EW: 1 }), hand('EW', 9), hand('NS', 13), hand('EW', 7, { NS: 0, EW: 4 }), hand('NS', 7), hand('EW', 12)];
    for (const f of facts) {
      const prev = states[states.length - 1] as RubberState;
      const next = addHandOrThrow(prev, f);
      states.push(next);
      snapshots.push(JSON.stringify(next));
    }
    expect(isRubberComplete(states[states.length - 1] as RubberState)).toBe(true);
    states.forEach((s, i) => {
      expect(deepFrozen(s)).toBe(true);
      expect(JSON.stringify(s)).toBe(snapshots[i]);
      expect(s.hands).toHaveLength(i);
    });
    // A frozen state cannot be changed, not even by a careless caller.
    const last = states[states.length - 1] as RubberState;
    expect(() => {
      (last.hands as HandFacts[]).push(hand('NS', 7));
    }).toThrow(TypeError);
    expect(() => {
      (last.hands[0]?.tricks as { NS: number }).NS = 13;
    }).toThrow(TypeError);
    expect(JSON.stringify(last)).toBe(snapshots[snapshots.length - 1]);
  });

  it('a hand given to addHand is copied: changing it afterwards does not change the rubber', () => {
    const facts = { tricks: { NS: 9, EW: 4 }, honours: { NS: 0, EW: 0 } };
    const r = addHandOrThrow(start(), facts);
    facts.tricks.NS = 13;
    facts.tricks.EW = 0;
    expect(r.hands[0]?.tricks).toEqual({ NS: 9, EW: 4 });
    expect(gameScore(r)).toEqual({ NS: 3, EW: 0 });
  });
});

describe('rubber points (Laws of Short Whist (1864), laws 9-10)', () => {
  it('won 2-0 with a single and a treble: 1 + 3 + 2 = 6 (docs/rules.md, worked checks)', () => {
    const r = played([
      ['NS', 3],
      ['NS', 0],
    ]);
    expect(games(r).map((g) => g.value)).toEqual([1, 3]);
    expect(rubberPoints(r)).toEqual({ NS: 6, EW: 0 });
  });

  it('won 2-1 with a treble, the opponents’ double, a single: 3 + 1 + 2 − 2 = 4 (docs/rules.md, worked checks; Bennett)', () => {
    const r = played([
      ['NS', 0],
      ['EW', 1],
      ['NS', 3],
    ]);
    expect(games(r).map((g) => [g.winner, g.value])).toEqual([
      ['NS', 3],
      ['EW', 2],
      ['NS', 1],
    ]);
    expect(rubberWinner(r)).toBe('NS');
    expect(rubberPoints(r)).toEqual({ NS: 4, EW: 0 });
  });

  it('the same rubbers won by EW give EW the points and NS none', () => {
    expect(
      rubberPoints(
        played([
          ['EW', 3],
          ['EW', 0],
        ]),
      ),
    ).toEqual({ NS: 0, EW: 6 });
    expect(
      rubberPoints(
        played([
          ['EW', 0],
          ['NS', 1],
          ['EW', 3],
        ]),
      ),
    ).toEqual({ NS: 0, EW: 4 });
  });

  it('two trebles make 8, the most a rubber is worth (the "bumper", Foster)', () => {
    expect(
      rubberPoints(
        played([
          ['EW', 0],
          ['EW', 0],
        ]),
      ),
    ).toEqual({ NS: 0, EW: 8 });
  });

  it('single, opponents’ treble, single make 1, the least (Laws of Short Whist (1864), laws 9-10)', () => {
    expect(
      rubberPoints(
        played([
          ['NS', 4],
          ['EW', 0],
          ['NS', 3],
        ]),
      ),
    ).toEqual({ NS: 1, EW: 0 });
  });

  it('every possible rubber of Short Whist is worth 1 to 8 points to its winners and 0 to the losers: winners’ values + 2 − losers’ value (Laws of Short Whist (1864), laws 9-10)', () => {
    const value = (k: number) => [3, 2, 2, 1, 1][k] as number;
    let count = 0;
    for (const winner of ['NS', 'EW'] as const) {
      const loser = other(winner);
      const expected = (n: number): BySide => ({ [winner]: n, [loser]: 0 }) as unknown as BySide;
      for (let a = 0; a <= 4; a++) {
        for (let b = 0; b <= 4; b++) {
          const twoNil = played([
            [winner, a],
            [winner, b],
          ]);
          expect(rubberPoints(twoNil)).toEqual(expected(value(a) + value(b) + 2));
          count++;
          for (let c = 0; c <= 4; c++) {
            for (const order of [
              [
                [loser, c],
                [winner, a],
                [winner, b],
              ],
              [
                [winner, a],
                [loser, c],
                [winner, b],
              ],
            ] as [Side, number][][]) {
              const r = played(order);
              expect(rubberWinner(r)).toBe(winner);
              const points = rubberPoints(r) as BySide;
              expect(points).toEqual(expected(value(a) + value(b) + 2 - value(c)));
              expect(points[winner]).toBeGreaterThanOrEqual(1);
              expect(points[winner]).toBeLessThanOrEqual(8);
              count++;
            }
          }
        }
      }
    }
    expect(count).toBe(2 * (25 + 250));
  });

  it('are null while the rubber goes on', () => {
    expect(rubberPoints(start())).toBeNull();
    expect(rubberPoints(game(start(), 'NS', 0))).toBeNull();
  });

  it('are null in variants without rubber points (American Whist; «Whist Regeln»)', () => {
    for (const rules of [AMERICAN_WHIST, TEN_POINT_WHIST]) {
      let r = start(rules);
      r = addHandOrThrow(r, hand('NS', 13));
      r = addHandOrThrow(r, hand('NS', 13));
      expect(rubberWinner(r)).toBe('NS');
      expect(rubberPoints(r)).toBeNull();
    }
  });

  it('the bonus comes from the rules: a rubber bonus of 4 adds 4 to the bare game values', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { rubber: { points: { bonus: 4 } } });
    let r = start(rules);
    r = game(r, 'NS', 0);
    r = game(r, 'NS', 3);
    expect(rubberPoints(r)).toEqual({ NS: 8, EW: 0 });
  });

  describe('slam bonus: added to the rubber points of the side that made the slam (Meyers; docs/rules.md, "Scoring a hand")', () => {
    const rules = defineRulesOrThrow(SHORT_WHIST, { name: 'slams', slamBonus: { grand: 5, little: 3 } });

    it('the winners’ grand slams and the losers’ little slam, each to its own side', () => {
      let r = start(rules);
      r = addHandOrThrow(r, hand('NS', 13)); // game 1 to NS, treble, grand slam
      r = addHandOrThrow(r, hand('EW', 12)); // EW 6: game 2 to EW, treble, little slam
      r = addHandOrThrow(r, hand('NS', 13)); // game 3 to NS, treble, grand slam
      // NS: 3 + 3 + 2 − 3 = 5 from the games, + 5 + 5 for two grand slams. EW: 3 for their little slam.
      expect(rubberPoints(r)).toEqual({ NS: 15, EW: 3 });
      // The same hands without a slam bonus.
      expect(rubberPoints(parseRubberOrFail({ ...r, rules: SHORT_WHIST }))).toEqual({ NS: 5, EW: 0 });
    });

    it('a slam never counts in the game score: the game still ends at the target', () => {
      const r = addHandOrThrow(start(rules), hand('EW', 12));
      expect(handSummaries(r)[0]?.points).toEqual({ NS: 0, EW: 6 });
      expect(handSummaries(r)[0]?.score).toEqual({ NS: 0, EW: 5 });
      expect(games(r)).toEqual([{ winner: 'EW', value: 3, losersScore: 0 }]);
    });

    it('a little slam of the losers is theirs even in a rubber lost 2-0; hands of 11 tricks earn nothing', () => {
      let r = start(rules);
      r = addHandOrThrow(r, hand('EW', 12)); // EW game, treble, little slam
      r = addHandOrThrow(r, hand('NS', 11)); // NS 5: game, treble, no slam
      r = addHandOrThrow(r, hand('NS', 11)); // NS game, treble: NS win 2-1
      expect(rubberWinner(r)).toBe('NS');
      expect(rubberPoints(r)).toEqual({ NS: 3 + 3 + 2 - 3, EW: 3 });
    });
  });
});

function parseRubberOrFail(value: unknown): RubberState {
  const r = parseRubber(value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('parseRubber: a stored rubber checked completely (docs/rules.md, "Games and the rubber")', () => {
  const finished = played([
    ['NS', 0],
    ['EW', 1],
    ['NS', 3],
  ]);
  const json = JSON.stringify(finished);

  it('round trip: JSON of a rubber parses back to an equal, frozen state with the same scores', () => {
    for (const r of [start(), addHandOrThrow(start(SHORT_WHIST, 'S'), hand('EW', 9, { NS: 1, EW: 3 })), finished]) {
      const parsed = parseRubberOrFail(JSON.parse(JSON.stringify(r)));
      expect(parsed).toEqual(r);
      expect(JSON.stringify(parsed)).toBe(JSON.stringify(r));
      expect(deepFrozen(parsed)).toBe(true);
      expect(handSummaries(parsed)).toEqual(handSummaries(r));
      expect(games(parsed)).toEqual(games(r));
      expect(rubberPoints(parsed)).toEqual(rubberPoints(r));
      expect(nextDealer(parsed)).toBe(nextDealer(r));
    }
    expect(rubberPoints(parseRubberOrFail(JSON.parse(json)))).toEqual({ NS: 4, EW: 0 });
  });

  it('a parsed unfinished rubber plays on as the original does', () => {
    const r = game(start(SHORT_WHIST, 'E'), 'EW', 2);
    const parsed = parseRubberOrFail(JSON.parse(JSON.stringify(r)));
    const a = addHandOrThrow(r, hand('NS', 13));
    const b = addHandOrThrow(parsed, hand('NS', 13));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('a state the library returned is accepted as it is', () => {
    const r = parseRubber(finished);
    expect(r.ok && r.value).toBe(finished);
  });

  const base = (): Record<string, unknown> => JSON.parse(json);
  const withHands = (hands: unknown): Record<string, unknown> => ({ ...base(), hands });
  const finishedHands = (): unknown[] => base().hands as unknown[];

  it.each<[string, () => unknown, string]>([
    ['a hand after the rubber ended', () => withHands([...finishedHands(), hand('EW', 7)]), `hands[${finished.hands.length}]`],
    [
      'a hand after a 2-0 rubber ended',
      () =>
        withHands([
          ...(JSON.parse(
            JSON.stringify(
              played([
                ['NS', 0],
                ['NS', 0],
              ]).hands,
            ),
          ) as unknown[]),
          hand('NS', 7),
        ]),
      'hands[2]',
    ],
    ['tricks that do not add up to 13', () => withHands([{ tricks: { NS: 7, EW: 7 }, honours: NONE }]), 'hands[0]'],
    ['a side with 14 tricks', () => withHands([{ tricks: { NS: 14, EW: -1 }, honours: NONE }]), 'hands[0]'],
    ['fractional tricks', () => withHands([{ tricks: { NS: 6.5, EW: 6.5 }, honours: NONE }]), 'hands[0]'],
    ['more honours than there are honour cards', () => withHands([{ tricks: { NS: 7, EW: 6 }, honours: { NS: 3, EW: 2 } }]), 'hands[0]'],
    ['a hand that is not an object', () => withHands([null]), 'hands[0]'],
    ['hands that are not an array', () => withHands({ 0: hand('NS', 7) }), 'hands'],
    ['an unknown field in the state (a stored score)', () => ({ ...base(), score: { NS: 0, EW: 0 } }), 'score'],
    ['an unknown field in a hand (the old trump)', () => withHands([{ ...hand('NS', 7), trump: 'H' }]), 'hands[0]'],
    ['an unknown field in a hand’s tricks', () => withHands([{ tricks: { NS: 7, EW: 6, N: 1 }, honours: NONE }]), 'hands[0].tricks'],
    ['an unknown field in a hand’s honours', () => withHands([{ tricks: { NS: 7, EW: 6 }, honours: { NS: 0, EW: 0, extra: 0 } }]), 'hands[0].honours'],
    ['schema version 1', () => ({ ...base(), v: 1 }), 'v'],
    ['schema version "2"', () => ({ ...base(), v: '2' }), 'v'],
    ['no schema version', () => ({ rules: SHORT_WHIST, firstDealer: 'N', hands: [] }), 'v'],
    ['no first dealer', () => ({ v: 2, rules: SHORT_WHIST, hands: [] }), 'firstDealer'],
    ['a first dealer that is not a seat', () => ({ ...base(), firstDealer: 'X' }), 'firstDealer'],
  ])('refuses %s with INVALID_STATE at its path', (_label, make, path) => {
    const r = parseRubber(make());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_STATE');
    expect(r.error.path).toBe(path);
    expect(Object.isFrozen(r.error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a number', 42],
    ['text that is not JSON', 'not json'],
    ['JSON text of a number', '42'],
    ['an array', []],
  ])('refuses %s, which is not a rubber state, with INVALID_STATE', (_label, value) => {
    const r = parseRubber(value);
    expect(!r.ok && r.error.code).toBe('INVALID_STATE');
  });

  it('reads JSON text as parseState and parseTable do', () => {
    const r = parseRubber(json);
    expect(r.ok).toBe(true);
    expect(r.ok && JSON.stringify(r.value)).toBe(json);
  });

  it('refuses rules that fail validation with INVALID_RULES and the path of the rules field', () => {
    const r = parseRubber({ ...base(), rules: { ...SHORT_WHIST, target: 7 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'INVALID_RULES', field: 'gameValue.byLosersScore', path: 'rules.gameValue.byLosersScore' });
  });

  it('checks each hand against the rubber’s own rules: honours under rules without them are refused', () => {
    const r = parseRubber({ v: 2, rules: AMERICAN_WHIST, firstDealer: 'N', hands: [{ tricks: { NS: 7, EW: 6 }, honours: { NS: 1, EW: 0 } }] });
    expect(!r.ok && r.error.path).toBe('hands[0]');
  });

  it('does not throw on values whose getters or Proxy traps throw', () => {
    const getter = Object.defineProperty({ v: 2, rules: SHORT_WHIST, firstDealer: 'N' }, 'hands', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    for (const value of [getter, proxy]) {
      const r = parseRubber(value);
      expect(!r.ok && r.error.code).toBe('INVALID_STATE');
    }
  });
});
