/**
 * Replays bridge deal records through the Whist engine: every card the record shows is offered to
 * {@link play}, so each illegal play is found with the engine's own error code, and each fully played deal's
 * trick count can be set against the record's result.
 *
 * How a bridge record becomes a Whist hand: declarer is the Whist dealer, so the opening leader (declarer's
 * left) is eldest hand and leads first, as in the Laws of Short Whist (1864) and «Whist» (2012); the contract's
 * strain is trump, `null` in no-trump. Bidding, dummy and scoring have no part in it. Revokes are never accepted
 * (Laws of Short Whist, laws 71-82, as the engine
 * applies them): a record that shows one is refused at that card with `MUST_FOLLOW_SUIT`.
 *
 * PBN Play sections list each trick by seat, not in play order (PBN 2.1, 3.6). The replayer rebuilds the order
 * trick by trick: it asks the engine whose turn it is ({@link currentSeat}) and takes that seat's card from
 * the trick's row. An unknown card (`-`) ends the replay there (a claim, or play not recorded). LIN plays are
 * in order already; the engine decides whose card each one is.
 *
 * @module
 */

import type { Card } from '../cards.js';
import { describe, type ErrorCode, guard, ok, onlyWhistErrors, type Result, WhistError } from '../errors.js';
import { completedTricks, currentSeat, deal, type HandState, play, tricksWon } from '../hand.js';
import { type Rules, SHORT_WHIST, validateRules } from '../rules.js';
import { type BySeat, type BySide, type Seat, sideOf } from '../seats.js';
import type { Contract, DealRecord } from './pbn.js';

/**
 * How a replay ended.
 * - `passedOut`: no contract was played (the deal is still checked for 52 distinct cards).
 * - `noContract`: the record gives no contract, so there is nothing to replay.
 * - `badDeal`: the engine refused the deal itself (no full deal, a duplicate card, a hand not of 13 cards …).
 * - `illegal`: the engine refused a play.
 * - `complete`: all 13 tricks were played.
 * - `partial`: the record's play stops early (a claim, or play not recorded).
 * @group Records
 */
export type ReplayStatus = 'passedOut' | 'noContract' | 'badDeal' | 'illegal' | 'complete' | 'partial';

/**
 * The engine's refusal of a record's deal or play, with where it happened.
 *
 * @group Records
 */
export interface ReplayError {
  /** The engine's error code, e.g. `MUST_FOLLOW_SUIT` or `DUPLICATE_CARD`. */
  readonly code: ErrorCode;
  /** The engine's message. */
  readonly message: string;
  /** The seat that played, or the seat concerned by a deal error, if any. */
  readonly seat: string | null;
  /** The card refused, if any. */
  readonly card: string | null;
  /** How many cards had been played before the refused one (so 0 is the opening lead); `null` for a deal error. */
  readonly playIndex: number | null;
  /** The trick of the refused play, 1-13 as players count them; `null` for a deal error. */
  readonly trick: number | null;
}

/**
 * What replaying one record found.
 *
 * @group Records
 */
export interface ReplayOutcome {
  /** The record's label. */
  readonly label: string;
  /** How the replay ended. */
  readonly status: ReplayStatus;
  /** The plays the engine accepted. */
  readonly plays: number;
  /** Cards the record shows that were not replayed (after an unknown card, an illegal play, or beyond 13 tricks). */
  readonly unplayed: number;
  /** Tricks won by each side in the replay. */
  readonly tricks: BySide;
  /** Declarer's side's tricks in the replay, or `null` without a contract or a deal. */
  readonly declarerTricks: number | null;
  /** Declarer's total tricks as the record states them, or `null`. */
  readonly result: number | null;
  /**
   * Whether the record agrees with itself as far as the replay can tell: a complete deal's tricks equal its
   * result; a partial deal's tricks so far fit within its result (declarer has no more than the result, the
   * defence no more than 13 minus it); a deal without a result, a passed-out deal and one without contract
   * agree trivially; an illegal play or a bad deal never do.
   */
  readonly consistent: boolean;
  /** The first refusal, or `null`. */
  readonly error: ReplayError | null;
}

/**
 * Totals over many replays, see {@link summarize}.
 *
 * @group Records
 */
export interface ReplaySummary {
  /** Records replayed. */
  readonly deals: number;
  /** Plays the engine accepted, over all records. */
  readonly plays: number;
  /** Deals played through all 13 tricks. */
  readonly complete: number;
  /** Complete deals whose tricks equal the record's result. */
  readonly matched: number;
  /** Complete deals whose tricks differ from the record's result. */
  readonly mismatched: number;
  /** Deals whose play stops early. */
  readonly partial: number;
  /** Partial deals whose tricks so far do not fit the record's result. */
  readonly claimsExceeded: number;
  /** Deals with a play the engine refused. */
  readonly illegal: number;
  /** Deals the engine refused to deal. */
  readonly badDeals: number;
  /** Deals passed out. */
  readonly passedOut: number;
  /** Deals without a contract. */
  readonly noContract: number;
}

