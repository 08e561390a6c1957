/**
 * A duplicate event's elements: the form that opens one, the event's state (its movement, round and pairs),
 * the form to join as a pair, the director's start, the person's own table or every table to follow, the
 * boards' results and the standings. Every sentence a player reads here is in the page's catalogue
 * (`t().duplicate`, web/src/i18n); the server's answers are read as docs/backend.md gives them.
 *
 * @module
 */

import type { DuplicateEvent } from 'whist-server/answers';
import { h } from '../dom.js';
import { t } from '../i18n/index.js';

/** A whole number's field; without a value, the server's default is taken (`placeholder` says which). */
function numberField(name: string, label: string, min: number, max: number, value: number | null, placeholder?: string): HTMLElement {
  return h(
    'label',
    { class: 'lobby-name' },
    label,
    h('input', { name, type: 'number', min, max, step: 1, value: value ?? undefined, required: value !== null, inputmode: 'numeric', placeholder }),
  );
}

function choice(name: string, label: string, options: readonly (readonly [string, string])[]): HTMLElement {
  return h(
    'label',
    { class: 'lobby-name' },
    label,
    h(
      'select',
      { name },
      options.map(([value, text]) => h('option', { value }, text)),
    ),
  );
}

/** The form that opens an event. */
export function openEventView(): HTMLElement {
  const D = t().duplicate;
  return h(
    'section',
    { id: 'duplicate', class: 'lobby duplicate', 'aria-labelledby': 'duplicate-title' },
    h('h2', { id: 'duplicate-title' }, D.title),
    h('p', { class: 'muted' }, D.intro),
    h(
      'form',
      { id: 'duplicate-open', class: 'lobby-card', 'aria-labelledby': 'duplicate-open-title' },
      h('h3', { id: 'duplicate-open-title' }, D.openTitle),
      h('label', { class: 'lobby-name' }, D.name, h('input', { name: 'name', maxlength: 80, autocomplete: 'off' })),
      numberField('tables', D.tables, 3, 8, 3),
      choice('movement', D.movement, [
        ['howell', D.howell],
        ['mitchell', D.mitchell],
      ]),
      numberField('boardsPerRound', D.boardsPerRound, 1, 4, 2),
      choice('scoring', D.scoring, [
        ['matchpoints', D.matchpoints],
        ['knickerbocker', D.knickerbocker],
      ]),
      h('label', { class: 'check' }, h('input', { name: 'computers', type: 'checkbox', checked: true }), ` ${D.computers}`),
      h('label', { class: 'check' }, h('input', { name: 'rated', type: 'checkbox' }), ` ${D.rated}`),
      h('label', { class: 'check' }, h('input', { name: 'spectators', type: 'checkbox' }), ` ${D.spectators}`),
      numberField('roundMinutes', D.roundMinutes, 1, 120, null, D.roundMinutesDefault),
      h('p', { class: 'lobby-actions' }, h('button', { type: 'submit', class: 'primary', 'data-duplicate': 'open' }, D.open)),
    ),
    h('div', { id: 'duplicate-problem', 'aria-live': 'assertive' }),
  );
}

/** What the page holds of the event for this person: their token, and the director's. */
export interface EventHeld {
  readonly token: string | null;
  readonly director: string | null;
  /** The link that gives the partner their seat, shown once the person has joined. */
  readonly partnerLink: string | null;
  /** At a rated event, the pair the person was asked (by the partner's link) to confirm. */
  readonly confirm: number | null;
}

/** The name (and key) the person registered for rated events on this server (page/ratings.ts), or `null`. */
export type Registered = { readonly name: string } | null;

