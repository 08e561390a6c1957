/**
 * Cutting for partners and deal.
 *
 * Rules as implemented (Laws of Short Whist (1864), law 13; Hoyle; German text «Whist» (2012), "Spielbeginn"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "The table"):
 * - Each player draws a card from one pack; for the cut the ace is low (A, 2, … K).
 * - The lowest deals and chooses a seat; the second lowest is the dealer's partner, opposite; the two
 *   highest are the other side.
 * - The third lowest chooses between the two seats left («Whist», 2012: "Dann wählt der Spieler mit der
 *   drittgeringsten Karte"); by default they take eldest hand, on the dealer's left.
 * - Players whose cards tie draw again, from the rest of the pack, until their order is settled.
 *
 * @module
 */

import { type Card, cardIndex, FULL_DECK } from './cards.js';
import { describe, fail, ok, type Result } from './errors.js';
import { Generator, type RandomState, readRandom, shuffleInPlace } from './random.js';
import { type BySeat, isSeat, nextSeat, partnerOf, type Seat } from './seats.js';

/**
 * One card drawn in the cut.
 *
 * @group Randomness and cutting
 */
export interface CutDraw {
  /** The round of drawing: 1 for the first draw, 2 and on for the redraws of tied players. */
  readonly round: number;
  /** The player who drew. */
  readonly player: string;
  /** The card drawn. */
  readonly card: Card;
}

/**
 * The outcome of a cut, enough for a UI to show it.
 *
 * @group Randomness and cutting
 */
export interface CutResult {
  /** Every card drawn, in order, redraws included. */
  readonly draws: readonly CutDraw[];
  /** The players from the lowest cut to the highest. */
  readonly order: readonly string[];
  /** The dealer's seat (the lowest cut). */
  readonly dealer: Seat;
  /** Who sits where. */
  readonly seats: BySeat<string>;
}

/**
 * The error codes of {@link cutForPartners}.
 *
 * @group Randomness and cutting
 */
export type CutError = 'INVALID_PLAYERS' | 'INVALID_SEAT' | 'INVALID_ARGUMENT';

/** @internal Reads four distinct player ids of 1 to 100 characters, or `null`. */
export function readPlayers(value: unknown): string[] | null {
  try {
    if (!Array.isArray(value) || value.length !== 4) return null;
    const ids = [value[0], value[1], value[2], value[3]];
    if (!ids.every((p) => typeof p === 'string' && p.length > 0 && p.length <= 100) || new Set(ids).size !== 4) return null;
    return ids as string[];
  } catch {
    return null;
  }
}

/**
 * Options of {@link cutForPartners}.
 *
 * @group Randomness and cutting
 */
export interface CutOptions {
  /** The seat the lowest cut takes, and deals from (default `'N'`). */
  readonly dealerSeat?: Seat | undefined;
  /** The third lowest's choice: `'eldest'` (the dealer's left, default) or `'dealersRight'`. */
  readonly thirdChooses?: 'eldest' | 'dealersRight' | undefined;
}

/** The value of a card in the cut: ace low (1) up to king (13). */
function cutValue(card: Card): number {
  return (((cardIndex(card) % 13) + 1) % 13) + 1;
}

/**
 * Four players cut for partners and deal.
 *
 * @param players - four distinct, non-empty player ids
 * @param random - a PRNG state; the pack is shuffled from it
 * @param options - `dealerSeat`: where the lowest sits (default `'N'`); `thirdChooses`: the third lowest's seat
 * @returns `{ ok: true, value: { cut, random } }` with every card drawn, the order, the dealer and the
 *   seating, and the PRNG state after the cut; or `{ ok: false, error }` with code `INVALID_PLAYERS` (not four
 *   distinct ids of 1 to 100 characters), `INVALID_SEAT` (dealerSeat) or `INVALID_ARGUMENT` (a malformed PRNG
 *   state or options). Never throws.
 * @example
 * ```ts
 * import { cutForPartners, seedRandom } from 'whist';
 *
 * const r = cutForPartners(['ann', 'bob', 'cy', 'di'], seedRandom(1));
 * // ann and cy both cut a two and draw again: cy's three beats ann's six, so cy deals from north and
 * // ann partners him; di (a four) takes eldest hand; bob, highest, sits on the dealer's right.
 * r.ok && r.value.cut.draws.map((d) => `${d.player} ${d.card}`); // ['ann 2H', 'bob 9C', 'cy 2D', 'di 4H', 'ann 6D', 'cy 3H']
 * r.ok && r.value.cut.seats; // { N: 'cy', E: 'di', S: 'ann', W: 'bob' }
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 13 (ace low; the lowest deals); Hoyle; German text «Whist» (2012) (the lowest chooses a seat, the second lowest partners him, the third lowest chooses).
 * @group Randomness and cutting
 */
export function cutForPartners(
  players: readonly string[],
  random: RandomState,
  options: CutOptions = {},
): Result<{ readonly cut: CutResult; readonly random: RandomState }, CutError> {
  const ids = readPlayers(players);
  if (ids === null) return fail('INVALID_PLAYERS', 'cutting needs four distinct player ids, strings of 1 to 100 characters', { path: 'players' });
  const start = readRandom(random);
  if (start === null) return fail('INVALID_ARGUMENT', `random must be a PRNG state { s: [a, b, c, d] }, got ${describe(random)}`, { path: 'random' });
  let dealerSeat: unknown;
  let thirdChooses: unknown;
  try {
    if (typeof options !== 'object' || options === null)
      return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, { path: 'options' });
    dealerSeat = options.dealerSeat ?? 'N';
    thirdChooses = options.thirdChooses ?? 'eldest';
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
  if (!isSeat(dealerSeat)) return fail('INVALID_SEAT', `dealerSeat must be one of N E S W, got ${describe(dealerSeat)}`, { path: 'dealerSeat' });
  if (thirdChooses !== 'eldest' && thirdChooses !== 'dealersRight')
    return fail('INVALID_ARGUMENT', 'thirdChooses must be "eldest" or "dealersRight"', { path: 'thirdChooses' });
  const g = new Generator(start.s);
  let pack = FULL_DECK.slice();
  shuffleInPlace(g, pack);
  const draws: CutDraw[] = [];
  const order: string[] = [];
  // Settle groups from the lowest up: a group of one takes the next place; a tied group draws again.
  const settle = (group: readonly string[], round: number): void => {
    if (group.length === 1) {
      order.push(group[0] as string);
      return;
    }
    if (pack.length < group.length) {
      pack = FULL_DECK.slice();
      shuffleInPlace(g, pack);
    }
    const drawn = group.map((player) => {
      const card = pack.pop() as Card;
      draws.push({ round, player, card });
      return { player, value: cutValue(card) };
    });
    const values = [...new Set(drawn.map((d) => d.value))].sort((a, b) => a - b);
    for (const v of values)
      settle(
        drawn.filter((d) => d.value === v).map((d) => d.player),
        round + 1,
      );
  };
  settle(ids, 1);
  const [lowest, second, third, fourth] = order as [string, string, string, string];
  const thirdSeat = thirdChooses === 'dealersRight' ? nextSeat(dealerSeat, 3) : nextSeat(dealerSeat, 1);
  const seats = { [dealerSeat]: lowest, [partnerOf(dealerSeat)]: second, [thirdSeat]: third, [partnerOf(thirdSeat)]: fourth } as unknown as BySeat<string>;
  return ok({ cut: { draws, order, dealer: dealerSeat, seats: { N: seats.N, E: seats.E, S: seats.S, W: seats.W } }, random: g.state() });
}
