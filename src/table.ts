/**
 * The table: one document per table, holding the rules, who sat down, the PRNG state it was opened
 * with, and the log of what happened at it. Driven by {@link apply}.
 *
 * For backends that keep one document per table. The log holds each hand (its dealer, its deal as PBN
 * text, where its trump came from, whether it was shuffled from the table's PRNG, and its cards played)
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
 * Rules as implemented (docs/rules.md, "Games and the rubber"): the deal passes to the left after each
 * hand; after a rubber, partners are kept, swapped or cut again as `rules.afterRubber` says. For `swap`,
 * the new rubber's first dealer is the player on the left of the previous rubber's first dealer; that
 * player and his eldest hand keep their seats and the other two exchange seats, so three rubbers give
 * all three partnerships (Meyers Konversations-Lexikon, "Whist").
 *
 * @module
 */

import { madeOf, markMade } from './made.js';
import { exactFields, stateError } from './read.js';
import { type Card, DECK_ORDER, isCard, type Suit } from './cards.js';
import { type CutResult, cutForPartners, readPlayers } from './cut.js';
import { describe, fail, ok, type Result, unwrap, WhistError, type WhistErrorInfo } from './errors.js';
import { dealHand, type HandState, handFacts, Progress, parseState, playFrom, progressOf, stateOfProgress, type TrumpSource } from './hand/index.js';
import { cryptoRandom, Generator, type RandomState, readRandom, seedRandom, shuffleInPlace } from './random.js';
import { gamesWon, isRubberComplete, nextDealer, type RubberState, addHand, rubberPoints, rubberWinner, startRubber } from './rubber.js';
import { type Rules, validateRules } from './rules.js';
import { type BySeat, type BySide, isSeat, nextSeat, partnerOf, SEATS, type Seat, type Side } from './seats.js';

/**
 * The schema version of {@link TableState}; it changes whenever the stored shape does.
 *
 * @example
 * ```ts
 * import { newTableOrThrow, SHORT_WHIST, TABLE_SCHEMA } from 'whist';
 *
 * newTableOrThrow(SHORT_WHIST, { seed: 1 }).v === TABLE_SCHEMA; // true
 * ```
 * @group Rubber and table
 */
export const TABLE_SCHEMA = 2;

/** The most entries a table's log may hold: about 2,000 rubbers. */
const MAX_LOG = 20_000;

/**
 * One hand in a table's log: the facts of its deal and the cards played.
 *
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
  /** The cards played, separated by single spaces. */
  readonly plays: string;
}

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
  readonly v: 2;
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
 * - `deal`: deal the next hand, by the next dealer, from a deck shuffled from the table's PRNG.
 * - `play`: a seat plays a card, checked as by {@link play}.
 * - `newRubber`: after a finished rubber, start the next one; partners are kept, swapped or cut again
 *   as `rules.afterRubber` says.
 * @group Rubber and table
 */
export type TableAction = { readonly type: 'deal' } | { readonly type: 'play'; readonly seat: Seat; readonly card: Card } | { readonly type: 'newRubber' };

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
  | 'INVALID_SEAT'
  | 'INVALID_CARD'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT';

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
  | 'INVALID_ARGUMENT'
  | 'INVALID_DECK'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP';

// ------------------------------------------------------------------------------------------------------
// Where a table stands, derived from its facts.

/** @internal Everything a table's facts imply. Never changed. */
export class TableProgress {
  constructor(
    readonly rules: Rules,
    /** The PRNG state the next deal or cut draws from. */
    readonly random: RandomState,
    /** Who sits where now. */
    readonly players: BySeat<string>,
    /** The last cut for partners, or `null`. */
    readonly cut: CutResult | null,
    readonly rubber: RubberState,
    /** The hand in progress, or the last one of this rubber; `null` before its first deal. */
    readonly hand: Progress | null,
    /** Hands dealt at the table so far. */
    readonly dealNumber: number,
    readonly rubbers: readonly RubberSummary[],
    /** The log so far. */
    readonly log: readonly TableEntry[],
    /** The first dealer of the rubber in progress. */
    readonly firstDealer: Seat,
    /** The facts the table was opened with, as checked: they become the table state's own fields. */
    readonly opened: Opened,
    /** The hand played before {@link TableProgress.hand}, in this rubber or the last; `null` before the second deal. */
    readonly previous: Progress | null = null,
  ) {}
}

/** The facts a table is opened with. */
interface Opened {
  readonly rules: Rules;
  readonly players: BySeat<string> | readonly string[];
  readonly firstDealer: Seat;
  readonly random: RandomState;
}

