/**
 * The page's own state, as the renderers read it: what is open, what just moved, what the page waits for.
 * Never a card the view does not hold.
 *
 * @module
 */

import type { Card } from 'whist';
import type { CardScore, CardValue } from 'whist/solver';
import type { DdPlay } from '../dd.js';
import type { ReviewedCard } from '../players.js';
import type { Connection } from '../remote.js';

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
}

/** The review of a finished hand (`key`, its number): progress while the Worker works, then each card the person played. */
export interface ReviewUi {
  readonly key: string;
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
  readonly values: readonly CardValue[] | null;
  /** The layouts the values are averaged over. */
  readonly layouts: number;
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
