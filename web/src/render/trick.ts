/**
 * Tricks on screen: the trick in the middle of the felt (each card by the seat that played it), and the
 * last trick, shown on request.
 *
 * @module
 */

import { type Card, nextSeat, type PlayerView, type Seat, type TableView, type Trick } from 'whist';
import { who } from '../changes.js';
import { h } from '../dom.js';
import { SEAT_NAMES } from '../names.js';
import { face } from './cards.js';
import type { Where } from './seats.js';

/**
 * The trick in the middle of the felt: the trick in progress; before its lead (or once the hand is over),
 * the trick just won, dimmed. The cards in `fresh` move in from their seat.
 */
export function trickArea(
  hand: PlayerView | null,
  lastTrick: Trick | null,
  viewer: Seat | null,
  fresh: ReadonlySet<Card>,
  pos: Record<Seat, Where>,
): HTMLElement {
  const current = hand?.trick ?? null;
  const showing: { leader: Seat; cards: readonly Card[]; winner: Seat | null } | null =
    current !== null && current.cards.length > 0
      ? { leader: current.leader, cards: current.cards, winner: null }
      : lastTrick !== null
        ? { leader: lastTrick.leader, cards: lastTrick.cards, winner: lastTrick.winner }
        : null;
  const number = hand === null ? 0 : hand.tricks.length + (current !== null && current.cards.length > 0 ? 1 : 0);
  const caption =
    showing === null
      ? hand === null
        ? 'No hand dealt'
        : hand.currentSeat === viewer
          ? 'Trick 1: your lead'
          : `Trick 1: ${SEAT_NAMES[hand.currentSeat ?? hand.dealer]} to lead`
      : showing.winner === null
        ? `Trick ${number}, led by ${showing.leader === viewer ? 'you' : SEAT_NAMES[showing.leader]}`
        : `Trick ${hand?.tricks.length ?? 0} won by ${showing.winner === viewer ? 'you' : SEAT_NAMES[showing.winner]}`;
  return h(
    'section',
    { class: `trick${showing?.winner ? ' done' : ''}`, 'aria-label': caption },
    h('p', { class: 'trick-caption' }, caption),
    h(
      'ul',
      {},
      (showing?.cards ?? []).map((card, i) => {
        const seat = nextSeat(showing?.leader ?? 'N', i);
        return h(
          'li',
          { class: `played pos-${pos[seat]}${showing?.winner === seat ? ' winner' : ''}`, 'data-seat': seat },
          h('span', { class: 'who' }, who(seat, viewer)),
          face(card, fresh, pos[seat]),
        );
      }),
    ),
  );
}

/** The last trick won, in play order, and who won it; with the button that closes it. */
export function lastTrickPanel(view: TableView): HTMLElement {
  const t: Trick | null = view.lastTrick;
  return h(
    'section',
    { id: 'last-trick', class: 'panel last-trick', 'aria-labelledby': 'last-trick-title' },
    h('h2', { id: 'last-trick-title' }, 'Last trick'),
    t === null
      ? h('p', {}, 'No trick has been won yet in this hand.')
      : [
          h(
            'ol',
            { class: 'plays' },
            t.cards.map((card, i) => {
              const seat = nextSeat(t.leader, i);
              return h('li', { 'data-seat': seat }, `${who(seat, view.viewer)}${i === 0 ? ' led' : ''}: `, face(card));
            }),
          ),
          h('p', {}, `${who(t.winner, view.viewer)} ${t.winner === view.viewer ? 'win' : 'wins'} it.`),
        ],
    h('button', { type: 'button', class: 'secondary', 'data-action': 'last-trick' }, 'Close'),
  );
}
