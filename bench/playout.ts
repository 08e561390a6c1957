/**
 * A mutable playout engine, kept as a benchmark engine: the rules of {@link play} over the same bitmasks as
 * {@link HandState}, for bots, Monte Carlo simulation and a double-dummy solver, which play millions of
 * cards and cannot afford a new state per card.
 *
 * Rules as implemented: exactly those of src/hand.ts (follow suit when able; the highest trump wins, or
 * with no trump the highest card of the suit led; the winner leads next; eldest hand leads first). The
 * property test test/playout.test.ts checks that this engine and the public API agree on every game:
 * the same legal cards, in the same order, at every step, and the same trick winners.
 *
 * Differences from the public API, all deliberate:
 * - One object, changed in place. {@link playoutPlay} and {@link playoutUndo} allocate nothing; a
 *   search plays and takes back cards on the same object.
 * - Cards are integers, `suit * 13 + rank` (suits S H D C = 0-3; ranks two = 0 … ace = 12), and seats are
 *   0-3 (N E S W). {@link playoutCard} and {@link playoutIndex} convert at the edge.
 * - Nothing is checked: {@link playoutPlay} trusts that the card is legal (take it from
 *   {@link playoutLegal}). Untrusted input goes through {@link play}.
 * - It knows nothing of scoring, honours or the turn-up: it counts tricks.
 *
 * @module
 */

import { BIT_OF, beats, CARD_BY_INDEX, type Card, cardIndex, POP, SUIT_NUMBER, SUIT_OF, type Suit } from '../src/cards.js';
import { cardsHeld, completedTricks, currentTrick, type HandState, type Trick } from '../src/hand/index.js';
import type { Generator } from '../src/random.js';
import { type BySide, SEATS, type Seat, seatNumber } from '../src/seats.js';

/**
 * @internal A hand being played out, changed in place by {@link playoutPlay} and {@link playoutUndo}.
 *
 * Read its fields freely; change them only through this module's functions.
 */
export interface Playout {
  /**
   * The cards still held: `hands[seat * 4 + suit]` is a 13-bit rank mask (bit 0 the two, bit 12 the ace),
   * seats N E S W = 0-3, suits S H D C = 0-3. The same masks as `HandState.hands`, flattened.
   */
  readonly hands: Int32Array;
  /** The cards played, in order, as card indices; entries from {@link Playout.plays} on are stale. */
  readonly played: Int8Array;
  /** The winner (seat 0-3) of each finished trick; entries from `plays >> 2` on are stale. */
  readonly winners: Int8Array;
  /** Trump suit 0-3 (S H D C), or -1 for no trump. */
  trump: number;
  /** Eldest hand, who led the first trick (seat 0-3). */
  firstLeader: number;
  /** Cards played so far, 0 to 52; `plays & 3` cards are in the trick in progress. */
  plays: number;
  /** The seat that led the trick in progress, or that leads the next one. */
  leader: number;
  /** The seat to play, or -1 when all 52 cards are played. */
  turn: number;
  /** The suit led to the trick in progress, or -1 before the lead. */
  led: number;
  /** The card winning the trick in progress (meaningful after the lead). */
  best: number;
  /** The seat of {@link Playout.best}. */
  bestSeat: number;
  /** Tricks won by north–south. */
  tricksNS: number;
  /** Tricks won by east–west. */
  tricksEW: number;
}

/**
 * @internal An empty playout (no cards, no seat to play), to be filled by {@link dealPlayout}.
 *
 * Allocate one per simulation thread and deal into it again and again.
 *
 * @returns a new playout with every hand empty and `turn` -1
 * @example
 * ```ts
 * const p = newPlayout();
 * dealPlayout(p, deck, 0, 2); // north deals, diamonds are trump
 * ```
 */
export function newPlayout(): Playout {
  return {
    hands: new Int32Array(16),
    played: new Int8Array(52),
    winners: new Int8Array(13),
    trump: -1,
    firstLeader: 0,
    plays: 0,
    leader: 0,
    turn: -1,
    led: -1,
    best: 0,
    bestSeat: 0,
    tricksNS: 0,
    tricksEW: 0,
  };
}

