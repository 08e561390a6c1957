/**
 * Perft-style counts (after chessops' `chess.test.ts`): from fixed positions, the number of legal play
 * sequences of each length, walked through the public API (`legalMoves` + `play`).
 *
 * The golden numbers were computed once with the independent naive model (test/naive.ts, written from
 * the rules text, sharing no code with src/) and are written out below. At run time the naive model
 * is run again to a smaller depth and must give the same counts as the engine.
 *
 * Each count comes with `nsTricks`: the tricks won by north-south, summed over the ends of all the
 * sequences, so a wrong trick winner changes the numbers even where the move counts agree.
 *
 * The deck orders are `shuffledDeck(seedRandom(k)).value` for k = 1…5, written out literally so that a
 * change to the shuffle cannot change the positions; the plays leading to the mid-hand and endgame
 * positions are those of `heuristicPlayer`, also written out.
 */

import { describe, expect, it } from 'vitest';
import {
  type Card,
  cardsHeld,
  completedTricks,
  currentSeat,
  currentTrick,
  dealHandOrThrow,
  type HandState,
  isHandComplete,
  legalMoves,
  play,
  playOrThrow,
  type Seat,
  SHORT_WHIST,
  tricksWon,
} from '../src/index.js';
import { type NSeat, type NState, nDealDeck, nDealHands, nLegal, nPerft, nPlay, nSort } from './naive.js';

interface Count {
  nodes: number;
  nsTricks: number;
}

/** Perft through the public API: every legal card is played with `play`, which must accept it. */
function perft(state: HandState, depth: number): Count {
  if (depth === 0) return { nodes: 1, nsTricks: tricksWon(state).NS };
  const seat = currentSeat(state) as Seat;
  let nodes = 0;
  let nsTricks = 0;
  for (const card of legalMoves(state)) {
    const r = play(state, seat, card);
    if (!r.ok) throw new Error(`legal card ${card} refused: ${r.error.code}`);
    const c = perft(r.value, depth - 1);
    nodes += c.nodes;
    nsTricks += c.nsTricks;
  }
  return { nodes, nsTricks };
}

/** Perft by first card (chess's "divide"). */
function divide(state: HandState, depth: number): Record<string, number> {
  const seat = currentSeat(state) as Seat;
  return Object.fromEntries(legalMoves(state).map((card) => [card, perft(playOrThrow(state, seat, card), depth - 1).nodes]));
}

/** Counts for depth 1, 2, …: `[nodes, nsTricks]`. */
type Table = readonly (readonly [number, number])[];

interface Position {
  readonly name: string;
  /** The position for the engine and for the naive model (built on first use, inside a test, so that an engine that cannot reach it fails that test). */
  readonly start: () => { readonly engine: HandState; readonly naive: NState };
  /** Golden counts for depths 1…table.length, from the naive model. */
  readonly golden: Table;
  /** The depth to which the naive model is run again at test time. */
  readonly naiveDepth: number;
}