type Failure<C extends string> = { readonly ok: false; readonly error: WhistErrorInfo<C & WhistErrorInfo['code']> };

function opening(rules: Rules, players: BySeat<string> | readonly string[], dealer: Seat, random: RandomState): TableProgress | Failure<NewTableError> {
  let seats: BySeat<string>;
  let cut: CutResult | null = null;
  let rng = random;
  let firstDealer = dealer;
  if (Array.isArray(players)) {
    const r = cutForPartners(players, random, { dealerSeat: dealer });
    if (!r.ok) return r;
    cut = r.value.cut;
    seats = r.value.cut.seats;
    rng = r.value.random;
    firstDealer = r.value.cut.dealer;
  } else seats = players as BySeat<string>;
  const rubber = startRubber(rules, { dealer: firstDealer });
  if (!rubber.ok) return rubber;
  const opened = Object.freeze({
    rules,
    players: Array.isArray(players) ? Object.freeze([...players]) : Object.freeze({ ...(players as BySeat<string>) }),
    firstDealer: dealer,
    random: Object.freeze({ s: Object.freeze([random.s[0], random.s[1], random.s[2], random.s[3]]) }) as RandomState,
  });
  return new TableProgress(rules, rng, seats, cut, rubber.value, null, 0, [], [], firstDealer, opened);
}

function handEntry(hand: Progress, shuffled: boolean): HandEntry {
  const f = hand.fixed;
  return Object.freeze({
    type: 'hand',
    dealer: f.dealer,
    trump: f.trumpSuit,
    trumpSource: f.trumpSource,
    trumpCard: f.trumpCard,
    deal: f.deal,
    shuffled,
    plays: hand.plays,
  });
}

/**
 * A copy of a log with an entry added, or put in place of the last one. Copied element by element: the
 * logs are frozen, and copying a frozen array with `slice` or a spread takes V8's slow path.
 */
function withEntry(log: readonly TableEntry[], entry: TableEntry, replaceLast: boolean): TableEntry[] {
  const n = replaceLast ? log.length - 1 : log.length;
  const out = new Array<TableEntry>(n + 1);
  for (let i = 0; i < n; i++) out[i] = log[i] as TableEntry;
  out[n] = entry;
  return out;
}

/** The table once a hand is dealt at it, the PRNG left at `random`. */
function dealtAt(p: TableProgress, hand: Progress, random: RandomState, shuffled: boolean): TableProgress {
  return new TableProgress(
    p.rules,
    random,
    p.players,
    p.cut,
    p.rubber,
    hand,
    p.dealNumber + 1,
    p.rubbers,
    withEntry(p.log, handEntry(hand, shuffled), false),
    p.firstDealer,
    p.opened,
    p.hand ?? p.previous,
  );
}

function canDeal(p: TableProgress): Failure<'INVALID_ACTION' | 'RUBBER_COMPLETE'> | null {
  if (p.hand !== null && p.hand.turn >= 0) return fail('INVALID_ACTION', 'a hand is in progress', { path: 'type' });
  if (isRubberComplete(p.rubber)) return fail('RUBBER_COMPLETE', 'the rubber is over: start a new rubber first', { path: 'type' });
  return null;
}

/** A hand dealt at the table: from the PRNG (`deck` null) or from a chosen deck. */
function stepDeal(p: TableProgress, deck: unknown, secondPackCard: unknown): TableProgress | Failure<DealDeckError> {
  const refused = canDeal(p);
  if (refused !== null) return refused;
  let random = p.random;
  const shuffled = deck === null;
  let cards = deck;
  let turned = secondPackCard;
  if (shuffled) {
    const g = new Generator(random.s);
    const order = DECK_ORDER.slice();
    shuffleInPlace(g, order);
    cards = order;
    if (p.rules.trump.kind === 'secondPack') turned = DECK_ORDER[g.int(52)];
    random = g.state();
  }
  const dealt = dealHand(p.rules, {
    dealer: nextDealer(p.rubber),
    deck: cards as Card[],
    dealNumber: p.dealNumber,
    ...(turned !== undefined ? { secondPackCard: turned as Card } : {}),
  });
  if (!dealt.ok) return dealt as Failure<DealDeckError>;
  return dealtAt(p, progressOf(dealt.value) as Progress, random, shuffled);
}

function stepPlay(p: TableProgress, seat: unknown, card: unknown): TableProgress | Failure<ApplyError> {
  if (p.hand === null || p.hand.turn < 0) return fail('INVALID_ACTION', 'no hand is being played: deal first', { path: 'type' });
  const played = playFrom(p.hand, seat, card);
  if (!(played instanceof Progress)) return played as Failure<ApplyError>; // never HAND_COMPLETE: a complete hand was refused above
  return withPlayed(p, played);
}

