import { describe, expect, it } from 'vitest';
import {
  type Card,
  dealOrThrow,
  FULL_DECK,
  handOf,
  randomInt,
  randomSeedState,
  SHORT_WHIST,
  seedRandom,
  shuffle,
  shuffledDeck,
  sortCards,
} from '../src/index.js';

/** Draws `count` numbers below `n`, threading the state. */
function draws(seed: number | string, n: number, count: number): number[] {
  let random = seedRandom(seed);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const d = randomInt(random, n);
    out.push(d.value);
    random = d.random;
  }
  return out;
}

describe('golden values: seeded deals never change across versions (STYLE.md "Randomness")', () => {
  // Computed once from seedRandom(1) and pinned. If one of these fails, every seeded deal, record and
  // replay made with an earlier version has changed: that is a breaking change, not a test to update.
  it('seedRandom(1) state', () => {
    expect(seedRandom(1)).toEqual({ s: [2459862799, 1621824973, 3310820794, 2041432051] });
  });

  it('seedRandom(0) and seedRandom("club night") states', () => {
    expect(seedRandom(0)).toEqual({ s: [99621017, 2830175463, 1368817051, 1275600331] });
    expect(seedRandom('club night')).toEqual({ s: [2537469720, 3878288083, 4150932312, 3394436179] });
  });

  it('the first deck from seedRandom(1), and the state after it', () => {
    const { value, random } = shuffledDeck(seedRandom(1));
    expect(value).toEqual([
      'AC',
      '8H',
      'AH',
      '2S',
      'QD',
      '4H',
      '5D',
      '6C',
      'TS',
      '4S',
      'JH',
      '6S',
      'QH',
      'KD',
      'QC',
      '5S',
      '7H',
      '7S',
      '2C',
      'JC',
      'JS',
      '3H',
      '8D',
      'TH',
      'TD',
      '8S',
      '7D',
      'JD',
      'TC',
      '3D',
      '8C',
      'AS',
      '4D',
      '3C',
      '9D',
      '9H',
      '5C',
      '6H',
      'KS',
      'AD',
      'KH',
      'QS',
      '9S',
      '3S',
      '2D',
      '4C',
      '9C',
      '7C',
      '2H',
      '6D',
      'KC',
      '5H',
    ]);
    expect(random).toEqual({ s: [3561886573, 2284974976, 3370860708, 2041432102] });
  });

  it('the second deck from seedRandom(1) begins JD 8D QH 9C 5S 4H 7S 9S', () => {
    const first = shuffledDeck(seedRandom(1));
    expect(shuffledDeck(first.random).value.slice(0, 8)).toEqual(['JD', '8D', 'QH', '9C', '5S', '4H', '7S', '9S']);
  });

  it('the first deck from seedRandom("club night") begins TC 6S 3H 6C 5C', () => {
    expect(shuffledDeck(seedRandom('club night')).value.slice(0, 5)).toEqual(['TC', '6S', '3H', '6C', '5C']);
  });

  it('randomInt(·, 1000) from seedRandom(1): 425 790 691 524 965 944 750 859 259 125', () => {
    expect(draws(1, 1000, 10)).toEqual([425, 790, 691, 524, 965, 944, 750, 859, 259, 125]);
  });

  it('the first hand dealt from seedRandom(1) by North: hearts trump, the five turned up', () => {
    const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom(1)).value });
    expect(state.trumpCard).toBe('5H');
    // East, eldest hand, gets deck[0], deck[4], … deck[48].
    expect(handOf(state, 'E')).toEqual(['JS', 'TS', 'KH', 'QH', '7H', '2H', 'QD', 'TD', '4D', '2D', 'AC', 'TC', '5C']);
  });
});

describe('seedRandom: the same seed gives the same sequence', () => {
  it('same number seed, same sequence; different seeds, different sequences', () => {
    expect(draws(42, 52, 100)).toEqual(draws(42, 52, 100));
    expect(draws(42, 52, 100)).not.toEqual(draws(43, 52, 100));
    expect(shuffledDeck(seedRandom(7)).value).toEqual(shuffledDeck(seedRandom(7)).value);
  });

  it('string seeds are deterministic and distinct from each other and from numbers', () => {
    expect(seedRandom('club night')).toEqual(seedRandom('club night'));
    expect(seedRandom('club night')).not.toEqual(seedRandom('club night!'));
    expect(seedRandom('1')).not.toEqual(seedRandom(1));
    expect(seedRandom('')).toEqual(seedRandom(''));
    expect(draws('a', 1000, 20)).not.toEqual(draws('b', 1000, 20));
  });

  it('a number seed is truncated toward zero and its low 32 bits used (as documented)', () => {
    expect(seedRandom(1.9)).toEqual(seedRandom(1));
    expect(seedRandom(2 ** 32 + 1)).toEqual(seedRandom(1));
    expect(seedRandom(-1)).toEqual(seedRandom(2 ** 32 - 1));
  });

  it('the state is plain JSON: four unsigned 32-bit words', () => {
    const s = seedRandom(5);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(s.s).toHaveLength(4);
    for (const w of s.s) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
  });
});

