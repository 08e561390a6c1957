/**
 * Simple players, for demos, tests and filling empty seats.
 *
 * Each player takes a {@link PlayerView}, enforced by its type: it sees only what the seat to play may
 * know (its own cards, the cards played, trump, the turn-up while it is public), never another hand.
 *
 * @module
 */

import { type Card, cardIndex, isCard, type Suit } from './cards.js';
import { describe, WhistError } from './errors.js';
import { trickWinner } from './hand/index.js';
import { type Drawn, type RandomState, randomInt } from './random.js';
import { isSeat, partnerOf, type Seat } from './seats.js';
import type { PlayerView } from './view.js';

/** The fields of a view a player reads, each read once and checked; or a thrown {@link WhistError}. */
function readView(view: unknown): { seat: Seat; moves: Card[]; cards: Card[]; trump: Suit | null; leader: Seat | null; trick: Card[] } {
  const refuse = (why: string): never => {
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `a player needs the view of the seat to play: ${why}`, path: 'view' });
  };
  try {
    if (typeof view !== 'object' || view === null) refuse(`got ${describe(view)}`);
    const v = view as Record<string, unknown>;
    const seat = v.viewer;
    if (!isSeat(seat) || v.currentSeat !== seat) refuse("it is not the viewer's turn");
    const list = (value: unknown, max: number): Card[] => {
      if (!Array.isArray(value) || value.length > max) refuse('its cards are not a list of cards');
      const out = Array.from(value as unknown[]);
      if (!out.every(isCard)) refuse('its cards are not a list of cards');
      return out as Card[];
    };
    const moves = list(v.legalMoves, 13);
    if (moves.length === 0) refuse('it has no legal card');
    const cards = list(v.cards, 13);
    const trump = v.trump;
    if (trump !== null && trump !== 'S' && trump !== 'H' && trump !== 'D' && trump !== 'C') refuse('its trump is not a suit');
    const t = v.trick;
    let leader: Seat | null = null;
    let trick: Card[] = [];
    if (t !== null) {
      if (typeof t !== 'object') refuse('its trick is not a trick');
      const tr = t as Record<string, unknown>;
      trick = list(tr.cards, 3);
      if (!isSeat(tr.leader)) refuse('its trick has no leader');
      leader = tr.leader as Seat;
    }
    return { seat: seat as Seat, moves, cards, trump: trump as Suit | null, leader, trick };
  } catch (e) {
    if (e instanceof WhistError) throw e;
    return refuse('it throws when read');
  }
}

/**
 * A player that picks uniformly among the legal cards.
 *
 * @param view - the view of the seat to play, from {@link playerView} (a player sees only what its seat may see)
 * @param random - a PRNG state
 * @returns `{ value, random }`: the card to play, one of `view.legalMoves`, and the next PRNG state
 * @throws {@link WhistError} `INVALID_ARGUMENT` when the view is not that of the seat to play (a complete
 *   hand, another seat's turn, a malformed view), or the PRNG state is malformed
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, playerViewOrThrow, playOrThrow, randomPlayer, seedRandom, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * const seat = currentSeat(state)!;
 * const { value: card } = randomPlayer(playerViewOrThrow(state, seat), seedRandom(1));
 * playOrThrow(state, seat, card).plays.length; // 2
 * ```
 * @group Players
 */
export function randomPlayer(view: PlayerView, random: RandomState): Drawn<Card> {
  const { moves } = readView(view);
  const { value, random: next } = randomInt(random, moves.length);
  return { value: moves[value] as Card, random: next };
}
function rankOf(card: Card): number {
  return cardIndex(card) % 13;
}

function bySuit(cards: readonly Card[]): Map<Suit, Card[]> {
  const suits = new Map<Suit, Card[]>();
  for (const card of cards) {
    const suit = card[1] as Suit;
    const list = suits.get(suit);
    if (list) list.push(card);
    else suits.set(suit, [card]);
  }
  return suits;
}

/** The longest suit of some cards (ties: canonical suit order), cards from the highest down. */
function longest(cards: readonly Card[], except: Suit | null): Card[] | undefined {
  let best: Card[] | undefined;
  for (const [suit, list] of bySuit(cards)) if (suit !== except && (!best || list.length > best.length)) best = list;
  return best;
}

function lowest(cards: readonly Card[]): Card {
  return cards.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
}

function openingLead(hand: readonly Card[]): Card {
  for (const [, list] of bySuit(hand)) {
    const top = list[0] as Card;
    const second = list[1];
    if (second !== undefined && rankOf(top) >= 8 && rankOf(second) === rankOf(top) - 1) return top;
  }
  const suit = longest(hand, null) as Card[];
  return suit[Math.min(3, suit.length - 1)] as Card;
}

/**
 * A basic heuristic player, playing the classic rules of thumb:
 *
 * - Leading: the top of a sequence (two touching cards headed by a ten or better), or else the fourth
 *   best card of the longest suit (the lowest, with fewer than four).
 * - Second hand plays low.
 * - Third and fourth hand: low when partner is already winning the trick; otherwise the cheapest card
 *   that wins it, or else low.
 * - Void in the suit led: the lowest trump that wins when the opponents are winning the trick;
 *   otherwise a discard, the lowest card of the longest other suit.
 *
 * Deterministic: the same view always gives the same card. It sees only the seat's view.
 *
 * @param view - the view of the seat to play, from {@link playerView}
 * @returns the card to play: always one of `view.legalMoves`
 * @throws {@link WhistError} `INVALID_ARGUMENT` when the view is not that of the seat to play (a complete hand, another seat's turn, a malformed view)
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, heuristicPlayer, playerViewOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * // East leads the fourth best of his longest suit, the spades: A T 6 2.
 * heuristicPlayer(playerViewOrThrow(state, currentSeat(state))); // '2S'
 * ```
 * @remarks Source: the common maxims of whist play (Cavendish, *The Laws and Principles of Whist*): lead from the longest suit, second hand low, third hand high.
 * @group Players
 */
export function heuristicPlayer(view: PlayerView): Card {
  const { seat, moves, cards, trump, leader, trick } = readView(view);
  if (leader === null || trick.length === 0) return openingLead(moves);
  const led = trick[0]?.[1] as Suit;
  const winning = trickWinner(leader, trick, trump);
  const partnerWinning = winning === partnerOf(seat);
  const wins = (card: Card) => trickWinner(leader, [...trick, card], trump) === seat;
  const following = moves[0]?.[1] === led;
  if (following) {
    if (trick.length === 1 || partnerWinning) return lowest(moves);
    const winners = moves.filter(wins);
    return winners.length > 0 ? lowest(winners) : lowest(moves);
  }
  if (!partnerWinning && trump !== null) {
    const trumps = moves.filter((c) => c[1] === trump && wins(c));
    if (trumps.length > 0) return lowest(trumps);
  }
  const discards = longest(moves, trump) ?? (longest(cards, null) as Card[]);
  return lowest(discards);
}