/** The table once its hand has reached `hand` (one card or more later): the log's last entry and, at the end of the hand, the rubber. */
function withPlayed(p: TableProgress, hand: Progress): TableProgress {
  const log = withEntry(p.log, handEntry(hand, (p.log[p.log.length - 1] as HandEntry).shuffled), true);
  let rubber = p.rubber;
  if (hand.turn < 0) rubber = unwrap(addHand(rubber, handFacts(stateOfProgress(hand))));
  return new TableProgress(p.rules, p.random, p.players, p.cut, rubber, hand, p.dealNumber, p.rubbers, log, p.firstDealer, p.opened, p.previous);
}

function stepNewRubber(p: TableProgress): TableProgress | Failure<ApplyError> {
  const winner = rubberWinner(p.rubber);
  if (winner === null) return fail('INVALID_ACTION', 'the rubber is still being played', { path: 'type' });
  const summary: RubberSummary = Object.freeze({ players: p.players, winner, games: gamesWon(p.rubber), rubberPoints: rubberPoints(p.rubber) });
  let players = p.players;
  let random = p.random;
  let cut: CutResult | null = p.cut;
  let dealer: Seat;
  const rule = p.rules.afterRubber;
  if (rule === 'swap') {
    // The player on the left of the last first dealer deals first; he and his eldest hand keep their
    // seats, and the other two exchange seats (docs/rules.md, "Games and the rubber").
    dealer = nextSeat(p.firstDealer);
    const a = partnerOf(dealer);
    const b = nextSeat(dealer, 3);
    players = { ...players, [a]: players[b], [b]: players[a] };
  } else if (rule === 'recut') {
    dealer = nextDealer(p.rubber);
    const r = cutForPartners([players.N, players.E, players.S, players.W], random, { dealerSeat: dealer });
    if (!r.ok) return fail('INVALID_STATE', r.error.message);
    cut = r.value.cut;
    players = r.value.cut.seats;
    random = r.value.random;
  } else dealer = nextDealer(p.rubber);
  const rubber = unwrap(startRubber(p.rules, { dealer }));
  return new TableProgress(
    p.rules,
    random,
    Object.freeze({ ...players }),
    cut,
    rubber,
    null,
    p.dealNumber,
    [...p.rubbers, summary],
    withEntry(p.log, Object.freeze({ type: 'newRubber' as const }), false),
    dealer,
    p.opened,
    p.hand ?? p.previous,
  );
}

function tableOf(p: TableProgress): TableState {
  const o = p.opened;
  const state = {
    v: TABLE_SCHEMA,
    rules: o.rules,
    players: o.players,
    firstDealer: o.firstDealer,
    random: o.random,
    log: Object.freeze(p.log),
  };
  return Object.freeze(markMade(state, p)) as TableState;
}

/** @internal What the library derived when it made a table state; any other value is refused. Never throws. */
export function tableProgressOf(table: unknown): TableProgress | WhistErrorInfo<'INVALID_STATE'> {
  const p = madeOf(table);
  if (p instanceof TableProgress) return p;
  return {
    code: 'INVALID_STATE',
    message:
      typeof table === 'object' && table !== null
        ? 'not a table state made by this library: check a stored table with parseTable first'
        : `a table state must be an object, got ${describe(table)}`,
    path: 'table',
  };
}

// ------------------------------------------------------------------------------------------------------
// Opening a table and acting at it.

function openingPlayers(value: unknown): BySeat<string> | string[] | null {
  if (Array.isArray(value)) return readPlayers(value);
  if (typeof value !== 'object' || value === null) return null;
  const keys = Object.keys(value).sort().join('');
  if (keys !== 'ENSW') return null;
  const p = value as Record<string, unknown>;
  const ids = readPlayers([p.N, p.E, p.S, p.W]);
  return ids === null ? null : { N: ids[0] as string, E: ids[1] as string, S: ids[2] as string, W: ids[3] as string };
}

