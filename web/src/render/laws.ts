/**
 * The laws on screen, beyond revokes and exposed cards: the person's revoke taken back before it is
 * established (Laws of Short Whist, 1864, laws 73, 76), honours called and answered at eight in Long Whist
 * (Hoyle's laws of Long Whist, 16-21), and the hand's rulings and calls, each with its law, in a list that
 * opens below the table.
 *
 * @module
 */

import type { TableView } from 'whist';
import { h } from '../dom.js';
import { eventLaw, eventSentence } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { honoursIn, mayAnswerCall, mayCallHonours, partnerCall, revokeToTakeBack } from '../laws.js';
import { cardName, SEAT_NAMES } from '../names.js';
import type { Ui } from './ui.js';

/** The person's revoke that the page offers to take back now: solo play, not let stand. */
export function takeBackOffered(view: TableView | null, ui: Ui): boolean {
  if (ui.mode !== 'solo' || view === null) return false;
  const card = revokeToTakeBack(view);
  return card !== null && ui.revokeStood !== `${view.dealNumber}:${card}`;
}

/** A panel at the foot of the felt, as a revoke's confirmation: a title for screen readers, a sentence, its buttons. */
function footPanel(kind: string, title: string, text: (string | HTMLElement)[], buttons: HTMLElement[]): HTMLElement {
  return h(
    'section',
    { class: 'panel claim-panel revoke-confirm laws-panel', role: 'region', 'aria-labelledby': `${kind}-title`, 'data-laws': kind },
    h('h2', { id: `${kind}-title`, class: 'sr-only' }, title),
    h('p', { id: `${kind}-text` }, text),
    h('p', { class: 'claim-buttons' }, buttons),
  );
}

/** A button with its key printed, as the page's others. */
function button(action: string, label: string, key: string | null, primary: boolean): HTMLElement {
  return h(
    'button',
    { type: 'button', class: primary ? 'primary' : 'secondary', 'data-action': action, 'aria-keyshortcuts': key ?? undefined },
    label,
    key === null ? null : h('kbd', { 'aria-hidden': 'true' }, key),
  );
}

/**
 * What the laws offer the person now, at the foot of the felt: their revoke to take back, honours to call, or
 * their partner's call to answer; `null` when none.
 */
export function lawsPanel(view: TableView, ui: Ui): HTMLElement | null {
  if (view.rules.irregularities !== 'ruled' || view.viewer === null) return null;
  const W = t().laws;
  const revoke = takeBackOffered(view, ui) ? revokeToTakeBack(view) : null;
  if (revoke !== null)
    return footPanel(
      'take-back',
      W.takeBackTitle(cardName(revoke)),
      [h('strong', {}, W.yourRevoke(cardName(revoke))), W.takeBackText(W.correctionLaw)],
      [button('revoke-take-back', W.takeBack, 'T', true), button('revoke-stand', W.letStand, null, false)],
    );
  if (mayCallHonours(view)) {
    const held = honoursIn(view, view.hand?.cards ?? []).length;
    return footPanel(
      'call-honours',
      W.callTitle,
      [h('strong', {}, W.callHeld(held)), W.callText(W.callingLaw)],
      [button('call-honours', W.callHonours, 'O', true)],
    );
  }
  const partner = partnerCall(view);
  if (partner !== null) {
    const can = mayAnswerCall(view) && honoursIn(view, view.hand?.cards ?? []).length >= 1;
    return footPanel(
      'answer-call',
      W.partnerCalls(SEAT_NAMES[partner]),
      [h('strong', {}, W.partnerCallsText(SEAT_NAMES[partner])), can ? W.canAnswer(W.callingLaw) : W.cannotAnswer(W.callingLaw)],
      can ? [button('answer-call', W.answer, 'A', true)] : [],
    );
  }
  return null;
}

/** The hand's rulings and calls, each with its law, in a list that opens below the table (it moves nothing above it). */
export function rulingsList(view: TableView, ui: Ui): HTMLElement | null {
  if (view.rules.irregularities !== 'ruled' || view.hand === null) return null;
  const events = view.events;
  const W = t().laws;
  return h(
    'details',
    { class: 'rulings', 'data-rulings': events.length, open: ui.rulingsOpen },
    h('summary', {}, events.length === 0 ? W.rulingsNone : W.rulings(events.length)),
    events.length === 0
      ? h('p', { class: 'muted' }, W.nothingIrregular)
      : h(
          'ol',
          {},
          events.map((e) => {
            const law = eventLaw(e);
            return h(
              'li',
              { 'data-event': e.type, 'data-law': law ?? undefined },
              eventSentence(e, { viewer: view.viewer }),
              law === null ? null : h('span', { class: 'law' }, ` ${W.law(law)}`),
            );
          }),
        ),
  );
}
