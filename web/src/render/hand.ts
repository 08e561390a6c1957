/**
 * The hand on screen: the status line (which hand, who deals, trumps, whose turn), and the panel that
 * explains a hand's score once it is over, in the game's terms (`explain.ts`).
 *
 * @module
 */

import type { PlayerView, TableView } from 'whist';
import { trumpSentence } from '../changes.js';
import { h } from '../dom.js';
import { explainHand, explainRubber } from '../explain.js';
import { t } from '../i18n/index.js';
import { isRed, SEAT_NAMES, SUIT_NAMES, SUIT_SYMBOLS } from '../names.js';
import { claimOutcome } from './claims.js';
import { keyButton } from './keys.js';
import { revokesSection } from './revokes.js';
import type { Ui } from './ui.js';

/** The key of the last scored hand, `rubber:hand`, or `null` before any. */
export function lastHandKey(view: TableView): string | null {
  return view.hands.length === 0 ? null : `${view.rubbers.length}:${view.hands.length}`;
}

/** Trumps, as a badge: the suit's symbol and name, and the whole sentence (with the trump card) as its title. */
export function trumpBadge(hand: PlayerView): HTMLElement {
  if (hand.trump === null) return h('span', { class: 'trump' }, t().status.noTrumps);
  return h(
    'span',
    { class: `trump${isRed(hand.trump) ? ' red' : ''}`, title: trumpSentence(hand) },
    t().status.trumpsPrefix,
    h('span', { 'aria-hidden': 'true' }, `${SUIT_SYMBOLS[hand.trump]} `),
    SUIT_NAMES[hand.trump],
  );
}

/** Sentences that explain a score, as a list: `kind` (`hand`, `rubber`) marks what they explain. */
export function explanation(lines: readonly string[], kind?: 'hand' | 'rubber'): HTMLElement {
  return h(
    'ul',
    { class: 'explain', 'data-explain': kind },
    lines.map((line) => h('li', {}, line)),
  );
}

/**
 * Marks the page with how the person last moved the focus (`html[data-input="keys"]` or `"pointer"`), so
 * that the style sheet rings a card with the focus only for the keyboard: the page puts the focus on a
 * legal card for whoever plays by keys, which is no reason to ring it for whoever plays by pointer. Set up
 * once per root; the state lives in the document, none in this module.
 */
export function watchInput(root: HTMLElement): void {
  if (root.dataset.inputWatched !== undefined) return;
  root.dataset.inputWatched = '';
  const html = root.ownerDocument.documentElement;
  const doc = root.ownerDocument;
  doc.addEventListener('keydown', (e) => {
    if (!e.altKey && !e.ctrlKey && !e.metaKey) html.dataset.input = 'keys';
  });
  doc.addEventListener('pointerdown', () => {
    html.dataset.input = 'pointer';
  });
}

/**
 * The game score in a few words, for a phone, where the score table is below the first screen (the style
 * sheet shows it only there): the game in progress, or the game just won with its final score.
 */
function miniScore(view: TableView, ui: Ui): HTMLElement {
  const last = view.hands.at(-1);
  const won = last?.game && resultShown(view, ui) ? last.game : null;
  const score = won !== null && last ? last.score : view.score;
  return h(
    'p',
    { class: 'mini-score' },
    h('span', { class: 'sr-only' }, t().status.gameScore),
    won !== null ? t().status.won(won.winner, score[won.winner], score[won.winner === 'NS' ? 'EW' : 'NS']) : `NS ${score.NS} · EW ${score.EW}`,
  );
}

