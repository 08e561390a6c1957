/**
 * The score on screen, beside the felt: the table of tricks, game score, games and rubber points by side
 * (`[data-score="game"][data-side="NS"]`), the games won and what each was worth, the hands and rubbers
 * played with their explanations, and in solo play the record to download.
 *
 * @module
 */

import { type BySide, type HandSummary, type Side, sideOf, type TableView } from 'whist';
import { type Child, h } from '../dom.js';
import { explainHand, gameValueText } from '../explain.js';
import { SIDE_NAMES } from '../names.js';
import { explanation, resultShown } from './hand.js';
import type { Ui } from './ui.js';

/** A row of the score table: its label, its `data-score` kind, and the value for each side. */
export type ScoreRow = readonly [label: string, kind: string, value: BySide];

/**
 * The score aside: a table with a column per side (`mine`, the viewer's side, marked "(you)"), then the
 * rest (lists of games, hands, rubbers).
 */
export function scoreAside(caption: string, mine: Side | null, rows: readonly (ScoreRow | null)[], ...rest: Child[]): HTMLElement {
  const head = (s: Side) => h('th', { scope: 'col', title: SIDE_NAMES[s] }, s, mine === s ? h('span', { class: 'muted' }, ' (you)') : null);
  return h(
    'aside',
    { class: 'scores', 'aria-labelledby': 'scores-title' },
    h('h2', { id: 'scores-title' }, 'Score'),
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, h('td', {}), head('NS'), head('EW'))),
      h(
        'tbody',
        {},
        rows.map((row) =>
          row === null
            ? null
            : h(
                'tr',
                {},
                h('th', { scope: 'row' }, row[0]),
                (['NS', 'EW'] as const).map((s) => h('td', { 'data-score': row[1], 'data-side': s }, row[2][s])),
              ),
        ),
      ),
    ),
    rest,
  );
}

/** A titled part of the score aside: `id` names its heading, for `aria-labelledby`. */
export function history(id: string, title: string, ...content: Child[]): HTMLElement {
  return h('section', { class: 'history', 'aria-labelledby': id }, h('h3', { id }, title), content);
}

/** "NS +4, EW +2": the points each side gained in a hand. */
export function gained(points: BySide): string[] {
  return (['NS', 'EW'] as const).filter((s) => points[s] > 0).map((s) => `${s} +${points[s]}`);
}

/** A hand of the rubber: what it scored, and its explanation when opened. */
function handRow(view: TableView, hand: HandSummary, i: number): HTMLElement {
  return h(
    'li',
    {},
    h(
      'details',
      {},
      h('summary', {}, `Hand ${i + 1}: ${gained(hand.points).join(', ')}${hand.game ? ` · ${hand.game.winner} win the game` : ''}`),
      explanation(explainHand(view.rules, view.hands, i)),
    ),
  );
}

/** Solo play: the table's record, to download once a hand is over. At a server table the page holds no table to write. */
function recordSection(view: TableView): HTMLElement {
  const any = view.hands.length > 0 || view.rubbers.length > 0;
  return h(
    'section',
    { class: 'history record', 'aria-labelledby': 'record-title' },
    h('h3', { id: 'record-title' }, 'Record'),
    any
      ? [
          h('button', { type: 'button', class: 'secondary', 'data-action': 'download-record', 'aria-describedby': 'record-note' }, 'Download the record'),
          h(
            'p',
            { id: 'record-note', class: 'muted' },
            'Every finished hand of this table, with its deal, its play and its score, as a PBN file. The hand being played is left out.',
          ),
        ]
      : h('p', { class: 'muted' }, 'The record can be downloaded once a hand is over.'),
  );
}

/** The score of the table the viewer sits at: this hand, this game, the rubber, and what came before. */
export function scores(view: TableView, ui: Ui): HTMLElement {
  const gameNumber = view.games.length + (view.rubberWinner === null ? 1 : 0);
  // While the hand that won a game is on screen, its game's final score: the winners at the target, the
  // losers where they were (HandSummary.score, before the reset). The game score is then the next game's.
  const last = view.hands.at(-1);
  const won = last?.game !== null && last?.game !== undefined && resultShown(view, ui) ? last : null;
  return scoreAside(
    `Rubber ${view.rubbers.length + 1}${view.rubberWinner === null ? `, game ${gameNumber}` : ''} · ${view.rules.name} whist, game is ${view.rules.target}`,
    view.viewer === null ? null : sideOf(view.viewer),
    [
      ['Tricks this hand', 'tricks', view.hand?.tricksWon ?? { NS: 0, EW: 0 }],
      won?.game ? [`Game ${view.games.length} won by ${won.game.winner}`, 'won', won.score] : null,
      [won !== null && view.rubberWinner === null ? `Game ${gameNumber} score` : 'Game score', 'game', view.score],
      ['Games won', 'games', view.gamesWon],
      view.rubberPoints === null ? null : ['Rubber points', 'rubber', view.rubberPoints],
    ],
    view.games.length === 0
      ? null
      : h(
          'ol',
          { class: 'games', 'aria-label': 'Games' },
          view.games.map((g, i) =>
            h('li', {}, `Game ${i + 1}: ${g.winner} won, ${g.winner === 'NS' ? 'EW' : 'NS'} at ${g.losersScore}: ${gameValueText(view.rules, g.value)}`),
          ),
        ),
    view.hands.length === 0
      ? null
      : history(
          'hands-title',
          'Hands of this rubber',
          h(
            'ol',
            {},
            view.hands.map((x, i) => handRow(view, x, i)),
          ),
        ),
    view.rubbers.length === 0
      ? null
      : history(
          'rubbers-title',
          'Rubbers played',
          h(
            'ol',
            {},
            view.rubbers.map((r) =>
              h(
                'li',
                {},
                `${r.winner} won ${r.games[r.winner]}–${r.games[r.winner === 'NS' ? 'EW' : 'NS']}`,
                r.rubberPoints === null ? '' : `, rubber points NS ${r.rubberPoints.NS}, EW ${r.rubberPoints.EW}`,
              ),
            ),
          ),
        ),
    ui.mode === 'solo' ? recordSection(view) : null,
  );
}
