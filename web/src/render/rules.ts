/**
 * The rules of the variant being played, for the Rules dialog: the settings as `whist rules` prints them
 * and docs/rules.md shows them (the same rows, `ruleRows` of `whist/words`, applied to the table's own rules
 * object, so a house rule shows as it is played), each with what it means; how a hand is played; and what each line of
 * the score says, with this variant's numbers.
 *
 * @module
 */

import type { Rules } from 'whist';
import { type Child, h } from '../dom.js';
import { ruleRows as rulesTableRows, rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { scoreLines } from './score.js';

/** The rules rows of one rules object: label, value as `whist rules` prints it, and what it means (`whist/words`). */
export function ruleRows(rules: Rules): { label: string; value: string; meaning: string }[] {
  return rulesTableRows(rules).map(({ label, value, meaning }) => ({ label, value, meaning }));
}

/** How a hand is played, in every variant the library plays: what the page lets a player do. */
function howToPlay(rules: Rules): Child[] {
  const trumps = rules.trump.kind === 'turnUp' ? t().rules.turnUp : rules.trump.kind === 'secondPack' ? t().rules.secondPack : t().rules.rotation;
  return [t().rules.sides, trumps, t().rules.lead, t().rules.follow, t().rules.wins, t().rules.scored].map((line) => h('li', {}, line));
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
      h('h2', { id: 'rules-title' }, t().rules.heading(rulesTitle(rules))),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'close-rules' }, t().rules.close),
    ),
    h('section', { 'aria-labelledby': 'rules-play' }, h('h3', { id: 'rules-play' }, t().rules.play), h('ul', { class: 'rules-play' }, howToPlay(rules))),
    h(
      'section',
      { 'aria-labelledby': 'rules-variant' },
      h('h3', { id: 'rules-variant' }, t().rules.settings(rulesTitle(rules))),
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
      h('h3', { id: 'rules-score' }, t().rules.score),
      h(
        'dl',
        { class: 'rules-table' },
        scoreLines(rules).map(([label, meaning]) => h('div', { 'data-score-line': label }, h('dt', {}, label), h('dd', {}, meaning))),
      ),
    ),
  ];
}
