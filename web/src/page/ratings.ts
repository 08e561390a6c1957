/**
 * Ratings on the page, `?ratings&server=<url>`: the leaderboard, a name registered for rated events (its key
 * kept in the browser, by server: the only proof that the name is the person's), and the person's own
 * rating with its history. Rated duplicate events (page/duplicate.ts) join with that name and key.
 *
 * @module
 */

import { alertLine } from '../dom.js';
import { t } from '../i18n/index.js';
import { SEAT_NAMES } from '../names.js';
import { ServerError, serverBase } from '../remote.js';
import { type Leaderboard, type OwnRating, type RatedTableShown, ratedTableForm, ratedTableView, ratingsView } from '../render/ratings.js';
import { defaultServer } from './controls.js';
import { call, keep, kept } from './lobby.js';
import type { Page } from './state.js';

/** Where the browser keeps the person's registered names: `{ "<server>": { name, key } }`. */
const PLAYER_KEY = 'whist-player';

/** The name and key the person registered on this server, or `null`. */
export function registeredPlayer(base: string): { readonly name: string; readonly key: string } | null {
  try {
    const all = JSON.parse(kept(PLAYER_KEY) ?? '{}') as Record<string, { name?: unknown; key?: unknown }>;
    const p = all[base];
    return p !== undefined && typeof p.name === 'string' && typeof p.key === 'string' ? { name: p.name, key: p.key } : null;
  } catch {
    return null;
  }
}

function keepPlayer(base: string, name: string, key: string): void {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(kept(PLAYER_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    all = {};
  }
  keep(PLAYER_KEY, JSON.stringify({ ...all, [base]: { name, key } }));
}

/** The address of the ratings' page on a server. */
export function ratingsLink(base: string): string {
  return `?${new URLSearchParams({ ratings: '', server: base })}`;
}

/** Puts the way to the ratings on the start page, under the way to duplicate events. */
export function setUpRatingsLink(params: URLSearchParams): void {
  const form = document.getElementById('open-table');
  if (form === null || document.getElementById('to-ratings') !== null) return;
  const a = document.createElement('a');
  a.id = 'to-ratings';
  a.className = 'to-lobby';
  a.href = ratingsLink(defaultServer(params.get('server')));
  a.textContent = t().ratings.toRatings;
  const p = document.createElement('p');
  p.append(a);
  const before = document.getElementById('to-duplicate') ?? document.getElementById('to-daily') ?? document.getElementById('to-lobby');
  (before?.parentElement ?? form.querySelector('h2'))?.after(p);
}

function problemText(e: unknown, base: string): string {
  const L = t().lobby;
  if (!(e instanceof ServerError) || e.status === 0) return L.noServer(base);
  if (e.code === 'INVALID_NAME') return L.badName;
  if (e.code === 'NAME_TAKEN') return t().ratings.nameTaken;
  if (e.status === 429) return L.busy;
  return L.failed;
}

/** Starts the ratings' page in the page's main area. */
export function startRatings(page: Page, params: URLSearchParams): void {
  const base = serverBase(params.get('server') ?? '') ?? defaultServer(null);
  const main = document.getElementById('table') as HTMLElement;
  main.classList.add('lobby-main');
  page.modeLine.textContent = t().ratings.title;
  history.replaceState(null, '', ratingsLink(base));
  void show(main, base);
}

async function show(main: HTMLElement, base: string): Promise<void> {
  const player = registeredPlayer(base);
  let board: Leaderboard;
  let own: OwnRating | null = null;
  try {
    board = (await call(base, 'GET', '/ratings')) as Leaderboard;
    if (player !== null)
      own = (await call(base, 'GET', `/ratings/${encodeURIComponent(player.name)}`).catch((e: unknown) => {
        // A name this server does not know (another store): shown as not yet rated.
        if (e instanceof ServerError && e.status === 404) return null;
        throw e;
      })) as OwnRating | null;
  } catch (e) {
    main.replaceChildren(alertLine(problemText(e, base)));
    return;
  }
  const view = ratingsView(board, player?.name ?? null, own);
  if (player !== null) view.querySelector('[data-ratings="own"]')?.after(ratedTableForm(player.name, seatName));
  main.replaceChildren(view);
  const opening = view.querySelector<HTMLFormElement>('#rated-table-open');
  if (opening !== null && player !== null) wireOpening(view, opening, base, player.key);
  const form = view.querySelector<HTMLFormElement>('#ratings-register');
  if (form === null) return;
  const input = form.querySelector('input') as HTMLInputElement;
  const say = (text: string) => view.querySelector('#ratings-problem')?.replaceChildren(alertLine(text));
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name === '') {
      say(t().lobby.nameNeeded);
      input.focus();
      return;
    }
    if (busy) return;
    busy = true;
    void (async () => {
      try {
        const made = (await call(base, 'POST', '/players', { name })) as { name: string; key: string };
        keepPlayer(base, made.name, made.key);
        await show(main, base);
      } catch (e) {
        say(problemText(e, base));
        busy = false;
      }
    })();
  });
  input.focus();
}

