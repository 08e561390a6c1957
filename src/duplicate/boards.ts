/**
 * Boards: the deals of a duplicate event, each with its dealer and its trump fixed, so that every table that
 * plays a board holds the same cards; and a board's result at one table.
 *
 * @module
 */

import type { Card, Suit } from '../cards.js';
import { describe, onlyWhistErrors, type Result, WhistError } from '../errors.js';
import { dealHand, dealHandOrThrow, dealtCards, type HandState, handFacts, isHandComplete, playedCards } from '../hand/index.js';
import type { DealError } from '../hand/types.js';
import type { Deal } from '../notation.js';
import { seedRandom, shuffledDeck } from '../random.js';
import type { Rules } from '../rules.js';
import { scoreHand } from '../score.js';
import { type BySide, SEATS, type Seat } from '../seats.js';

/**
 * A board: one deal, with its dealer and its trump fixed, played at every table of a duplicate event.
 *
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { type Board, dealBoards } from 'whist/duplicate';
 *
 * const board: Board = dealBoards(SHORT_WHIST, { seed: 1, count: 1 })[0]!;
 * board.number; // 1
 * board.dealer; // 'N'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (boards, as Cassius Paine's trays of 1896 kept them).
 * @group Duplicate
 */
export interface Board {
  /** The board's number, from 1. */
  readonly number: number;
  /** The dealer: board 1 is dealt by north, 2 by east, 3 by south, 4 by west, and so on round the table. */
  readonly dealer: Seat;
  /** Thirteen cards for each seat. */
  readonly cards: Deal;
  /** The trump suit, or `null` for a board played without trumps. */
  readonly trump: Suit | null;
  /** The card that fixed trump (the turn-up, the dealer's last card; or the second pack's card), or `null` when none was turned. */
  readonly trumpCard: Card | null;
}

/**
 * The dealer of a board by its number: north for board 1, then round the table to the left (east, south,
 * west), as duplicate boards are marked.
 *
 * @param number - the board's number, a whole number from 1
 * @returns the seat that deals it
 * @throws `WhistError` `INVALID_ARGUMENT` when `number` is not a whole number from 1
 * @example
 * ```ts
 * import { boardDealer } from 'whist/duplicate';
 *
 * boardDealer(1); // 'N'
 * boardDealer(6); // 'E'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md) (the dealer rotates with the board's number, as in duplicate bridge).
 */
export function boardDealer(number: number): Seat {
  if (!Number.isSafeInteger(number) || number < 1)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a board's number is a whole number from 1, got ${describe(number)}`, path: 'number' });
  return SEATS[(number - 1) % 4] as Seat;
}

/** Options of {@link dealBoards}. */
export interface DealBoardsOptions {
  /** The seed the boards are dealt from (a finite number or a string): the same seed, the same boards. */
  readonly seed: number | string;
  /** How many boards: a whole number from 1 to 1,000. */
  readonly count: number;
  /** The number of the first board (default 1): board `n` of a seed is the same whatever the first. */
  readonly first?: number | undefined;
}

const MAX_BOARDS = 1000;

/**
 * Deals the boards of an event from a seed: board `n` is the deck shuffled from the seed and `n`, dealt by
 * {@link boardDealer}, its trump fixed as the rules fix it: the turn-up (every preset), the suit of the
 * rotation for deal `n − 1`, or a card of a second pack shuffled from the seed and `n`.
 *
 * @param rules - the rules the event is played by (a preset or `defineRules`'s)
 * @param options - `{ seed, count, first }`: the seed, how many boards (1 to 1,000) and the first board's
 *   number (default 1)
 * @returns the boards, numbered `first` to `first + count − 1`
 * @throws `WhistError` `INVALID_ARGUMENT` for options that are not valid, `INVALID_RULES` for rules that
 *   are not
 * @example
 * ```ts
 * import { SHORT_WHIST } from 'whist';
 * import { dealBoards } from 'whist/duplicate';
 *
 * const boards = dealBoards(SHORT_WHIST, { seed: 'club night', count: 4 });
 * boards.map((b) => b.dealer); // ['N', 'E', 'S', 'W']
 * boards[0]!.cards.N.length; // 13
 * dealBoards(SHORT_WHIST, { seed: 'club night', count: 1, first: 3 })[0]!.cards.N === boards[2]!.cards.N; // false
 * dealBoards(SHORT_WHIST, { seed: 'club night', count: 1, first: 3 })[0]!.cards.N.join() === boards[2]!.cards.N.join(); // true
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md); the turn-up: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md).
 */
