/**
 * The page: picks solo play or a server table from the URL, keeps the viewer's latest `TableView`, and
 * wires one handler from clicks and keys to actions. Rendering is `render(root, view, ui)` alone.
 *
 * - Solo, `?rules=short&seed=7&bots=basic`: the table lives in `solo.ts`; the page asks it for the
 *   person's view after every change, and lets the computer players play from their own views.
 * - Server, `?server=http://127.0.0.1:8080&table=ID&token=T`: the view comes from the server, for the
 *   seat that token holds, and again after every `version` event.
 * - A record opened from a file (`replay.ts`) is watched in place of the table, hand by hand and card by
 *   card, until the person goes back to the table; the table goes on meanwhile. The records code (the
 *   library's PBN writer and reader) is loaded only when a record is first downloaded or opened.
 *
 * @module
 */

import { type Card, PRESETS, type TableView } from 'whist';
import type { SolverPosition } from 'whist/solver';
import { changes } from './changes.js';
import { type DdReply, type DdRequest, type FinishedHand, finishedHand, positionKey } from './dd.js';
import { h } from './dom.js';
import { SEAT_NAMES } from './names.js';
import { type Connection, joinTable, openTable, type RemoteTable, ServerError, serverBase } from './remote.js';
import { type DdUi, lastHandKey, render, renderReplay, type Ui } from './render.js';
import type { Move, Replay } from './replay.js';
import {
  openSoloTable,
  PACE,
  PERSON,
  RULES_NAMES,
  readSeed,
  readSettings,
  SOLO_PLAYERS,
  type SoloAction,
  type SoloSettings,
  type SoloTable,
  settingsQuery,
} from './solo.js';

/** What a click or a key asks for. */
export type Intent =
  | { readonly type: 'play'; readonly card: Card }
  | { readonly type: 'deal' }
  | { readonly type: 'new-rubber' }
  | { readonly type: 'last-trick' }
  | { readonly type: 'close' }
  | { readonly type: 'dismiss' }
  | { readonly type: 'move'; readonly to: 'next' | 'previous' | 'first' | 'last' }
  | { readonly type: 'download' }
  | { readonly type: 'replay'; readonly move: Move }
  | { readonly type: 'replay-close' }
  | { readonly type: 'dd'; readonly on: boolean }
  | { readonly type: 'dd-ask' };

const root = document.getElementById('table') as HTMLElement;
const live = document.getElementById('live') as HTMLElement;
const params = new URLSearchParams(location.search);

let view: TableView | null = null;
let ui: Ui = {
  mode: 'solo',
  computers: [],
  lastTrickOpen: false,
  dismissed: null,
  fresh: new Set(),
  busy: false,
  error: null,
  connection: null,
  focusCard: null,
  dd: null,
};
/** The records code, loaded on first use. */
type ReplayModule = typeof import('./replay.js');
const loadReplay = (): Promise<ReplayModule> => import('./replay.js');
/** The record being watched, if any, with the code that reads it; it is drawn in place of the table. */
let watching: { readonly lib: ReplayModule; readonly replay: Replay } | null = null;
/** The card the last step played, which moves onto the table. */
let replayFresh: ReadonlySet<Card> = new Set();

// ---------------------------------------------------------------------------------------------------
// Showing a view.

/** Puts what just happened in the live region, in place of what was there (so no stale card lingers in the page). */
function say(messages: readonly string[]): void {
  if (messages.length > 0) live.replaceChildren(h('p', {}, messages.join(' ')));
}

/** A key for the element holding the focus, to find it again once the table is drawn anew. */
function focusKey(el: Element | null): string | null {
  if (!(el instanceof HTMLElement) || !root.contains(el)) return null;
  if (el.dataset.card !== undefined && el.tagName === 'BUTTON') return `button[data-card="${el.dataset.card}"]`;
  if (el.dataset.hand !== undefined && el.dataset.action !== undefined) return `[data-action="${el.dataset.action}"][data-hand="${el.dataset.hand}"]`;
  if (el.dataset.action !== undefined) return `[data-action="${el.dataset.action}"]`;
  if (el.classList.contains('cards')) return '.cards';
  return null;
}

