/**
 * Duplicate whist: boards (deals with their dealer and trump fixed) played at every table, movements
 * (Mitchell and Howell, with the barometer option) as data with the check of their properties, and scoring
 * by matchpoints and in the Knickerbocker form, with totals, ranks and ties. Pure, like the rest of the
 * library: a program deals the boards, seats the pairs as the movement says, plays each board with the
 * rules engine, and scores the results here.
 *
 * @module whist/duplicate
 */

export { type Board, type BoardResult, boardDealer, boardHand, boardResultOf, type DealBoardsOptions, dealBoards } from './boards.js';
export { howell, type Movement, type MovementOptions, mitchell, movementProblems, type Sitting } from './movements.js';
export { type DuplicateEvent, formatEventPbn, parseEventPbn } from './records.js';
export { type DuplicateScore, type DuplicateScores, type DuplicateStanding, knickerbocker, matchpoints, type ScoringOptions } from './scoring.js';
