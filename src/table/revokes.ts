/**
 * Revokes in a hand played under rules that rule on irregularities (`irregularities: 'ruled'`): which
 * cards were revokes, and the law the other side's claim of a penalty cites.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities"): a revoke is a card of another suit played by a
 * player holding a card of the suit led (Laws of Short Whist (1864), law 71). It is established once the
 * next trick has begun or the hand is over (law 73), and its penalty is claimed at the end of the hand
 * (law 72), until the next deal (law 78).
 *
 * @module
 * @internal
 */

import { CARD_BY_INDEX, type Card, SUIT_OF } from '../cards.js';
import { heldSuit, type Progress } from '../hand/progress.js';
import type { Seat } from '../seats.js';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** The law a revoke penalty's claim cites, as its event in the log keeps it. */
export const REVOKE_LAW = 'Laws of Short Whist (1864), law 72';

/** @internal A revoke: who played it, the card, and the trick (1 to 13). */
export interface Revoke {
  readonly seat: Seat;
  readonly card: Card;
  readonly trick: number;
}

/** The revokes of a hand so far, in the order played. */
export function revokesOf(hand: Progress): Revoke[] {
  const chain: Progress[] = [];
  for (let d: Progress | null = hand; d !== null && d.parent !== null; d = d.parent) chain.push(d);
  const out: Revoke[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const d = chain[i] as Progress;
    const before = d.parent as Progress;
    const c = d.card;
    if (before.led >= 0 && SUIT_OF[c] !== before.led && heldSuit(before, before.turn, before.led) !== 0)
      out.push({ seat: SEATS[before.turn] as Seat, card: CARD_BY_INDEX[c] as Card, trick: (before.count >> 2) + 1 });
  }
  return out;
}