function draw(): void {
  const active = document.activeElement;
  const key = focusKey(active);
  const here = active === null || active === document.body || active === root || key !== null;
  if (watching !== null) {
    renderReplay(root, watching.lib.position(watching.replay), { error: null, fresh: replayFresh, mode: ui.mode });
    document.title = 'Replay · Whist';
    if (!here) return;
    // The focus stays on the control that was used, or goes to the first step still possible.
    const same = key === null ? null : root.querySelector<HTMLElement>(`${key}:not([disabled])`);
    (same ?? root.querySelector<HTMLElement>('.replay-controls button:not([disabled])') ?? root).focus({ preventScroll: key === null });
    return;
  }
  render(root, view, ui);
  document.title = view?.next.action === 'play' && view.next.seat === view.viewer ? 'Your turn · Whist' : 'Whist';
  if (!here) return;
  // The focus stays where it was, or goes where the game now waits for the viewer.
  const same = key === null ? null : root.querySelector<HTMLElement>(`${key}:not([disabled])`);
  const target =
    (same !== null && key !== '.cards' ? same : null) ??
    root.querySelector<HTMLElement>('button[data-card][tabindex="0"]:not([disabled])') ??
    root.querySelector<HTMLElement>('.result button') ??
    same ??
    (key !== null ? root.querySelector<HTMLElement>('.cards') : null);
  target?.focus({ preventScroll: key === null });
}

/** Shows a newer view: says what changed, moves the cards just played, draws. */
function show(next: TableView, patch: Partial<Ui> = {}): void {
  const change = changes(view, next);
  if (view === null && ui.mode === 'server') patch = { dismissed: lastHandKey(next), ...patch };
  // A finished hand stays until the next deal (solo) or the next hand at a server table.
  const done = finishedHand(view, next);
  if (done !== null) finished = done;
  else if (next.dealNumber !== view?.dealNumber || (ui.mode === 'solo' && next.next.action === 'play')) finished = null;
  view = next;
  ui = { ...ui, ...patch, fresh: new Set(change.fresh) };
  ddSync();
  // While a record is watched, the table goes on quietly; its view is shown on the way back.
  if (watching === null) say(change.messages);
  draw();
}

/** Changes only the page's own state. */
function setUi(patch: Partial<Ui>): void {
  ui = { ...ui, ...patch, fresh: new Set() };
  draw();
}

// ---------------------------------------------------------------------------------------------------
// The table: in the page (solo) or on a server.

interface Table {
  act(action: SoloAction): Promise<void>;
  /** In solo play at the person's turn, the position with every seat's cards, for the solver only; `null` otherwise, and always at a server table. */
  ddPosition(): SolverPosition | null;
  /** The table's record as a file, in solo play; `null` at a server table, whose state the page does not hold. */
  record(): Promise<{ ok: true; name: string; text: string } | { ok: false; message: string } | null>;
}

function soloTable(settings: SoloSettings): Table {
  const solo: SoloTable = openSoloTable(settings);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pace = PACE[settings.speed];
  const waiting = () => solo.botToPlay() !== null;

  /** The computer players play one card at a time, at the chosen pace, until it is the person's turn. */
  const runComputers = (): void => {
    clearTimeout(timer);
    if (!waiting()) return;
    const leading = view?.hand?.trick?.cards.length === 0 && view.hand.tricks.length > 0;
    timer = setTimeout(
      () => {
        solo.botStep();
        show(solo.view(), { busy: waiting() });
        runComputers();
      },
      leading ? pace.lead : pace.card,
    );
  };

  /** At the instant pace, the computer players' cards are played before the view is shown: one view, one movement. */
  const showAndRun = (patch: Partial<Ui> = {}): void => {
    if (pace.card === 0) while (waiting()) solo.botStep();
    show(solo.view(), { busy: waiting(), ...patch });
    runComputers();
  };

  ui = { ...ui, mode: 'solo', computers: Object.values(SOLO_PLAYERS).filter((name) => name !== PERSON) };
  showAndRun();
  return {
    async act(action) {
      const r = solo.act(action);
      if (!r.ok) {
        setUi({ error: `${r.message} (${r.code})` });
        return;
      }
      showAndRun({ error: null, ...(action.type === 'play' ? {} : { lastTrickOpen: false }) });
    },
    record: () => solo.record(),
    ddPosition: () => solo.ddPosition(),
  };
}

