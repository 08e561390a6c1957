/**
 * The benchmark's game: one random hand, played the same way by every engine.
 *
 * For hand number `i` of a run: the dealer is seat `i % 4` (N E S W); the deck is FULL_DECK shuffled in
 * place by `shuffleInPlace` with the run's SFC32 `Generator`; then 52 plays, each the card
 * `moves[generator.int(moves.length)]` from the legal cards in canonical order (suits S H D C, each from
 * the ace down); then the hand is scored from 0-0 under Short Whist. One generator, seeded with
 * `seedRandom(seed)`, serves the whole run, so a seed fixes every game.
 *
 * Every engine folds into a checksum: each card played (its string's two char codes), each trick's winner
 * (the seat letter), the tricks won by NS, and the score (`NS << 8 | EW`). Equal checksums mean the
 * engines played the same games card for card.
 */

import { type Card, FULL_DECK } from '../src/cards.js';
import { completedTricks, currentSeat, dealHand, type HandState, honoursCounted, legalMoves, play, tricksWon } from '../src/hand/index.js';
import { Generator, seedRandom, shuffleInPlace } from '../src/random.js';
import { SHORT_WHIST } from '../src/rules.js';
import { scoreHand } from '../src/score.js';
import { SEATS, type Seat } from '../src/seats.js';
import { dealPlayout, newPlayout, type Playout, playoutLegal, playoutLegalAt, playoutLegalCount, playoutPlay } from './playout.js';
import { CARD_CODE, createReference, DECK_INDICES, fold, referenceHand, SEAT_CODE, SUIT_OF, scoreFromLove } from './reference.js';

/** The rules every benchmark game is played under. */
export const RULES = SHORT_WHIST;
const LOVE = { NS: 0, EW: 0 };

/** A hand-playing engine under test: `hand(i, h)` plays hand number `i` and returns the checksum with it folded in. */
export interface Engine {
  readonly name: string;
  readonly hand: (i: number, h: number) => number;
}

/** A fresh generator for a seed, as every engine uses it. */
export function generatorFor(seed: number): Generator {
  return new Generator(seedRandom(seed).s);
}

/**
 * (a) The public API: `deal`, then `legalMoves` / `currentSeat` / `play` for each of the 52 cards, then
 * `tricksWon`, `honoursCounted` and `scoreHand`. Exactly what a backend or a bot written against the
 * package would do.
 */
export function apiEngine(seed: number): Engine {
  const g = generatorFor(seed);
  return {
    name: 'public API',
    hand(i: number, h: number): number {
      const deck = [...FULL_DECK];
      shuffleInPlace(g, deck);
      const dealt = dealHand(RULES, { dealer: SEATS[i & 3] as Seat, deck });
      if (!dealt.ok) throw new Error(dealt.error.message);
      let state: HandState = dealt.value;
      for (let k = 0; k < 52; k++) {
        const moves = legalMoves(state);
        const card = moves[g.int(moves.length)] as Card;
        const next = play(state, currentSeat(state) as Seat, card);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value;
        h = fold(h, (card.charCodeAt(0) << 8) | card.charCodeAt(1));
      }
      for (const trick of completedTricks(state)) h = fold(h, trick.winner.charCodeAt(0));
      const tricks = tricksWon(state);
      const score = scoreHand(RULES, { tricks, honours: honoursCounted(state) }, LOVE);
      h = fold(h, tricks.NS);
      return fold(h, (score.points.NS << 8) | score.points.EW);
    },
  };
}

/** (b) The mutable reference engine of bench/reference.ts. */
export function referenceEngine(seed: number): Engine {
  const g = generatorFor(seed);
  const r = createReference(RULES);
  return { name: 'reference (mutable)', hand: (i, h) => referenceHand(r, g, i & 3, h) };
}

