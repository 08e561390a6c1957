/**
 * Cards, hands and tricks as the command line writes them for people.
 *
 * @module
 */

import { type BySide, type Card, type Deal, formatCard, nextSeat, SEATS, type Seat, type Suit, sortCards, type Trick } from '../index.js';

/** The suits' names, for sentences. */
export const SUIT_NAMES: Readonly<Record<Suit, string>> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'D', 'C'];

/** `NS 3, EW 1`. */
export function pair(x: BySide): string {
  return `NS ${x.NS}, EW ${x.EW}`;
}

/** Some cards by suit, from the ace down: `S AKQ2  H T98  D -  C 432`. */
export function bySuit(cards: readonly Card[]): string {
  const sorted = sortCards(cards);
  return SUIT_ORDER.map(
    (suit) =>
      `${suit} ${
        sorted
          .filter((c) => c[1] === suit)
          .map((c) => c[0])
          .join('') || '-'
      }`,
  ).join('  ');
}

/** The four hands as dealt, a line each. */
export function dealLines(deal: Deal, indent = '  '): string[] {
  return SEATS.map((seat) => `${indent}${seat}  ${bySuit(deal[seat])}`);
}

/** Who played each card of a trick, from its leader: `E JS, S 4S, W 9S, N AS`. */
export function whoPlayed(leader: Seat, cards: readonly Card[]): string {
  return cards.map((card, i) => `${nextSeat(leader, i)} ${card}`).join(', ');
}

/** A finished trick: `E leads: E JS, S 4S, W 9S, N AS; won by N`. */
export function trickLine(trick: Trick): string {
  return `${trick.leader} leads: ${whoPlayed(trick.leader, trick.cards)}; won by ${trick.winner}`;
}

/** The order of suits in a person's cards, as the page shows them: black and red alternate. */
export const DISPLAY_SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];

/** A card as the page prints it on its face: `Q♥`, `10♦`. */
export function cardText(card: Card): string {
  return formatCard(card, { symbols: true, ten: '10' });
}

/** Cards in the page's order: suits ♠ ♥ ♣ ♦, each from the ace down. */
export function displayOrder(cards: readonly Card[]): Card[] {
  const sorted = sortCards(cards);
  return DISPLAY_SUITS.flatMap((suit) => sorted.filter((c) => c[1] === suit));
}

/** Who played each card of a trick, from its leader, as the page prints cards: `E J♠, S 4♠, W 9♠, N A♠`. */
export function whoPlayedText(leader: Seat, cards: readonly Card[]): string {
  return cards.map((card, i) => `${nextSeat(leader, i)} ${cardText(card)}`).join(', ');
}

/** A finished trick as the page prints cards: `E leads: E J♠, S 4♠, W 9♠, N A♠; won by N`. */
export function trickText(trick: Trick): string {
  return `${trick.leader} leads: ${whoPlayedText(trick.leader, trick.cards)}; won by ${trick.winner}`;
}
