/**
 * Every kind of action at a table, in one registry: for each, the fields an action carries, the fields its
 * event keeps in a hand's log, who may send it (a client, for the seat the server authenticated, or the
 * server alone), the law and edition it is ruled by (the text its event's `law` keeps), and its step.
 * Everything that lists or dispatches kinds reads this registry: {@link apply} and {@link clientAction}
 * (the fields allowed, who sends), {@link parseTable} (the fields and law of each logged event), and the
 * step of an event said in a hand ({@link stepEvent}).
 *
 * Adding an action of the laws touches its family's module (`laws/*.ts`: its step, what it binds) and its
 * row here.
 *
 * @module
 * @internal
 */

import { describe, fail } from '../errors.js';
import type { Progress } from '../hand/progress.js';
import { type BySide, isSeat, SEAT_NAMES } from '../seats.js';
import { callRefusal } from './calls.js';
import { stepAnswer, stepClaim, stepRuleClaim } from './claims.js';
import { type HandEvents, pendingClaim, type Refusal, type StepContext } from './events.js';
import { CALL_LAW, stepExposed } from './exposed.js';
import { ASK_LAW, CORRECTION_LAW, stepAskHavingNone, stepCallLedSuit, stepCorrectRevoke } from './laws/correction.js';
import { CALLING_LAW, stepAnswerCall, stepCallHonours } from './laws/honours.js';
import { SUIT_CALL_LAW, stepCallSuit, stepFalseLead, stepLeadOutOfTurn } from './laws/lead-out-of-turn.js';
import { NEW_DEAL_GROUNDS, stepNewDeal } from './laws/new-deal.js';
import { PLAY_OUT_OF_TURN_LAW, stepCallWin, stepPlayOutOfTurn } from './laws/out-of-turn.js';
import { stepCallTrump, stepTrumpCard, TRUMP_CALL_LAW } from './laws/trump-card.js';
import { REVOKE_LAW } from './revokes.js';
import type { NewDealGround, TableAction } from './types.js';

/** The step of an event said in a hand: the events after it, or its refusal. */
export type EventStep = (c: StepContext, action: Record<string, unknown>) => HandEvents | Refusal;

/** Where a kind's rule lives: the table itself (deal, play, rubber), claims, revokes, exposed cards, or a family of the laws. */
export type KindFamily = 'table' | 'claims' | 'revokes' | 'exposed' | 'newDeal' | 'leadOutOfTurn' | 'outOfTurn' | 'trumpCard' | 'correction' | 'honours';

/** One kind of action, and of the event it makes. */
export interface ActionKind {
  /** The fields an action of this kind carries besides `type`, in order: `seat` first where it has one. */
  readonly fields: readonly string[];
  /** The fields its event keeps in a hand's log besides `type`, in order (`at` first); `null` for an action that is no event (a deal, a card, a new rubber). */
  readonly logged: readonly string[] | null;
  /** Who may send it: a client (for the seat the server authenticated), or the server alone. */
  readonly sender: 'client' | 'server';
  /** The law and edition it is ruled by, as its event's `law` keeps it; by the event where it depends on it (a new deal's ground); `null` where the event keeps none. */
  readonly law: string | ((event: Record<string, unknown>) => string | undefined) | null;
  /** Where its rule lives. */
  readonly family: KindFamily;
  /** Said only under rules that rule on irregularities, and not while a claim awaits its answer. */
  readonly ruled: boolean;
  /** Its step in a hand; `null` where the table steps it itself (see `progress.ts`). */
  readonly step: EventStep | null;
  /** Said also once the hand's last card is played, before anything ends it (a revoke in the last trick corrected, law 73). */
  readonly afterLastCard?: true;
}

const groundLaw = (event: Record<string, unknown>): string | undefined =>
  typeof event.ground === 'string' && Object.hasOwn(NEW_DEAL_GROUNDS, event.ground) ? NEW_DEAL_GROUNDS[event.ground as NewDealGround].law : undefined;

/** A kind of the laws: said by a client for its seat, under ruled rules. */
function law(
  family: KindFamily,
  fields: readonly string[],
  logged: readonly string[],
  lawText: ActionKind['law'],
  step: EventStep,
  afterLastCard = false,
): ActionKind {
  const kind: ActionKind = { fields: ['seat', ...fields], logged: ['at', 'seat', ...logged], sender: 'client', law: lawText, family, ruled: true, step };
  return afterLastCard ? { ...kind, afterLastCard } : kind;
}