function serverTable(base: string, table: string, token: string): Table {
  ui = { ...ui, mode: 'server', connection: 'connecting' };
  draw();
  let sending = false;
  const remote: RemoteTable = joinTable({
    base,
    table,
    token,
    onSeen: (seen) => {
      show(seen.view, { error: null });
      const text = `At a server table, seat ${SEAT_NAMES[seen.seat]}`;
      if (watching === null) modeLine.textContent = text;
      else modeBefore = text;
    },
    onConnection: (connection: Connection, error: ServerError | null) => {
      if (connection !== ui.connection || error !== null) setUi({ connection, ...(error === null ? {} : { error: error.message }) });
    },
  });
  remote.refresh().catch((e: unknown) => setUi({ error: e instanceof Error ? e.message : String(e) }));
  addEventListener('pagehide', () => remote.close());
  return {
    async act(action) {
      // The server deals; one action at a time.
      if (action.type === 'deal' || sending) return;
      sending = true;
      try {
        await remote.act(action);
      } catch (e) {
        // A new rubber someone else already started is no failure: the next view shows it.
        const quiet = e instanceof ServerError && action.type === 'newRubber' && e.code === 'INVALID_ACTION';
        if (!quiet) setUi({ error: e instanceof Error ? e.message : String(e) });
        await remote.refresh().catch(() => {});
      } finally {
        sending = false;
      }
    },
    record: async () => null,
    ddPosition: () => null,
  };
}

// ---------------------------------------------------------------------------------------------------
// The one handler: a click or a key becomes an intent, and an intent an action.

/** The keys of a replay: a card at a time, a hand at a time, the start and the end of the hand. */
const REPLAY_KEYS: Readonly<Record<string, 'next-card' | 'previous-card' | 'next-hand' | 'previous-hand' | 'start' | 'end'>> = {
  ArrowRight: 'next-card',
  ArrowLeft: 'previous-card',
  PageDown: 'next-hand',
  PageUp: 'previous-hand',
  Home: 'start',
  End: 'end',
};

function intentOf(event: Event): Intent | null {
  if (event.type === 'click') {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    if (!el || !root.contains(el) || (el as HTMLButtonElement).disabled) return null;
    const action = el.dataset.action;
    if (action === 'play' && el.dataset.card) return { type: 'play', card: el.dataset.card as Card };
    if (action === 'deal' || action === 'new-rubber' || action === 'last-trick' || action === 'dismiss') return { type: action };
    if (action === 'download-record') return { type: 'download' };
    if (action === 'dd-ask') return { type: 'dd-ask' };
    if (action === 'replay-close') return { type: 'replay-close' };
    if (action === 'replay-hand') return { type: 'replay', move: { type: 'hand', hand: Number(el.dataset.hand) } };
    const step = action?.startsWith('replay-') ? action.slice('replay-'.length) : '';
    if (step === 'next-card' || step === 'previous-card' || step === 'next-hand' || step === 'previous-hand') return { type: 'replay', move: { type: step } };
    return null;
  }
  if (event.type === 'keydown') {
    const e = event as KeyboardEvent;
    const target = e.target as HTMLElement | null;
    if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, select, textarea, summary')) return null;
    if (watching !== null) {
      // Watching a record: the keys step through it while the focus is in the page's table.
      if (target !== null && target !== document.body && !root.contains(target)) return null;
      const step = REPLAY_KEYS[e.key];
      return step === undefined ? null : { type: 'replay', move: { type: step } };
    }
    if (e.key === 'l' || e.key === 'L') return { type: 'last-trick' };
    if (e.key === 'Escape') return { type: 'close' };
    const inCards = target === document.body || target === root || target?.closest('.cards') !== null;
    if (!inCards) return null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') return { type: 'move', to: 'next' };
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') return { type: 'move', to: 'previous' };
    if (e.key === 'Home') return { type: 'move', to: 'first' };
    if (e.key === 'End') return { type: 'move', to: 'last' };
  }
  return null;
}

