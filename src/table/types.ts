/**
 * The table: one document per table, holding the rules, who sat down, the PRNG state it was opened
 * with, and the log of what happened at it. Driven by {@link apply}.
 *
 * For backends that keep one document per table. The log holds each hand (its dealer, its deal as PBN
 * text, where its trump came from, whether it was shuffled from the table's PRNG, and what was done in it, in order)
 * and each new rubber; everything else (the score, the games, the rubbers won, who sits where after a
 * change of partners, the current PRNG state) is derived by replaying the log. A stored table is checked
 * completely by {@link parseTable}: deals shuffled from the PRNG are shuffled again and must match.
 *
 * What a server builds itself, and what a client may send:
 * - Deals are the server's: `apply(table, { type: 'deal' })` shuffles from the table's PRNG, which
 *   never leaves the server ({@link tableView} does not show it). {@link dealDeck} deals a deck the
 *   server chose: a server that deals for money shuffles each deck from a cryptographic source and
 *   deals it so, since the PRNG (SFC32) is not cryptographic and its deals become public as they are
 *   played. A client never sends a deck.
 * - A client may send a play, for the seat the server has authenticated, and a new rubber once one is
 *   over. {@link clientAction} reads such a request body into an action, with the seat the server gives.
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Games and the rubber"): the deal passes to the left after each
 * hand; after a rubber, partners are kept, swapped or cut again as `rules.afterRubber` says. For `swap`,
 * the new rubber's first dealer is the player on the left of the previous rubber's first dealer; that
 * player and his eldest hand keep their seats and the other two exchange seats, so three rubbers give
 * all three partnerships (Meyers Konversations-Lexikon, "Whist").
 *
 * @module
 */

import type { Card, Suit } from '../cards.js';
import type { TrumpSource } from '../hand/index.js';
import type { RandomState } from '../random.js';
import type { Rules } from '../rules.js';
import type { BySeat, BySide, Seat, Side } from '../seats.js';

/**
 * The schema version of {@link TableState}; it changes whenever the stored shape does. {@link parseTable}
 * also reads tables of schema 2, whose hands kept their cards (`plays`) and what was said (`events`, each at
 * its count of cards) apart, and returns them in this schema.
 *
 * @example
 * ```ts
 * import { newTableOrThrow, SHORT_WHIST, TABLE_SCHEMA } from 'whist';
 *
 * newTableOrThrow(SHORT_WHIST, { seed: 1 }).v === TABLE_SCHEMA; // true
 * ```
 * @group Rubber and table
 */
export const TABLE_SCHEMA = 3;

export { MAX_HAND_EVENTS, MAX_LOG, MAX_TABLE_CHARS, RUBBER_ROOM } from './limits.js';

/**
 * One hand in a table's log: the facts of its deal and everything done in it, in the order it was done.
 *
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, type HandEntry, legalMoves, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 2 }), { type: 'deal' });
 * const card = legalMoves(currentHand(table)!)[0]!;
 * table = applyOrThrow(table, { type: 'play', seat: 'E', card });
 * table = applyOrThrow(table, { type: 'claim', seat: 'S', tricks: 2 });
 * const entry = table.log[0] as HandEntry;
 * entry.actions.length; // 2: the card, then the claim
 * typeof entry.actions[0]; // 'string'
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "The table".
 * @group Rubber and table
 */
export interface HandEntry {
  readonly type: 'hand';
  /** The dealer. */
  readonly dealer: Seat;
  /** Trump suit, or `null`. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The card turned to fix trump, or `null`. */
  readonly trumpCard: Card | null;
  /** The cards as dealt, PBN deal notation, north first. */
  readonly deal: string;
  /** Whether the deck was shuffled from the table's PRNG (`true`), or chosen by the server with {@link dealDeck}. */
  readonly shuffled: boolean;
  /**
   * What was done in the hand, in order: {@link apply}'s steps, each as the log keeps it ({@link HandAction}).
   * Replaying them with those steps gives the hand again; a card taken back (a revoke corrected, law 73) stays
   * in the list, before the correction that took it back.
   */
  readonly actions: readonly HandAction[];
}

