/**
 * A bridge deal record as a Whist hand: the record of `parsePbn` or `parseLin` (`whist/records`) dealt and
 * played through the engine, giving the {@link HandState} after the record's plays.
 *
 * How a bridge record becomes a Whist hand, as `whist replay` reads it: declarer is the Whist dealer, so the
 * opening leader (declarer's left) is eldest hand and leads first (Laws of Short Whist (1864); «Whist»
 * (2012)); the contract's strain is trump, `null` in no-trump. A PBN Play section lists each trick by seat
 * (PBN 2.1, section 3.6): the play order is rebuilt trick by trick, by asking whose turn it is and taking
 * that seat's card from the trick's row. An unknown card (`-`) ends the play there, as a claim does. Every
 * card is judged by {@link play}, so a revoke is refused with `MUST_FOLLOW_SUIT`.
 *
 * @module
 */

import { describe, fail, ok, type Result } from './errors.js';
import { completedTricks, currentSeat, deal, type HandState, play } from './hand.js';
import type { DealRecord } from './records/pbn.js';
import type { Rules } from './rules.js';
import { isSeat, type Seat } from './seats.js';

/**
 * The error codes of {@link handFromRecord}.
 *
 * @group Records
 */
export type HandFromRecordError =
  | 'INVALID_ARGUMENT'
  | 'INVALID_RULES'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'HAND_COMPLETE';

/** The most cards a record's play may show: 52, then one more to be refused. */
const MAX_PLAYS = 53;

/**
 * Deals a bridge record's hands and plays its cards: the {@link HandState} after the record's plays, or the
 * first play the engine refuses.
 *
 * Declarer deals, so the opening leader (declarer's left) is eldest hand; the contract's strain is trump.
 * The cards are played in the record's order (rebuilt trick by trick from a PBN Play section, taken as
 * they come from a LIN record) until the record shows no card for the seat to play. A card shown after the
 * thirteenth trick is refused with `HAND_COMPLETE`.
 *
 * @param record - a record from `parsePbn` or `parseLin` (`whist/records`)
 * @param rules - the rules to play under, e.g. {@link SHORT_WHIST}; checked as by {@link validateRules}
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }`: `INVALID_ARGUMENT` for a value that is
 *   not a record, or a record without a contract (a passed-out deal, or no Contract tag or auction: there
 *   is then no dealer and no trump); `INVALID_RULES`; `INVALID_HAND`, `INVALID_CARD` or `DUPLICATE_CARD`
 *   for a deal the engine refuses (no full deal, a hand not of 13 cards, a card twice); or the refused
 *   play, with its `seat`, its `card` and `path` `"play[i]"` (i cards played before it): `INVALID_CARD`,
 *   `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT` or `HAND_COMPLETE`. Never throws.
 * @example
 * ```ts
 * import { completedTricks, handFromRecord, SHORT_WHIST } from 'whist';
 * import { parsePbn } from 'whist/records';
 *
 * const deal = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const text = `[Deal "${deal}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\nH3 -\n*\n`;
 * const records = parsePbn(text);
 * const hand = records.ok ? handFromRecord(records.value[0]!, SHORT_WHIST) : records;
 * hand.ok && hand.value.plays; // 'AH 2D 2C 2S'
 * hand.ok && completedTricks(hand.value)[0]?.winner; // 'N'
 * const wrong = parsePbn(`[Deal "${deal}"]\n[Declarer "N"]\n[Contract "7S"]\n[Play "E"]\nHA D2 C2 S2\nH3 D3 C3 HK\n*\n`);
 * const refused = wrong.ok ? handFromRecord(wrong.value[0]!, SHORT_WHIST) : wrong;
 * refused.ok ? null : refused.error; // { code: 'CARD_NOT_IN_HAND', message: 'N does not hold KH', path: 'play[4]', seat: 'N', card: 'KH' }
 * ```
 * @remarks Source: PBN 2.1, sections 3.4 and 3.6 (the Deal tag; play by seat from the opening leader); Laws
 *   of Short Whist (1864) and «Whist» (2012) (eldest hand leads; follow suit; the trick's winner leads next).
 * @group Records
 */
