/**
 * @internal What the play says about the hidden hands beyond the voids, as weights on the layouts the
 * sampling player draws (a layout is kept with a probability equal to its weight, so the layouts kept are
 * drawn in proportion to it). The clues are the first lead of each suit by a seat other than the viewer, and
 * every card another seat follows suit or trumps with:
 *
 * - a lead of one of the suit's four highest cards then unplayed suggests a card touching it (the next above
 *   or below; for the top card, the next below): layouts where the leader holds neither are weighted
 *   {@link HONOUR_LEAD};
 * - a lower card led suggests one of those four cards: layouts where the leader holds none are weighted
 *   {@link LOW_LEAD};
 * - a card followed with (of the suit led, or a trump) denies the card just below it, the highest of its suit
 *   below it not played before that trick: with it the seat would have held two cards worth the same, and
 *   played the lower, as the computer players do and as players follow suit by custom. Layouts where the seat
 *   holds that card are weighted {@link LOWER_CARD_KEPT}. When that card is in the same trick, the viewer's or
 *   the turn-up the dealer holds, the seat could not have held it, and nothing is read.
 *
 * The weights of the leads were measured on the computer players' own play; that of the card below is chosen,
 * since those players never hold it, and leaves room for a person who plays the higher of two equal cards
 * ([docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md)). Discards are not read: a
 * seat that discarded a suit turned out to hold its top cards a little more often than the layouts drawn
 * without the clue, not less.
 *
 * Only the seat's own view is read (the tricks played, its own cards, the turn-up), so the weights, like the
 * layouts, depend on nothing hidden. A clue the view already settles (a card it asks about was played by the
 * leader later, or is the turn-up the leader holds) weighs every layout alike and is left out.
 *
 * @module
 */

import type { Known } from './seen.js';

/** The weight of a layout where the leader of a high card holds neither card touching it. */
export const HONOUR_LEAD = 0.05;
/** The weight of a layout where the leader of a low card holds none of the suit's four highest. */
export const LOW_LEAD = 0.6;
/** The weight of a layout where a seat that followed with a card holds the card just below it. */
export const LOWER_CARD_KEPT = 0.05;

/**
 * @internal The clues of a hand's play, five numbers each: the seat, the suit, a mask of hidden ranks, 1 when
 * the weight is of a layout that gives the seat one of them or 0 when of one that gives it none, and the
 * weight.
 *
 * @param k - the view read: the viewer's seat, every trick played or in progress (`history`, as
 *   `[leader, card, …]` with card indices `suit * 13 + rank`), the turn-up the dealer holds
 * @param hidden - whether a card index may be in a hidden hand of the layouts (not the viewer's, not
 *   played, not the turn-up the dealer holds)
 */
export function clues(k: Known, hidden: (card: number) => boolean): number[] {
  const out: number[] = [];
  const tricks = k.history;
  // Who played or holds each card the view shows.
  const by = new Map<number, number>([[k.turnUp, k.dealer]]);
  for (const [leader, ...cards] of tricks) for (let j = 0; j < cards.length; j++) by.set(cards[j] as number, ((leader as number) + j) & 3);
  const played = new Set<number>();
  const led: boolean[] = [];
  // The cards of suit s not played before the trick, from the highest down.
  const unplayed = (s: number): number[] => {
    const u: number[] = [];
    for (let c = s * 13 + 12; c >= s * 13; c--) if (!played.has(c)) u.push(c);
    return u;
  };
  const clue = (seat: number, s: number, cards: (number | undefined)[], holds: 0 | 1, w: number): void => {
    let mask = 0;
    for (const c of cards) {
      if (c === undefined) continue;
      if (by.get(c) === seat) return;
      if (hidden(c)) mask |= 1 << (c - s * 13);
    }
    if (mask !== 0) out.push(seat, s, mask, holds, w);
  };
  for (const [leader, ...cards] of tricks) {
    const first = cards[0] as number;
    const s = (first / 13) | 0;
    if (leader !== k.me && !led[s]) {
      const u = unplayed(s);
      const i = u.indexOf(first);
      clue(leader as number, s, i < 4 ? [u[i - 1], u[i + 1]] : u.slice(0, 4), 0, i < 4 ? HONOUR_LEAD : LOW_LEAD);
    }
    led[s] = true;
    for (let j = 1; j < cards.length; j++) {
      const seat = ((leader as number) + j) & 3;
      const c = cards[j] as number;
      const suit = (c / 13) | 0;
      if (seat === k.me || (suit !== s && suit !== k.trump)) continue;
      let below = c - 1;
      while (below >= suit * 13 && played.has(below)) below--;
      if (below >= suit * 13) clue(seat, suit, [below], 1, LOWER_CARD_KEPT);
    }
    for (const c of cards) played.add(c);
  }
  return out;
}

/** @internal The weight of a layout (`hands[seat * 4 + suit]`, rank masks) under the clues: at most 1. */
export function weight(clues: readonly number[], hands: Int32Array): number {
  let w = 1;
  for (let i = 0; i < clues.length; i += 5) {
    const holds = ((hands[(clues[i] as number) * 4 + (clues[i + 1] as number)] as number) & (clues[i + 2] as number)) !== 0;
    if (holds === (clues[i + 3] === 1)) w *= clues[i + 4] as number;
  }
  return w;
}
