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
import { honoursIn, mayAnswerCall, mayCallHonours, partnerCall, revokeToTakeBack } from '../laws.js';
import { cardName, plural, SEAT_NAMES } from '../names.js';
import type { Ui } from './ui.js';

/** The law Hoyle's calling stands on, as the library cites it. */
export const CALLING_LAW = "Hoyle's laws of Long Whist, laws 16-21";
/** The laws a revoke's correction stands on, as the library cites them. */
export const CORRECTION_LAW = 'Laws of Short Whist (1864), laws 73, 76';

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
  const revoke = takeBackOffered(view, ui) ? revokeToTakeBack(view) : null;
  if (revoke !== null)
    return footPanel(
      'take-back',
      `Take back your revoke of the ${cardName(revoke)}?`,
      [
        h('strong', {}, `Your revoke, the ${cardName(revoke)}. `),
        `You may take it back until a card of the next trick is played (${CORRECTION_LAW}); the other side then requires your lowest card of the suit led.`,
      ],
      [button('revoke-take-back', 'Take back', 'T', true), button('revoke-stand', 'Let it stand', null, false)],
    );
  if (mayCallHonours(view)) {
    const held = honoursIn(view, view.hand?.cards ?? []).length;
    return footPanel(
      'call-honours',
      'Call your honours?',
      [
        h('strong', {}, `Your side is at eight and you hold ${plural(held, 'honour')}. `),
        `Call them before you play: “Can you one?” With three between you and your partner the game is won, the hand unplayed (${CALLING_LAW}).`,
      ],
      [button('call-honours', 'Call honours', 'O', true)],
    );
  }
  const partner = partnerCall(view);
  if (partner !== null) {
    const can = mayAnswerCall(view) && honoursIn(view, view.hand?.cards ?? []).length >= 1;
    return footPanel(
      'answer-call',
      `${SEAT_NAMES[partner]} calls honours`,
      [
        h('strong', {}, `${SEAT_NAMES[partner]} calls honours: “Can you one?” `),
        can
          ? `You hold an honour: answer, and your side wins the game (${CALLING_LAW}); or play a card and do not answer.`
          : `You hold no honour: play on without answering (${CALLING_LAW}).`,
      ],
      can ? [button('answer-call', 'Answer', 'A', true)] : [],
    );
  }
  return null;
}

/** The hand's rulings and calls, each with its law, in a list that opens below the table (it moves nothing above it). */
export function rulingsList(view: TableView, ui: Ui): HTMLElement | null {
  if (view.rules.irregularities !== 'ruled' || view.hand === null) return null;
  const events = view.events;
  return h(
    'details',
    { class: 'rulings', 'data-rulings': events.length, open: ui.rulingsOpen },
    h('summary', {}, events.length === 0 ? 'Rulings and calls this hand: none' : `Rulings and calls this hand (${events.length})`),
    events.length === 0
      ? h('p', { class: 'muted' }, 'Nothing irregular has happened in this hand.')
      : h(
          'ol',
          {},
          events.map((e) => {
            const law = eventLaw(e);
            return h(
              'li',
              { 'data-event': e.type, 'data-law': law ?? undefined },
              eventSentence(e, { viewer: view.viewer }),
              law === null ? null : h('span', { class: 'law' }, ` ${law}`),
            );
          }),
        ),
  );
}
