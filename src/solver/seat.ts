/**
 * A computer seat with the solver: the sampling player's card and the check of a claim, for the questions
 * the main entry's `computerTurn` asks, and `computerMove`, the whole decision at once.
 *
 * @module
 */

import type { Card } from '../cards.js';
import { type ClaimToCheck, COMPUTER_CLAIM_NODES, COMPUTER_LEVELS, type ComputerLevel, computerAction } from '../computer.js';
import { describe, type Result, WhistError } from '../errors.js';
import { currentSeat, type HandState, playOrThrow } from '../hand/index.js';
import { heuristicPlayer } from '../players.js';
import { isSeat, type Seat } from '../seats.js';
import type { TableAction } from '../table/types.js';
import { type PlayerView, playerViewOrThrow, type TableView } from '../view.js';
import { type ClaimCheck, checkClaimInView } from './claims.js';
import { type SamplingLevel, samplingPlayer } from './sampling.js';
import { failure } from './shell.js';

/** Every sampling level for play is a computer player's level (checked by the compiler); `expert` is for reviews. */
const SAMPLING_ARE_COMPUTER_LEVELS: Exclude<SamplingLevel, 'expert'> extends ComputerLevel ? true : never = true;
void SAMPLING_ARE_COMPUTER_LEVELS;

/**
 * Options of {@link computerCard}.
 */
export interface ComputerCardOptions {
  /** The level: `heuristic` (the default), or the sampling player's `fast`, `standard` or `strong`. */
  readonly level?: ComputerLevel | undefined;
  /**
   * The sampling player's seed for this hand (default 0), a whole number: the card is worked out from it and
   * the point of the hand (the cards played), so that the same view and seed always give the same card.
   */
  readonly seed?: number | undefined;
}

function readLevel(level: unknown): ComputerLevel {
  if (level === undefined) return 'heuristic';
  if (typeof level === 'string' && (COMPUTER_LEVELS as readonly string[]).includes(level)) return level as ComputerLevel;
  throw new WhistError({
    code: 'INVALID_ARGUMENT',
    message: `options.level must be one of ${COMPUTER_LEVELS.join(', ')} (readComputerLevel reads other spellings); got ${describe(level)}`,
    path: 'level',
  });
}

function readSeed(seed: unknown): number {
  if (seed === undefined) return 0;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `options.seed must be a whole number, got ${describe(seed)}`, path: 'seed' });
  return seed;
}

/** Reads options with `read`; anything they throw is a `WhistError` `INVALID_ARGUMENT`. */
function readGuarded<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof WhistError) throw e;
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: 'the options could not be read: they throw when read', path: 'options' });
  }
}

function readLevelAndSeed(options: unknown): { level: ComputerLevel; seed: number } {
  return readGuarded(() => {
    if (options !== undefined && (typeof options !== 'object' || options === null))
      throw new WhistError({ code: 'INVALID_ARGUMENT', message: `options must be an object, got ${describe(options)}`, path: 'options' });
    const o = (options ?? {}) as { level?: unknown; seed?: unknown };
    return { level: readLevel(o.level), seed: readSeed(o.seed) };
  });
}

/**
 * The card a computer player at a level plays from its view of the hand: {@link heuristicPlayer}'s at
 * `heuristic`, else {@link samplingPlayer}'s at that level, seeded by `seed` and the point of the hand
 * (`seed × 64 + 4 × tricks finished + cards of the trick in progress`), so that every process that asks
 * gives the same card.
 *
 * @param view - the view of the seat to play, from `playerView` or `TableView.hand`
 * @param options - `{ level, seed }` (see {@link ComputerCardOptions})
 * @returns one of `view.legalMoves`
 * @throws `WhistError` `INVALID_ARGUMENT` for a view that is not the seat to play's, or options that
 *   are not a level and a whole number
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, playerViewOrThrow, SHORT_WHIST } from 'whist';
 * import { computerCard } from 'whist/solver';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * const view = playerViewOrThrow(state, currentSeat(state)!);
 * computerCard(view); // '2S'
 * view.legalMoves.includes(computerCard(view, { level: 'fast', seed: 7 })); // true
 * ```
 * @remarks Source: as `heuristicPlayer` and `samplingPlayer`; [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md).
 */