function newTableImpl(rulesValue: unknown, optionsValue: unknown): Result<TableState, NewTableError> {
  const checked = validateRules(rulesValue);
  if (!checked.ok) return checked;
  const rules = checked.value;
  if (optionsValue === undefined) optionsValue = {};
  if (typeof optionsValue !== 'object' || optionsValue === null || Array.isArray(optionsValue))
    return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(optionsValue)}`, { path: 'options' });
  const o = optionsValue as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!['dealer', 'players', 'seed', 'random'].includes(key)) return fail('INVALID_ARGUMENT', `${key} is not an option of newTable`, { path: key });
  const dealer = o.dealer ?? 'N';
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${describe(dealer)}`, { path: 'dealer' });
  const seed = o.seed;
  const randomValue = o.random;
  if (seed !== undefined && randomValue !== undefined) return fail('INVALID_ARGUMENT', 'give seed or random, not both', { path: 'random' });
  let random: RandomState;
  if (seed !== undefined) {
    if (!(typeof seed === 'string' && seed.length <= 1000) && !(typeof seed === 'number' && Number.isFinite(seed)))
      return fail('INVALID_ARGUMENT', `seed must be a finite number or a string of at most 1,000 characters, got ${describe(seed)}`, { path: 'seed' });
    random = seedRandom(seed);
  } else if (randomValue !== undefined) {
    const r = readRandom(randomValue);
    if (r === null) return fail('INVALID_ARGUMENT', `random must be a PRNG state { s: [a, b, c, d] }, got ${describe(randomValue)}`, { path: 'random' });
    random = r;
  } else random = cryptoRandom();
  const playersValue = o.players ?? { N: 'N', E: 'E', S: 'S', W: 'W' };
  const players = openingPlayers(playersValue);
  if (players === null)
    return fail('INVALID_PLAYERS', 'players must be four distinct ids (1 to 100 characters), by seat { N, E, S, W } or as a list to cut', { path: 'players' });
  const p = opening(rules, players, dealer, random);
  if (!(p instanceof TableProgress)) return p;
  return ok(tableOf(p));
}

/**
 * Opens a table: a new rubber, no hand dealt yet.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}; checked as by {@link validateRules}
 * @param options - {@link TableOptions}: `dealer`, `players` (seated, or four ids to cut), `seed` or `random`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_RULES`,
 *   `INVALID_ARGUMENT` (options not an object, an unknown option, a seed that is not a finite number or a
 *   string, a malformed PRNG state, both seed and random), `INVALID_SEAT` (dealer) or `INVALID_PLAYERS`
 *   (not four distinct ids). Never throws.
 * @example
 * ```ts
 * import { newTable, seating, SHORT_WHIST } from 'whist';
 *
 * const r = newTable(SHORT_WHIST, { players: ['ann', 'bob', 'cy', 'di'], seed: 7 }); // they cut for partners
 * r.ok && Object.values(seating(r.value)).sort(); // ['ann', 'bob', 'cy', 'di']
 * newTable(SHORT_WHIST, { seed: Number.NaN }).ok; // false
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 1 (the rubber) and law 13 (cutting); German text «Whist» (2012).
 * @group Rubber and table
 */
