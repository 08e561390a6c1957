/**
 * The table the page plays at: in the page (solo play, `solo.ts`), with the computer players playing at
 * their pace, or on a server (`remote.ts`), whose views arrive as the table changes. Either way the page
 * only ever shows the viewer's view.
 *
 * @module
 */

import { type BySeat, PRESET_NAMES, PRESETS, type Seat, type TableView } from 'whist';
import { h } from '../dom.js';
import { rulesTitle } from '../i18n/game.js';
import { language, t } from '../i18n/index.js';
import { SEAT_NAMES } from '../names.js';
import {
  type Connection,
  joinTable,
  type Opened,
  openServerTable,
  type RemoteTable,
  type SeatAction,
  type SeatInfo,
  ServerError,
  serverBase,
} from '../remote.js';
import { mustAnswer } from '../render/claims.js';
import { turnClock } from '../render/clock.js';
import { readSeed } from '../solo.js';
import { draw, setUi } from './draw.js';
import { openProblem, seatProblem, show } from './show.js';
import type { Page, Table } from './state.js';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** How long a person may be away before a computer player plays for them, unless the form says otherwise. */
const STAND_IN_SECONDS = 30;

/** The turn clocks the form offers: seconds for each card (a decision gets twice as long). */
const TABLE_CLOCKS = [30, 60, 120] as const;

/**
 * The form that opens a table on a server asks for the rules, the four players' names, which of them the
 * server's computer player plays, and how long a person may be away before it stands in for them. Each
 * person gets the link to their seat; the spectators' link follows the table and cannot play. Called once,
 * by `start()`.
 */
export function setUpOpenTable(): void {
  const open = typeof document === 'undefined' ? null : (document.getElementById('open-table') as HTMLFormElement | null);
  if (open === null || open.dataset.players === '1') return;
  open.dataset.players = '1';
  const W = t().server;
  const rules = h(
    'select',
    { name: 'table-rules' },
    PRESET_NAMES.map((name) => h('option', { value: name }, W.rulesOption(rulesTitle(PRESETS[name]), PRESETS[name].target))),
  );
  const named = new URLSearchParams(location.search).get('rules');
  rules.value = named !== null && (PRESET_NAMES as readonly string[]).includes(named) ? named : 'short';
  const players = h(
    'fieldset',
    { class: 'players' },
    h('legend', {}, W.players),
    [1, 2, 3, 4].map((i) =>
      h(
        'div',
        { class: 'player' },
        h('label', {}, `${W.player(i)} `, h('input', { name: `player-${i}`, autocomplete: 'off', maxlength: 40, placeholder: W.player(i) })),
        h('label', { class: 'check' }, h('input', { type: 'checkbox', name: `computer-${i}` }), ` ${W.computer}`),
      ),
    ),
  );
  const standIn = h('input', { name: 'stand-in', inputmode: 'numeric', pattern: '[0-9]{1,5}', autocomplete: 'off', value: String(STAND_IN_SECONDS) });
  const laws = h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'table-laws' }), ` ${W.laws}`);
  const clock = h(
    'select',
    { name: 'table-clock' },
    h('option', { value: '' }, W.clockOff),
    TABLE_CLOCKS.map((card) => h('option', { value: String(card) }, W.clockOption(card))),
  );
  const fields = h(
    'div',
    { class: 'open-fields' },
    h('label', {}, W.rules, rules),
    laws,
    players,
    h('label', {}, W.standIn, standIn, W.seconds),
    h('label', {}, W.clock, clock),
  );
  const seedLabel = (open.elements.namedItem('table-seed') as HTMLInputElement | null)?.closest('label') ?? open.querySelector('button[type="submit"]');
  if (seedLabel !== null) seedLabel.before(fields);
  else open.prepend(fields);
  open.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitOpenTable(open);
  });
}

/**
 * The table could not be opened: the sentence (the refusal's code only in `data-problem`, for tests and
 * bug reports), and the ways on: try again, or go back to the game on the table.
 */
