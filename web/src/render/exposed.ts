/**
 * Exposed cards on screen, under rules that rule on irregularities (Laws of Short Whist, 1864, laws 56,
 * 64-65): the control that drops one of the viewer's cards face up, and its confirmation; each seat's exposed
 * cards face up at its seat (`view.exposed`), marked called once the other side has called them
 * (`view.called`); and, for another side's exposed card not yet called, the viewer's call of it.
 *
 * @module
 */

import { type Card, type Seat, sideOf, type TableView } from 'whist';
import { h } from '../dom.js';
import { calledToPlay, exposedRuled } from '../exposed.js';
import { exposedCallSentence, exposeSentence as exposeWords } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { ledSuitCall } from '../laws.js';
import { cardName, SEAT_NAMES } from '../names.js';
import { face } from './face.js';
import { keyButton } from './keys.js';
import type { Ui } from './ui.js';

/** The viewer's cards they may drop face up now: a hand being played, no claim waiting, the cards held not yet exposed. */
export function exposable(view: TableView | null): Card[] {
  if (view === null || !exposedRuled(view) || view.viewer === null || view.hand === null || view.next.action !== 'play') return [];
  const shown = view.exposed[view.viewer] ?? [];
  return view.hand.cards.filter((c) => !shown.includes(c));
}

/** The viewer may drop a card face up now. */
export function canExpose(view: TableView | null): boolean {
  return exposable(view).length > 0;
}

/** The viewer choosing the card to drop face up (the control pressed, no card chosen yet). */
export function picking(view: TableView | null, ui: Ui): boolean {
  return ui.expose !== null && ui.expose.card === null && canExpose(view);
}

/** The viewer may call `card`, an exposed card of the other side not yet called, now. */
export function mayCall(view: TableView | null, card: Card): boolean {
  if (view === null || view.viewer === null || view.next.action !== 'play' || view.called.some((c) => c.card === card)) return false;
  const viewer = view.viewer;
  return (Object.keys(view.exposed) as Seat[]).some((s) => sideOf(s) !== sideOf(viewer) && (view.exposed[s] ?? []).includes(card));
}

/** The control under the viewer's cards, beside claim and concede: there for the whole hand under these rules, enabled while a card can be dropped. */
export function exposeButton(view: TableView, ui: Ui): HTMLElement | null {
  if (!exposedRuled(view)) return null;
  return keyButton(
    { 'data-action': 'expose-open', disabled: !canExpose(view), 'aria-pressed': picking(view, ui) ? 'true' : 'false', 'aria-describedby': 'expose-help' },
    t().laws.dropFaceUp,
    'D',
    'D',
  );
}

/** What dropping a card face up means, for the control's description. */
export function exposeHelp(): string {
  return t().laws.exposeHelp;
}

/** The viewer's card dropped face up, and whether the other side called it at once, in words (`whist/words`). */
export function exposeSentence(view: TableView, card: Card): string {
  const seat = view.viewer ?? 'S';
  return exposeWords({ seat, card, called: view.called.some((c) => c.card === card) }, { viewer: view.viewer });
}

/** The viewer's call of another side's exposed card, in one sentence (`whist/words`). */
export function viewerCallSentence(view: TableView, card: Card): string {
  const holder = (Object.keys(view.exposed) as Seat[]).find((s) => (view.exposed[s] ?? []).includes(card)) ?? null;
  return exposedCallSentence({ caller: view.viewer ?? 'S', holder, card }, { viewer: view.viewer });
}

/** Why the viewer's other cards cannot be played: the called card to play now, for the line above the cards. */
export function calledHint(view: TableView): string | null {
  const called = calledToPlay(view);
  if (called.length === 0) return ledSuitCall(view);
  return t().laws.calledPlay(called.map(cardName));
}

/** An exposed card's face: small, as the turn-up's. */
function exposedFace(card: Card): HTMLElement {
  const f = face(card);
  f.classList.add('exposed-face');
  return f;
}

/** A seat's exposed cards face up at its seat, each marked exposed or called, with the viewer's call where it may make one. */
export function exposedAtSeat(view: TableView, seat: Seat): HTMLElement | null {
  const cards = view.exposed[seat] ?? [];
  if (cards.length === 0 || view.hand === null) return null;
  const whose = seat === view.viewer ? null : SEAT_NAMES[seat];
  return h(
    'div',
    {
      class: 'exposed-cards',
      'data-exposed': seat,
      role: 'group',
      'aria-label': t().laws.exposedCards(whose),
    },
    cards.map((card) => {
      const called = view.called.some((c) => c.card === card);
      return h(
        'div',
        { class: `exposed-card${called ? ' called' : ''}`, 'data-exposed-card': card, 'data-called': called ? '' : undefined },
        h('span', { class: 'exposed-tag' }, called ? t().laws.calledTag : t().laws.exposedTag),
        exposedFace(card),
        mayCall(view, card)
          ? h(
              'button',
              {
                type: 'button',
                class: 'secondary call-card',
                'data-action': 'call-card',
                'data-call-card': card,
                'aria-label': t().laws.callItLabel(whose, cardName(card)),
              },
              t().laws.callIt,
            )
          : null,
      );
    }),
  );
}

/** The confirmation before the viewer drops a card face up, at the foot of the felt (as a revoke's). */
export function exposeConfirmPanel(view: TableView, ui: Ui): HTMLElement | null {
  const card = ui.expose?.card ?? null;
  if (card === null || !exposable(view).includes(card)) return null;
  return h(
    'section',
    {
      class: 'panel claim-panel revoke-confirm expose-confirm',
      role: 'alertdialog',
      'aria-labelledby': 'expose-title',
      'aria-describedby': 'expose-text',
      'data-expose-confirm': card,
    },
    h('h2', { id: 'expose-title', class: 'sr-only' }, t().laws.dropTitle(cardName(card))),
    h('p', { id: 'expose-text' }, h('strong', {}, t().laws.theCard(cardName(card))), t().laws.dropText),
    h(
      'p',
      { class: 'claim-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-action': 'expose-confirm' }, t().laws.dropIt),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'expose-cancel', 'aria-keyshortcuts': 'Escape' }, t().laws.cancel),
    ),
  );
}
