/**
 * The lobby on the page, `?lobby&server=<url>`: the person's name (asked once, kept in the browser), the
 * tables gathering on the server with a Join button each (polled every few seconds; the server answers 304
 * while nothing changed), "Play now" with the wait the person chooses, a public table of their own, and the
 * private table by link (the form of the controls). A seat taken waits at `?lobby&server=…&wait=<id>&token=…`
 * (a reload keeps it): the page polls it, which keeps the seat (a closed page leaves it), and goes to the
 * table, `?server=…&table=<id>&token=…`, once it opens: the same token is the seat's key there.
 *
 * @module
 */

import { t } from '../i18n/index.js';
import { ServerError, serverBase } from '../remote.js';
import { type ListedTable, lobbyView, tableItems, WAITS, waitingView } from '../render/lobby.js';
import { defaultServer } from './controls.js';
import type { Page } from './state.js';

/** Where the browser keeps the person's name and chosen wait. */
export const NAME_KEY = 'whist-name';
const WAIT_KEY = 'whist-lobby-wait';

/** How often the page reads the lobby, and its seat at a table gathering (ms). */
const LIST_EVERY_MS = 3_000;
const SEAT_EVERY_MS = 2_000;

export function kept(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the lobby asks again next time.
  }
}

/** Calls the server: the answer's JSON, or a `ServerError` (status 0 when there is no answer). */
export async function call(base: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch {
    throw new ServerError(0, 'NETWORK', `no answer from ${base}`);
  }
  const json = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) throw new ServerError(res.status, json?.error?.code ?? `HTTP_${res.status}`, json?.error?.message ?? `the server answered ${res.status}`);
  return json;
}

/** What the person is told when the server refuses or does not answer. */
function problemText(e: unknown, base: string): string {
  const W = t().lobby;
  if (!(e instanceof ServerError) || e.status === 0) return W.noServer(base);
  if (e.code === 'INVALID_NAME') return W.badName;
  if (e.code === 'NO_FREE_SEAT') return W.noSeat;
  if (e.status === 429) return W.busy;
  return W.failed;
}

/** The link to the lobby on a server, for the start page. */
export function lobbyLink(server: string | null): string {
  return `?${new URLSearchParams({ lobby: '', server: defaultServer(server) })}`;
}

/**
 * Puts the way to the lobby on the start page, beside the form that opens a private table; coming from the
 * lobby's "Private table" (`?private=1&name=…`), opens that form with the person's name as player 1.
 */
export function setUpLobbyLink(params: URLSearchParams): void {
  const server = params.get('server');
  const form = document.getElementById('open-table');
  if (form === null || document.getElementById('to-lobby') !== null) return;
  if (params.get('private') === '1') {
    const controls = document.getElementById('controls') as HTMLDetailsElement | null;
    if (controls !== null) controls.open = true;
    const first = form.querySelector<HTMLInputElement>('input[name="player-1"]');
    if (first !== null) first.value = params.get('name') ?? '';
    form.scrollIntoView();
    (first ?? form.querySelector('input'))?.focus();
  }
  const a = document.createElement('a');
  a.id = 'to-lobby';
  a.className = 'to-lobby';
  a.href = lobbyLink(server);
  a.textContent = t().lobby.toLobby;
  const p = document.createElement('p');
  p.append(a);
  form.querySelector('h2')?.after(p);
}

/** Starts the lobby view in the page's main area, as the URL says (`?lobby&server=…`, with `wait` and `token` at a seat). */
export function startLobby(page: Page, params: URLSearchParams): void {
  const base = serverBase(params.get('server') ?? '') ?? defaultServer(null);
  const main = document.getElementById('table') as HTMLElement;
  main.classList.add('lobby-main');
  page.modeLine.textContent = t().lobby.title;
  const waitId = params.get('wait');
  const token = params.get('token');
  if (waitId !== null && token !== null) {
    waitAt(main, base, waitId, token);
    return;
  }
  showLobby(main, base);
}

