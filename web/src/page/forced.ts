/**
 * The person's only legal card, played by itself: a setting of solo play kept in this browser
 * (`FORCED_KEY`), off unless chosen in the settings. When it is on and only one of the person's cards may be
 * played, the page plays it after a short moment (`FORCED_DELAY_MS`), unless the table has moved on
 * meanwhile. Under the laws, where any card may be played as a revoke, nothing is played for the person.
 *
 * @module
 */

import type { Card } from 'whist';
import { h } from '../dom.js';
import { playableNow } from '../exposed.js';
import { t } from '../i18n/index.js';
import { handle } from './intents.js';
import type { Page } from './state.js';

/** Where the setting is kept. */
export const FORCED_KEY = 'whist.solo.forced';
/** The moment before a forced card is played: long enough to see it go. */
export const FORCED_DELAY_MS = 700;

/** The card the person must play now, if it is the only one and the setting is on; `null` otherwise. */
export function forcedCard(page: Page): Card | null {
  const view = page.view;
  if (!page.autoForced || page.ui.mode !== 'solo' || page.watching !== null || page.ui.busy || view === null || view.hand === null) return null;
  if (view.next.action !== 'play' || view.next.seat !== view.viewer || view.rules.irregularities === 'ruled') return null;
  if (page.ui.expose !== null || page.ui.claimForm !== null) return null;
  const cards = playableNow(view);
  return cards.length === 1 ? (cards[0] as Card) : null;
}

/** After each view shown: the forced card, if any, is played after a moment, for the position it was forced in only. */
export function playForced(page: Page): void {
  clearTimeout(page.forcedTimer);
  const card = forcedCard(page);
  if (card === null) return;
  const at = page.view;
  page.forcedTimer = setTimeout(() => {
    if (page.view === at && forcedCard(page) === card) void handle(page, { type: 'play', card });
  }, FORCED_DELAY_MS);
}

/** The setting's box in the solo settings, kept in this browser as soon as it changes. */
export function setUpForced(page: Page): void {
  try {
    page.autoForced = localStorage.getItem(FORCED_KEY) === '1';
  } catch {
    page.autoForced = false;
  }
  const submit = document.querySelector('#settings button[type="submit"]');
  if (submit === null) return;
  const box = h('input', { type: 'checkbox', id: 'auto-play', 'aria-describedby': 'auto-play-help' });
  box.checked = page.autoForced;
  box.addEventListener('change', () => {
    page.autoForced = box.checked;
    try {
      if (box.checked) localStorage.setItem(FORCED_KEY, '1');
      else localStorage.removeItem(FORCED_KEY);
    } catch {
      // Storage closed to the page: the setting holds until the page is left.
    }
    playForced(page);
  });
  submit.before(h('label', { class: 'check' }, box, ` ${t().polish.autoPlay}`), h('p', { id: 'auto-play-help', class: 'muted' }, t().polish.autoPlayHelp));
}
