/**
 * Leaving a hand in progress for a new game: the page asks first, in a dialog over the table. The focus goes
 * to "Go on with this hand", Esc or a tap beside the dialog goes on, Tab moves between its two buttons; on a
 * phone they are two large buttons. The game left is kept in this browser under its address (`KEPT_KEY` in
 * `solo.ts`): its link takes the person back to it, where it was.
 *
 * @module
 */

import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import type { Page } from './state.js';

/** A hand of the solo game is being played and the person has played a card of it: a new game would leave it. */
export function handInProgress(page: Page): boolean {
  const view = page.view;
  if (page.ui.mode !== 'solo' || view === null || view.hand === null || view.viewer === null) return false;
  const playing = view.next.action === 'play' || view.next.action === 'answerClaim';
  return playing && view.hand.cards.length < 13;
}

/**
 * Calls `go` (which starts a new game) at once when no hand is in progress; otherwise asks first, and calls
 * it only if the person chooses the new game.
 */
export function confirmLeaving(page: Page, go: () => void): void {
  if (!handInProgress(page)) {
    go();
    return;
  }
  document.getElementById('leave')?.remove();
  const W = t().polish;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const stay = h('button', { type: 'button', class: 'secondary', 'data-leave': 'stay' }, W.leaveStay);
  const leave = h('button', { type: 'button', class: 'primary', 'data-leave': 'new' }, W.leaveNew);
  const dialog = h(
    'dialog',
    { id: 'leave', class: 'leave', 'aria-labelledby': 'leave-title', 'aria-describedby': 'leave-text' },
    h('h2', { id: 'leave-title' }, W.leaveTitle),
    h('p', { id: 'leave-text' }, W.leaveText),
    h('p', { class: 'leave-buttons' }, stay, leave),
  );
  let chosen = false;
  stay.addEventListener('click', () => dialog.close());
  leave.addEventListener('click', () => {
    chosen = true;
    dialog.close();
  });
  // A click on the backdrop lands on the dialog itself, outside its content: it goes on with the hand.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (chosen) go();
    else opener?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  stay.focus();
}