function showLobby(main: HTMLElement, base: string): void {
  const W = t().lobby;
  const storedWait = kept(WAIT_KEY);
  const view = lobbyView(kept(NAME_KEY) ?? '', storedWait !== null && WAITS.includes(Number(storedWait)) ? Number(storedWait) : 15);
  main.replaceChildren(view);
  history.replaceState(null, '', `?${new URLSearchParams({ lobby: '', server: base })}`);
  const form = view.querySelector('#lobby-play') as HTMLFormElement;
  const nameInput = view.querySelector('#lobby-name') as HTMLInputElement;
  const problem = view.querySelector('#lobby-problem') as HTMLElement;
  const list = view.querySelector('#lobby-tables') as HTMLElement;
  let stopped = false;
  let busy = false;
  const say = (text: string | null) =>
    problem.replaceChildren(...(text === null ? [] : [Object.assign(document.createElement('p'), { className: 'error', textContent: text })]));
  nameInput.addEventListener('change', () => {
    if (nameInput.value.trim() !== '') keep(NAME_KEY, nameInput.value.trim());
  });
  form.addEventListener('change', (event) => {
    const t = event.target as HTMLInputElement;
    if (t.name === 'wait') keep(WAIT_KEY, t.value);
  });
  const name = (): string | null => {
    const n = nameInput.value.trim();
    if (n === '') {
      say(W.nameNeeded);
      nameInput.focus();
      return null;
    }
    keep(NAME_KEY, n);
    return n;
  };
  const wait = (): number => Number(new FormData(form).get('wait') ?? 15);
  const rules = (): string => (view.querySelector('#lobby-rules') as HTMLSelectElement).value;
  /** Takes a seat (Play now, a public table, a table's Join) and waits at it. */
  const seat = async (path: string, body: Record<string, unknown>): Promise<void> => {
    if (busy) return;
    busy = true;
    say(null);
    try {
      const taken = (await call(base, 'POST', path, body)) as { id: string; token: string };
      stopped = true;
      waitAt(main, base, taken.id, taken.token);
    } catch (e) {
      say(problemText(e, base));
    } finally {
      busy = false;
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const n = name();
    if (n !== null) void seat('/lobby/play', { name: n, waitSeconds: wait(), rules: rules() });
  });
  view.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest('button');
    if (target === null) return;
    if (target.dataset.lobby === 'open') {
      const n = name();
      if (n !== null) void seat('/lobby/tables', { name: n, waitSeconds: Math.max(wait(), 15), rules: rules() });
    } else if (target.dataset.lobby === 'private') {
      stopped = true;
      const n = nameInput.value.trim();
      // Today's flow: the form of the controls, the person's name as player 1.
      location.assign(`?${new URLSearchParams({ server: base, private: '1', ...(n === '' ? {} : { name: n }) })}`);
    } else if (target.dataset.join !== undefined) {
      const n = name();
      if (n !== null) void seat(`/lobby/tables/${encodeURIComponent(target.dataset.join)}/seats`, { name: n });
    }
  });
  let shown = '';
  const refresh = async (): Promise<void> => {
    if (stopped) return;
    try {
      const page = (await call(base, 'GET', '/lobby')) as { tables: ListedTable[] };
      const text = JSON.stringify(page.tables);
      if (text !== shown && !stopped) {
        shown = text;
        // The button with the focus keeps it when the list is drawn again.
        const focused = (document.activeElement as HTMLElement | null)?.dataset?.join;
        list.replaceChildren(...tableItems(page.tables));
        if (focused !== undefined) list.querySelector<HTMLElement>(`[data-join="${CSS.escape(focused)}"]`)?.focus();
      }
    } catch (e) {
      if (!stopped) say(problemText(e, base));
    }
    if (!stopped) setTimeout(() => void refresh(), LIST_EVERY_MS);
  };
  void refresh();
  if (nameInput.value === '') nameInput.focus();
}

/** Waits at a seat of a table gathering, polling it (the poll keeps the seat), and goes to the table once it opens. */
function waitAt(main: HTMLElement, base: string, id: string, token: string): void {
  const here = `?${new URLSearchParams({ lobby: '', server: base, wait: id, token })}`;
  history.replaceState(null, '', here);
  const tableLink = `${location.origin}${location.pathname}?${new URLSearchParams({ server: base, table: id, token })}`;
  let stopped = false;
  const poll = async (): Promise<void> => {
    if (stopped) return;
    try {
      const seat = (await call(base, 'GET', `/lobby/tables/${encodeURIComponent(id)}`, undefined, token)) as {
        places: (string | null)[];
        place: number;
        rules: string;
        startsInSeconds: number;
        opened: boolean;
      };
      if (seat.opened) {
        stopped = true;
        location.assign(tableLink);
        return;
      }
      const view = waitingView(seat.places, seat.place, seat.rules, seat.startsInSeconds, tableLink);
      const hadFocus = main.querySelector('[data-lobby="leave"]') === document.activeElement;
      main.replaceChildren(view);
      const leave = view.querySelector('[data-lobby="leave"]') as HTMLButtonElement;
      if (hadFocus) leave.focus();
      leave.addEventListener('click', () => {
        stopped = true;
        void call(base, 'DELETE', `/lobby/tables/${encodeURIComponent(id)}/seat`, undefined, token)
          .catch(() => {})
          .then(() => showLobby(main, base));
      });
    } catch (e) {
      // The seat is no more at the lobby: the table opened a while ago (its link works), or the seat was given up (a page long hidden).
      if (e instanceof ServerError && e.status === 404) {
        stopped = true;
        const open = await call(base, 'GET', `/tables/${encodeURIComponent(id)}`, undefined, token).then(
          () => true,
          () => false,
        );
        if (open) location.assign(tableLink);
        else showLobby(main, base);
        return;
      }
    }
    if (!stopped) setTimeout(() => void poll(), SEAT_EVERY_MS);
  };
  void poll();
}
