/**
 * A first hand that teaches: the "Learn" entry in the settings starts a new game with `learn=1`, and during
 * its first hand each of the person's turns shows a tip under their cards (`render/cards.ts`).
 *
 * @module
 */

import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import { settingsQuery } from '../solo.js';
import { randomSeed } from './controls.js';
import { confirmLeaving } from './leave.js';
import type { Page } from './state.js';

/** The address of a new game that teaches, with these settings and a fresh seed. */
export function learnQuery(page: Page): string | null {
  const now = page.soloSettings;
  return now === null ? null : `${settingsQuery({ ...now, seed: randomSeed() })}&learn=1`;
}

/** The "Learn" button in the settings: a new game whose first hand has a tip at each turn (asked first while a hand is in progress). */
export function setUpLearn(page: Page): void {
  const form = document.getElementById('settings');
  if (form === null || page.soloSettings === null) return;
  const button = h('button', { type: 'button', class: 'secondary', id: 'learn-open' }, t().polish.learn);
  button.addEventListener('click', () => {
    const query = learnQuery(page);
    if (query !== null)
      confirmLeaving(page, () => {
        page.table?.close?.();
        location.search = query;
      });
  });
  form.querySelector('button[type="submit"]')?.after(' ', button);
}
