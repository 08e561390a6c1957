/**
 * The person's statistics over time: the solo hands and rubbers played in this browser and those their side
 * won, counted as each hand is scored (kept in `localStorage`, `STATS_KEY`), and shown in a small dialog
 * opened from the settings.
 *
 * @module
 */

import { sideOf, type TableView } from 'whist';
import { h } from '../dom.js';
import { language, t } from '../i18n/index.js';
import type { Page } from './state.js';

/** Where the statistics are kept in this browser. */
export const STATS_KEY = 'whist.stats';

/** What is counted: hands and rubbers played and won by the person's side, since `since` (an ISO date). */
export interface Stats {
  readonly since: string;
  readonly hands: number;
  readonly handsWon: number;
  readonly rubbers: number;
  readonly rubbersWon: number;
  /** The last hand counted (`seed:rubber:hand`): a hand shown again (a reload, a card taken back and played again) counts once. */
  readonly last: string | null;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

/** Reads the kept statistics; anything unreadable is none yet. */
export function readStats(text: string | null): Stats | null {
  if (text === null) return null;
  try {
    const o = JSON.parse(text) as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || typeof o.since !== 'string') return null;
    return {
      since: o.since,
      hands: count(o.hands),
      handsWon: count(o.handsWon),
      rubbers: count(o.rubbers),
      rubbersWon: count(o.rubbersWon),
      last: typeof o.last === 'string' ? o.last : null,
    };
  } catch {
    return null;
  }
}

function load(): Stats | null {
  try {
    return readStats(localStorage.getItem(STATS_KEY));
  } catch {
    return null;
  }
}

/**
 * Counts the hand just scored in solo play, once: the view shows a scored hand, waiting for the next deal or
 * a new rubber; the hand is won by the person's side when it took more than six tricks, the rubber when it
 * is the rubber's winner.
 */
export function countHand(page: Page, view: TableView): void {
  const seed = page.soloSettings?.seed;
  const hand = view.hands.at(-1);
  if (page.ui.mode !== 'solo' || seed === undefined || view.viewer === null || hand === undefined) return;
  if (view.next.action !== 'deal' && view.next.action !== 'newRubber') return;
  const key = `${seed}:${view.rubbers.length}:${view.hands.length}`;
  const now = load();
  if (now?.last === key) return;
  const side = sideOf(view.viewer);
  const other = side === 'NS' ? 'EW' : 'NS';
  const rubberOver = view.next.action === 'newRubber';
  const next: Stats = {
    since: now?.since ?? new Date().toISOString().slice(0, 10),
    hands: (now?.hands ?? 0) + 1,
    handsWon: (now?.handsWon ?? 0) + (hand.tricks[side] > hand.tricks[other] ? 1 : 0),
    rubbers: (now?.rubbers ?? 0) + (rubberOver ? 1 : 0),
    rubbersWon: (now?.rubbersWon ?? 0) + (rubberOver && view.rubberWinner === side ? 1 : 0),
    last: key,
  };
  try {
    localStorage.setItem(STATS_KEY, JSON.stringify(next));
  } catch {
    // Storage closed to the page: nothing is counted.
  }
}

/** "7 (43%)": a count and its share of `of`. */
function share(n: number, of: number): string {
  if (of === 0) return String(n);
  return `${n} (${new Intl.NumberFormat(language(), { style: 'percent' }).format(n / of)})`;
}

/** The statistics dialog: opened from its button in the settings; closed by its button, Esc or a click beside it. */
export function setUpStats(): void {
  const form = document.getElementById('settings');
  if (form === null) return;
  const W = t().polish;
  const open = h('button', { type: 'button', class: 'secondary', id: 'stats-open', 'aria-haspopup': 'dialog' }, W.statsOpen);
  form.after(h('section', { class: 'settings stats-entry' }, open));
  open.addEventListener('click', () => {
    const s = load();
    const close = h('button', { type: 'button', class: 'secondary', 'data-stats': 'close' }, W.statsClose);
    const row = (label: string, value: string, id: string) => h('div', {}, h('dt', {}, label), h('dd', { 'data-stat': id }, value));
    const dialog = h(
      'dialog',
      { id: 'stats', class: 'stats', 'aria-labelledby': 'stats-title' },
      h('h2', { id: 'stats-title' }, W.statsTitle),
      s === null || s.hands === 0
        ? h('p', {}, W.statsNone)
        : [
            h(
              'dl',
              { class: 'stats-table' },
              row(W.statsHands, String(s.hands), 'hands'),
              row(W.statsHandsWon, share(s.handsWon, s.hands), 'handsWon'),
              row(W.statsRubbers, String(s.rubbers), 'rubbers'),
              row(W.statsRubbersWon, share(s.rubbersWon, s.rubbers), 'rubbersWon'),
            ),
            h('p', { class: 'muted' }, W.statsSince(new Intl.DateTimeFormat(language(), { dateStyle: 'long' }).format(new Date(s.since)))),
          ],
      h('p', { class: 'leave-buttons' }, close),
    );
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      open.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  });
}
