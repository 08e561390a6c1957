/**
 * The Rules dialog: the "Rules" button beside the title opens it over the table (nothing under it moves),
 * drawn afresh each time from the rules being played: the record's while one is watched, else the
 * table's, else the solo game's preset before its first view.
 *
 * @module
 */

import { PRESETS, type Rules } from 'whist';
import { rulesHelp } from '../render/rules.js';
import type { Page } from './state.js';

/** The rules the page is playing (or replaying) now. */
export function rulesInPlay(page: Page): Rules | null {
  if (page.watching !== null) return page.watching.replay.record.rules;
  return page.view?.rules ?? (page.soloSettings === null ? null : PRESETS[page.soloSettings.rules]);
}

/** Wires the Rules button to its dialog; the dialog closes with its button, Esc, or a click beside it. */
export function setUpRules(page: Page): void {
  const button = document.getElementById('rules-open') as HTMLButtonElement | null;
  const dialog = document.getElementById('rules') as HTMLDialogElement | null;
  if (button === null || dialog === null) return;
  button.addEventListener('click', () => {
    const rules = rulesInPlay(page);
    if (rules === null) return;
    dialog.replaceChildren(...rulesHelp(rules));
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-action="close-rules"]')?.focus();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A click on the backdrop lands on the dialog itself, outside its content.
    if (target === dialog || target.closest('[data-action="close-rules"]') !== null) dialog.close();
  });
  dialog.addEventListener('close', () => button.focus());
}
