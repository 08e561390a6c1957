/**
 * Reading a stored table: every hand of its log replayed through the rules, every deal from the table's
 * PRNG shuffled again and compared.
 *
 * @module
 */

import { describe, type Result, unwrap, WhistError, type WhistErrorInfo } from '../errors.js';
import { Progress, parseState, playFrom, progressOf, stateOfProgress } from '../hand/index.js';
import { readRandom } from '../random.js';
import { exactFields, readStored, stateError } from '../read.js';
import { nextDealer } from '../rubber.js';
import { validateRules } from '../rules.js';
import { isSeat, SEATS } from '../seats.js';
import { openingPlayers } from './actions.js';
import { canDeal, dealtAt, opening, stepDeal, stepNewRubber, TABLE_KIND, TableProgress, tableOf, withPlayed } from './progress.js';
import { MAX_LOG, TABLE_SCHEMA, type TableState } from './types.js';
// ------------------------------------------------------------------------------------------------------
// Reading stored tables.

/**
 * The error codes of {@link parseTable}.
 *
 * @group Rubber and table
 */
export type ParseTableError = 'INVALID_STATE' | 'INVALID_RULES';

const TABLE_KEYS = ['v', 'rules', 'players', 'firstDealer', 'random', 'log'];
const HAND_KEYS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'plays'];

