/**
 * The score of a hand and of a rubber, explained in the game's terms, from what the library derives
 * (`HandSummary`, `TableView`) and the rules' settings. Nothing is scored here: every number comes from
 * the library; this module only says why.
 *
 * - Odd tricks: each trick over six (the book) scores `rules.pointsPerOddTrick`.
 * - Honours: what the side's count is worth (`rules.honours.points`), and why it did not score, as the
 *   library says in `HandSummary.honoursWithheld`: tricks took a side to game first (`tricksFirst`: tricks
 *   score before honours), or the rules' restriction (`barred`: a side that begins the hand one short of
 *   game; `capped`: honours never score the winning point; `ignored`: honours that would reach the target
 *   are not counted).
 * - Points past the target are lost; a game is worth treble, double or single by the losers' score.
 * - The rubber: the winners' game values, the rubber bonus, less the losers' game values.
 *
 * @module
 */

import type { BySide, HandSummary, Rules, Side, TableView } from 'whist';
import { plural } from './names.js';

const SIDES: readonly Side[] = ['NS', 'EW'];

function other(side: Side): Side {
  return side === 'NS' ? 'EW' : 'NS';
}

/** The game score when a hand began: 0–0 at the start of a game, else the score after the hand before. */
export function scoreBefore(hands: readonly HandSummary[], index: number): BySide {
  const previous = hands[index - 1];
  return previous === undefined || previous.game !== null ? { NS: 0, EW: 0 } : previous.score;
}

/** "a treble, worth 3", or "worth 5" when the rules' game values have no such names. */
export function gameValueText(rules: Rules, value: number): string {
  const named = rules.gameValue.kind === 'table' && rules.gameValue.byLosersScore.every((v) => v <= 3);
  const name = named ? (['', 'single', 'double', 'treble'][value] ?? '') : '';
  return name === '' ? `a game worth ${value}` : `a ${name}, worth ${value}`;
}

function honoursLines(rules: Rules, hand: HandSummary, before: BySide): string[] {
  const honours = rules.honours;
  if (honours === null) return ['Honours are not scored in this game.'];
  if (hand.honours.NS === 0 && hand.honours.EW === 0) return ['No trumps this hand, so no honours.'];
  const target = rules.target;
  const verb = honours.basis === 'held' ? 'held' : 'won in tricks';
  const lines: string[] = [];
  for (const side of SIDES) {
    const count = hand.honours[side];
    const raw = honours.points[count] ?? 0;
    if (raw === 0) continue;
    const scored = hand.honourPoints[side];
    const held = `${side} ${verb} ${plural(count, 'honour')}`;
    // Why they scored less than their count is worth, as the library scored the hand.
    const withheld = hand.honoursWithheld[side];
    if (withheld === null) lines.push(`${held} = ${raw}.`);
    else if (withheld === 'tricksFirst') {
      // Tricks took a side to game on this hand: the game's winner.
      const byTricks = hand.game?.winner ?? side;
      lines.push(
        byTricks === side
          ? `${held}, but their odd tricks had already won the game; tricks score first, so honours are not counted.`
          : `${held}, but ${byTricks}'s odd tricks won the game first (tricks score before honours), so ${side}'s honours do not count.`,
      );
    } else if (withheld === 'barred')
      lines.push(`${held}, but ${side} began the hand at ${before[side]}, so honours cannot score (club law: a side at ${target - 1} cannot score honours).`);
    else if (withheld === 'capped')
      lines.push(
        `${held} = ${raw}, but honours never score the winning point: they count only up to ${target - 1}, so ${scored === 0 ? 'they score nothing' : `they score ${scored}`}.`,
      );
    else lines.push(`${held} = ${raw}, but that would take ${side} to game, and honours may not win a game, so they are not counted.`);
  }
  if (lines.length === 0) lines.push(`Honours were divided (NS ${hand.honours.NS}, EW ${hand.honours.EW}): neither side scores them.`);
  return lines;
}

/**
 * Explains one scored hand of a rubber: odd tricks, honours (and why they did not score), the score, points
 * lost past the target, and the game it won with its value.
 *
 * @param rules - the rules of the table (`view.rules`)
 * @param hands - the scored hands of the rubber (`view.hands`)
 * @param index - which hand
 * @returns sentences, in order
 */
