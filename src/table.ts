/**
 * The table: one document holding a rubber and its hand in progress, driven by {@link apply}.
 *
 * For backends that keep one document per table. It is built on the hand API ({@link deal},
 * {@link play}) and the rubber reducer ({@link recordHand}): when the 52nd card is played, the hand is
 * scored into the rubber at once, and the next `deal` action deals for the next dealer, on the left.
 * Randomness is part of the state (a {@link RandomState}), so `apply` stays pure. The table also maps
 * player ids to seats, so partners can change between rubbers (`rules.afterRubber`), and counts its
 * deals, so trump by rotation goes on across rubbers.
 *
 * @module
 */

import type { Card } from './cards.js';
import { fail, unwrap, type WhistErrorInfo } from './errors.js';
import { deal, type HandState, handFacts, isHandComplete, play } from './hand.js';
import { Generator, type RandomState, randomSeedState, seedRandom, shuffleInPlace } from './random.js';
import { gamesWon, isRubberComplete, newRubber, nextDealer, type RubberState, recordHand, rubberPoints, rubberWinner } from './rubber.js';
import { type CutResult, cutForPartners } from './cut.js';
import type { Rules } from './rules.js';
import { DECK_ORDER } from './cards.js';
import { type BySeat, type BySide, isSeat, nextSeat, partnerOf, type Seat, type Side } from './seats.js';

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
  /** The PRNG state used when a `deal` action brings no deck, and for cuts. */
  readonly random: RandomState;
  /** Who sits where: player ids by seat (by default each player is named after their first seat). */
  readonly players: BySeat<string>;
  /** The last cut for partners and deal, for a UI to show; `null` when seats were given. */
  readonly cut: CutResult | null;
  /** The finished rubbers before the current one. */
  readonly rubbers: readonly RubberSummary[];
}

/** A finished rubber, as the table keeps it. */
export interface RubberSummary {
  /** Who sat where during it. */
  readonly players: BySeat<string>;
  /** The side that won it. */
  readonly winner: Side;
  /** Games won by each side. */
  readonly games: BySide;
  /** Its value to the winners, or `null` where the rules have no rubber points. */
  readonly rubberPoints: number | null;
}

/** Options of {@link newTable}. */
export interface TableOptions {
  /** The first dealer; ignored when `players` is a list to cut (the cut decides). Default `'N'`. */
  readonly dealer?: Seat;
  /** Players by seat, or a list of four player ids who cut for partners and deal. Default: each seat's own name. */
  readonly players?: BySeat<string> | readonly string[];
  /** A number or string for reproducible deals. */
  readonly seed?: number | string;
  /** A PRNG state, instead of `seed`. With neither, deals are shuffled from `crypto.getRandomValues`. */
  readonly random?: RandomState;
}

/**
 * An action at the table.
 *
 * - `deal`: deal the next hand, by the next dealer. With `deck`, that deck order; without, a deck
 *   shuffled from the table's PRNG. With trump by `secondPack`, `secondPackCard` (or a card drawn from the PRNG).
 * - `play`: a seat plays a card, checked as by {@link play}.
 * - `newRubber`: after a finished rubber, start the next one; partners are kept, swapped or cut again
 *   as `rules.afterRubber` says, and the deal goes on passing to the left.
 */
export type TableAction =
  | { readonly type: 'deal'; readonly deck?: readonly Card[]; readonly secondPackCard?: Card }
  | { readonly type: 'play'; readonly seat: string; readonly card: string }
  | { readonly type: 'newRubber' };

/** The result of {@link newTable} and {@link apply}. */
export type TableResult = { readonly ok: true; readonly state: TableState } | { readonly ok: false; readonly error: WhistErrorInfo };

/**
 * Opens a table: a new rubber, no hand dealt yet.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - {@link TableOptions}: `dealer`, `players` (seated, or four ids to cut), `seed` or `random`
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_SEAT` (dealer) or
 *   `INVALID_PLAYERS` (players not four distinct ids)
 * @example
 * ```ts
 * const table = newTable(SHORT_WHIST, { players: ['ann', 'bob', 'cy', 'di'], seed: 7 }); // they cut for partners
 * ```
 * @remarks Source: CL law 1 (the rubber), law 13 (cutting); DOC1.
 */