/** What both playout loops share: the generator, the playout, the deck, and the honours of a deal. */
function playoutSetup(seed: number): { g: Generator; p: Playout; deck: number[]; deal: (i: number) => number } {
  const g = generatorFor(seed);
  const p = newPlayout();
  const deck = DECK_INDICES.slice();
  let honourMask = 0;
  for (const rank of RULES.honours?.cards ?? []) honourMask |= 1 << (12 - 'AKQJT98765432'.indexOf(rank));
  /** Deals hand `i` into the playout; returns the honours held as `NS << 8 | EW`. */
  const deal = (i: number): number => {
    for (let k = 0; k < 52; k++) deck[k] = DECK_INDICES[k] as number;
    shuffleInPlace(g, deck);
    const trump = SUIT_OF[deck[51] as number] as number;
    dealPlayout(p, deck, i & 3, trump);
    const hands = p.hands;
    const ns = bits((hands[trump] as number) & honourMask) + bits((hands[8 + trump] as number) & honourMask);
    const ew = bits((hands[4 + trump] as number) & honourMask) + bits((hands[12 + trump] as number) & honourMask);
    return (ns << 8) | ew;
  };
  return { g, p, deck, deal };
}

/** Folds the end of a played-out hand into the checksum, as the other engines do. */
function playoutEnd(p: Playout, honours: number, h: number): number {
  for (let t = 0; t < 13; t++) h = fold(h, SEAT_CODE[p.winners[t] as number] as number);
  h = fold(h, p.tricksNS);
  return fold(h, scoreFromLove(RULES, p.tricksNS, honours >> 8, honours & 255));
}

/**
 * The internal playout engine of src/playout.ts, the one for bots, Monte Carlo and a double-dummy
 * solver: `dealPlayout`, then for each card `playoutLegalCount`, `generator.int`, `playoutLegalAt` and
 * `playoutPlay`, which is what `playoutRandom` does. Scored by the same small function as the reference
 * (bots count tricks, not points).
 */
export function playoutEngine(seed: number): Engine {
  const { g, p, deal } = playoutSetup(seed);
  return {
    name: 'playout (src/playout.ts)',
    hand(i: number, h: number): number {
      const honours = deal(i);
      for (let k = 0; k < 52; k++) {
        const c = playoutLegalAt(p, g.int(playoutLegalCount(p)));
        playoutPlay(p, c);
        h = fold(h, CARD_CODE[c] as number);
      }
      return playoutEnd(p, honours, h);
    },
  };
}

/**
 * The playout engine used as a bot that looks at every legal card would use it: `playoutLegal` into a
 * reused buffer, then `moves[generator.int(n)]`. (Its own function, so that the two loops do not share
 * type feedback.)
 */
export function playoutListingEngine(seed: number): Engine {
  const { g, p, deal } = playoutSetup(seed);
  const moves = new Int8Array(13);
  return {
    name: 'playout, listing (playoutLegal)',
    hand(i: number, h: number): number {
      const honours = deal(i);
      for (let k = 0; k < 52; k++) {
        const c = moves[g.int(playoutLegal(p, moves))] as number;
        playoutPlay(p, c);
        h = fold(h, CARD_CODE[c] as number);
      }
      return playoutEnd(p, honours, h);
    },
  };
}

/**
 * Not an engine: only the randomness every engine pays for, the deck copy and shuffle and one
 * `generator.int` per card, with no rules at all. It is the floor under every engine's time per hand;
 * subtracting it gives the engines' own cost. Its games are not Whist, so it takes no part in the checksums.
 */
export function randomnessOnly(seed: number): Engine {
  const g = generatorFor(seed);
  const deck = DECK_INDICES.slice();
  return {
    name: 'randomness only (floor)',
    hand(_i: number, h: number): number {
      for (let k = 0; k < 52; k++) deck[k] = DECK_INDICES[k] as number;
      shuffleInPlace(g, deck);
      for (let k = 0; k < 52; k++) h = fold(h, deck[g.int(13 - (k >> 2))] as number);
      return h;
    },
  };
}

function bits(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** Plays `hands` hands from hand number 0 and returns the checksum (an unsigned 32-bit number) and the time taken. */
export function playRun(engine: Engine, hands: number): { checksum: number; ms: number } {
  let h = 0x811c9dc5 | 0;
  const t0 = performance.now();
  for (let i = 0; i < hands; i++) h = engine.hand(i, h);
  return { checksum: h >>> 0, ms: performance.now() - t0 };
}
