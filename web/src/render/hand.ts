/**
 * The hand on screen: the status line (which hand, who deals, trumps, whose turn), and the panel that
 * explains a hand's score once it is over, in the game's terms (`explain.ts`).
 *
 * @module
 */

import type { PlayerView, TableView } from 'whist';
import { trumpSentence } from '../changes.js';
import { h } from '../dom.js';
import { explainHand, explainRubber } from '../explain.js';
import { isRed, SEAT_NAMES, SUIT_NAMES, SUIT_SYMBOLS } from '../names.js';
import { keyButton } from './keys.js';
import type { Ui } from './ui.js';

/** The key of the last scored hand, `rubber:hand`, or `null` before any. */
export function lastHandKey(view: TableView): string | null {
  return view.hands.length === 0 ? null : `${view.rubbers.length}:${view.hands.length}`;
}

/** Trumps, as a badge: the suit's symbol and name, and the whole sentence (with the trump card) as its title. */
export function trumpBadge(hand: PlayerView): HTMLElement {
  if (hand.trump === null) return h('span', { class: 'trump' }, 'No trumps');
  return h(
    'span',
    { class: `trump${isRed(hand.trump) ? ' red' : ''}`, title: trumpSentence(hand) },
    'Trumps: ',
    h('span', { 'aria-hidden': 'true' }, `${SUIT_SYMBOLS[hand.trump]} `),
    SUIT_NAMES[hand.trump],
  );
}

/** Sentences that explain a score, as a list: `kind` (`hand`, `rubber`) marks what they explain. */
export function explanation(lines: readonly string[], kind?: 'hand' | 'rubber'): HTMLElement {
  return h(
    'ul',
    { class: 'explain', 'data-explain': kind },
    lines.map((line) => h('li', {}, line)),
  );
}

/** The line above the felt: the hand, its dealer and trumps, whose turn; and the last-trick button. */
export function statusBar(view: TableView, ui: Ui): HTMLElement {
  const hand = view.hand;
  let turn: string;
  if (view.next.action === 'play') turn = view.next.seat === view.viewer ? 'Your turn' : `${SEAT_NAMES[view.next.seat]} to play`;
  else if (view.next.action === 'newRubber') turn = 'The rubber is over';
  else turn = 'The hand is over';
  return h(
    'section',
    { class: 'status', 'aria-label': 'Hand' },
    h('p', {}, hand === null ? 'No hand dealt yet.' : [h('strong', {}, `Hand ${view.dealNumber}`), ` · ${SEAT_NAMES[hand.dealer]} deals · `, trumpBadge(hand)]),
    h('p', { class: 'turn', 'data-next': view.next.action, 'data-next-seat': view.next.action === 'play' ? view.next.seat : null }, turn, ui.busy ? '…' : ''),
    keyButton(
      { 'data-action': 'last-trick', 'aria-expanded': ui.lastTrickOpen ? 'true' : 'false', 'aria-controls': 'last-trick' },
      ui.lastTrickOpen ? 'Hide last trick' : 'Last trick',
      'L',
      'L',
    ),
  );
}

/**
 * Once a hand is over: its score explained (and the rubber's, when it ended one), with what comes next
 * (deal, new rubber). At a server table, where the next hand is dealt at once, the explanation of the hand
 * before stays until it is closed.
 */
export function resultPanel(view: TableView, ui: Ui): HTMLElement | null {
  const over = view.next.action !== 'play';
  const key = lastHandKey(view);
  if (key === null) return null;
  if (!over && !(ui.mode === 'server' && key !== ui.dismissed)) return null;
  const index = view.hands.length - 1;
  const rubber = explainRubber(view);
  let button: HTMLElement;
  if (view.next.action === 'newRubber') button = h('button', { type: 'button', class: 'primary', 'data-action': 'new-rubber' }, 'New rubber');
  else if (view.next.action === 'deal') button = h('button', { type: 'button', class: 'primary', 'data-action': 'deal' }, 'Deal the next hand');
  else button = h('button', { type: 'button', class: 'secondary', 'data-action': 'dismiss' }, 'Close');
  return h(
    'section',
    { class: 'panel result', 'aria-labelledby': 'result-title', 'data-hand': index + 1 },
    h('h2', { id: 'result-title' }, rubber.length > 0 ? 'The rubber is over' : `Hand ${index + 1} is over`),
    explanation(explainHand(view.rules, view.hands, index), 'hand'),
    rubber.length > 0 ? explanation(rubber, 'rubber') : null,
    button,
  );
}
