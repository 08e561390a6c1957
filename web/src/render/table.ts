/**
 * `render(root, view, ui)`: the one function that turns the viewer's `TableView` into the DOM. It reads
 * only the view the library made for the viewer's seat (and the page's own state): the viewer's cards, the
 * others as counts, the trick, the scores. It offers exactly `view.hand.legalMoves` as enabled buttons;
 * every other card is a disabled button.
 *
 * Hooks kept in the library's own names: each of the viewer's cards is `button[data-card="QH"]`, each
 * seat `[data-seat="N"]`, each score `[data-score="game"][data-side="NS"]`; actions are `[data-action]`.
 *
 * @module
 */

import type { Seat, TableView } from 'whist';
import { type Child, h, patchChildren } from '../dom.js';
import { t } from '../i18n/index.js';
import { playerName } from '../names.js';
import { viewerCards } from './cards.js';
import { claimPanel, shownHand } from './claims.js';
import { ddPanel } from './dd-panel.js';
import { exposeConfirmPanel, exposedAtSeat } from './exposed.js';
import { resultPanel, statusBar, watchInput } from './hand.js';
import { lawsPanel, rulingsList } from './laws.js';
import { reviewPanel } from './review.js';
import { revokeConfirmPanel } from './revokes.js';
import { scores } from './score.js';
import { positions, seatBox, seatLabel, seatsAround, trumpCardBox, type Where } from './seats.js';
import { lastTrickPanel, trickArea } from './trick.js';
import type { Ui } from './ui.js';

/** A seat at the live table: its player (unless it is the person in solo play), its count of cards, the dealer's trump card. */
function liveSeat(view: TableView, seat: Seat, where: Where, ui: Ui): HTMLElement {
  const hand = view.hand;
  const name = view.players[seat];
  const toPlay = view.next.action === 'play' && view.next.seat === seat;
  const toAnswer = view.next.action === 'answerClaim' && view.next.seats.includes(seat);
  const isDealer = hand !== null && hand.dealer === seat;
  const showName = name !== seat && name !== '' && !(seat === view.viewer && ui.mode === 'solo');
  return seatBox({
    seat,
    where,
    label: seatLabel(seat, view.viewer),
    player: showName ? [playerName(name), ui.computers.includes(name) ? h('span', { class: 'muted' }, t().table.computer) : null] : null,
    count: hand === null ? null : t().table.cardsHeld(hand.cardCounts[seat]),
    isDealer,
    turn: toPlay
      ? seat === view.viewer
        ? t().table.yourTurn
        : t().table.toPlay
      : toAnswer
        ? seat === view.viewer
          ? t().table.yourAnswer
          : t().table.toAnswer
        : null,
    trumpCard: isDealer && hand?.trumpCard ? trumpCardBox(hand.trumpCard, hand.trumpSource) : null,
    cards: shownHand(view, seat),
    exposed: exposedAtSeat(view, seat),
  });
}

/**
 * Renders a table view into `root`, in place of what was there (changing only what differs: `patchChildren`).
 *
 * @param root - the element that holds the table
 * @param view - the viewer's `TableView`, or `null` while there is none yet
 * @param ui - the page's own state
 */
export function render(root: HTMLElement, view: TableView | null, ui: Ui): void {
  watchInput(root);
  const notices: Child[] = [
    ui.error === null ? null : h('p', { class: 'error', role: 'alert' }, ui.error),
    ui.notice === null || ui.notice === undefined ? null : h('p', { class: 'notice', 'data-notice': 'recut' }, ui.notice),
    ui.connection === 'reconnecting' ? h('p', { class: 'notice' }, t().table.reconnecting) : null,
  ];
  if (view === null) {
    patchChildren(root, h('div', { class: 'play' }, notices, h('p', { class: 'notice' }, ui.mode === 'server' ? t().table.joining : t().table.dealing)));
    return;
  }
  const pos = positions(view.viewer);
  // The table keeps its size whatever lies on it: the felt and the place of the viewer's cards are fixed, and
  // what comes and goes (a notice, the last trick, the explanation of the hand before while play goes on)
  // lies over the felt, so that nothing under the pointer moves. A hand's explanation takes the place of the
  // viewer's cards once they are all played.
  const cards = viewerCards(view, ui);
  const result = resultPanel(view, ui);
  const claim = claimPanel(view, ui);
  const over = [cards !== null ? result : null, claim].filter((x) => x !== null);
  // The confirmation of a revoke lies at the foot of the felt, over the viewer's own seat: the trick stays in sight.
  const revoke = revokeConfirmPanel(view, ui) ?? exposeConfirmPanel(view, ui) ?? lawsPanel(view, ui);
  patchChildren(
    root,
    h(
      'div',
      { class: 'play' },
      statusBar(view, ui),
      h(
        'div',
        { class: 'stage' },
        h(
          'div',
          { class: 'felt' },
          seatsAround(pos, (seat, where) => liveSeat(view, seat, where, ui)),
          trickArea(view.hand, view.lastTrick, view.viewer, ui.fresh, pos),
        ),
        notices.some((n) => n !== null) ? h('div', { class: 'notices' }, notices) : null,
        ui.lastTrickOpen ? lastTrickPanel(view) : null,
        over.length > 0 ? h('div', { class: `over-felt${claim?.classList.contains('counter') ? ' reading' : ''}` }, over) : null,
        revoke === null ? null : h('div', { class: 'over-felt at-foot' }, revoke),
      ),
      h('div', { class: 'hand-slot' }, cards ?? result),
      rulingsList(view, ui),
      ddPanel(view, ui),
      reviewPanel(ui),
    ),
    scores(view, ui),
  );
}
