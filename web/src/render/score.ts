/**
 * The score on screen, beside the felt: the table of tricks, game score, games and rubber points by side
 * (`[data-score="game"][data-side="NS"]`), the games won and what each was worth, the hands and rubbers
 * played with their explanations, and in solo play the record to download.
 *
 * @module
 */

import { type BySide, type HandSummary, type Rules, type Side, sideOf, type TableView } from 'whist';
import { type Child, h } from '../dom.js';
import { explainHand, gameValueText } from '../explain.js';
import { rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';
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
  const head = (s: Side) => h('th', { scope: 'col', title: SIDE_NAMES[s] }, s, mine === s ? h('span', { class: 'muted' }, t().score.you) : null);
  return h(
    'aside',
    { class: 'scores', 'aria-labelledby': 'scores-title' },
    h('h2', { id: 'scores-title' }, t().score.title),
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

/**
 * What each line of the score table means, with the rules' numbers: the labels are the table's own, so the
 * Rules dialog explains the lines the player sees.
 */
export function scoreLines(rules: Rules): (readonly [label: string, meaning: string])[] {
  const W = t().score;
  const odd = W.oddPoints(rules.pointsPerOddTrick);
  const games = rules.rubber.gamesToWin;
  const honours = rules.honours === null ? '' : W.honoursNote;
  const lines: (readonly [string, string])[] = [
    [W.tricks, W.tricksMeaning(odd)],
    [W.game, W.gameMeaning(honours, rules.target)],
    [W.wonLine, W.wonMeaning],
    [W.games, W.gamesMeaning(games)],
  ];
  if (rules.rubber.points !== null) lines.push([W.rubberPoints, W.rubberMeaning(rules.rubber.points.bonus, rules.slamBonus !== null)]);
  lines.push([W.hands, W.handsMeaning]);
  return lines;
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
      h('summary', {}, t().score.handLine(i + 1, gained(hand.points).join(', '), hand.game ? hand.game.winner : null)),
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
    h('h3', { id: 'record-title' }, t().score.record),
    any
      ? [
          h('button', { type: 'button', class: 'secondary', 'data-action': 'download-record', 'aria-describedby': 'record-note' }, t().score.download),
          h('p', { id: 'record-note', class: 'muted' }, t().score.recordNote),
        ]
      : h('p', { class: 'muted' }, t().score.recordLater),
  );
}

/** The score of the table the viewer sits at: this hand, this game, the rubber, and what came before. */
export function scores(view: TableView, ui: Ui): HTMLElement {
  const gameNumber = view.games.length + (view.rubberWinner === null ? 1 : 0);
  // While the hand that won a game is on screen, its game's final score: the winners at the target, the
  // losers where they were (HandSummary.score, before the reset). The game score is then the next game's.
  const last = view.hands.at(-1);
  const won = last?.game !== null && last?.game !== undefined && resultShown(view, ui) ? last : null;
  // Once the hand on the table is over, its tricks as scored: a hand a claim ended counts the tricks claimed.
  const over = view.hand !== null && (view.next.action === 'deal' || view.next.action === 'newRubber');
  return scoreAside(
    t().score.caption(view.rubbers.length + 1, view.rubberWinner === null ? gameNumber : null, rulesTitle(view.rules), view.rules.target),
    view.viewer === null ? null : sideOf(view.viewer),
    [
      [t().score.tricks, 'tricks', over && last !== undefined ? last.tricks : (view.hand?.tricksWon ?? { NS: 0, EW: 0 })],
      won?.game ? [t().score.gameWonBy(view.games.length, won.game.winner), 'won', won.score] : null,
      [won !== null && view.rubberWinner === null ? t().score.gameNScore(gameNumber) : t().score.game, 'game', view.score],
      [t().score.games, 'games', view.gamesWon],
      view.rubberPoints === null ? null : [t().score.rubberPoints, 'rubber', view.rubberPoints],
    ],
    view.games.length === 0
      ? null
      : h(
          'ol',
          { class: 'games', 'aria-label': t().score.gamesLabel },
          view.games.map((g, i) =>
            h('li', {}, t().score.gameLine(i + 1, g.winner, g.winner === 'NS' ? 'EW' : 'NS', g.losersScore, gameValueText(view.rules, g.value))),
          ),
        ),
    view.hands.length === 0
      ? null
      : history(
          'hands-title',
          t().score.hands,
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
          t().score.rubbers,
          h(
            'ol',
            {},
            view.rubbers.map((r) =>
              h(
                'li',
                {},
                t().score.rubberWon(r.winner, r.games[r.winner], r.games[r.winner === 'NS' ? 'EW' : 'NS']),
                r.rubberPoints === null ? '' : t().score.rubberPointsLine(r.rubberPoints.NS, r.rubberPoints.EW),
              ),
            ),
          ),
        ),
    ui.mode === 'solo' ? recordSection(view) : null,
  );
}
