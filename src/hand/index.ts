/**
 * One hand: its state and types, dealing, playing, reading a stored state, and the selectors.
 *
 * @module
 */

export { dealHand, dealHandOrThrow } from './deal.js';
export { parseState, parseStateOrThrow } from './parse.js';
export { play, playFrom, playOrThrow } from './play.js';
export { heldCounts, notMade, Progress, progressOf, progressOrThrow, readState, stateOfProgress } from './progress.js';
export {
  cardsHeld,
  completedTricks,
  currentSeat,
  currentTrick,
  dealtCards,
  dealtTo,
  handFacts,
  honoursCounted,
  isHandComplete,
  lastTrick,
  ledSuit,
  legalMoves,
  playedCards,
  tricksWon,
  trickWinner,
  visibleTrumpCard,
} from './selectors.js';
export * from './types.js';