/**
 * @internal Deals a new hand into a playout, as {@link deal} deals from a deck: one card at a time,
 * clockwise from eldest hand (the dealer's left).
 *
 * @param p - the playout to reset; everything in it is overwritten
 * @param deck - 52 distinct card indices (`suit * 13 + rank`); `deck[0]` goes to eldest hand, `deck[51]` to the dealer. Not checked.
 * @param dealer - the dealer, 0-3 (N E S W)
 * @param trump - the trump suit 0-3 (S H D C), or -1 for no trump
 * @returns nothing: `p` is changed in place
 * @example
 * ```ts
 * const deck = Array.from({ length: 52 }, (_, i) => i); // any order of the 52 indices
 * dealPlayout(p, deck, 3, deck[51]! / 13 | 0); // west deals and turns up the last card
 * ```
 */
export function dealPlayout(p: Playout, deck: ArrayLike<number>, dealer: number, trump: number): void {
  const hands = p.hands;
  hands.fill(0);
  const first = (dealer + 1) & 3;
  for (let i = 0; i < 52; i++) {
    const c = deck[i] as number;
    const k = (((first + i) & 3) << 2) | (SUIT_OF[c] as number);
    hands[k] = (hands[k] as number) | (BIT_OF[c] as number);
  }
  p.trump = trump;
  p.firstLeader = first;
  p.plays = 0;
  p.leader = first;
  p.turn = first;
  p.led = -1;
  p.best = 0;
  p.bestSeat = first;
  p.tricksNS = 0;
  p.tricksEW = 0;
}

/**
 * @internal A playout of a hand state: the same cards, trick in progress, finished tricks and turn, ready
 * to be played on without touching the state.
 *
 * The state's whole history is copied, so {@link playoutUndo} can take back cards played before it.
 *
 * @param state - a valid hand state (from {@link deal}, {@link play} or `parseState`); not modified
 * @returns a new playout
 * @example
 * ```ts
 * const p = createPlayout(state);
 * const moves = new Int8Array(13);
 * const n = playoutLegal(p, moves); // the same cards as legalMoves(state), as indices
 * ```
 */
export function createPlayout(state: HandState): Playout {
  const p = newPlayout();
  for (let s = 0; s < 4; s++)
    for (const card of cardsHeld(state, SEATS[s] as Seat)) {
      const c = cardIndex(card);
      p.hands[(s << 2) | (SUIT_OF[c] as number)] = (p.hands[(s << 2) | (SUIT_OF[c] as number)] as number) | (BIT_OF[c] as number);
    }
  p.trump = state.trump === null ? -1 : (SUIT_NUMBER[state.trump] as number);
  p.firstLeader = (seatNumber(state.dealer) + 1) & 3;
  let n = 0;
  let ns = 0;
  const tricks = completedTricks(state);
  for (let t = 0; t < tricks.length; t++) {
    const trick = tricks[t] as Trick;
    for (let i = 0; i < 4; i++) p.played[n++] = cardIndex(trick.cards[i]);
    const w = seatNumber(trick.winner);
    p.winners[t] = w;
    if ((w & 1) === 0) ns++;
  }
  p.tricksNS = ns;
  p.tricksEW = tricks.length - ns;
  p.leader = tricks.length === 0 ? p.firstLeader : (p.winners[tricks.length - 1] as number);
  for (const card of currentTrick(state)?.cards ?? []) p.played[n++] = cardIndex(card);
  p.plays = n;
  const pos = n & 3;
  p.turn = n === 52 ? -1 : (p.leader + pos) & 3;
  settleTrick(p, pos);
  return p;
}

/** Recomputes `led`, `best` and `bestSeat` from the `pos` cards of the trick in progress. */
function settleTrick(p: Playout, pos: number): void {
  if (pos === 0) {
    p.led = -1;
    p.best = 0;
    p.bestSeat = p.leader;
    return;
  }
  const start = p.plays - pos;
  let best = p.played[start] as number;
  let bestSeat = p.leader;
  for (let i = 1; i < pos; i++) {
    const c = p.played[start + i] as number;
    if (beats(c, best, p.trump)) {
      best = c;
      bestSeat = (p.leader + i) & 3;
    }
  }
  p.led = SUIT_OF[p.played[start] as number] as number;
  p.best = best;
  p.bestSeat = bestSeat;
}

/**
 * @internal The legal cards of the seat to play, in the public API's canonical order (suits S H D C,
 * each from the ace down), as card indices written into `out`.
 *
 * @param p - a playout
 * @param out - where to write: at least 13 entries (an `Int8Array(13)` reused across calls allocates nothing)
 * @returns how many cards were written, 0 when the hand is complete
 * @example
 * ```ts
 * const moves = new Int8Array(13);
 * const n = playoutLegal(p, moves);
 * playoutPlay(p, moves[0]!); // the first legal card
 * ```
 */
