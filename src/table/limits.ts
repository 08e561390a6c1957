/**
 * Every limit of a table, in one place: what {@link apply} lets a table grow to is what {@link parseTable}
 * reads back. `apply` refuses an action that would pass one (`TABLE_FULL`); `parseTable` refuses a
 * stored table past one (`INVALID_STATE`).
 *
 * @module
 */

/**
 * The most entries a table's log may hold: 20,000, about 1,500 rubbers. A new rubber needs
 * {@link RUBBER_ROOM} entries left; past that, {@link apply} refuses it with `TABLE_FULL` and the table
 * goes on once its finished rubbers are archived ({@link archiveRubbers}).
 *
 * @example
 * ```ts
 * import { MAX_LOG } from 'whist';
 *
 * MAX_LOG; // 20000
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) ("The table").
 * @group Rubber and table
 */
export const MAX_LOG = 20_000;

/**
 * The log entries a new rubber is sure to fit in: 1,000. No rubber takes that many hands: each hand
 * scores at least one point, so a game of 10 ends within 19 hands and a rubber within 57.
 *
 * @example
 * ```ts
 * import { MAX_LOG, RUBBER_ROOM } from 'whist';
 *
 * MAX_LOG - RUBBER_ROOM; // 19000, the longest log a new rubber may start after
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) ("The table").
 * @group Rubber and table
 */
export const RUBBER_ROOM = 1_000;

/**
 * The most events one hand of a table's log may hold: 200, far more than any hand needs. {@link apply}
 * refuses with `TABLE_FULL` anything said in a hand that holds {@link MAX_HAND_EVENTS} less 2 events but
 * an answer to a claim (or its ruling), so that a claim made in the room left can always be answered;
 * the hand then goes on by its cards. {@link parseTable} refuses a hand of more.
 *
 * @example
 * ```ts
 * import { MAX_HAND_EVENTS } from 'whist';
 *
 * MAX_HAND_EVENTS; // 200
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) ("The table").
 * @group Rubber and table
 */
export const MAX_HAND_EVENTS = 200;

/**
 * The most characters of a stored table's JSON text: 8,000,000. {@link parseTable} refuses longer text;
 * {@link apply} and {@link dealDeck} refuse with `TABLE_FULL` an action after which the table, as
 * `JSON.stringify` writes it, would be longer (archive the finished rubbers with {@link archiveRubbers}).
 * Store tables as `JSON.stringify` writes them: text with added spaces is longer.
 *
 * @example
 * ```ts
 * import { MAX_TABLE_CHARS, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * JSON.stringify(newTableOrThrow(SHORT_WHIST, { seed: 1 })).length < MAX_TABLE_CHARS; // true
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) ("The table").
 * @group Rubber and table
 */
export const MAX_TABLE_CHARS = 8_000_000;

/** @internal The events kept free in a hand for the answers to a claim: two acceptances, or a refusal or ruling. */
export const ANSWER_ROOM = 2;

/** @internal The most characters of a hand's plays: 52 cards of two characters, single spaces between. */
export const MAX_PLAYS_CHARS = 52 * 3 - 1;

/**
 * @internal The most actions one hand of a table's log may hold: its 52 cards, {@link MAX_HAND_EVENTS}
 * events, and for each event a revoke corrected, the five cards it may take back (the revoke and the cards
 * played after it) played again.
 */
export const MAX_HAND_ACTIONS = 52 + 6 * MAX_HAND_EVENTS;
