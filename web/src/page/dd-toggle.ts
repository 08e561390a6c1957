/**
 * The double-dummy toggle: a Worker (`dd-worker.ts`) solves, and the page shows scores only for cards its
 * view holds or shows. A request is for one position (`positionKey`) or one finished hand; a newer one,
 * or a position that is gone, stops the one before.
 *
 * @module
 */

import { type DdReply, type DdRequest, positionKey } from '../dd.js';
import { t } from '../i18n/index.js';
import type { DdUi } from '../render/ui.js';
import { draw, say, setUi, showShareLink } from './draw.js';
import type { Page } from './state.js';

/** The toggle just turned on: nothing asked, nothing solved. */
export const DD_OFF: DdUi = { solving: null, error: null, moves: null, hand: null };

function setDd(page: Page, patch: Partial<DdUi>): void {
  if (page.ui.dd !== null) page.ui = { ...page.ui, dd: { ...page.ui.dd, ...patch } };
}

function worker(page: Page): Worker {
  const dd = page.dd;
  if (dd.worker !== null) return dd.worker;
  const w = new Worker(new URL('./dd-worker.js', import.meta.url), { type: 'module', name: 'double-dummy' });
  w.addEventListener('message', (event: MessageEvent<DdReply>) => ddReply(page, event.data));
  w.addEventListener('error', (event) => {
    event.preventDefault();
    dd.worker?.terminate();
    dd.worker = null;
    dd.pending = null;
    setDd(page, { solving: null, error: t().dd.stopped(event.message || null) });
    draw(page);
  });
  dd.worker = w;
  return w;
}

type DdAsk = DdRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Sends a request to the Worker; the one before, if any, is dropped there at its next node budget. */
export function ddAsk(page: Page, request: DdAsk, key: string): void {
  const id = ++page.dd.count;
  page.dd.pending = { id, key };
  worker(page).postMessage({ ...request, id } as DdRequest);
  setDd(page, { solving: t().dd.solving, error: null });
}

/** Tells the Worker to drop what it solves, and forgets the request. */
function stop(page: Page): void {
  page.dd.worker?.postMessage({ id: ++page.dd.count, kind: 'stop' } satisfies DdRequest);
  page.dd.pending = null;
}

function ddReply(page: Page, r: DdReply): void {
  const pending = page.dd.pending;
  if (pending === null || r.id !== pending.id || page.ui.dd === null) return;
  const key = pending.key.slice(pending.key.indexOf(':') + 1);
  if (r.kind === 'progress') {
    setDd(page, { solving: t().dd.solvingCards(r.done, r.total) });
    draw(page);
    return;
  }
  page.dd.pending = null;
  if (r.kind === 'moves') {
    setDd(page, { solving: null, moves: { key, scores: r.scores } });
    say(page, [t().dd.movesShown]);
  } else if (r.kind === 'hand') {
    setDd(page, { solving: null, hand: { key, plays: r.plays } });
    say(page, [t().dd.handSolved(key)]);
  } else setDd(page, { solving: null, error: t().dd.failed(r.message) });
  draw(page);
}

/** After a new view: drops a request for a position that is gone, and solves a finished hand on the table. */
export function ddSync(page: Page): void {
  const { view, finished } = page;
  if (page.ui.dd === null || view === null) return;
  const pending = page.dd.pending;
  if (pending?.key.startsWith('moves:') && pending.key !== `moves:${positionKey(view)}`) {
    stop(page);
    setDd(page, { solving: null });
  }
  if (finished === null) {
    if (page.ui.dd.hand !== null) setDd(page, { hand: null });
    if (page.dd.pending?.key.startsWith('hand:')) {
      stop(page);
      setDd(page, { solving: null });
    }
  } else if (page.ui.dd.hand?.key !== finished.key && page.dd.pending?.key !== `hand:${finished.key}`) {
    ddAsk(page, { kind: 'hand', trump: finished.trump, tricks: finished.tricks }, `hand:${finished.key}`);
  }
}

/** The toggle: remembered in the URL (`dd=1`); on, it solves what is public now; off, it forgets. */
export function setDdToggle(page: Page, on: boolean): void {
  const q = new URLSearchParams(location.search);
  if (on) q.set('dd', '1');
  else q.delete('dd');
  history.replaceState(null, '', `?${q}`);
  if (page.soloSettings !== null) {
    page.soloSettings = { ...page.soloSettings, dd: on };
    showShareLink(page.soloSettings);
  }
  if (on === (page.ui.dd !== null)) return;
  if (!on && page.dd.pending !== null) stop(page);
  page.dd.pending = null;
  page.ui = { ...page.ui, dd: on ? DD_OFF : null, fresh: new Set() };
  ddSync(page);
  draw(page);
}

/** The person asks, in solo play at their turn: the position goes to the Worker, with the key of the point it is for. */
export function askMoves(page: Page): void {
  const { view, ui, table } = page;
  const position = ui.mode === 'solo' && ui.dd !== null && view !== null ? (table?.ddPosition() ?? null) : null;
  if (position === null || view === null) return;
  ddAsk(page, { kind: 'moves', position }, `moves:${positionKey(view)}`);
  setUi(page, {});
}
