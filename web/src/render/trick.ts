/**
 * Tricks on screen: the trick in the middle of the felt (each card by the seat that played it), and the
 * last trick, shown on request.
 *
 * @module
 */

import { type Card, nextSeat, type PlayerView, type Seat, type TableView, type Trick } from 'whist';
import { who } from '../changes.js';
import { h } from '../dom.js';
import { t as words } from '../i18n/index.js';
import { SEAT_NAMES } from '../names.js';
import { face } from './face.js';
import type { Where } from './seats.js';

/**
 * The last trick won in the hand on the table, or `null` before its first trick is won. The view's
 * `lastTrick` is still the hand before's thirteenth until then (at a server table, the hand before is over
 * the moment the next is dealt): its cards were played under another deal and another trump, so the new
 * hand's table does not show them.
 */
export function wonThisHand(hand: PlayerView | null, lastTrick: Trick | null): Trick | null {
  return hand !== null && hand.tricks.length > 0 ? lastTrick : null;
}

/**
 * The trick in the middle of the felt: the trick in progress; before its lead (or once the hand is over),
 * the trick just won, gathered toward its winner. The cards in `fresh` move in from their seat. The caption
 * sits in the felt's corner, where no card lies or passes.
 */
export function trickArea(
  hand: PlayerView | null,
  lastTrick: Trick | null,
  viewer: Seat | null,
  fresh: ReadonlySet<Card>,
  pos: Record<Seat, Where>,
): HTMLElement {
  const current = hand?.trick ?? null;
  const won = wonThisHand(hand, lastTrick);
  const showing: { leader: Seat; cards: readonly Card[]; winner: Seat | null } | null =
    current !== null && current.cards.length > 0
      ? { leader: current.leader, cards: current.cards, winner: null }
      : won !== null
        ? { leader: won.leader, cards: won.cards, winner: won.winner }
        : null;
  const done = hand?.tricks.length ?? 0;
  const caption =
    showing === null
      ? hand === null
        ? words().table.noHandDealt
        : hand.currentSeat === viewer
          ? words().table.yourLead(done + 1)
          : words().table.toLead(done + 1, SEAT_NAMES[hand.currentSeat ?? hand.dealer])
      : showing.winner === null
        ? words().table.ledBy(done + 1, showing.leader === viewer ? words().table.you : SEAT_NAMES[showing.leader])
        : words().table.wonBy(done, showing.winner === viewer ? words().table.you : SEAT_NAMES[showing.winner]);
  // Once the hand is over its last trick stays on the table: laid out as it was played, each name by its card,
  // rather than gathered into a pile toward its winner.
  const kept = showing?.winner !== null && showing?.winner !== undefined && hand !== null && hand.currentSeat === null;
  return h(
    'section',
    {
      class: `trick${showing?.winner ? ' done' : ''}${kept ? ' kept' : ''}`,
      'aria-label': caption,
      'data-winner': showing?.winner ?? null,
      'data-winner-pos': showing?.winner ? pos[showing.winner] : null,
    },
    h('p', { class: 'trick-caption' }, caption),
    h(
      'ul',
      {},
      (showing?.cards ?? []).map((card, i) => {
        const seat = nextSeat(showing?.leader ?? 'N', i);
        return h(
          'li',
          { class: `played pos-${pos[seat]}${showing?.winner === seat ? ' winner' : ''}`, 'data-seat': seat },
          face(card, fresh, pos[seat]),
          h('span', { class: 'who' }, who(seat, viewer)),
        );
      }),
    ),
  );
}

/** The last trick won, in play order, and who won it; with the button that closes it. */
export function lastTrickPanel(view: TableView): HTMLElement {
  const t = wonThisHand(view.hand, view.lastTrick);
  return h(
    'section',
    { id: 'last-trick', class: 'panel last-trick', 'aria-labelledby': 'last-trick-title' },
    h('h2', { id: 'last-trick-title' }, words().table.lastTrick),
    t === null
      ? h('p', {}, words().table.noTrickYet)
      : [
          h(
            'ol',
            { class: 'plays' },
            t.cards.map((card, i) => {
              const seat = nextSeat(t.leader, i);
              return h('li', { 'data-seat': seat }, `${i === 0 ? words().table.led(who(seat, view.viewer)) : who(seat, view.viewer)}: `, face(card));
            }),
          ),
          h('p', {}, words().said.wins(who(t.winner, view.viewer), t.winner === view.viewer)),
        ],
    h('button', { type: 'button', class: 'secondary', 'data-action': 'last-trick' }, words().table.close),
  );
}
