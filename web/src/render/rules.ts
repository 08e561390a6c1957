/**
 * The rules of the variant being played, for the Rules dialog: the settings as `whist rules` prints them
 * and docs/rules.md shows them (the same rows, `ruleRows` of `whist/words`, applied to the table's own rules
 * object, so a house rule shows as it is played), each with what it means; how a hand is played; and what each line of
 * the score says, with this variant's numbers.
 *
 * @module
 */

import type { Rules } from 'whist';
import { ruleRows as rulesTableRows, rulesTitle } from 'whist/words';
import { type Child, h } from '../dom.js';
import { scoreLines } from './score.js';

/** The rules rows of one rules object: label, value as `whist rules` prints it, and what it means (`whist/words`). */
export function ruleRows(rules: Rules): { label: string; value: string; meaning: string }[] {
  return rulesTableRows(rules).map(({ label, value, meaning }) => ({ label, value, meaning }));
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
      h('h2', { id: 'rules-title' }, `The rules: ${rulesTitle(rules)}`),
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
      h('h3', { id: 'rules-variant' }, `This table’s settings (${rulesTitle(rules)})`),
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