// shuffledDeck(seedRandom(1)).value
// biome-ignore format: a deck order written out as a literal
const DECK_1: readonly Card[] = [
  'AC', '8H', 'AH', '2S', 'QD', '4H', '5D', '6C', 'TS', '4S', 'JH', '6S', 'QH', 'KD', 'QC', '5S', '7H', '7S', '2C', 'JC', 'JS', '3H', '8D', 'TH', 'TD', '8S',
  '7D', 'JD', 'TC', '3D', '8C', 'AS', '4D', '3C', '9D', '9H', '5C', '6H', 'KS', 'AD', 'KH', 'QS', '9S', '3S', '2D', '4C', '9C', '7C', '2H', '6D', 'KC', '5H',
];
// shuffledDeck(seedRandom(2)).value, cut in four packets of 13 for N, E, S, W.
// biome-ignore format: a deck order written out as a literal
const HANDS_2 = {
  N: ['KD', '6H', '2C', '7H', '2S', 'QH', '6S', '4H', '9D', 'JH', '5D', '3S', '9S'],
  E: ['3H', '7D', '3D', 'QC', 'KS', '4S', '5S', '8H', 'AC', '9H', 'TH', '7S', '2H'],
  S: ['5H', 'AH', 'TC', '4C', 'JD', 'AS', '6D', '5C', '8D', '6C', '2D', '8C', '9C'],
  W: ['TS', 'JC', 'TD', 'KH', 'JS', 'AD', '4D', '8S', '3C', '7C', 'QS', 'QD', 'KC'],
} as const satisfies Record<Seat, readonly Card[]>;
// shuffledDeck(seedRandom(3)).value
// biome-ignore format: a deck order written out as a literal
const DECK_3: readonly Card[] = [
  'JC', 'AS', '9C', '2H', '4H', '8H', 'KC', '7C', '3H', '7S', 'AC', '9H', '2C', '9S', '7H', 'QS', '5H', '3S', 'KS', '5S', '8S', '8C', 'KH', '6D', '4C', 'TC',
  '3C', '4D', '2D', 'QH', 'AH', 'TS', 'TH', '4S', 'JS', '2S', '7D', '8D', '3D', '6C', 'QC', '9D', 'KD', 'JD', '6S', '5D', 'AD', '5C', 'JH', 'QD', 'TD', '6H',
];
// biome-ignore format: a deck order written out as a literal
const PLAYS_3: readonly Card[] = ['JH', '8H', '7H', '2H', 'QC', '8C', '3C', '5C', '3H', 'QH', 'KH', '6H', 'AD', '4D', '2D', '5D', 'AC', '6C'];
// shuffledDeck(seedRandom(4)).value
// biome-ignore format: a deck order written out as a literal
const DECK_4: readonly Card[] = [
  '5D', '9C', 'KC', 'QD', '3C', '7C', '5C', '9D', 'AC', '4H', 'AH', '3D', 'TS', '2C', '3S', '2S', 'TD', '7S', 'KH', '8H', '6C', 'JS', '7D', '6S', '6D', '4C',
  '5H', 'JC', '8S', '4S', 'AD', '2D', '9S', '5S', 'QH', '6H', '8D', '7H', 'TH', '2H', 'TC', 'KD', 'KS', '8C', 'JH', 'AS', '9H', '3H', 'JD', '4D', 'QC', 'QS',
];
// biome-ignore format: a deck order written out as a literal
const PLAYS_4: readonly Card[] = [
  'TS', '4S', '3S', 'QS', '2H', 'JH', '4H', '5H', 'JD', '4D', '7D', 'QD', '3H', '8S', '7H', '9H', '5D', 'KD', 'AD', '2D',
  'AH', '6H', '3C', '5S', '2C', '5C', '8C', 'TC', '6D', '7S', 'KS', '3D', 'KH', '8H', '8D', 'JS', '4C', 'QC', 'JC', '6C',
];
// shuffledDeck(seedRandom(5)).value
// biome-ignore format: a deck order written out as a literal
const DECK_5: readonly Card[] = [
  'KH', '3S', 'JS', '5C', 'AH', '9H', '9D', '6H', '2D', 'JH', '2S', '6S', '4D', 'QD', '5D', 'QH', '5H', '3D', '3C', '2H', '8H', 'QC', '3H', 'JC', 'AC', 'AD',
  '5S', 'TD', '7C', 'KD', '4S', 'KS', 'QS', '4C', '6C', 'AS', 'TC', '8D', '4H', '8S', '7H', '2C', '8C', '9S', 'TS', '7S', 'JD', 'TH', 'KC', '9C', '7D', '6D',
];
// biome-ignore format: a deck order written out as a literal
const PLAYS_5: readonly Card[] = [
  'AH', '9H', '3H', '2H', 'AC', '2C', '3C', '5C', '5H', 'JH', '4H', '6H', 'AD', '5D', '6D', '2D', 'KD', '7D', 'TD', '4D', '3D', '9D',
  '6S', '7H', '2S', '8S', 'TS', '3S', '7C', '4C', '6C', 'JC', 'AS', 'QS', '7S', '4S', '9S', '8H', '9C', 'JS', '5S', 'KS', 'TC', 'QC',
];

/** A position reached by playing cards from a start; computed once, on first use. */
function reach(start: () => { engine: HandState; naive: NState }, plays: readonly Card[]): () => { engine: HandState; naive: NState } {
  let memo: { engine: HandState; naive: NState } | undefined;
  return () => {
    if (memo === undefined) {
      let { engine, naive } = start();
      for (const card of plays) {
        engine = playOrThrow(engine, currentSeat(engine) as Seat, card);
        naive = nPlay(naive, card);
      }
      memo = { engine, naive };
    }
    return memo;
  };
}

const fresh: Position = {
  name: 'a fresh deal, trump turned up (5H), South dealing',
  start: reach(() => ({ engine: dealHandOrThrow(SHORT_WHIST, { dealer: 'S', deck: DECK_1 }), naive: nDealDeck('S', DECK_1) }), []),
  golden: [
    [13, 0],
    [42, 0],
    [126, 0],
    [362, 128],
    [4344, 1536],
    [12508, 4296],
    [37912, 13872],
    [103968, 73312],
  ],
  naiveDepth: 6,
};

const noTrump: Position = {
  name: 'a no-trump deal from four hands, West dealing',
  start: reach(() => ({ engine: dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: HANDS_2, trump: null }), naive: nDealHands('W', HANDS_2, null) }), []),
  golden: [
    [13, 0],
    [49, 0],
    [102, 0],
    [258, 131],
    [3096, 1572],
    [9930, 5912],
    [23882, 12000],
    [63616, 58224],
  ],
  naiveDepth: 6,
};

const midHand: Position = {
  name: 'mid-hand, after 4 tricks and 2 cards of the fifth (trump hearts)',
  start: reach(() => ({ engine: dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: DECK_3 }), naive: nDealDeck('N', DECK_3) }), PLAYS_3),
  golden: [
    [3, 0],
    [3, 0],
    [24, 0],
    [51, 0],
    [87, 0],
    [462, 102],
    [3234, 714],
    [7226, 1356],
  ],
  naiveDepth: 8,
};