export function newTable(rules: Rules, options: TableOptions = {}): TableResult {
  const dealer = options.dealer ?? 'N';
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${JSON.stringify(dealer)}`, { path: 'dealer', seat: String(dealer) });
  let random = options.random ?? (options.seed !== undefined ? seedRandom(options.seed) : randomSeedState());
  let players: BySeat<string> = { N: 'N', E: 'E', S: 'S', W: 'W' };
  let cut: CutResult | null = null;
  let firstDealer: Seat = dealer;
  if (Array.isArray(options.players)) {
    const r = cutForPartners(options.players, random, { dealerSeat: dealer });
    if (!r.ok) return r;
    cut = r.cut;
    players = r.cut.seats;
    firstDealer = r.cut.dealer;
    random = r.cut.random;
  } else if (options.players !== undefined) {
    const p = options.players as BySeat<string>;
    const ids = [p.N, p.E, p.S, p.W];
    if (!ids.every((id) => typeof id === 'string' && id !== '') || new Set(ids).size !== 4)
      return fail('INVALID_PLAYERS', 'players must give four distinct, non-empty ids for N, E, S and W', { path: 'players' });
    players = { N: p.N, E: p.E, S: p.S, W: p.W };
  }
  const rubber = newRubber(rules, { dealer: firstDealer });
  if (!rubber.ok) return rubber;
  return { ok: true, state: { v: TABLE_SCHEMA, rules, dealNumber: 0, rubber: rubber.state, hand: null, random, players, cut, rubbers: [] } };
}

/**
 * Applies an action to a table, checking everything: actions may come from untrusted clients.
 *
 * @param table - a table state
 * @param action - `{ type: 'deal', deck? }`, `{ type: 'play', seat, card }` or `{ type: 'newRubber' }`
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_ACTION` (unknown action,
 *   a deal while a hand is in progress, a play with no hand in progress, a new rubber before the rubber is over), `RUBBER_COMPLETE` (a deal after
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
  if (type === 'newRubber') return nextRubber(table);
  return fail('INVALID_ACTION', `unknown action type ${JSON.stringify(type)}`, { path: 'type' });
}

/**
 * After a rubber: a new one, with partners kept, swapped or cut again as `rules.afterRubber` says.
 * The deal keeps passing to the left: the new rubber's first dealer is the seat after the last dealer.
 */
function nextRubber(table: TableState): TableResult {
  const winner = rubberWinner(table.rubber);
  if (winner === null) return fail('INVALID_ACTION', 'the rubber is still being played');
  const dealer = nextDealer(table.rubber);
  const summary: RubberSummary = { players: table.players, winner, games: gamesWon(table.rubber), rubberPoints: rubberPoints(table.rubber) };
  let players = table.players;
  let random = table.random;
  let cut: CutResult | null = null;
  if (table.rules.afterRubber === 'swap') {
    // The dealer and eldest hand keep their seats; the other two players exchange seats (DOC1, MEYERS).
    const a = partnerOf(dealer);
    const b = nextSeat(dealer, 3);
    players = { ...players, [a]: players[b], [b]: players[a] };
  } else if (table.rules.afterRubber === 'recut') {
    const r = cutForPartners([players.N, players.E, players.S, players.W], random, { dealerSeat: dealer });
    if (!r.ok) return r;
    cut = r.cut;
    players = r.cut.seats;
    random = r.cut.random;
  }
  const rubber = newRubber(table.rules, { dealer }) as { ok: true; state: RubberState };
  return { ok: true, state: { ...table, rubber: rubber.state, hand: null, random, players, cut, rubbers: table.rubbers.concat(summary) } };
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
      const cards = DECK_ORDER.slice();
      shuffleInPlace(g, cards);
      deck = cards;
    }
    if (table.rules.trump.kind === 'secondPack' && secondPackCard === undefined) secondPackCard = DECK_ORDER[g.int(52)];
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
  const recorded = recordHand(table.rubber, handFacts(hand));
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
export function newTableOrThrow(rules: Rules, options: TableOptions = {}): TableState {
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