/** The event as the person sees it: its state, what they may do now, the tables, results and standings. */
export function eventView(event: DuplicateEvent, held: EventHeld, seatName: (seat: string) => string, registered: Registered, ratings: string): HTMLElement {
  const D = t().duplicate;
  const m = event.movement;
  const movement = m.kind === 'howell' ? D.howellName : D.mitchellName;
  const status =
    event.status === 'open'
      ? D.waiting(event.pairs.length, m.pairs)
      : event.status === 'playing'
        ? D.round(event.round, m.rounds, new Date(event.roundEndsAt ?? 0).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))
        : D.over;
  return h(
    'section',
    { id: 'duplicate', class: 'lobby duplicate', 'aria-labelledby': 'duplicate-title', 'data-status': event.status, 'data-round': event.round },
    h('h2', { id: 'duplicate-title' }, event.name),
    h('p', { class: 'muted' }, D.summary(m.tables, m.pairs, m.rounds, m.boards, movement)),
    h('p', { 'data-duplicate': 'status', role: 'status' }, status),
    event.rated ? h('p', { class: 'muted', 'data-duplicate': 'rated' }, D.ratedNote) : null,
    event.you === null ? null : h('p', { 'data-duplicate': 'you' }, D.you(event.you.player, event.you.pair)),
    confirmCard(event, held, registered),
    held.partnerLink === null || event.status !== 'open'
      ? null
      : h(
          'p',
          { class: 'lobby-card' },
          `${D.partnerLink} `,
          h('a', { href: held.partnerLink, class: 'partner-link', 'data-duplicate': 'partner-link' }, held.partnerLink),
        ),
    event.status === 'open' && event.you === null && event.pairs.length < m.pairs && held.confirm === null
      ? event.rated && registered === null
        ? h('p', { class: 'lobby-card', 'data-duplicate': 'register-first' }, `${D.registerFirst} `, h('a', { href: ratings }, t().ratings.toRatings))
        : joinForm(event.rated ? registered : null)
      : null,
    event.status === 'open' && (event.director || held.director !== null)
      ? h(
          'section',
          { class: 'lobby-card', 'aria-labelledby': 'duplicate-start-title' },
          h('h3', { id: 'duplicate-start-title' }, D.start),
          h('p', { class: 'muted' }, D.directorHelp),
          h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-duplicate': 'start' }, D.start)),
        )
      : null,
    h('div', { id: 'duplicate-problem', 'aria-live': 'assertive' }),
    event.status === 'playing' ? tablesCard(event, seatName) : null,
    event.status === 'over'
      ? h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'secondary', 'data-duplicate': 'record' }, D.record))
      : null,
    event.status === 'open' || event.standings.length === 0 ? null : standingsCard(event),
    event.status === 'open' ? null : resultsCard(event),
    event.pairs.length === 0 ? null : pairsCard(event),
  );
}

/** At a rated event, the button that confirms the pair the partner's link named, when the person's registered name is its second player's. */
function confirmCard(event: DuplicateEvent, held: EventHeld, registered: Registered): HTMLElement | null {
  const pair = held.confirm === null ? undefined : event.pairs[held.confirm - 1];
  if (!event.rated || event.status !== 'open' || registered === null || pair === undefined || pair.confirmed) return null;
  if (pair.players[1].toLocaleLowerCase('und') !== registered.name.toLocaleLowerCase('und')) return null;
  const D = t().duplicate;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'duplicate-confirm-title' },
    h('h3', { id: 'duplicate-confirm-title' }, D.confirmTitle),
    h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-duplicate': 'confirm' }, D.confirm(pair.pair, registered.name))),
  );
}

/** The form to join as a pair; at a rated event, the first player is the person's registered name. */
function joinForm(registered: Registered): HTMLElement {
  const D = t().duplicate;
  return h(
    'form',
    { id: 'duplicate-join', class: 'lobby-card', 'aria-labelledby': 'duplicate-join-title' },
    h('h3', { id: 'duplicate-join-title' }, D.joinTitle),
    h(
      'label',
      { class: 'lobby-name' },
      D.player1,
      h('input', {
        name: 'player-1',
        autocomplete: 'nickname',
        maxlength: 24,
        required: true,
        ...(registered === null ? {} : { value: registered.name, readonly: true }),
      }),
    ),
    h('label', { class: 'lobby-name' }, D.player2, h('input', { name: 'player-2', autocomplete: 'off', maxlength: 24, required: true })),
    h('p', { class: 'muted' }, t().lobby.nameHelp),
    h('p', { class: 'lobby-actions' }, h('button', { type: 'submit', class: 'primary', 'data-duplicate': 'join' }, D.join)),
  );
}

