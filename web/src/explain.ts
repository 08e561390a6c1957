/**
 * The score of a hand and of a rubber, explained in the game's terms: the library's sentences
 * (`whist/words`), read from what the library derives (`HandSummary`, `TableView`) for the page's list of
 * a rubber's hands. Nothing is scored here, and nothing is said here either: this module only finds the
 * hand and the score before it.
 *
 * @module
 */

import type { HandSummary, Rules } from 'whist';
import { explainHand as explainScoredHand, scoreBefore } from './i18n/game.js';

export { explainRubber, gameValueText, type RubberFacts, scoreBefore } from './i18n/game.js';

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
  return hand === undefined ? [] : explainScoredHand(rules, hand, scoreBefore(hands, index));
}
