/**
 * Seats and sides.
 *
 * Four players sit N, E, S, W, clockwise; partners sit opposite, forming the sides NS and EW
 * (Laws of Short Whist (1864); German text «Whist» (2012): "Vier Spieler in fester Partnerschaft").
 *
 * @module
 */

import { describe, WhistError } from './errors.js';

/**
 * A seat at the table, clockwise: north, east, south, west.
 *
 * @group Cards and seats
 */
export type Seat = 'N' | 'E' | 'S' | 'W';

/**
 * A side: the partnership north–south or east–west.
 *
 * @group Cards and seats
 */
export type Side = 'NS' | 'EW';

/**
 * The four seats in clockwise order.
 *
 * @example
 * ```ts
 * import { SEATS } from 'whist';
 *
 * SEATS; // ['N', 'E', 'S', 'W']
 * ```
 * @group Cards and seats
 */
export const SEATS: readonly Seat[] = Object.freeze(['N', 'E', 'S', 'W'] as const);

/**
 * The two sides.
 *
 * @example
 * ```ts
 * import { SIDES } from 'whist';
 *
 * SIDES; // ['NS', 'EW']
 * ```
 * @group Cards and seats
 */
export const SIDES: readonly Side[] = Object.freeze(['NS', 'EW'] as const);

/** @internal The seat's name in messages: `north`, `east`, `south`, `west`. */
export const SEAT_NAMES: Readonly<Record<Seat, string>> = Object.freeze({ N: 'north', E: 'east', S: 'south', W: 'west' });

/** @internal The seat's number, N 0 to W 3, of any value; -1 for a value that is not a seat. Never throws. */
export function seatNumber(seat: unknown): number {
  switch (seat) {
    case 'N':
      return 0;
    case 'E':
      return 1;
    case 'S':
      return 2;
    case 'W':
      return 3;
    default:
      return -1;
  }
}

/**
 * Whether a value is one of the four seats.
 *
 * @param value - anything, e.g. a seat received from a client
 * @returns `true` for `'N' | 'E' | 'S' | 'W'`
 * @example
 * ```ts
 * import { isSeat } from 'whist';
 *
 * isSeat('E'); // true
 * isSeat('e'); // false
 * ```
 * @group Cards and seats
 */
export function isSeat(value: unknown): value is Seat {
  return value === 'N' || value === 'E' || value === 'S' || value === 'W';
}

/**
 * The seat on this seat's left, the next to play or deal (play and the deal pass clockwise).
 *
 * @param seat - a seat
 * @param steps - how many seats to move clockwise (default 1; may be negative)
 * @returns the seat `steps` places clockwise
 * @throws {@link WhistError} `INVALID_SEAT` for a value that is not a seat, `INVALID_ARGUMENT` for steps that are not a whole number
 * @example
 * ```ts
 * import { nextSeat } from 'whist';
 *
 * nextSeat('W'); // 'N'
 * nextSeat('N', 2); // 'S'
 * ```
 * @group Cards and seats
 */
export function nextSeat(seat: Seat, steps = 1): Seat {
  if (!isSeat(seat)) throw new WhistError({ code: 'INVALID_SEAT', message: `seat must be one of N E S W, got ${describe(seat)}` });
  if (typeof steps !== 'number' || !Number.isInteger(steps) || Math.abs(steps) > 1e9)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `steps must be a whole number, got ${describe(steps)}`, path: 'steps' });
  return SEATS[(((seatNumber(seat) + steps) % 4) + 4) % 4] as Seat;
}

/**
 * The seat on this seat's right.
 *
 * @param seat - a seat
 * @returns the seat one place anticlockwise
 * @throws {@link WhistError} `INVALID_SEAT` for a value that is not a seat
 * @example
 * ```ts
 * import { previousSeat } from 'whist';
 *
 * previousSeat('N'); // 'W'
 * ```
 * @group Cards and seats
 */
export function previousSeat(seat: Seat): Seat {
  return nextSeat(seat, 3);
}

/**
 * The partner of a seat, who sits opposite.
 *
 * @param seat - a seat
 * @returns the seat opposite
 * @throws {@link WhistError} `INVALID_SEAT` for a value that is not a seat
 * @example
 * ```ts
 * import { partnerOf } from 'whist';
 *
 * partnerOf('E'); // 'W'
 * ```
 * @group Cards and seats
 */
export function partnerOf(seat: Seat): Seat {
  return nextSeat(seat, 2);
}

/**
 * The side a seat belongs to.
 *
 * @param seat - a seat
 * @returns `'NS'` for north and south, `'EW'` for east and west
 * @throws {@link WhistError} `INVALID_SEAT` for a value that is not a seat
 * @example
 * ```ts
 * import { sideOf } from 'whist';
 *
 * sideOf('S'); // 'NS'
 * ```
 * @group Cards and seats
 */
export function sideOf(seat: Seat): Side {
  if (!isSeat(seat)) throw new WhistError({ code: 'INVALID_SEAT', message: `seat must be one of N E S W, got ${describe(seat)}` });
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

/**
 * The other side.
 *
 * @param side - a side
 * @returns the opponents
 * @throws {@link WhistError} `INVALID_ARGUMENT` for a value that is not a side
 * @example
 * ```ts
 * import { otherSide } from 'whist';
 *
 * otherSide('NS'); // 'EW'
 * ```
 * @group Cards and seats
 */
export function otherSide(side: Side): Side {
  if (side !== 'NS' && side !== 'EW') throw new WhistError({ code: 'INVALID_ARGUMENT', message: `side must be NS or EW, got ${describe(side)}`, path: 'side' });
  return side === 'NS' ? 'EW' : 'NS';
}

/**
 * A number for each side, as used by scores: `{ NS: 3, EW: 1 }`.
 *
 * @group Cards and seats
 */
export interface BySide<T = number> {
  readonly NS: T;
  readonly EW: T;
}

/**
 * One value for each seat, e.g. the four hands.
 *
 * @group Cards and seats
 */
export interface BySeat<T> {
  readonly N: T;
  readonly E: T;
  readonly S: T;
  readonly W: T;
}
