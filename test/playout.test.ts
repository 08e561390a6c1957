import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPlayout,
  dealPlayout,
  newPlayout,
  type Playout,
  playoutCard,
  playoutIndex,
  playoutLegal,
  playoutLegalAt,
  playoutLegalCount,
  playoutPlay,
  playoutRandom,
  playoutSuit,
  playoutUndo,
  randomPlayout,
} from '../bench/playout.js';
import {
  type Card,
  completedTricks,
  currentSeat,
  dealHand,
  FULL_DECK,
  type HandState,
  legalMoves,
  play,
  SEATS,
  type Seat,
  SHORT_WHIST,
  type Suit,
  tricksWon,
} from '../src/index.js';
import { Generator, seedRandom } from '../src/random.js';
import { FC_SEED, fcParams } from './arbitraries.js';

// The fixed seed of every property (printed by ./arbitraries.js): a failure is reproduced with WHIST_FC_SEED=<seed>.
const SEED = FC_SEED;
const params = fcParams(200);

/** A random game: a deck order, a dealer, a trump (or none), and 52 choices among the legal cards. */
const gameArb = fc.record({
  deck: fc.shuffledSubarray([...FULL_DECK], { minLength: 52, maxLength: 52 }),
  dealer: fc.constantFrom(...SEATS),
  trump: fc.constantFrom<Suit | null>('S', 'H', 'D', 'C', null),
  picks: fc.array(fc.nat(), { minLength: 52, maxLength: 52 }),
});
type Game = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

