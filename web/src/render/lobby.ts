/**
 * The lobby's elements: the name a person plays under, "Play now" with the wait they choose, the tables
 * gathering with their Join buttons, and a seat waiting for its table to open. Every sentence a player reads
 * here is in the page's catalogue (`t().lobby`, web/src/i18n).
 *
 * @module
 */

import { PRESET_NAMES, PRESETS, type PresetName } from 'whist';
import { h } from '../dom.js';
import { rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';

/** The waits "Play now" offers, in seconds. */
export const WAITS: readonly number[] = [0, 15, 30, 60];

/** A table in the lobby, as the server lists it. */
export interface ListedTable {
  readonly id: string;
  readonly rules: string;
  readonly laws: boolean;
  readonly quick: boolean;
  readonly startsInSeconds: number;
  readonly places: readonly (string | null)[];
}

/** A rules' name as players say it (a name the page does not know is shown as it is). */
export function rulesName(rules: string): string {
  return (PRESET_NAMES as readonly string[]).includes(rules) ? rulesTitle(PRESETS[rules as PresetName]) : rules;
}

/** The lobby's frame: name, "Play now", the list of tables, the private table. */
export function lobbyView(name: string, wait: number): HTMLElement {
  const W = t().lobby;
  const rules = h(
    'select',
    { id: 'lobby-rules', name: 'rules' },
    PRESET_NAMES.map((r) => h('option', { value: r }, rulesName(r))),
  );
  return h(
    'section',
    { id: 'lobby', class: 'lobby', 'aria-labelledby': 'lobby-title' },
    h('h2', { id: 'lobby-title' }, W.title),
    h('p', { class: 'muted' }, W.intro),
    h(
      'form',
      { id: 'lobby-play', class: 'lobby-card' },
      h(
        'label',
        { class: 'lobby-name' },
        W.nameLabel,
        h('input', {
          id: 'lobby-name',
          name: 'name',
          autocomplete: 'nickname',
          maxlength: 24,
          required: true,
          value: name,
          'aria-describedby': 'lobby-name-help',
        }),
      ),
      h('p', { id: 'lobby-name-help', class: 'muted' }, W.nameHelp),
      h('h3', {}, W.playNowTitle),
      h(
        'fieldset',
        { class: 'lobby-wait' },
        h('legend', {}, W.waitLegend),
        WAITS.map((s) =>
          h('label', { class: 'check' }, h('input', { type: 'radio', name: 'wait', value: String(s), checked: s === wait }), ` ${W.waitChoice(s)}`),
        ),
      ),
      h('label', { class: 'lobby-rules' }, `${W.rulesLabel} `, rules),
      h(
        'p',
        { class: 'lobby-actions' },
        h('button', { type: 'submit', class: 'primary', 'data-lobby': 'play' }, W.playNow),
        ' ',
        h('button', { type: 'button', class: 'secondary', 'data-lobby': 'open' }, W.openPublic),
      ),
      h('div', { id: 'lobby-problem', 'aria-live': 'assertive' }),
    ),
    h(
      'section',
      { class: 'lobby-card', 'aria-labelledby': 'lobby-tables-title' },
      h('h3', { id: 'lobby-tables-title' }, W.tablesTitle),
      h('ul', { id: 'lobby-tables', class: 'lobby-tables', 'aria-live': 'polite' }, h('li', { class: 'muted' }, W.noTables)),
    ),
    h(
      'section',
      { class: 'lobby-card', 'aria-labelledby': 'lobby-private-title' },
      h('h3', { id: 'lobby-private-title' }, W.privateTitle),
      h('p', { class: 'muted' }, W.privateText),
      h('button', { type: 'button', class: 'secondary', 'data-lobby': 'private' }, W.privateButton),
    ),
  );
}

/** The tables gathering, each with its Join button. */
export function tableItems(tables: readonly ListedTable[]): HTMLElement[] {
  const W = t().lobby;
  if (tables.length === 0) return [h('li', { class: 'muted' }, W.noTables)];
  return tables.map((t) => {
    const rules = rulesName(t.rules) + (t.laws ? ' †' : '');
    const names = t.places.filter((p): p is string => p !== null);
    const who = names.length === 0 ? W.nobody : names.join(', ');
    return h(
      'li',
      { class: 'lobby-table', 'data-table': t.id },
      h(
        'div',
        { class: 'lobby-table-text' },
        h('strong', {}, rules),
        h(
          'span',
          { class: 'lobby-places' },
          t.places.map((p, i) => [i === 0 ? '' : ' · ', p === null ? h('span', { class: 'free' }, W.free) : h('span', { class: 'taken' }, p)]),
        ),
        h('span', { class: 'muted' }, W.opensIn(t.startsInSeconds)),
      ),
      h('button', { type: 'button', class: 'primary', 'data-join': t.id, 'aria-label': W.joinLabel(who, rulesName(t.rules)) }, W.join),
    );
  });
}

/** A seat waiting for its table to open: who sits there, when it opens, the way out. */
export function waitingView(places: readonly (string | null)[], you: number, rules: string, seconds: number, link: string): HTMLElement {
  const W = t().lobby;
  return h(
    'section',
    { id: 'lobby-waiting', class: 'lobby lobby-card', 'aria-labelledby': 'lobby-waiting-title' },
    h('h2', { id: 'lobby-waiting-title' }, W.waitingTitle),
    h('p', {}, h('strong', {}, rulesName(rules))),
    h(
      'ol',
      { class: 'lobby-seats' },
      places.map((p, i) => h('li', { 'data-place': i }, p === null ? h('span', { class: 'free' }, W.free) : `${p}${i === you ? ` (${W.you})` : ''}`)),
    ),
    h('p', { id: 'lobby-opens', role: 'status' }, W.waitingText(seconds)),
    h('p', { class: 'muted lobby-link' }, W.seatLink, ' ', h('a', { href: link }, link)),
    h('button', { type: 'button', class: 'secondary', 'data-lobby': 'leave' }, W.leave),
  );
}
