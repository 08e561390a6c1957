/**
 * A card's face, and a seat's cards listed suit by suit as in a bridge diagram: the drawing every other
 * renderer of cards builds on, so that it imports none of them.
 *
 * @module
 */

import { type Card, cardSuit } from 'whist';
import { h } from '../dom.js';
import { cardName, DISPLAY_SUITS, isRed, rankName, rankText, SUIT_NAMES, SUIT_SYMBOLS } from '../names.js';

/**
 * What a card shows, drawn by the style sheet from two attributes: `data-index`, the rank over the suit in
 * the corners, and `data-pip`, the suit in the middle. The rank and suit as text (`Q♥`, the card's text
 * content) are there for copying and searching, hidden from the eye and from screen readers, which read the
 * card's name instead.
 */
export function cardFace(card: Card): { attrs: { 'data-index': string; 'data-pip': string }; text: HTMLElement[] } {
  const symbol = SUIT_SYMBOLS[cardSuit(card)];
  return {
    attrs: { 'data-index': `${rankText(card)}\n${symbol}`, 'data-pip': symbol },
    text: [h('span', { class: 'rank', 'aria-hidden': 'true' }, rankText(card)), h('span', { class: 'suit', 'aria-hidden': 'true' }, symbol)],
  };
}

/** A card face (not a control): rank and suit symbol, named for screen readers. `from` is where it moves in from. */
export function face(card: Card, fresh: ReadonlySet<Card> = new Set(), from?: string): HTMLElement {
  const suit = cardSuit(card);
  const drawn = cardFace(card);
  return h(
    'span',
    {
      class: `face${isRed(suit) ? ' red' : ''}${fresh.has(card) ? ' arrive' : ''}`,
      'data-card': card,
      'data-from': from,
      role: 'img',
      'aria-label': cardName(card),
      ...drawn.attrs,
    },
    drawn.text,
  );
}

/** A seat's cards, suit by suit as in a bridge diagram: each rank marked with its card (`[data-card="QH"]`), and named for screen readers. */
export function cardList(cards: readonly Card[], caption: string, kind: 'held' | 'dealt'): HTMLElement {
  return h(
    'div',
    { class: `held ${kind}`, 'data-cards': kind },
    h('p', { class: 'held-caption' }, caption),
    h(
      'ul',
      {},
      DISPLAY_SUITS.map((suit) => {
        const ranks = cards.filter((c) => cardSuit(c) === suit);
        return h(
          'li',
          { class: isRed(suit) ? 'red' : null, 'data-suit': suit },
          h('span', { class: 'sym', 'aria-hidden': 'true' }, SUIT_SYMBOLS[suit]),
          h('span', { class: 'sr-only' }, `${SUIT_NAMES[suit]}: ${ranks.length === 0 ? 'none' : ranks.map(rankName).join(', ')}`),
          ranks.length === 0
            ? h('span', { class: 'rank', 'aria-hidden': 'true' }, '—')
            : ranks.map((c) => h('span', { class: 'rank', 'data-card': c, 'aria-hidden': 'true' }, rankText(c))),
        );
      }),
    ),
  );
}
