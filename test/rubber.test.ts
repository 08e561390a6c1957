import { describe, expect, it } from 'vitest';
import {
  AMERICAN_WHIST,
  type BySide,
  gamesWon,
  gameValue,
  type HandFacts,
  isRubberComplete,
  LONG_WHIST,
  newRubber,
  nextDealer,
  nextSeat,
  type RubberState,
  type Rules,
  recordHand,
  recordHandOrThrow,
  rubberPoints,
  rubberWinner,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Side,
  TEN_POINT_WHIST,
  WhistError,
} from '../src/index.js';

const NONE: BySide = { NS: 0, EW: 0 };

function start(rules: Rules = SHORT_WHIST, dealer: Seat = 'N'): RubberState {
  const r = newRubber(rules, { dealer });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
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
  if (losersScore > 0) r = recordHandOrThrow(r, hand(other(winner), 6 + losersScore));
  return recordHandOrThrow(r, hand(winner, 13));
}

function games(list: readonly [Side, number][]): RubberState {
  return list.reduce((r, [w, k]) => game(r, w, k), start());
}

describe('game value: treble, double, single by the losers’ score (CL law 8)', () => {
  it.each([
    [0, 3, 'treble'],
    [1, 2, 'double'],
    [2, 2, 'double'],
    [3, 1, 'single'],
    [4, 1, 'single'],
  ])('losers at %i: %i, a %s (CL law 8)', (losers, value) => {
    expect(gameValue(SHORT_WHIST, losers)).toBe(value);
    const r = game(start(), 'NS', losers);
    expect(r.games).toEqual([{ winner: 'NS', value, losersScore: losers }]);
  });

  it('the losers’ score is read after the winning hand, the losers’ own points on it included (CL law 8; RULES.md §8)', () => {
    // EW 2, NS 1; EW make an odd trick (3) while NS's four honours take NS to 5: a single, not a double.
    const r = recordHandOrThrow({ ...start(), score: { NS: 1, EW: 2 } }, hand('EW', 7, { NS: 4, EW: 0 }));
    expect(r.games).toEqual([{ winner: 'NS', value: 1, losersScore: 3 }]);
  });

  it('Long Whist: double when the losers have under 5, single otherwise (RULES.md §4, weakly sourced)', () => {
    for (let k = 0; k < 5; k++) expect(gameValue(LONG_WHIST, k)).toBe(2);
    for (let k = 5; k < 10; k++) expect(gameValue(LONG_WHIST, k)).toBe(1);
  });

  it('American practice: target minus the losers’ score (FOSTER)', () => {
    const rules: Rules = { ...AMERICAN_WHIST, gameValue: { kind: 'targetMinusLosers' } };
    expect(gameValue(rules, 0)).toBe(7);
    expect(gameValue(rules, 3)).toBe(4);
    expect(gameValue(rules, 6)).toBe(1);
    expect(gameValue(AMERICAN_WHIST, 3)).toBe(1);
  });
});

