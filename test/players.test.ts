import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BySeat,
  type Card,
  completedTricks,
  currentSeat,
  dealHandOrThrow,
  FULL_DECK,
  type HandState,
  heuristicPlayer,
  isHandComplete,
  legalMoves,
  type PlayerView,
  playerViewOrThrow,
  playOrThrow,
  randomPlayer,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Suit,
  seedRandom,
  shuffledDeck,
  WhistError,
} from '../src/index.js';
import { engineStates, fcParams, playoutArb } from './arbitraries.js';

const cards = (text: string) => (text === '' ? [] : (text.split(' ') as Card[]));

/** Hands from a spec: the cards given for each seat, then the rest of the pack dealt in FULL_DECK order to fill each seat to 13. */
function complete(spec: Partial<Record<Seat, string>>): BySeat<Card[]> {
  const hands = { N: cards(spec.N ?? ''), E: cards(spec.E ?? ''), S: cards(spec.S ?? ''), W: cards(spec.W ?? '') };
  const used = new Set(Object.values(hands).flat());
  const rest = FULL_DECK.filter((c) => !used.has(c));
  for (const seat of SEATS) while (hands[seat].length < 13) hands[seat].push(rest.shift()!);
  return hands;
}

/** A position: `spec` dealt by West (North leads) with `trump`, then the plays given. */
function position(spec: Partial<Record<Seat, string>>, trump: Suit | null, plays: string): HandState {
  let s = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards: complete(spec), trump });
  for (const card of cards(plays)) s = playOrThrow(s, currentSeat(s)!, card);
  return s;
}

/** The view of the seat to play. */
function turnView(state: HandState): PlayerView {
  return playerViewOrThrow(state, currentSeat(state));
}

/** Asserts the heuristic's card, and that it is legal. */
function expectPlays(state: HandState, card: Card) {
  expect(legalMoves(state)).toContain(card);
  expect(heuristicPlayer(turnView(state))).toBe(card);
}

describe('heuristicPlayer: leading (Cavendish, The Laws and Principles of Whist: lead from the longest suit)', () => {
  it('leads the top of a sequence headed by a ten or better, before the longest suit', () => {
    // Hearts are longest (A 8 6 4 2) but have no sequence; the Q J of diamonds do.
    expectPlays(position({ N: '9S 7S AH 8H 6H 4H 2H QD JD 3D 8C 6C 4C' }, 'C', ''), 'QD');
  });

  it('leads the top of a sequence of honours in the first suit that has one', () => {
    expectPlays(position({ N: 'KS QS 5S AH 8H 6H 4H 2H TD 9D 3D 8C 6C' }, 'C', ''), 'KS');
  });

  it('a sequence headed by the nine is not one: the fourth best of the longest suit is led instead', () => {
    // Hearts K J 8 6 4 2: fourth best is the six.
    expectPlays(position({ N: '9S 8S KH JH 8H 6H 4H 2H QD 9D 3D 7C 5C' }, 'C', ''), '6H');
  });

  it('the fourth best of the longest suit; of two equally long suits, the first in the order S H D C', () => {
    // Spades 8 6 4 2 and hearts K 9 7 5 are both four long: spades first, their fourth best is the two.
    expectPlays(position({ N: '8S 6S 4S 2S KH 9H 7H 5H QD 8D 3D 6C 4C' }, 'C', ''), '2S');
  });

  it('with fewer than four cards in the longest suit, its lowest', () => {
    // Late in a hand: North holds K 8 5 of clubs and the two of hearts, and leads.
    let s = dealHandOrThrow(SHORT_WHIST, {
      dealer: 'W',
      cards: {
        N: cards('AS KS QS JS TS 9S 8S 7S 6S KC 8C 5C 2H'),
        E: cards('5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H'),
        S: cards('AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D'),
        W: cards('5H 4H 3H AC QC JC TC 9C 7C 6C 4C 3C 2C'),
      },
      trump: 'S',
    });
    // North cashes nine spades; everyone else plays as they must or may (the first legal card).
    while (completedTricks(s).length < 9) s = playOrThrow(s, currentSeat(s)!, currentSeat(s) === 'N' ? legalMoves(s)[0]! : legalMoves(s).at(-1)!);
    expect(currentSeat(s)).toBe('N');
    expect(legalMoves(s)).toEqual(['2H', 'KC', '8C', '5C']);
    expectPlays(s, '5C');
  });
});

