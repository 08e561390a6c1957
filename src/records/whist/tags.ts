/**
 * The tags of a Whist record and how their values are written: shared by {@link formatWhistPbn} and
 * {@link parseWhistPbn}. [docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md) specifies each tag.
 *
 * @module
 */

import type { Suit } from '../../cards.js';
import type { BySide, Seat, Side } from '../../seats.js';

/** @internal The marker: a record is a Whist record when its first game has `[Game "Whist"]`. */
export const MARKER_TAG = 'Game';
/** @internal The marker's value. */
export const MARKER_VALUE = 'Whist';

/** @internal Tags of the first game: the table. */
export const TABLE_TAGS: ReadonlySet<string> = new Set(['WhistRules', 'WhistSettings', 'WhistSeed', 'WhistPlayers', 'WhistDealer']);

/** @internal Tags of a hand's game that state what the play gives: checked against it. */
export const RESULT_TAGS: ReadonlySet<string> = new Set([
  'Result',
  'WhistTricks',
  'WhistHonours',
  'WhistTrickPoints',
  'WhistHonourPoints',
  'WhistPoints',
  'WhistScore',
  'WhistGames',
  'WhistGameResult',
  'WhistRubberResult',
  'WhistRubberPoints',
]);

/** @internal Tags of a hand's game. */
export const HAND_TAGS: ReadonlySet<string> = new Set([
  'Board',
  'West',
  'North',
  'East',
  'South',
  'Dealer',
  'Deal',
  'Play',
  'WhistRubber',
  'WhistPartners',
  'WhistGame',
  'WhistTrump',
  'WhistTrumpSource',
  'WhistTrumpCard',
  'WhistEvents',
  ...RESULT_TAGS,
]);

/** @internal The seat tags, in the order PBN writes them. */
export const SEAT_TAGS: readonly (readonly [string, Seat])[] = [
  ['West', 'W'],
  ['North', 'N'],
  ['East', 'E'],
  ['South', 'S'],
];

/** @internal A tag line, its value escaped as PBN 2.1 (2.5) says: `\` and `"` after a backslash. */
export function tagLine(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;
}

/** @internal Whether a value can stand in a tag: no character that ends or breaks a line. */
export function writable(value: string): boolean {
  return !/[\n\r\u2028\u2029]/.test(value);
}

/** @internal `{ NS: 8, EW: 5 }` as `"NS 8 EW 5"`. */
export function sidesText(b: BySide): string {
  return `NS ${b.NS} EW ${b.EW}`;
}

/**
 * @internal `"NS 8 EW 5"` read back (whitespace between the four words may be any), or `null`. With `signed`,
 * a figure may be negative (`"NS -2 EW 2"`): what a hand scores when a revoke penalty deducts points.
 */
export function readSides(text: string, signed = false): BySide | null {
  const m = (signed ? SIGNED_SIDES : SIDES).exec(text.length > 40 ? '' : text);
  return m ? { NS: Number(m[1]), EW: Number(m[2]) } : null;
}

const SIDES = /^\s*NS\s+(\d{1,4})\s+EW\s+(\d{1,4})\s*$/;
const SIGNED_SIDES = /^\s*NS\s+(-?\d{1,4})\s+EW\s+(-?\d{1,4})\s*$/;

/** @internal A side and a number, `"NS 3"`, or `null`. */
export function readSideNumber(text: string): { side: Side; value: number } | null {
  const m = /^\s*(NS|EW)\s+(\d{1,4})\s*$/.exec(text.length > 40 ? '' : text);
  return m ? { side: m[1] as Side, value: Number(m[2]) } : null;
}

/** @internal A trump suit as the WhistTrump tag writes it: the suit's letter, or `none`. */
export function trumpText(trump: Suit | null): string {
  return trump ?? 'none';
}
