/**
 * @internal What the play says about the hidden hands beyond the voids, as weights on the layouts the
 * sampling player draws (a layout is kept with a probability equal to its weight, so the layouts kept are
 * drawn in proportion to it). The clue is the first lead of each suit by a seat other than the viewer:
 *
 * - a lead of one of the suit's four highest cards then unplayed suggests a card touching it (the next above
 *   or below; for the top card, the next below): layouts where the leader holds neither are weighted
 *   {@link HONOUR_LEAD};
 * - a lower card led suggests one of those four cards: layouts where the leader holds none are weighted
 *   {@link LOW_LEAD}.
 *
 * The weights were measured on the computer players' own play ([docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md)). Discards are not read: a
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

/**
 * @internal The clues of a hand's play, four numbers each: the seat, the suit, a mask of hidden ranks, and
 * the weight of a layout that gives the seat none of them.
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
  const clue = (seat: number, s: number, cards: (number | undefined)[], w: number): void => {
    let mask = 0;
    for (const c of cards) {
      if (c === undefined) continue;
      if (by.get(c) === seat) return;
      if (hidden(c)) mask |= 1 << (c - s * 13);
    }
    if (mask !== 0) out.push(seat, s, mask, w);
  };
  for (const [leader, ...cards] of tricks) {
    const first = cards[0] as number;
    const s = (first / 13) | 0;
    if (leader !== k.me && !led[s]) {
      const u = unplayed(s);
      const i = u.indexOf(first);
      clue(leader as number, s, i < 4 ? [u[i - 1], u[i + 1]] : u.slice(0, 4), i < 4 ? HONOUR_LEAD : LOW_LEAD);
    }
    led[s] = true;
    for (const c of cards) played.add(c);
  }
  return out;
}

/** @internal The weight of a layout (`hands[seat * 4 + suit]`, rank masks) under the clues: at most 1. */
export function weight(clues: readonly number[], hands: Int32Array): number {
  let w = 1;
  for (let i = 0; i < clues.length; i += 4)
    if (((hands[(clues[i] as number) * 4 + (clues[i + 1] as number)] as number) & (clues[i + 2] as number)) === 0) w *= clues[i + 3] as number;
  return w;
}