/**
 * One thing done in a hand, as a table's log keeps it: a card played in turn (`"QH"`, by the seat whose turn
 * it was), or an event said ({@link HandEvent}: a claim, an answer, a ruling of the laws, a card played out
 * of its turn).
 *
 * @example
 * ```ts
 * import type { HandAction } from 'whist';
 *
 * const played: HandAction[] = ['QH', { type: 'claim', at: 1, seat: 'S', tricks: 13 }];
 * played.filter((a) => typeof a === 'string').length; // 1
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "The table".
 * @group Rubber and table
 */
export type HandAction = Card | HandEvent;

/**
 * Something said at the table during a hand, as its log keeps it: `at` is the number of cards played
 * when it was said (0 to 52), so that the cards and the events of a hand replay in their order.
 *
 * - `claim`: `seat` says their side takes `tricks` of the tricks left (1 to the tricks left), and shows
 *   their hand;
 * - `concede`: `seat` gives the other side `tricks` of the tricks left; conceding them all ends the hand,
 *   conceding fewer claims the rest;
 * - `acceptClaim`, `refuseClaim`: a seat of the other side agrees to the claim, or plays on;
 * - `ruleClaim`: the table's check of the claim (`holds`), given by the server (`checkClaim` in
 *   `whist/solver`) where a table requires claims to be checked.
 * - `claimRevoke`: under rules that rule on irregularities, once the hand is over, `seat` claims the
 *   penalty of the revoke made with `card` by the other side, as their side chose it (`penalty`, see
 *   {@link RevokePenalty}); `law` cites the law and edition it is ruled by.
 * - `expose`: under those rules, `seat` drops `card` face up: it is an exposed card, left on the table and
 *   liable to be called (law 56);
 * - `callCard`: `seat`, of the other side, calls an exposed card: its holder must play it as soon as they
 *   can without revoking, and the call stands until then (laws 56, 64-65); `law` cites them.
 * - `newDeal`: under those rules, `seat` claims a new deal on `ground` (see {@link NewDealGround}); the hand
 *   is void, not scored, and `law` cites the law;
 * - `leadOutOfTurn`: `seat` leads `card` when another has the lead; the card is exposed (laws 56, 61);
 * - `playToFalseLead`: before the error is pointed out, `seat`, the next player after the one who led out
 *   of turn (or after the last who played to it), plays `card` to that card as though it were led in turn.
 *   When the other three have followed, the trick stands, led by the offender (law 62: its cards then join
 *   the hand's plays); until then their cards are taken back, without penalty, as soon as anything else is
 *   done: the leader in turn leads, or the other side calls the card or a suit (law 62);
 * - `callSuit`: at once, instead of calling that card, `seat` of the other side calls `suit` from the
 *   offender's side's next lead (laws 61, 66); `law` cites them;
 * - `nameTrumpCard`: `seat` names the trump card after the dealer has taken it up (law 53);
 *   `forgetTrumpCard`: the dealer says he cannot recollect it (law 55);
 * - `callTrump`: `seat`, of the other side, calls that player's `highest` or `lowest` trump (`which`), to
 *   be played at his first turn where a trump is no revoke (laws 53, 55); `law` cites them.
 * - `correctRevoke`: `seat` takes back his revoke `card` before it is established, with the cards played
 *   after it (`withdrawn`, in order: those of its trick, and after "having none?" a card the other side
 *   played to the next); `at` is the number of cards played before the revoke,
 *   and the card is exposed (laws 73, 76); `law` cites them;
 * - `askHavingNone`: before the trick is turned (no card of the next one played), `seat` asks his partner,
 *   who played `card` not of the suit led, whether he has none of it; `at` is the number of cards played
 *   before that card. A revoke so asked about may be corrected until the revoker or his partner plays to
 *   the next trick (law 74); `law` cites it.
 * - `callLedSuit`: at once, instead of calling that card, `seat` of the other side requires the revoker's
 *   `highest` or `lowest` card of the suit led to that trick (`which`, law 76).
 * - `playOutOfTurn`: `seat` plays `card` to the trick in progress before his turn; it stands, and is played
 *   at his turn (laws 67-68);
 * - `callWin`: at once when the fourth hand so played before the second, the third not having played,
 *   `seat` of the other side calls the second hand to win the trick (`win: true`) or not to win it, if he
 *   can (law 68); `law` cites the laws.
 * - `callHonours`: in Long Whist, `seat` asks his partner whether he holds an honour ("can you one?");
 *   `answerCall`: the partner says he does. Made at the point of eight, before the caller plays, with three
 *   or four honours between them, they win the game unplayed (Hoyle's laws of Long Whist, 16-21); `law` cites them.
 *
 * @group Rubber and table
 */