/** The next card the record shows for the seat to play, or `undefined` when it shows none. */
type CardSource = (state: HandState, seat: Seat, plays: number) => string | undefined;

interface PlayPlan {
  readonly next: CardSource;
  /** All cards the record shows. */
  readonly total: number;
  /** The first card shown after the 13th trick, with its seat when the record gives it, if any. */
  readonly extra: { seat: Seat | null; card: string } | null;
}

function planOf(record: DealRecord): PlayPlan {
  const p = record.play;
  if (p.order === 'sequence') {
    const extra = p.cards[52];
    return { next: (_s, _seat, plays) => p.cards[plays], total: p.cards.length, extra: extra === undefined ? null : { seat: null, card: extra } };
  }
  const total = p.tricks.reduce((n, row) => n + Object.keys(row).length, 0);
  const extraRow = p.tricks.slice(13).find((row) => Object.keys(row).length > 0);
  const extraSeat = extraRow ? (Object.keys(extraRow)[0] as Seat) : null;
  return {
    next: (state, seat) => p.tricks[completedTricks(state).length]?.[seat],
    total,
    extra: extraRow && extraSeat ? { seat: extraSeat, card: extraRow[extraSeat] as string } : null,
  };
}

const NO_TRICKS: BySide = Object.freeze({ NS: 0, EW: 0 });

function dealError(code: ErrorCode, message: string, seat: string | undefined, card: string | undefined): ReplayError {
  return { code, message, seat: seat ?? null, card: card ?? null, playIndex: null, trick: null };
}

/** Deals the record's hands with declarer as the Whist dealer, or the bridge dealer when there is no contract. */
function dealRecord(record: DealRecord, rules: Rules): { ok: true; value: HandState } | { ok: false; error: ReplayError } {
  if (record.hands === null) return { ok: false, error: dealError('INVALID_HAND', 'the record gives no full deal', undefined, undefined) };
  const dealer = record.contract?.declarer ?? record.dealer ?? 'N';
  // The record's cards are unchecked strings; the engine validates them here (INVALID_CARD, DUPLICATE_CARD, INVALID_HAND).
  const hands = record.hands as unknown as BySeat<readonly Card[]>;
  const dealt = deal(rules, { dealer, hands, trump: record.contract?.strain ?? null });
  if (dealt.ok) return { ok: true, value: dealt.value };
  const seat = dealt.error.seat ?? /^hands\.([NESW])/.exec(dealt.error.path ?? '')?.[1];
  return { ok: false, error: dealError(dealt.error.code, dealt.error.message, seat, dealt.error.card) };
}

function isConsistent(status: ReplayStatus, tricks: BySide, contract: Contract | null, result: number | null): boolean {
  if (status === 'illegal' || status === 'badDeal') return false;
  if (contract === null || result === null) return true;
  const declarer = tricks[sideOf(contract.declarer)];
  const defence = tricks.NS + tricks.EW - declarer;
  if (status === 'complete') return declarer === result;
  return declarer <= result && defence <= 13 - result;
}

function outcome(record: DealRecord, status: ReplayStatus, state: HandState | null, plays: number, unplayed: number, error: ReplayError | null): ReplayOutcome {
  const tricks = state === null ? NO_TRICKS : tricksWon(state);
  const contract = record.contract;
  return {
    label: record.label,
    status,
    plays,
    unplayed,
    tricks,
    declarerTricks: contract === null || state === null ? null : tricks[sideOf(contract.declarer)],
    result: record.result,
    consistent: isConsistent(status, tricks, contract, record.result),
    error,
  };
}

/**
 * Replays one record through the engine.
 *
 * The hands are dealt with declarer as dealer and the contract's strain as trump; then, while the record shows
 * a card for the seat to play, that card is played. The first refusal stops the replay.
 *
 * @param record - a record from `parsePbn` or `parseLin`
 * @param rules - the rules to play under (only following suit and winning tricks matter here); default {@link SHORT_WHIST}
 * @returns `{ ok: true, value: outcome }` with a {@link ReplayOutcome}, or `{ ok: false, error }` with code
 *   `INVALID_RULES`, or `INVALID_ARGUMENT` for a value that is not a record. Never throws.
 * @example
 * ```ts
 * import { parsePbn, replayRecord } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n';
 * const parsed = parsePbn(text, { source: 'example.pbn' });
 * const out = parsed.ok ? replayRecord(parsed.value[0]!) : parsed;
 * out.ok && out.value.status; // 'partial'
 * out.ok && out.value.tricks; // { NS: 1, EW: 0 }
 * ```
 * @remarks Source: PBN 2.1, 3.6 (play by seat from the opening leader); Laws of Short Whist (1864) and «Whist»
 *   (2012) (eldest hand leads; follow suit; the trick's winner leads next).
 * @group Records
 */
