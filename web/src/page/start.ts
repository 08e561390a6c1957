/**
 * The start of the page: picks solo play or a server table from the URL, sets up the controls and the
 * records, and wires the one handler to clicks and keys.
 *
 * - Solo, `?rules=short&seed=7&bots=heuristic`: the table lives in `solo.ts`; the page asks it for the
 *   person's view after every change, and lets the computer players play from their own views.
 * - Server, `?server=http://127.0.0.1:8080&table=ID&token=T`: the view comes from the server, for the
 *   seat that token holds, and again after every `version` event.
 *
 * @module
 */

import { type Card, heuristicPlayer, type TableAction } from 'whist';
import type { ClaimCheck } from 'whist/solver';
import { h } from '../dom.js';
import { explainHand } from '../explain.js';
import { rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { serverBase } from '../remote.js';
import { revokeClaimSentence } from '../render/revokes.js';
import type { Ui } from '../render/ui.js';
import {
  AUTO_KEY,
  BOT_LABELS,
  BOTS_KEY,
  type ComputerDue,
  gameKey,
  KEPT_KEY,
  keepGames,
  openSoloTable,
  PACE,
  PERSON,
  readBots,
  readKept,
  readSaved,
  readSettings,
  type SavedSolo,
  SOLO_PLAYERS,
  type SoloSettings,
  type SoloTable,
  type Speed,
  STORAGE_KEY,
  saveText,
  settingsQuery,
  soloRules,
} from '../solo.js';
import { createSounds, SOUND_KEY } from '../sound.js';
import { whyOf } from '../why.js';
import { randomSeed, setUpControls, setUpSoloTools, syncSoloTools } from './controls.js';
import { dailyTableLine, setUpDailyLink, startDaily } from './daily.js';
import { DD_OFF } from './dd-toggle.js';
import { say, setUi } from './draw.js';
import { duplicateTableLine, setUpDuplicateLink, startDuplicate } from './duplicate.js';
import { setUpForced } from './forced.js';
import { setUpRules } from './help.js';
import { handle, intentOf } from './intents.js';
import { setUpLanguage } from './language.js';
import { setUpLearn } from './learn.js';
import { setUpLobbyLink, startLobby } from './lobby.js';
import { setUpRatingsLink, startRatedTable, startRatings } from './ratings.js';
import { setUpRecords } from './records.js';
import { seatProblem, show } from './show.js';
import { createPage, type Page, type Table } from './state.js';
import { setUpStats } from './stats.js';
import { serverTable, setUpOpenTable } from './tables.js';
import { stopThinking, think } from './thinker.js';

/** The browser's storage, or `null` where the page may not use it (private modes, blocked storage). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a stored text; `null` when there is none or storage is closed to the page. */
export function stored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a text, or removes it (`null`); a full or closed storage only means the game is not kept. */
export function store(key: string, text: string | null): void {
  try {
    if (text === null) storage()?.removeItem(key);
    else storage()?.setItem(key, text);
  } catch {
    // Nothing to do: the game goes on, it is only not kept.
  }
}

/** The pause before the next hand is dealt by itself, so the finished hand's score can be read. */
const AUTO_PAUSE: Readonly<Record<Speed, number>> = { normal: 3000, fast: 1500, instant: 0 };

/**
 * The solo table in the page: the person's first view shown, the computer players playing at their pace
 * until it is the person's turn, and the game stored in the browser after every change, so that a reload
 * or a closed tab goes on where it was.
 */
function soloTable(page: Page, settings: SoloSettings, from: SavedSolo | null): Table {
  const solo: SoloTable = openSoloTable(settings, from, (saved) => store(STORAGE_KEY, saveText(saved)));
  if (from !== null) store(STORAGE_KEY, saveText(solo.saved()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const pace = PACE[settings.speed];
  /** The computer players have something to do: an action to say, a card to play, or a claim to consider or answer. */
  const waiting = () => solo.computerDue() !== null;
  /** The sampling player's card is asked of the Worker until it fails; then the computer players play by the rules of thumb (`workerFailed`). */
  let workerOk = true;
  /** The card being thought of: the point of the game it is for, and the card once the Worker has answered. */
  let thought: { readonly key: number; readonly since: number; card: Card | null } | null = null;

  /** The Worker failed: the computer players play by the rules of thumb from here, and the page says so. */
  const workerFailed = (e: unknown): void => {
    workerOk = false;
    thought = null;
    setUi(page, { error: t().address.workerRules(whyOf(e)) });
    runComputers();
  };

  /** The computer players' actions just done, said: a revoke's penalty they claimed, with the hand's score as it made it. */
  const announce = (done: readonly TableAction[]): void => {
    const claimed = done.filter((a): a is Extract<TableAction, { type: 'claimRevoke' }> => a.type === 'claimRevoke');
    if (claimed.length === 0) return;
    const view = page.view;
    const score = view === null ? [] : explainHand(view.rules, view.hands, view.hands.length - 1);
    say(page, [...claimed.map((c) => revokeClaimSentence(c, view?.viewer ?? null)), ...score]);
  };

  /** A computer player's card that needs no Worker, or a sampling player's chosen by the rules of thumb once the Worker failed. */
  const stepAtOnce = (d: ComputerDue): void => {
    if (d.kind === 'think') solo.computerPlay(d.key, heuristicPlayer(d.view));
    else solo.computerStep();
  };

  /**
   * A sampling player's card: asked of the Worker at once; played once the Worker has answered and the
   * pace's pause has passed, and only if the game is still where it was asked (not after a take-back).
   */
  const thinkAndPlay = (turn: ComputerDue & { kind: 'think' }, delay: number): void => {
    if (thought?.key !== turn.key) {
      const mine = { key: turn.key, since: performance.now(), card: null as Card | null };
      thought = mine;
      think(page, { kind: 'play', view: turn.view, level: turn.level, seed: turn.seed }).then((r) => {
        if (closed || thought !== mine) return;
        if (r?.kind !== 'card') {
          // Stopped for another request's sake, at the same point of the game: asked again.
          thought = null;
          runComputers();
          return;
        }
        mine.card = r.card;
        runComputers();
      }, workerFailed);
      return;
    }
    const card = thought.card;
    if (card === null) return;
    const key = thought.key;
    timer = setTimeout(
      () => {
        thought = null;
        if (!solo.computerPlay(key, card)) {
          runComputers();
          return;
        }
        show(page, solo.view(), { busy: waiting() });
        syncSoloTools(page);
        runComputers();
      },
      Math.max(0, delay - (performance.now() - thought.since)),
    );
  };

  /** The claim question being checked in the Worker: the point of the game it is for. */
  let checking: number | null = null;

  /**
   * A claim for the computer players to answer, or one of them to make: checked in the Worker from what the
   * claimer can see (`checkSeatClaim`, within the library's budget); then the computer player answers or
   * claims as the library's computer seat says, the counter-example shown when it plays on.
   */
  const considerClaim = (q: ComputerDue & { kind: 'claim' | 'answer' }): void => {
    if (checking === q.key) return;
    checking = q.key;
    const decided = (check: ClaimCheck | null): void => {
      checking = null;
      const holds = check?.holds === true;
      if (!solo.computerClaim(q, holds)) {
        runComputers();
        return;
      }
      if (q.kind === 'answer') {
        const refused = check !== null && !check.holds ? { layout: check.layout, line: check.line, taken: check.taken } : null;
        const view = solo.view();
        const counter =
          holds || q.made === null ? null : { key: String(view.dealNumber), claim: q.made, tricks: q.claim.tricks, by: q.seat, context: q.context, refused };
        show(page, view, { busy: waiting(), ...(counter === null ? {} : { counter }) });
      } else if (holds) show(page, solo.view(), { busy: waiting() });
      syncSoloTools(page);
      runComputers();
    };
    think(page, { kind: 'claim', claim: q.claim }).then(
      (r) => {
        if (closed || checking !== q.key) return;
        if (r?.kind !== 'claim') {
          // Stopped for another request's sake, at the same point of the game: asked again.
          checking = null;
          runComputers();
          return;
        }
        decided(r.check);
      },
      (e: unknown) => {
        if (closed || checking !== q.key) return;
        // Without the Worker no claim can be shown to hold: the computer players play on, and claim nothing.
        page.ui = {
          ...page.ui,
          error: t().address.workerClaims(whyOf(e)),
        };
        decided(null);
      },
    );
  };

  const deal = (): void => {
    if (closed || solo.view().next.action !== 'deal') return;
    if (solo.act({ type: 'deal' }).ok) showAndRun({ error: null, lastTrickOpen: false });
  };
  /** The next deal that comes by itself: held while the person has a review of the hand asked for or on screen (they deal). */
  const autoDeal = (): void => {
    if (page.ui.review !== null && page.ui.review.key === page.finished?.key) return;
    deal();
  };

  /**
   * What the computer players say (a penalty, a call, honours) is said at once; their cards are played one at
   * a time, at the chosen pace, until it is the person's turn; then the next deal, if it comes by itself.
   */
  const runComputers = (): void => {
    clearTimeout(timer);
    if (closed) return;
    const said: TableAction[] = [];
    let due = solo.computerDue();
    while (due?.kind === 'say') {
      const done = solo.computerStep();
      if (done === null) break;
      said.push(done);
      due = solo.computerDue();
    }
    if (said.length > 0) {
      show(page, solo.view(), { busy: due !== null });
      syncSoloTools(page);
      announce(said);
    }
    if (due === null) {
      // A revoke's penalty the person's side may still claim holds the next deal until the person deals (law 78).
      const next = solo.view().next;
      if (page.auto && next.action === 'deal' && next.penalties === undefined) timer = setTimeout(autoDeal, AUTO_PAUSE[settings.speed]);
      return;
    }
    if (due.kind === 'claim' || due.kind === 'answer') {
      considerClaim(due);
      return;
    }
    const view = page.view;
    const leading = view?.hand?.trick?.cards.length === 0 && view.hand.tricks.length > 0;
    if (due.kind === 'think' && workerOk) {
      thinkAndPlay(due, leading ? pace.lead : pace.card);
      return;
    }
    const step = due;
    timer = setTimeout(
      () => {
        stepAtOnce(step);
        show(page, solo.view(), { busy: waiting() });
        syncSoloTools(page);
        runComputers();
      },
      leading ? pace.lead : pace.card,
    );
  };

  /** At the instant pace, the computer players' cards are played before the view is shown: one view, one movement. */
  const showAndRun = (patch: Partial<Ui> = {}): void => {
    const done: TableAction[] = [];
    if (pace.card === 0)
      for (let due = solo.computerDue(); due !== null && (due.kind === 'say' || due.kind === 'play'); due = solo.computerDue()) {
        const action = solo.computerStep();
        if (action === null) break;
        done.push(action);
      }
    show(page, solo.view(), { busy: waiting(), ...patch });
    syncSoloTools(page);
    announce(done);
    runComputers();
  };

  page.ui = { ...page.ui, mode: 'solo', computers: Object.values(SOLO_PLAYERS).filter((name) => name !== PERSON) };
  showAndRun();
  return {
    async act(action) {
      const r = solo.act(action);
      if (!r.ok) {
        setUi(page, { error: t().refusal(r.code, r.message) });
        return;
      }
      showAndRun({ error: null, ...(action.type === 'play' ? {} : { lastTrickOpen: false }) });
    },
    record: () => solo.record(),
    ddPosition: () => solo.ddPosition(),
    personTurns: () => solo.personTurns(),
    canUndo: () => solo.canUndo(),
    async undo() {
      clearTimeout(timer);
      if (!solo.undo()) return;
      // A card being thought of is for a point of the game that is gone.
      thought = null;
      stopThinking(page);
      // The view goes back: shown afresh, with nothing moving, and said in one sentence.
      page.view = null;
      showAndRun({ error: null, lastTrickOpen: false, focusCard: null, revokeStood: null });
      say(page, [t().solo.undone]);
    },
    setAuto(on) {
      page.auto = on;
      store(AUTO_KEY, on ? '1' : null);
      runComputers();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      stopThinking(page);
    },
  };
}

/**
 * The stored solo game to go on with, or `null` for a new one: a stored game is taken up when the URL names
 * no game (no rules, seed or computer players), or names that game's rules, seed and computer players. A
 * URL that names another game goes on with that game if this browser kept it (a game left for a new one is
 * kept, `KEPT_KEY`), and the stored game is kept in its turn. A stored value the library's reader refuses is
 * dropped, and `notice` says so in one sentence.
 */
function savedGame(params: URLSearchParams, settings: SoloSettings): { from: SavedSolo | null; notice: string | null } {
  const text = stored(STORAGE_KEY);
  let current: SavedSolo | null = null;
  if (text !== null) {
    const r = readSaved(text);
    if (!r.ok) {
      store(STORAGE_KEY, null);
      return { from: null, notice: t().solo.unreadable };
    }
    current = r.value;
  }
  // The bare address goes on with the stored game; a URL that names a game goes on with it only if it is that game.
  const named = ['rules', 'seed', 'bots'].some((k) => (params.get(k) ?? '') !== '');
  const seeded = (params.get('seed') ?? '') !== '';
  if (current !== null && (!named || (seeded && gameKey(current) === gameKey(settings)))) return { from: current, notice: null };
  // Another game: the one kept under that address goes on, and the stored one is kept for its own address.
  const { kept, found } = keepGames(readKept(stored(KEPT_KEY)), text, seeded ? gameKey(settings) : null);
  store(KEPT_KEY, kept.length === 0 ? null : JSON.stringify(kept));
  return { from: found, notice: null };
}

/**
 * Joins a server table once the server has answered for the seat's token. When it cannot be joined (no
 * answer, a link whose key opens no seat, a table that is gone), the page says why in one sentence and
 * offers the way back to solo play, instead of waiting for ever.
 */
async function joinServerTable(page: Page, base: string, tableId: string, token: string): Promise<void> {
  page.ui = { ...page.ui, mode: 'server', connection: 'connecting' };
  setUi(page, {});
  let problem: { status: number; code: string } | null = null;
  try {
    const res = await fetch(`${base}/tables/${encodeURIComponent(tableId)}`, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (!res.ok && res.status !== 429) {
      const json = (await res.json().catch(() => null)) as { error?: { code?: unknown } } | null;
      problem = { status: res.status, code: typeof json?.error?.code === 'string' ? json.error.code : `HTTP_${res.status}` };
    }
  } catch {
    problem = { status: 0, code: 'NETWORK' };
  }
  if (problem === null) page.table = serverTable(page, base, tableId, token);
  else cannotJoin(page, problem.code, seatProblem(problem, base));
}

/** No table joined: the sentence that says why (the code only in `data-problem`), and the way back to solo play. */
function cannotJoin(page: Page, code: string, text: string): void {
  page.ui = { ...page.ui, connection: null };
  page.modeLine.textContent = t().solo.noTable;
  page.root.replaceChildren(
    h(
      'div',
      { class: 'play' },
      h('p', { class: 'error', role: 'alert', 'data-problem': code }, text),
      h('p', {}, h('a', { class: 'button primary', href: location.pathname, 'data-action': 'solo' }, t().solo.playSolo)),
    ),
  );
}

/** The sound toggle: off unless the player turned it on in this browser; kept there when changed. */
function setUpSound(page: Page): void {
  const toggle = document.getElementById('sound-toggle') as HTMLInputElement | null;
  const on = stored(SOUND_KEY) === '1';
  page.sounds = on ? createSounds() : null;
  if (toggle === null) return;
  toggle.checked = on;
  toggle.addEventListener('change', () => {
    store(SOUND_KEY, toggle.checked ? '1' : null);
    page.sounds?.close();
    page.sounds = toggle.checked ? createSounds() : null;
    // The tone of a card, at once: the player hears what the setting does.
    page.sounds?.play('card');
  });
}

/** Sends every click in the table and every key to the one handler; remembers which card has the focus. */
function listen(page: Page): void {
  const root = page.root;
  for (const type of ['click', 'keydown'] as const)
    (type === 'click' ? root : document).addEventListener(type, (event) => {
      const intent = intentOf(page, event);
      if (intent === null) return;
      event.preventDefault();
      void handle(page, intent);
    });
  // The number of tricks chosen in the claim form is kept while the table is drawn anew.
  root.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    const form = page.ui.claimForm;
    if (select.name === 'claim-tricks' && form !== null) page.ui = { ...page.ui, claimForm: { ...form, tricks: Number(select.value) } };
  });
  // The rulings list stays open or closed while the table is drawn anew ('toggle' does not bubble).
  root.addEventListener(
    'toggle',
    (event) => {
      const el = event.target as HTMLElement;
      if (el instanceof HTMLDetailsElement && el.classList.contains('rulings')) page.ui = { ...page.ui, rulingsOpen: el.open };
    },
    true,
  );
  root.addEventListener('focusin', (event) => {
    const card = (event.target as HTMLElement).dataset?.card;
    if (card !== undefined && (event.target as HTMLElement).tagName === 'BUTTON') page.ui = { ...page.ui, focusCard: card as Card };
  });
}

/**
 * Starts the page in `document`, as its URL says: the solo game it names (and the URL made to name all of
 * it, so that it can be shared), or the server table its `server`, `table` and `token` give.
 *
 * @returns the page's state
 */
export function start(): Page {
  const params = new URLSearchParams(location.search);
  setUpLanguage();
  const page = createPage(document);
  listen(page);
  const server = params.get('server');
  const tableId = params.get('table');
  const token = params.get('token');
  const storedBots = stored(BOTS_KEY);
  const { settings, problems } = readSettings(params, randomSeed, readBots(storedBots) ?? undefined);
  const atServer = server !== null && tableId !== null && token !== null;
  // A solo game stored in the browser goes on (unless the URL names another one).
  const { from, notice } = atServer ? { from: null, notice: null } : savedGame(params, settings);
  const game: SoloSettings = from === null ? settings : { ...settings, rules: from.rules, seed: from.seed, bots: from.bots, laws: from.laws === true };
  setUpControls(page, game, server, (on) => void handle(page, { type: 'dd', on }));
  setUpOpenTable();
  setUpRecords(page);
  setUpRules(page);
  setUpSound(page);
  setUpLobbyLink(params);
  setUpDailyLink(params);
  setUpDuplicateLink(params);
  setUpRatingsLink(params);
  if (params.has('lobby')) {
    startLobby(page, params);
    return page;
  }
  if (params.has('daily') && tableId === null) {
    startDaily(page, params);
    return page;
  }
  if (params.has('ratedTable') && tableId === null) {
    startRatedTable(page, params);
    return page;
  }
  if (params.has('ratings') && tableId === null) {
    startRatings(page, params);
    return page;
  }
  if (params.has('duplicate') && tableId === null) {
    startDuplicate(page, params);
    return page;
  }
  if (server !== null && tableId !== null && token !== null) {
    const base = serverBase(server);
    if (base === null) {
      cannotJoin(page, 'BAD_LINK', t().server.noServerInLink);
      return page;
    }
    page.modeLine.textContent = t().solo.atServer;
    if (params.has('daily')) dailyTableLine(page, params, base);
    if (params.has('duplicate')) duplicateTableLine(page, params, base);
    if (settings.dd) page.ui = { ...page.ui, dd: DD_OFF };
    void joinServerTable(page, base, tableId, token);
    return page;
  }
  // The URL always names the game being played, so that it can be shared as it is (and a game that teaches, `learn=1`).
  const learn = params.get('learn') === '1';
  const query = settingsQuery(game) + (server === null ? '' : `&${new URLSearchParams({ server })}`) + (learn ? '&learn=1' : '');
  const lang = params.get('lang');
  history.replaceState(null, '', `?${query}${lang === null ? '' : `&${new URLSearchParams({ lang })}`}`);
  if (learn) page.ui = { ...page.ui, learn: true };
  page.modeLine.textContent = t().solo.modeLine(
    t().solo.bots[game.bots] ?? BOT_LABELS[game.bots],
    rulesTitle(soloRules(game.rules, game.laws === true)),
    game.seed,
  );
  const said = [...(notice === null ? [] : [notice]), ...problems];
  if (said.length > 0) page.ui = { ...page.ui, error: said.join(' ') };
  page.soloSettings = game;
  page.auto = stored(AUTO_KEY) === '1';
  if (game.dd) page.ui = { ...page.ui, dd: DD_OFF };
  setUpSoloTools(page, (intent) => void handle(page, intent));
  setUpForced(page);
  setUpLearn(page);
  setUpStats();
  page.table = soloTable(page, game, from);
  syncSoloTools(page);
  return page;
}
