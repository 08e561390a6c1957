// cardValues (src/solver/hints.ts): each legal card's expected tricks from the seat's own view, over the
// layouts the sampling player draws. The sampling player's card is always one of the best; the values fit
// the tricks left; the last trick is valued exactly; bad input is answered with a code, never thrown.
import { describe, expect, it } from 'vitest';
import {
  type Card,
  currentSeat,
  dealHandOrThrow,
  FULL_DECK,
  type HandState,
  heuristicPlayer,
  playerViewOrThrow,
  playOrThrow,
  randomPlayer,
  SEATS,
  type Seat,
  SHORT_WHIST,
  seedRandom,
  shuffledDeck,
} from '../src/index.js';
import { Generator } from '../src/random.js';
import { cardValues, samplingPlayer } from '../src/solver/index.js';

const SEED = 20261126;

/** A deal from the generator, played on by a mix of heuristic and random cards to a random point. */
function randomPosition(g: Generator): HandState {
  const dealer = SEATS[g.int(4)] as Seat;
  let state = dealHandOrThrow(SHORT_WHIST, { dealer, deck: shuffledDeck(seedRandom(g.next())).value });
  const cards = g.int(51);
  let random = seedRandom(g.next());
  for (let i = 0; i < cards; i++) {
    const seat = currentSeat(state) as Seat;
    const view = playerViewOrThrow(state, seat);
    let card: Card;
    if (g.int(3) === 0) {
      const drawn = randomPlayer(view, random);
      random = drawn.random;
      card = drawn.value;
    } else card = heuristicPlayer(view);
    state = playOrThrow(state, seat, card);
  }
  return state;
}

describe('cardValues', () => {
  it('values every legal card, in the order of legalMoves, within the tricks left; the sampling player plays one of the best (60 positions)', () => {
    const g = new Generator(seedRandom(SEED).s);
    let playedOut = 0;
    for (let i = 0; i < 60; i++) {
      const state = randomPosition(g);
      const view = playerViewOrThrow(state, currentSeat(state) as Seat);
      // No time limit: on a busy machine two calls could otherwise finish different numbers of layouts.
      const options = { level: 'fast', seed: i, timeLimitMs: Number.POSITIVE_INFINITY } as const;
      const r = cardValues(view, options);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.cards.map((c) => c.card)).toEqual(view.legalMoves);
      // The fast level's budgets can be spent before any layout of an early trick is solved: the values are
      // then those of the layouts played out instead, and say so.
      if (r.value.layouts === 0) {
        expect(r.value.playedOut).toBeGreaterThan(0);
        playedOut++;
      } else expect(r.value.playedOut).toBe(0);
      const left = 13 - view.tricks.length;
      for (const c of r.value.cards) {
        expect(c.tricks).toBeGreaterThanOrEqual(0);
        expect(c.tricks).toBeLessThanOrEqual(left);
      }
      const best = Math.max(...r.value.cards.map((c) => c.tricks));
      const played = samplingPlayer(view, options);
      expect(r.value.cards.find((c) => c.card === played)?.tricks).toBe(best);
      // The same view and seed, the same values.
      expect(cardValues(view, options)).toEqual(r);
    }
    expect(playedOut).toBeLessThan(15);
  });

  it('values a single legal card too: at the last trick, its chance of winning it', () => {
    let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'W', deck: FULL_DECK });
    for (let i = 0; i < 48; i++) {
      const seat = currentSeat(state) as Seat;
      state = playOrThrow(state, seat, heuristicPlayer(playerViewOrThrow(state, seat)));
    }
    const view = playerViewOrThrow(state, currentSeat(state) as Seat);
    expect(view.tricks).toHaveLength(12);
    const r = cardValues(view, { level: 'fast' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.cards).toHaveLength(1);
    expect(r.value.layouts).toBe(8);
    const tricks = r.value.cards[0]?.tricks as number;
    expect(tricks >= 0 && tricks <= 1 && Number.isInteger(tricks * 8)).toBe(true);
  });

  it('answers a view that is not the seat to play, bad options and hostile input with INVALID_ARGUMENT; with no layout solved, from the layouts played out', () => {
    const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    const seat = currentSeat(state) as Seat;
    const other = SEATS[(SEATS.indexOf(seat) + 1) % 4] as Seat;
    const code = (r: ReturnType<typeof cardValues>) => (r.ok ? 'ok' : r.error.code);
    expect(code(cardValues(playerViewOrThrow(state, other)))).toBe('INVALID_ARGUMENT');
    const view = playerViewOrThrow(state, seat);
    expect(code(cardValues(view, { level: 'slow' as 'fast' }))).toBe('INVALID_ARGUMENT');
    expect(code(cardValues(view, { layouts: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(cardValues(null as never))).toBe('INVALID_ARGUMENT');
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    );
    expect(code(cardValues(hostile as never))).toBe('INVALID_ARGUMENT');
    // A whole deal's first lead does not solve in 10 nodes: the one layout tried is played out instead.
    const few = cardValues(view, { maxNodes: 10, cardNodes: 10 });
    expect(few.ok && few.value.layouts).toBe(0);
    expect(few.ok && few.value.playedOut).toBe(1);
    expect(few.ok && few.value.cards.map((c) => c.card)).toEqual(view.legalMoves);
  });
});
