/**
 * Cards, hands and tricks as the command line writes them for people, as the page prints them (`10♦`, suits
 * in the order ♠ ♥ ♣ ♦); and text from outside the program made safe to print (`printable`).
 *
 * @module
 */

import { type BySide, type Card, type Deal, formatCard, nextSeat, SEATS, type Seat, type Suit, sortCards, type Trick } from '../index.js';
import { catalogue } from '../words/index.js';
import { cardIn, ENGLISH, seatIn, type Tongue } from './words/index.js';

/** The suits' names, for sentences: the catalogue's (`whist/words`). */
export const SUIT_NAMES: Readonly<Record<Suit, string>> = catalogue('en').names.suits;

/** `NS 3, EW 1`. */
export function pair(x: BySide): string {
  return `NS ${x.NS}, EW ${x.EW}`;
}

/** The order of suits in a person's cards, as the page shows them: black and red alternate. */
export const DISPLAY_SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];

/** A card as the page prints it on its face: `Q♥`, `10♦`; in German and French with their letters (`D♥`). */
export function cardText(card: Card, t: Tongue = ENGLISH): string {
  return cardIn(t, card);
}

/** Cards in the page's order: suits ♠ ♥ ♣ ♦, each from the ace down. */
export function displayOrder(cards: readonly Card[]): Card[] {
  const sorted = sortCards(cards);
  return DISPLAY_SUITS.flatMap((suit) => sorted.filter((c) => c[1] === suit));
}

/** Who played each card of a trick, from its leader, as the page prints cards: `E J♠, S 4♠, W 9♠, N A♠`. */
export function whoPlayedText(leader: Seat, cards: readonly Card[], t: Tongue = ENGLISH): string {
  return cards.map((card, i) => `${seatIn(t, nextSeat(leader, i))} ${cardText(card, t)}`).join(', ');
}

/** A finished trick as the page prints cards: `E leads: E J♠, S 4♠, W 9♠, N A♠; won by N`. */
export function trickText(trick: Trick, t: Tongue = ENGLISH): string {
  return t.cli.trick(seatIn(t, trick.leader), whoPlayedText(trick.leader, trick.cards, t), seatIn(t, trick.winner));
}

/** A suit's symbol, as the page prints it: `♥`. */
function suitSymbol(suit: Suit): string {
  return formatCard(`A${suit}` as Card, { symbols: true }).slice(1);
}

/** A card's rank as printed on its face: `Q`, `10`. */
function rankText(card: Card): string {
  return cardText(card).slice(0, -1);
}

/** One suit of a seat's cards as the page shows it in a deal: `♥ 10 9 8`, `♦ —` for a void. */
function suitText(cards: readonly Card[], suit: Suit): string {
  const ranks = cards.filter((c) => c[1] === suit).map(rankText);
  return `${suitSymbol(suit)} ${ranks.length === 0 ? '—' : ranks.join(' ')}`;
}

/** The four hands as dealt, a line each, as the page prints cards, each suit in a column: `N  ♠ J 9 8     ♥ 10 5 3  …`. */
export function dealLines(deal: Deal, indent = '  '): string[] {
  const suits = SEATS.map((seat) => DISPLAY_SUITS.map((suit) => suitText(displayOrder(deal[seat]), suit)));
  const widths = DISPLAY_SUITS.map((_, i) => Math.max(...suits.map((row) => (row[i] as string).length)));
  return SEATS.map((seat, n) => `${indent}${seat}  ${(suits[n] as string[]).map((text, i) => text.padEnd(widths[i] as number)).join('  ')}`.trimEnd());
}

/** Cards in the page's order and as the page prints them, separated by spaces: `K♠ Q♠ 10♥`. */
export function cardsText(cards: readonly Card[]): string {
  return displayOrder(cards)
    .map((card) => cardText(card))
    .join(' ');
}

/**
 * The code points a terminal would act on rather than show: the C0 controls (line ends and tabs
 * included), DEL, the C1 controls, the line and paragraph separators, and the marks, embeddings, overrides
 * and isolates that reorder text (bidi controls).
 */
function unprintable(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x61c || c === 0x200e || c === 0x200f || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/**
 * Text from outside the program (a file's name, a record's tags, a message quoting them) made safe to print
 * in a terminal: each control character, bidi control and line separator is written as its escape,
 * `\u001b`, so that no escape sequence reaches the terminal and no text can start a line or turn around the
 * text after it. Everything else is kept as it is. Every line the program prints goes through it.
 *
 * @example
 * ```ts
 * printable('\u001b[2Jboard 1'); // '\\u001b[2Jboard 1'
 * ```
 */
export function printable(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!unprintable(c)) continue;
    out += `${text.slice(from, i)}\\u${c.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