export function playoutLegal(p: Playout, out: { [i: number]: number }): number {
  const turn = p.turn;
  if (turn < 0) return 0;
  const hands = p.hands;
  const base = turn << 2;
  let n = 0;
  if (p.led >= 0) {
    let m = hands[base + p.led] as number;
    if (m !== 0) {
      const cb = p.led * 13;
      while (m !== 0) {
        const r = 31 - Math.clz32(m);
        out[n++] = cb + r;
        m ^= 1 << r;
      }
      return n;
    }
  }
  for (let s = 0; s < 4; s++) {
    let m = hands[base + s] as number;
    const cb = s * 13;
    while (m !== 0) {
      const r = 31 - Math.clz32(m);
      out[n++] = cb + r;
      m ^= 1 << r;
    }
  }
  return n;
}

/**
 * @internal Plays a card for the seat to play, in place: takes it from the hand, adds it to the trick,
 * and when it is the fourth card, settles the trick (winner, tricks won, next leader).
 *
 * Trusts its input: the card must be one of {@link playoutLegal}'s. Use {@link play} for untrusted input.
 *
 * @param p - a playout with a seat to play
 * @param card - a legal card index (`suit * 13 + rank`)
 * @returns nothing: `p` is changed in place
 * @example
 * ```ts
 * playoutPlay(p, playoutIndex('QH'));
 * ```
 */
export function playoutPlay(p: Playout, card: number): void {
  const turn = p.turn;
  const suit = SUIT_OF[card] as number;
  const k = (turn << 2) | suit;
  p.hands[k] = (p.hands[k] as number) ^ (BIT_OF[card] as number);
  const pos = p.plays & 3;
  p.played[p.plays++] = card;
  if (pos === 0) {
    p.led = suit;
    p.best = card;
    p.bestSeat = turn;
    p.turn = (turn + 1) & 3;
    return;
  }
  const best = p.best;
  if (beats(card, best, p.trump)) {
    p.best = card;
    p.bestSeat = turn;
  }
  if (pos < 3) {
    p.turn = (turn + 1) & 3;
    return;
  }
  const winner = p.bestSeat;
  p.winners[(p.plays >> 2) - 1] = winner;
  if ((winner & 1) === 0) p.tricksNS++;
  else p.tricksEW++;
  p.leader = winner;
  p.led = -1;
  p.turn = p.plays === 52 ? -1 : winner;
}

/**
 * @internal Takes back the last card played, in place: the exact inverse of {@link playoutPlay}, for
 * tree searches that play and unplay on one object.
 *
 * @param p - a playout with at least one card played (`p.plays > 0`); with none, nothing happens
 * @returns the card index taken back, or -1 when no card had been played
 * @example
 * ```ts
 * playoutPlay(p, card);
 * // … search below …
 * playoutUndo(p); // p is as before playoutPlay
 * ```
 */
export function playoutUndo(p: Playout): number {
  if (p.plays === 0) return -1;
  const plays = --p.plays;
  const card = p.played[plays] as number;
  const pos = plays & 3;
  if (pos === 3) {
    const t = plays >> 2;
    const w = p.winners[t] as number;
    if ((w & 1) === 0) p.tricksNS--;
    else p.tricksEW--;
    p.leader = t === 0 ? p.firstLeader : (p.winners[t - 1] as number);
  }
  const seat = (p.leader + pos) & 3;
  const k = (seat << 2) | (SUIT_OF[card] as number);
  p.hands[k] = (p.hands[k] as number) | (BIT_OF[card] as number);
  p.turn = seat;
  settleTrick(p, pos);
  return card;
}

/**
 * @internal How many legal cards the seat to play has: the length of {@link playoutLegal}'s list,
 * counted from the masks without listing them.
 *
 * @param p - a playout
 * @returns the number of legal cards, 0 when the hand is complete
 * @example
 * ```ts
 * const n = playoutLegalCount(p);
 * playoutPlay(p, playoutLegalAt(p, generator.int(n))); // a uniformly random legal card
 * ```
 */
export function playoutLegalCount(p: Playout): number {
  const turn = p.turn;
  if (turn < 0) return 0;
  const hands = p.hands;
  const base = turn << 2;
  if (p.led >= 0) {
    const m = hands[base + p.led] as number;
    if (m !== 0) return POP[m] as number;
  }
  return (
    (POP[hands[base] as number] as number) +
    (POP[hands[base + 1] as number] as number) +
    (POP[hands[base + 2] as number] as number) +
    (POP[hands[base + 3] as number] as number)
  );
}

