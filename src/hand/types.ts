/**
 * The types of one hand: its stored state, the ways to deal it, its tricks and plays, and its error codes.
 *
 * The state stores facts only, as readable JSON: the rules, the dealer, trump and where it came from,
 * the deal as PBN deal text, and the cards played as text (`"QH 2H 5H AH 3S"`). Everything else (whose
 * turn, the tricks and their winners, the cards still held) is derived by the selectors, so a stored
 * state cannot contradict itself.
 *
 * @module
 */

import type { Card, Suit } from '../cards.js';
import type { Deal } from '../notation.js';
import type { Rules } from '../rules.js';
import type { Seat } from '../seats.js';

/**
 * The schema version of {@link HandState}; it changes whenever the stored shape does.
 *
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, HAND_SCHEMA, SHORT_WHIST } from 'whist';
 *
 * dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }).v === HAND_SCHEMA; // true
 * ```
 * @group Hand
 */
export const HAND_SCHEMA = 2;

/**
 * A finished trick: who led, the four cards in the order played, and who won it.
 *
 * @group Hand
 */
export interface Trick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  readonly winner: Seat;
}

/**
 * The trick in progress: who led it and the cards played to it so far (none before the lead).
 *
 * @group Hand
 */
export interface CurrentTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

/**
 * One card played: by whom, and in which trick (1 to 13).
 *
 * @group Hand
 */
export interface Play {
  readonly seat: Seat;
  readonly card: Card;
  readonly trick: number;
}

/**
 * Where the hand's trump came from: the dealer's `turnUp`, the `secondPack`, the `rotation` of the rules,
 * or `given` by the caller (a hand dealt from hands, e.g. a record).
 * @group Hand
 */
export type TrumpSource = 'turnUp' | 'secondPack' | 'rotation' | 'given';

/**
 * The state of one hand: plain, frozen, readable JSON of facts only.
 *
 * Read it through the selectors ({@link currentSeat}, {@link cardsHeld}, {@link completedTricks}, …):
 * they derive everything else from these facts.
 *
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * state.deal; // 'N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73'
 * state.trumpCard; // '2C'
 * state.plays; // ''
 * ```
 * @group Hand
 */
export interface HandState {
  /** Schema version, {@link HAND_SCHEMA}. */
  readonly v: 2;
  /** The rules the hand is played under. */
  readonly rules: Rules;
  /** The dealer; eldest hand, on the dealer's left, leads first. */
  readonly dealer: Seat;
  /** Trump suit, or `null` in a hand without trumps. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The card turned to fix trump: the dealer's turn-up, or the second pack's top card; `null` otherwise. */
  readonly trumpCard: Card | null;
  /** The cards as dealt, in PBN deal notation, north first: `"N:AKQ2.T98.765.432 …"` (see {@link parseDeal}). */
  readonly deal: string;
  /** The cards played so far, in order, separated by single spaces: `"QH 2H 5H AH 3S"`; `""` before the lead. */
  readonly plays: string;
  /**
   * The tricks led out of turn that stood, the other three players having followed the card (Laws of Short
   * Whist (1864), law 62), in order; absent when there are none, as in every hand played by the rules alone.
   * Only a table that rules on irregularities makes them.
   */
  readonly leadsOutOfTurn?: readonly LeadOutOfTurn[];
}

/**
 * A trick led out of turn that stood: its number (1 to 13) and the seat that led it. The trick's winner
 * leads the next, as after any trick.
 *
 * @example
 * ```ts
 * import type { LeadOutOfTurn } from 'whist';
 *
 * const lead: LeadOutOfTurn = { trick: 4, seat: 'W' };
 * lead.seat; // 'W'
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 62; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Irregularities".
 * @group Hand
 */
export interface LeadOutOfTurn {
  readonly trick: number;
  readonly seat: Seat;
}

/**
 * How to deal: from a 52-card deck order, as the dealer deals it.
 *
 * @group Hand
 */
export interface DealFromDeck {
  /** The dealer. */
  readonly dealer: Seat;
  /** The deck order: `deck[0]` goes to eldest hand, `deck[51]` to the dealer. */
  readonly deck: readonly Card[];
  /** With trump by `secondPack`: the top card of the second pack, turned by eldest hand. */
  readonly secondPackCard?: Card | undefined;
  /** With trump by `rotation`: the table's deal number, counted from 0 across rubbers. */
  readonly dealNumber?: number | undefined;
}

/**
 * How to deal: from four hands made elsewhere (a backend's own shuffle, a record).
 *
 * @group Hand
 */
export interface DealFromCards {
  /** The dealer. */
  readonly dealer: Seat;
  /** Thirteen cards for each seat, or the deal in PBN notation (`"N:AKQ2.T98.765.432 …"`). */
  readonly cards: Deal | string;
  /** The trump suit, or `null` for a hand without trumps. */
  readonly trump: Suit | null;
  /**
   * Optionally, the card that fixed trump: with trump by turn-up, a trump in the dealer's hand; with trump
   * by second pack, any card of the trump suit. Without it, trump is recorded as `given`.
   */
  readonly trumpCard?: Card | undefined;
}

/**
 * The error codes of {@link dealHand}.
 *
 * @group Hand
 */
export type DealError =
  | 'INVALID_RULES'
  | 'INVALID_ARGUMENT'
  | 'INVALID_SEAT'
  | 'INVALID_DECK'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP';

/**
 * The error codes of {@link play}.
 *
 * @group Hand
 */
export type PlayError =
  | 'INVALID_STATE'
  | 'INVALID_RULES'
  | 'INVALID_SEAT'
  | 'INVALID_CARD'
  | 'HAND_COMPLETE'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT';

/**
 * The error codes of {@link parseState}.
 *
 * @group Hand
 */
export type ParseStateError = 'INVALID_STATE' | 'INVALID_RULES';