let table: Table | null = null;

async function handle(intent: Intent): Promise<void> {
  switch (intent.type) {
    case 'download': {
      const file = await (table?.record() ?? Promise.resolve(null)).catch((e: unknown) => ({
        ok: false as const,
        message: `The record could not be written: ${e instanceof Error ? e.message : String(e)}`,
      }));
      if (file === null) return;
      if (!file.ok) {
        setUi({ error: file.message });
        return;
      }
      download(file.name, file.text);
      say([`The record is saved as ${file.name}.`]);
      return;
    }
    case 'replay': {
      if (watching === null) return;
      const { lib, replay } = watching;
      const next = lib.move(replay, intent.move);
      if (next === replay) return;
      const forward = next.hand === replay.hand && next.step === replay.step + 1;
      watching = { lib, replay: next };
      const at = lib.position(next);
      replayFresh = forward && at.last !== null ? new Set([at.last.card]) : new Set();
      say(lib.describePosition(at));
      draw();
      return;
    }
    case 'replay-close':
      closeReplay();
      return;
    case 'dd':
      setDdToggle(intent.on);
      return;
    case 'dd-ask': {
      const position = ui.mode === 'solo' && ui.dd !== null && view !== null ? (table?.ddPosition() ?? null) : null;
      if (position !== null && view !== null) {
        ddAsk({ kind: 'moves', position }, `moves:${positionKey(view)}`);
        setUi({});
      }
      return;
    }
    case 'play':
      // Only the view's legal cards are offered; anything else is not sent at all.
      if (view?.hand?.legalMoves.includes(intent.card) && !ui.busy) {
        ui = { ...ui, focusCard: null };
        await table?.act({ type: 'play', card: intent.card });
      }
      return;
    case 'deal':
      if (view?.next.action === 'deal') await table?.act({ type: 'deal' });
      return;
    case 'new-rubber':
      if (view?.next.action === 'newRubber') await table?.act({ type: 'newRubber' });
      return;
    case 'last-trick':
      setUi({ lastTrickOpen: !ui.lastTrickOpen });
      return;
    case 'close':
      if (ui.lastTrickOpen) setUi({ lastTrickOpen: false });
      return;
    case 'dismiss':
      if (view) setUi({ dismissed: lastHandKey(view) });
      return;
    case 'move': {
      const cards = [...root.querySelectorAll<HTMLButtonElement>('button[data-card]:not([disabled])')];
      if (cards.length === 0) return;
      const at = cards.indexOf(document.activeElement as HTMLButtonElement);
      const n = cards.length;
      const i = intent.to === 'first' ? 0 : intent.to === 'last' ? n - 1 : at < 0 ? 0 : (at + (intent.to === 'next' ? 1 : n - 1)) % n;
      for (const c of cards) c.tabIndex = -1;
      const card = cards[i] as HTMLButtonElement;
      card.tabIndex = 0;
      card.focus();
      ui = { ...ui, focusCard: card.dataset.card as Card };
      return;
    }
  }
}

for (const type of ['click', 'keydown'] as const)
  (type === 'click' ? root : document).addEventListener(type, (event) => {
    const intent = intentOf(event);
    if (intent === null) return;
    event.preventDefault();
    void handle(intent);
  });
root.addEventListener('focusin', (event) => {
  const card = (event.target as HTMLElement).dataset?.card;
  if (card !== undefined && (event.target as HTMLElement).tagName === 'BUTTON') ui = { ...ui, focusCard: card as Card };
});