const seatName = (seat: string): string => SEAT_NAMES[seat as keyof typeof SEAT_NAMES] ?? seat;

/** Where the browser keeps the person's tokens at rated tables: `{ "<server> <id>": token }`. */
const TABLES_KEY = 'whist-rated-tables';

function heldTables(): Record<string, string> {
  try {
    const v = JSON.parse(kept(TABLES_KEY) ?? '{}') as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function tableToken(base: string, id: string): string | null {
  const token = heldTables()[`${base} ${id}`];
  return typeof token === 'string' ? token : null;
}

function holdTableToken(base: string, id: string, token: string): void {
  keep(TABLES_KEY, JSON.stringify({ ...heldTables(), [`${base} ${id}`]: token }));
}

function ratedTableLink(base: string, id: string): string {
  return `?${new URLSearchParams({ ratedTable: id, server: base })}`;
}

function wireOpening(view: HTMLElement, form: HTMLFormElement, base: string, key: string): void {
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const players = {
      N: String(data.get('N') ?? '').trim(),
      E: String(data.get('E') ?? '').trim(),
      S: String(data.get('S') ?? '').trim(),
      W: String(data.get('W') ?? '').trim(),
    };
    busy = true;
    void (async () => {
      try {
        const made = (await call(base, 'POST', '/rated-tables', { players }, key)) as { id: string; token: string };
        holdTableToken(base, made.id, made.token);
        location.assign(ratedTableLink(base, made.id));
      } catch (e) {
        view.querySelector('#ratings-problem')?.replaceChildren(alertLine(problemText(e, base)));
        busy = false;
      }
    })();
  });
}

/** A rated table's page (`?ratedTable=<id>&server=…`): who has taken their seat, the person's own way in, read again every 2 seconds until its rubber is over. */
export function startRatedTable(page: Page, params: URLSearchParams): void {
  const base = serverBase(params.get('server') ?? '') ?? defaultServer(null);
  const id = params.get('ratedTable') ?? '';
  const main = document.getElementById('table') as HTMLElement;
  main.classList.add('lobby-main');
  page.modeLine.textContent = t().ratings.tableTitle;
  history.replaceState(null, '', ratedTableLink(base, id));
  void followTable(main, base, id);
}

async function followTable(main: HTMLElement, base: string, id: string): Promise<void> {
  let shown = '';
  const link = `${location.origin}${location.pathname}${ratedTableLink(base, id)}`;
  for (;;) {
    const token = tableToken(base, id);
    let table: RatedTableShown | null = null;
    try {
      table = (await call(base, 'GET', `/rated-tables/${encodeURIComponent(id)}`, undefined, token ?? undefined)) as RatedTableShown;
    } catch (e) {
      if (shown === '') main.replaceChildren(alertLine(problemText(e, base)));
    }
    if (table !== null && JSON.stringify(table) + String(token) !== shown) {
      shown = JSON.stringify(table) + String(token);
      const player = registeredPlayer(base);
      const view = ratedTableView(table, player?.name ?? null, token !== null, link, seatName);
      main.replaceChildren(view);
      const playing = table;
      view.querySelector('[data-ratings="take-seat"]')?.addEventListener('click', () => {
        if (player === null) return;
        void (async () => {
          try {
            const taken = (await call(base, 'POST', `/rated-tables/${encodeURIComponent(id)}/confirm`, {}, player.key)) as { token: string };
            holdTableToken(base, id, taken.token);
            shown = '';
          } catch (e) {
            view.querySelector('#ratings-problem')?.replaceChildren(alertLine(problemText(e, base)));
          }
        })();
      });
      view.querySelector('[data-ratings="go-to-table"]')?.addEventListener('click', () => {
        if (token !== null && playing.tableId !== null) location.assign(`?${new URLSearchParams({ server: base, table: playing.tableId, token })}`);
      });
    }
    if (table?.status === 'over') return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}
