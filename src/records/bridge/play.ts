/**
 * A record played as a Whist hand: the one place that deals a record's cards and plays the cards it shows
 * through the engine (the record is *replayed*, [docs/glossary.md](https://github.com/whist-js/whist/blob/main/docs/glossary.md)). {@link playRecord} gives the hand after the
 * record's plays, `checkRecord` what replaying found, and `parseWhistPbn` replays each hand of a Whist record
 * with it.
 *
 * How a bridge record becomes a Whist hand: declarer is the Whist dealer, so the opening leader (declarer's
 * left) is eldest hand and leads first (Laws of Short Whist (1864); «Whist» (2012)); the contract's strain is
 * trump, `null` in no-trump. Bidding, dummy and scoring have no part in it.
 *
 * The order of play: LIN gives the cards in the order played. A PBN Play section lists each trick by seat,
 * from the opening leader, not in play order (PBN 2.1, section 3.6): the order is rebuilt trick by trick, by
 * asking the engine whose turn it is ({@link currentSeat}) and taking that seat's card from the trick's row.
 * A card the record does not show (PBN `-`, a LIN card that cannot be read) ends the play there, as a claim
 * does. Every card is judged by {@link play}: a revoke is refused with `MUST_FOLLOW_SUIT` (Laws of Short
 * Whist, laws 71-82, as the engine applies them), and a card shown after the thirteenth trick with
 * `HAND_COMPLETE`.
 *
 * @module
 */

import { type Card, isCard, type Suit } from '../../cards.js';
import { describe, fail, guard, ok, type Result, type WhistErrorInfo } from '../../errors.js';
import {
  currentSeat,
  type DealError,
  dealHand,
  type HandState,
  type LeadOutOfTurn,
  lastTrick,
  play,
  playedCards,
  progressOf,
  stateOfProgress,
} from '../../hand/index.js';
import { ledOutOfTurnBy } from '../../hand/progress.js';
import type { Deal } from '../../notation.js';
import type { Rules } from '../../rules.js';
import { isSeat, nextSeat, SEATS, type Seat, seatNumber } from '../../seats.js';
import { type Failure, mustBe } from '../text/arguments.js';
import type { DealRecord, RecordPlays, TrickRow } from './record.js';

/**
 * The error codes of {@link playRecord}.
 *
 * @group Records
 */
export type PlayRecordError =
  | 'INVALID_ARGUMENT'
  | 'INVALID_RULES'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'HAND_COMPLETE';

/** @internal The codes with which the engine refuses a card the record shows for the seat to play. */
export type RefusalCode = 'CARD_NOT_IN_HAND' | 'MUST_FOLLOW_SUIT' | 'HAND_COMPLETE';

/** @internal The first card the engine refused, and where. */
export interface Refusal {
  readonly code: RefusalCode;
  readonly message: string;
  readonly seat: Seat;
  readonly card: Card;
  /** The cards played before it: 0 for the opening lead, 52 for a card after the thirteenth trick. */
  readonly index: number;
  /** Its trick, counted from 1; 14 for a card after the thirteenth trick. */
  readonly trick: number;
}

/** @internal A card the record shows, where it stands in the record. */
export interface ShownCard {
  readonly card: Card;
  /** Its trick, counted from 1: its row in a PBN Play section; `(index >> 2) + 1` in LIN's order. */
  readonly trick: number;
  /** Its seat when the record gives it (a PBN row); `null` in LIN's order. */
  readonly seat: Seat | null;
  /** Its place in the record: `(trick - 1) * 4 + column` in a PBN Play section, the index in LIN's order. */
  readonly position: number;
}

/** @internal What replaying a record's cards gave. */
export interface Replay {
  /** The hand after the cards the engine accepted. */
  readonly state: HandState;
  /** How many cards the engine accepted. */
  readonly played: number;
  /** How many cards the record shows. */
  readonly shown: number;
  /** The card the engine refused, if any: a card in its turn, or the first card shown after the thirteenth trick. */
  readonly refusal: Refusal | null;
  /** The first card the record shows and the replay did not play, in the record's order (a refused card included). */
  readonly unplayed: ShownCard | null;
}

/** @internal The parts of a record that replaying reads, each read once and checked. */
export interface Playable {
  readonly label: string;
  readonly dealer: Seat | null;
  readonly deal: Deal | null;
  /** Why `deal` is `null` when the record gives a deal that is not four lists of cards. */
  readonly dealError: WhistErrorInfo<'INVALID_HAND' | 'INVALID_CARD'> | null;
  readonly contract: { readonly declarer: Seat; readonly strain: Suit | null } | null;
  readonly passedOut: boolean;
  readonly plays: RecordPlays;
  readonly result: number | null;
}