export function newTable(rules: Rules, options: TableOptions = {}): Result<TableState, NewTableError> {
  try {
    return newTableImpl(rules, options);
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
}

/**
 * {@link newTable}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link newTable}
 * @returns the table state
 * @throws {@link WhistError} `INVALID_RULES`, `INVALID_ARGUMENT`, `INVALID_SEAT` or `INVALID_PLAYERS`
 * @example
 * ```ts
 * import { currentRubber, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const table = newTableOrThrow(SHORT_WHIST, { dealer: 'S', seed: 'club night' });
 * currentRubber(table).firstDealer; // 'S'
 * ```
 * @remarks Source: as {@link newTable}.
 * @group Rubber and table
 */
export function newTableOrThrow(rules: Rules, options: TableOptions = {}): TableState {
  return unwrap(newTable(rules, options));
}

function progressOrFail(table: unknown): TableProgress | Failure<'INVALID_STATE' | 'INVALID_RULES'> {
  const p = tableProgressOf(table);
  return p instanceof TableProgress ? p : { ok: false, error: Object.freeze(p) };
}

function finish(p: TableProgress | Failure<string>): Result<TableState, never> | Failure<string> {
  if (!(p instanceof TableProgress)) return p;
  return ok(tableOf(p));
}

function applyImpl(table: TableState, action: unknown): Result<TableState, ApplyError> {
  const p = progressOrFail(table);
  if (!(p instanceof TableProgress)) return p;
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return fail('INVALID_ACTION', `an action must be an object, got ${describe(action)}`, { path: 'action' });
  const a = action as Record<string, unknown>;
  const type = a.type;
  const keys = Object.keys(a);
  const allowed = type === 'play' ? ['type', 'seat', 'card'] : ['type'];
  for (const key of keys)
    if (!allowed.includes(key))
      return fail('INVALID_ACTION', `${key} is not a field of a ${describe(type)} action${key === 'deck' ? ': only the server deals, with dealDeck' : ''}`, {
        path: key,
      });
  if (type === 'deal') return finish(stepDeal(p, null, undefined)) as Result<TableState, ApplyError>;
  if (type === 'play') return finish(stepPlay(p, a.seat, a.card)) as Result<TableState, ApplyError>;
  if (type === 'newRubber') return finish(stepNewRubber(p)) as Result<TableState, ApplyError>;
  return fail('INVALID_ACTION', `unknown action type ${describe(type)}`, { path: 'type' });
}

/**
 * Applies an action to a table, checking everything: actions may come from untrusted clients.
 *
 * A `deal` action shuffles from the table's PRNG; an action carrying a deck (or any other unknown field)
 * is refused, so a server that forwards client actions cannot be made to deal a stacked deck.
 *
 * @param table - a table state (any value is checked; a table this library just returned is recognised at once)
 * @param action - `{ type: 'deal' }`, `{ type: 'play', seat, card }` or `{ type: 'newRubber' }`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` (not a table
 *   state), `INVALID_RULES`, `INVALID_ACTION` (an unknown action or field, a deal while a hand is in
 *   progress, a play with no hand in progress, a new rubber before the rubber is over), `RUBBER_COMPLETE`
 *   (a deal after the rubber's last game), or the codes of {@link play}: `INVALID_SEAT`, `INVALID_CARD`,
 *   `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT` (a play once the hand is over is an
 *   `INVALID_ACTION`: the table waits for a deal). Never throws.
 * @example
 * ```ts
 * import { apply, applyOrThrow, currentHand, legalMoves, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * let table = newTableOrThrow(SHORT_WHIST, { dealer: 'N', seed: 7 });
 * table = applyOrThrow(table, { type: 'deal' });
 * const card = legalMoves(currentHand(table)!)[0]!;
 * apply(table, { type: 'play', seat: 'E', card }).ok; // true
 * const stacked = apply(table, { type: 'deal', deck: [] } as never);
 * stacked.ok ? null : stacked.error.code; // 'INVALID_ACTION'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012) (the deal passes to the left; a rubber is two games won).
 * @group Rubber and table
 */
export function apply(table: TableState, action: TableAction): Result<TableState, ApplyError> {
  try {
    return applyImpl(table, action);
  } catch {
    return fail('INVALID_ACTION', 'the action could not be read: it throws when read', { path: 'action' }) as Result<TableState, ApplyError>;
  }
}

/**
 * {@link apply}, throwing instead of returning an error.
 *
 * @param table - a table state
 * @param action - as for {@link apply}
 * @returns the new table state
 * @throws {@link WhistError} with the codes of {@link apply}: `INVALID_STATE`, `INVALID_RULES`,
 *   `INVALID_ACTION`, `RUBBER_COMPLETE`, `INVALID_SEAT`, `INVALID_CARD`,
 *   `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * currentHand(table)?.dealer; // 'N'
 * ```
 * @remarks Source: as {@link apply}.
 * @group Rubber and table
 */
export function applyOrThrow(table: TableState, action: TableAction): TableState {
  return unwrap(apply(table, action));
}

/**
 * Deals the next hand from a deck the server chose (its own shuffle, a tournament's deal), instead of
 * the table's PRNG. For servers only: never pass a deck that came from a client.
 *
 * @param table - a table state
 * @param deck - 52 distinct cards; `deck[0]` goes to eldest hand, `deck[51]` to the dealer
 * @param options - with trump by second pack, `{ secondPackCard }`, the card eldest hand turns
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE`,
 *   `INVALID_RULES`, `INVALID_ACTION` (a hand is in progress), `RUBBER_COMPLETE`, `INVALID_ARGUMENT`
 *   (options not an object), `INVALID_DECK`, `INVALID_CARD`, `DUPLICATE_CARD` or `INVALID_TRUMP`. Never throws.
 * @example
 * ```ts
 * import { currentHand, dealDeck, FULL_DECK, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * const r = dealDeck(newTableOrThrow(SHORT_WHIST, { dealer: 'W', seed: 1 }), FULL_DECK);
 * r.ok && currentHand(r.value)?.trumpCard; // '2C'
 * ```
 * @remarks Source: docs/rules.md, "The table" (an engine takes the deck order as input).
 * @group Rubber and table
 */
export function dealDeck(table: TableState, deck: readonly Card[], options: { readonly secondPackCard?: Card } = {}): Result<TableState, DealDeckError> {
  try {
    const p = progressOrFail(table);
    if (!(p instanceof TableProgress)) return p;
    if (typeof options !== 'object' || options === null)
      return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, { path: 'options' });
    const r = stepDeal(p, deck ?? [], options.secondPackCard);
    return finish(r) as Result<TableState, DealDeckError>;
  } catch {
    return fail('INVALID_ARGUMENT', 'the deck or options could not be read: they throw when read', { path: 'deck' });
  }
}

