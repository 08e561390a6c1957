/**
 * Revokes on screen, under rules that rule on irregularities (`view.rules.irregularities === 'ruled'`): the
 * confirmation before the viewer plays a card that does not follow suit, and once the hand is over its
 * revokes (`view.revokes`: who, which card, which trick), with the penalty claimed for each or, for a revoke of
 * the other side not yet claimed, the three penalties the viewer's side may elect (law 72).
 *
 * @module
 */

import { type Card, type RevokeView, type Seat, type Side, sideOf, type TableView } from 'whist';
import { h } from '../dom.js';
import { bound, calledToPlay } from '../exposed.js';
import { penaltyLabel, penaltyText as penaltyWords, revokeClaimSentence as revokeClaimWords, revokeSentence, revokesHeading } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { cardName } from '../names.js';
import type { Penalty } from '../solo.js';
import type { Ui } from './ui.js';

/** The penalties in the order the page offers them (law 72). */
export const PENALTIES: readonly Penalty[] = ['tricks', 'deduct', 'add'];

/** Under these rules a card that does not follow suit may be played (a revoke). */
export function revokesRuled(view: TableView | null): boolean {
  return view?.rules.irregularities === 'ruled';
}

/** The viewer may play `card` now as a revoke: ruled rules, the viewer's turn, a card held that does not follow suit, no called card to play instead. */
export function mayRevoke(view: TableView | null, card: Card): boolean {
  const hand = view?.hand;
  return (
    view !== null &&
    view !== undefined &&
    revokesRuled(view) &&
    hand !== null &&
    hand !== undefined &&
    view.next.action === 'play' &&
    view.next.seat === view.viewer &&
    hand.cards.includes(card) &&
    !hand.legalMoves.includes(card) &&
    // A called card to play now leaves no other (laws 56, 65), nor does any other call standing: nor a revoke.
    calledToPlay(view).length === 0 &&
    !bound(view)
  );
}

/** What a penalty did, in words, as the viewer reads it (`whist/words`). */
export function penaltyText(penalty: Penalty, revokers: Side, viewer: Seat | null): string {
  return penaltyWords(penalty, revokers, { viewer });
}

/** A revoke's claim, in one sentence, as the viewer reads it (`whist/words`). */
export function revokeClaimSentence(c: { readonly seat: Seat; readonly card: Card; readonly penalty: Penalty }, viewer: Seat | null): string {
  return revokeClaimWords(c, { viewer });
}

/** One revoke: who, which card, which trick, and its penalty, or the viewer's election. */
function revokeItem(view: TableView, r: RevokeView, i: number): HTMLElement {
  const viewer = view.viewer;
  const revokers = sideOf(r.seat);
  const ours = viewer !== null && sideOf(viewer) === revokers;
  const said = revokeSentence(r, { viewer });
  let status: HTMLElement;
  if (r.penalty !== null) status = h('p', { class: 'revoke-penalty', 'data-penalty': r.penalty }, t().laws.claimed(penaltyText(r.penalty, revokers, viewer)));
  else if (viewer === null || ours || view.next.action === 'play') status = h('p', { class: 'revoke-penalty muted' }, t().laws.notClaimed);
  else {
    const help = `revoke-help-${i}`;
    status = h(
      'div',
      { class: 'revoke-elect' },
      h('p', { id: help }, t().laws.elect),
      h(
        'p',
        { class: 'revoke-buttons', role: 'group', 'aria-labelledby': help },
        PENALTIES.map((p) => {
          const label = penaltyLabel(p);
          const meaning = penaltyText(p, revokers, viewer);
          return h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              'data-action': 'revoke-penalty',
              'data-revoke-card': r.card,
              'data-penalty': p,
              'aria-label': `${label}: ${meaning}`,
              title: meaning,
            },
            label,
          );
        }),
      ),
    );
  }
  return h('li', { 'data-revoke': r.card, 'data-seat': r.seat, 'data-trick': r.trick }, h('p', {}, said), status);
}

/** Once the hand is over: its revokes, or nothing when there were none. */
export function revokesSection(view: TableView): HTMLElement | null {
  if (view.revokes.length === 0) return null;
  return h(
    'section',
    { class: 'revokes', 'aria-labelledby': 'revokes-title' },
    h('h3', { id: 'revokes-title' }, revokesHeading(view.revokes.length)),
    h(
      'ul',
      {},
      view.revokes.map((r, i) => revokeItem(view, r, i)),
    ),
  );
}

/** The confirmation before the viewer plays a card that does not follow suit, over the felt. */
export function revokeConfirmPanel(view: TableView, ui: Ui): HTMLElement | null {
  const card = ui.revokeConfirm;
  if (card === null || !mayRevoke(view, card)) return null;
  return h(
    'section',
    {
      class: 'panel claim-panel revoke-confirm',
      role: 'alertdialog',
      'aria-labelledby': 'revoke-title',
      'aria-describedby': 'revoke-text',
      'data-revoke-confirm': card,
    },
    h('h2', { id: 'revoke-title', class: 'sr-only' }, t().laws.playTitle(cardName(card))),
    h('p', { id: 'revoke-text' }, h('strong', {}, t().laws.theCard(cardName(card))), t().laws.revokeText),
    h(
      'p',
      { class: 'claim-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-action': 'revoke-confirm' }, t().laws.playAnyway),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'revoke-cancel', 'aria-keyshortcuts': 'Escape' }, t().laws.cancel),
    ),
  );
}