// ---------------------------------------------------------------------------------------------------
// The double-dummy toggle: a Worker solves, the page shows scores only for cards its view holds or shows.

/** The last finished hand, every card of it public, while it is still on the table. */
let finished: FinishedHand | null = null;
/** The solver's Worker, started the first time the toggle is on. */
let ddWorker: Worker | null = null;
let ddCount = 0;
/** The request the page waits for: its id and what it is for (`moves:KEY` or `hand:KEY`). */
let ddPending: { readonly id: number; readonly key: string } | null = null;

const DD_OFF: DdUi = { solving: null, error: null, moves: null, hand: null };

function setDd(patch: Partial<DdUi>): void {
  if (ui.dd !== null) ui = { ...ui, dd: { ...ui.dd, ...patch } };
}

function worker(): Worker {
  if (ddWorker !== null) return ddWorker;
  const w = new Worker(new URL('./dd-worker.js', import.meta.url), { type: 'module', name: 'double-dummy' });
  w.addEventListener('message', (event: MessageEvent<DdReply>) => ddReply(event.data));
  w.addEventListener('error', (event) => {
    event.preventDefault();
    ddWorker?.terminate();
    ddWorker = null;
    ddPending = null;
    setDd({ solving: null, error: `The solver stopped: ${event.message || 'its script could not run'}.` });
    draw();
  });
  ddWorker = w;
  return w;
}

type DdAsk = DdRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Sends a request to the Worker; the one before, if any, is dropped there at its next node budget. */
function ddAsk(request: DdAsk, key: string): void {
  const id = ++ddCount;
  ddPending = { id, key };
  worker().postMessage({ ...request, id } as DdRequest);
  setDd({ solving: 'Solving…', error: null });
}

function ddReply(r: DdReply): void {
  if (ddPending === null || r.id !== ddPending.id || ui.dd === null) return;
  const key = ddPending.key.slice(ddPending.key.indexOf(':') + 1);
  if (r.kind === 'progress') {
    setDd({ solving: `Solving… ${r.done} of ${r.total} cards` });
    draw();
    return;
  }
  ddPending = null;
  if (r.kind === 'moves') {
    setDd({ solving: null, moves: { key, scores: r.scores } });
    say(['Each of your legal cards is marked with its tricks.']);
  } else if (r.kind === 'hand') {
    setDd({ solving: null, hand: { key, plays: r.plays } });
    say([`Hand ${key} is solved, card by card.`]);
  } else setDd({ solving: null, error: `The solver failed: ${r.message}` });
  draw();
}

/** After a new view: drops a request for a position that is gone, and solves a finished hand on the table. */
function ddSync(): void {
  if (ui.dd === null || view === null) return;
  if (ddPending?.key.startsWith('moves:') && ddPending.key !== `moves:${positionKey(view)}`) {
    ddWorker?.postMessage({ id: ++ddCount, kind: 'stop' } satisfies DdRequest);
    ddPending = null;
    setDd({ solving: null });
  }
  if (finished === null) {
    if (ui.dd.hand !== null) setDd({ hand: null });
    if (ddPending?.key.startsWith('hand:')) {
      ddWorker?.postMessage({ id: ++ddCount, kind: 'stop' } satisfies DdRequest);
      ddPending = null;
      setDd({ solving: null });
    }
  } else if (ui.dd.hand?.key !== finished.key && ddPending?.key !== `hand:${finished.key}`) {
    ddAsk({ kind: 'hand', trump: finished.trump, tricks: finished.tricks }, `hand:${finished.key}`);
  }
}

