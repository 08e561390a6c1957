/**
 * Drawing the page from its state: the table (or the record being watched) into the root, the title, the
 * live region, and the keyboard focus put back where it was or where the game now waits for the viewer.
 *
 * @module
 */

import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import { renderReplay } from '../render/replay.js';
import { render } from '../render/table.js';
import type { Ui } from '../render/ui.js';
import { type SoloSettings, settingsQuery } from '../solo.js';
import type { Page } from './state.js';

/** Puts what just happened in the live region, in place of what was there (so no stale card lingers in the page). */
export function say(page: Page, messages: readonly string[]): void {
  if (messages.length > 0) page.live.replaceChildren(h('p', {}, messages.join(' ')));
}

/** A key for the element holding the focus, to find it again once the table is drawn anew. */
function focusKey(root: HTMLElement, el: Element | null): string | null {
  if (!(el instanceof HTMLElement) || !root.contains(el)) return null;
  if (el.dataset.card !== undefined && el.tagName === 'BUTTON') return `button[data-card="${el.dataset.card}"]`;
  if (el.dataset.penalty !== undefined && el.dataset.revokeCard !== undefined)
    return `[data-action="${el.dataset.action}"][data-revoke-card="${el.dataset.revokeCard}"][data-penalty="${el.dataset.penalty}"]`;
  if (el.dataset.hand !== undefined && el.dataset.action !== undefined) return `[data-action="${el.dataset.action}"][data-hand="${el.dataset.hand}"]`;
  if (el.dataset.action !== undefined) return `[data-action="${el.dataset.action}"]`;
  if (el.classList.contains('cards')) return '.cards';
  return null;
}

/** Draws the page anew from its state. */
export function draw(page: Page): void {
  const { root, watching, view, ui } = page;
  const active = document.activeElement;
  const key = focusKey(root, active);
  const here = active === null || active === document.body || active === root || key !== null;
  if (watching !== null) {
    renderReplay(root, watching.lib.position(watching.replay), { error: null, fresh: page.replayFresh, mode: ui.mode });
    document.title = 'Replay · Whist';
    if (!here) return;
    // The focus stays on the control that was used, or goes to the first step still possible.
    const same = key === null ? null : root.querySelector<HTMLElement>(`${key}:not([disabled])`);
    (same ?? root.querySelector<HTMLElement>('.replay-controls button:not([disabled])') ?? root).focus({ preventScroll: key === null });
    return;
  }
  render(root, view, ui);
  document.title = view?.next.action === 'play' && view.next.seat === view.viewer ? t().title.yourTurn : t().title.plain;
  if (!here) return;
  // The focus stays where it was, or goes where the game now waits for the viewer.
  const same = key === null ? null : root.querySelector<HTMLElement>(`${key}:not([disabled])`);
  const target =
    (same !== null && key !== '.cards' ? same : null) ??
    root.querySelector<HTMLElement>('[data-claim="answer"] [data-action="accept-claim"]') ??
    root.querySelector<HTMLElement>('[data-revoke-confirm] [data-action="revoke-confirm"]') ??
    root.querySelector<HTMLElement>('[data-expose-confirm] [data-action="expose-confirm"]') ??
    root.querySelector<HTMLElement>('button[data-card][tabindex="0"]:not([disabled])') ??
    root.querySelector<HTMLElement>('.result button, .result a.button') ??
    same ??
    (key !== null ? root.querySelector<HTMLElement>('.cards') : null);
  target?.focus({ preventScroll: key === null });
}

/** Changes only the page's own state, and draws. */
export function setUi(page: Page, patch: Partial<Ui>): void {
  page.ui = { ...page.ui, ...patch, fresh: new Set() };
  draw(page);
}

/** Shows the link to the solo game with these settings. */
export function showShareLink(settings: SoloSettings): void {
  const share = document.getElementById('share') as HTMLAnchorElement;
  share.href = `?${settingsQuery(settings)}`;
  share.textContent = `${location.origin}${location.pathname}?${settingsQuery(settings)}`;
}
