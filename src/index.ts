/**
 * whist: the rules of Whist as an immutable state reducer.
 *
 * Deal a hand, list and check plays, score hands, follow games and rubbers. Short Whist (the London
 * clubs' laws of 1864) is the default. Every state is plain JSON; every function is pure; bad input
 * gets a typed error and leaves every state untouched.
 *
 * @example
 * ```ts
 * import { deal, legalMoves, play, currentSeat, SHORT_WHIST, shuffledDeck, seedRandom } from 'whist';
 *
 * const { value: deck } = shuffledDeck(seedRandom(1));
 * const dealt = deal(SHORT_WHIST, { dealer: 'S', deck });
 * if (dealt.ok) {
 *   const next = play(dealt.state, currentSeat(dealt.state)!, legalMoves(dealt.state)[0]!);
 * }
 * ```
 *
 * @packageDocumentation
 */

export { type Card, type Rank, type Suit, SUITS, RANKS, FULL_DECK, isCard, cardSuit, cardRank, parseCard, formatCard, compareCards, sortCards } from './cards.js';
export { type Seat, type Side, type BySide, type BySeat, SEATS, SIDES, isSeat, nextSeat, previousSeat, partnerOf, sideOf, otherSide } from './seats.js';
export { type ErrorCode, type WhistErrorInfo, type Result, WhistError } from './errors.js';
export {
  type Rules,
  type HonoursRules, type HonoursRestriction, type GameValueRules, type TrumpRules, type RubberRules, type RulesOverrides,
  type RulesResult,
  SHORT_WHIST,
  LONG_WHIST,
  GERMAN_LONG_WHIST,
  AMERICAN_WHIST,
  TEN_POINT_WHIST,
  PRESETS,
  defineRules,
  defineRulesOrThrow,
  validateRules,
} from './rules.js';
export {
  type HandState,
  type Trick,
  type CurrentTrick,
  type TrumpSource,
  type DealFromDeck,
  type DealFromHands,
  type HandResult,
  HAND_SCHEMA,
  deal,
  dealOrThrow,
  legalMoves,
  play,
  playOrThrow,
  currentSeat,
  currentTrick,
  completedTricks,
  ledSuit,
  trickWinner,
  tricksWon,
  honoursHeld,
  dealtTo,
  handFacts,
  handOf,
  isHandComplete,
  visibleTurnUp,
} from './hand.js';
export { type HandScore, type HandFacts, scoreHand } from './score.js';
export {
  type RubberState,
  type HandRecord,
  type GameRecord,
  type RubberResult,
  RUBBER_SCHEMA,
  newRubber,
  nextDealer,
  recordHand,
  recordHandOrThrow,
  gamesWon,
  gameValue,
  rubberWinner,
  isRubberComplete,
  rubberPoints,
} from './rubber.js';
export { type TableState, type TableAction, type TableResult, type TableOptions, type RubberSummary, TABLE_SCHEMA, newTable, newTableOrThrow, apply, applyOrThrow } from './table.js';
export { type RandomState, type Drawn, seedRandom, randomSeedState, randomInt, shuffle, shuffledDeck } from './random.js';
export { randomPlayer, heuristicPlayer } from './players.js';
export { type PlayerView, playerView } from './view.js';
export { type ParseStateResult, parseState, parseStateOrThrow } from './validate.js';
export { type CutDraw, type CutResult, type CutOptions, cutForPartners } from './cut.js';