/** The registry: every kind of action at a table. */
export const ACTION_KINDS: Readonly<Record<TableAction['type'], ActionKind>> = /* @__PURE__ */ Object.freeze({
  deal: { fields: [], logged: null, sender: 'server', law: null, family: 'table', ruled: false, step: null },
  play: { fields: ['seat', 'card'], logged: null, sender: 'client', law: null, family: 'table', ruled: false, step: null },
  newRubber: { fields: [], logged: null, sender: 'client', law: null, family: 'table', ruled: false, step: null },
  claim: { fields: ['seat', 'tricks'], logged: ['at', 'seat', 'tricks'], sender: 'client', law: null, family: 'claims', ruled: false, step: stepClaim },
  concede: { fields: ['seat', 'tricks'], logged: ['at', 'seat', 'tricks'], sender: 'client', law: null, family: 'claims', ruled: false, step: stepClaim },
  acceptClaim: { fields: ['seat'], logged: ['at', 'seat'], sender: 'client', law: null, family: 'claims', ruled: false, step: stepAnswer },
  refuseClaim: { fields: ['seat'], logged: ['at', 'seat'], sender: 'client', law: null, family: 'claims', ruled: false, step: stepAnswer },
  ruleClaim: { fields: ['holds'], logged: ['at', 'holds'], sender: 'server', law: null, family: 'claims', ruled: false, step: stepRuleClaim },
  claimRevoke: {
    fields: ['seat', 'card', 'penalty'],
    logged: ['at', 'seat', 'card', 'penalty', 'law'],
    sender: 'client',
    law: REVOKE_LAW,
    family: 'revokes',
    ruled: false,
    step: null,
  },
  expose: { fields: ['seat', 'card'], logged: ['at', 'seat', 'card'], sender: 'client', law: null, family: 'exposed', ruled: true, step: stepExposed },
  callCard: {
    fields: ['seat', 'card'],
    logged: ['at', 'seat', 'card', 'law'],
    sender: 'client',
    law: CALL_LAW,
    family: 'exposed',
    ruled: true,
    step: stepExposed,
  },
  newDeal: /* @__PURE__ */ law('newDeal', ['ground'], ['ground', 'law'], groundLaw, stepNewDeal),
  leadOutOfTurn: /* @__PURE__ */ law('leadOutOfTurn', ['card'], ['card'], null, stepLeadOutOfTurn),
  playToFalseLead: /* @__PURE__ */ law('leadOutOfTurn', ['card'], ['card'], null, (c, a) => stepFalseLead(c.hand, c.e, c.seat, a.card, c.callRefusal)),
  callSuit: /* @__PURE__ */ law('leadOutOfTurn', ['suit'], ['suit', 'law'], SUIT_CALL_LAW, stepCallSuit),
  nameTrumpCard: /* @__PURE__ */ law('trumpCard', [], [], null, stepTrumpCard),
  forgetTrumpCard: /* @__PURE__ */ law('trumpCard', [], [], null, stepTrumpCard),
  callTrump: /* @__PURE__ */ law('trumpCard', ['which'], ['which', 'law'], TRUMP_CALL_LAW, stepCallTrump),
  // Said of a card already played: the table finds it, and a correction takes the hand back to it.
  correctRevoke: /* @__PURE__ */ law('correction', [], ['card', 'withdrawn', 'law'], CORRECTION_LAW, stepCorrectRevoke, true),
  askHavingNone: /* @__PURE__ */ law('correction', [], ['card', 'law'], ASK_LAW, stepAskHavingNone),
  callLedSuit: /* @__PURE__ */ law('correction', ['which'], ['which', 'law'], CORRECTION_LAW, stepCallLedSuit),
  callHonours: /* @__PURE__ */ law('honours', [], ['law'], CALLING_LAW, stepCallHonours),
  answerCall: /* @__PURE__ */ law('honours', [], ['law'], CALLING_LAW, stepAnswerCall),
  playOutOfTurn: /* @__PURE__ */ law('outOfTurn', ['card'], ['card'], null, stepPlayOutOfTurn),
  callWin: /* @__PURE__ */ law('outOfTurn', ['win'], ['win', 'law'], PLAY_OUT_OF_TURN_LAW, stepCallWin),
});

/** The kind of an action's `type`, or `undefined`: own kinds only (not `toString`), and only for a string. */
export function kindOf(type: unknown): ActionKind | undefined {
  return typeof type === 'string' && Object.hasOwn(ACTION_KINDS, type) ? ACTION_KINDS[type as TableAction['type']] : undefined;
}

/** Whether `type` is a kind whose event a hand's log keeps. */
export function isHandEvent(type: unknown): boolean {
  return kindOf(type)?.logged != null;
}

/** Whether `type` is a kind of one of the families of the laws (`laws/*.ts`). */
export function isLawEvent(type: unknown): boolean {
  const family = kindOf(type)?.family;
  return family !== undefined && family !== 'table' && family !== 'claims' && family !== 'revokes' && family !== 'exposed';
}

/** The law an event of this kind must cite, by the event; `undefined` when it cites none, `null` when what it says (a ground) names none. */
export function lawOfEvent(type: string, event: Record<string, unknown>): string | null | undefined {
  const l = kindOf(type)?.law ?? null;
  if (l === null) return undefined;
  return typeof l === 'string' ? l : (l(event) ?? null);
}

/**
 * The events after one more, checked against the hand in progress: its kind's step, after what every kind
 * shares (a hand being played, a seat that is a seat, and for the kinds of the laws and exposed cards, rules
 * that rule on irregularities and no claim awaiting its answer). `action` is a plain object whose `type` is
 * a kind with a step.
 */
export function stepEvent(hand: Progress, e: HandEvents, action: Record<string, unknown>, score: BySide | null = null): HandEvents | Refusal {
  const kind = kindOf(action.type);
  if (kind === undefined || kind.step === null) return fail('INVALID_ACTION', `unknown action type ${describe(action.type)}`, { path: 'type' });
  if (e.ended || (hand.turn < 0 && kind.afterLastCard !== true)) return fail('INVALID_ACTION', 'no hand is being played: the hand is over', { path: 'type' });
  const seat = action.seat;
  if (kind.fields[0] === 'seat' && !isSeat(seat)) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  if (kind.ruled) {
    if (hand.fixed.rules.irregularities !== 'ruled')
      return fail('INVALID_ACTION', 'these rules refuse irregularities: play goes by the rules alone', { path: 'type' });
    const open = pendingClaim(e);
    if (open !== null) return fail('CLAIM_PENDING', `${SEAT_NAMES[open.event.seat]}'s claim awaits an answer`, { path: 'type' });
  }
  return kind.step({ hand, e, seat: seat as StepContext['seat'], score, callRefusal }, action);
}