export function explainHand(rules: Rules, hands: readonly HandSummary[], index: number): string[] {
  const hand = hands[index];
  if (hand === undefined) return [];
  if (hand.revokes !== undefined && hand.revokes.length > 0) return explainRevokeHand(rules, hands, index, hand, hand.revokes);
  if (hand.honoursCalled === true) return explainCalledHand(rules, hands, index, hand);
  const before = scoreBefore(hands, index);
  const target = rules.target;
  const lines: string[] = [];
  const taker: Side = hand.tricks.NS > 6 ? 'NS' : 'EW';
  const odd = hand.tricks[taker] - 6;
  const each = rules.pointsPerOddTrick;
  lines.push(
    `${taker} took ${hand.tricks[taker]} tricks, ${other(taker)} ${hand.tricks[other(taker)]}: ${taker} make ${plural(odd, 'odd trick')}${each === 1 ? '' : ` × ${each}`} = ${hand.trickPoints[taker]}.`,
  );
  lines.push(...honoursLines(rules, hand, before));
  const scorers = SIDES.filter((s) => hand.points[s] > 0);
  lines.push(`This hand scores ${scorers.map((s) => `${s} ${hand.points[s]}`).join(', ')}.`);
  for (const side of SIDES) {
    const over = before[side] + hand.points[side] - target;
    if (over > 0)
      lines.push(`${side} needed ${target - before[side]} for game; the other ${plural(over, 'point')} past the target ${over === 1 ? 'is' : 'are'} lost.`);
  }
  const game = hand.game;
  if (game === null) lines.push(`Score: NS ${hand.score.NS}, EW ${hand.score.EW} (game is ${target}).`);
  else lines.push(`${game.winner} win the game. ${other(game.winner)} have ${game.losersScore}, so it is ${gameValueText(rules, game.value)}.`);
  return lines;
}

/**
 * A hand won by calling honours at eight (Hoyle's laws of Long Whist, 16-21): it was not played; the callers'
 * honours alone are scored, and win the game.
 */
function explainCalledHand(rules: Rules, hands: readonly HandSummary[], index: number, hand: HandSummary): string[] {
  const before = scoreBefore(hands, index);
  const side: Side = hand.honourPoints.NS > 0 || (hand.game?.winner ?? 'NS') === 'NS' ? 'NS' : 'EW';
  const lines = [
    `${side} called their honours at ${before[side]} and held ${plural(hand.honours[side], 'honour')} between the partners (Hoyle's laws of Long Whist, 16-21): the hand is not played, and the honours score ${hand.honourPoints[side]}.`,
  ];
  const game = hand.game;
  if (game === null) lines.push(`Score: NS ${hand.score.NS}, EW ${hand.score.EW} (game is ${rules.target}).`);
  else lines.push(`${game.winner} win the game. ${other(game.winner)} have ${game.losersScore}, so it is ${gameValueText(rules, game.value)}.`);
  return lines;
}

/** "+3", "−3", "0": a change of score. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** What a revoke penalty is, in words (Laws of Short Whist, 1864, law 72). */
function penaltyWords(side: Side, penalty: 'tricks' | 'deduct' | 'add'): string {
  if (penalty === 'tricks') return `three tricks taken from ${side} and added to ${other(side)}'s`;
  if (penalty === 'deduct') return `three points off ${side}'s score`;
  return `three points added to ${other(side)}'s score`;
}

/**
 * A hand with revoke penalties (`HandSummary.revokes`, `revokePoints`): each penalty, scored before
 * everything else (laws 5, 72 V); the tricks as the penalty left them; honours; and that the revokers cannot
 * win the game on the hand (law 82; both sides, law 81).
 */
