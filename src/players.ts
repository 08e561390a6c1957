/**
 * Simple players, for demos, tests and filling empty seats.
 *
 * Each player sees the hand state but uses only what the seat to play may know: its own cards, the
 * cards played, trump, and the turn-up while it is public.
 *
 * @module
 */

import { type Card, cardIndex, type Suit } from './cards.js';
import { WhistError } from './errors.js';
import { currentSeat, currentTrick, type HandState, handOf, legalMoves, trickWinner } from './hand.js';
import { type Drawn, randomInt, type RandomState } from './random.js';
import { partnerOf } from './seats.js';

/**
 * A player that picks uniformly among the legal cards.
 *
 * @param state - a hand state with a seat to play (check {@link currentSeat} first: a complete hand has no legal card)
 * @param random - a PRNG state
 * @returns `{ value, random }`: the card to play, one of {@link legalMoves}, and the next PRNG state
 * @throws {@link WhistError} `HAND_COMPLETE` when the hand is over
 * @example
 * ```ts
 * const { value: card, random: next } = randomPlayer(state, seedRandom(1));
 * state = playOrThrow(state, currentSeat(state)!, card);
 * ```
 */
export function randomPlayer(state: HandState, random: RandomState): Drawn<Card> {
  const moves = legalMoves(state);
  if (moves.length === 0) throw new WhistError({ code: 'HAND_COMPLETE', message: 'all 13 tricks have been played' });
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
 * Deterministic: the same state always gives the same card.
 *
 * @param state - a hand state with a seat to play
 * @returns the card to play: always one of {@link legalMoves}
 * @throws {@link WhistError} `HAND_COMPLETE` when the hand is over
 * @example
 * ```ts
 * state = playOrThrow(state, currentSeat(state)!, heuristicPlayer(state));
 * ```
 * @remarks Source: the common maxims of whist play (Cavendish, *The Laws and Principles of Whist*): lead from the longest suit, second hand low, third hand high.
 */
export function heuristicPlayer(state: HandState): Card {
  const seat = currentSeat(state);
  if (seat === null) throw new WhistError({ code: 'HAND_COMPLETE', message: 'all 13 tricks have been played' });
  const trick = currentTrick(state);
  const moves = legalMoves(state);
  if (!trick || trick.cards.length === 0) return openingLead(moves);
  const led = trick.cards[0]?.[1] as Suit;
  const trump = state.trump;
  const winning = trickWinner(trick.leader, trick.cards, trump);
  const partnerWinning = winning === partnerOf(seat);
  const wins = (card: Card) => trickWinner(trick.leader, [...trick.cards, card], trump) === seat;
  const following = moves[0]?.[1] === led;
  if (following) {
    if (trick.cards.length === 1 || partnerWinning) return lowest(moves);
    const winners = moves.filter(wins);
    return winners.length > 0 ? lowest(winners) : lowest(moves);
  }
  if (!partnerWinning && trump !== null) {
    const trumps = moves.filter((c) => c[1] === trump && wins(c));
    if (trumps.length > 0) return lowest(trumps);
  }
  const discards = longest(moves, trump) ?? (longest(handOf(state, seat), null) as Card[]);
  return lowest(discards);
}