function failed(links: HTMLElement, text: string, code: string): void {
  const back = h('button', { type: 'button', class: 'secondary', 'data-action': 'close-controls' }, t().server.back);
  back.addEventListener('click', () => {
    const controls = document.getElementById('controls') as HTMLDetailsElement | null;
    if (controls !== null) controls.open = false;
    document.getElementById('table')?.focus();
  });
  links.replaceChildren(
    h('p', { class: 'error', role: 'alert', 'data-problem': code }, text),
    h('p', { class: 'ways' }, h('button', { type: 'submit', class: 'primary' }, t().server.tryAgain), ' ', back),
  );
}

async function submitOpenTable(open: HTMLFormElement): Promise<void> {
  const links = document.getElementById('seat-links') as HTMLElement;
  const value = (name: string) => String(new FormData(open).get(name) ?? '').trim();
  const checked = (name: string) => new FormData(open).get(name) !== null;
  const clockText = value('table-clock');
  const clockCard = (TABLE_CLOCKS as readonly number[]).includes(Number(clockText)) ? Number(clockText) : null;
  const problem = (text: string) => links.replaceChildren(h('p', { class: 'error', role: 'alert' }, text));
  const W = t().server;
  const base = serverBase(value('server'));
  if (base === null) return problem(W.badServer);
  const seedText = value('table-seed');
  const seed = seedText === '' ? null : readSeed(seedText);
  if (seedText !== '' && seed === null) return problem(W.badSeed);
  const standInText = value('stand-in');
  const standIn = standInText === '' ? STAND_IN_SECONDS : Number(standInText);
  if (!Number.isInteger(standIn) || standIn < 0 || standIn > 86_400) return problem(W.badStandIn);
  // Without any name, the seats keep their own names (N, E, S, W) and no one cuts: player 1 sits North.
  const named = [1, 2, 3, 4].some((i) => value(`player-${i}`) !== '');
  const players: string[] = [];
  const computers: string[] = [];
  for (const i of [1, 2, 3, 4]) {
    const computer = new FormData(open).get(`computer-${i}`) !== null;
    const name = named ? value(`player-${i}`) || (computer ? W.computerName(i) : W.player(i)) : (SEATS[i - 1] as Seat);
    players.push(name);
    if (computer) computers.push(name);
  }
  if (new Set(players).size !== 4) return problem(W.sameNames);
  if (computers.length === 4) return problem(W.noPerson);
  links.replaceChildren(h('p', {}, W.opening));
  let opened: Opened;
  try {
    opened = await openServerTable(base, {
      rules: value('table-rules') || 'short',
      ...(named ? { players } : {}),
      ...(computers.length === 0 ? {} : { computers }),
      standInAfterSeconds: standIn,
      ...(checked('table-laws') ? { laws: true } : {}),
      ...(clockCard === null ? {} : { clock: { card: clockCard, decision: 2 * clockCard } }),
      ...(seed === null ? {} : { seed }),
    });
  } catch (e) {
    // One sentence for the player, whatever went wrong (anything but the server's refusal is no answer), and the ways on.
    const refusal = e instanceof ServerError ? e : { status: 0, code: 'NETWORK' };
    return failed(links, openProblem(refusal, base), refusal.code);
  }
  const link = (token: string) => `${location.origin}${location.pathname}?${new URLSearchParams({ server: base, table: opened.id, token })}`;
  links.replaceChildren(
    h('p', {}, W.opened(opened.id)),
    h(
      'ul',
      {},
      SEATS.map((seat) => {
        const s = opened.seats[seat];
        return !('token' in s)
          ? h('li', { 'data-seat': seat }, W.byComputer(SEAT_NAMES[seat], s.player))
          : h('li', {}, h('a', { href: link(s.token), 'data-seat': seat, target: '_blank', rel: 'noopener' }, W.sit(SEAT_NAMES[seat], s.player)));
      }),
      opened.spectator === undefined
        ? null
        : h('li', {}, h('a', { href: link(opened.spectator), 'data-spectator': '1', target: '_blank', rel: 'noopener' }, W.watch)),
    ),
  );
}

/**
 * Who is at the table, beside the mode line: each seat's player and whether they are here, one box a seat
 * of a fixed size (a row of four, two rows of two on a phone), so that nothing on the page moves when
 * someone comes or goes; the whole sentence for screen readers, the name and a short status in sight. A
 * seated player may give a seat no one is at to the server's computer player, and take their own seat back
 * from the computer player that plays for them since their clock ran out.
 */