export function dealBoards(rules: Rules, options: DealBoardsOptions): Board[] {
  if (typeof options !== 'object' || options === null)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `options must be { seed, count }, got ${describe(options)}`, path: 'options' });
  const { seed, count, first = 1 } = onlyWhistErrors(() => ({ seed: options.seed, count: options.count, first: options.first }), 'options');
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_BOARDS)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `count must be a whole number from 1 to ${MAX_BOARDS}, got ${describe(count)}`, path: 'count' });
  if (!Number.isSafeInteger(first) || first < 1 || !Number.isSafeInteger(first + count))
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `first must be a whole number from 1, got ${describe(first)}`, path: 'first' });
  seedRandom(seed);
  const trumpKind = onlyWhistErrors(() => (rules as { trump?: { kind?: unknown } } | null)?.trump?.kind, 'rules');
  const boards: Board[] = [];
  for (let number = first; number < first + count; number++) {
    const dealer = boardDealer(number);
    const deck = shuffledDeck(seedRandom(`board:${String(seed)}/${number}`)).value;
    // Trump by rotation follows the board's number; by second pack, a card of another pack shuffled for the board.
    const trumpBy =
      trumpKind === 'rotation'
        ? { dealNumber: number - 1 }
        : trumpKind === 'secondPack'
          ? { secondPackCard: shuffledDeck(seedRandom(`board-pack:${String(seed)}/${number}`)).value[0] as Card }
          : {};
    const hand = dealHandOrThrow(rules, { dealer, deck, ...trumpBy });
    boards.push({ number, dealer, cards: dealtCards(hand), trump: hand.trump, trumpCard: hand.trumpCard });
  }
  return boards;
}

/**
 * The hand a board starts: its cards, dealer and trump, ready for the first lead, under `rules`.
 *
 * @param rules - the rules the event is played by
 * @param board - a board (untrusted: it is checked)
 * @returns `{ ok: true, value }` with the hand, or `{ ok: false, error }` as {@link dealHand} refuses a
 *   deal: `INVALID_ARGUMENT` (not a board), `INVALID_SEAT`, `INVALID_HAND`, `INVALID_CARD`,
 *   `DUPLICATE_CARD`, `INVALID_TRUMP`, `INVALID_RULES`. Never throws.
 * @example
 * ```ts
 * import { currentSeat, SHORT_WHIST } from 'whist';
 * import { boardHand, dealBoards } from 'whist/duplicate';
 *
 * const hand = boardHand(SHORT_WHIST, dealBoards(SHORT_WHIST, { seed: 1, count: 2 })[1]!);
 * hand.ok && currentSeat(hand.value); // 'S'
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 */
export function boardHand(rules: Rules, board: Board): Result<HandState, DealError> {
  if (typeof board !== 'object' || board === null)
    return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `a board must be an object, got ${describe(board)}`, path: 'board' } };
  try {
    const { dealer, cards, trump, trumpCard } = board;
    return dealHand(rules, { dealer, cards, trump, ...(trumpCard === null ? {} : { trumpCard }) });
  } catch (e) {
    return {
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: `the board could not be read: ${e instanceof Error ? e.message : String(e)}`, path: 'board' },
    };
  }
}

/**
 * A board's result at one table: which pairs sat north–south and east–west, and the tricks and points each
 * side made.
 *
 * @example
 * ```ts
 * import type { BoardResult } from 'whist/duplicate';
 *
 * const result: BoardResult = { board: 1, ns: '1', ew: '4', tricks: { NS: 8, EW: 5 }, points: { NS: 2, EW: 0 } };
 * result.tricks.NS; // 8
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md).
 * @group Duplicate
 */
