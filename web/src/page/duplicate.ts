/**
 * Duplicate events on the page: `?duplicate&server=<url>` opens one, `?duplicate=<id>&server=<url>` shows it
 * (joining as a pair while it is open, the director's start, then round by round the person's own table,
 * or every table to follow, the boards' results and the standings). Each board is played at its own server
 * table, `?server=…&table=<id>&token=…&duplicate=<id>&board=<n>`, like any server table; the line under the
 * title there, and the hand's result, lead back to the event. The event page reads the event every few
 * seconds, which is also what moves it on at the server. The person's token and the director's are kept in
 * the browser, by server and event; a partner's link (`…&token=<their token>`) gives them theirs.
 *
 * @module
 */

import type { DuplicateEvent, DuplicatePairJoined } from 'whist-server/answers';
import { alertLine } from '../dom.js';
import { t } from '../i18n/index.js';
import { SEAT_NAMES } from '../names.js';
import { ServerError, serverBase } from '../remote.js';
import { type EventHeld, eventView, openEventView } from '../render/duplicate.js';
import { defaultServer } from './controls.js';
import { call, keep, kept, NAME_KEY } from './lobby.js';
import { ratingsLink, registeredPlayer } from './ratings.js';
import type { Page } from './state.js';

/** Where the browser keeps each event's tokens: `{ "<server> <id>": { token, director, partnerLink } }`. */
const EVENTS_KEY = 'whist-duplicate';

/** How often the event page reads the event (ms). */
const READ_EVERY_MS = 2_000;

type HeldEvents = Record<string, Partial<EventHeld>>;

function heldEvents(): HeldEvents {
  try {
    const v = JSON.parse(kept(EVENTS_KEY) ?? '{}') as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as HeldEvents) : {};
  } catch {
    return {};
  }
}

function heldOf(base: string, id: string): EventHeld {
  const e = heldEvents()[`${base} ${id}`] ?? {};
  const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  const confirm = Number(e.confirm);
  return {
    token: text(e.token),
    director: text(e.director),
    partnerLink: text(e.partnerLink),
    confirm: Number.isInteger(confirm) && confirm > 0 ? confirm : null,
  };
}

function hold(base: string, id: string, patch: Partial<EventHeld>): void {
  const all = heldEvents();
  all[`${base} ${id}`] = { ...heldOf(base, id), ...patch };
  keep(EVENTS_KEY, JSON.stringify(all));
}

function eventLink(base: string, id: string): string {
  return `?${new URLSearchParams({ duplicate: id, server: base })}`;
}

/** Puts the way to duplicate events on the start page, under the way to the daily challenge. */
export function setUpDuplicateLink(params: URLSearchParams): void {
  const form = document.getElementById('open-table');
  if (form === null || document.getElementById('to-duplicate') !== null) return;
  const a = document.createElement('a');
  a.id = 'to-duplicate';
  a.className = 'to-lobby';
  a.href = `?${new URLSearchParams({ duplicate: '', server: defaultServer(params.get('server')) })}`;
  a.textContent = t().duplicate.toDuplicate;
  const p = document.createElement('p');
  p.append(a);
  const before = document.getElementById('to-daily') ?? document.getElementById('to-lobby');
  (before?.parentElement ?? form.querySelector('h2'))?.after(p);
}

/** At a board's table: a line under the title says which board it is and leads back to the event, as the hand's result does. */
export function duplicateTableLine(page: Page, params: URLSearchParams, base: string): void {
  const id = params.get('duplicate') ?? '';
  const board = Number(params.get('board'));
  const back = eventLink(base, id);
  page.ui = { ...page.ui, duplicate: back };
  const a = document.createElement('a');
  a.href = back;
  a.dataset.duplicate = 'back';
  a.textContent = t().duplicate.backToEvent;
  const line = document.createElement('p');
  line.id = 'duplicate-line';
  line.className = 'mode';
  line.append(Number.isInteger(board) && board > 0 ? `${t().duplicate.atTable(board)} · ` : '', a);
  page.modeLine.after(line);
}

