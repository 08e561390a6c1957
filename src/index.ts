/**
 * whist: the rules of Whist as an immutable state reducer.
 *
 * Deal a hand, list and check plays, score hands, follow games and rubbers, run a whole table for a
 * server. Short Whist (the London clubs' laws of 1864) is the default. Every state is plain, frozen JSON
 * of facts; every function is pure; bad input gets a typed error and leaves every state untouched.
 *
 * @example
 * ```ts
 * import { currentSeat, deal, legalMoves, play, seedRandom, SHORT_WHIST, shuffledDeck } from 'whist';
 *
 * const { value: deck } = shuffledDeck(seedRandom(1));
 * const dealt = deal(SHORT_WHIST, { dealer: 'S', deck });
 * const next = dealt.ok ? play(dealt.value, currentSeat(dealt.value)!, legalMoves(dealt.value)[0]!) : dealt;
 * next.ok; // true
 * ```
 *
 * @packageDocumentation
 */

export { type Card, type Rank, type Suit, SUITS, RANKS, FULL_DECK, isCard, cardSuit, cardRank, parseCard, formatCard, compareCards, sortCards } from './cards.js';
export { type Seat, type Side, type BySide, type BySeat, SEATS, SIDES, isSeat, nextSeat, previousSeat, partnerOf, sideOf, otherSide } from './seats.js';
export { type ErrorCode, type WhistErrorInfo, type Result, WhistError } from './errors.js';
export { type Deal, type DealTextError, parseDeal, formatDeal } from './notation.js';
export {
  type Rules,
  type HonoursRules,
  type HonoursRestriction,
  type GameValueRules,
  type TrumpRules,
  type RubberRules,
  type RulesOverrides,
  type RulesError,
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
  type Play,
  type TrumpSource,
  type DealFromDeck,
  type DealFromHands,
  type DealError,
  type PlayError,
  type ParseStateError,
  HAND_SCHEMA,
  deal,
  dealOrThrow,
  play,
  playOrThrow,
  parseState,
  parseStateOrThrow,
  legalMoves,
  currentSeat,
  currentTrick,
  completedTricks,
  lastTrick,
  plays,
  ledSuit,
  trickWinner,
  tricksWon,
  honoursCounted,
  cardsHeld,
  dealtCards,
  dealtTo,
  handFacts,
  isHandComplete,
  visibleTrumpCard,
} from './hand.js';
export { type HandScore, type HandFacts, scoreHand } from './score.js';
export {
  type RubberState,
  type HandSummary,
  type GameSummary,
  type StartRubberError,
  type RecordHandError,
  RUBBER_SCHEMA,
  startRubber,
  startRubberOrThrow,
  recordHand,
  recordHandOrThrow,
  parseRubber,
  nextDealer,
  rubberScore,
  handSummaries,
  games,
  gamesWon,
  gameValue,
  rubberWinner,
  isRubberComplete,
  rubberPoints,
} from './rubber.js';
export {
  type TableState,
  type TableEntry,
  type HandEntry,
  type TableAction,
  type TableOptions,
  type RubberSummary,
  type NewTableError,
  type ApplyError,
  type DealDeckError,
  type ClientActionError,
  type ParseTableError,
  TABLE_SCHEMA,
  newTable,
  newTableOrThrow,
  apply,
  applyOrThrow,
  dealDeck,
  clientAction,
  parseTable,
  parseTableOrThrow,
  currentHand,
  currentRubber,
  seating,
  finishedRubbers,
} from './table.js';
export { type PlayerView, type PlayerViewError, type TableView, type TableViewError, type TableNext, playerView, playerViewOrThrow, tableView, tableViewOrThrow } from './view.js';
export { type RandomState, type Drawn, seedRandom, cryptoRandom, randomInt, shuffle, shuffledDeck } from './random.js';
export { randomPlayer, heuristicPlayer } from './players.js';
export { type CutDraw, type CutResult, type CutOptions, type CutError, cutForPartners } from './cut.js';