function readTable(value: object): TableProgress | WhistErrorInfo<ParseTableError> {
  const t = exactFields(value, 'table', TABLE_KEYS, true);
  if ('code' in t) return t as WhistErrorInfo<'INVALID_STATE'>;
  if (t.v !== TABLE_SCHEMA) return stateError('v', `must be ${TABLE_SCHEMA}, the table schema version, got ${describe(t.v)}`);
  const rules = validateRules(t.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  const players = openingPlayers(t.players);
  if (players === null) return stateError('players', 'must be four distinct ids (1 to 100 characters), by seat or as a list');
  if (!isSeat(t.firstDealer)) return stateError('firstDealer', 'must be one of N E S W');
  const random = readRandom(t.random);
  if (random === null) return stateError('random', 'must be a PRNG state { s: [a, b, c, d] }');
  const log = t.log;
  if (!Array.isArray(log)) return stateError('log', 'must be an array');
  const n = log.length;
  if (n > MAX_LOG) return stateError('log', `must have at most ${MAX_LOG} entries`);
  const first = opening(rules.value, players, t.firstDealer, random);
  if (!(first instanceof TableProgress)) return stateError('players', first.error.message);
  let p: TableProgress = first;
  for (let i = 0; i < n; i++) {
    const path = `log[${i}]`;
    const entry: unknown = log[i];
    const type = typeof entry === 'object' && entry !== null ? Object.getOwnPropertyDescriptor(entry, 'type')?.value : undefined;
    if (type === 'newRubber') {
      const e = exactFields(entry, path, ['type']);
      if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
      const next = stepNewRubber(p);
      if (!(next instanceof TableProgress)) return stateError(path, next.error.message);
      p = next;
      continue;
    }
    if (type !== 'hand') return stateError(`${path}.type`, 'must be "hand" or "newRubber"');
    const e = exactFields(entry, path, HAND_KEYS);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    const next = replayHand(p, e, path);
    if (!(next instanceof TableProgress)) return next;
    p = next;
  }
  return p;
}

/** Replays one logged hand: its deal checked against the table, then each of its cards played. */
function replayHand(p: TableProgress, e: Record<string, unknown>, path: string): TableProgress | WhistErrorInfo<ParseTableError> {
  if (typeof e.shuffled !== 'boolean') return stateError(`${path}.shuffled`, 'must be true or false');
  const refused = canDeal(p);
  if (refused !== null) return stateError(path, refused.error.message);
  const dealer = nextDealer(p.rubber);
  if (e.dealer !== dealer) return stateError(`${path}.dealer`, `must be ${dealer}, the next dealer`);
  if (typeof e.plays !== 'string' || e.plays.length > 155) return stateError(`${path}.plays`, 'must be the cards played, separated by single spaces');
  let dealt: TableProgress;
  if (e.shuffled) {
    const next = stepDeal(p, null, undefined);
    if (!(next instanceof TableProgress)) return stateError(path, next.error.message);
    dealt = next;
    const hand = stateOfProgress(dealt.hand as Progress);
    for (const key of ['deal', 'trump', 'trumpSource', 'trumpCard'] as const)
      if (e[key] !== hand[key]) return stateError(`${path}.${key}`, `does not match the deal shuffled from the table's PRNG (${describe(hand[key])})`);
  } else {
    if (e.trumpSource === 'given') return stateError(`${path}.trumpSource`, `must be ${p.rules.trump.kind}, as the rules say`);
    if (
      e.trumpSource === 'rotation' &&
      p.rules.trump.kind === 'rotation' &&
      e.trump !== (p.rules.trump.suits[p.dealNumber % p.rules.trump.suits.length] ?? null)
    )
      return stateError(`${path}.trump`, `must be the rotation's suit for deal ${p.dealNumber}`);
    const parsed = parseState({ v: 2, rules: p.rules, dealer, trump: e.trump, trumpSource: e.trumpSource, trumpCard: e.trumpCard, deal: e.deal, plays: '' });
    if (!parsed.ok) return stateError(`${path}.${parsed.error.path ?? 'deal'}`, parsed.error.message);
    dealt = dealtAt(p, progressOf(parsed.value) as Progress, p.random, false);
  }
  const plays = e.plays;
  if (plays === '') return dealt;
  // The hand's cards are played on its own progress; the table is rebuilt once, at the end.
  let hand = dealt.hand as Progress;
  for (let at = 0, i = 0; at < plays.length; at += 3, i++) {
    const card = plays.slice(at, at + 2);
    if ((at + 2 < plays.length && plays[at + 2] !== ' ') || at + 2 > plays.length)
      return stateError(`${path}.plays[${i}]`, 'cards must be separated by single spaces');
    if (hand.turn < 0) return stateError(`${path}.plays[${i}]`, 'all 13 tricks have been played');
    const next = playFrom(hand, SEATS[hand.turn], card);
    if (!(next instanceof Progress)) return stateError(`${path}.plays[${i}]`, next.error.message);
    hand = next;
  }
  return withPlayed(dealt, hand);
}

/**
 * Checks a stored table completely and returns it as a fresh, frozen {@link TableState}.
 *
 * Every entry of the log is replayed: each hand's dealer must be the next dealer, a deal shuffled from
 * the table's PRNG is shuffled again and must match, a deal the server chose must fit the rules' trump,
 * every card played must be legal, a hand may start only after the last one ended and while the rubber
 * goes on, a new rubber only after one ended. Unknown fields, getters and absurd sizes are refused
 * before anything is replayed.
 *
 * @param json - the stored table: its JSON text (at most 8 MB) or the parsed value
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"log[3].plays[12]"`, `"players"`, …), or `INVALID_RULES`. Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, newTableOrThrow, parseTable, SHORT_WHIST } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
 * parseTable(JSON.stringify(table)).ok; // true
 * const forged = parseTable({ ...table, random: { s: [1, 2, 3, 4] } });
 * forged.ok ? null : forged.error.path; // 'log[0].deal'
 * ```
 * @remarks Source: docs/rules.md (every rule the log is replayed against).
 * @group Rubber and table
 */
export function parseTable(json: unknown): Result<TableState, ParseTableError> {
  return readStored(json, TABLE_KIND, readTable, tableOf);
}

/**
 * {@link parseTable}, throwing instead of returning an error.
 *
 * @param json - the stored table, text or value
 * @returns the checked table
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES`
 * @example
 * ```ts
 * import { newTableOrThrow, parseTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * parseTableOrThrow(JSON.stringify(newTableOrThrow(SHORT_WHIST, { seed: 1 }))).log; // []
 * ```
 * @remarks Source: as {@link parseTable}.
 * @group Rubber and table
 */
export function parseTableOrThrow(json: unknown): TableState {
  return unwrap(parseTable(json));
}