describe('games: the target, points past it lost, and 0-0 after each game (CL law 1; DOC1; DOC2)', () => {
  it('points past the target are lost and both sides start the next game at 0', () => {
    let r = recordHandOrThrow(start(), hand('EW', 9)); // EW 3
    r = recordHandOrThrow(r, hand('NS', 10)); // NS 4
    expect(r.score).toEqual({ NS: 4, EW: 3 });
    r = recordHandOrThrow(r, hand('NS', 13)); // 7 more: NS would have 11
    expect(r.hands[2]!.points).toEqual({ NS: 7, EW: 0 });
    expect(r.hands[2]!.score).toEqual({ NS: 5, EW: 3 });
    expect(r.games).toEqual([{ winner: 'NS', value: 1, losersScore: 3 }]);
    expect(r.score).toEqual({ NS: 0, EW: 0 });
    r = recordHandOrThrow(r, hand('EW', 7));
    expect(r.score).toEqual({ NS: 0, EW: 1 });
  });

  it('hand records’ score shows the target for the winners and the losers’ score before the reset', () => {
    let r = recordHandOrThrow(start(), hand('NS', 8)); // NS 2
    r = recordHandOrThrow(r, hand('EW', 8)); // EW 2
    r = recordHandOrThrow(r, hand('NS', 11)); // NS 2 + 5
    expect(r.hands.map((h) => h.score)).toEqual([
      { NS: 2, EW: 0 },
      { NS: 2, EW: 2 },
      { NS: 5, EW: 2 },
    ]);
    expect(r.games[0]).toEqual({ winner: 'NS', value: 2, losersScore: 2 });
    expect(r.score).toEqual(NONE);
  });

  it('a hand record keeps the facts: dealer, trump, tricks, honours, points', () => {
    const r = recordHandOrThrow(start(SHORT_WHIST, 'E'), { ...hand('NS', 7, { NS: 3, EW: 1 }), trump: 'H' });
    expect(r.hands).toEqual([
      {
        dealer: 'E',
        trump: 'H',
        tricks: { NS: 7, EW: 6 },
        honours: { NS: 3, EW: 1 },
        points: { NS: 3, EW: 0 },
        trickPoints: { NS: 1, EW: 0 },
        honourPoints: { NS: 2, EW: 0 },
        score: { NS: 3, EW: 0 },
      },
    ]);
    const noTrump = recordHandOrThrow(start(), hand('EW', 7));
    expect(noTrump.hands[0]!.trump).toBeNull();
  });

  it('DOC2: the 13-trick hand scores 14 and the game score stops at 10 (RULES.md §8; DOC2)', () => {
    const r = recordHandOrThrow(start(TEN_POINT_WHIST), hand('EW', 13));
    expect(r.hands[0]!.points).toEqual({ NS: 0, EW: 14 });
    expect(r.hands[0]!.score).toEqual({ NS: 0, EW: 10 });
    expect(gamesWon(r)).toEqual({ NS: 0, EW: 1 });
  });
});

describe('the deal passes to the left after each hand (CL; DOC1 "Die Rolle des Gebers wechselt nach jedem Einzelspiel")', () => {
  it.each(SEATS)('first dealer %s: each hand is dealt by the seat left of the previous dealer, across games', (first) => {
    let r = start(SHORT_WHIST, first);
    expect(nextDealer(r)).toBe(first);
    const facts = [hand('NS', 8), hand('EW', 7), hand('NS', 13), hand('EW', 9), hand('NS', 6)];
    for (let i = 0; i < facts.length; i++) {
      r = recordHandOrThrow(r, facts[i]!);
      expect(r.hands[i]!.dealer).toBe(nextSeat(first, i));
      expect(nextDealer(r)).toBe(nextSeat(first, i + 1));
    }
    expect(r.games).toHaveLength(1);
  });

  it('newRubber refuses a dealer that is not a seat (INVALID_SEAT)', () => {
    for (const dealer of ['X', 'n', '', null, undefined, 3]) {
      const r = newRubber(SHORT_WHIST, { dealer: dealer as Seat });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('INVALID_SEAT');
    }
    expect(newRubber(SHORT_WHIST, undefined as never).ok).toBe(false);
  });
});