/**
 * @internal The legal card at position `k` of {@link playoutLegal}'s list (suits S H D C, each from the ace
 * down), found from the masks without listing the cards: what random playouts need.
 *
 * @param p - a playout with a seat to play
 * @param k - a position from 0 to `playoutLegalCount(p) - 1`; not checked
 * @returns the card index
 * @example
 * ```ts
 * playoutLegalAt(p, 0); // the first legal card: the highest of the first suit that may be played
 * ```
 */
export function playoutLegalAt(p: Playout, k: number): number {
  const hands = p.hands;
  const base = p.turn << 2;
  if (p.led >= 0) {
    const m = hands[base + p.led] as number;
    if (m !== 0) return p.led * 13 + nthHighest(m, k);
  }
  for (let s = 0; s < 3; s++) {
    const m = hands[base + s] as number;
    const n = POP[m] as number;
    if (k < n) return s * 13 + nthHighest(m, k);
    k -= n;
  }
  return 39 + nthHighest(hands[base + 3] as number, k);
}

/** The rank of the k-th highest card (k from 0) of a suit mask. */
function nthHighest(m: number, k: number): number {
  for (; k > 0; k--) m ^= 1 << (31 - Math.clz32(m));
  return 31 - Math.clz32(m);
}

/**
 * @internal Plays a playout to the end in place, each card drawn uniformly from the legal ones:
 * the card at position `generator.int(count)` of the legal list, the same choice as a loop over
 * `legalMoves` and `play` making `moves[generator.int(moves.length)]` with the same generator, so both
 * play the same game.
 *
 * @param p - a playout; played on to the 52nd card
 * @param generator - an SFC32 {@link Generator}, advanced by one draw per card played
 * @returns the tricks north–south won in the whole hand (east–west won `13 - ` that)
 * @example
 * ```ts
 * const g = new Generator(seedRandom(1).s);
 * let wins = 0;
 * for (let i = 0; i < 1000; i++) {
 *   const p = createPlayout(state);
 *   if (playoutRandom(p, g) >= 7) wins++;
 * }
 * ```
 */
export function playoutRandom(p: Playout, generator: Generator): number {
  while (p.turn >= 0) playoutPlay(p, playoutLegalAt(p, generator.int(playoutLegalCount(p))));
  return p.tricksNS;
}

/**
 * @internal Plays a hand state out to the end at random, without touching the state: one Monte Carlo
 * sample.
 *
 * @param state - a hand state; not modified
 * @param generator - an SFC32 {@link Generator}, advanced by one draw per card played
 * @returns the tricks each side has at the end of the hand, `{ NS, EW }` (summing to 13)
 * @example
 * ```ts
 * const g = new Generator(seedRandom(7).s);
 * randomPlayout(state, g); // e.g. { NS: 6, EW: 7 }
 * ```
 */
export function randomPlayout(state: HandState, generator: Generator): BySide {
  const p = createPlayout(state);
  playoutRandom(p, generator);
  return { NS: p.tricksNS, EW: p.tricksEW };
}

/**
 * @internal The card string of a card index.
 *
 * @param index - `suit * 13 + rank`, 0-51
 * @returns the card, e.g. `'AS'` for 12
 * @example
 * ```ts
 * playoutCard(12); // 'AS'
 * playoutCard(13); // '2H'
 * ```
 */
export function playoutCard(index: number): Card {
  return CARD_BY_INDEX[index] as Card;
}

/**
 * @internal The card index of a card string.
 *
 * @param card - a card, e.g. `'QH'`
 * @returns `suit * 13 + rank`, or -1 for anything that is not an exact card string
 * @example
 * ```ts
 * playoutIndex('QH'); // 23
 * ```
 */
export function playoutIndex(card: Card): number {
  return cardIndex(card);
}

/**
 * @internal The suit number 0-3 of a suit letter, as {@link Playout.trump} wants it.
 *
 * @param suit - `'S' | 'H' | 'D' | 'C'`, or `null` for no trump
 * @returns 0-3, or -1 for `null`
 * @example
 * ```ts
 * playoutSuit('D'); // 2
 * ```
 */
export function playoutSuit(suit: Suit | null): number {
  return suit === null ? -1 : (SUIT_NUMBER[suit] as number);
}