/** The person's own table this round (a player), or every table with a way to follow it (anyone else). */
function tablesCard(event: DuplicateEvent, seatName: (seat: string) => string): HTMLElement {
  const D = t().duplicate;
  const you = event.you;
  if (you !== null)
    return h(
      'section',
      { class: 'lobby-card', 'aria-labelledby': 'duplicate-tables-title', 'data-duplicate': 'your-table' },
      h('h3', { id: 'duplicate-tables-title' }, D.tablesTitle),
      you.board === null || you.table === null || you.seat === null
        ? h('p', { 'data-duplicate': 'wait' }, D.waitRound)
        : h('p', {}, D.yourTable(you.table, you.board, seatName(you.seat))),
      you.board === null || you.table === null || you.tableId === null
        ? null
        : h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-duplicate': 'play' }, D.playBoard(you.board, you.table))),
    );
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'duplicate-tables-title' },
    h('h3', { id: 'duplicate-tables-title' }, D.tablesTitle),
    h(
      'ul',
      { class: 'duplicate-tables' },
      event.tables.map((table) =>
        h(
          'li',
          { class: 'table-line', 'data-table': table.table },
          `${D.table(table.table, table.ns, table.ew)} · ${table.board === null ? D.tableDone : D.playing(table.board)} `,
          table.spectator === null || table.tableId === null
            ? null
            : h('a', { href: '#', 'data-follow': table.tableId, 'data-spectator': table.spectator }, D.follow),
        ),
      ),
    ),
  );
}

function pairsCard(event: DuplicateEvent): HTMLElement {
  const D = t().duplicate;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'duplicate-pairs-title' },
    h('h3', { id: 'duplicate-pairs-title' }, D.pairsTitle),
    h(
      'ul',
      { class: 'duplicate-pairs' },
      event.pairs.map((p) =>
        h(
          'li',
          { 'data-pair': p.pair },
          `${D.pair(p.pair)}: ${p.computer ? D.computerPair : `${p.players[0]} – ${p.players[1]}`}${p.confirmed ? '' : ` (${D.unconfirmed})`}`,
        ),
      ),
    ),
  );
}

function resultsCard(event: DuplicateEvent): HTMLElement {
  const D = t().duplicate;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'duplicate-results-title' },
    h('h3', { id: 'duplicate-results-title' }, D.resultsTitle),
    event.results.length === 0
      ? h('p', { class: 'muted', 'data-duplicate': 'no-results' }, D.noResults)
      : h(
          'table',
          { class: 'daily-results duplicate-results' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              [D.board, D.ns, D.ew, D.tricks].map((x) => h('th', { scope: 'col' }, x)),
            ),
          ),
          h(
            'tbody',
            {},
            event.results.map((r) =>
              h(
                'tr',
                { 'data-board': r.board, 'data-ns': r.ns, 'data-ew': r.ew },
                h('th', { scope: 'row' }, String(r.board)),
                h('td', { class: 'nowrap' }, D.pair(r.ns)),
                h('td', { class: 'nowrap' }, D.pair(r.ew)),
                h('td', { 'data-cell': 'tricks' }, `${r.tricks.NS}–${r.tricks.EW}`, r.average ? h('span', { class: 'muted' }, ` (${D.average})`) : null),
              ),
            ),
          ),
        ),
  );
}

function standingsCard(event: DuplicateEvent): HTMLElement {
  const D = t().duplicate;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'duplicate-standings-title' },
    h('h3', { id: 'duplicate-standings-title' }, D.standingsTitle),
    event.standings.length === 0
      ? h('p', { class: 'muted' }, D.noResults)
      : h(
          'table',
          { class: 'daily-ranking duplicate-standings' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              [D.rank, D.pairsTitle, D.players, D.boards, D.score].map((x) => h('th', { scope: 'col' }, x)),
            ),
          ),
          h(
            'tbody',
            {},
            event.standings.map((s) =>
              h(
                'tr',
                { 'data-pair': s.pair },
                h('td', {}, String(s.rank)),
                h('th', { scope: 'row', class: 'nowrap' }, D.pair(s.pair)),
                h('td', {}, event.pairs[s.pair - 1]?.computer === true ? D.computerPair : `${s.players[0]} – ${s.players[1]}`),
                h('td', {}, String(s.boards)),
                h('td', { 'data-cell': 'score' }, D.percent(s.percent, s.total)),
              ),
            ),
          ),
        ),
  );
}
