/**
 * The ratings' elements: the leaderboard, the form that registers a name for rated events, and the person's
 * own rating with its history. Every sentence is in the page's catalogue (`t().ratings`); the server's answers
 * are read as docs/backend.md gives them.
 *
 * @module
 */

import { h } from '../dom.js';
import { t } from '../i18n/index.js';

/** A player's line on the leaderboard (`GET /ratings`). */
export interface LeaderboardLine {
  readonly name: string;
  readonly rating: number;
  readonly boards: number;
  readonly partners: number;
  readonly opponents: number;
  readonly rank: number;
}

/** The leaderboard (`GET /ratings`). */
export interface Leaderboard {
  readonly floor: { readonly boards: number; readonly partners: number; readonly opponents: number };
  readonly players: readonly LeaderboardLine[];
}

/** One player's rating (`GET /ratings/:name`). */
export interface OwnRating extends LeaderboardLine {
  readonly events: number;
  readonly qualified: boolean;
  readonly history: readonly { readonly event: string; readonly rating: number }[];
}

const shown = (rating: number): string => rating.toFixed(1);

/** The ratings' page: the leaderboard, and either the form to register a name or the person's own rating. */
export function ratingsView(board: Leaderboard, name: string | null, own: OwnRating | null): HTMLElement {
  const R = t().ratings;
  return h(
    'section',
    { id: 'ratings', class: 'lobby ratings', 'aria-labelledby': 'ratings-title' },
    h('h2', { id: 'ratings-title' }, R.title),
    h('p', { class: 'muted' }, R.intro),
    name === null ? registerForm() : ownCard(name, own),
    h('div', { id: 'ratings-problem', 'aria-live': 'assertive' }),
    h(
      'section',
      { class: 'lobby-card', 'aria-labelledby': 'leaderboard-title' },
      h('h3', { id: 'leaderboard-title' }, R.leaderboardTitle),
      h('p', { class: 'muted' }, R.floor(board.floor.boards, board.floor.partners, board.floor.opponents)),
      board.players.length === 0
        ? h('p', { class: 'muted', 'data-ratings': 'nobody' }, R.nobody)
        : h(
            'table',
            { class: 'daily-ranking leaderboard' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                [R.rank, R.name, R.rating, R.boards].map((x) => h('th', { scope: 'col' }, x)),
                [R.partners, R.opponents].map((x) => h('th', { scope: 'col', class: 'wide' }, x)),
              ),
            ),
            h(
              'tbody',
              {},
              board.players.map((p) =>
                h(
                  'tr',
                  { 'data-name': p.name },
                  h('td', {}, String(p.rank)),
                  h('th', { scope: 'row' }, p.name),
                  h('td', { 'data-cell': 'rating' }, shown(p.rating)),
                  h('td', {}, String(p.boards)),
                  h('td', { class: 'wide' }, String(p.partners)),
                  h('td', { class: 'wide' }, String(p.opponents)),
                ),
              ),
            ),
          ),
    ),
  );
}

function registerForm(): HTMLElement {
  const R = t().ratings;
  return h(
    'form',
    { id: 'ratings-register', class: 'lobby-card', 'aria-labelledby': 'ratings-register-title' },
    h('h3', { id: 'ratings-register-title' }, R.registerTitle),
    h(
      'label',
      { class: 'lobby-name' },
      t().lobby.nameLabel,
      h('input', { id: 'ratings-name', name: 'name', autocomplete: 'nickname', maxlength: 24, required: true, 'aria-describedby': 'ratings-help' }),
    ),
    h('p', { id: 'ratings-help', class: 'muted' }, R.registerHelp),
    h('p', { class: 'lobby-actions' }, h('button', { type: 'submit', class: 'primary', 'data-ratings': 'register' }, R.register)),
  );
}