/** The most cards a record may show and still be replayed: PBN rows or LIN cards beyond it are not read. */
const MAX_SHOWN = 100_000;

/**
 * @internal A record as replaying reads it, from any value: each part read once and checked, so that what is
 * replayed is what was checked. `INVALID_ARGUMENT` for a value that is not a record (its `path` the part); a
 * deal that is not four lists of cards is kept as its `dealError`, for the engine's refusal of the deal. May
 * throw when reading the value throws: callers guard.
 */
export function readPlayable(value: unknown): Playable | Failure<'INVALID_ARGUMENT'> {
  if (typeof value !== 'object' || value === null) return mustBe('record', 'a deal record from parsePbn or parseLin', value);
  const r = value as Record<string, unknown>;
  const { label, dealer, deal, contract, passedOut, plays, result } = r;
  if (typeof label !== 'string') return mustBe('record.label', 'a string', label);
  if (dealer !== null && !isSeat(dealer)) return mustBe('record.dealer', 'a seat or null', dealer);
  if (typeof passedOut !== 'boolean') return mustBe('record.passedOut', 'true or false', passedOut);
  if (result !== null && !(typeof result === 'number' && Number.isInteger(result))) return mustBe('record.result', 'a number of tricks or null', result);
  let readContract: Playable['contract'] = null;
  if (contract !== null) {
    if (typeof contract !== 'object') return mustBe('record.contract', 'a contract or null', contract);
    const { declarer, strain } = contract as Record<string, unknown>;
    if (!isSeat(declarer)) return mustBe('record.contract.declarer', 'a seat', declarer);
    if (strain !== null && strain !== 'S' && strain !== 'H' && strain !== 'D' && strain !== 'C')
      return mustBe('record.contract.strain', 'a suit or null', strain);
    readContract = { declarer, strain };
  }
  const readDeal = readDealValue(deal);
  if ('ok' in readDeal && readDeal.error.code === 'INVALID_ARGUMENT') return readDeal as Failure<'INVALID_ARGUMENT'>;
  const readPlays = readPlaysValue(plays);
  if ('ok' in readPlays) return readPlays;
  const dealError = 'ok' in readDeal ? (readDeal.error as WhistErrorInfo<'INVALID_HAND' | 'INVALID_CARD'>) : null;
  return { label, dealer, deal: 'ok' in readDeal ? null : readDeal.deal, dealError, contract: readContract, passedOut, plays: readPlays, result };
}

function readDealValue(deal: unknown): { deal: Deal | null } | Failure<'INVALID_ARGUMENT' | 'INVALID_HAND' | 'INVALID_CARD'> {
  if (deal === null) return { deal: null };
  if (typeof deal !== 'object')
    return fail('INVALID_ARGUMENT', `record.deal must be the cards of each seat or null, got ${describe(deal)}`, { path: 'record.deal' });
  const out: Partial<Record<Seat, Card[]>> = {};
  for (const seat of SEATS) {
    const cards: unknown = (deal as Record<string, unknown>)[seat];
    if (!Array.isArray(cards) || cards.length > 52)
      return fail('INVALID_HAND', `record.deal.${seat} must be a list of cards, got ${describe(cards)}`, { path: `record.deal.${seat}`, seat });
    const copy: unknown[] = Array.from(cards);
    if (!copy.every(isCard)) {
      const bad = copy.findIndex((card) => !isCard(card));
      return fail('INVALID_CARD', `record.deal.${seat}[${bad}] is not a card: ${describe(copy[bad])}`, {
        path: `record.deal.${seat}[${bad}]`,
        seat,
        card: copy[bad],
      });
    }
    out[seat] = copy;
  }
  return { deal: out as Deal };
}

