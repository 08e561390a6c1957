/**
 * The daily challenge's elements: the day's boards and the computer players' level, the name a person plays
 * under (or, once they have started, their boards: each beside the computer players' result and the
 * others'), and the day's ranking. Every sentence a player reads here is in the page's catalogue
 * (`t().daily`, web/src/i18n); the server's answers are read as the server's docs/backend.md gives them.
 *
 * @module
 */

import type { DailyEntry, DailyToday } from 'whist-server/answers';
import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import { cardName } from '../names.js';

/** The day, and either the form to start (no entry yet) or the person's boards and the way to the next. */
export function dailyView(today: DailyToday, entry: DailyEntry | null, name: string): HTMLElement {
  const W = t().daily;
  const level = t().solo.bots[today.level] ?? today.level;
  return h(
    'section',
    { id: 'daily', class: 'lobby daily', 'aria-labelledby': 'daily-title' },
    h('h2', { id: 'daily-title' }, W.title),
    h('p', { class: 'muted' }, W.intro(today.boards)),
    h('p', { class: 'muted', 'data-daily': 'day' }, W.day(today.day, level)),
    entry === null ? startForm(name) : entryCard(entry),
    h('div', { id: 'daily-problem', 'aria-live': 'assertive' }),
    rankingCard(today),
  );
}

function startForm(name: string): HTMLElement {
  const L = t().lobby;
  return h(
    'form',
    { id: 'daily-start', class: 'lobby-card' },
    h(
      'label',
      { class: 'lobby-name' },
      L.nameLabel,
      h('input', {
        id: 'daily-name',
        name: 'name',
        autocomplete: 'nickname',
        maxlength: 24,
        required: true,
        value: name,
        'aria-describedby': 'daily-name-help',
      }),
    ),
    h('p', { id: 'daily-name-help', class: 'muted' }, L.nameHelp),
    h('p', { class: 'lobby-actions' }, h('button', { type: 'submit', class: 'primary', 'data-daily': 'play' }, t().daily.play)),
  );
}

function entryCard(entry: DailyEntry): HTMLElement {
  const W = t().daily;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'daily-results-title', 'data-entry': entry.id },
    h('h3', { id: 'daily-results-title' }, `${W.resultsTitle} · ${entry.name}`),
    entry.results.length === 0
      ? null
      : h(
          'table',
          { class: 'daily-results' },
          h('caption', { class: 'muted' }, W.resultsCaption),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              [W.board, W.you, W.computers, W.field, W.score].map((x) => h('th', { scope: 'col' }, x)),
            ),
          ),
          h(
            'tbody',
            {},
            entry.results.map((r) =>
              h(
                'tr',
                { 'data-board': r.board },
                h('th', { scope: 'row' }, String(r.board)),
                h('td', { 'data-cell': 'you' }, String(r.tricks.NS)),
                h('td', { 'data-cell': 'computers' }, r.computers === null ? '–' : String(r.computers.tricks.NS)),
                h('td', { 'data-cell': 'field' }, r.field.length === 0 ? W.nobodyElse : r.field.join(', ')),
                h('td', { 'data-cell': 'score' }, W.percent(r.matchpoints.percent)),
              ),
            ),
          ),
        ),
    entry.results.length === 0 ? null : h('p', { 'data-daily': 'total', role: 'status' }, W.total(entry.total.percent, entry.total.rank, entry.total.of)),
    entry.results.length === 0 ? null : differsList(entry),
    entry.board === null
      ? h('p', { 'data-daily': 'done' }, W.done)
      : h('p', { class: 'lobby-actions' }, h('button', { type: 'button', class: 'primary', 'data-daily': 'board' }, W.playBoard(entry.board, entry.boards))),
  );
}

/** The person's cards where the computer players, from the same cards, would have played another. */
function differsList(entry: DailyEntry): HTMLElement {
  const W = t().daily;
  const items = entry.results.flatMap((r) =>
    (r.differs ?? []).map((d) =>
      h('li', { 'data-board': r.board, 'data-trick': d.trick }, W.differs(r.board, d.trick, cardName(d.played), cardName(d.computers))),
    ),
  );
  return h(
    'details',
    { class: 'daily-differs', 'data-daily': 'differs' },
    h('summary', {}, W.differsTitle),
    items.length === 0 ? h('p', { class: 'muted' }, W.noDiffers) : h('ul', {}, items),
  );
}

function rankingCard(today: DailyToday): HTMLElement {
  const W = t().daily;
  return h(
    'section',
    { class: 'lobby-card', 'aria-labelledby': 'daily-ranking-title' },
    h('h3', { id: 'daily-ranking-title' }, W.rankingTitle),
    today.ranking.length === 0
      ? h('p', { class: 'muted', 'data-daily': 'no-ranking' }, W.noRanking)
      : h(
          'table',
          { class: 'daily-ranking' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              [W.rank, W.name, W.boards, W.score].map((x) => h('th', { scope: 'col' }, x)),
            ),
          ),
          h(
            'tbody',
            {},
            today.ranking.map((p) =>
              h(
                'tr',
                { 'data-name': p.name },
                h('td', {}, String(p.rank)),
                h('th', { scope: 'row' }, p.name),
                h('td', {}, String(p.boards)),
                h('td', {}, W.percent(p.percent)),
              ),
            ),
          ),
        ),
  );
}
