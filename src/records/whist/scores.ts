/**
 * The scores a Whist record states, set against what the play gives ([docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md), "A hand: the Whist
 * tags"): Result, tricks, honours, points, the game score, games won, a game's value, the rubber's winner and
 * its points. A record whose stated scores disagree with its play is refused with `INVALID_SCORE`.
 *
 * @module
 */

import { type HandSummary, handSummaries, isRubberComplete, type RubberState, rubberPoints, rubberWinner } from '../../rubber.js';
import { sideOf } from '../../seats.js';
import { quote } from '../text/problems.js';
import type { ReadHand, Reading } from './hand.js';
import { type Problem, problem } from './problem.js';
import { tagOf } from './scan.js';
import { readSideNumber, readSides, sidesText } from './tags.js';

/** @internal Sets the rubber's summaries on its hands and checks every score they state. */
export function closeRubber(r: Reading): Problem | null {
  if (r.rubber === null) return null;
  const summaries = handSummaries(r.rubber);
  const complete = isRubberComplete(r.rubber);
  const games = { NS: 0, EW: 0 };
  // The rubber's summaries are its scored hands': a void hand (a new deal claimed) has none.
  const scored = r.hands.slice(r.rubberStart).filter((h) => h.scored);
  for (let i = 0; i < summaries.length; i++) {
    const hand = scored[i] as ReadHand;
    const s = summaries[i] as HandSummary;
    hand.summary = s;
    const before = games.NS + games.EW;
    if (s.game !== null) games[s.game.winner]++;
    const end = complete && i === summaries.length - 1;
    const p = checkStated(hand, s, before, { ...games }, end ? r.rubber : null);
    if (p !== null) return p;
  }
  return null;
}

function checkStated(hand: ReadHand, s: HandSummary, gamesBefore: number, gamesAfter: { NS: number; EW: number }, ended: RubberState | null): Problem | null {
  const game = hand.game;
  const result = tagOf(game, 'Result');
  const dealerSide = sideOf(hand.state.dealer);
  if (result !== undefined) {
    if (!/^\d{1,2}$/.test(result.value))
      return problem('INVALID_STATE', result, 'Result', `must be the tricks won by the dealer's side, a number, got ${quote(result.value)}`);
    if (Number(result.value) !== s.tricks[dealerSide])
      return problem('INVALID_SCORE', result, 'Result', `states ${result.value}, but the dealer's side (${dealerSide}) won ${s.tricks[dealerSide]} tricks`);
  }
  const gameTag = tagOf(game, 'WhistGame');
  if (gameTag !== undefined && gameTag.value !== String(gamesBefore + 1))
    return problem('INVALID_SCORE', gameTag, 'WhistGame', `is ${quote(gameTag.value)}, but this hand is in game ${gamesBefore + 1} of its rubber`);
  // What a hand scores may be below nothing: a revoke penalty deducts points (law 72).
  const pairs: readonly (readonly [string, { NS: number; EW: number }, string, boolean])[] = [
    ['WhistTricks', s.tricks, 'the play gives', false],
    ['WhistHonours', s.honours, 'the deal gives', false],
    ['WhistTrickPoints', s.trickPoints, 'the play scores', false],
    ['WhistHonourPoints', s.honourPoints, 'the rules score', false],
    ['WhistPoints', s.points, 'the hand scores', true],
    ['WhistScore', s.score, 'the game score after the hand is', false],
    ['WhistGames', gamesAfter, 'the games won after the hand are', false],
  ];
  for (const [name, value, what, signed] of pairs) {
    const tag = tagOf(game, name);
    if (tag === undefined) continue;
    const stated = readSides(tag.value, signed);
    if (stated === null)
      return problem('INVALID_STATE', tag, name, `must be written "NS 7 EW 6"${signed ? ' (a figure may be negative)' : ''}, got ${quote(tag.value)}`);
    if (stated.NS !== value.NS || stated.EW !== value.EW)
      return problem('INVALID_SCORE', tag, name, `states ${sidesText(stated)}, but ${what} ${sidesText(value)}`);
  }
  const gameResult = tagOf(game, 'WhistGameResult');
  if (gameResult !== undefined) {
    const stated = readSideNumber(gameResult.value);
    if (stated === null)
      return problem('INVALID_STATE', gameResult, 'WhistGameResult', `must be the winners and the game's value, "NS 3", got ${quote(gameResult.value)}`);
    if (s.game === null) return problem('INVALID_SCORE', gameResult, 'WhistGameResult', `states a game won by ${stated.side}, but no game ends on this hand`);
    if (stated.side !== s.game.winner || stated.value !== s.game.value)
      return problem(
        'INVALID_SCORE',
        gameResult,
        'WhistGameResult',
        `states ${stated.side} ${stated.value}, but the game goes to ${s.game.winner}, worth ${s.game.value}`,
      );
  }
  const rubberResult = tagOf(game, 'WhistRubberResult');
  const pointsTag = tagOf(game, 'WhistRubberPoints');
  if (ended === null) {
    for (const tag of [rubberResult, pointsTag])
      if (tag !== undefined)
        return problem(
          'INVALID_SCORE',
          tag,
          tag === rubberResult ? 'WhistRubberResult' : 'WhistRubberPoints',
          'states a rubber result, but the rubber does not end on this hand',
        );
    return null;
  }
  const winner = rubberWinner(ended);
  if (rubberResult !== undefined && rubberResult.value !== winner)
    return problem('INVALID_SCORE', rubberResult, 'WhistRubberResult', `is ${quote(rubberResult.value)}, but the rubber goes to ${winner}`);
  if (pointsTag !== undefined) {
    const points = rubberPoints(ended);
    const stated = pointsTag.value === 'none' ? null : readSides(pointsTag.value);
    if (stated === null && pointsTag.value !== 'none')
      return problem('INVALID_STATE', pointsTag, 'WhistRubberPoints', `must be written "NS 4 EW 0", or "none", got ${quote(pointsTag.value)}`);
    const same = points === null ? stated === null : stated !== null && stated.NS === points.NS && stated.EW === points.EW;
    if (!same)
      return problem(
        'INVALID_SCORE',
        pointsTag,
        'WhistRubberPoints',
        `states ${stated === null ? 'none' : sidesText(stated)}, but the rubber is worth ${points === null ? 'no rubber points under these rules' : sidesText(points)}`,
      );
  }
  return null;
}
