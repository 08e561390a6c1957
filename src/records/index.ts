/**
 * `whist/records`: Whist records written and read (`formatWhistPbn`, `parseWhistPbn`, `isWhistPbn`), and bridge
 * deal records (PBN 2.1 and BBO `.lin`) read (`parsePbn`, `parseLin`) and replayed through the Whist engine
 * (`checkRecord`; `playRecord` in the main entry).
 *
 * A Whist record is a table written as PBN: its rules, its players, and every hand with its deal, its play and
 * what it scored ([docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md)). Reading one back deals and plays every hand again, rebuilds the table and
 * refuses a record whose play breaks a rule or whose stated scores differ from what its play gives, naming the
 * line, the tag and the problem. A bridge reader sees each of its hands as a plain deal with its play.
 *
 * A bridge deal played to a contract is a Whist hand: declarer deals, the opening leader is eldest hand, the
 * contract's strain is trump. Replaying the world's recorded deals checks the engine's rules of play (follow
 * suit, trick winners) against thousands of real hands. A bridge record holds the library's own types (its
 * deal a `Deal` of `Card`s, its seats `Seat`s), so it goes to `whist` and `whist/solver` (`ddTable`, `solve`)
 * as it is.
 *
 * Browser-safe: the readers take text already decoded; reading and decoding files is the caller's job.
 *
 * The code, by folder: `text/` the scanning toolkit the readers share (characters, the PBN lexer, cards as
 * written, problems and their bounds, arguments); `bridge/` bridge records (the record types, calls and
 * contracts, the PBN and LIN readers, a record replayed as a Whist hand, checking records); `whist/` Whist
 * records (their tags, the strict scanner, the first game, a hand, the stated scores, the table, the writer).
 *
 * **Hostile files.** `parsePbn` and `parseLin` return a result for any value and never throw: text that is
 * not a string, or options that are not a plain object with a string `source`, give `INVALID_ARGUMENT`, and
 * so does a text that holds nothing of the format at all (no PBN tag, no LIN pair); any other string gives
 * records, what cannot be read noted in their `problems`. Whatever the text holds:
 * - Time is linear in its length. The readers examine each character a bounded number of times (at most 2.5
 *   on average over every hostile text tried), with no backtracking regular expression: 4 MB of unclosed
 *   tags, of `!`, of Unicode spaces or of junk take well under a second.
 * - Memory is a constant times its length: while reading, the heap grows by at most about 50 bytes per
 *   character (measured with Node 20). The records returned dominate it, at about 170 bytes each plus 10 to 16
 *   per card, so the worst case is a text of nothing but empty deals (`md||` repeated, one record per 4
 *   characters): 47 bytes per character at the peak, 43 kept with the records. PBN's smallest games
 *   (`[Deal""]` repeated) take 28; 400,000 distinct tag names 22, freed once read; every other hostile text
 *   measured (huge tokens, unclosed tags and comments, a million unreadable cards, huge hands, escapes,
 *   values inherited by `#` game after game) 11 or less. Real files keep about 3.5 bytes per character.
 * - What is kept is bounded: 52 cards a seat, 52 irregularity marks a play, 100 problems a record and 10,000
 *   a file (then `"…and 12,345 more problems"`), and 40 characters of any text a problem quotes.
 *
 * A server taking uploads should still cap their size: the bound is on the cost per character, not on the
 * number of characters.
 *
 * @example
 * ```ts
 * import { parseLin, parsePbn } from 'whist/records';
 *
 * const deal = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
 * const parsed = parsePbn(`[Board "1"]\n[Deal "${deal}"]\n[Contract "3NT"]\n[Declarer "W"]\n`, { source: 'club.pbn' });
 * parsed.ok && parsed.value.map((record) => record.label); // ['club.pbn #1 board 1']
 * parsePbn('\u00a0\ufeff\u3000').ok; // true
 * parsePbn('hello').ok; // false
 * parseLin(42 as unknown as string).ok; // false
 * ```
 *
 * @module whist/records
 */

export { type AuctionOutcome, type Call, contractFromAuction, parseCall } from './bridge/auction.js';
export { type CheckTotals, checkRecord, type RecordCheck, type RecordCheckStatus, type RecordRefusal, totalChecks } from './bridge/check.js';
export { parseLin } from './bridge/lin.js';
export { parsePbn } from './bridge/pbn.js';
export type { Contract, DealRecord, ParseOptions, PlayMark, RecordPlays, TrickRow } from './bridge/record.js';
export { cardFromSuitFirst } from './text/cards.js';
export { type FormatWhistError, type FormatWhistOptions, formatWhistPbn } from './whist/format.js';
export { isWhistPbn, type ParseWhistOptions, parseWhistPbn, type WhistRecord, type WhistRecordHand } from './whist/parse.js';
export type { ParseWhistError } from './whist/problem.js';