describe('the rubber: best of three games (CL law 1; DOC1; DOC2)', () => {
  it('ends when a side has won two games; the third is not played after 2-0', () => {
    let r = game(start(), 'NS', 0);
    expect(isRubberComplete(r)).toBe(false);
    expect(rubberWinner(r)).toBeNull();
    r = game(r, 'NS', 3);
    expect(gamesWon(r)).toEqual({ NS: 2, EW: 0 });
    expect(isRubberComplete(r)).toBe(true);
    expect(rubberWinner(r)).toBe('NS');
    const more = recordHand(r, hand('EW', 13));
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
    expect(recordHand(r, hand('NS', 7)).ok).toBe(false);
  });

  it('RUBBER_COMPLETE: recordHandOrThrow throws, and the finished rubber is left as it was', () => {
    const r = games([
      ['EW', 0],
      ['EW', 0],
    ]);
    const before = structuredClone(r);
    let thrown: unknown;
    try {
      recordHandOrThrow(r, hand('NS', 7));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(WhistError);
    expect((thrown as WhistError).code).toBe('RUBBER_COMPLETE');
    expect(r).toEqual(before);
  });

  it('a refused hand (INVALID_SCORE) leaves the rubber deep-equal', () => {
    const r = recordHandOrThrow(start(), hand('NS', 8));
    const before = structuredClone(r);
    const bad = recordHand(r, { tricks: { NS: 8, EW: 8 }, honours: NONE });
    expect(!bad.ok && bad.error.code).toBe('INVALID_SCORE');
    expect(r).toEqual(before);
  });

  it('recording a hand returns a new state and does not modify the old one', () => {
    const r = start();
    const before = structuredClone(r);
    const next = recordHandOrThrow(r, hand('NS', 8));
    expect(next).not.toBe(r);
    expect(r).toEqual(before);
    expect(r.hands).toHaveLength(0);
  });
});

describe('rubber points (CL laws 9-10)', () => {
  it('won 2-0 with a single and a treble: 1 + 3 + 2 = 6 (RULES.md §8)', () => {
    const r = games([
      ['NS', 3],
      ['NS', 0],
    ]);
    expect(r.games.map((g) => g.value)).toEqual([1, 3]);
    expect(rubberPoints(r)).toBe(6);
  });

  it('won 2-1 with a treble, the opponents’ double, a single: 3 + 1 + 2 - 2 = 4 (RULES.md §8; Bennett)', () => {
    const r = games([
      ['NS', 0],
      ['EW', 1],
      ['NS', 3],
    ]);
    expect(r.games.map((g) => [g.winner, g.value])).toEqual([
      ['NS', 3],
      ['EW', 2],
      ['NS', 1],
    ]);
    expect(rubberWinner(r)).toBe('NS');
    expect(rubberPoints(r)).toBe(4);
  });

  it('two trebles make 8, the most a rubber is worth (the "bumper", FOSTER)', () => {
    expect(
      rubberPoints(
        games([
          ['EW', 0],
          ['EW', 0],
        ]),
      ),
    ).toBe(8);
  });

  it('single, opponents’ treble, single make 1, the least (CL laws 9-10)', () => {
    expect(
      rubberPoints(
        games([
          ['NS', 4],
          ['EW', 0],
          ['NS', 3],
        ]),
      ),
    ).toBe(1);
  });

  it('every possible rubber of Short Whist is worth 1 to 8 points, by winners’ values + 2 − losers’ value (CL laws 9-10)', () => {
    const value = (k: number) => [3, 2, 2, 1, 1][k]!;
    let count = 0;
    for (const winner of ['NS', 'EW'] as const) {
      const loser = other(winner);
      for (let a = 0; a <= 4; a++) {
        for (let b = 0; b <= 4; b++) {
          const twoNil = games([
            [winner, a],
            [winner, b],
          ]);
          expect(rubberPoints(twoNil)).toBe(value(a) + value(b) + 2);
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
              const r = games(order);
              expect(rubberWinner(r)).toBe(winner);
              const points = rubberPoints(r)!;
              expect(points).toBe(value(a) + value(b) + 2 - value(c));
              expect(points).toBeGreaterThanOrEqual(1);
              expect(points).toBeLessThanOrEqual(8);
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

  it('are null in variants without rubber points (American Whist; DOC2)', () => {
    for (const rules of [AMERICAN_WHIST, TEN_POINT_WHIST]) {
      let r = start(rules);
      r = recordHandOrThrow(r, hand('NS', 13));
      r = recordHandOrThrow(r, hand('NS', 13));
      expect(rubberWinner(r)).toBe('NS');
      expect(rubberPoints(r)).toBeNull();
    }
  });

  it('the bonus comes from the rules: a rubber bonus of 0 gives the bare game values', () => {
    const rules: Rules = { ...SHORT_WHIST, rubber: { gamesToWin: 2, points: { bonus: 0 } } };
    let r = start(rules);
    r = game(r, 'NS', 0);
    r = game(r, 'NS', 3);
    expect(rubberPoints(r)).toBe(4);
  });
});