/** Deals the game through the public API, from four hands, so that no-trump hands are covered too. */
function dealGame(game: Game): HandState {
  const hands = { N: [] as Card[], E: [] as Card[], S: [] as Card[], W: [] as Card[] };
  const eldest = SEATS.indexOf(game.dealer) + 1;
  game.deck.forEach((card, i) => {
    hands[SEATS[(eldest + i) & 3] as Seat].push(card);
  });
  const r = dealHand(SHORT_WHIST, { dealer: game.dealer, cards: hands, trump: game.trump });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function legalCards(p: Playout): Card[] {
  const out = new Int8Array(13);
  const n = playoutLegal(p, out);
  return Array.from(out.subarray(0, n), (c) => playoutCard(c));
}

/** Everything a playout knows, for comparing two playouts. */
function snapshot(p: Playout): unknown {
  return {
    hands: Array.from(p.hands),
    played: Array.from(p.played.subarray(0, p.plays)),
    winners: Array.from(p.winners.subarray(0, p.plays >> 2)),
    trump: p.trump,
    firstLeader: p.firstLeader,
    plays: p.plays,
    leader: p.leader,
    turn: p.turn,
    led: p.led,
    best: p.plays & 3 ? p.best : null,
    bestSeat: p.plays & 3 ? p.bestSeat : null,
    tricksNS: p.tricksNS,
    tricksEW: p.tricksEW,
  };
}

describe('the benchmark playout engine (bench/playout.ts) against the public API', () => {
  it(`agrees on every game: the same legal cards in the same order at every step (listed, counted and picked by position), the same trick winners and tricks (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        let state = dealGame(game);
        const p = createPlayout(state);
        for (let k = 0; k < 52; k++) {
          const moves = legalMoves(state);
          expect(legalCards(p)).toEqual(moves);
          expect(playoutLegalCount(p)).toBe(moves.length);
          expect(moves.map((_, i) => playoutCard(playoutLegalAt(p, i)))).toEqual(moves);
          expect(p.turn).toBe(SEATS.indexOf(currentSeat(state) as Seat));
          const card = moves[(game.picks[k] as number) % moves.length] as Card;
          const r = play(state, currentSeat(state) as Seat, card);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          state = r.value;
          playoutPlay(p, playoutIndex(card));
          if ((k & 3) === 3) expect(SEATS[p.winners[k >> 2] as number]).toBe(completedTricks(state)[k >> 2]?.winner);
          const won = tricksWon(state);
          expect({ NS: p.tricksNS, EW: p.tricksEW }).toEqual(won);
        }
        expect(p.turn).toBe(-1);
        expect(legalCards(p)).toEqual([]);
        expect(Array.from(p.hands).every((m) => m === 0)).toBe(true);
      }),
      params,
    );
  });

  it(`createPlayout of any state equals the playout that played up to it (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 52 }), (game, stop) => {
        let state = dealGame(game);
        const p = createPlayout(state);
        for (let k = 0; k < stop; k++) {
          const moves = legalMoves(state);
          const card = moves[(game.picks[k] as number) % moves.length] as Card;
          const r = play(state, currentSeat(state) as Seat, card);
          if (!r.ok) throw new Error(r.error.message);
          state = r.value;
          playoutPlay(p, playoutIndex(card));
        }
        expect(snapshot(createPlayout(state))).toEqual(snapshot(p));
        expect(legalCards(createPlayout(state))).toEqual(legalMoves(state));
      }),
      params,
    );
  });

  it(`playoutUndo is the exact inverse of playoutPlay, back to the deal (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const p = createPlayout(dealGame(game));
        const before: unknown[] = [];
        const moves = new Int8Array(13);
        for (let k = 0; k < 52; k++) {
          before.push(snapshot(p));
          const n = playoutLegal(p, moves);
          playoutPlay(p, moves[(game.picks[k] as number) % n] as number);
        }
        for (let k = 51; k >= 0; k--) {
          playoutUndo(p);
          expect(snapshot(p)).toEqual(before[k]);
        }
        expect(playoutUndo(p)).toBe(-1);
      }),
      params,
    );
  });

  it('dealPlayout deals as deal does', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const state = dealGame(game);
        const p = newPlayout();
        dealPlayout(
          p,
          game.deck.map((c) => playoutIndex(c)),
          SEATS.indexOf(game.dealer),
          playoutSuit(game.trump),
        );
        expect(snapshot(p)).toEqual(snapshot(createPlayout(state)));
      }),
      { ...params, numRuns: 100 },
    );
  });

  it('randomPlayout plays the same game as legalMoves and play with the same generator, and leaves the state alone', () => {
    for (let seed = 0; seed < 50; seed++) {
      const deck = [...FULL_DECK];
      const order = new Generator(seedRandom(seed).s);
      for (let i = 51; i > 0; i--) {
        const j = order.int(i + 1);
        [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
      }
      const r = dealHand(SHORT_WHIST, { dealer: SEATS[seed & 3] as Seat, deck });
      if (!r.ok) throw new Error(r.error.message);
      const start = r.value;
      const json = JSON.stringify(start);
      const g1 = new Generator(seedRandom(1000 + seed).s);
      const g2 = new Generator(seedRandom(1000 + seed).s);
      const fast = randomPlayout(start, g1);
      let state = start;
      while (currentSeat(state) !== null) {
        const moves = legalMoves(state);
        const next = play(state, currentSeat(state) as Seat, moves[g2.int(moves.length)] as Card);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value;
      }
      expect(fast).toEqual(tricksWon(state));
      expect(g1.state()).toEqual(g2.state());
      expect(JSON.stringify(start)).toBe(json);
    }
  });

  it('playoutRandom continues a playout in place and returns north–south tricks', () => {
    const r = dealHand(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
    if (!r.ok) throw new Error(r.error.message);
    const p = createPlayout(r.value);
    const ns = playoutRandom(p, new Generator(seedRandom(5).s));
    expect(ns).toBe(p.tricksNS);
    expect(p.tricksNS + p.tricksEW).toBe(13);
    expect(p.turn).toBe(-1);
    expect(playoutRandom(p, new Generator(seedRandom(5).s))).toBe(ns); // nothing left to play
  });

  it('converts cards and suits at the edge', () => {
    expect(playoutIndex('AS')).toBe(12);
    expect(playoutIndex('2H')).toBe(13);
    expect(playoutCard(23)).toBe('QH');
    expect(FULL_DECK.every((c) => playoutCard(playoutIndex(c)) === c)).toBe(true);
    expect(playoutSuit('D')).toBe(2);
    expect(playoutSuit(null)).toBe(-1);
  });
});