/** A record's plays, read and checked: every card a {@link Card}. */
function readPlaysValue(plays: unknown): RecordPlays | Failure<'INVALID_ARGUMENT'> {
  if (typeof plays !== 'object' || plays === null) return mustBe('record.plays', 'the plays of a deal record', plays);
  const { order, cards, leader, tricks } = plays as Record<string, unknown>;
  if (order === 'sequence' && Array.isArray(cards) && cards.length <= MAX_SHOWN) {
    const copy: unknown[] = Array.from(cards);
    const cardOrNull = (card: unknown): card is Card | null => card === null || isCard(card);
    if (copy.every(cardOrNull)) return { order, cards: copy };
    const bad = copy.findIndex((card) => !cardOrNull(card));
    return mustBe(`record.plays.cards[${bad}]`, 'a card or null', copy[bad]);
  }
  if (order !== 'bySeat' || !(leader === null || isSeat(leader)) || !Array.isArray(tricks) || tricks.length > MAX_SHOWN / 4)
    return mustBe('record.plays', 'the plays of a deal record', plays);
  const rows: TrickRow[] = [];
  for (const [t, row] of Array.from(tricks as readonly unknown[]).entries()) {
    if (typeof row !== 'object' || row === null) return mustBe(`record.plays.tricks[${t}]`, 'a trick row', row);
    const copy: Partial<Record<Seat, Card>> = {};
    for (const seat of SEATS) {
      if (!Object.hasOwn(row, seat)) continue;
      const card: unknown = (row as Record<string, unknown>)[seat];
      if (!isCard(card)) return mustBe(`record.plays.tricks[${t}].${seat}`, 'a card', card);
      copy[seat] = card;
    }
    rows.push(copy);
  }
  return { order, leader, tricks: rows };
}

/**
 * @internal Deals a record's cards as a Whist hand: declarer deals, the strain is trump; without a contract
 * (to check the deal alone), the bridge dealer deals, or north, with no trump. `INVALID_HAND` without a full deal.
 */
export function dealRecord(record: Playable, rules: Rules): Result<HandState, DealError> {
  if (record.dealError !== null) return { ok: false, error: record.dealError };
  if (record.deal === null) return fail('INVALID_HAND', 'the record gives no full deal', { path: 'record.deal' });
  const dealer = record.contract?.declarer ?? record.dealer ?? 'N';
  return dealHand(rules, { dealer, cards: record.deal, trump: record.contract?.strain ?? null });
}

/**
 * @internal Replays the cards a record shows from a hand just dealt: while the record shows a card for the
 * seat to play, the engine plays it; the first refusal stops the replay. A card shown after the thirteenth
 * trick is offered too, and refused with `HAND_COMPLETE`. Linear in the cards the record shows.
 */
export function replay(start: HandState, plays: RecordPlays, leads: readonly LeadOutOfTurn[] = []): Replay {
  const next =
    plays.order === 'sequence' ? (_trick: number, _seat: Seat, i: number) => plays.cards[i] : (trick: number, seat: Seat) => plays.tricks[trick]?.[seat];
  let state = start;
  let played = 0;
  let refusal: Refusal | null = null;
  // A trick led out of turn that stood (Laws of Short Whist (1864), law 62), as the record's events say: led by its offender.
  const leadOutOfTurn = () => {
    const lead = (played & 3) === 0 ? leads.find((x) => x.trick === (played >> 2) + 1) : undefined;
    const d = lead === undefined ? undefined : progressOf(state);
    if (lead !== undefined && d !== undefined && d.turn >= 0 && d.turn !== seatNumber(lead.seat))
      state = stateOfProgress(ledOutOfTurnBy(d, seatNumber(lead.seat)));
  };
  leadOutOfTurn();
  for (let seat = currentSeat(state); seat !== null; leadOutOfTurn(), seat = currentSeat(state)) {
    const card = next(played >> 2, seat, played);
    if (card === undefined || card === null) break;
    const r = play(state, seat, card);
    if (!r.ok) {
      refusal = { code: r.error.code as RefusalCode, message: r.error.message, seat, card, index: played, trick: (played >> 2) + 1 };
      break;
    }
    state = r.value;
    played++;
  }
  const unplayed = plays.order === 'sequence' ? unplayedInOrder(plays.cards, played) : unplayedInRows(plays, start, state);
  if (refusal === null && unplayed !== null && played === 52) {
    // After the thirteenth trick, the record still shows a card: offered for its seat, or for the last trick's winner.
    const seat = unplayed.seat ?? lastTrick(state)?.winner ?? start.dealer;
    const r = play(state, seat, unplayed.card);
    if (!r.ok) refusal = { code: r.error.code as RefusalCode, message: r.error.message, seat, card: unplayed.card, index: 52, trick: 14 };
  }
  return { state, played, shown: countShown(plays), refusal, unplayed };
}

/** @internal How many cards a record's plays show. */
export function countShown(plays: RecordPlays): number {
  let shown = 0;
  if (plays.order === 'sequence') for (const card of plays.cards) shown += card === null ? 0 : 1;
  else for (const row of plays.tricks) for (const seat of SEATS) shown += row[seat] === undefined ? 0 : 1;
  return shown;
}

/** The first card shown from `played` on, in the order played. */
function unplayedInOrder(cards: readonly (Card | null)[], played: number): ShownCard | null {
  for (let i = played; i < cards.length; i++) {
    const card = cards[i];
    if (card !== null && card !== undefined) return { card, trick: (i >> 2) + 1, seat: null, position: i };
  }
  return null;
}