const endgame3: Position = {
  name: 'an endgame with 3 tricks left, to the end of the hand (trump spades)',
  start: reach(() => ({ engine: dealHandOrThrow(SHORT_WHIST, { dealer: 'E', deck: DECK_4 }), naive: nDealDeck('E', DECK_4) }), PLAYS_4),
  golden: [
    [3, 18],
    [9, 54],
    [21, 126],
    [60, 382],
    [120, 764],
    [158, 1022],
    [276, 1784],
    [448, 3024],
    [448, 3024],
    [448, 3024],
    [448, 3024],
    [448, 3176],
  ],
  naiveDepth: 12,
};

const endgame2: Position = {
  name: 'an endgame with 2 tricks left, to the end of the hand (trump diamonds)',
  start: reach(() => ({ engine: dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck: DECK_5 }), naive: nDealDeck('W', DECK_5) }), PLAYS_5),
  golden: [
    [2, 10],
    [2, 10],
    [4, 20],
    [8, 42],
    [8, 42],
    [8, 42],
    [8, 42],
    [8, 44],
  ],
  naiveDepth: 8,
};

const POSITIONS: readonly Position[] = [fresh, noTrump, midHand, endgame3, endgame2];

describe('perft: legal play sequences from fixed positions (Laws of Short Whist (1864) and «Whist» (2012): follow suit; the highest trump, else the highest card of the suit led, wins; the winner leads)', () => {
  it('the positions are the ones described', () => {
    const fresh0 = fresh.start().engine;
    expect(fresh0.trump).toBe('H');
    expect(currentSeat(fresh0)).toBe('W');
    const noTrump0 = noTrump.start().engine;
    expect(noTrump0.trump).toBeNull();
    expect(cardsHeld(noTrump0, 'S')).toEqual(nSort(HANDS_2.S));
    const mid = midHand.start();
    expect(currentTrick(mid.engine)).toEqual({ leader: 'W', cards: ['AC', '6C'] });
    expect(mid.naive.leader).toBe('W');
    expect(completedTricks(mid.engine)).toHaveLength(4);
    const end3 = endgame3.start().engine;
    expect(end3.trump).toBe('S');
    expect(cardsHeld(end3, 'N')).toEqual(['QH', 'TH', 'KC']);
    expect(completedTricks(end3)).toHaveLength(10);
    const end2 = endgame2.start().engine;
    expect(completedTricks(end2)).toHaveLength(11);
    expect(cardsHeld(end2, 'E')).toEqual(['QD', '8D']);
    // The engine and the naive model start from the same position.
    for (const p of POSITIONS) {
      const { engine, naive } = p.start();
      for (const seat of ['N', 'E', 'S', 'W'] as const) expect(cardsHeld(engine, seat)).toEqual(nSort(naive.hands[seat as NSeat]));
      expect(legalMoves(engine)).toEqual(nLegal(naive));
    }
  });

  for (const p of POSITIONS) {
    it(`${p.name}: the engine's counts equal the golden counts to depth ${p.golden.length}`, () => {
      const { engine } = p.start();
      const counts = p.golden.map((_, i) => perft(engine, i + 1));
      expect(counts.map((c) => [c.nodes, c.nsTricks])).toEqual(p.golden);
    });

    it(`${p.name}: the naive model, run again now, agrees with the engine and the golden counts to depth ${p.naiveDepth}`, () => {
      const start = p.start();
      for (let depth = 1; depth <= p.naiveDepth; depth++) {
        const naive = nPerft(start.naive, depth);
        expect(perft(start.engine, depth)).toEqual(naive);
        expect([naive.nodes, naive.nsTricks]).toEqual(p.golden[depth - 1]);
      }
    });
  }

  it('the endgames are counted to the end of the hand: every sequence finishes all 13 tricks', () => {
    const ends = (s: HandState, depth: number): boolean[] => {
      if (depth === 0) return [isHandComplete(s)];
      const seat = currentSeat(s) as Seat;
      return legalMoves(s).flatMap((card) => ends(playOrThrow(s, seat, card), depth - 1));
    };
    expect(ends(endgame3.start().engine, 12)).toEqual(Array(448).fill(true));
    expect(ends(endgame2.start().engine, 8)).toEqual(Array(8).fill(true));
  });

  it('divide: the fresh deal and the no-trump deal counted by opening lead to depth 4 (golden, from the naive model)', () => {
    // biome-ignore format: a golden table
    expect(divide(fresh.start().engine, 4)).toEqual({ JS: 40, TS: 40, KH: 24, QH: 24, '7H': 24, '2H': 24, QD: 24, TD: 24, '4D': 24, '2D': 24, AC: 30, TC: 30, '5C': 30 });
    // biome-ignore format: a golden table
    expect(divide(noTrump.start().engine, 4)).toEqual({
      '9S': 16, '6S': 16, '3S': 16, '2S': 16, QH: 10, JH: 10, '7H': 10, '6H': 10, '4H': 10, KD: 32, '9D': 32, '5D': 32, '2C': 48,
    });
  });
});
