/**
 * The table: one document per table, driven by {@link apply}; read back with {@link parseTable}.
 *
 * @module
 */

export { apply, applyOrThrow, archiveRubbers, type ClientActionError, clientAction, dealBoard, dealDeck, newTable, newTableOrThrow } from './actions.js';
export { type ParseTableError, parseTable, parseTableOrThrow } from './parse.js';
export { copySummaries, TableProgress, tableProgressOf, tableProgressOrThrow } from './progress.js';
export { currentHand, currentRubber, finishedRubbers, seating } from './selectors.js';
export * from './types.js';
