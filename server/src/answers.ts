/**
 * What the server answers over HTTP, as types: the one declaration that the server and the page (through
 * `whist-server/answers`, `import type`) both read, so that an answer the server changes is a type error in
 * the page. Types only: nothing here runs.
 *
 * - `POST /tables`: {@link Created};
 * - `GET /tables/:id`, `POST /tables/:id/actions`: {@link Seen};
 * - `POST /tables/:id/computers`: {@link SeatsAnswer}; the events stream's `seats` event carries the same;
 * - `GET /daily`: {@link DailyToday}; `GET /daily/entries/:id` and `POST …/next`: {@link DailyEntry};
 * - `POST /duplicate`, `GET /duplicate/:id`, `POST /duplicate/:id/start`: {@link DuplicateEvent}; `POST /duplicate/:id/pairs`:
 *   {@link DuplicatePairJoined};
 * - every refusal: {@link ErrorAnswer}.
 *
 * @module
 */

import type { BySeat, BySide, Card, ClaimView, Seat, Suit, TableView } from 'whist';
import type { ClockShown, TurnClock } from './clock.js';
import type { ApiErrorCode } from './errors.js';

/** Whether a seat's player is here: following the table, away, played by the server, or not yet come. */
export type SeatStatus = 'connected' | 'away' | 'computer' | 'empty';

/** One seat as the table shows it: who sits there and whether they are here. */
export interface SeatInfo {
  readonly player: string;
  readonly status: SeatStatus;
  /** A computer player stands in for a person who is away. */
  readonly standIn?: true;
  /**
   * A computer player acts for a person whose turn clock ran out, while their page is open: until their
   * next action, or `POST /tables/:id/seat`, gives the seat back.
   */
  readonly timedOut?: true;
}

/**
 * A claim or concession played on, as the server sends it (`counter`): the claim, who played on (`null`:
 * the table's check refused it), the trick in progress at the claim, and the check's counter-example.
 */
export interface ClaimCounter {
  /** The claim, as the view's `claim` says it (`status` `refused` or `failed`). */
  readonly claim: ClaimView;
  /** The tricks the claimer's side claimed (for a concession of fewer than all, the rest). */
  readonly tricks: number;
  /** The seat that played on, or `null` when the table's check refused it (`ruleClaim`). */
  readonly by: Seat | null;
  /** The trick in progress when the claim was made, and trumps: what the line completes. */
  readonly context: { readonly leader: Seat; readonly cards: readonly Card[]; readonly trump: Suit | null };
  /**
   * The check's counter-example: the cards each seat holds at the claim on one layout the claimer's view
   * allows (the claimer's own as they were), the line of play from the claim to the end of the hand, and
   * the tricks the claimer's side takes on it; `null` when the check ran out of its budget.
   */
  readonly refused: { readonly layout: BySeat<readonly Card[]>; readonly line: readonly Card[]; readonly taken: number } | null;
}

/** A table as one seat (or a spectator, `seat: null`) sees it: the answer to `GET /tables/:id` and to an action. */
export interface Seen {
  readonly version: number;
  readonly seat: Seat | null;
  readonly view: TableView;
  /** Each seat's player and whether they are here. */
  readonly seats: BySeat<SeatInfo>;
  /**
   * The claim of the hand that was played on (by the table's check or by a seat), with its check's
   * counter-example from what the claimer could see, while the trick it was made in is played;
   * absent otherwise, and when the check shows that the claim holds.
   */
  readonly counter?: ClaimCounter;
  /**
   * The table's turn clock while it counts a person's turn: the seconds a card and a decision are given,
   * what this turn counts, and the milliseconds each waited-on person's seat has left (clock.ts); absent at a
   * table without a clock, and while the table waits on no person.
   */
  readonly clock?: ClockShown;
}

/** A seat of a new table: a person's, with its token, or a computer player's, with none. */
export type CreatedSeat = { readonly player: string; readonly token: string } | { readonly player: string; readonly computer: true };

/** A new table, as `POST /tables` answers it. Each token appears here once and is never stored. */
export interface Created {
  readonly id: string;
  readonly version: number;
  readonly seats: BySeat<CreatedSeat>;
  /** The spectators' token: it reads and follows the table (the spectator view), and never acts. */
  readonly spectator: string;
  readonly standInAfterSeconds: number;
  /** The table's turn clock, when it was opened with one. */
  readonly clock?: TurnClock;
}

/** The seats after a seat was given to a computer player (`POST /tables/:id/computers`), and the events stream's `seats` event. */
export interface SeatsAnswer {
  readonly seats: BySeat<SeatInfo>;
}

/** Every refusal: a code (the server's own, or the library's passed through) and a message for a log. */
export interface ErrorAnswer {
  readonly error: { readonly code: ApiErrorCode; readonly message: string };
}

/** One of the person's turns on a daily board: the card played, and the computer players' from the same view. */
export interface DailyTurn {
  /** The trick, from 1. */
  readonly trick: number;
  readonly played: Card;
  readonly computers: Card;
}

/** One board a person finished, as the entry keeps it. */
export interface DailyKept {
  readonly board: number;
  readonly tricks: BySide;
  readonly points: BySide;
  /**
   * The person's turns where the computer players, from the same view, would have played another card
   * (`null`: not worked out, the solver's pool being too busy when the board was kept).
   */
  readonly differs?: readonly DailyTurn[] | null;
}

