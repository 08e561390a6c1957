/**
 * The presets side by side, as `whist rules` prints them and docs/rules.md shows them.
 *
 * @module
 */

import { PRESETS, type Rules } from '../index.js';

function honours(r: Rules): string {
  if (r.honours === null) return 'none';
  const scoring = r.honours.points
    .map((p, n) => (p > 0 ? `${n}→${p}` : ''))
    .filter(Boolean)
    .join(', ');
  return `${r.honours.cards.join('')}: ${scoring}`;
}

function ranges(scores: number[]): string {
  const first = scores[0] as number;
  const last = scores[scores.length - 1] as number;
  return first === last ? `${first}` : `${first}-${last}`;
}

function gameValues(r: Rules): string {
  const gv = r.gameValue;
  if (gv.kind === 'targetMinusLosers') return `${r.target} − losers' score`;
  const groups: { value: number; scores: number[] }[] = [];
  for (let s = 0; s < r.target; s++) {
    const value = gv.byLosersScore[s] as number;
    const last = groups[groups.length - 1];
    if (last && last.value === value) last.scores.push(s);
    else groups.push({ value, scores: [s] });
  }
  if (groups.length === 1) return `${groups[0]?.value}`;
  return `${groups.map((g) => g.value).join('/')} (losers ${groups.map((g) => ranges(g.scores)).join(' / ')})`;
}

function rubber(r: Rules): string {
  const size = `best of ${2 * r.rubber.gamesToWin - 1}`;
  return r.rubber.points === null ? `${size}, no rubber points` : `${size}, +${r.rubber.points.bonus}, deduct`;
}

function trump(r: Rules): string {
  const t = r.trump;
  if (t.kind !== 'rotation') return t.kind;
  return `rotation ${t.suits.map((s) => s ?? 'NT').join(' ')}`;
}

/** The rows of the table: a label and how to describe one rules object. */
export const RULE_ROWS: readonly (readonly [string, (r: Rules) => string])[] = [
  ['target', (r) => `${r.target}`],
  ['points per odd trick', (r) => `${r.pointsPerOddTrick}`],
  ['honours', honours],
  ['honours basis', (r) => r.honours?.basis ?? '-'],
  ['honours restriction', (r) => (r.honours === null ? '-' : r.honours.restriction === 'barred' ? `barred (at ${r.target - 1})` : r.honours.restriction)],
  ['game values', gameValues],
  ['rubber', rubber],
  ['slam bonus', (r) => (r.slamBonus === null ? 'none' : `grand ${r.slamBonus.grand}, little ${r.slamBonus.little}`)],
  ['trump', trump],
  ['after the rubber', (r) => r.afterRubber],
];

/** The presets side by side as a Markdown table. */
export function rulesTable(presets: Readonly<Record<string, Rules>> = PRESETS): string {
  const names = Object.keys(presets);
  const lines = [`| field | ${names.join(' | ')} |`, `|---|${names.map(() => '---').join('|')}|`];
  for (const [label, describe] of RULE_ROWS) lines.push(`| ${label} | ${names.map((n) => describe(presets[n] as Rules)).join(' | ')} |`);
  return lines.join('\n');
}
