/**
 * whist: the rules of Whist as an immutable state reducer.
 *
 * Deal a hand, list and check plays, score hands, follow games and rubbers, run a whole table for a
 * server. Short Whist (the London clubs' laws of 1864) is the default. Every state is plain, frozen JSON
 * of facts; no function changes what it is given; bad input gets a typed error and leaves every state
 * untouched ([docs/errors.md](https://github.com/whist-js/whist/blob/main/docs/errors.md): the contract of each kind of function).
 *
 * @example
 * ```ts
 * import { currentSeat, dealHand, legalMoves, play, seedRandom, SHORT_WHIST, shuffledDeck } from 'whist';
 *
 * const { value: deck } = shuffledDeck(seedRandom(1));
 * const dealt = dealHand(SHORT_WHIST, { dealer: 'S', deck });
 * const next = dealt.ok ? play(dealt.value, currentSeat(dealt.value)!, legalMoves(dealt.value)[0]!) : dealt;
 * next.ok; // true
 * ```
 *
 * @module whist
 */

export {
  type Card,
  cardRank,
  cardSuit,
  compareCards,
  FULL_DECK,
  formatCard,
  isCard,
  parseCard,
  RANKS,
  type Rank,
  SUITS,
  type Suit,
  sortCards,
} from './cards.js';
export {
  type ClaimToCheck,
  COMPUTER_CLAIM_NODES,
  COMPUTER_CLAIM_TRICKS,
  COMPUTER_LEVELS,
  type ComputerActionOptions,
  type ComputerLevel,
  type ComputerTurn,
  type ComputerTurnOptions,
  cardAction,
  claimAction,
  computerAction,
  computerTurn,
  readComputerLevel,
} from './computer.js';
export { type CutDraw, type CutError, type CutOptions, type CutResult, cutForPartners } from './cut.js';
export { type ErrorCode, type Result, WhistError, type WhistErrorInfo } from './errors.js';
export {
  type CurrentTrick,
  cardsHeld,
  completedTricks,
  currentSeat,
  currentTrick,
  type DealError,
  type DealFromCards,
  type DealFromDeck,
  dealHand,
  dealHandOrThrow,
  dealtCards,
  dealtTo,
  HAND_SCHEMA,
  type HandState,
  handFacts,
  honoursCounted,
  isHandComplete,
  type LeadOutOfTurn,
  lastTrick,
  ledSuit,
  legalMoves,
  type ParseStateError,
  type Play,
  type PlayError,
  parseState,
  parseStateOrThrow,
  play,
  playedCards,
  playOrThrow,
  type Trick,
  type TrumpSource,
  tricksWon,
  trickWinner,
  visibleTrumpCard,
} from './hand/index.js';
export { type Deal, type DealTextError, formatDeal, type PartialDeal, parseDeal, parsePartialDeal } from './notation.js';
export { heuristicPlayer, randomPlayer } from './players.js';
export { cryptoRandom, type Drawn, type RandomState, randomInt, seedRandom, shuffle, shuffledDeck } from './random.js';
export { type PlayRecordError, playRecord } from './records/bridge/play.js';
export {
  type AddHandError,
  addHand,
  addHandOrThrow,
  type GameSummary,
  gameScore,
  games,
  gamesWon,
  gameValue,
  type HandSummary,
  handSummaries,
  isRubberComplete,
  nextDealer,
  parseRubber,
  RUBBER_SCHEMA,
  type RubberState,
  rubberPoints,
  rubberWinner,
  type StartRubberError,
  startRubber,
  startRubberOrThrow,
} from './rubber.js';
export {
  AMERICAN_WHIST,
  defineRules,
  defineRulesOrThrow,
  type GameValueRules,
  GERMAN_LONG_WHIST,
  type HonoursRestriction,
  type HonoursRules,
  LONG_WHIST,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  type RubberRules,
  type Rules,
  type RulesError,
  type RulesOverrides,
  SHORT_WHIST,
  TEN_POINT_WHIST,
  type TrumpRules,
  validateRules,
} from './rules.js';
export { type HandFacts, type HandScore, type HonoursWithheld, type RevokePenalty, scoreHand } from './score.js';
export { type BySeat, type BySide, isSeat, nextSeat, otherSide, partnerOf, previousSeat, SEATS, type Seat, SIDES, type Side, sideOf } from './seats.js';
export {
  type ApplyError,
  apply,
  applyOrThrow,
  archiveRubbers,
  type ClientActionError,
  clientAction,
  currentHand,
  currentRubber,
  type DealDeckError,
  dealBoard,
  dealDeck,
  finishedRubbers,
  type HandAction,
  type HandEntry,
  type HandEvent,
  MAX_HAND_EVENTS,
  MAX_LOG,
  MAX_TABLE_CHARS,
  type NewDealGround,
  type NewTableError,
  newTable,
  newTableOrThrow,
  type ParseTableError,
  type ParseTableOptions,
  parseTable,
  parseTableOrThrow,
  RUBBER_ROOM,
  type RubberSummary,
  seating,
  TABLE_SCHEMA,
  type TableAction,
  type TableArchive,
  type TableEntry,
  type TableOptions,
  type TableState,
} from './table/index.js';
export {
  type ClaimView,
  type ElectionView,
  type PlayerView,
  type PlayerViewError,
  playerView,
  playerViewOrThrow,
  type RevokeView,
  type TableNext,
  type TableView,
  type TableViewError,
  tableView,
  tableViewOrThrow,
} from './view.js';
