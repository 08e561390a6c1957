/**
 * The double-dummy panel, while its toggle is on: in solo play, at the viewer's turn, the button that asks
 * for the tricks each legal card takes; once a hand is over, every card of it scored, trick by trick.
 *
 * @module
 */

import { cardSuit, type Seat, sideOf, type TableView } from 'whist';
import { who } from '../changes.js';
import { type DdPlay, positionKey } from '../dd.js';
import { type Child, h } from '../dom.js';
import { t } from '../i18n/index.js';
import { cardName, cardText, isRed, seatLetter } from '../names.js';
import type { Ui } from './ui.js';

/**
 * The double-dummy panel, while the toggle is on: in solo play the button that asks for the scores of the
 * viewer's legal cards (a hint drawn from every seat's cards); once a hand is over, every card played, scored.
 */
export function ddPanel(view: TableView, ui: Ui): HTMLElement | null {
  const dd = ui.dd;
  if (dd === null) return null;
  const live = view.next.action === 'play' && view.hand !== null;
  const myTurn = live && view.next.action === 'play' && view.next.seat === view.viewer;
  const shown = dd.moves !== null && dd.moves.key === positionKey(view);
  const W = t().dd;
  let ask: Child = null;
  if (live && ui.mode === 'server') ask = h('p', { class: 'muted' }, W.atServer);
  else if (live && myTurn && !shown)
    ask = [
      h('button', { type: 'button', class: 'secondary', 'data-action': 'dd-ask', 'aria-describedby': 'dd-note' }, W.ask),
      h('p', { id: 'dd-note', class: 'muted' }, W.askNote),
    ];
  else if (live && shown) ask = h('p', { 'data-dd-note': 'moves' }, W.shown);
  else if (live) ask = h('p', { class: 'muted' }, W.onYourTurn);
  return h(
    'section',
    { class: 'panel dd-panel', 'aria-labelledby': 'dd-title' },
    h('h2', { id: 'dd-title' }, W.title),
    ask,
    h('p', { class: 'dd-status', role: 'status' }, dd.solving ?? ''),
    dd.error === null ? null : h('p', { class: 'error', role: 'alert' }, dd.error),
    dd.hand === null ? null : ddHand(dd.hand.key, dd.hand.plays, view.viewer),
  );
}

/** A finished hand, every card played with its score: the tricks its side took from there on with perfect play after it, and the best card's when it took fewer. */
function ddHand(key: string, plays: readonly DdPlay[], viewer: Seat | null): HTMLElement {
  const tricks: DdPlay[][] = [];
  plays.forEach((p, i) => {
    if (i % 4 === 0) tricks.push([]);
    tricks[tricks.length - 1]?.push(p);
  });
  const lost = plays.filter((p) => p.tricks < p.best && (viewer === null || sideOf(p.seat) === sideOf(viewer))).length;
  const W = t().dd;
  return h(
    'section',
    { class: 'dd-hand', 'data-dd-hand': key, 'aria-labelledby': 'dd-hand-title' },
    h('h3', { id: 'dd-hand-title' }, W.hand(key)),
    h('p', { class: 'muted' }, W.handNote),
    viewer === null ? null : h('p', {}, W.lost(lost)),
    h(
      'ol',
      {},
      tricks.map((t, i) =>
        h(
          'li',
          {},
          h('span', { class: 'dd-trick' }, W.trick(i + 1)),
          h(
            'ul',
            {},
            t.map((p) =>
              h(
                'li',
                {
                  'data-dd-card': p.card,
                  'data-dd-tricks': p.tricks,
                  'data-dd-best': p.best,
                  'data-seat': p.seat,
                  class: p.tricks < p.best ? 'dd-lost' : null,
                },
                h(
                  'span',
                  { 'aria-hidden': 'true' },
                  `${seatLetter(p.seat)} `,
                  h('span', { class: isRed(cardSuit(p.card)) ? 'red' : null }, cardText(p.card)),
                  ` ${p.tricks}${p.tricks < p.best ? ` (${p.best})` : ''}`,
                ),
                h('span', { class: 'sr-only' }, W.card(who(p.seat, viewer), cardName(p.card), p.tricks, p.tricks < p.best ? p.best : null)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
