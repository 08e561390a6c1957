/**
 * The calls standing on a seat's next card, together: exposed cards called (laws 56, 64-65) and the calls of
 * the laws (a card played out of turn, the highest or lowest of the suit led, a call to win, a suit called, a
 * trump called).
 *
 * @module
 * @internal
 */

import { cardIndex, SUIT_OF } from '../cards.js';
import { heldSuit, type Progress } from '../hand/progress.js';
import { SEAT_NAMES, type Seat, seatNumber } from '../seats.js';
import type { HandEvents } from './events.js';
import { pendingCalls } from './exposed.js';
import { lawConstraints } from './laws.js';

/**
 * Why seat `s` may not play card `c` now because of a call, or `null`. Each call stands until it is
 * satisfied (law 65), and none makes a player revoke (law 64): a seat whose exposed card is called plays it
 * when it can without revoking; so with a card played out of turn, a suit called for a lead out of turn, a
 * called highest or lowest card and a call to win (`laws.ts`). Where calls standing together cannot all be
 * met by one card, the first binds and the others wait for a later card.
 */
export function callRefusal(hand: Progress, e: HandEvents, s: number, c: number): string | null {
  const { allowed, why } = callsOn(hand, e, s);
  return allowed === null || allowed.includes(c) ? null : why(c);
}

/**
 * The cards seat `s` may play now by the calls standing (see {@link callRefusal}), or `null` when no call
 * binds; with the reason a card is refused.
 */
export function callsOn(hand: Progress, e: HandEvents, s: number): { readonly allowed: readonly number[] | null; readonly why: (c: number) => string | null } {
  const { first, rest } = lawConstraints(hand, e, s);
  const exposed = pendingCalls(hand, e).filter((x) => {
    if (seatNumber(x.seat) !== s) return false;
    const suit = SUIT_OF[cardIndex(x.card)] as number;
    return hand.led < 0 || suit === hand.led || heldSuit(hand, s, hand.led) === 0;
  });
  const calls =
    exposed.length === 0
      ? [...first, ...rest]
      : [
          ...first,
          {
            cards: exposed.map((x) => cardIndex(x.card)),
            why: `${exposed.map((x) => x.card).join(' or ')} is called: ${SEAT_NAMES[exposed[0]?.seat as Seat]} must play ${exposed.length > 1 ? 'one of them' : 'it'} (laws 56, 65)`,
          },
          ...rest,
        ];
  let allowed: readonly number[] | null = null;
  const binding: { readonly cards: readonly number[]; readonly why: string }[] = [];
  for (const call of calls) {
    const next: readonly number[] = allowed === null ? call.cards : allowed.filter((x) => call.cards.includes(x));
    if (next.length === 0) continue; // not to be met now, or not with the calls before it: it waits
    binding.push({ cards: next, why: call.why });
    allowed = next;
  }
  // The reason: the first call that bound and left the card out.
  return { allowed, why: (c) => binding.find((b) => !b.cards.includes(c))?.why ?? null };
}