export function computerCard(view: PlayerView, options?: ComputerCardOptions): Card {
  const { level, seed } = readLevelAndSeed(options);
  if (level === 'heuristic') return heuristicPlayer(view);
  let point = 0;
  try {
    point = view.tricks.length * 4 + (view.trick?.cards.length ?? 0);
  } catch {
    point = 0;
  }
  return samplingPlayer(view, { level, seed: (seed * 64 + point) >>> 0 });
}

/** Options of {@link computerPlayOn}. */
export interface ComputerPlayOnOptions extends ComputerCardOptions {
  /** The seat the computer players stop at: they play until it is this seat's turn (a person's); default none, to the hand's end. */
  readonly stopAt?: Seat | undefined;
}

/**
 * The hand once computer players at a level have played on from `hand`: each seat's card is
 * {@link computerCard}'s from that seat's own view, until it is `stopAt`'s turn or the hand is over. With
 * no `stopAt`, a board played by four computer players, as a duplicate event's field of computers plays it.
 *
 * @param hand - a hand state: a hand the library dealt or read (`dealHand`, `boardHand`, `parseState`)
 * @param options - `{ level, seed, stopAt }` (see {@link ComputerPlayOnOptions})
 * @returns the hand, over or at `stopAt`'s turn (the hand itself when it is already there)
 * @throws `WhistError` `INVALID_STATE` for what is not a hand state, `INVALID_ARGUMENT` for options that are
 *   not a level, a whole number and a seat
 * @example
 * ```ts
 * import { currentSeat, isHandComplete, SHORT_WHIST, tricksWon } from 'whist';
 * import { boardHand, dealBoards } from 'whist/duplicate';
 * import { computerPlayOn } from 'whist/solver';
 *
 * const start = boardHand(SHORT_WHIST, dealBoards(SHORT_WHIST, { seed: 1, count: 1 })[0]!);
 * if (!start.ok) throw new Error(start.error.message);
 * const atSouth = computerPlayOn(start.value, { stopAt: 'S' });
 * currentSeat(atSouth); // 'S'
 * const played = computerPlayOn(start.value);
 * isHandComplete(played); // true
 * tricksWon(played).NS + tricksWon(played).EW; // 13
 * ```
 * @remarks Source: as {@link computerCard}; [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (a field of computer players).
 */
export function computerPlayOn(hand: HandState, options?: ComputerPlayOnOptions): HandState {
  const { level, seed } = readLevelAndSeed(options);
  const stopAt = readGuarded(() => (options as { stopAt?: unknown } | undefined)?.stopAt);
  if (stopAt !== undefined && !isSeat(stopAt))
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `options.stopAt must be a seat, got ${describe(stopAt)}`, path: 'stopAt' });
  let at = hand;
  for (;;) {
    const seat = currentSeat(at);
    if (seat === null || seat === stopAt) return at;
    at = playOrThrow(at, seat, computerCard(playerViewOrThrow(at, seat), { level, seed }));
  }
}

/** Options of {@link checkSeatClaim}: the solver's limits. */
export interface SeatClaimOptions {
  /** Stops the check when `aborted` becomes true. */
  readonly signal?: { readonly aborted: boolean } | undefined;
  /** The node budget of the check (default `COMPUTER_CLAIM_NODES`). */
  readonly maxNodes?: number | undefined;
}

/**
 * Checks a claim a computer seat was asked about (`ComputerTurn`'s `claim`), from what its claimer sees:
 * `checkClaim` on the claimer's cards, the cards played and the voids shown, within
 * `COMPUTER_CLAIM_NODES` by default. No card the claimer cannot see is read: the view holds none.
 *
 * @param claim - the claim and its claimer's view (`ClaimToCheck`)
 * @param options - `{ signal, maxNodes }`
 * @returns `{ ok: true, value: check }` as {@link checkClaim} gives it; `INVALID_STATE` for a view that
 *   describes no hand the rules allow;
 *   `INVALID_ARGUMENT` for a claim that is not one; `ABORTED` past the budget. A computer seat takes anything
 *   but `holds: true` as a claim that does not hold.
 * @example
 * ```ts
 * import { dealHandOrThrow, playerViewOrThrow, SHORT_WHIST } from 'whist';
 * import { checkSeatClaim } from 'whist/solver';
 *
 * // Spades are trump and north, on lead, holds all thirteen.
 * const cards = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const sight = playerViewOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'W', cards, trump: 'S' }), 'N');
 * const r = checkSeatClaim({ seat: 'N', tricks: 13, sight });
 * r.ok && r.value.holds; // true
 * ```
 * @remarks Source: as {@link checkClaim}.
 */
