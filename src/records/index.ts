/**
 * `whist/records`: bridge deal records (PBN 2.1 and BBO `.lin`) read and replayed through the Whist engine.
 *
 * A bridge deal played to a contract is a Whist hand: declarer deals, the opening leader is eldest hand, the
 * contract's strain is trump. Replaying the world's recorded deals checks the engine's rules of play (follow
 * suit, trick winners) against thousands of real hands.
 *
 * Browser-safe: the readers take text already decoded; reading and decoding files is the caller's job.
 *
 * @example
 * ```ts
 * import { parsePbn, replayRecord, summarize } from 'whist/records';
 * const outcomes = parsePbn(text, { source: 'ROUND1.PBN' }).map((record) => replayRecord(record));
 * summarize(outcomes); // for the 1996 Dutch Teams Final, round 1: { deals: 32, plays: 1162, complete: 10, matched: 10, … }
 * ```
 *
 * @module
 */

export {
  type AuctionOutcome,
  type Call,
  type Contract,
  type DealRecord,
  type ParseOptions,
  type PlayMark,
  type RecordPlay,
  type TrickRow,
  cardFromSuitFirst,
  contractFromAuction,
  parseCall,
  parsePbn,
} from './pbn.js';
export { parseLin } from './lin.js';
export { type ReplayError, type ReplayOutcome, type ReplayStatus, type ReplaySummary, replayRecord, summarize } from './replay.js';
