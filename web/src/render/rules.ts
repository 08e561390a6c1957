/**
 * The rules of the variant being played, for the Rules dialog: the settings as `whist rules` prints them
 * and docs/rules.md shows them (the same rows, `RULE_ROWS`, applied to the table's own rules object, so a
 * house rule shows as it is played), each with what it means; how a hand is played; and what each line of
 * the score says, with this variant's numbers.
 *
 * @module
 */

import type { Rules } from 'whist';
import { RULE_ROWS } from '../../../src/cli/rules-table.js';
import { type Child, h } from '../dom.js';
import { scoreLines } from './score.js';

/**
 * What each row of the rules table means, in a player's words, by the row's label (`RULE_ROWS`). The
 * values themselves come from the rules object; these only read them.
 */
export const RULE_MEANINGS: Readonly<Record<string, string>> = {
  target: 'The points a side needs to win a game.',
  'points per odd trick': 'What each trick over six scores. A side’s first six tricks (its book) score nothing; each one after them is an odd trick.',
  honours:
    'The trump honours, and what a side holding that many of them scores: “3→2” means three honours score 2. Honours divided two and two score nothing; “none” means honours are not scored.',
  'honours basis': '“held”: honours count as they were dealt, whoever wins them. “captured”: they count as won in tricks.',
  'honours restriction':
    '“barred (at N)”: a side at N points when the hand begins cannot score honours. “cap”: honours never score the winning point. “ignore”: honours that would reach the target are not counted. “unrestricted”: honours always count.',
  'game values':
    'What a game is worth in the rubber, by the losers’ score when it ends: “3/2/1 (losers 0 / 1-2 / 3-4)” is a treble (3) against 0, a double (2) against 1 or 2, a single (1) against 3 or 4.',
  rubber:
    '“best of 3”: the first side to win two games wins the rubber. “+2, deduct”: the winners’ rubber points are their games’ values and 2 more, less the value of any game the losers won. “no rubber points”: the rubber is won by games alone.',
  'slam bonus': 'Points added to the rubber for taking all thirteen tricks (grand) or twelve (little); “none” when there is no bonus.',
  trump:
    '“turnUp”: the dealer’s last card is turned face up, and its suit is trumps until the hand ends. “secondPack”: the top card of a second pack sets trumps. “rotation”: the suits take turns, NT being a hand without trumps.',
  'after the rubber':
    'Who partners whom in the next rubber: “keep” the same partners, “swap” (two players change seats, so that over three rubbers everyone partners everyone), or “recut” (everyone cuts for partners again).',
  irregularities:
    '“refused”: a card that does not follow suit when it could is not taken, as at a careful table. “ruled”: it is taken (a revoke), and after the hand the other side may claim its penalty by the laws: three tricks, three points off the revokers, or three to themselves.',
};

/** The rules rows of one rules object: label, value as `whist rules` prints it, and what it means. */
export function ruleRows(rules: Rules): { label: string; value: string; meaning: string }[] {
  return RULE_ROWS.map(([label, describe]) => ({ label, value: describe(rules), meaning: RULE_MEANINGS[label] ?? '' }));
}

/** How a hand is played, in every variant the library plays: what the page lets a player do. */
function howToPlay(rules: Rules): Child[] {
  const trumps =
    rules.trump.kind === 'turnUp'
      ? 'The cards are dealt one at a time; the dealer’s last card is turned up, and its suit is trumps. It stays on view until the dealer plays it.'
      : rules.trump.kind === 'secondPack'
        ? 'The cards are dealt one at a time; the top card of a second pack is turned up, and its suit is trumps.'
        : 'The cards are dealt one at a time; the suits take turns as trumps from one hand to the next, as the table below says.';
  return [
    'Four players, two sides: North and South play against East and West, partners sitting opposite.',
    trumps,
    'The player on the dealer’s left leads to the first trick; whoever wins a trick leads to the next.',
    'Follow suit if you can. If you cannot, play a trump or any other card: the page offers only the cards you may play, and says why the others are not allowed.',
    'The highest trump wins the trick; without a trump, the highest card of the suit led. Aces are high.',
    'After thirteen tricks the hand is scored, and the deal passes to the left.',
  ].map((line) => h('li', {}, line));
}

/**
 * The content of the Rules dialog for the rules being played.
 *
 * @param rules - the table's rules (`view.rules`), or a record's
 * @returns the dialog's heading, sections and close button, in order
 */
export function rulesHelp(rules: Rules): HTMLElement[] {
  return [
    h(
      'header',
      { class: 'rules-head' },
      h('h2', { id: 'rules-title' }, `The rules: ${rules.name} whist`),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'close-rules' }, 'Close'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'rules-play' },
      h('h3', { id: 'rules-play' }, 'How a hand is played'),
      h('ul', { class: 'rules-play' }, howToPlay(rules)),
    ),
    h(
      'section',
      { 'aria-labelledby': 'rules-variant' },
      h('h3', { id: 'rules-variant' }, `This table’s settings (${rules.name})`),
      h(
        'dl',
        { class: 'rules-table' },
        ruleRows(rules).map((row) =>
          h(
            'div',
            { 'data-rule': row.label },
            h('dt', {}, row.label),
            h('dd', {}, h('strong', { class: 'rule-value' }, row.value), row.meaning === '' ? null : h('span', { class: 'muted' }, ` ${row.meaning}`)),
          ),
        ),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'rules-score' },
      h('h3', { id: 'rules-score' }, 'The score, line by line'),
      h(
        'dl',
        { class: 'rules-table' },
        scoreLines(rules).map(([label, meaning]) => h('div', { 'data-score-line': label }, h('dt', {}, label), h('dd', {}, meaning))),
      ),
    ),
  ];
}