/** What the person is told when the server refuses or does not answer. */
function problemText(e: unknown, base: string): string {
  const L = t().lobby;
  const D = t().duplicate;
  if (!(e instanceof ServerError) || e.status === 0) return L.noServer(base);
  const said: Record<string, string> = {
    INVALID_NAME: L.badName,
    NAME_TAKEN: D.nameTaken,
    NOT_FOUND: D.notFound,
    EVENT_FULL: D.full,
    EVENT_STARTED: D.started,
    EVENT_NOT_FULL: D.notFull,
    PAIR_NOT_CONFIRMED: D.notConfirmed,
  };
  if (said[e.code] !== undefined) return said[e.code] as string;
  if (e.status === 429) return L.busy;
  return L.failed;
}

function say(main: HTMLElement, text: string): void {
  main.querySelector('#duplicate-problem')?.replaceChildren(alertLine(text));
}

/** Starts the duplicate event's page in the page's main area (`?duplicate…&server=…`). */
export function startDuplicate(page: Page, params: URLSearchParams): void {
  const base = serverBase(params.get('server') ?? '') ?? defaultServer(null);
  const main = document.getElementById('table') as HTMLElement;
  main.classList.add('lobby-main');
  page.modeLine.textContent = t().duplicate.title;
  const id = params.get('duplicate') ?? '';
  if (id === '') {
    history.replaceState(null, '', `?${new URLSearchParams({ duplicate: '', server: base })}`);
    showOpening(main, base);
    return;
  }
  // A partner's link holds their token: kept in the browser, and out of the address.
  // A partner's link holds their token; a browser that holds a seat at this event already keeps its own.
  const token = params.get('token');
  if (token !== null && token !== '' && heldOf(base, id).token === null) hold(base, id, { token });
  // A rated event's partner link names the pair to confirm with the partner's registered key.
  const confirm = Number(params.get('confirm'));
  if (Number.isInteger(confirm) && confirm > 0) hold(base, id, { confirm });
  history.replaceState(null, '', eventLink(base, id));
  void follow(main, base, id);
}

function showOpening(main: HTMLElement, base: string): void {
  const view = openEventView();
  main.replaceChildren(view);
  const form = view.querySelector('#duplicate-open') as HTMLFormElement;
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const body = {
      ...(name === '' ? {} : { name }),
      tables: Number(data.get('tables')),
      movement: String(data.get('movement')),
      boardsPerRound: Number(data.get('boardsPerRound')),
      scoring: String(data.get('scoring')),
      computers: data.get('computers') !== null,
      ...(String(data.get('roundMinutes') ?? '') === '' ? {} : { roundMinutes: Number(data.get('roundMinutes')) }),
      ...(data.get('rated') === null ? {} : { rated: true, computers: false }),
      ...(data.get('spectators') === null || data.get('rated') !== null ? {} : { spectators: true }),
    };
    busy = true;
    void (async () => {
      try {
        const made = (await call(base, 'POST', '/duplicate', body)) as DuplicateEvent & { directorToken: string };
        hold(base, made.id, { director: made.directorToken });
        location.assign(eventLink(base, made.id));
      } catch (e) {
        say(main, problemText(e, base));
        busy = false;
      }
    })();
  });
  form.querySelector('input')?.focus();
}

/** Shows the event and reads it again every few seconds until it is over. */
async function follow(main: HTMLElement, base: string, id: string): Promise<void> {
  let shown = '';
  const seatName = (seat: string): string => SEAT_NAMES[seat as keyof typeof SEAT_NAMES] ?? seat;
  const read = async (): Promise<DuplicateEvent | null> => {
    const held = heldOf(base, id);
    try {
      return (await call(base, 'GET', `/duplicate/${encodeURIComponent(id)}`, undefined, held.token ?? held.director ?? undefined)) as DuplicateEvent;
    } catch (e) {
      if (shown === '') main.replaceChildren(alertLine(problemText(e, base)));
      else say(main, problemText(e, base));
      return null;
    }
  };
  const draw = (event: DuplicateEvent): void => {
    const text = JSON.stringify(event);
    // A form being filled in is not drawn over.
    const form = main.querySelector<HTMLElement>('#duplicate-join');
    const typing =
      form !== null && (form.dataset.typed === 'yes' || (document.activeElement instanceof HTMLInputElement && form.contains(document.activeElement)));
    if (text === shown || typing) return;
    shown = text;
    const held = heldOf(base, id);
    const view = eventView(event, held, seatName, registeredPlayer(base), ratingsLink(base));
    main.replaceChildren(view);
    wire(main, view, base, event, () => void again());
  };
  const again = async (): Promise<void> => {
    const event = await read();
    if (event !== null) draw(event);
  };
  for (;;) {
    const event = await read();
    if (event !== null) draw(event);
    if (event?.status === 'over') return;
    await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
  }
}