function showSeats(page: Page, seats: BySeat<SeatInfo>, viewer: Seat | null, give: ((seat: Seat) => void) | null, back: (() => void) | null): void {
  const W = t().server;
  let line = document.getElementById('seat-status');
  if (line === null) {
    // In the title bar, a row of its own after the mode line.
    line = h('p', { id: 'seat-status', class: 'seat-status', 'aria-live': 'polite' });
    page.modeLine.after(line);
  }
  line.replaceChildren(
    ...SEATS.map((seat) => {
      const info = seats[seat];
      const timedOut = info.status === 'computer' && info.timedOut === true;
      // The whole status for the title and screen readers, and in sight a short form: the box keeps its size.
      const status = W.status[info.status] ?? info.status;
      const [text, short] = info.standIn === true ? [W.standingIn, W.standingInShort] : timedOut ? [W.timedOut, W.timedOutShort] : [status, status];
      const who = W.seat(SEAT_NAMES[seat], seat === viewer, info.player, text);
      // An empty seat may be given; a player away keeps the seat until a computer player stands in by itself.
      const free = give !== null && viewer !== null && seat !== viewer && info.status === 'empty';
      const button = free
        ? h('button', { type: 'button', class: 'secondary give-seat', 'data-give': seat, 'aria-label': W.give(SEAT_NAMES[seat]) }, W.computerPlays)
        : timedOut && seat === viewer && back !== null
          ? h('button', { type: 'button', class: 'secondary take-back', 'data-take-back': seat }, W.takeBack)
          : null;
      if (button !== null) button.addEventListener('click', () => (free ? give?.(seat) : back?.()));
      const shown = h(
        'span',
        { class: 'seat-line', 'aria-hidden': 'true' },
        h('span', { class: 'seat-name' }, info.player),
        h('span', { class: 'seat-state' }, short),
      );
      return h(
        'span',
        {
          'data-seat': seat,
          'data-status': info.standIn === true ? 'stand-in' : info.status,
          ...(timedOut ? { 'data-timed-out': '1' } : {}),
          ...(seat === viewer ? { 'data-you': '1' } : {}),
          title: who,
        },
        h('span', { class: 'sr-only' }, who),
        shown,
        button,
      );
    }),
  );
}

/**
 * What the player is told when the server refuses, or does not answer, at a table already joined: the
 * library's refusal of an action (a 422 with the library's code) as the library says it, a seat someone
 * took first, and anything else as `seatProblem` says it, never the server's own words.
 */
function atTableProblem(e: unknown, base: string): string {
  if (!(e instanceof ServerError)) return seatProblem({ status: 0, code: 'NETWORK' }, base);
  // The library's refusal: its English message in English, else said by its code.
  if (e.status === 422) return language() === 'en' ? e.message : t().refusal(e.code, e.message);
  if (e.code === 'SEAT_TAKEN') return t().server.seatTaken;
  if (e.code === 'SEAT_AWAY') return t().server.seatAway;
  if (e.status === 409) return t().server.changed;
  return seatProblem(e, base);
}

/**
 * Joins a table on a server with a seat's token (or the spectators' token, to watch it), and follows it.
 * The link holds the token, and the page stores nothing else: opening the link again, after a reload or
 * on another device, takes the seat back.
 */