describe('randomSeedState: unpredictable states from Web Crypto', () => {
  it('gives a different state each call, of four unsigned 32-bit words, not all zero', () => {
    const states = Array.from({ length: 8 }, () => randomSeedState());
    expect(new Set(states.map((s) => JSON.stringify(s))).size).toBe(8);
    for (const s of states) {
      expect(s.s).toHaveLength(4);
      for (const w of s.s) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
      expect(s.s.some((w) => w !== 0)).toBe(true);
    }
    expect(shuffledDeck(states[0]!).value).not.toEqual(shuffledDeck(states[1]!).value);
  });
});

describe('randomInt', () => {
  it('stays in 0..n-1 for n from 1 up to 2^21', () => {
    for (const n of [1, 2, 3, 6, 13, 52, 1000, 2 ** 20 + 7, 2 ** 21]) {
      for (const v of draws(n, n, 200)) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
      }
    }
    expect(draws(3, 1, 50).every((v) => v === 0)).toBe(true);
  });

  it('is roughly uniform: 60 000 rolls of a die from seed 2024 land within 5% of 10 000 on every face', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const v of draws(2024, 6, 60_000)) counts[v]!++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(9500);
      expect(c).toBeLessThan(10_500);
    }
  });

  it('reaches both ends of a large range', () => {
    const values = draws(9, 2 ** 21, 20_000);
    expect(Math.min(...values)).toBeLessThan(2 ** 21 * 0.01);
    expect(Math.max(...values)).toBeGreaterThan(2 ** 21 * 0.99);
  });

  it('is pure: the same state gives the same value and next state, and the state given is not modified', () => {
    const state = Object.freeze({ s: Object.freeze([1, 2, 3, 4] as [number, number, number, number]) });
    const a = randomInt(state, 100);
    const b = randomInt(state, 100);
    expect(a).toEqual(b);
    expect(state).toEqual({ s: [1, 2, 3, 4] });
    expect(a.random).not.toEqual(state);
  });
});

describe('shuffle', () => {
  it('returns a permutation of its input', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { value } = shuffle(seedRandom(seed), FULL_DECK);
      expect(value).toHaveLength(52);
      expect(sortCards(value)).toEqual(FULL_DECK);
    }
  });

  it('does not modify its input (a frozen array shuffles) and returns a new array', () => {
    const input = Object.freeze(['a', 'b', 'c', 'd', 'e']);
    const { value } = shuffle(seedRandom(3), input);
    expect(input).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(value).not.toBe(input);
    expect([...value].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('handles empty and one-item lists', () => {
    expect(shuffle(seedRandom(1), []).value).toEqual([]);
    expect(shuffle(seedRandom(1), ['x']).value).toEqual(['x']);
  });

  it('moves the cards: a seeded shuffle of 52 is not the identity, and two seeds give two orders', () => {
    const a = shuffle(seedRandom(11), FULL_DECK).value;
    const b = shuffle(seedRandom(12), FULL_DECK).value;
    expect(a).not.toEqual(FULL_DECK);
    expect(a).not.toEqual(b);
  });

  it('gives every order of three items about equally often (Fisher–Yates, no bias), seed 77', () => {
    const counts = new Map<string, number>();
    let random = seedRandom(77);
    for (let i = 0; i < 12_000; i++) {
      const d = shuffle(random, ['a', 'b', 'c']);
      random = d.random;
      const key = d.value.join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(1800);
      expect(c).toBeLessThan(2200);
    }
  });

  it('every card reaches every position: 5 200 seeded decks put each card first about 100 times', () => {
    const first = new Map<Card, number>();
    let random = seedRandom(2);
    for (let i = 0; i < 5200; i++) {
      const d = shuffledDeck(random);
      random = d.random;
      first.set(d.value[0]!, (first.get(d.value[0]!) ?? 0) + 1);
    }
    expect(first.size).toBe(52);
    for (const c of first.values()) {
      expect(c).toBeGreaterThan(55);
      expect(c).toBeLessThan(150);
    }
  });
});
