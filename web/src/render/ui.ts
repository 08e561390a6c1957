/**
 * The page's own state, as the renderers read it: what is open, what just moved, what the page waits for.
 * Never a card the view does not hold.
 *
 * @module
 */

import type { BySeat, Card, ClaimView, Seat } from 'whist';
import type { CardScore, CardValue } from 'whist/solver';
import type { DdPlay } from '../dd.js';
import type { ReviewedCard } from '../players.js';
import type { ClaimContext } from '../solo.js';

/** The connection to a server table's events stream. */
export type Connection = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** Solo play (the table is in the page) or a server table. */
export type Mode = 'solo' | 'server';

/** What `render` draws besides the view. */
export interface Ui {
  readonly mode: Mode;
  /** Players who are computer players (solo), by name. */
  readonly computers: readonly string[];
  /** The last trick is shown on request. */
  readonly lastTrickOpen: boolean;
  /** At a server table: the hand whose explanation was closed, as `rubber:hand`. */
  readonly dismissed: string | null;
  /** Cards played since the view before, which move onto the table. */
  readonly fresh: ReadonlySet<Card>;
  /** Waiting for the computer players or for the server. */
  readonly busy: boolean;
  /** The last refusal or failure, in words. */
  readonly error: string | null;
  /** At a server table: the events stream. */
  readonly connection: Connection | null;
  /** The card that holds the keyboard focus in the viewer's cards. */
  readonly focusCard: Card | null;
  /** The double-dummy toggle's state, or `null` while it is off. */
  readonly dd: DdUi | null;
  /** The hint the viewer asked for at their turn, or `null`. */
  readonly expected: ExpectedUi | null;
  /** The review of the person's cards in the finished hand, once asked for, or `null`. */
  readonly review: ReviewUi | null;
  /** The form to claim or concede, while it is open: which, and the tricks chosen (`null`: every trick left). */
  readonly claimForm: { readonly type: 'claim' | 'concede'; readonly tricks: number | null } | null;
  /**
   * The claim played on, with its check's counter-example (solo play: the computer players'; at a server
   * table: the server's `counter`), until closed, the viewer's next card, or the hand is over.
   */
  readonly counter: CounterUi | null;
  /** Under rules that rule on irregularities: the card that does not follow suit the viewer chose, while the page asks to confirm the revoke. */
  readonly revokeConfirm: Card | null;
  /**
   * Under rules that rule on irregularities: the viewer dropping a card face up, while it is chosen (`card`
   * `null`: the viewer picks it among their cards) and then confirmed; `null` otherwise.
   */
  readonly expose: { readonly card: Card | null } | null;
  /** Under those rules, solo play: the person's revoke they let stand (`deal:card`), so "Take back" is no longer offered. */
  readonly revokeStood: string | null;
  /** The hand's rulings and calls are listed open below the table. */
  readonly rulingsOpen: boolean;
  /** Solo play: the first hand teaches, with a tip at each of the person's turns (`learn=1`). */
  readonly learn?: boolean;
  /** A notice over the felt until the viewer's next card (a new rubber's partners, cut again), or `null`. */
  readonly notice?: string | null;
  /**
   * A board of the daily challenge (page/daily.ts): the address of the day's results, where the board is kept
   * and the next one offered once the hand is over (the table deals no other hand); absent elsewhere.
   */
  readonly daily?: string;
  /** A board of a duplicate event (page/duplicate.ts): the address of the event, where the next board is offered once the hand is over; absent elsewhere. */
  readonly duplicate?: string;
}

/**
 * A claim played on: the check's counter-example (`checkClaim` of `whist/solver`, from what the claimer
 * could see), or `null` in `refused` when the check ran out of its budget first. In solo play the computer
 * players check it; at a server table the server does, and sends it with the view (`Seen.counter`).
 */
export interface CounterUi {
  /** The hand it is for: its number at the table. */
  readonly key: string;
  readonly claim: ClaimView;
  /** The tricks the claimer's side claimed (for a concession of fewer than all, the rest). */
  readonly tricks: number;
  /** Who played on; `null`: the table's check refused the claim (a server table that checks claims). */
  readonly by: Seat | null;
  /** The trick in progress at the claim, and trumps. */
  readonly context: ClaimContext;
  readonly refused: { readonly layout: BySeat<readonly Card[]>; readonly line: readonly Card[]; readonly taken: number } | null;
}

/** The review of a finished hand (`key`, its number): progress while the Worker works, then each card the person played. */
export interface ReviewUi {
  readonly key: string;
  /** The cards shown are the `expert` level's, which the person asked for (seconds a card), not the game level's. */
  readonly expert: boolean;
  /** The expert is at work: the game level's cards stay shown until the expert's come (or the expert fails). */
  readonly asking: boolean;
  readonly progress: string | null;
  readonly cards: readonly ReviewedCard[] | null;
  readonly error: string | null;
}

/**
 * The hint: the expected tricks of each of the viewer's legal cards from the viewer's own view, for the
 * position `key` (`positionKey`); `values` is `null` while the Worker works.
 */
export interface ExpectedUi {
  readonly key: string;
  /** The values are the `expert` level's, which the person asked for (seconds a card), not the game level's. */
  readonly expert: boolean;
  /** The expert is at work: the game level's values stay shown until the expert's come (or the expert fails). */
  readonly asking: boolean;
  readonly values: readonly CardValue[] | null;
  /** The layouts the values are averaged over. */
  readonly layouts: number;
  /** The layouts played out instead, when none could be solved (0 otherwise). */
  readonly playedOut: number;
  /** The Worker's failure, in words. */
  readonly error: string | null;
}

/** What the double-dummy toggle shows: scores only ever for cards the view holds or that were played. */
export interface DdUi {
  /** "Solving…" while the Worker works, or `null`. */
  readonly solving: string | null;
  /** The Worker's failure, in words. */
  readonly error: string | null;
  /** The scores of the viewer's legal cards, for the position `key` (`positionKey`), asked for in solo play. */
  readonly moves: { readonly key: string; readonly scores: readonly CardScore[] } | null;
  /** Every card of the finished hand `key` (its number at the table), scored. */
  readonly hand: { readonly key: string; readonly plays: readonly DdPlay[] } | null;
}

/** What `renderReplay` draws besides the position: the last failure, and the card that just moved. */
export interface ReplayUi {
  readonly error: string | null;
  readonly fresh: ReadonlySet<Card>;
  /** Where "back" goes: the solo game or the server table. */
  readonly mode: Mode;
}
