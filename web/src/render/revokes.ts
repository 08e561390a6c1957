/**
 * Revokes on screen, under rules that rule on irregularities (`view.rules.irregularities === 'ruled'`): the
 * confirmation before the viewer plays a card that does not follow suit, and once the hand is over its
 * revokes (`view.revokes`: who, which card, which trick), with the penalty claimed for each or, for a revoke of
 * the other side not yet claimed, the three penalties the viewer's side may elect (law 72).
 *
 * @module
 */

import { type Card, type RevokeView, type Seat, type Side, sideOf, type TableView } from 'whist';
import { who } from '../changes.js';
import { h } from '../dom.js';
import { bound, calledToPlay } from '../exposed.js';
import { cardName, SEAT_NAMES } from '../names.js';
import type { Penalty } from '../solo.js';
import type { Ui } from './ui.js';

/** The penalties in the order the page offers them, with the button's words and what each does. */
export const PENALTIES: readonly { readonly penalty: Penalty; readonly label: string; readonly meaning: string }[] = [
  { penalty: 'tricks', label: 'Three tricks', meaning: 'three tricks taken from them and added to yours' },
  { penalty: 'deduct', label: 'Three off their score', meaning: 'three points taken off their score' },
  { penalty: 'add', label: 'Three to ours', meaning: 'three points added to your score' },
];

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

/** A side, as the viewer reads it: "your side", or "North and South". */
function sideText(side: Side, viewer: Seat | null): string {
  if (viewer !== null && sideOf(viewer) === side) return 'your side';
  return side === 'NS' ? 'North and South' : 'East and West';
}

/** What a penalty did, in words: "three tricks taken from your side". */
export function penaltyText(penalty: Penalty, revokers: Side, viewer: Seat | null): string {
  const from = sideText(revokers, viewer);
  const other = sideText(revokers === 'NS' ? 'EW' : 'NS', viewer);
  if (penalty === 'tricks') return `three tricks taken from ${from} and given to ${other}`;
  if (penalty === 'deduct') return `three points taken off ${from === 'your side' ? "your side's" : `${from}'s`} score`;
  return `three points added to ${other === 'your side' ? "your side's" : `${other}'s`} score`;
}

/** A revoke's claim, in one sentence: "West claims your revoke of the five of clubs: three tricks taken from your side and given to East and West." */
export function revokeClaimSentence(c: { readonly seat: Seat; readonly card: Card; readonly penalty: Penalty }, viewer: Seat | null): string {
  const revokers: Side = sideOf(c.seat) === 'NS' ? 'EW' : 'NS';
  const whose = viewer !== null && sideOf(viewer) === revokers ? 'your' : 'the';
  return `${who(c.seat, viewer)} ${c.seat === viewer ? 'claim' : 'claims'} ${whose} revoke of the ${cardName(c.card)} (law 72): ${penaltyText(c.penalty, revokers, viewer)}.`;
}

/** One revoke: who, which card, which trick, and its penalty, or the viewer's election. */
function revokeItem(view: TableView, r: RevokeView, i: number): HTMLElement {
  const viewer = view.viewer;
  const revokers = sideOf(r.seat);
  const ours = viewer !== null && sideOf(viewer) === revokers;
  const said = `${who(r.seat, viewer)} revoked in trick ${r.trick}: the ${cardName(r.card)}, though ${r.seat === viewer ? 'you' : SEAT_NAMES[r.seat]} held the suit led.`;
  let status: HTMLElement;
  if (r.penalty !== null) status = h('p', { class: 'revoke-penalty', 'data-penalty': r.penalty }, `Claimed: ${penaltyText(r.penalty, revokers, viewer)}.`);
  else if (viewer === null || ours || view.next.action === 'play')
    status = h('p', { class: 'revoke-penalty muted' }, `Not claimed: the other side may claim it until the next deal.`);
  else {
    const help = `revoke-help-${i}`;
    status = h(
      'div',
      { class: 'revoke-elect' },
      h('p', { id: help }, 'Your side elects the penalty (law 72), or deals on to let it pass:'),
      h(
        'p',
        { class: 'revoke-buttons', role: 'group', 'aria-labelledby': help },
        PENALTIES.map((p) =>
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              'data-action': 'revoke-penalty',
              'data-revoke-card': r.card,
              'data-penalty': p.penalty,
              'aria-label': `${p.label}: ${p.meaning}`,
              title: p.meaning,
            },
            p.label,
          ),
        ),
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
    h('h3', { id: 'revokes-title' }, view.revokes.length === 1 ? 'A revoke' : `${view.revokes.length} revokes`),
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
    h('h2', { id: 'revoke-title', class: 'sr-only' }, `Play the ${cardName(card)}?`),
    h('p', { id: 'revoke-text' }, h('strong', {}, `The ${cardName(card)}. `), 'This card does not follow suit: a revoke. Play it anyway?'),
    h(
      'p',
      { class: 'claim-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-action': 'revoke-confirm' }, 'Play it anyway'),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'revoke-cancel', 'aria-keyshortcuts': 'Escape' }, 'Cancel'),
    ),
  );
}
