/**
 * Records: the solo table's, downloaded as a PBN file; any Whist record, opened from a file and watched in
 * place of the table, hand by hand and card by card, until the person goes back to the table (which goes
 * on meanwhile). The records code is loaded only when a record is first downloaded or opened.
 *
 * @module
 */

import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import type { Move, Replay } from '../replay.js';
import { whyOf } from '../why.js';
import { draw, say, setUi } from './draw.js';
import type { Page, ReplayModule } from './state.js';

const loadReplay = (): Promise<ReplayModule> => import('../replay.js');

/** The largest file the page reads: a record of 2,000 hands, the library's limit, is under 2 MB. */
const MAX_RECORD_BYTES = 4_000_000;

/** Saves a text as a file: a Blob behind an `<a download>`, clicked once. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the table's record, in solo play; at a server table there is none. */
export async function downloadRecord(page: Page): Promise<void> {
  const file = await (page.table?.record() ?? Promise.resolve(null)).catch((e: unknown) => ({
    ok: false as const,
    message: t().replay.writeFailed(whyOf(e)),
  }));
  if (file === null) return;
  if (!file.ok) {
    setUi(page, { error: file.message });
    return;
  }
  download(file.name, file.text);
  say(page, [t().replay.saved(file.name)]);
}

function startReplay(page: Page, lib: ReplayModule, opened: Replay): void {
  if (page.watching === null) page.modeBefore = page.modeLine.textContent ?? '';
  page.watching = { lib, replay: opened };
  page.replayFresh = new Set();
  page.modeLine.textContent = t().replay.watching(opened.name);
  draw(page);
  say(page, lib.describePosition(lib.position(opened)));
  const root = page.root;
  (
    root.querySelector<HTMLElement>('[data-action="replay-next-card"]:not([disabled])') ??
    root.querySelector<HTMLElement>('.replay-controls button:not([disabled])') ??
    root
  ).focus();
}

/** A step through the record being watched; the card a step forward plays moves onto the table. */
export function stepReplay(page: Page, m: Move): void {
  if (page.watching === null) return;
  const { lib, replay } = page.watching;
  const next = lib.move(replay, m);
  if (next === replay) return;
  const forward = next.hand === replay.hand && next.step === replay.step + 1;
  page.watching = { lib, replay: next };
  const at = lib.position(next);
  page.replayFresh = forward && at.last !== null ? new Set([at.last.card]) : new Set();
  say(page, lib.describePosition(at));
  draw(page);
}

/** Back to the table from the record. */
export function closeReplay(page: Page): void {
  if (page.watching === null) return;
  page.watching = null;
  page.replayFresh = new Set();
  page.modeLine.textContent = page.modeBefore;
  page.ui = { ...page.ui, fresh: new Set() };
  draw(page);
  say(page, [t().replay.backSaid(page.ui.mode === 'solo')]);
  if (!page.root.contains(document.activeElement)) page.root.focus();
}

/** Listens to the file input: a record chosen there is read, checked and watched, or refused with the reason. */
export function setUpRecords(page: Page): void {
  const input = document.getElementById('open-record') as HTMLInputElement;
  const status = document.getElementById('record-status') as HTMLElement;
  const problem = (message: string) => status.replaceChildren(h('p', { class: 'error', role: 'alert' }, message));
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    if (file.size > MAX_RECORD_BYTES) {
      problem(t().replay.tooLarge(file.name, (file.size / 1e6).toFixed(1), MAX_RECORD_BYTES / 1e6));
      return;
    }
    status.replaceChildren(h('p', {}, t().replay.reading(file.name)));
    Promise.all([loadReplay(), file.text()]).then(
      ([lib, text]) => {
        const opened = lib.openRecord(text, file.name);
        if (!opened.ok) {
          problem(opened.message);
          return;
        }
        const n = opened.replay.record.hands.length;
        status.replaceChildren(h('p', {}, t().replay.opened(file.name, n)));
        startReplay(page, lib, opened.replay);
      },
      (e: unknown) => problem(t().replay.unreadable(file.name, whyOf(e))),
    );
  });
}