/** The first card of the rows, trick by trick and from the leader's column, that the hand did not play. */
function unplayedInRows(plays: RecordPlays & { order: 'bySeat' }, start: HandState, state: HandState): ShownCard | null {
  const used = new Set<number>();
  for (const p of playedCards(state)) used.add((p.trick - 1) * 4 + seatNumber(p.seat));
  const leader = plays.leader ?? nextSeat(start.dealer);
  for (let t = 0; t < plays.tricks.length; t++) {
    const row = plays.tricks[t] as TrickRow;
    for (let column = 0; column < 4; column++) {
      const seat = nextSeat(leader, column);
      const card = row[seat];
      if (card !== undefined && !used.has(t * 4 + seatNumber(seat))) return { card, trick: t + 1, seat, position: t * 4 + column };
    }
  }
  return null;
}

/**
 * Plays a bridge record as a Whist hand: deals the record's cards, declarer dealing and the contract's
 * strain trump, and plays the cards it shows in turn, giving the {@link HandState} after them, or the first
 * card the engine refuses.
 *
 * The opening leader (declarer's left) is eldest hand. The cards are played in the record's order (rebuilt
 * trick by trick from a PBN Play section, taken as they come from a LIN record) until the record shows no
 * card for the seat to play. A card shown after the thirteenth trick is refused with `HAND_COMPLETE`.
 *
 * @param record - a record from `parsePbn` or `parseLin` (`whist/records`)
 * @param rules - the rules to play under, e.g. {@link SHORT_WHIST}; checked as by `validateRules` (whist)
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }`: `INVALID_ARGUMENT` for a value that is
 *   not a record, or a record without a contract (a passed-out deal, or no Contract tag or auction: there is
 *   then no dealer and no trump); `INVALID_RULES`; `INVALID_HAND`, `INVALID_CARD` or `DUPLICATE_CARD` for a
 *   deal the engine refuses (no full deal, a seat not given 13 cards, a card twice); or the refused card,
 *   with its `seat`, its `card` and `path` `"plays[i]"` (i cards played before it): `CARD_NOT_IN_HAND`,
 *   `MUST_FOLLOW_SUIT` or `HAND_COMPLETE`. Never throws.
 * @example
 * ```ts
 * import { completedTricks, playRecord, SHORT_WHIST } from 'whist';
 * import { parsePbn } from 'whist/records';
 *
 * const deal = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const text = `[Deal "${deal}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\nH3 -\n*\n`;
 * const records = parsePbn(text);
 * const hand = records.ok ? playRecord(records.value[0]!, SHORT_WHIST) : records;
 * hand.ok && hand.value.plays; // 'AH 2D 2C 2S'
 * hand.ok && completedTricks(hand.value)[0]?.winner; // 'N'
 * const wrong = parsePbn(`[Deal "${deal}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\nH3 D3 C3 HK\n*\n`);
 * const refused = wrong.ok ? playRecord(wrong.value[0]!, SHORT_WHIST) : wrong;
 * refused.ok ? null : [refused.error.code, refused.error.path, refused.error.seat, refused.error.card]; // ['CARD_NOT_IN_HAND', 'plays[4]', 'N', 'KH']
 * ```
 * @remarks Source: PBN 2.1, sections 3.4 and 3.6 (the Deal tag; play by seat from the opening leader); Laws
 *   of Short Whist (1864) and «Whist» (2012) (eldest hand leads; follow suit; the trick's winner leads next).
 * @group Records
 */
export function playRecord(record: DealRecord, rules: Rules): Result<HandState, PlayRecordError> {
  return guard(() => {
    const read = readPlayable(record);
    if ('ok' in read) return read;
    if (read.contract === null)
      return fail('INVALID_ARGUMENT', `the record gives no contract${read.passedOut ? ' (passed out)' : ''}, so no dealer and no trump for a Whist hand`, {
        path: 'record.contract',
      });
    const dealt = dealRecord(read, rules);
    if (!dealt.ok) {
      const { code, message, path, seat, card } = dealt.error;
      if (code === 'INVALID_RULES' || code === 'INVALID_HAND' || code === 'INVALID_CARD' || code === 'DUPLICATE_CARD')
        return fail(code, message, { path, seat, card });
      return fail('INVALID_ARGUMENT', message, { path: `record.${path ?? 'deal'}` });
    }
    const { state, refusal } = replay(dealt.value, read.plays);
    if (refusal === null) return ok(state);
    return fail(refusal.code, refusal.message, { path: `plays[${refusal.index}]`, seat: refusal.seat, card: refusal.card });
  }, 'the record');
}