/**
 * The error codes of {@link clientAction}.
 *
 * @group Rubber and table
 */
export type ClientActionError = 'INVALID_ACTION' | 'INVALID_SEAT' | 'INVALID_CARD';

/**
 * Reads the body of a client's request into a table action, for the seat the server has authenticated.
 *
 * Accepted: `{ "type": "play", "card": "QH" }` and `{ "type": "newRubber" }`. Refused: a deal, a deck,
 * a seat (the seat comes from the server, never from the body), any other field.
 *
 * @param body - the parsed request body, any value
 * @param seat - the seat the server has authenticated
 * @returns `{ ok: true, value: action }` ready for {@link apply}, or `{ ok: false, error }` with code
 *   `INVALID_ACTION`, `INVALID_CARD` (a card that is not an exact card string) or `INVALID_SEAT` (the
 *   server's seat is not a seat). Never throws.
 * @example
 * ```ts
 * import { clientAction } from 'whist';
 *
 * clientAction({ type: 'play', card: 'QH' }, 'S'); // { ok: true, value: { type: 'play', seat: 'S', card: 'QH' } }
 * const forged = clientAction({ type: 'deal', deck: [] }, 'S');
 * forged.ok ? null : forged.error.code; // 'INVALID_ACTION'
 * ```
 * @group Rubber and table
 */
