/**
 * Checking bridge deal records against the Whist engine: each record is replayed ({@link replay}, the one
 * implementation of a record played as a Whist hand), so each illegal play is found with the engine's own
 * error code, and each fully played deal's trick count is set against the record's result. Over thousands of
 * real records this checks the engine's rules of play (follow suit, trick winners) against the world's.
 *
 * @module
 */

import { type Card, isCard } from '../../cards.js';
import { describe, type ErrorCode, guard, ok, onlyWhistErrors, type Result, WhistError } from '../../errors.js';
import { type HandState, tricksWon } from '../../hand/index.js';
import { type Rules, SHORT_WHIST, validateRules } from '../../rules.js';
import { type BySide, isSeat, type Seat, sideOf } from '../../seats.js';
import { countShown, dealRecord, type Playable, readPlayable, replay } from './play.js';
import type { DealRecord } from './record.js';

/**
 * How replaying a record ended.
 * - `passedOut`: no contract was played (the deal is still checked for 52 distinct cards).
 * - `noContract`: the record gives no contract, so there is nothing to play.
 * - `badDeal`: the engine refused the deal itself (no full deal, a duplicate card, a seat not given 13 cards …).
 * - `illegal`: the engine refused a play.
 * - `complete`: all 13 tricks were played.
 * - `partial`: the record's play stops early (a claim, or play not recorded).
 *
 * @group Records
 */
export type RecordCheckStatus = 'passedOut' | 'noContract' | 'badDeal' | 'illegal' | 'complete' | 'partial';

/**
 * The engine's refusal of a record's deal or of one of its plays, with where it happened.
 *
 * @group Records
 */
export interface RecordRefusal {
  /** The engine's error code, e.g. `MUST_FOLLOW_SUIT` or `DUPLICATE_CARD`. */
  readonly code: ErrorCode;
  /** The engine's message. */
  readonly message: string;
  /** The seat that played, or the seat concerned by a deal error, if any. */
  readonly seat: Seat | null;
  /** The card refused, or the card concerned by a deal error, if any. */
  readonly card: Card | null;
  /** How many cards had been played before the refused one (so 0 is the opening lead); `null` for a deal error. */
  readonly playIndex: number | null;
  /** The trick of the refused play, 1-13 as players count them (14 for a card after the last trick); `null` for a deal error. */
  readonly trick: number | null;
}

/**
 * What replaying one record found.
 *
 * @group Records
 */
export interface RecordCheck {
  /** The record's label. */
  readonly label: string;
  /** How the replay ended. */
  readonly status: RecordCheckStatus;
  /** How many cards the engine accepted. */
  readonly played: number;
  /** Cards the record shows that were not played (after a card it does not show, an illegal play, or beyond 13 tricks). */
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
  readonly refusal: RecordRefusal | null;
}

/**
 * Totals over many checked records, see {@link totalChecks}.
 *
 * @group Records
 */
