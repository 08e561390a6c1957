/**
 * `renderReplay(root, position, ui)`: a position of a record being watched, drawn in place of the table:
 * every seat's cards (a replay hides nothing: it is a game already played), the trick, the score before
 * or after the hand, and the controls to step through the record.
 *
 * @module
 */

import type { Seat } from 'whist';
import { h, patchChildren } from '../dom.js';
import { explainHand, explainRubber } from '../explain.js';
import { rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { playerName, SEAT_NAMES } from '../names.js';
import type { ReplayPosition } from '../replay.js';
import { cardList } from './face.js';
import { explanation, trumpBadge } from './hand.js';
import { keyButton } from './keys.js';
import { gained, history, scoreAside } from './score.js';
import { positions, seatBox, seatsAround, trumpCardBox, type Where } from './seats.js';
import { trickArea } from './trick.js';
import type { ReplayUi } from './ui.js';

/** A seat in the replay: its player, and its cards: those it still holds, or all it was dealt once the hand is over. */
function replaySeat(p: ReplayPosition, seat: Seat, where: Where): HTMLElement {
  const view = p.view;
  const name = playerName(p.hand.players[seat]);
  const isDealer = view.dealer === seat;
  return seatBox({
    seat,
    where,
    label: SEAT_NAMES[seat],
    name: `${SEAT_NAMES[seat]}, ${name}`,
    player: name !== seat && name !== '' ? [name] : null,
    count: null,
    isDealer,
    turn: view.currentSeat === seat ? t().table.toPlay : null,
    trumpCard: isDealer && view.trumpCard ? trumpCardBox(view.trumpCard, view.trumpSource) : null,
    cards: p.dealt !== null ? cardList(p.dealt[seat], t().replay.asDealt, 'dealt') : cardList(p.held[seat], t().table.cardsHeld(p.held[seat].length), 'held'),
  });
}

/** The score at the position (before the hand, or after it once its last card is played), the hand's explanation then, and the record's hands. */
function replayScores(p: ReplayPosition): HTMLElement {
  const over = p.dealt !== null;
  const W = t().replay;
  return scoreAside(
    W.caption(p.hand.rubber, p.game, rulesTitle(p.rules), p.rules.target),
    null,
    [
      [W.tricks, 'tricks', p.view.tricksWon],
      [over ? W.gameAfter : W.gameBefore, 'game', p.score],
      [over ? W.gamesAfter : W.gamesBefore, 'games', p.gamesWon],
    ],
    over
      ? history(
          'replay-result-title',
          W.over(p.hand.board),
          explanation(explainHand(p.rules, p.rubberHands, p.indexInRubber), 'hand'),
          p.rubberOver === null ? null : explanation(explainRubber(p.rubberOver), 'rubber'),
        )
      : null,
    history(
      'replay-hands-title',
      W.hands,
      h(
        'ol',
        { class: 'replay-hands' },
        p.hands.map((x, i) =>
          h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: 'link', 'data-action': 'replay-hand', 'data-hand': i, 'aria-current': i === p.index ? 'true' : null },
              W.handItem(x.board, x.rubber, (x.summary === null ? [W.inProgress] : gained(x.summary.points)).join(', ')),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * Renders a position of a record being watched into `root`: every seat's cards (a replay hides nothing),
 * the trick, the score, the controls to step through it.
 *
 * @param root - the element that holds the table
 * @param p - the position, from `position(replay)`
 * @param ui - the page's own state
 */
export function renderReplay(root: HTMLElement, p: ReplayPosition, ui: ReplayUi): void {
  const pos = positions(null);
  const first = p.index === 0 && p.step === 0;
  const last = p.index === p.count - 1 && p.step === p.total;
  const lastTrick = p.view.tricks[p.view.tricks.length - 1] ?? null;
  const W = t().replay;
  patchChildren(
    root,
    h(
      'div',
      { class: 'play replay', 'data-hand': p.index + 1, 'data-step': p.step },
      ui.error === null ? null : h('p', { class: 'error', role: 'alert' }, ui.error),
      h(
        'section',
        { class: 'panel replay-head', 'aria-labelledby': 'replay-title' },
        h('h2', { id: 'replay-title' }, W.title(p.name)),
        h('p', {}, W.intro),
        h('button', { type: 'button', class: 'secondary', 'data-action': 'replay-close' }, ui.mode === 'solo' ? W.backToGame : W.backToTable),
      ),
      h(
        'section',
        { class: 'status', 'aria-label': W.position },
        h('p', {}, h('strong', {}, W.handOf(p.hand.board, p.count)), W.where(p.hand.rubber, p.game, SEAT_NAMES[p.view.dealer]), trumpBadge(p.view)),
        h('p', { class: 'turn' }, p.step === 0 ? W.start(p.total) : W.card(p.step, p.total)),
      ),
      h(
        'div',
        { class: 'replay-controls', role: 'group', 'aria-label': W.steps },
        keyButton({ 'data-action': 'replay-previous-hand', disabled: first }, W.previousHand, 'PageUp', 'PgUp'),
        keyButton({ 'data-action': 'replay-previous-card', disabled: first }, W.previousCard, 'ArrowLeft', '←'),
        keyButton({ 'data-action': 'replay-next-card', disabled: last }, W.nextCard, 'ArrowRight', '→'),
        keyButton({ 'data-action': 'replay-next-hand', disabled: last }, W.nextHand, 'PageDown', 'PgDn'),
      ),
      h(
        'div',
        { class: 'felt' },
        seatsAround(pos, (seat, where) => replaySeat(p, seat, where)),
        trickArea(p.view, lastTrick, null, ui.fresh, pos),
      ),
    ),
    replayScores(p),
  );
}