export function clientAction(body: unknown, seat: Seat): Result<TableAction, ClientActionError> {
  if (!isSeat(seat)) return fail('INVALID_SEAT', `the server's seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  try {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail('INVALID_ACTION', `the body must be a JSON object, got ${describe(body)}`, { path: 'body' });
    const b = body as Record<string, unknown>;
    const keys = Object.keys(b);
    const type = b.type;
    if (type === 'play') {
      for (const key of keys)
        if (key !== 'type' && key !== 'card')
          return fail('INVALID_ACTION', `${key} is not a field of a play${key === 'seat' ? ': the seat comes from your token' : ''}`, { path: key });
      const card = b.card;
      if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card', card });
      return ok(Object.freeze({ type: 'play', seat, card: card as Card }));
    }
    if (type === 'newRubber') {
      for (const key of keys) if (key !== 'type') return fail('INVALID_ACTION', `${key} is not a field of a newRubber action`, { path: key });
      return ok(Object.freeze({ type: 'newRubber' }));
    }
    return fail('INVALID_ACTION', `a client may send a "play" or a "newRubber", not ${describe(type)}`, { path: 'type' });
  } catch {
    return fail('INVALID_ACTION', 'the body could not be read: it throws when read', { path: 'body' });
  }
}

// ------------------------------------------------------------------------------------------------------
// Reading stored tables.

/**
 * The error codes of {@link parseTable}.
 *
 * @group Rubber and table
 */
export type ParseTableError = 'INVALID_STATE' | 'INVALID_RULES';

const TABLE_KEYS = ['v', 'rules', 'players', 'firstDealer', 'random', 'log'];
const HAND_KEYS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'plays'];
const MAX_TABLE_JSON = 8_000_000;

function readTable(value: object): TableProgress | WhistErrorInfo<ParseTableError> {
  const t = exactFields(value, 'table', TABLE_KEYS, true);
  if ('code' in t) return t as WhistErrorInfo<'INVALID_STATE'>;
  if (t.v !== TABLE_SCHEMA) return stateError('v', `must be ${TABLE_SCHEMA}, the table schema version, got ${describe(t.v)}`);
  const rules = validateRules(t.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  const players = openingPlayers(t.players);
  if (players === null) return stateError('players', 'must be four distinct ids (1 to 100 characters), by seat or as a list');
  if (!isSeat(t.firstDealer)) return stateError('firstDealer', 'must be one of N E S W');
  const random = readRandom(t.random);
  if (random === null) return stateError('random', 'must be a PRNG state { s: [a, b, c, d] }');
  const log = t.log;
  if (!Array.isArray(log)) return stateError('log', 'must be an array');
  const n = log.length;
  if (n > MAX_LOG) return stateError('log', `must have at most ${MAX_LOG} entries`);
  const first = opening(rules.value, players, t.firstDealer, random);
  if (!(first instanceof TableProgress)) return stateError('players', first.error.message);
  let p: TableProgress = first;
  for (let i = 0; i < n; i++) {
    const path = `log[${i}]`;
    const entry: unknown = log[i];
    const type = typeof entry === 'object' && entry !== null ? Object.getOwnPropertyDescriptor(entry, 'type')?.value : undefined;
    if (type === 'newRubber') {
      const e = exactFields(entry, path, ['type']);
      if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
      const next = stepNewRubber(p);
      if (!(next instanceof TableProgress)) return stateError(path, next.error.message);
      p = next;
      continue;
    }
    if (type !== 'hand') return stateError(`${path}.type`, 'must be "hand" or "newRubber"');
    const e = exactFields(entry, path, HAND_KEYS);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    const next = replayHand(p, e, path);
    if (!(next instanceof TableProgress)) return next;
    p = next;
  }
  return p;
}

/** Replays one logged hand: its deal checked against the table, then each of its cards played. */
function replayHand(p: TableProgress, e: Record<string, unknown>, path: string): TableProgress | WhistErrorInfo<ParseTableError> {
  if (typeof e.shuffled !== 'boolean') return stateError(`${path}.shuffled`, 'must be true or false');
  const refused = canDeal(p);
  if (refused !== null) return stateError(path, refused.error.message);
  const dealer = nextDealer(p.rubber);
  if (e.dealer !== dealer) return stateError(`${path}.dealer`, `must be ${dealer}, the next dealer`);
  if (typeof e.plays !== 'string' || e.plays.length > 155) return stateError(`${path}.plays`, 'must be the cards played, separated by single spaces');
  let dealt: TableProgress;
  if (e.shuffled) {
    const next = stepDeal(p, null, undefined);
    if (!(next instanceof TableProgress)) return stateError(path, next.error.message);
    dealt = next;
    const hand = stateOfProgress(dealt.hand as Progress);
    for (const key of ['deal', 'trump', 'trumpSource', 'trumpCard'] as const)
      if (e[key] !== hand[key]) return stateError(`${path}.${key}`, `does not match the deal shuffled from the table's PRNG (${describe(hand[key])})`);
  } else {
    if (e.trumpSource === 'given') return stateError(`${path}.trumpSource`, `must be ${p.rules.trump.kind}, as the rules say`);
    if (
      e.trumpSource === 'rotation' &&
      p.rules.trump.kind === 'rotation' &&
      e.trump !== (p.rules.trump.suits[p.dealNumber % p.rules.trump.suits.length] ?? null)
    )
      return stateError(`${path}.trump`, `must be the rotation's suit for deal ${p.dealNumber}`);
    const parsed = parseState({ v: 2, rules: p.rules, dealer, trump: e.trump, trumpSource: e.trumpSource, trumpCard: e.trumpCard, deal: e.deal, plays: '' });
    if (!parsed.ok) return stateError(`${path}.${parsed.error.path ?? 'deal'}`, parsed.error.message);
    dealt = dealtAt(p, progressOf(parsed.value) as Progress, p.random, false);
  }
  const plays = e.plays;
  if (plays === '') return dealt;
  // The hand's cards are played on its own progress; the table is rebuilt once, at the end.
  let hand = dealt.hand as Progress;
  for (let at = 0, i = 0; at < plays.length; at += 3, i++) {
    const card = plays.slice(at, at + 2);
    if ((at + 2 < plays.length && plays[at + 2] !== ' ') || at + 2 > plays.length)
      return stateError(`${path}.plays[${i}]`, 'cards must be separated by single spaces');
    if (hand.turn < 0) return stateError(`${path}.plays[${i}]`, 'all 13 tricks have been played');
    const next = playFrom(hand, SEATS[hand.turn], card);
    if (!(next instanceof Progress)) return stateError(`${path}.plays[${i}]`, next.error.message);
    hand = next;
  }
  return withPlayed(dealt, hand);
}

/**
 * Checks a stored table completely and returns it as a fresh, frozen {@link TableState}.
 *
 * Every entry of the log is replayed: each hand's dealer must be the next dealer, a deal shuffled from
 * the table's PRNG is shuffled again and must match, a deal the server chose must fit the rules' trump,
 * every card played must be legal, a hand may start only after the last one ended and while the rubber
 * goes on, a new rubber only after one ended. Unknown fields, getters and absurd sizes are refused
 * before anything is replayed.
 *
 * @param json - the stored table: its JSON text (at most 8 MB) or the parsed value
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"log[3].plays[12]"`, `"players"`, …), or `INVALID_RULES`. Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, newTableOrThrow, parseTable, SHORT_WHIST } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
 * parseTable(JSON.stringify(table)).ok; // true
 * const forged = parseTable({ ...table, random: { s: [1, 2, 3, 4] } });
 * forged.ok ? null : forged.error.path; // 'log[0].deal'
 * ```
 * @remarks Source: docs/rules.md (every rule the log is replayed against).
 * @group Rubber and table
 */
