/**
 * The table: one document holding a rubber and its hand in progress, driven by {@link apply}.
 *
 * For backends that keep one document per table. It is built on the hand API ({@link deal},
 * {@link play}) and the rubber reducer ({@link recordHand}): when the 52nd card is played, the hand is
 * scored into the rubber at once, and the next `deal` action deals for the next dealer, on the left.
 * Randomness is part of the state (a {@link RandomState}), so `apply` stays pure.
 *
 * @module
 */

import type { Card } from './cards.js';
import { fail, unwrap, type WhistErrorInfo } from './errors.js';
import { deal, type HandState, honoursHeld, isHandComplete, play, tricksWon } from './hand.js';
import { Generator, type RandomState, randomSeedState, seedRandom, shuffleInPlace } from './random.js';
import { isRubberComplete, newRubber, nextDealer, type RubberState, recordHand } from './rubber.js';
import type { Rules } from './rules.js';
import { FULL_DECK } from './cards.js';
import type { Seat } from './seats.js';

/** The schema version of {@link TableState}. */
export const TABLE_SCHEMA = 1;

/** The state of a table: plain, immutable JSON. */
export interface TableState {
  /** Schema version, {@link TABLE_SCHEMA}. */
  readonly v: 1;
  /** The rules. */
  readonly rules: Rules;
  /** Hands dealt at this table so far; the next deal's number (trump by rotation counts from it). */
  readonly dealNumber: number;
  /** The rubber in progress (or just finished). */
  readonly rubber: RubberState;
  /** The hand in progress, or the last one played; `null` before the first deal. */
  readonly hand: HandState | null;
  /** The PRNG state used when a `deal` action brings no deck. */
  readonly random: RandomState;
}

/**
 * An action at the table.
 *
 * - `deal`: deal the next hand, by the next dealer. With `deck`, that deck order; without, a deck
 *   shuffled from the table's PRNG. With trump by `secondPack`, `secondPackCard` (or a card drawn from the PRNG).
 * - `play`: a seat plays a card, checked as by {@link play}.
 */
export type TableAction =
  | { readonly type: 'deal'; readonly deck?: readonly Card[]; readonly secondPackCard?: Card }
  | { readonly type: 'play'; readonly seat: string; readonly card: string };

/** The result of {@link newTable} and {@link apply}. */
export type TableResult = { readonly ok: true; readonly state: TableState } | { readonly ok: false; readonly error: WhistErrorInfo };

/**
 * Opens a table: a new rubber, no hand dealt yet.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - `dealer`: the first dealer; `seed`: a number or string for reproducible deals, or
 *   `random`: a PRNG state; with neither, deals are shuffled from `crypto.getRandomValues`
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_SEAT`
 * @example
 * ```ts
 * const table = newTable(SHORT_WHIST, { dealer: 'N', seed: 7 });
 * ```
 * @remarks Source: CL law 1 (the rubber); DOC1.
 */
export function newTable(rules: Rules, options: { readonly dealer: Seat; readonly seed?: number | string; readonly random?: RandomState }): TableResult {
  const rubber = newRubber(rules, { dealer: options?.dealer });
  if (!rubber.ok) return rubber;
  const random = options.random ?? (options.seed !== undefined ? seedRandom(options.seed) : randomSeedState());
  return { ok: true, state: { v: TABLE_SCHEMA, rules, dealNumber: 0, rubber: rubber.state, hand: null, random } };
}

/**
 * Applies an action to a table, checking everything: actions may come from untrusted clients.
 *
 * @param table - a table state
 * @param action - `{ type: 'deal', deck? }` or `{ type: 'play', seat, card }`
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_ACTION` (unknown action,
 *   a deal while a hand is in progress, a play with no hand in progress), `RUBBER_COMPLETE` (a deal after
 *   the rubber's last game), the codes of {@link deal} for a bad deck, or those of {@link play}
 * @example
 * ```ts
 * let table = newTableOrThrow(SHORT_WHIST, { dealer: 'N', seed: 7 });
 * table = applyOrThrow(table, { type: 'deal' });
 * table = applyOrThrow(table, { type: 'play', seat: 'E', card: legalMoves(table.hand!)[0]! });
 * ```
 * @remarks Source: CL; DOC1 (the deal passes to the left; a rubber is two games won).
 */
export function apply(table: TableState, action: TableAction): TableResult {
  const type = (action as { type?: unknown } | null)?.type;
  if (type === 'deal') return dealAtTable(table, action as Extract<TableAction, { type: 'deal' }>);
  if (type === 'play') return playAtTable(table, action as Extract<TableAction, { type: 'play' }>);
  return fail('INVALID_ACTION', `unknown action type ${JSON.stringify(type)}`, { path: 'type' });
}

function dealAtTable(table: TableState, action: Extract<TableAction, { type: 'deal' }>): TableResult {
  if (table.hand !== null && !isHandComplete(table.hand)) return fail('INVALID_ACTION', 'a hand is in progress');
  if (isRubberComplete(table.rubber)) return fail('RUBBER_COMPLETE', 'the rubber is over');
  let random = table.random;
  let deck = action.deck;
  let secondPackCard = action.secondPackCard;
  if (deck === undefined || (table.rules.trump.kind === 'secondPack' && secondPackCard === undefined)) {
    const g = new Generator(random.s);
    if (deck === undefined) {
      const cards = FULL_DECK.slice();
      shuffleInPlace(g, cards);
      deck = cards;
    }
    if (table.rules.trump.kind === 'secondPack' && secondPackCard === undefined) secondPackCard = FULL_DECK[g.int(52)];
    random = g.state();
  }
  const dealt = deal(table.rules, {
    dealer: nextDealer(table.rubber),
    deck,
    dealNumber: table.dealNumber,
    ...(secondPackCard !== undefined ? { secondPackCard } : {}),
  });
  if (!dealt.ok) return dealt;
  return { ok: true, state: { ...table, dealNumber: table.dealNumber + 1, hand: dealt.state, random } };
}

function playAtTable(table: TableState, action: Extract<TableAction, { type: 'play' }>): TableResult {
  if (table.hand === null) return fail('INVALID_ACTION', 'no hand has been dealt');
  const played = play(table.hand, action.seat, action.card);
  if (!played.ok) return played;
  const hand = played.state;
  if (!isHandComplete(hand)) return { ok: true, state: { ...table, hand } };
  const recorded = recordHand(table.rubber, { tricks: tricksWon(hand), honours: honoursHeld(hand), trump: hand.trump });
  if (!recorded.ok) return recorded;
  return { ok: true, state: { ...table, hand, rubber: recorded.state } };
}

/**
 * {@link newTable}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link newTable}
 * @returns the table state
 * @throws {@link WhistError} `INVALID_SEAT`
 * @example
 * ```ts
 * const table = newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 'club night' });
 * ```
 */
export function newTableOrThrow(rules: Rules, options: { readonly dealer: Seat; readonly seed?: number | string; readonly random?: RandomState }): TableState {
  return unwrap<TableState>(newTable(rules, options), 'state');
}

/**
 * {@link apply}, throwing instead of returning an error.
 *
 * @param table - a table state
 * @param action - as for {@link apply}
 * @returns the new table state
 * @throws {@link WhistError} with the codes of {@link apply}
 * @example
 * ```ts
 * table = applyOrThrow(table, { type: 'deal' });
 * ```
 */
export function applyOrThrow(table: TableState, action: TableAction): TableState {
  return unwrap<TableState>(apply(table, action), 'state');
}
