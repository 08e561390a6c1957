/**
 * The daily challenge on the page, `?daily&server=<url>`: the day's boards, the person's name (kept in the
 * browser, as the lobby keeps it), and once they have started, their boards beside the computer players'
 * result and the others', and the day's ranking. Each board is played at its own server table,
 * `?server=…&table=<id>&token=…&daily=<entry>&board=<n>&boards=<m>`, like any server table; the line under
 * the title there leads back here, where the board just played is kept (`POST …/next`) and the next one
 * offered. The entry (its id and token) is kept in the browser, so a reload or the next visit that day
 * finds it.
 *
 * @module
 */

import type { DailyEntry, DailyToday } from 'whist-server/answers';
import { alertLine } from '../dom.js';
import { t } from '../i18n/index.js';
import { ServerError, serverBase } from '../remote.js';
import { dailyView } from '../render/daily.js';
import { defaultServer } from './controls.js';
import { call, keep, kept, NAME_KEY } from './lobby.js';
import type { Page } from './state.js';

/** Where the browser keeps the person's entry: `{ base, day, id, token }`. */
const ENTRY_KEY = 'whist-daily';

interface KeptEntry {
  readonly base: string;
  readonly day: string;
  readonly id: string;
  readonly token: string;
}

function keptEntry(base: string, day: string): KeptEntry | null {
  try {
    const e = JSON.parse(kept(ENTRY_KEY) ?? 'null') as Partial<KeptEntry> | null;
    return e !== null && e.base === base && e.day === day && typeof e.id === 'string' && typeof e.token === 'string' ? (e as KeptEntry) : null;
  } catch {
    return null;
  }
}

/** The link to the daily challenge on a server, for the start page. */
export function dailyLink(server: string | null): string {
  return `?${new URLSearchParams({ daily: '', server: defaultServer(server) })}`;
}

/** Puts the way to the daily challenge on the start page, under the way to the lobby. */
export function setUpDailyLink(params: URLSearchParams): void {
  const form = document.getElementById('open-table');
  if (form === null || document.getElementById('to-daily') !== null) return;
  const a = document.createElement('a');
  a.id = 'to-daily';
  a.className = 'to-lobby';
  a.href = dailyLink(params.get('server'));
  a.textContent = t().daily.toDaily;
  const p = document.createElement('p');
  p.append(a);
  (document.getElementById('to-lobby')?.parentElement ?? form.querySelector('h2'))?.after(p);
}

/**
 * At a board's table: a line under the title says which board it is and leads back to the day's results,
 * which the hand's result offers too once it is over.
 */
export function dailyTableLine(page: Page, params: URLSearchParams, base: string): void {
  const board = Number(params.get('board'));
  const boards = Number(params.get('boards'));
  const W = t().daily;
  const results = `?${new URLSearchParams({ daily: '', server: base })}`;
  page.ui = { ...page.ui, daily: results };
  const a = document.createElement('a');
  a.href = results;
  a.dataset.daily = 'back';
  a.textContent = W.backToResults;
  const line = document.createElement('p');
  line.id = 'daily-line';
  line.className = 'mode';
  line.append(Number.isInteger(board) && Number.isInteger(boards) && board > 0 && boards > 0 ? `${W.atTable(board, boards)} · ` : '', a);
  page.modeLine.after(line);
}

/** What the person is told when the server refuses or does not answer. */
function problemText(e: unknown, base: string): string {
  const L = t().lobby;
  if (!(e instanceof ServerError) || e.status === 0) return L.noServer(base);
  if (e.code === 'INVALID_NAME') return L.badName;
  if (e.code === 'NAME_TAKEN') return t().daily.nameTaken;
  if (e.status === 429) return L.busy;
  return L.failed;
}

/** Starts the daily challenge in the page's main area (`?daily&server=…`). */
export function startDaily(page: Page, params: URLSearchParams): void {
  const base = serverBase(params.get('server') ?? '') ?? defaultServer(null);
  const main = document.getElementById('table') as HTMLElement;
  main.classList.add('lobby-main');
  page.modeLine.textContent = t().daily.title;
  history.replaceState(null, '', `?${new URLSearchParams({ daily: '', server: base })}`);
  void show(main, base);
}

/** The person's entry as the server has it now: the board just played kept first, once it is over. */
async function entryNow(base: string, e: KeptEntry): Promise<DailyEntry | null> {
  const path = `/daily/entries/${encodeURIComponent(e.id)}`;
  try {
    const entry = (await call(base, 'GET', path, undefined, e.token)) as DailyEntry;
    if (!entry.boardOver) return entry;
    try {
      return (await call(base, 'POST', `${path}/next`, {}, e.token)) as DailyEntry;
    } catch (err) {
      // Kept already by another page of the same person: read again.
      if (err instanceof ServerError && err.status === 409) return (await call(base, 'GET', path, undefined, e.token)) as DailyEntry;
      throw err;
    }
  } catch (err) {
    // An entry the server does not know (another server's store, a day gone): the person starts again.
    if (err instanceof ServerError && (err.status === 401 || err.status === 404)) return null;
    throw err;
  }
}

function goToBoard(base: string, entry: DailyEntry, token: string): void {
  if (entry.table === null || entry.board === null) return;
  location.assign(
    `?${new URLSearchParams({ server: base, table: entry.table.id, token, daily: entry.id, board: String(entry.board), boards: String(entry.boards) })}`,
  );
}

async function show(main: HTMLElement, base: string): Promise<void> {
  let today: DailyToday;
  let entry: DailyEntry | null = null;
  let held: KeptEntry | null = null;
  try {
    today = (await call(base, 'GET', '/daily')) as DailyToday;
    held = keptEntry(base, today.day);
    if (held !== null) entry = await entryNow(base, held);
    // The ranking with the board just kept in it.
    if (entry !== null) today = (await call(base, 'GET', '/daily')) as DailyToday;
  } catch (e) {
    main.replaceChildren(alertLine(problemText(e, base)));
    return;
  }
  const view = dailyView(today, entry, kept(NAME_KEY) ?? '');
  main.replaceChildren(view);
  const problem = view.querySelector('#daily-problem') as HTMLElement;
  const say = (text: string) => problem.replaceChildren(Object.assign(document.createElement('p'), { className: 'error', textContent: text }));
  if (entry !== null && held !== null) {
    const token = held.token;
    const shown = entry;
    const next = view.querySelector<HTMLButtonElement>('[data-daily="board"]');
    next?.addEventListener('click', () => goToBoard(base, shown, token));
    next?.focus();
    return;
  }
  const form = view.querySelector('#daily-start') as HTMLFormElement;
  const nameInput = view.querySelector('#daily-name') as HTMLInputElement;
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (name === '') {
      say(t().lobby.nameNeeded);
      nameInput.focus();
      return;
    }
    if (busy) return;
    busy = true;
    keep(NAME_KEY, name);
    void (async () => {
      try {
        const made = (await call(base, 'POST', '/daily/entries', { name })) as DailyEntry & { token: string };
        keep(ENTRY_KEY, JSON.stringify({ base, day: made.day, id: made.id, token: made.token } satisfies KeptEntry));
        goToBoard(base, made, made.token);
      } catch (e) {
        say(problemText(e, base));
        busy = false;
      }
    })();
  });
  if (nameInput.value === '') nameInput.focus();
}
