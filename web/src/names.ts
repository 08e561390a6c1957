/**
 * The words a person reads and hears for the library's codes: `QH` is "Q♥" on the card and "queen of
 * hearts" to a screen reader; `N` is North; `NS` is North–South.
 *
 * @module
 */

import { type Card, cardRank, cardSuit, type Seat, type Side, type Suit } from 'whist';
import { cardName as wordsCardName, rankName as wordsRankName } from './i18n/game.js';
import { gameWords, language, t } from './i18n/index.js';

/** The names of the page's language, from the library's catalogue (`whist/words`). */
const names = () => gameWords().names;

/** Suit names, plural as at the table: "a heart", "two hearts", "hearts are trumps". */
export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  get S() {
    return names().suits.S;
  },
  get H() {
    return names().suits.H;
  },
  get D() {
    return names().suits.D;
  },
  get C() {
    return names().suits.C;
  },
};

/** The suit symbols, shown beside every rank so that no suit is told by colour alone. */
export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** The order of suits in the viewer's cards: black and red alternate, so neighbouring suits never share a colour. */
export const DISPLAY_SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];

export const SEAT_NAMES: Readonly<Record<Seat, string>> = {
  get N() {
    return names().seats.N;
  },
  get E() {
    return names().seats.E;
  },
  get S() {
    return names().seats.S;
  },
  get W() {
    return names().seats.W;
  },
};

/** A seat's one-letter mark, the first letter of its name in the page's language: N E S W, in German N O S W, in French N E S O. */
export function seatLetter(seat: Seat): string {
  return SEAT_NAMES[seat].charAt(0);
}

export const SIDE_NAMES: Readonly<Record<Side, string>> = {
  get NS() {
    return language() === 'en' ? 'North–South' : `${names().seats.N}–${names().seats.S}`;
  },
  get EW() {
    return language() === 'en' ? 'East–West' : `${names().seats.E}–${names().seats.W}`;
  },
};

/** "queen": a card's rank, in words. */
export function rankName(card: Card): string {
  return wordsRankName(card);
}

/** "Q", "10": a card's rank as printed on its face. */
export function rankText(card: Card): string {
  return cardText(card).slice(0, -1);
}

/** "queen of hearts": a card's accessible name. */
export function cardName(card: Card): string {
  return wordsCardName(card);
}

/** "Q♥", "10♦": a card as printed on its face. */
export function cardText(card: Card): string {
  return `${names().letters[cardRank(card)]}${SUIT_SYMBOLS[cardSuit(card)]}`;
}

/** Whether a suit is printed in red. */
export function isRed(suit: Suit): boolean {
  return suit === 'H' || suit === 'D';
}

/** The person's name in a solo game, as saved games and records store it (the page shows it through `playerName`). */
export const PERSON = 'You';

/** A player's name as the page shows it: the solo game's person in the page's language. */
export function playerName(name: string): string {
  return name === PERSON ? t().solo.person : name;
}