// Hearts: North 5 4, East A 9 3, South K Q T 2, West J 8 7 6. With clubs trump, nobody is void in hearts.
const FOLLOW = { N: '5H 4H', E: 'AH 9H 3H', S: 'KH QH TH 2H', W: 'JH 8H 7H 6H' };

describe('heuristicPlayer: following suit', () => {
  const spec = FOLLOW;

  it('second hand plays low, even holding the ace', () => {
    expectPlays(position(spec, 'C', '4H'), '3H');
  });

  it('third hand wins as cheaply as it can: the ten over the nine, not the king', () => {
    expectPlays(position(spec, 'C', '4H 9H'), 'TH');
  });

  it('third hand that cannot win plays low', () => {
    expectPlays(position(spec, 'C', '4H AH'), '2H');
  });

  it('third hand plays low when partner is already winning the trick', () => {
    expectPlays(position(spec, 'C', '5H 3H'), '2H');
  });

  it('fourth hand plays low when partner is winning', () => {
    // North 4, East 9, South 2: East (West's partner) is winning.
    expectPlays(position(spec, 'C', '4H 9H 2H'), '6H');
  });

  it('fourth hand wins as cheaply as it can when the opponents are winning', () => {
    expectPlays(position(spec, 'C', '4H 3H TH'), 'JH');
    expectPlays(position(spec, 'C', '4H 3H 2H'), '6H');
  });
});

describe('heuristicPlayer: void in the suit led', () => {
  // North holds all the hearts, so everyone else is void. Spades are trump.
  // East: 9 8 3 of spades; South: A T 2 of spades; West: K Q J 7 6 5 4 of spades.
  const spec = {
    N: 'AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H',
    E: '9S 8S 3S AD KD QD JD TD AC KC QC JC TC',
    S: 'AS TS 2S 9D 8D 7D 6D 9C 8C 7C 6C 5C 4C',
    W: 'KS QS JS 7S 6S 5S 4S 5D 4D 3D 2D 3C 2C',
  };

  it('trumps with the lowest trump when the opponents are winning', () => {
    expectPlays(position(spec, 'S', 'KH'), '3S');
  });

  it('over-trumps with the lowest trump that wins: the ten over the nine, not the ace, not the two', () => {
    expectPlays(position(spec, 'S', 'KH 9S'), 'TS');
  });

  it('with no trump that can win, discards the lowest card of its longest other suit', () => {
    // South's ace of trumps is winning; West cannot beat it: diamonds (4) are longer than clubs (2).
    expectPlays(position(spec, 'S', 'KH 9S AS'), '2D');
  });

  it('when partner is winning, does not trump but discards the lowest of its longest other suit', () => {
    // North's king wins; East discarded. South could trump, but discards the four of clubs (clubs are six long).
    expectPlays(position(spec, 'S', 'KH AD'), '4C');
  });

  it('in a no-trump hand, discards the lowest of the longest suit; of two equally long, the first in the order S H D C', () => {
    // East: diamonds A K Q J T and clubs A K Q J T, both five long.
    expectPlays(position(spec, null, 'KH'), 'TD');
  });
});

describe('heuristicPlayer: whole hands', () => {
  it('always plays a legal card and is deterministic, over 20 seeded deals', () => {
    for (let seed = 0; seed < 20; seed++) {
      let s = dealHandOrThrow(SHORT_WHIST, { dealer: SEATS[seed % 4]!, deck: shuffledDeck(seedRandom(seed)).value });
      while (!isHandComplete(s)) {
        const view = turnView(s);
        const card = heuristicPlayer(view);
        expect(legalMoves(s)).toContain(card);
        expect(heuristicPlayer(structuredClone(view))).toBe(card);
        s = playOrThrow(s, currentSeat(s)!, card);
      }
    }
  });
});

describe('randomPlayer', () => {
  it('always plays a legal card, over 20 seeded deals', () => {
    let random = seedRandom('random player');
    for (let seed = 0; seed < 20; seed++) {
      let s = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: shuffledDeck(seedRandom(seed)).value });
      while (!isHandComplete(s)) {
        const d = randomPlayer(turnView(s), random);
        expect(legalMoves(s)).toContain(d.value);
        random = d.random;
        s = playOrThrow(s, currentSeat(s)!, d.value);
      }
    }
  });

  it('picks among all the legal cards and only them, and is reproducible from its state', () => {
    const s = position(FOLLOW, 'C', '4H'); // East must play one of its three hearts
    const view = turnView(s);
    const seen = new Set<Card>();
    let random = seedRandom(1);
    for (let i = 0; i < 300; i++) {
      const d = randomPlayer(view, random);
      seen.add(d.value);
      random = d.random;
    }
    expect([...seen].sort()).toEqual(['3H', '9H', 'AH']);
    expect(randomPlayer(view, seedRandom(5))).toEqual(randomPlayer(view, seedRandom(5)));
  });
});

