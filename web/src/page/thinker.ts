/**
 * The page's side of the computer players' Worker (`players-worker.ts`): one request at a time is answered,
 * and a request the page no longer wants (a card taken back, a hand gone) is stopped by ending the Worker,
 * which is started again at the next request. The sampling player is synchronous: ending its Worker is the
 * only way to stop it at once, and it keeps nothing between cards that would be lost.
 *
 * @module
 */

import { t as words } from '../i18n/index.js';
import type { PlayersReply, PlayersRequest } from '../players.js';
import type { ThinkerAnswer as Answer, Page, Thinker } from './state.js';

type Ask = PlayersRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function worker(t: Thinker): Worker {
  if (t.worker !== null) return t.worker;
  const w = new Worker(new URL('./players-worker.js', import.meta.url), { type: 'module', name: 'computer players' });
  w.addEventListener('message', (event: MessageEvent<PlayersReply>) => {
    const r = event.data;
    const waiting = t.waiting.get(r.id);
    if (waiting === undefined) return;
    if (r.kind === 'progress') {
      waiting.progress?.(r.done, r.total);
      return;
    }
    t.waiting.delete(r.id);
    if (r.kind === 'error') waiting.reject(new Error(r.message));
    else waiting.resolve(r);
  });
  w.addEventListener('error', (event) => {
    event.preventDefault();
    const failed = [...t.waiting.values()];
    t.waiting.clear();
    w.terminate();
    if (t.worker === w) t.worker = null;
    for (const f of failed) f.reject(new Error(event.message || words().review.noScript));
  });
  t.worker = w;
  return w;
}

/**
 * Sends a request; the promise gives the Worker's answer, `null` when the request was stopped (`stopThinking`),
 * or fails with the Worker's error.
 */
export function think(page: Page, request: Ask, progress?: (done: number, total: number) => void): Promise<Answer | null> {
  const t = page.thinker;
  const id = ++t.count;
  return new Promise((resolve, reject) => {
    t.waiting.set(id, progress === undefined ? { resolve, reject } : { resolve, reject, progress });
    worker(t).postMessage({ ...request, id } as PlayersRequest);
  });
}

/** Stops every request not answered yet (each gives `null`): the Worker is ended if it is at work. */
export function stopThinking(page: Page): void {
  const t = page.thinker;
  if (t.waiting.size === 0) return;
  const stopped = [...t.waiting.values()];
  t.waiting.clear();
  t.worker?.terminate();
  t.worker = null;
  for (const s of stopped) s.resolve(null);
}
