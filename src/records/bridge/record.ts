/**
 * The bridge deal record: what `parsePbn` and `parseLin` read from a file, in the library's own types (a
 * {@link Deal} of {@link Card}s, {@link Seat}s), so that a record goes on to the engine (`playRecord`,
 * `checkRecord`) and to the solver (`ddTable`, `solve`) as it is.
 *
 * A bridge record maps onto Whist: declarer is the Whist dealer, so the opening leader, on declarer's left,
 * is eldest hand; the contract's strain is trump, `null` in no-trump.
 *
 * @module
 */

import { type Card, FULL_DECK, type Suit } from '../../cards.js';
import type { Deal } from '../../notation.js';
import { SEATS, type Seat, seatNumber } from '../../seats.js';

/**
 * A contract as a bridge record gives it, with the seat that plays it.
 *
 * @group Records
 */
export interface Contract {
  /** Tricks bid above six, 1-7. */
  readonly level: number;
  /** The trump suit, or `null` for no-trump. */
  readonly strain: Suit | null;
  /** Declarer: the Whist dealer when the deal is played as a Whist hand; the opening leader sits on declarer's left. */
  readonly declarer: Seat;
  /** `''` undoubled, `'X'` doubled, `'XX'` redoubled. */
  readonly risk: '' | 'X' | 'XX';
}

/**
 * One trick of a PBN Play section: the card each seat played; a seat left out is a card the record does not show.
 *
 * @group Records
 */
export type TrickRow = Partial<Record<Seat, Card>>;

/**
 * The cards a record shows played, as it gives them.
 * - `bySeat` (PBN): one row per trick, each row holding the seats' cards, from the opening leader (`leader`,
 *   the Play tag's seat, `null` when it names none); the order of play is rebuilt trick by trick.
 * - `sequence` (LIN): the cards in the order played; `null` for a card the record does not show readably,
 *   where the play stops.
 *
 * @group Records
 */
export type RecordPlays =
  | { readonly order: 'bySeat'; readonly leader: Seat | null; readonly tricks: readonly TrickRow[] }
  | { readonly order: 'sequence'; readonly cards: readonly (Card | null)[] };

/**
 * An irregularity mark written in a PBN Play section (PBN 2.1, 3.9), e.g. `^R` for a revoke.
 *
 * The mark is kept where it stands: in which trick's row, and before which seat's card. The real files
 * (European championships of 1997 and 1999) write `^R` just before the revoking card, e.g. `S8 S3 S9 ^R CT`.
 *
 * @group Records
 */
export interface PlayMark {
  /** The letter after `^`, upper-cased, e.g. `'R'`; `''` for a `^` alone. */
  readonly mark: string;
  /** The trick, counted from 1, in whose row the mark stands. */
  readonly trick: number;
  /** The seat whose card comes next in the row after the mark: for `^R` in the real files, the revoking seat. */
  readonly seat: Seat;
}

/**
 * One deal read from a bridge record file: what the file says, in the library's types, not yet played.
 *
 * Every card is one of the 52 {@link Card}s: a card the reader cannot read is not kept, and noted in
 * `problems`. Whether the deal is 52 distinct cards, 13 a seat, and whether the play follows the rules, the
 * engine judges when the record is played (`playRecord`, `checkRecord`); so does the solver (`ddTable`).
 *
 * `contract: null` with `passedOut: true` is a deal passed out in the auction (nothing to play);
 * `contract: null` with `passedOut: false` is a deal whose contract the record does not give.
 *
 * Records are plain JSON. Empty arrays and empty plays may be shared between records and are frozen.
 *
 * @group Records
 */
export interface DealRecord {
  /** Human-readable and unique within a file: `"<source> #<n>"`, plus `" board <b>"` when the board is known. */
  readonly label: string;
  /** The source name passed in by the caller (e.g. a file path). */
  readonly source: string;
  /** The deal's position in its file, counted from 1. */
  readonly index: number;
  /** The board number or name as written, or `null`. */
  readonly board: string | null;
  /** The bridge dealer (who called first), or `null` when not given. Not the Whist dealer: see {@link Contract.declarer}. */
  readonly dealer: Seat | null;
  /**
   * The cards each seat was dealt, as written (at most 52 a seat), or `null` when the record gives no full
   * deal: two seats or more unknown, or a card that cannot be read.
   */
  readonly deal: Deal | null;
  /** The contract, or `null` (see `passedOut`). */
  readonly contract: Contract | null;
  /** Whether the deal was passed out. */
  readonly passedOut: boolean;
  /** The cards played, as the record gives them. */
  readonly plays: RecordPlays;
  /** Irregularity marks in the play (PBN `^R` …), at most 52. */
  readonly marks: readonly PlayMark[];
  /** Declarer's total tricks as the record states it, or `null` when it does not. */
  readonly result: number | null;
  /** Where `result` comes from: a PBN Result tag, a LIN claim (`mc`), or nowhere. */
  readonly resultSource: 'result' | 'claim' | null;
  /**
   * Everything the reader could not take at face value, in words. Empty for a clean record. At most 100 are
   * listed per record and 10,000 per file; a last line `"…and 12,345 more problems"` counts the rest.
   */
  readonly problems: readonly string[];
}

/**
 * Options of `parsePbn` and `parseLin`.
 *
 * @group Records
 */
export interface ParseOptions {
  /** A name for the text, used in labels, e.g. the file's path. Default `"pbn"` or `"lin"`. */
  readonly source?: string | undefined;
}

/** @internal A seat keeps at most this many cards (a real one has 13). */
export const MAX_SEAT_CARDS = 52;
/** @internal A PBN play keeps at most this many irregularity marks. */
export const MAX_MARKS = 52;

/** @internal The shared, frozen empty list of marks. */
export const NO_MARKS: readonly PlayMark[] = Object.freeze([]);

/**
 * @internal A seat's column in a PBN Play section (PBN 2.1, 3.6): each row holds one trick's cards by seat,
 * clockwise from the opening leader's column, 0, whoever led that trick. The seat of column `c` is
 * `nextSeat(leader, c)`.
 */
export function columnOf(seat: Seat, leader: Seat): number {
  return (seatNumber(seat) - seatNumber(leader) + 4) & 3;
}

/** @internal A record's label. */
export function labelOf(source: string, index: number, board: string | null): string {
  return board ? `${source} #${index} board ${board}` : `${source} #${index}`;
}

/**
 * @internal The deal a record gives when it leaves out at most one seat (PBN `-`, LIN's omitted fourth hand):
 * the seat left out is dealt the cards the other three do not hold. With two seats or more left out, the
 * seats unknown.
 */
export function completeDeal(cards: Partial<Record<Seat, readonly Card[] | null>>): { readonly deal: Deal } | { readonly unknown: readonly Seat[] } {
  const unknown = SEATS.filter((seat) => cards[seat] === undefined || cards[seat] === null);
  if (unknown.length > 1) return { unknown };
  const [last] = unknown;
  const out = { ...cards } as Record<Seat, readonly Card[]>;
  if (last !== undefined) {
    const held = new Set(SEATS.flatMap((seat) => cards[seat] ?? []));
    out[last] = FULL_DECK.filter((card) => !held.has(card));
  }
  return { deal: { N: out.N, E: out.E, S: out.S, W: out.W } };
}
