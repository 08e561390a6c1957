import { fail } from '../../errors.js';
import type { Progress } from '../../hand/progress.js';
import { type BySide, type Seat, seatNumber } from '../../seats.js';
import { added, HandEvents, type Refusal, type StepContext, sideOfNumber as sideOf } from '../events.js';
import type { HandEvent, NewDealGround } from '../types.js';

/** The law a call of honours and its answer cite. */
export const CALLING_LAW = "Hoyle's laws of Long Whist, laws 16-21";

/** Whether the rules are Long Whist's, where honours are called at eight: a game of ten, honours held and not counted at nine, irregularities ruled. */
export function callingAllowed(rules: Progress['fixed']['rules']): boolean {
  const h = rules.honours;
  return rules.irregularities === 'ruled' && rules.target === 10 && h !== null && h.basis === 'held' && h.restriction === 'barred';
}

/** The honours a seat number was dealt. */
function honoursOf(hand: Progress, s: number): number {
  const h = hand.fixed.rules.honours;
  const trump = hand.fixed.trump;
  if (h === null || trump < 0) return 0;
  const dealt = hand.fixed.dealt[(s << 2) | trump] as number;
  let n = 0;
  for (const rank of h.cards) if ((dealt & (1 << (12 - 'AKQJT98765432'.indexOf(rank)))) !== 0) n++;
  return n;
}

/** What is wrong with a side's call of honours, by the law that says so; `null` for a call at eight, before the caller played, with the honours. */
export function callFault(hand: Progress, call: HandEvent & { seat: Seat }, score: BySide | null, answered: boolean): NewDealGround | null {
  const s = seatNumber(call.seat);
  const side = sideOf(s);
  const target = hand.fixed.rules.target;
  if (score === null || score[side] !== target - 2) return 'callNotAtEight';
  if (call.at > firstCardOf(hand, s)) return 'callAfterPlaying';
  if (!answered) return null;
  const points = hand.fixed.rules.honours?.points ?? [];
  const held = honoursOf(hand, s) + honoursOf(hand, (s + 2) & 3);
  if (honoursOf(hand, (s + 2) & 3) === 0 || (points[held] ?? 0) < 2) return 'wrongCall';
  return null;
}

/**
 * What seat `s` may say of honours now, as the laws mean it (Hoyle's laws of Long Whist, 19): `call` when its
 * side is at eight, it has not played to the hand, it holds two honours or more and its side has not called;
 * `answer` when its partner called, it has not answered and it holds an honour; else `null`.
 */
export function honoursCallFor(hand: Progress, e: HandEvents, score: BySide, s: number): 'call' | 'answer' | null {
  if (!callingAllowed(hand.fixed.rules) || hand.turn < 0) return null;
  const calls = callsOf(e);
  const partner = (s + 2) & 3;
  if (calls.some((c) => !c.answered && seatNumber(c.call.seat) === partner)) return honoursOf(hand, s) >= 1 ? 'answer' : null;
  if (calls.some((c) => sideOf(seatNumber(c.call.seat)) === sideOf(s))) return null;
  if (hand.count > firstCardOf(hand, s) || score[sideOf(s)] !== hand.fixed.rules.target - 2) return null;
  return honoursOf(hand, s) >= 2 ? 'call' : null;
}

/** The place of seat `s`'s first card in the hand: eldest hand's is 0, the dealer's 3. */
function firstCardOf(hand: Progress, s: number): number {
  return (s - seatNumber(hand.fixed.dealer) - 1) & 3;
}

/** The calls of honours in the hand, each with whether it was answered. */
export function callsOf(e: HandEvents): { call: HandEvent & { seat: Seat }; answered: boolean }[] {
  const out: { call: HandEvent & { seat: Seat }; answered: boolean }[] = [];
  for (const x of e.list) {
    if (x.type === 'callHonours') out.push({ call: x, answered: false });
    else if (x.type === 'answerCall') {
      const c = out.find((y) => !y.answered && seatNumber(y.call.seat) === ((seatNumber(x.seat) + 2) & 3));
      if (c !== undefined) c.answered = true;
    }
  }
  return out;
}

/** Honours called at the point of eight, "can you one?" (Hoyle's laws of Long Whist, 16-21). */
export function stepCallHonours(c: StepContext, _action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  if (!callingAllowed(hand.fixed.rules))
    return fail('INVALID_ACTION', 'honours are called only in Long Whist: a game of ten, honours not counted at nine (Hoyle, laws 16-21)', {
      path: 'type',
    });
  if (callsOf(e).some((c) => sideOf(seatNumber(c.call.seat)) === sideOf(s))) return fail('INVALID_ACTION', 'your side has called already', { path: 'type' });
  return added(e, { type: 'callHonours', at, seat, law: CALLING_LAW });
}

/** A partner's answer to a call of honours (Hoyle's laws of Long Whist, 19-20). */
export function stepAnswerCall(c: StepContext, _action: Record<string, unknown>): HandEvents | Refusal {
  const { hand, e, seat, score } = c;
  const at = hand.count;
  const s = seatNumber(seat);
  const open = callsOf(e).find((c) => !c.answered && seatNumber(c.call.seat) === ((s + 2) & 3));
  if (open === undefined) return fail('INVALID_ACTION', 'your partner has not called: there is nothing to answer', { path: 'type' });
  const event: HandEvent = { type: 'answerCall', at, seat, law: CALLING_LAW };
  if (callFault(hand, open.call, score, true) !== null) return added(e, event);
  // Called at eight with the honours: the game is won, the hand not played (Hoyle, laws 19-20).
  return new HandEvents(Object.freeze([...e.list, Object.freeze(event)]), e.pending, e.accepted, e.shown, e.settled, e.penalties, e.voided, true);
}