/** The toggle: remembered in the URL (`dd=1`); on, it solves what is public now; off, it forgets. */
function setDdToggle(on: boolean): void {
  const q = new URLSearchParams(location.search);
  if (on) q.set('dd', '1');
  else q.delete('dd');
  history.replaceState(null, '', `?${q}`);
  if (soloSettings !== null) {
    soloSettings = { ...soloSettings, dd: on };
    const share = document.getElementById('share') as HTMLAnchorElement;
    share.href = `?${settingsQuery(soloSettings)}`;
    share.textContent = `${location.origin}${location.pathname}?${settingsQuery(soloSettings)}`;
  }
  if (on === (ui.dd !== null)) return;
  if (!on && ddPending !== null) ddWorker?.postMessage({ id: ++ddCount, kind: 'stop' } satisfies DdRequest);
  ddPending = null;
  ui = { ...ui, dd: on ? DD_OFF : null, fresh: new Set() };
  ddSync();
  draw();
}

// ---------------------------------------------------------------------------------------------------
// Records: the solo table's, downloaded; any Whist record, opened and watched.

/** Saves a text as a file: a Blob behind an `<a download>`, clicked once. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The largest file the page reads: a record of 2,000 hands, the library's limit, is under 2 MB. */
const MAX_RECORD_BYTES = 4_000_000;

const modeLine = document.getElementById('mode') as HTMLElement;
let modeBefore = '';

function startReplay(lib: ReplayModule, opened: Replay): void {
  if (watching === null) modeBefore = modeLine.textContent ?? '';
  watching = { lib, replay: opened };
  replayFresh = new Set();
  modeLine.textContent = `Watching a record: ${opened.name}`;
  draw();
  say(lib.describePosition(lib.position(opened)));
  (
    root.querySelector<HTMLElement>('[data-action="replay-next-card"]:not([disabled])') ??
    root.querySelector<HTMLElement>('.replay-controls button:not([disabled])') ??
    root
  ).focus();
}

function closeReplay(): void {
  if (watching === null) return;
  watching = null;
  replayFresh = new Set();
  modeLine.textContent = modeBefore;
  ui = { ...ui, fresh: new Set() };
  draw();
  say([ui.mode === 'solo' ? 'Back to your game.' : 'Back to the table.']);
  if (!root.contains(document.activeElement)) root.focus();
}

