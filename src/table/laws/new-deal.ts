/**
 * New deals and misdeals (Laws of Short Whist (1864), laws 37-44): the hand is void, not scored; the same
 * dealer deals again, but after a misdeal (law 43). In Long Whist, the side that did not call may claim one
 * for a faulty call of honours (Hoyle's laws of Long Whist, 16, 19-21). A fault of the pack (law 37) is
 * refused where the table deals.
 *
 * @module
 * @internal
 */

import { describe, fail } from '../../errors.js';
import { SEAT_NAMES, seatNumber } from '../../seats.js';
import { added, type HandEvents, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { NewDealGround } from '../types.js';
import { callFault, callsOf } from './honours.js';

/**
 * What each ground of a new deal allows, and the law it cites (Laws of Short Whist, 1864). `ofThePack`: a
 * fault of the pack itself (law 37), which cannot arise where the table deals every hand (shuffled from
 * its PRNG, or dealt by the server with `dealDeck`): a player claiming it has nothing to show for it, so
 * the table refuses it ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities"); a stored table that holds one, claimed before,
 * is read as it was ruled.
 */
export const NEW_DEAL_GROUNDS: Readonly<
  Record<
    NewDealGround,
    { readonly law: string; readonly duringPlay: boolean; readonly adversaries: boolean; readonly losesDeal: boolean; readonly ofThePack: boolean }
  >
> = Object.freeze({
  imperfectPack: { law: 'Laws of Short Whist (1864), law 37', duringPlay: true, adversaries: false, losesDeal: false, ofThePack: true },
  facedCard: { law: 'Laws of Short Whist (1864), law 37', duringPlay: false, adversaries: false, losesDeal: false, ofThePack: true },
  exposedInDealing: { law: 'Laws of Short Whist (1864), law 38', duringPlay: false, adversaries: false, losesDeal: false, ofThePack: false },
  trumpCardSeen: { law: 'Laws of Short Whist (1864), law 41', duringPlay: false, adversaries: true, losesDeal: false, ofThePack: false },
  misdeal: { law: 'Laws of Short Whist (1864), laws 43-44', duringPlay: false, adversaries: false, losesDeal: true, ofThePack: false },
  callNotAtEight: { law: "Hoyle's laws of Long Whist, law 16", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
  wrongCall: { law: "Hoyle's laws of Long Whist, laws 19-20", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
  callAfterPlaying: { law: "Hoyle's laws of Long Whist, law 21", duringPlay: true, adversaries: false, losesDeal: false, ofThePack: false },
});

/**
 * The refusal of a new deal claimed now on a fault of the pack (`ofThePack`), or `null`: the table dealt
 * the hand itself, so the pack cannot be imperfect nor a card faced in it (law 37).
 */
export function packRefusal(ground: unknown): Refusal | null {
  const g = typeof ground === 'string' && Object.hasOwn(NEW_DEAL_GROUNDS, ground) ? NEW_DEAL_GROUNDS[ground as NewDealGround] : undefined;
  if (g === undefined || !g.ofThePack) return null;
  return fail(
    'INVALID_ACTION',
    `the table dealt this hand itself: ${ground === 'imperfectPack' ? 'its pack cannot be imperfect' : 'no card can have been faced in its pack'}, and no new deal is given for it (${g.law}; docs/rules.md, "Irregularities")`,
    { path: 'ground' },
  );
}

/** A new deal claimed on its ground (laws 37-44; in Long Whist, a faulty call of honours: Hoyle, 16-21). */
export function stepNewDeal(c: StepContext, action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat, score } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const dealer = seatNumber(hand.fixed.dealer);
  const ground = action.ground as NewDealGround;
  const g = typeof ground === 'string' && Object.hasOwn(NEW_DEAL_GROUNDS, ground) ? NEW_DEAL_GROUNDS[ground] : undefined;
  if (g === undefined)
    return fail('INVALID_ACTION', `ground must be "imperfectPack", "facedCard", "exposedInDealing", "trumpCardSeen" or "misdeal", got ${describe(ground)}`, {
      path: 'ground',
    });
  if (!g.duringPlay && at > 0)
    return fail('INVALID_ACTION', `a new deal for ${describe(ground)} is claimed before the first card is played (${g.law})`, { path: 'ground' });
  if (g.adversaries && sideOf(s) === sideOf(dealer))
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on the dealer's side: the dealer's adversaries claim this new deal (${g.law})`, { path: 'seat' });
  if (ground === 'callNotAtEight' || ground === 'wrongCall' || ground === 'callAfterPlaying') {
    const faulty = callsOf(e).some((c) => sideOf(seatNumber(c.call.seat)) !== sideOf(s) && callFault(hand, c.call, score, c.answered) === ground);
    if (!faulty) return fail('INVALID_ACTION', `the other side made no such call of honours: no new deal for it (${g.law})`, { path: 'ground' });
  }
  return added(e, { type: 'newDeal', at, seat, ground, law: g.law }, true);
}