export function replayRecord(record: DealRecord, rules: Rules = SHORT_WHIST): Result<ReplayOutcome, 'INVALID_ARGUMENT' | 'INVALID_RULES'> {
  const checked = validateRules(rules);
  if (!checked.ok) return checked;
  return guard(() => ok(replayChecked(record, checked.value)), 'the record');
}

function replayChecked(record: DealRecord, rules: Rules): ReplayOutcome {
  if (typeof record !== 'object' || record === null) throw new Error('not a record');
  const plan = planOf(record);
  const dealt = dealRecord(record, rules);
  if (!dealt.ok) return outcome(record, 'badDeal', null, 0, plan.total, dealt.error);
  if (record.contract === null) return outcome(record, record.passedOut ? 'passedOut' : 'noContract', dealt.value, 0, plan.total, null);
  const run = playThrough(dealt.value, plan);
  const error = run.error ?? (run.status === 'complete' ? refuseExtra(run.state, plan) : null);
  return outcome(record, error ? 'illegal' : run.status, run.state, run.plays, plan.total - run.plays, error);
}

/** Plays the record's cards while it shows one for the seat to play; stops at the first refusal. */
function playThrough(start: HandState, plan: PlayPlan): { state: HandState; plays: number; status: 'complete' | 'partial'; error: ReplayError | null } {
  let state = start;
  let plays = 0;
  for (let seat = currentSeat(state); seat !== null; seat = currentSeat(state)) {
    const card = plan.next(state, seat, plays);
    if (card === undefined) return { state, plays, status: 'partial', error: null };
    const played = play(state, seat, card);
    if (!played.ok) {
      const trick = completedTricks(state).length + 1;
      return { state, plays, status: 'partial', error: { code: played.error.code, message: played.error.message, seat, card, playIndex: plays, trick } };
    }
    state = played.value;
    plays++;
  }
  return { state, plays, status: 'complete', error: null };
}

/** The engine's refusal (`HAND_COMPLETE`) of the first card a record shows after the 13th trick, if any. */
function refuseExtra(state: HandState, plan: PlayPlan): ReplayError | null {
  if (plan.extra === null) return null;
  const seat = plan.extra.seat ?? completedTricks(state)[12]?.winner ?? 'N';
  const refused = play(state, seat, plan.extra.card);
  if (refused.ok) return null;
  return { code: refused.error.code, message: refused.error.message, seat, card: plan.extra.card, playIndex: 52, trick: 14 };
}

/**
 * Totals over many replays: deals, plays checked, complete deals, how many match their record's result,
 * illegal plays, bad deals, passed-out deals.
 *
 * @param outcomes - replays from {@link replayRecord}
 * @returns a {@link ReplaySummary}
 * @throws `WhistError` (from `whist`) `INVALID_ARGUMENT` when `outcomes` is not a list of outcomes
 * @example
 * ```ts
 * import { parsePbn, replayRecord, summarize } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n';
 * const records = parsePbn(text);
 * const outcomes = records.ok ? records.value.flatMap((r) => { const o = replayRecord(r); return o.ok ? [o.value] : []; }) : [];
 * summarize(outcomes).partial; // 1
 * ```
 * @group Records
 */
export function summarize(outcomes: readonly ReplayOutcome[]): ReplaySummary {
  return onlyWhistErrors(() => {
    if (!Array.isArray(outcomes))
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: `outcomes must be an array of replay outcomes, got ${describe(outcomes)}` });
    return summaryOf(outcomes);
  }, 'the outcomes');
}

function summaryOf(outcomes: readonly ReplayOutcome[]): ReplaySummary {
  const count = (test: (o: ReplayOutcome) => boolean): number => outcomes.filter(test).length;
  const withResult = (o: ReplayOutcome): boolean => o.status === 'complete' && o.result !== null;
  return {
    deals: outcomes.length,
    plays: outcomes.reduce((n, o) => n + o.plays, 0),
    complete: count((o) => o.status === 'complete'),
    matched: count((o) => withResult(o) && o.declarerTricks === o.result),
    mismatched: count((o) => withResult(o) && o.declarerTricks !== o.result),
    partial: count((o) => o.status === 'partial'),
    claimsExceeded: count((o) => o.status === 'partial' && !o.consistent),
    illegal: count((o) => o.status === 'illegal'),
    badDeals: count((o) => o.status === 'badDeal'),
    passedOut: count((o) => o.status === 'passedOut'),
    noContract: count((o) => o.status === 'noContract'),
  };
}
