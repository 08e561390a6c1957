/**
 * What the catalogues share besides their words: the facts a sentence is built from that do not depend on
 * the language (the other side, a revoke's tricks as its penalty moves them, the rules' game values grouped).
 *
 * @module
 */

import type { BySide, HandSummary, Rules, Seat, Side } from '../index.js';
import type { Speaker } from './catalogue.js';

export const SIDES: readonly Side[] = ['NS', 'EW'];

export function other(side: Side): Side {
  return side === 'NS' ? 'EW' : 'NS';
}

export function partner(seat: Seat): Seat {
  return ({ N: 'S', S: 'N', E: 'W', W: 'E' } as const)[seat];
}

/** "+3", "−3", "0": a change of score. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** Sides named by their codes, as the score names them: a speaker for the explanations. */
export const SCORE_SPEAKER: Speaker = {
  viewer: null,
  style: 'short',
  seat: (seat) => seat,
  who: (seat) => seat,
  whom: (seat) => seat,
  you: () => false,
  card: (card) => card,
  side: (side) => side,
};

/** The tricks of each side as a hand's revoke penalties count them: three moved for each `tricks` penalty. */
export function tricksAfterPenalties(hand: HandSummary, revokes: NonNullable<HandSummary['revokes']>): BySide {
  const moved = { NS: hand.tricks.NS, EW: hand.tricks.EW };
  for (const r of revokes)
    if (r.penalty === 'tricks') {
      const n = Math.min(3, moved[r.side]);
      moved[r.side] -= n;
      moved[other(r.side)] += n;
    }
  return moved;
}

/** "3", "1-2": a run of the losers' scores. */
function ranges(scores: number[]): string {
  const first = scores[0] as number;
  const last = scores[scores.length - 1] as number;
  return first === last ? `${first}` : `${first}-${last}`;
}

/**
 * The rules' game values by the losers' score: `null` when a game is worth the target less the losers'
 * score; else one group per value, with the runs of scores it is worth against ("1-2").
 */
export function gameValueGroups(r: Rules): { value: number; scores: string }[] | null {
  const gv = r.gameValue;
  if (gv.kind === 'targetMinusLosers') return null;
  const groups: { value: number; scores: number[] }[] = [];
  for (let s = 0; s < r.target; s++) {
    const value = gv.byLosersScore[s] as number;
    const last = groups[groups.length - 1];
    if (last && last.value === value) last.scores.push(s);
    else groups.push({ value, scores: [s] });
  }
  return groups.map((g) => ({ value: g.value, scores: ranges(g.scores) }));
}

/** The honours and what each count of them scores: "AKQJ: 3→2, 4→4"; `null` when honours are not scored. */
export function honoursScoring(r: Rules): string | null {
  if (r.honours === null) return null;
  const scoring = r.honours.points
    .map((p, n) => (p > 0 ? `${n}→${p}` : ''))
    .filter(Boolean)
    .join(', ');
  return `${r.honours.cards.join('')}: ${scoring}`;
}

/** Whether the rules' game values have the names treble, double and single. */
export function namedGameValues(rules: Rules): boolean {
  return rules.gameValue.kind === 'table' && rules.gameValue.byLosersScore.every((v) => v <= 3);
}