function setUpRecords(): void {
  const input = document.getElementById('open-record') as HTMLInputElement;
  const status = document.getElementById('record-status') as HTMLElement;
  const problem = (message: string) => status.replaceChildren(h('p', { class: 'error', role: 'alert' }, message));
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    if (file.size > MAX_RECORD_BYTES) {
      problem(`${file.name} is ${(file.size / 1e6).toFixed(1)} MB: a record is at most ${MAX_RECORD_BYTES / 1e6} MB.`);
      return;
    }
    status.replaceChildren(h('p', {}, `Reading ${file.name}…`));
    Promise.all([loadReplay(), file.text()]).then(
      ([lib, text]) => {
        const opened = lib.openRecord(text, file.name);
        if (!opened.ok) {
          problem(opened.message);
          return;
        }
        const n = opened.replay.record.hands.length;
        status.replaceChildren(h('p', {}, `${file.name} is open: ${n} ${n === 1 ? 'hand' : 'hands'}, shown in place of the table.`));
        startReplay(lib, opened.replay);
      },
      (e: unknown) => problem(`${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}`),
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// Settings and the start.

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/** The solo game's settings, `null` at a server table. */
let soloSettings: SoloSettings | null = null;

function setUpControls(settings: SoloSettings, server: string | null): void {
  const toggle = document.getElementById('dd-toggle') as HTMLInputElement;
  toggle.checked = settings.dd;
  toggle.addEventListener('change', () => void handle({ type: 'dd', on: toggle.checked }));
  const form = document.getElementById('settings') as HTMLFormElement;
  const rules = form.elements.namedItem('rules') as HTMLSelectElement;
  for (const name of RULES_NAMES) rules.append(h('option', { value: name }, `${name} (game of ${PRESETS[name].target})`));
  rules.value = settings.rules;
  (form.elements.namedItem('seed') as HTMLInputElement).value = String(settings.seed);
  (form.elements.namedItem('bots') as HTMLSelectElement).value = settings.bots;
  (form.elements.namedItem('speed') as HTMLSelectElement).value = settings.speed;
  const share = document.getElementById('share') as HTMLAnchorElement;
  share.href = `?${settingsQuery(settings)}`;
  share.textContent = `${location.origin}${location.pathname}?${settingsQuery(settings)}`;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const seedText = String(data.get('seed') ?? '').trim();
    const seed = seedText === '' ? randomSeed() : readSeed(seedText);
    if (seed === null) {
      setUi({ error: 'The seed must be a whole number from 0 to 4294967295.' });
      return;
    }
    const next = readSettings(
      new URLSearchParams({
        rules: String(data.get('rules')),
        bots: String(data.get('bots')),
        speed: String(data.get('speed')),
        dd: toggle.checked ? '1' : '0',
      }),
      () => seed,
    );
    location.search = settingsQuery(next.settings);
  });

  const open = document.getElementById('open-table') as HTMLFormElement;
  const serverInput = open.elements.namedItem('server') as HTMLInputElement;
  if (server !== null) serverInput.value = server;
  const links = document.getElementById('seat-links') as HTMLElement;
  open.addEventListener('submit', (event) => {
    event.preventDefault();
    const base = serverBase(serverInput.value);
    if (base === null) {
      links.replaceChildren(h('p', { class: 'error' }, 'Give the server as a URL, for example http://127.0.0.1:8080.'));
      return;
    }
    const seedText = (open.elements.namedItem('table-seed') as HTMLInputElement).value.trim();
    const seed = seedText === '' ? null : readSeed(seedText);
    if (seedText !== '' && seed === null) {
      links.replaceChildren(h('p', { class: 'error' }, 'The seed must be a whole number from 0 to 4294967295, or nothing.'));
      return;
    }
    links.replaceChildren(h('p', {}, 'Opening a table…'));
    openTable(base, { rules: rules.value, ...(seed === null ? {} : { seed }) }).then(
      (opened) => {
        const link = (seat: 'N' | 'E' | 'S' | 'W') => {
          const q = new URLSearchParams({ server: base, table: opened.id, token: opened.seats[seat].token });
          return `${location.origin}${location.pathname}?${q}`;
        };
        links.replaceChildren(
          h('p', {}, `Table ${opened.id} is open. Each link is one seat:`),
          h(
            'ul',
            {},
            (['N', 'E', 'S', 'W'] as const).map((seat) =>
              h('li', {}, h('a', { href: link(seat), 'data-seat': seat, target: '_blank', rel: 'noopener' }, `Sit ${SEAT_NAMES[seat]}`)),
            ),
          ),
        );
      },
      (e: unknown) => links.replaceChildren(h('p', { class: 'error' }, e instanceof Error ? e.message : String(e))),
    );
  });
}

function start(): void {
  const server = params.get('server');
  const tableId = params.get('table');
  const token = params.get('token');
  const { settings, problems } = readSettings(params, randomSeed);
  setUpControls(settings, server);
  setUpRecords();
  const mode = document.getElementById('mode') as HTMLElement;
  if (server !== null && tableId !== null && token !== null) {
    const base = serverBase(server);
    if (base === null) {
      setUi({ error: `server=${server} is not an http(s) URL.` });
      return;
    }
    mode.textContent = 'At a server table';
    if (settings.dd) ui = { ...ui, dd: DD_OFF };
    table = serverTable(base, tableId, token);
    return;
  }
  // The URL always names the game being played, so that it can be shared as it is.
  const query = settingsQuery(settings) + (server === null ? '' : `&${new URLSearchParams({ server })}`);
  history.replaceState(null, '', `?${query}`);
  mode.textContent = `${PERSON} and three computer players (${settings.bots}) · ${settings.rules} whist · seed ${settings.seed}`;
  if (problems.length > 0) ui = { ...ui, error: problems.join(' ') };
  soloSettings = settings;
  if (settings.dd) ui = { ...ui, dd: DD_OFF };
  table = soloTable(settings);
}

start();