/** The line above the felt: the hand, its dealer and trumps, whose turn; and the last-trick button. */
export function statusBar(view: TableView, ui: Ui): HTMLElement {
  const hand = view.hand;
  let turn: string;
  if (view.next.action === 'play') turn = view.next.seat === view.viewer ? t().status.yourTurn : t().status.toPlay(SEAT_NAMES[view.next.seat]);
  else if (view.next.action === 'answerClaim')
    turn = view.viewer !== null && view.next.seats.includes(view.viewer) ? t().status.yourAnswer : t().status.claimWaits;
  else if (view.next.action === 'newRubber') turn = t().status.rubberOver;
  else turn = t().status.handOver;
  return h(
    'section',
    { class: 'status live', 'aria-label': t().status.region },
    h(
      'p',
      { class: 'hand-line' },
      hand === null ? t().status.noHand : [h('strong', {}, t().status.hand(view.dealNumber)), t().status.deals(SEAT_NAMES[hand.dealer]), trumpBadge(hand)],
    ),
    h('p', { class: 'turn', 'data-next': view.next.action, 'data-next-seat': view.next.action === 'play' ? view.next.seat : null }, turn, ui.busy ? '…' : ''),
    miniScore(view, ui),
    h(
      'p',
      { class: 'status-actions' },
      view.next.action === 'play' && view.next.seat === view.viewer && view.hand !== null
        ? keyButton({ 'data-action': 'hint', 'aria-describedby': 'hint-help' }, t().status.hint, 'H', 'H')
        : null,
      view.next.action === 'play' && view.next.seat === view.viewer && view.hand !== null
        ? h('span', { id: 'hint-help', class: 'sr-only' }, t().status.hintHelp)
        : null,
      keyButton(
        { 'data-action': 'last-trick', 'aria-expanded': ui.lastTrickOpen ? 'true' : 'false', 'aria-controls': 'last-trick' },
        ui.lastTrickOpen ? t().status.hideLastTrick : t().status.lastTrick,
        'L',
        'L',
      ),
    ),
  );
}

/** Whether the last scored hand's explanation is on screen: once it is over, and at a server table until it is closed. */
export function resultShown(view: TableView, ui: Ui): boolean {
  const key = lastHandKey(view);
  if (key === null) return false;
  return view.next.action !== 'play' || (ui.mode === 'server' && key !== ui.dismissed);
}

/**
 * Once a hand is over: its score explained (and the rubber's, when it ended one), with what comes next
 * (deal, new rubber). At a server table, where the next hand is dealt at once, the explanation of the hand
 * before stays until it is closed.
 */
export function resultPanel(view: TableView, ui: Ui): HTMLElement | null {
  if (!resultShown(view, ui)) return null;
  const index = view.hands.length - 1;
  const rubber = explainRubber(view);
  // A hand a claim or concession ended says so, when it is the hand on the table (in solo play, until the next deal).
  const settled = view.claim !== null && (view.claim.status === 'accepted' || view.claim.status === 'held') && view.next.action !== 'play';
  const ended = settled && view.claim !== null ? claimOutcome(view.claim, view.viewer) : null;
  let button: HTMLElement;
  if (view.next.action === 'newRubber') button = h('button', { type: 'button', class: 'primary', 'data-action': 'new-rubber' }, t().result.newRubber);
  // A board of the daily challenge is one hand: the way on is the day's results and the next board.
  else if (view.next.action === 'deal' && ui.daily !== undefined)
    button = h('a', { class: 'button primary', href: ui.daily, 'data-daily': 'results' }, t().daily.backToResults);
  // So is a board of a duplicate event: the way on is the event, and the table's next board.
  else if (view.next.action === 'deal' && ui.duplicate !== undefined)
    button = h('a', { class: 'button primary', href: ui.duplicate, 'data-duplicate': 'event' }, t().duplicate.backToEvent);
  else if (view.next.action === 'deal') button = h('button', { type: 'button', class: 'primary', 'data-action': 'deal' }, t().result.deal);
  else button = h('button', { type: 'button', class: 'secondary', 'data-action': 'dismiss' }, t().result.close);
  // In solo play the person's own views of the hand are in the page: their cards can be reviewed, once
  // every card is played (a hand a claim ended has no thirteen tricks to review).
  const review =
    ui.mode === 'solo' && view.next.action !== 'play' && (view.hand?.cards.length ?? 0) === 0 && ui.review?.key !== String(view.dealNumber)
      ? h('button', { type: 'button', class: 'secondary', 'data-action': 'review' }, t().result.review)
      : null;
  return h(
    'section',
    { class: 'panel result', 'aria-labelledby': 'result-title', 'data-hand': index + 1 },
    h('h2', { id: 'result-title' }, rubber.length > 0 ? t().result.rubberOver : t().result.handOver(index + 1)),
    ended === null ? null : h('p', { class: 'claim-ended', 'data-claim': view.claim?.status }, ended),
    view.next.action === 'play' ? null : revokesSection(view),
    explanation(explainHand(view.rules, view.hands, index), 'hand'),
    rubber.length > 0 ? explanation(rubber, 'rubber') : null,
    h('p', { class: 'result-actions' }, button, review),
  );
}