export function handFromRecord(record: DealRecord, rules: Rules): Result<HandState, HandFromRecordError> {
  try {
    return fromRecord(record, rules);
  } catch {
    return fail('INVALID_ARGUMENT', 'the record could not be read: it throws when read', { path: 'record' });
  }
}

/** The next card a record shows for the seat to play, or `undefined` when it shows none. */
type NextCard = (state: HandState, seat: Seat, played: number) => unknown;

function planOf(play: unknown): NextCard | null {
  if (typeof play !== 'object' || play === null) return null;
  const p = play as { order?: unknown; cards?: unknown; tricks?: unknown };
  if (p.order === 'sequence' && Array.isArray(p.cards)) {
    const cards = p.cards as readonly unknown[];
    return (_state, _seat, played) => (played < cards.length ? cards[played] : undefined);
  }
  if (p.order === 'bySeat' && Array.isArray(p.tricks)) {
    const tricks = p.tricks as readonly unknown[];
    return (state, seat) => {
      // A trick's row after the 13th is asked for once the hand is complete, by seat: its leader's card first.
      const row: unknown = tricks[Math.min(completedTricks(state).length, tricks.length)];
      return typeof row === 'object' && row !== null && Object.hasOwn(row, seat) ? (row as Record<string, unknown>)[seat] : undefined;
    };
  }
  return null;
}

function fromRecord(record: unknown, rules: Rules): Result<HandState, HandFromRecordError> {
  if (typeof record !== 'object' || record === null)
    return fail('INVALID_ARGUMENT', `record must be a deal record from parsePbn or parseLin, got ${describe(record)}`, { path: 'record' });
  const r = record as Partial<Record<keyof DealRecord, unknown>>;
  const next = planOf(r.play);
  if (next === null) return fail('INVALID_ARGUMENT', 'record.play must be the play of a deal record', { path: 'record.play' });
  const contract = r.contract;
  if (typeof contract !== 'object' || contract === null)
    return fail('INVALID_ARGUMENT', `the record gives no contract${r.passedOut === true ? ' (passed out)' : ''}, so no dealer and no trump for a Whist hand`, {
      path: 'record.contract',
    });
  const { declarer, strain } = contract as { declarer?: unknown; strain?: unknown };
  if (!isSeat(declarer))
    return fail('INVALID_ARGUMENT', `record.contract.declarer must be a seat, got ${describe(declarer)}`, { path: 'record.contract.declarer' });
  if (r.hands === null) return fail('INVALID_HAND', 'the record gives no full deal', { path: 'record.hands' });
  const dealt = deal(rules, { dealer: declarer, hands: r.hands as never, trump: strain as never });
  if (!dealt.ok) {
    const code = dealt.error.code;
    if (code === 'INVALID_RULES' || code === 'INVALID_HAND' || code === 'INVALID_CARD' || code === 'DUPLICATE_CARD') return dealt as Result<never, typeof code>;
    return fail('INVALID_ARGUMENT', dealt.error.message, { path: `record.${dealt.error.path ?? 'hands'}` });
  }
  let state = dealt.value;
  for (let played = 0; played < MAX_PLAYS; played++) {
    const seat = currentSeat(state);
    // After the 13th trick, a card the record still shows is offered for its leader's seat, and refused.
    const asked: Seat = seat ?? (completedTricks(state)[12]?.winner as Seat);
    const card = next(state, asked, played);
    if (card === undefined || card === null) return ok(state);
    const r2 = play(state, asked, card as string);
    if (!r2.ok) {
      const code = r2.error.code;
      if (code === 'INVALID_STATE' || code === 'INVALID_RULES' || code === 'INVALID_SEAT')
        return fail('INVALID_ARGUMENT', r2.error.message, { path: `play[${played}]`, seat: asked, card });
      return fail(code, r2.error.message, { path: `play[${played}]`, seat: asked, card });
    }
    state = r2.value;
  }
  return ok(state);
}