export interface CheckTotals {
  /** Records checked. */
  readonly records: number;
  /** Cards the engine accepted, over all records. */
  readonly played: number;
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

const NO_TRICKS: BySide = Object.freeze({ NS: 0, EW: 0 });

function isConsistent(status: RecordCheckStatus, tricks: BySide, record: Playable): boolean {
  if (status === 'illegal' || status === 'badDeal') return false;
  const { contract, result } = record;
  if (contract === null || result === null) return true;
  const declarer = tricks[sideOf(contract.declarer)];
  const defence = tricks.NS + tricks.EW - declarer;
  if (status === 'complete') return declarer === result;
  return declarer <= result && defence <= 13 - result;
}

function checked(
  record: Playable,
  status: RecordCheckStatus,
  state: HandState | null,
  played: number,
  unplayed: number,
  refusal: RecordRefusal | null,
): RecordCheck {
  const tricks = state === null ? NO_TRICKS : tricksWon(state);
  const { contract } = record;
  return {
    label: record.label,
    status,
    played,
    unplayed,
    tricks,
    declarerTricks: contract === null || state === null ? null : tricks[sideOf(contract.declarer)],
    result: record.result,
    consistent: isConsistent(status, tricks, record),
    refusal,
  };
}

/** Replays a record read and checked by {@link readPlayable}, under validated rules. */
function check(record: Playable, rules: Rules): RecordCheck {
  const dealt = dealRecord(record, rules);
  if (!dealt.ok) {
    const { code, message, seat, card } = dealt.error;
    const refusal: RecordRefusal = { code, message, seat: isSeat(seat) ? seat : null, card: isCard(card) ? card : null, playIndex: null, trick: null };
    return checked(record, 'badDeal', null, 0, countShown(record.plays), refusal);
  }
  if (record.contract === null) return checked(record, record.passedOut ? 'passedOut' : 'noContract', dealt.value, 0, countShown(record.plays), null);
  const run = replay(dealt.value, record.plays);
  const refusal: RecordRefusal | null =
    run.refusal === null
      ? null
      : {
          code: run.refusal.code,
          message: run.refusal.message,
          seat: run.refusal.seat,
          card: run.refusal.card,
          playIndex: run.refusal.index,
          trick: run.refusal.trick,
        };
  const status = refusal !== null ? 'illegal' : run.played === 52 ? 'complete' : 'partial';
  return checked(record, status, run.state, run.played, run.shown - run.played, refusal);
}

/**
 * Checks one record against the engine by replaying it.
 *
 * The record's cards are dealt with declarer as dealer and the contract's strain as trump; then, while the
 * record shows a card for the seat to play, that card is played. The first refusal stops the replay. The
 * tricks taken are set against the record's result.
 *
 * @param record - a record from `parsePbn` or `parseLin`
 * @param rules - the rules to play under (only following suit and winning tricks matter here); default {@link SHORT_WHIST}
 * @returns `{ ok: true, value: check }` with a {@link RecordCheck}, or `{ ok: false, error }` with code
 *   `INVALID_RULES`, or `INVALID_ARGUMENT` for a value that is not a record. Never throws.
 * @example
 * ```ts
 * import { checkRecord, parsePbn } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n';
 * const parsed = parsePbn(text, { source: 'example.pbn' });
 * const check = parsed.ok ? checkRecord(parsed.value[0]!) : parsed;
 * check.ok && check.value.status; // 'partial'
 * check.ok && check.value.tricks; // { NS: 1, EW: 0 }
 * check.ok && check.value.consistent; // true
 * ```
 * @remarks Source: PBN 2.1, 3.6 (play by seat from the opening leader); Laws of Short Whist (1864) and «Whist»
 *   (2012) (eldest hand leads; follow suit; the trick's winner leads next).
 * @group Records
 */
export function checkRecord(record: DealRecord, rules: Rules = SHORT_WHIST): Result<RecordCheck, 'INVALID_ARGUMENT' | 'INVALID_RULES'> {
  const valid = validateRules(rules);
  if (!valid.ok) return valid;
  return guard(() => {
    const read = readPlayable(record);
    return 'ok' in read ? read : ok(check(read, valid.value));
  }, 'the record');
}

/**
 * Totals over many checked records: records, plays checked, complete deals, how many match their record's
 * result, illegal plays, bad deals, passed-out deals.
 *
 * @param checks - checks from {@link checkRecord}
 * @returns the {@link CheckTotals}
 * @throws `WhistError` (from `whist`) `INVALID_ARGUMENT` when `checks` is not a list of checks
 * @example
 * ```ts
 * import { checkRecord, parsePbn, totalChecks } from 'whist/records';
 *
 * const text = '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\n*\n';
 * const records = parsePbn(text);
 * const checks = records.ok ? records.value.flatMap((r) => { const c = checkRecord(r); return c.ok ? [c.value] : []; }) : [];
 * totalChecks(checks).partial; // 1
 * ```
 * @group Records
 */
export function totalChecks(checks: readonly RecordCheck[]): CheckTotals {
  return onlyWhistErrors(() => {
    if (!Array.isArray(checks))
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: `checks must be an array of record checks, got ${describe(checks)}` });
    const list: readonly RecordCheck[] = Array.from(checks);
    const count = (test: (c: RecordCheck) => boolean): number => list.filter(test).length;
    const withResult = (c: RecordCheck): boolean => c.status === 'complete' && c.result !== null;
    return {
      records: list.length,
      played: list.reduce((n, c) => n + c.played, 0),
      complete: count((c) => c.status === 'complete'),
      matched: count((c) => withResult(c) && c.declarerTricks === c.result),
      mismatched: count((c) => withResult(c) && c.declarerTricks !== c.result),
      partial: count((c) => c.status === 'partial'),
      claimsExceeded: count((c) => c.status === 'partial' && !c.consistent),
      illegal: count((c) => c.status === 'illegal'),
      badDeals: count((c) => c.status === 'badDeal'),
      passedOut: count((c) => c.status === 'passedOut'),
      noContract: count((c) => c.status === 'noContract'),
    };
  }, 'the checks');
}