/** The WhistError a call throws, or fails the test. */
function thrown(call: () => unknown): WhistError {
  try {
    call();
  } catch (e) {
    if (e instanceof WhistError) return e;
    throw new Error(`threw ${String(e)}, not a WhistError`);
  }
  throw new Error('did not throw');
}

describe('players see only a view', () => {
  const state = position(FOLLOW, 'C', '4H');

  it('a full HandState is refused by the type, and at run time with INVALID_ARGUMENT', () => {
    expectTypeOf(heuristicPlayer).parameter(0).toEqualTypeOf<PlayerView>();
    expectTypeOf(randomPlayer).parameter(0).toEqualTypeOf<PlayerView>();
    expectTypeOf<HandState>().not.toExtend<PlayerView>();
    // @ts-expect-error a player takes a PlayerView, not the state with every hand in it
    expect(thrown(() => heuristicPlayer(state)).code).toBe('INVALID_ARGUMENT');
    // @ts-expect-error a player takes a PlayerView, not the state with every hand in it
    expect(thrown(() => randomPlayer(state, seedRandom(1))).code).toBe('INVALID_ARGUMENT');
  });

  it('the view of a seat that is not to play, a spectator’s view, or a finished hand’s view: INVALID_ARGUMENT', () => {
    const other = playerViewOrThrow(state, 'N');
    expect(thrown(() => heuristicPlayer(other)).code).toBe('INVALID_ARGUMENT');
    expect(thrown(() => randomPlayer(other, seedRandom(1))).code).toBe('INVALID_ARGUMENT');
    const spectator = playerViewOrThrow(state, null);
    expect(thrown(() => heuristicPlayer(spectator)).code).toBe('INVALID_ARGUMENT');
    let done = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    while (!isHandComplete(done)) done = playOrThrow(done, currentSeat(done)!, legalMoves(done)[0]!);
    const finished = playerViewOrThrow(done, 'E');
    expect(thrown(() => heuristicPlayer(finished)).code).toBe('INVALID_ARGUMENT');
  });

  it('malformed views, and views that throw when read: INVALID_ARGUMENT, never another error', () => {
    const view = turnView(state);
    const hostile: unknown[] = [
      null,
      undefined,
      42,
      'E',
      [],
      { ...view, legalMoves: [] },
      { ...view, legalMoves: ['XX'] },
      { ...view, legalMoves: 'AH' },
      { ...view, cards: null },
      { ...view, trump: 'X' },
      { ...view, trick: { leader: 'Q', cards: ['4H'] } },
      { ...view, trick: 5 },
      Object.defineProperty({ ...view }, 'legalMoves', {
        get() {
          throw new Error('boom');
        },
      }),
      new Proxy(view, {
        get() {
          throw new Error('trap');
        },
      }),
    ];
    for (const value of hostile) {
      expect(thrown(() => heuristicPlayer(value as PlayerView)).code).toBe('INVALID_ARGUMENT');
      expect(thrown(() => randomPlayer(value as PlayerView, seedRandom(1))).code).toBe('INVALID_ARGUMENT');
    }
    expect(thrown(() => randomPlayer(view, { s: [1, 2, 3] } as never)).code).toBe('INVALID_ARGUMENT');
  });

  it('bots only ever return legal cards, over many random positions of every preset (fast-check, fixed seed)', () => {
    let positions = 0;
    fc.assert(
      fc.property(playoutArb(0, 51), fc.nat(), (p, k) => {
        const s = engineStates(p).at(-1)!;
        const seat = currentSeat(s);
        if (seat === null) return;
        positions++;
        const legal = legalMoves(s);
        const view = playerViewOrThrow(s, seat);
        expect(legal).toContain(heuristicPlayer(view));
        expect(legal).toContain(randomPlayer(view, seedRandom(k)).value);
      }),
      fcParams(1000),
    );
    console.log(`players: ${positions} random positions`);
    expect(positions).toBe(1000);
  });
});
