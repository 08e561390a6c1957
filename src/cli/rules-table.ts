/**
 * The presets side by side: as `whist rules` prints them (aligned text), and as `whist rules --markdown`
 * prints them and docs/rules.md shows them (a Markdown table).
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
  ['irregularities', (r) => r.irregularities ?? 'refused'],
];

/** The presets side by side as a Markdown table. */
export function rulesTable(presets: Readonly<Record<string, Rules>> = PRESETS): string {
  const names = Object.keys(presets);
  const lines = [`| field | ${names.join(' | ')} |`, `|---|${names.map(() => '---').join('|')}|`];
  for (const [label, describe] of RULE_ROWS) lines.push(`| ${label} | ${names.map((n) => describe(presets[n] as Rules)).join(' | ')} |`);
  return lines.join('\n');
}

/** Splits a cell into lines of at most `width` characters, at spaces (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && [...last].length + 1 + [...word].length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The presets side by side as aligned columns of text, for a terminal: a row per setting, a column per preset,
 * long values wrapped within their column so that the table fits in about 100 columns.
 */
export function rulesText(presets: Readonly<Record<string, Rules>> = PRESETS, cellWidth = 14): string {
  const names = Object.keys(presets);
  const rows = [['', ...names], ...RULE_ROWS.map(([label, describe]) => [label, ...names.map((n) => describe(presets[n] as Rules))])];
  const cells = rows.map((row) => row.map((cell, c) => (c === 0 ? [cell] : wrap(cell, cellWidth))));
  const width = (c: number) => Math.max(...cells.flatMap((row) => (row[c] as string[]).map((l) => [...l].length)));
  const widths = names.map((_, i) => width(i + 1));
  widths.unshift(width(0));
  const lines: string[] = [];
  cells.forEach((row, r) => {
    const height = Math.max(...row.map((cell) => cell.length));
    for (let k = 0; k < height; k++) {
      lines.push(
        row
          .map((cell, c) => {
            const text = cell[k] ?? '';
            return text + ' '.repeat((widths[c] as number) - [...text].length);
          })
          .join('  ')
          .trimEnd(),
      );
    }
    if (r === 0) lines.push(widths.map((w) => '─'.repeat(w)).join('  '));
  });
  return lines.join('\n');
}