function ownCard(name: string, own: OwnRating | null): HTMLElement {
  const R = t().ratings;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'ratings-own-title', 'data-ratings': 'own' },
    h('h3', { id: 'ratings-own-title' }, R.yoursTitle),
    h('p', {}, R.registered(name)),
    own === null || own.events === 0
      ? h('p', { class: 'muted' }, R.notYet)
      : h('p', { 'data-ratings': 'yours' }, R.yours(shown(own.rating), own.boards, own.partners, own.opponents)),
    own === null || own.events === 0 ? null : h('p', { class: 'muted', 'data-ratings': 'qualified' }, own.qualified ? R.qualified : R.notQualified),
    own === null || own.history.length === 0
      ? null
      : h(
          'details',
          { 'data-ratings': 'history' },
          h('summary', {}, R.historyTitle),
          h(
            'ol',
            {},
            own.history.map((point, i) => h('li', {}, R.afterEvent(i + 1, shown(point.rating)))),
          ),
        ),
  );
}

/** A rated table as the server shows it (`GET /rated-tables/:id`). */
export interface RatedTableShown {
  readonly id: string;
  readonly status: 'gathering' | 'playing' | 'over';
  readonly players: Readonly<Record<'N' | 'E' | 'S' | 'W', string>>;
  readonly confirmed: Readonly<Record<'N' | 'E' | 'S' | 'W', boolean>>;
  readonly tableId: string | null;
  readonly winner: 'NS' | 'EW' | null;
}

const SEAT_ORDER = ['N', 'E', 'S', 'W'] as const;

/** The form that opens a rated table: the four players by seat, the person's registered name in the north. */
export function ratedTableForm(name: string, seatName: (seat: string) => string): HTMLElement {
  const R = t().ratings;
  return h(
    'form',
    { id: 'rated-table-open', class: 'lobby-card', 'aria-labelledby': 'rated-table-title' },
    h('h3', { id: 'rated-table-title' }, R.tableTitle),
    h('p', { class: 'muted' }, R.tableHelp),
    SEAT_ORDER.map((seat) =>
      h(
        'label',
        { class: 'lobby-name' },
        R.seatLabel(seatName(seat)),
        h('input', { name: seat, autocomplete: 'off', maxlength: 24, required: true, ...(seat === 'N' ? { value: name } : {}) }),
      ),
    ),
    h('p', { class: 'lobby-actions' }, h('button', { type: 'submit', class: 'primary', 'data-ratings': 'open-table' }, R.openTable)),
  );
}

/** A rated table: who has taken their seat, the person's own way in, and its rubber's winners once it is over. */
export function ratedTableView(table: RatedTableShown, name: string | null, held: boolean, link: string, seatName: (seat: string) => string): HTMLElement {
  const R = t().ratings;
  const mine = SEAT_ORDER.find((s) => name !== null && table.players[s].toLocaleLowerCase('und') === name.toLocaleLowerCase('und'));
  const winners = table.winner === null ? '' : table.winner === 'NS' ? `${table.players.N} – ${table.players.S}` : `${table.players.E} – ${table.players.W}`;
  const status = table.status === 'gathering' ? R.tableGathering : table.status === 'playing' ? R.tablePlaying : R.tableOver(winners);
  return h(
    'section',
    { id: 'rated-table', class: 'lobby ratings', 'aria-labelledby': 'rated-table-title', 'data-status': table.status },
    h('h2', { id: 'rated-table-title' }, R.tableTitle),
    h('p', { role: 'status', 'data-ratings': 'table-status' }, status),
    h(
      'ul',
      { class: 'duplicate-pairs' },
      SEAT_ORDER.map((s) => h('li', { 'data-seat': s }, `${seatName(s)}: ${R.seated(table.players[s], table.confirmed[s])}`)),
    ),
    table.status === 'gathering' ? h('p', { class: 'lobby-card' }, `${R.tableLink} `, h('a', { href: link, class: 'partner-link' }, link)) : null,
    h('div', { id: 'ratings-problem', 'aria-live': 'assertive' }),
    mine === undefined
      ? name === null
        ? null
        : h('p', { class: 'muted' }, R.notAPlayer)
      : !held && table.status === 'gathering'
        ? h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-ratings': 'take-seat' }, R.takeSeat(table.players[mine])))
        : held && table.status === 'playing' && table.tableId !== null
          ? h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-ratings': 'go-to-table' }, R.goToTable))
          : null,
  );
}