export function checkSeatClaim(claim: ClaimToCheck, options?: SeatClaimOptions): Result<ClaimCheck, 'INVALID_STATE' | 'INVALID_ARGUMENT' | 'ABORTED'> {
  let limits: { maxNodes: number; signal?: { readonly aborted: boolean } };
  try {
    if (options !== undefined && (typeof options !== 'object' || options === null))
      return failure('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, 'options');
    const maxNodes = options?.maxNodes ?? COMPUTER_CLAIM_NODES;
    const signal = options?.signal;
    limits = signal === undefined ? { maxNodes } : { maxNodes, signal };
  } catch {
    return failure('INVALID_ARGUMENT', 'the options could not be read: they throw when read', 'options');
  }
  let seat: unknown;
  let tricks: unknown;
  let sight: unknown;
  try {
    if (typeof claim !== 'object' || claim === null)
      return failure('INVALID_ARGUMENT', `a claim must be an object { seat, tricks, sight }, got ${describe(claim)}`, 'claim');
    seat = claim.seat;
    tricks = claim.tricks;
    sight = claim.sight;
    if ((sight as { viewer?: unknown } | null)?.viewer !== seat) return failure('INVALID_ARGUMENT', "the claim's sight must be its claimer's view", 'sight');
  } catch {
    return failure('INVALID_ARGUMENT', 'the claim could not be read: it throws when read', 'claim');
  }
  return checkClaimInView(sight as PlayerView, { seat: seat as Seat, tricks: tricks as number }, limits);
}

/**
 * Options of {@link computerMove}.
 */
export interface ComputerMoveOptions {
  /** The level (default `heuristic`): see `ComputerLevel`. */
  readonly level?: ComputerLevel | undefined;
  /** The sampling player's seed for the table (default 0); the deal number is added, so each hand has its own. */
  readonly seed?: number | undefined;
  /** Whether the seat claims every trick left at its turn when that holds (default `true`). */
  readonly claims?: boolean | undefined;
}

/**
 * The whole decision of a computer seat from its own table view: `computerTurn`'s, with the card chosen
 * by {@link computerCard} at the level and each claim checked by {@link checkSeatClaim} (within
 * `COMPUTER_CLAIM_NODES`; a check that does not show the claim to hold counts as one that does not hold).
 * What a server, a command line or a page does for a computer player, at once.
 *
 * @param view - the seat's own table view, from `tableView`
 * @param options - `{ level, seed, claims }` (see {@link ComputerMoveOptions})
 * @returns the action to apply (or to send without its `seat`), or `null` when the seat has nothing to do now
 * @throws `WhistError` `INVALID_ARGUMENT` for a value that is not a seat's table view, or bad options
 * @example
 * ```ts
 * import { applyOrThrow, newTableOrThrow, SHORT_WHIST, tableViewOrThrow } from 'whist';
 * import { computerMove } from 'whist/solver';
 *
 * let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 1 }), { type: 'deal' });
 * for (let i = 0; i < 4; i++) {
 *   const next = tableViewOrThrow(table, null).next;
 *   if (next.action !== 'play') break;
 *   table = applyOrThrow(table, computerMove(tableViewOrThrow(table, next.seat), { level: 'fast' })!);
 * }
 * tableViewOrThrow(table, null).hand?.tricks.length; // 1
 * ```
 * @remarks Source: as `computerTurn`; [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md).
 */
export function computerMove(view: TableView, options?: ComputerMoveOptions): TableAction | null {
  const { level, seed } = readLevelAndSeed(options);
  const claims = readGuarded(() => options?.claims);
  let base = seed;
  try {
    base = seed + (typeof view.dealNumber === 'number' ? view.dealNumber : 0);
  } catch {
    base = seed;
  }
  return computerAction(view, {
    chooseCard: (hand) => computerCard(hand, { level, seed: base }),
    claimHolds: (claim) => {
      const r = checkSeatClaim(claim);
      return r.ok && r.value.holds;
    },
    claims,
  });
}