/** A board as the entry shows it: the person's result, the computer players', the field's. */
export interface DailyBoard extends DailyKept {
  /** The board played by four computer players at the day's level: north–south's tricks and points. */
  readonly computers: { readonly tricks: BySide; readonly points: BySide } | null;
  /** North–south's tricks of everyone else who finished the board, fewest first. */
  readonly field: readonly number[];
  /** Matchpoints on the board against the field: won, the most it could give, and the percentage (`null` alone). */
  readonly matchpoints: { readonly value: number; readonly top: number; readonly percent: number | null };
}

/** The answer of `GET /daily/entries/:id`. */
export interface DailyEntry {
  readonly id: string;
  readonly name: string;
  readonly day: string;
  readonly boards: number;
  readonly board: number | null;
  readonly table: { readonly id: string } | null;
  /** Whether the board being played is over: `POST …/next` then keeps it and opens the next. */
  readonly boardOver: boolean;
  readonly results: readonly DailyBoard[];
  readonly total: { readonly value: number; readonly top: number; readonly percent: number | null; readonly rank: number | null; readonly of: number };
}

/** The answer of `GET /daily`. */
export interface DailyToday {
  readonly day: string;
  readonly boards: number;
  readonly level: string;
  readonly rules: string;
  readonly ranking: readonly DailyPlace[];
}

/** One person's place in the day's ranking. */
export interface DailyPlace {
  readonly name: string;
  readonly boards: number;
  readonly percent: number | null;
  readonly rank: number;
  readonly tied: boolean;
}

/** A pair of a duplicate event: its number, its two players (north or east first), and whether computer players play it. */
export interface DuplicatePair {
  readonly pair: number;
  readonly players: readonly [string, string];
  readonly computer: boolean;
  /** At a rated event, whether the second player has confirmed the pair with their key; elsewhere `true`. */
  readonly confirmed: boolean;
}

/** A table of the round being played: its pairs, its boards, the board at it now and the server table that board is played at. */
export interface DuplicateTable {
  readonly table: number;
  readonly ns: number;
  readonly ew: number;
  readonly boards: readonly number[];
  /** The board being played, `null` once the table has played its boards this round. */
  readonly board: number | null;
  /** The server table of that board (`/tables/:id`), `null` while none is open (computer pairs play theirs on the solver). */
  readonly tableId: string | null;
  /** The spectators' token of that table; shown only at an event open to spectators, to a request that holds no player's token. */
  readonly spectator: string | null;
}

/** A board's result, shown once the board has been played at every table that plays it. */
export interface DuplicateResult {
  readonly board: number;
  readonly round: number;
  readonly ns: number;
  readonly ew: number;
  readonly tricks: BySide;
  readonly points: BySide;
  /** The round's clock ran out before the pairs finished it: computer players played it on, and both pairs get the director's average. */
  readonly average: boolean;
}

/** A pair's standing over the boards shown so far. */
export interface DuplicateStandingShown {
  readonly pair: number;
  readonly players: readonly [string, string];
  readonly boards: number;
  /** Matchpoints won (the director's averages in), or Knickerbocker's tricks over the field's average. */
  readonly total: number;
  readonly top: number;
  readonly percent: number | null;
  readonly rank: number;
  readonly tied: boolean;
}

/** The caller's own place in the event: their pair, and where they sit this round. */
export interface DuplicateYou {
  readonly pair: number;
  readonly player: string;
  readonly table: number | null;
  readonly seat: Seat | null;
  readonly tableId: string | null;
  readonly board: number | null;
}

/** A duplicate event, as `GET /duplicate/:id` shows it. */
export interface DuplicateEvent {
  readonly id: string;
  readonly name: string;
  /** The event counts for the ratings (`/ratings`): registered players only, no computer pair. */
  readonly rated: boolean;
  /** Anyone may follow the tables: a request without a player's token gets their spectators' tokens. */
  readonly spectators: boolean;
  readonly status: 'open' | 'playing' | 'over';
  readonly rules: string;
  readonly movement: {
    readonly kind: 'howell' | 'mitchell';
    readonly tables: number;
    readonly pairs: number;
    readonly rounds: number;
    readonly boardsPerRound: number;
    readonly boards: number;
    readonly barometer: boolean;
  };
  readonly scoring: 'matchpoints' | 'knickerbocker';
  /** Whether computer players fill the pairs no people joined as, at the start. */
  readonly computers: boolean;
  readonly level: string;
  readonly roundMinutes: number;
  /** The round being played, from 1; 0 before the start. */
  readonly round: number;
  /** When the round's clock runs out (ISO 8601), while one is played. */
  readonly roundEndsAt: string | null;
  readonly pairs: readonly DuplicatePair[];
  /** The round's tables: every one to a spectator or the director, only the caller's own to a player. */
  readonly tables: readonly DuplicateTable[];
  readonly results: readonly DuplicateResult[];
  readonly standings: readonly DuplicateStandingShown[];
  /** The caller, when the request holds a player's token. */
  readonly you: DuplicateYou | null;
  /** Whether the request holds the director's token. */
  readonly director: boolean;
}

/**
 * The answer of `POST /duplicate/:id/pairs`: the pair's number and each player's token for the event, the
 * first player's first (at a rated event the second's lasts until the second player confirms the pair with
 * their key, `POST …/pairs/:n/confirm`, whose answer holds their own).
 */
export interface DuplicatePairJoined {
  readonly pair: number;
  readonly tokens: readonly [string, string];
  readonly event: DuplicateEvent;
}
