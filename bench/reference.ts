/**
 * The measuring stick: a mutable bitmask Whist engine, written here and only here, that plays the same
 * random games as the benchmark's public-API loop (bench/games.ts) without allocating in its loop.
 *
 * Encoding (the same idea as src/hand.ts, written independently): a card is `suit * 13 + rank`, suits
 * S H D C = 0-3, ranks two = 0 … ace = 12; `hands[seat * 4 + suit]` is a 13-bit rank mask; seats N E S W = 0-3.
 * Legal cards are listed in the public API's canonical order (suits S H D C, each from the ace down), and
 * the card played is `moves[generator.int(moves.length)]`, so for the same generator and deck both engines
 * play the same game card for card.
 *
 * It knows Short Whist's scoring only as far as the benchmark needs: a hand scored from 0-0 with the
 * turn-up's suit as trump.
 */

import { CARD_BY_INDEX, cardIndex, FULL_DECK } from '../src/cards.js';
import { type Generator, shuffleInPlace } from '../src/random.js';
import type { Rules } from '../src/rules.js';

/** Card indices in FULL_DECK order: shuffling a copy with the same generator gives the same permutation. */
export const DECK_INDICES: readonly number[] = FULL_DECK.map((card) => cardIndex(card));
/** Suit of each card index. */
export const SUIT_OF: Int32Array = Int32Array.from({ length: 52 }, (_, c) => (c / 13) | 0);
/** Rank bit of each card index. */
export const BIT_OF: Int32Array = Int32Array.from({ length: 52 }, (_, c) => 1 << (c % 13));
/** Checksum code of each card index: the same number the API loop folds from the card string's two char codes. */
export const CARD_CODE: Int32Array = Int32Array.from({ length: 52 }, (_, c) => {
  const card = CARD_BY_INDEX[c] as string;
  return (card.charCodeAt(0) << 8) | card.charCodeAt(1);
});
/** Checksum code of each seat number: the seat letter's char code. */
export const SEAT_CODE: Int32Array = Int32Array.from([78, 69, 83, 87]);

/** FNV-1a style fold of one 32-bit value into a running checksum. */
export function fold(h: number, x: number): number {
  return Math.imul(h ^ x, 0x01000193) | 0;
}

/** Short Whist score of a hand from 0-0: odd tricks, then honours unless tricks made game. */
export function scoreFromLove(rules: Rules, ns: number, honoursNS: number, honoursEW: number): number {
  const ew = 13 - ns;
  const tNS = Math.max(0, ns - 6) * rules.pointsPerOddTrick;
  const tEW = Math.max(0, ew - 6) * rules.pointsPerOddTrick;
  let pNS = tNS;
  let pEW = tEW;
  const honours = rules.honours;
  if (tNS < rules.target && tEW < rules.target && honours !== null) {
    const target = rules.target;
    const hNS = honours.points[honoursNS] ?? 0;
    const hEW = honours.points[honoursEW] ?? 0;
    switch (honours.restriction) {
      case 'cap':
        pNS += Math.max(0, Math.min(hNS, target - 1 - tNS));
        pEW += Math.max(0, Math.min(hEW, target - 1 - tEW));
        break;
      case 'ignore':
        pNS += hNS !== 0 && tNS + hNS >= target ? 0 : hNS;
        pEW += hEW !== 0 && tEW + hEW >= target ? 0 : hEW;
        break;
      default: // 'barred' cannot apply from 0-0 (target > 1); 'unrestricted'
        pNS += hNS;
        pEW += hEW;
    }
  }
  return (pNS << 8) | pEW;
}

/** Bits set in each 13-bit mask. */
const POP: Uint8Array = Uint8Array.from({ length: 8192 }, (_, m) => popcount13(m));

/** The rank of the k-th highest card (k from 0) of a suit mask. */
function nthHighest(m: number, k: number): number {
  for (; k > 0; k--) m ^= 1 << (31 - Math.clz32(m));
  return 31 - Math.clz32(m);
}

function popcount13(m: number): number {
  let n = 0;
  while (m !== 0) {
    m &= m - 1;
    n++;
  }
  return n;
}

