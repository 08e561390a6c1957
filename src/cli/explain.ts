/**
 * What a hand scored, in the game's terms: odd tricks, honours and why they did or did not count, points
 * lost past the target, and the game it won.
 *
 * @module
 */

import type { BySide, HandSummary, Rules, Side } from '../index.js';

const VALUE_NAMES: Readonly<Record<number, string>> = { 1: 'single', 2: 'double', 3: 'treble' };
const SIDES: readonly Side[] = ['NS', 'EW'];

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The name of a game's value: treble, double, single, or just the number. */
export function valueName(value: number): string {
  return VALUE_NAMES[value] ?? `a game worth ${value}`;
}

/**
 * Sentences that explain a scored hand.
 *
 * @param rules - the rules it was scored under
 * @param hand - the hand's summary, as `handSummaries` gives it
 * @param before - the game score at the start of the hand
 */
export function explainHand(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const lines: string[] = [];
  const target = rules.target;
  if (hand.honoursCalled === true) {
    // Won by calling honours at eight (Hoyle's laws of Long Whist, 16-21): the hand was not played.
    const side = SIDES.find((s) => hand.honourPoints[s] > 0) ?? hand.game?.winner ?? 'NS';
    lines.push(
      `${side} called their honours at ${before[side]}, ${plural(hand.honours[side], 'honour', 'honours')} between the partners: the hand is not played, and the honours score ${hand.honourPoints[side]} (Hoyle's laws of Long Whist, 16-21).`,
    );
    if (hand.game !== null)
      lines.push(`Game to ${hand.game.winner}, the losers at ${hand.game.losersScore}: a ${valueName(hand.game.value)} (${hand.game.value}).`);
    return lines;
  }
  const trickSide = SIDES.find((s) => hand.trickPoints[s] > 0);
  if (trickSide === undefined) lines.push('Each side took six tricks: no odd trick.');
  else {
    const odd = hand.tricks[trickSide] - 6;
    lines.push(`${trickSide}: ${plural(odd, 'odd trick', 'odd tricks')} = ${hand.trickPoints[trickSide]}.`);
  }
  const honours = rules.honours;
  if (honours !== null) {
    for (const side of SIDES) {
      const count = hand.honours[side];
      const raw = honours.points[count] ?? 0;
      if (raw === 0) continue;
      const held = `${side} ${honours.basis === 'held' ? 'held' : 'won'} ${plural(count, 'honour', 'honours')}`;
      const scored = hand.honourPoints[side];
      const trickWinner = SIDES.find((s) => before[s] + hand.trickPoints[s] >= target);
      switch (hand.honoursWithheld[side]) {
        case null:
          lines.push(`${held} = ${raw}.`);
          break;
        case 'tricksFirst':
          lines.push(`${held}, but tricks took ${trickWinner} to game first, so honours do not count (tricks before honours).`);
          break;
        case 'barred':
          lines.push(`${held}, but ${side} began the hand at ${before[side]}, so honours cannot score (barred at ${target - 1}).`);
          break;
        case 'capped':
          lines.push(`${held} = ${raw}, counted only up to ${target - 1}: ${scored}.`);
          break;
        case 'ignored':
          lines.push(`${held}, but honours may not win the game, so they are not counted.`);
      }
    }
  }
  for (const side of SIDES) {
    const lost = before[side] + hand.points[side] - target;
    if (lost > 0) lines.push(`${side} reach ${target}; ${plural(lost, 'point', 'points')} past the target ${lost === 1 ? 'is' : 'are'} lost.`);
  }
  if (hand.game !== null) {
    const g = hand.game;
    lines.push(`Game to ${g.winner}, the losers at ${g.losersScore}: a ${valueName(g.value)} (${g.value}).`);
  }
  return lines;
}
