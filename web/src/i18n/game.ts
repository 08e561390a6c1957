/**
 * The library's sentences of the game (`whist/words`), said in the page's language: each function is the
 * library's, given the catalogue of the page's language. The page imports these instead of `whist/words`.
 *
 * @module
 */

import type { BySide, Card, HandEvent, HandSummary, RevokePenalty, RevokeView, Rules, Side } from 'whist';
import * as W from 'whist/words';
import { gameWords } from './index.js';

export type { RubberFacts } from 'whist/words';
export { eventLaw, scoreBefore } from 'whist/words';

type Options = Omit<W.WordsOptions, 'catalogue'>;

const o = (options: Options = {}): W.WordsOptions => ({ ...options, catalogue: gameWords() });

export const rulesTitle = (rules: Rules, options?: Options): string => W.rulesTitle(rules, o(options));
export const cardName = (card: Card, options?: Options): string => W.cardName(card, o(options));
export const rankName = (card: Card, options?: Options): string => W.rankName(card, o(options));
export const speaker = (options?: Options): W.Speaker => W.speaker(o(options));
export const explainHand = (rules: Rules, hand: HandSummary, before: BySide, options?: Options): string[] => W.explainHand(rules, hand, before, o(options));
export const explainRubber = (rubber: W.RubberFacts, options?: Options): string[] => W.explainRubber(rubber, o(options));
export const gameValueText = (rules: Rules, value: number, options?: Options): string => W.gameValueText(rules, value, o(options));
export const claimSentence = (claim: W.ClaimFacts, options?: Options): string => W.claimSentence(claim, o(options));
export const claimOutcome = (claim: W.ClaimFacts, options?: Options): string | null => W.claimOutcome(claim, o(options));
export const refusedClaimSentences = (refused: W.RefusedClaim, options?: Options): { readonly layout: string; readonly line: string } =>
  W.refusedClaimSentences(refused, o(options));
export const refusedUnproven = (refused: W.RefusedClaim, checker: 'computers' | 'server', options?: Options): string =>
  W.refusedUnproven(refused, checker, o(options));
export const penaltyLabel = (penalty: RevokePenalty['penalty'], options?: Options): string => W.penaltyLabel(penalty, o(options));
export const penaltyText = (penalty: RevokePenalty['penalty'], revokers: Side, options?: Options): string => W.penaltyText(penalty, revokers, o(options));
export const revokeClaimSentence = (claim: W.RevokeClaim, options?: Options): string => W.revokeClaimSentence(claim, o(options));
export const revokeSentence = (revoke: RevokeView, options?: Options): string => W.revokeSentence(revoke, o(options));
export const revokesHeading = (count: number, options?: Options): string => W.revokesHeading(count, o(options));
export const hintBasis = (values: { readonly layouts: number; readonly playedOut: number }, options?: Options): string => W.hintBasis(values, o(options));
export const exposeSentence = (drop: W.ExposedDrop, options?: Options): string => W.exposeSentence(drop, o(options));
export const exposedCallSentence = (call: W.ExposedCall, options?: Options): string => W.exposedCallSentence(call, o(options));
export const ruleRows = (rules: Rules, options?: Options): { id: string; label: string; value: string; meaning: string }[] => W.ruleRows(rules, o(options));
export const eventSentence = (event: HandEvent, options?: Options): string => W.eventSentence(event, o(options));
export const eventWithLaw = (event: HandEvent, options?: Options): string => W.eventWithLaw(event, o(options));