/** The event's buttons and forms: join, start, play the board, follow a table. */
function wire(main: HTMLElement, view: HTMLElement, base: string, event: DuplicateEvent, redraw: () => void): void {
  const held = heldOf(base, event.id);
  const join = view.querySelector<HTMLFormElement>('#duplicate-join');
  if (join !== null) {
    // What the person types in it keeps the event from being drawn over it (the name filled in for them does not).
    join.addEventListener('input', () => {
      join.dataset.typed = 'yes';
    });
    const first = join.querySelector<HTMLInputElement>('input[name="player-1"]');
    if (first !== null && first.value === '') first.value = kept(NAME_KEY) ?? '';
    let busy = false;
    join.addEventListener('submit', (e) => {
      e.preventDefault();
      if (busy) return;
      const data = new FormData(join);
      const players = [String(data.get('player-1') ?? '').trim(), String(data.get('player-2') ?? '').trim()];
      if (players.some((p) => p === '')) {
        say(main, t().lobby.nameNeeded);
        return;
      }
      busy = true;
      keep(NAME_KEY, players[0] as string);
      void (async () => {
        try {
          // A rated event's pair joins with its first player's registered key, which is then their token.
          const key = event.rated ? registeredPlayer(base)?.key : undefined;
          const joined = (await call(base, 'POST', `/duplicate/${encodeURIComponent(event.id)}/pairs`, { players }, key)) as DuplicatePairJoined;
          const partner = `${location.origin}${location.pathname}?${new URLSearchParams(
            key === undefined
              ? { duplicate: event.id, server: base, token: joined.tokens[1] }
              : { duplicate: event.id, server: base, confirm: String(joined.pair) },
          )}`;
          hold(base, event.id, { token: joined.tokens[0], partnerLink: partner });
          delete join.dataset.typed;
          for (const input of join.querySelectorAll('input')) input.value = '';
          redraw();
        } catch (err) {
          say(main, problemText(err, base));
          busy = false;
        }
      })();
    });
  }
  view.querySelector('[data-duplicate="confirm"]')?.addEventListener('click', () => {
    const player = registeredPlayer(base);
    if (player === null || held.confirm === null) return;
    void (async () => {
      try {
        const confirmed = (await call(base, 'POST', `/duplicate/${encodeURIComponent(event.id)}/pairs/${held.confirm}/confirm`, {}, player.key)) as {
          token: string;
        };
        hold(base, event.id, { token: confirmed.token });
        redraw();
      } catch (err) {
        say(main, problemText(err, base));
      }
    })();
  });
  const start = view.querySelector<HTMLButtonElement>('[data-duplicate="start"]');
  start?.addEventListener('click', () => {
    if (start.disabled) return;
    start.disabled = true;
    void (async () => {
      try {
        await call(base, 'POST', `/duplicate/${encodeURIComponent(event.id)}/start`, {}, held.director ?? undefined);
        redraw();
      } catch (err) {
        say(main, problemText(err, base));
        start.disabled = false;
      }
    })();
  });
  const you = event.you;
  const play = view.querySelector<HTMLButtonElement>('[data-duplicate="play"]');
  if (play !== null && you !== null && you.tableId !== null && held.token !== null) {
    const token = held.token;
    const tableId = you.tableId;
    play.addEventListener('click', () =>
      location.assign(`?${new URLSearchParams({ server: base, table: tableId, token, duplicate: event.id, board: String(you.board) })}`),
    );
    // The button takes the focus when nothing else in the page has it.
    if (document.activeElement === null || document.activeElement === document.body) play.focus();
  }
  view.querySelector('[data-duplicate="record"]')?.addEventListener('click', () => {
    void (async () => {
      try {
        const { name, record } = (await call(base, 'GET', `/duplicate/${encodeURIComponent(event.id)}/record`)) as { name: string; record: string };
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
        a.download = `${name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pbn`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      } catch (err) {
        say(main, problemText(err, base));
      }
    })();
  });
  for (const a of view.querySelectorAll<HTMLAnchorElement>('a[data-follow]'))
    a.href = `?${new URLSearchParams({ server: base, table: a.dataset.follow ?? '', token: a.dataset.spectator ?? '', duplicate: event.id })}`;
}