export interface BoardResult {
  /** The board's number. */
  readonly board: number;
  /** The pair that sat north–south. */
  readonly ns: string;
  /** The pair that sat east–west. */
  readonly ew: string;
  /** Tricks each side took (13 together). */
  readonly tricks: BySide<number>;
  /** Points each side scored on the hand, from love: odd tricks and honours, as the rules count them. */
  readonly points: BySide<number>;
  /** The cards played at the table, in order, separated by spaces (`"KS 2S 9S AS …"`), when known. */
  readonly plays?: string | undefined;
}

/**
 * The result of a board played to its end at one table, from the hand the table finished.
 *
 * @param rules - the rules the event is played by
 * @param board - the board's number
 * @param pairs - `{ ns, ew }`: the pairs that sat north–south and east–west
 * @param hand - the finished hand: all 52 cards played (a claim or a concession settles at the table, not in
 *   the hand)
 * @returns the tricks and the points of each side, the points counted from love, and the cards played
 * @throws `WhistError` `INVALID_ARGUMENT` for a board number or pairs that are not valid, `INVALID_STATE`
 *   when `hand` is not a hand state the library made, `INVALID_ACTION` when it is not finished,
 *   `INVALID_RULES` for rules that are not
 * @example
 * ```ts
 * import { currentSeat, heuristicPlayer, isHandComplete, playerViewOrThrow, playOrThrow, SHORT_WHIST } from 'whist';
 * import { boardHand, boardResultOf, dealBoards } from 'whist/duplicate';
 *
 * const board = dealBoards(SHORT_WHIST, { seed: 1, count: 1 })[0]!;
 * const start = boardHand(SHORT_WHIST, board);
 * let hand = start.ok ? start.value : null;
 * while (hand !== null && !isHandComplete(hand)) hand = playOrThrow(hand, currentSeat(hand)!, heuristicPlayer(playerViewOrThrow(hand, currentSeat(hand)!)));
 * const result = boardResultOf(SHORT_WHIST, 1, { ns: '1', ew: '2' }, hand!);
 * result.tricks.NS + result.tricks.EW; // 13
 * ```
 * @remarks Source: [docs/duplicate.md](https://github.com/whist-js/whist/blob/main/docs/duplicate.md); the points: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) (scoring).
 */
export function boardResultOf(rules: Rules, board: number, pairs: { readonly ns: string; readonly ew: string }, hand: HandState): BoardResult {
  if (!Number.isSafeInteger(board) || board < 1)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a board's number is a whole number from 1, got ${describe(board)}`, path: 'board' });
  const { ns, ew } = onlyWhistErrors(() => ({ ns: (pairs as { ns?: unknown } | null)?.ns, ew: (pairs as { ew?: unknown } | null)?.ew }), 'pairs');
  for (const [key, pair] of [
    ['ns', ns],
    ['ew', ew],
  ] as const)
    if (typeof pair !== 'string' || pair === '' || pair.length > 200)
      throw new WhistError({
        code: 'INVALID_ARGUMENT',
        message: `pairs.${key} must be a pair's name (1 to 200 characters), got ${describe(pair)}`,
        path: `pairs.${key}`,
      });
  if (ns === ew) throw new WhistError({ code: 'INVALID_ARGUMENT', message: 'a pair cannot sit both north–south and east–west', path: 'pairs.ew' });
  if (!isHandComplete(hand)) throw new WhistError({ code: 'INVALID_ACTION', message: 'the hand is not finished: a board has a result once its hand is over' });
  const facts = handFacts(hand);
  const { tricks } = facts;
  const points = scoreHand(rules, facts, { NS: 0, EW: 0 }).points;
  return {
    board,
    ns: ns as string,
    ew: ew as string,
    tricks: { NS: tricks.NS, EW: tricks.EW },
    points: { NS: points.NS, EW: points.EW },
    plays: playedCards(hand)
      .map((p) => p.card)
      .join(' '),
  };
}