export type HandEvent =
  | { readonly type: 'claim'; readonly at: number; readonly seat: Seat; readonly tricks: number }
  | { readonly type: 'concede'; readonly at: number; readonly seat: Seat; readonly tricks: number }
  | { readonly type: 'acceptClaim'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'refuseClaim'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'ruleClaim'; readonly at: number; readonly holds: boolean }
  | {
      readonly type: 'claimRevoke';
      readonly at: number;
      readonly seat: Seat;
      readonly card: Card;
      readonly penalty: 'tricks' | 'deduct' | 'add';
      readonly law: string;
    }
  | { readonly type: 'expose'; readonly at: number; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callCard'; readonly at: number; readonly seat: Seat; readonly card: Card; readonly law: string }
  | { readonly type: 'newDeal'; readonly at: number; readonly seat: Seat; readonly ground: NewDealGround; readonly law: string }
  | { readonly type: 'leadOutOfTurn'; readonly at: number; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'playToFalseLead'; readonly at: number; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callSuit'; readonly at: number; readonly seat: Seat; readonly suit: Suit; readonly law: string }
  | { readonly type: 'nameTrumpCard'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'forgetTrumpCard'; readonly at: number; readonly seat: Seat }
  | { readonly type: 'callTrump'; readonly at: number; readonly seat: Seat; readonly which: 'highest' | 'lowest'; readonly law: string }
  | {
      readonly type: 'correctRevoke';
      readonly at: number;
      readonly seat: Seat;
      readonly card: Card;
      readonly withdrawn: readonly Card[];
      readonly law: string;
    }
  | { readonly type: 'askHavingNone'; readonly at: number; readonly seat: Seat; readonly card: Card; readonly law: string }
  | { readonly type: 'callLedSuit'; readonly at: number; readonly seat: Seat; readonly which: 'highest' | 'lowest'; readonly law: string }
  | { readonly type: 'callHonours'; readonly at: number; readonly seat: Seat; readonly law: string }
  | { readonly type: 'answerCall'; readonly at: number; readonly seat: Seat; readonly law: string }
  | { readonly type: 'playOutOfTurn'; readonly at: number; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callWin'; readonly at: number; readonly seat: Seat; readonly win: boolean; readonly law: string };

/**
 * Why a new deal is claimed (Laws of Short Whist, 1864):
 * - `imperfectPack`: the pack is proved incorrect or imperfect, at any time during the hand (law 37 i);
 * - `facedCard`: a card other than the last was faced in the pack (law 37 ii);
 * - `exposedInDealing`: a card was exposed in dealing by the other side (law 38);
 * - `trumpCardSeen`: a player looked at the trump card while dealing; the dealer's adversaries claim it (law 41);
 * - `misdeal`: the cards were misdealt (law 44), and the deal passes to the next player (law 43);
 * - in Long Whist (Hoyle's laws of Long Whist), claimed by the side that did not call: `callNotAtEight`, honours
 *   called at another score than eight (law 16); `wrongCall`, a call and answer without two by honours, or an
 *   answer without an honour (laws 19-20); `callAfterPlaying`, honours called after the caller played (law 21).
 *
 * All but `imperfectPack` are claimed before the first card is played. The same dealer deals again, but
 * after a misdeal.
 *
 * @group Rubber and table
 */
export type NewDealGround =
  | 'imperfectPack'
  | 'facedCard'
  | 'exposedInDealing'
  | 'trumpCardSeen'
  | 'misdeal'
  | 'callNotAtEight'
  | 'wrongCall'
  | 'callAfterPlaying';

/**
 * An entry of a table's log: a hand, or the start of a new rubber.
 *
 * @group Rubber and table
 */
export type TableEntry = HandEntry | { readonly type: 'newRubber' };

/**
 * The state of a table: plain, frozen JSON of facts only. Read it through {@link tableView} (for a
 * player or a spectator) or the selectors {@link currentHand}, {@link currentRubber}, {@link seating}.
 *
 * `random` is the PRNG state the table was opened with, from which every later deal is shuffled: it is
 * the server's secret. Never send a table state to a client; send {@link tableView}.
 * @group Rubber and table
 */
export interface TableState {
  /** Schema version, {@link TABLE_SCHEMA}. */
  readonly v: 3;
  /** The rules. */
  readonly rules: Rules;
  /** Who sat down: players by seat, or four player ids who cut for partners and deal. */
  readonly players: BySeat<string> | readonly string[];
  /** The first dealer; when players cut, the seat the lowest cut takes. */
  readonly firstDealer: Seat;
  /** The PRNG state the table was opened with. Secret. */
  readonly random: RandomState;
  /** What happened at the table, in order. */
  readonly log: readonly TableEntry[];
  /**
   * The rubbers finished before this log began, kept as summaries by {@link archiveRubbers}; absent when
   * the log holds the table's whole history.
   */
  readonly archived?: TableArchive;
}

/**
 * What a table keeps of the rubbers it archived: their summaries and how many hands they took. The
 * archived rubbers' hands are gone; the summaries are checked for shape, not replayed.
 *
 * @group Rubber and table
 */
export interface TableArchive {
  /** The finished rubbers, oldest first. */
  readonly rubbers: readonly RubberSummary[];
  /** The hands dealt in them: the next hand is deal number `deals` (it turns the rotation of trumps). */
  readonly deals: number;
}

/**
 * Options of {@link parseTable}.
 *
 * @group Rubber and table
 */
export interface ParseTableOptions {
  /**
   * A table already checked (one the library made). The stored table must extend it: the same opening,
   * the same log with entries appended and the last hand perhaps played further. Only what was appended
   * is replayed.
   */
  readonly after?: TableState | undefined;
  /** Refuse any hand not shuffled from the table's PRNG (`shuffled: false`): for servers that deal only from it. */
  readonly shuffledOnly?: boolean | undefined;
}

/**
 * A finished rubber, as the table keeps it.
 *
 * @group Rubber and table
 */
export interface RubberSummary {
  /** Who sat where during it. */
  readonly players: BySeat<string>;
  /** The side that won it. */
  readonly winner: Side;
  /** Games won by each side. */
  readonly games: BySide;
  /** The rubber points each side scored, or `null` where the rules have none. */
  readonly rubberPoints: BySide | null;
}

/**
 * Options of {@link newTable}.
 *
 * @group Rubber and table
 */
export interface TableOptions {
  /** The first dealer; when `players` is a list to cut, the seat the lowest cut takes. Default `'N'`. */
  readonly dealer?: Seat | undefined;
  /** Players by seat, or a list of four player ids who cut for partners and deal. Default: each seat's own name. */
  readonly players?: BySeat<string> | readonly string[] | undefined;
  /** A number or string for reproducible deals. */
  readonly seed?: number | string | undefined;
  /** A PRNG state, instead of `seed`. With neither, deals are shuffled from `crypto.getRandomValues`. */
  readonly random?: RandomState | undefined;
}

/**
 * An action at the table.
 *
 * - `deal`: deal the next hand, by the next dealer, from a deck shuffled from the table's PRNG.
 * - `play`: a seat plays a card, checked as by {@link play}.
 * - `newRubber`: after a finished rubber, start the next one; partners are kept, swapped or cut again
 *   as `rules.afterRubber` says.
 * - `claim`, `concede`, `acceptClaim`, `refuseClaim`: a claim or concession during the hand, and the
 *   other side's answer (see {@link HandEvent}).
 * - `ruleClaim`: the server's check of the claim awaiting an answer: it holds (the hand ends as claimed)
 *   or it fails (play goes on). For servers only, like a deal: a client never sends it.
 * - `claimRevoke`: under rules with `irregularities: 'ruled'`, after the hand and before the next deal,
 *   a player claims the penalty of the other side's revoke made with `card` (see {@link HandEvent}).
 * - `expose`, `callCard`: under those rules, a card dropped face up, and the other side's call of it (see
 *   {@link HandEvent}); and the other rulings of the laws, each an event of the same name there.
 * @group Rubber and table
 */
export type TableAction =
  | { readonly type: 'deal' }
  | { readonly type: 'play'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'newRubber' }
  | { readonly type: 'claim'; readonly seat: Seat; readonly tricks: number }
  | { readonly type: 'concede'; readonly seat: Seat; readonly tricks: number }
  | { readonly type: 'acceptClaim'; readonly seat: Seat }
  | { readonly type: 'refuseClaim'; readonly seat: Seat }
  | { readonly type: 'ruleClaim'; readonly holds: boolean }
  | { readonly type: 'claimRevoke'; readonly seat: Seat; readonly card: Card; readonly penalty: 'tricks' | 'deduct' | 'add' }
  | { readonly type: 'expose'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callCard'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'newDeal'; readonly seat: Seat; readonly ground: NewDealGround }
  | { readonly type: 'leadOutOfTurn'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'playToFalseLead'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callSuit'; readonly seat: Seat; readonly suit: Suit }
  | { readonly type: 'nameTrumpCard'; readonly seat: Seat }
  | { readonly type: 'forgetTrumpCard'; readonly seat: Seat }
  | { readonly type: 'callTrump'; readonly seat: Seat; readonly which: 'highest' | 'lowest' }
  | { readonly type: 'correctRevoke'; readonly seat: Seat }
  | { readonly type: 'askHavingNone'; readonly seat: Seat }
  | { readonly type: 'callLedSuit'; readonly seat: Seat; readonly which: 'highest' | 'lowest' }
  | { readonly type: 'callHonours'; readonly seat: Seat }
  | { readonly type: 'answerCall'; readonly seat: Seat }
  | { readonly type: 'playOutOfTurn'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'callWin'; readonly seat: Seat; readonly win: boolean };

/**
 * The error codes of {@link newTable}.
 *
 * @group Rubber and table
 */
export type NewTableError = 'INVALID_RULES' | 'INVALID_ARGUMENT' | 'INVALID_SEAT' | 'INVALID_PLAYERS';

/**
 * The error codes of {@link apply}.
 *
 * @group Rubber and table
 */
export type ApplyError =
  | 'INVALID_STATE'
  | 'INVALID_RULES'
  | 'INVALID_ACTION'
  | 'RUBBER_COMPLETE'
  | 'TABLE_FULL'
  | 'INVALID_SEAT'
  | 'INVALID_CARD'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'CLAIM_PENDING'
  | 'CARD_CALLED';

/**
 * The error codes of {@link dealDeck}.
 *
 * @group Rubber and table
 */
export type DealDeckError =
  | 'INVALID_STATE'
  | 'INVALID_RULES'
  | 'INVALID_ACTION'
  | 'RUBBER_COMPLETE'
  | 'TABLE_FULL'
  | 'INVALID_ARGUMENT'
  | 'INVALID_DECK'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP';