export function serverTable(page: Page, base: string, table: string, token: string): Table {
  page.ui = { ...page.ui, mode: 'server', connection: 'connecting' };
  draw(page);
  /** The action on its way to the server, until its answer is read. */
  let sending: Promise<void> | null = null;
  let viewer: Seat | null = null;
  let watching = false;
  /** The server's last `counter`, as JSON: the same one again keeps the page's choice (closed or not). */
  let counterText: string | null = null;
  const clock = turnClock(page.root);
  const remote: RemoteTable = joinTable({
    base,
    table,
    token,
    onSeats: (seats) =>
      showSeats(
        page,
        seats,
        viewer,
        (seat) => {
          remote.giveSeat(seat).catch((e: unknown) => setUi(page, { error: atTableProblem(e, base) }));
        },
        () => {
          remote.takeSeatBack().catch((e: unknown) => setUi(page, { error: atTableProblem(e, base) }));
        },
      ),
    onSeen: (seen) => {
      viewer = seen.seat;
      watching = seen.seat === null;
      // A claim played on: its counter-example is shown when it first comes, and stays closed once the
      // viewer closes it or plays; the server stops sending it once the claim's trick is over.
      const sent = seen.counter === undefined ? null : JSON.stringify(seen.counter);
      const counter = seen.counter === undefined ? null : sent === counterText ? page.ui.counter : { key: String(seen.view.dealNumber), ...seen.counter };
      counterText = sent;
      show(page, seen.view, { error: null, counter });
      clock.show(seen.clock);
      const text = seen.seat === null ? t().server.watching : t().server.seated(SEAT_NAMES[seen.seat]);
      if (page.watching === null) page.modeLine.textContent = text;
      else page.modeBefore = text;
    },
    onConnection: (connection: Connection, error: ServerError | null) => {
      if (connection !== page.ui.connection || error !== null) setUi(page, { connection, ...(error === null ? {} : { error: atTableProblem(error, base) }) });
    },
  });
  remote.refresh().catch((e: unknown) => setUi(page, { error: atTableProblem(e, base) }));
  addEventListener('pagehide', () => remote.close());
  return {
    async act(action) {
      // The server deals; a spectator only watches; a revoke let stand needs no word to the server.
      if (action.type === 'deal' || action.type === 'letRevokeStand' || watching) return;
      // One action at a time. An action chosen while another is on its way (the next view can come from the
      // events stream before the answer to the last action) waits for it, and is sent if the view it was chosen
      // on is still the one shown: a second click on a card already sent is not sent again.
      const chosenOn = remote.version;
      const answering = action.type === 'acceptClaim' || action.type === 'refuseClaim' ? claimAnswered(page.view) : null;
      while (sending !== null) {
        await sending;
        if (remote.version !== chosenOn) return;
      }
      const sent = send(action, answering);
      sending = sent;
      try {
        await sent;
      } finally {
        if (sending === sent) sending = null;
      }
    },
    record: async () => null,
    ddPosition: () => null,
  };

  /**
   * Sends an action; an error the server answers with is shown once the table is read again. `answering`:
   * the claim the action answers, as {@link claimAnswered} keys it, when the action is an answer to a claim
   * (else `null`).
   */
  async function send(action: SeatAction, answering: string | null, again = true): Promise<void> {
    try {
      await remote.act(action);
    } catch (e) {
      // The table moved on since the view the action was chosen on (a clock ran out, another player answered
      // a claim first): the new view is read, and then the player is told to look again. A new rubber
      // someone else already started is no failure: the next view shows it.
      const stale = e instanceof ServerError && e.code === 'STALE_VERSION';
      const quiet = e instanceof ServerError && action.type === 'newRubber' && (stale || e.code === 'INVALID_ACTION');
      if (!stale && !quiet) setUi(page, { error: atTableProblem(e, base) });
      await remote.refresh().catch(() => {});
      // An answer to a claim crossed another answer to it (the partner's): when the same claim still waits
      // for this seat, the answer still means what it meant, and it is sent once more on the new view.
      if (stale && again && answering !== null && claimAnswered(page.view) === answering) return send(action, answering, false);
      if (stale && !quiet) setUi(page, { error: atTableProblem(e, base) });
    }
  }
}

/**
 * The claim the view waits for the viewer's answer to, as a key (the deal, the cards played, who claims what),
 * or `null` when none waits for the viewer: two views with the same key wait for the same answer.
 */
function claimAnswered(view: TableView | null): string | null {
  const claim = view?.claim ?? null;
  if (view === null || view.hand === null || claim === null || claim.status !== 'pending' || !mustAnswer(view)) return null;
  const held = Object.values(view.hand.cardCounts).reduce((n, c) => n + c, 0);
  return JSON.stringify([view.dealNumber, held, claim.type, claim.seat, claim.tricks, claim.left]);
}