export function parseTable(json: unknown): Result<TableState, ParseTableError> {
  let value = json;
  if (typeof json === 'string') {
    if (json.length > MAX_TABLE_JSON)
      return fail('INVALID_STATE', `a stored table is at most ${MAX_TABLE_JSON} characters of JSON, got ${json.length}`, { path: 'table' });
    try {
      value = JSON.parse(json);
    } catch {
      return fail('INVALID_STATE', 'the text is not JSON', { path: 'table' });
    }
  }
  if (madeOf(value) instanceof TableProgress) return ok(value as TableState);
  if (typeof value !== 'object' || value === null)
    return fail('INVALID_STATE', `a table state must be an object, got ${describe(value)}`, { path: 'table' });
  let p: TableProgress | WhistErrorInfo<ParseTableError>;
  try {
    p = readTable(value);
  } catch {
    return fail('INVALID_STATE', 'the table state could not be read: it throws when read', { path: 'table' });
  }
  if (!(p instanceof TableProgress)) return { ok: false, error: Object.freeze({ ...p }) };
  return ok(tableOf(p));
}

/**
 * {@link parseTable}, throwing instead of returning an error.
 *
 * @param json - the stored table, text or value
 * @returns the checked table
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES`
 * @example
 * ```ts
 * import { newTableOrThrow, parseTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * parseTableOrThrow(JSON.stringify(newTableOrThrow(SHORT_WHIST, { seed: 1 }))).log; // []
 * ```
 * @remarks Source: as {@link parseTable}.
 * @group Rubber and table
 */
export function parseTableOrThrow(json: unknown): TableState {
  return unwrap(parseTable(json));
}

// ------------------------------------------------------------------------------------------------------
// Selectors.

/** @internal The progress of a table, or a thrown {@link WhistError}: for selectors. */
export function tableProgressOrThrow(table: unknown): TableProgress {
  const p = tableProgressOf(table);
  if (p instanceof TableProgress) return p;
  throw new WhistError(p);
}

/**
 * The hand in progress at a table, or the last one played in this rubber.
 *
 * @param table - a table state
 * @returns the hand state, or `null` before the rubber's first deal
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES` when `table` is not a table state
 * @example
 * ```ts
 * import { currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * currentHand(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // null
 * ```
 * @group Rubber and table
 */
export function currentHand(table: TableState): HandState | null {
  const hand = tableProgressOrThrow(table).hand;
  return hand === null ? null : stateOfProgress(hand);
}

/**
 * The rubber in progress at a table (or just finished).
 *
 * @param table - a table state
 * @returns the rubber state
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES` when `table` is not a table state
 * @example
 * ```ts
 * import { currentRubber, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * currentRubber(newTableOrThrow(SHORT_WHIST, { seed: 1, dealer: 'E' })).firstDealer; // 'E'
 * ```
 * @group Rubber and table
 */
export function currentRubber(table: TableState): RubberState {
  return tableProgressOrThrow(table).rubber;
}

/**
 * Who sits where at a table now, after any change of partners.
 *
 * @param table - a table state
 * @returns player ids by seat
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES` when `table` is not a table state
 * @example
 * ```ts
 * import { newTableOrThrow, seating, SHORT_WHIST } from 'whist';
 *
 * seating(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // { N: 'N', E: 'E', S: 'S', W: 'W' }
 * ```
 * @group Rubber and table
 */
export function seating(table: TableState): BySeat<string> {
  const p = tableProgressOrThrow(table).players;
  return { N: p.N, E: p.E, S: p.S, W: p.W };
}

/**
 * The finished rubbers of a table, before the current one.
 *
 * @param table - a table state
 * @returns one summary per finished rubber, as new objects
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES` when `table` is not a table state
 * @example
 * ```ts
 * import { finishedRubbers, newTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * finishedRubbers(newTableOrThrow(SHORT_WHIST, { seed: 1 })); // []
 * ```
 * @group Rubber and table
 */
export function finishedRubbers(table: TableState): RubberSummary[] {
  return JSON.parse(JSON.stringify(tableProgressOrThrow(table).rubbers)) as RubberSummary[];
}