/** The reference engine's buffers, reused from hand to hand. */
export interface Reference {
  readonly rules: Rules;
  readonly deck: number[];
  readonly hands: Int32Array;
  readonly winners: Int32Array;
  /** Bit mask of the rules' honour ranks (A K Q J = bits 12-9). */
  readonly honourMask: number;
}

/** Fresh buffers for {@link referenceHand}. */
export function createReference(rules: Rules): Reference {
  let honourMask = 0;
  for (const rank of rules.honours?.cards ?? []) honourMask |= 1 << (12 - 'AKQJT98765432'.indexOf(rank));
  return { rules, deck: DECK_INDICES.slice(), hands: new Int32Array(16), winners: new Int32Array(13), honourMask };
}

/**
 * One random hand, dealt by `dealer` (0-3) from a deck shuffled by `g`, played out with random legal
 * cards drawn from `g`, scored from 0-0. Returns the running checksum `h` with the hand folded in:
 * every card played, every trick's winner, the tricks won by NS and the score.
 */
export function referenceHand(r: Reference, g: Generator, dealer: number, h: number): number {
  const deck = r.deck;
  for (let i = 0; i < 52; i++) deck[i] = DECK_INDICES[i] as number;
  shuffleInPlace(g, deck);
  const hands = r.hands;
  hands.fill(0);
  for (let i = 0; i < 52; i++) {
    const c = deck[i] as number;
    const k = (((dealer + 1 + i) & 3) << 2) | (SUIT_OF[c] as number);
    hands[k] = (hands[k] as number) | (BIT_OF[c] as number);
  }
  const trump = SUIT_OF[deck[51] as number] as number; // the turn-up
  const honoursNS = popcount13((hands[trump] as number) & r.honourMask) + popcount13((hands[8 + trump] as number) & r.honourMask);
  const honoursEW = popcount13((hands[4 + trump] as number) & r.honourMask) + popcount13((hands[12 + trump] as number) & r.honourMask);
  let leader = (dealer + 1) & 3;
  let ns = 0;
  for (let t = 0; t < 13; t++) {
    let seat = leader;
    let led = 0;
    let best = 0;
    let bestSeat = leader;
    for (let j = 0; j < 4; j++) {
      const base = seat << 2;
      // The k-th legal card in canonical order, found by counting bits, without listing the cards.
      let c = 0;
      const follow = j > 0 ? (hands[base + led] as number) : 0;
      if (follow !== 0) {
        c = led * 13 + nthHighest(follow, g.int(POP[follow] as number));
      } else {
        const m0 = hands[base] as number;
        const m1 = hands[base + 1] as number;
        const m2 = hands[base + 2] as number;
        const m3 = hands[base + 3] as number;
        const p0 = POP[m0] as number;
        const p01 = p0 + (POP[m1] as number);
        const p012 = p01 + (POP[m2] as number);
        const k = g.int(p012 + (POP[m3] as number));
        if (k < p0) c = nthHighest(m0, k);
        else if (k < p01) c = 13 + nthHighest(m1, k - p0);
        else if (k < p012) c = 26 + nthHighest(m2, k - p01);
        else c = 39 + nthHighest(m3, k - p012);
      }
      const cs = SUIT_OF[c] as number;
      hands[base + cs] = (hands[base + cs] as number) ^ (BIT_OF[c] as number);
      h = fold(h, CARD_CODE[c] as number);
      if (j === 0) {
        led = cs;
        best = c;
      } else {
        const bs = SUIT_OF[best] as number;
        if (cs === bs ? c > best : cs === trump) {
          best = c;
          bestSeat = seat;
        }
      }
      seat = (seat + 1) & 3;
    }
    r.winners[t] = bestSeat;
    if ((bestSeat & 1) === 0) ns++;
    leader = bestSeat;
  }
  for (let t = 0; t < 13; t++) h = fold(h, SEAT_CODE[r.winners[t] as number] as number);
  h = fold(h, ns);
  return fold(h, scoreFromLove(r.rules, ns, honoursNS, honoursEW));
}
