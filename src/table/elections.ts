/**
 * The elections open to a side after an irregularity (Laws of Short Whist (1864), law 84: either partner
 * elects, and his election is final).
 *
 * @module
 * @internal
 */

import type { Card } from '../cards.js';
import type { Progress } from '../hand/progress.js';
import { type BySide, type Seat, type Side, seatNumber } from '../seats.js';
import { type HandEvents, sideOfNumber as sideOf } from './events.js';
import { CORRECTION_LAW } from './laws/correction.js';
import { callFault, callsOf } from './laws/honours.js';
import { falseLead, SUIT_CALL_LAW } from './laws/lead-out-of-turn.js';
import { NEW_DEAL_GROUNDS } from './laws/new-deal.js';
import { PLAY_OUT_OF_TURN_LAW } from './laws/out-of-turn.js';
import { TRUMP_CALL_LAW, trumpOffences } from './laws/trump-card.js';

/** An election open to a side: the actions it may take, about a card or not, and the law that gives the choice. */
export interface Election {
  readonly side: Side;
  readonly actions: readonly string[];
  readonly card: Card | null;
  readonly law: string;
}

/**
 * The elections open now in a hand being played (the other side's choices after an irregularity; law 84:
 * either partner elects, and his election is final): a card led out of turn (call it, or call a suit), a
 * revoke corrected (call the card, or the highest or lowest of the suit led), a card played out of turn by
 * the fourth hand (call the second to win or not), an exposed card not called, the trump card named or
 * forgotten, and in Long Whist a faulty call of honours (a new deal).
 */
export function openElections(hand: Progress, e: HandEvents, score: BySide | null, exposed: readonly { seat: Seat; card: Card }[]): Election[] {
  const out: Election[] = [];
  const at = hand.count;
  const last = e.list[e.list.length - 1];
  const other = (seat: Seat): Side => (sideOf(seatNumber(seat)) === 'NS' ? 'EW' : 'NS');
  let special: Card | null = null;
  const lead = falseLead(hand, e)?.lead;
  if (lead !== undefined) {
    out.push({ side: other(lead.seat), actions: ['callCard', 'callSuit'], card: lead.card, law: SUIT_CALL_LAW });
    special = lead.card;
  } else if (last?.type === 'correctRevoke' && last.at === at) {
    out.push({ side: other(last.seat), actions: ['callCard', 'callLedSuit'], card: last.card, law: CORRECTION_LAW });
    special = last.card;
  } else if (last?.type === 'playOutOfTurn' && last.at === at && (at & 3) === 1 && seatNumber(last.seat) === ((hand.turn + 2) & 3))
    out.push({ side: other(last.seat), actions: ['callWin'], card: last.card, law: PLAY_OUT_OF_TURN_LAW });
  const called = new Set(e.list.flatMap((x) => (x.type === 'callCard' ? [x.card] : [])));
  for (const x of exposed)
    if (x.card !== special && !called.has(x.card))
      out.push({ side: other(x.seat), actions: ['callCard'], card: x.card, law: 'Laws of Short Whist (1864), laws 56, 65' });
  for (const o of trumpOffences(e)) if (o.called === null) out.push({ side: other(o.seat), actions: ['callTrump'], card: null, law: TRUMP_CALL_LAW });
  for (const c of callsOf(e)) {
    const fault = callFault(hand, c.call, score, c.answered);
    if (fault !== null && (fault !== 'wrongCall' || c.answered) && !e.list.some((x) => x.type === 'newDeal'))
      out.push({ side: other(c.call.seat), actions: ['newDeal'], card: null, law: NEW_DEAL_GROUNDS[fault].law });
  }
  return out;
}
