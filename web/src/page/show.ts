/**
 * Showing a newer view of the table: what changed is said in the live region, the cards just played move
 * onto the table, a finished hand is kept for the double-dummy panel, and the page is drawn.
 *
 * @module
 */

import type { TableView } from 'whist';
import { changes } from '../changes.js';
import { finishedHand } from '../dd.js';
import { lastHandKey } from '../render/hand.js';
import type { Ui } from '../render/ui.js';
import { ddSync } from './dd-toggle.js';
import { draw, say } from './draw.js';
import type { Page } from './state.js';

/** Shows a newer view: says what changed, moves the cards just played, draws. */
export function show(page: Page, next: TableView, patch: Partial<Ui> = {}): void {
  const view = page.view;
  const change = changes(view, next);
  if (view === null && page.ui.mode === 'server') patch = { dismissed: lastHandKey(next), ...patch };
  // A finished hand stays until the next deal (solo) or the next hand at a server table.
  const done = finishedHand(view, next);
  if (done !== null) page.finished = done;
  else if (next.dealNumber !== view?.dealNumber || (page.ui.mode === 'solo' && next.next.action === 'play')) page.finished = null;
  page.view = next;
  page.ui = { ...page.ui, ...patch, fresh: new Set(change.fresh) };
  ddSync(page);
  // While a record is watched, the table goes on quietly; its view is shown on the way back.
  if (page.watching === null) say(page, change.messages);
  draw(page);
}