function explainRevokeHand(
  rules: Rules,
  hands: readonly HandSummary[],
  index: number,
  hand: HandSummary,
  revokes: NonNullable<HandSummary['revokes']>,
): string[] {
  const before = scoreBefore(hands, index);
  const target = rules.target;
  const lines: string[] = [];
  for (const r of revokes) lines.push(`${r.side} revoked: the penalty is ${penaltyWords(r.side, r.penalty)} (law 72).`);
  const moved = { NS: hand.tricks.NS, EW: hand.tricks.EW };
  for (const r of revokes)
    if (r.penalty === 'tricks') {
      const n = Math.min(3, moved[r.side]);
      moved[r.side] -= n;
      moved[other(r.side)] += n;
    }
  const rp = hand.revokePoints ?? { NS: 0, EW: 0 };
  const changed = SIDES.filter((s) => rp[s] !== 0);
  if (changed.length > 0)
    lines.push(`The penalty is scored first: ${changed.map((s) => `${s} ${signed(rp[s])} (from ${before[s]} to ${before[s] + rp[s]})`).join(', ')}.`);
  const byPenalty = hand.game !== null && SIDES.every((s) => hand.trickPoints[s] === 0 && hand.honourPoints[s] === 0) && changed.length > 0;
  if (byPenalty && hand.game !== null) lines.push(`That takes ${hand.game.winner} to game: nothing else is scored on the hand (law 72).`);
  else {
    const taker: Side = moved.NS > 6 ? 'NS' : 'EW';
    const odd = moved[taker] - 6;
    const each = rules.pointsPerOddTrick;
    const counted =
      moved.NS !== hand.tricks.NS ? ` (they took ${hand.tricks.NS} and ${hand.tricks.EW}; the penalty counts them as ${moved.NS} and ${moved.EW})` : '';
    lines.push(
      `NS count ${moved.NS} tricks, EW ${moved.EW}${counted}: ${taker} make ${plural(odd, 'odd trick')}${each === 1 ? '' : ` × ${each}`} = ${hand.trickPoints[taker]}.`,
    );
    lines.push(...honoursLines(rules, hand, before));
  }
  const revoked = SIDES.filter((s) => revokes.some((r) => r.side === s));
  for (const s of revoked)
    if (hand.score[s] === target - 1 && before[s] + rp[s] + hand.trickPoints[s] + hand.honourPoints[s] >= target)
      lines.push(`${s} revoked, so they cannot win the game on this hand: their score stops at ${target - 1} (law 82).`);
  const moving = SIDES.filter((s) => hand.points[s] !== 0);
  lines.push(moving.length === 0 ? 'This hand scores nothing.' : `This hand scores ${moving.map((s) => `${s} ${signed(hand.points[s])}`).join(', ')}.`);
  const game = hand.game;
  if (game === null) lines.push(`Score: NS ${hand.score.NS}, EW ${hand.score.EW} (game is ${target}).`);
  else lines.push(`${game.winner} win the game. ${other(game.winner)} have ${game.losersScore}, so it is ${gameValueText(rules, game.value)}.`);
  return lines;
}

/** What `explainRubber` reads: a `TableView`, or the same facts of a rubber in a record. */
export type RubberFacts = Pick<TableView, 'rules' | 'rubberWinner' | 'gamesWon' | 'rubberPoints' | 'games' | 'hands'>;

/**
 * Explains a finished rubber: who won it, by how many games, and its rubber points.
 *
 * @param view - the table view (or a record's rubber); nothing is said while the rubber goes on
 * @returns sentences, in order
 */
export function explainRubber(view: RubberFacts): string[] {
  const winner = view.rubberWinner;
  if (winner === null) return [];
  const loser = other(winner);
  const lines = [`${winner} win the rubber, ${view.gamesWon[winner]} games to ${view.gamesWon[loser]}.`];
  const points = view.rubberPoints;
  const bonus = view.rules.rubber.points;
  if (points === null || bonus === null) {
    lines.push('There are no rubber points in this game: the rubber is won by games alone.');
    return lines;
  }
  const won = view.games.filter((g) => g.winner === winner).map((g) => g.value);
  const lost = view.games.filter((g) => g.winner === loser).map((g) => g.value);
  let sum = `${winner}'s games ${won.join(' + ')}, + ${bonus.bonus} for the rubber`;
  if (lost.length > 0) sum += `, − ${lost.join(' − ')} for ${loser}'s game${lost.length === 1 ? '' : 's'}`;
  const net = won.reduce((a, b) => a + b, 0) + bonus.bonus - lost.reduce((a, b) => a + b, 0);
  lines.push(`Rubber points: ${sum} = ${net}.`);
  const slam = view.rules.slamBonus;
  if (slam !== null) {
    for (const [i, h] of view.hands.entries())
      for (const side of SIDES) {
        const b = h.tricks[side] === 13 ? slam.grand : h.tricks[side] === 12 ? slam.little : 0;
        if (b > 0) lines.push(`${side} made a ${h.tricks[side] === 13 ? 'grand' : 'little'} slam in hand ${i + 1}: + ${b}.`);
      }
  }
  lines.push(`The rubber scores NS ${points.NS}, EW ${points.EW}.`);
  return lines;
}
