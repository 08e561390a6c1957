/**
 * Reading a stored table: every hand of its log replayed through the rules, every deal from the table's
 * PRNG shuffled again and compared.
 *
 * @module
 */

import { type Card, isCard } from '../cards.js';
import { describe, fail, type Result, unwrap, WhistError, type WhistErrorInfo } from '../errors.js';
import { type HandState, Progress, parseState, progressOf, stateOfProgress } from '../hand/index.js';
import { adoptWith } from '../made.js';
import { type RandomState, readRandom } from '../random.js';
import { exactFields, readStored, stateError } from '../read.js';
import type { RubberState } from '../rubber.js';
import { validateRules } from '../rules.js';
import { type BySide, isSeat, SEATS, type Seat } from '../seats.js';
import { openingPlayers } from './actions.js';
import type { HandEvents } from './events.js';
import { NEW_DEAL_GROUNDS } from './laws.js';
import { MAX_HAND_ACTIONS, MAX_HAND_EVENTS, MAX_LOG, MAX_PLAYS_CHARS } from './limits.js';
import {
  canDeal,
  cardPlayed,
  dealtAt,
  type Failure,
  opening,
  stepDeal,
  stepHandEvent,
  stepNewRubber,
  stepPlay,
  TABLE_KIND,
  TableProgress,
  tableDealer,
  tableOf,
  tableProgressOf,
  tableProgressOrThrow,
  withLog,
  withPlayedCards,
} from './progress.js';
import { ACTION_KINDS, type ActionKind, isHandEvent, kindOf, lawOfEvent } from './registry.js';
import {
  type HandAction,
  type HandEntry,
  type ParseTableOptions,
  type RubberSummary,
  TABLE_SCHEMA,
  type TableArchive,
  type TableEntry,
  type TableState,
} from './types.js';
// ------------------------------------------------------------------------------------------------------
// Reading stored tables.

/**
 * The error codes of {@link parseTable}.
 *
 * @group Rubber and table
 */
export type ParseTableError = 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_ARGUMENT';

const TABLE_KEYS = ['v', 'rules', 'players', 'firstDealer', 'random', 'log'];
// The lists are written out, not spread from one another: a spread at module level would keep this reader
// in every bundle, the core's included (esbuild counts it as a side effect).
/** A hand's fields but what was done in it. */
const DEALT_KEYS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled'];
const HAND_KEYS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'actions'];
/** A hand's fields in schema 2: its cards and what was said apart, each event at its count of cards. */
const HAND_KEYS_2 = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'plays'];
const HAND_KEYS_2_WITH_EVENTS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'plays', 'events'];
/** The kinds of event a hand's log keeps, as the registry names them. */
function eventTypes(): string[] {
  return Object.keys(ACTION_KINDS).filter((t) => isHandEvent(t));
}

/** A hand entry's fields: of schema 3, or of schema 2 (with `events` when it has some). */
function handFields(entry: unknown, path: string, v: number): Record<string, unknown> | WhistErrorInfo<'INVALID_STATE'> {
  if (v === TABLE_SCHEMA) return exactFields(entry, path, HAND_KEYS);
  const withEvents = typeof entry === 'object' && entry !== null && Object.getOwnPropertyDescriptor(entry, 'events') !== undefined;
  return exactFields(entry, path, withEvents ? HAND_KEYS_2_WITH_EVENTS : HAND_KEYS_2);
}

/** One logged event, shape checked: its kind's fields exactly, `at` a count of cards, `law` the one its kind cites. */
function readEvent(item: unknown, at: string): Record<string, unknown> | WhistErrorInfo<'INVALID_STATE'> {
  const type = typeof item === 'object' && item !== null ? Object.getOwnPropertyDescriptor(item, 'type')?.value : undefined;
  const logged = kindOf(type)?.logged;
  if (logged == null) return stateError(`${at}.type`, `must be one of ${eventTypes().join(', ')}`);
  const e = exactFields(item, at, ['type', ...logged]);
  if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
  if (typeof e.at !== 'number' || !Number.isInteger(e.at) || e.at < 0 || e.at > 52) return stateError(`${at}.at`, 'must be a whole number from 0 to 52');
  // The law it is ruled by, as the registry names it; a new deal's by its ground.
  const law = lawOfEvent(type as string, e);
  if (law === null) return stateError(`${at}.ground`, `must be one of ${Object.keys(NEW_DEAL_GROUNDS).join(', ')}`);
  if (law !== undefined && e.law !== law) return stateError(`${at}.law`, `must be ${describe(law)}, the law a ${type as string} is ruled by`);
  return e;
}

/** @internal A stored hand's events (schema 2, and records), shape checked: a list of 1 to {@link MAX_HAND_EVENTS}, or `[]` when absent. Each is replayed later. */
export function readEvents(value: unknown, path: string): Record<string, unknown>[] | WhistErrorInfo<'INVALID_STATE'> {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_HAND_EVENTS)
    return stateError(`${path}.events`, `must be a list of 1 to ${MAX_HAND_EVENTS} events (absent when there are none)`);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < value.length; i++) {
    const e = readEvent(value[i], `${path}.events[${i}]`);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    out.push(e);
  }
  return out;
}

/** A stored hand's actions, shape checked: each a card or an event, at most {@link MAX_HAND_ACTIONS}. Each is replayed later. */
function readActions(value: unknown, path: string): (Card | Record<string, unknown>)[] | WhistErrorInfo<'INVALID_STATE'> {
  if (!Array.isArray(value) || value.length > MAX_HAND_ACTIONS)
    return stateError(`${path}.actions`, `must be a list of at most ${MAX_HAND_ACTIONS} actions: cards played in turn and events`);
  let events = 0;
  const out = new Array<Card | Record<string, unknown>>(value.length);
  for (let i = 0; i < value.length; i++) {
    const at = `${path}.actions[${i}]`;
    const x: unknown = value[i];
    if (typeof x === 'string') {
      if (!isCard(x)) return stateError(at, 'must be a card such as "QH", or an event');
      out[i] = x;
      continue;
    }
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return stateError(at, 'must be a card such as "QH", or an event');
    if (++events > MAX_HAND_EVENTS) return stateError(at, `is past the ${MAX_HAND_EVENTS} events a hand may hold`);
    const e = readEvent(x, at);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    out[i] = e;
  }
  return out;
}

const ARCHIVE_KEYS = ['rubbers', 'deals'];
const SUMMARY_KEYS = ['players', 'winner', 'games', 'rubberPoints'];

/** How a table is read: from scratch, or after a table already checked. */
interface Reading {
  readonly after: TableProgress | null;
  readonly shuffledOnly: boolean;
  /** The value was parsed from JSON text by `parseTable` itself: its fields can be read directly. */
  readonly plain?: boolean;
}

/** Tables, and a table another copy of the library made (made.ts), wherever parseTable is: read as a stored one is. */
const TABLE = /* @__PURE__ */ adoptWith(TABLE_KIND, (value) => readTable(value, { after: null, shuffledOnly: false }));

function readTable(value: object, how: Reading): TableProgress | WhistErrorInfo<ParseTableError> {
  const archivedGiven = Object.getOwnPropertyDescriptor(value, 'archived') !== undefined;
  const t = exactFields(value, 'table', archivedGiven ? [...TABLE_KEYS, 'archived'] : TABLE_KEYS, true);
  if ('code' in t) return t as WhistErrorInfo<'INVALID_STATE'>;
  const log = t.log;
  if (!Array.isArray(log)) return stateError('log', 'must be an array');
  const n = log.length;
  if (n > MAX_LOG) return stateError('log', `must have at most ${MAX_LOG} entries`);
  const after = how.after;
  // A table of schema 2 is read whole, `after` or not: what it extends is of schema 3.
  if (after !== null && t.v === TABLE_SCHEMA) {
    const same = sameOpening(after, t);
    if (same !== null) return same;
    return readLog(after, log, how);
  }
  if (t.v !== TABLE_SCHEMA && t.v !== 2)
    return stateError('v', `must be ${TABLE_SCHEMA}, the table schema version (or 2, read and returned as ${TABLE_SCHEMA}), got ${describe(t.v)}`);
  const rules = validateRules(t.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  const players = openingPlayers(t.players);
  if (players === null) return stateError('players', 'must be four distinct ids (1 to 100 characters), by seat or as a list');
  if (!isSeat(t.firstDealer)) return stateError('firstDealer', 'must be one of N E S W');
  const random = readRandom(t.random);
  if (random === null) return stateError('random', 'must be a PRNG state { s: [a, b, c, d] }');
  const archived = archivedGiven ? readArchive(t.archived) : null;
  if (archived !== null && 'code' in archived) return archived;
  const first = opening(rules.value, players, t.firstDealer, random, archived);
  if (!(first instanceof TableProgress)) return stateError('players', first.error.message);
  return readLog(first, log, { ...how, v: t.v as number });
}

/**
 * Replays the entries of `log` that `start` has not seen. `start` has seen none of them, or is a checked
 * table whose log `log` must extend: the same entries, its last hand perhaps played further, more entries
 * after. The log is built in one array, in place (see `withEntry`): no entry is copied again as later
 * ones are read.
 */
function readLog(start: TableProgress, log: readonly unknown[], how: Reading & { readonly v?: number }): TableProgress | WhistErrorInfo<ParseTableError> {
  const v = how.v ?? TABLE_SCHEMA;
  const known = start.log;
  const n = log.length;
  if (n < known.length) return stateError('log', `must extend the checked table's log of ${known.length} entries, got ${n}`);
  let from = known.length;
  // The actions of the checked table's last hand done since, from that index on.
  let resume = -1;
  for (let i = 0; i < known.length; i++) {
    const mine = known[i] as TableEntry;
    const path = `log[${i}]`;
    if (i < known.length - 1 || mine.type !== 'hand') {
      if (how.plain === true && samePlainEntry(mine, log[i])) continue;
      const differs = sameEntry(mine, log[i], path);
      if (differs !== undefined) return differs;
      continue;
    }
    // The last hand of the checked table, perhaps played further since: its actions must extend the checked ones.
    const e = handFields(log[i], path, v);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    for (const key of DEALT_KEYS) if (e[key] !== mine[key as keyof HandEntry]) return stateError(`${path}.${key}`, "differs from the checked table's");
    const actions = e.actions;
    const done = mine.actions;
    if (!Array.isArray(actions) || actions.length < done.length || actions.length > MAX_HAND_ACTIONS)
      return stateError(`${path}.actions`, "must extend the checked table's actions");
    for (let k = 0; k < done.length; k++) if (!sameJson(actions[k], done[k])) return stateError(`${path}.actions[${k}]`, "differs from the checked table's");
    if (actions.length > done.length) {
      from = i;
      resume = done.length;
    }
  }
  if (from === n) return start;
  const entries = new Array<TableEntry>(known.length);
  for (let i = 0; i < known.length; i++) entries[i] = known[i] as TableEntry;
  let p = withLog(start, entries);
  for (let i = from; i < n; i++) {
    const path = `log[${i}]`;
    const entry: unknown = log[i];
    if (resume >= 0 && i === from) {
      const actions = readActions((entry as { actions: unknown }).actions, path);
      if (!Array.isArray(actions)) return actions;
      const next = foldActions(p, actions, resume, path);
      if (!(next instanceof TableProgress)) return next;
      p = next;
      continue;
    }
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
    const e = handFields(entry, path, v);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    if (how.shuffledOnly && e.shuffled === false) return stateError(`${path}.shuffled`, 'must be true: this table deals only from its PRNG');
    const next = replayHand(p, e, path, v);
    if (!(next instanceof TableProgress)) return next;
    p = next;
  }
  return p;
}

/**
 * Whether an entry parsed from JSON text equals the checked one: a fast path that reads the fields
 * directly, which only JSON's plain objects allow. `false` sends the entry to {@link sameEntry}, which
 * says why it differs.
 */
function samePlainEntry(mine: TableEntry, entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const e = entry as Record<string, unknown>;
  let keys = 0;
  for (const _ in e) keys++;
  if (mine.type === 'newRubber') return keys === 1 && e.type === 'newRubber';
  return (
    keys === 8 &&
    e.type === 'hand' &&
    e.deal === mine.deal &&
    e.dealer === mine.dealer &&
    e.trump === mine.trump &&
    e.trumpSource === mine.trumpSource &&
    e.trumpCard === mine.trumpCard &&
    e.shuffled === mine.shuffled &&
    sameActions(mine.actions, e.actions)
  );
}

/** Whether stored actions are the checked ones: the same cards and events, in order. */
function sameActions(mine: readonly HandAction[], actions: unknown): boolean {
  if (!Array.isArray(actions) || actions.length !== mine.length) return false;
  for (let i = 0; i < mine.length; i++) {
    const a = mine[i];
    const b: unknown = actions[i];
    if (a !== b && (typeof a !== 'object' || !sameJson(a, b))) return false;
  }
  return true;
}

/** `undefined` when a stored entry equals the checked one, or why it does not. */
function sameEntry(mine: TableEntry, entry: unknown, path: string): WhistErrorInfo<'INVALID_STATE'> | undefined {
  if (mine.type === 'newRubber') {
    const e = exactFields(entry, path, ['type']);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    return e.type === 'newRubber' ? undefined : stateError(`${path}.type`, "differs from the checked table's");
  }
  const e = handFields(entry, path, TABLE_SCHEMA);
  if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
  for (const key of DEALT_KEYS) if (e[key] !== mine[key as keyof HandEntry]) return stateError(`${path}.${key}`, "differs from the checked table's");
  if (!sameActions(mine.actions, e.actions)) return stateError(`${path}.actions`, "differs from the checked table's");
  return undefined;
}

/** `null` when a stored table's opening (everything but its log) equals the checked table's. */
function sameOpening(after: TableProgress, t: Record<string, unknown>): WhistErrorInfo<'INVALID_STATE'> | null {
  const o = after.opened;
  const mine: Record<string, unknown> = {
    v: TABLE_SCHEMA,
    rules: o.rules,
    players: o.players,
    firstDealer: o.firstDealer,
    random: o.random,
    archived: o.archived ?? undefined,
  };
  for (const key of [...TABLE_KEYS.slice(0, 5), 'archived']) if (!sameJson(t[key], mine[key])) return stateError(key, "differs from the checked table's");
  return null;
}

/** Whether two plain JSON values are equal (key order of objects aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    const d = Object.getOwnPropertyDescriptor(a, k);
    if (d === undefined || !('value' in d) || !Object.hasOwn(b, k)) return false;
    if (!sameJson(d.value, (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The archived rubbers of a stored table: their shape checked, as they cannot be replayed. */
function readArchive(value: unknown): TableArchive | WhistErrorInfo<'INVALID_STATE'> {
  const a = exactFields(value, 'archived', ARCHIVE_KEYS);
  if ('code' in a) return a as WhistErrorInfo<'INVALID_STATE'>;
  const deals = a.deals;
  if (typeof deals !== 'number' || !Number.isSafeInteger(deals) || deals < 0) return stateError('archived.deals', 'must be a whole number from 0');
  const list = a.rubbers;
  if (!Array.isArray(list) || list.length === 0 || list.length > deals)
    return stateError('archived.rubbers', 'must be a list of 1 to `deals` rubber summaries');
  const rubbers: RubberSummary[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const path = `archived.rubbers[${i}]`;
    const r = exactFields(list[i], path, SUMMARY_KEYS);
    if ('code' in r) return r as WhistErrorInfo<'INVALID_STATE'>;
    const players = openingPlayers(r.players);
    if (players === null || Array.isArray(players)) return stateError(`${path}.players`, 'must be four distinct ids by seat');
    if (r.winner !== 'NS' && r.winner !== 'EW') return stateError(`${path}.winner`, 'must be NS or EW');
    const games = readSides(r.games, 3);
    if (games === null) return stateError(`${path}.games`, 'must be { NS, EW }, whole numbers from 0 to 3');
    const points = r.rubberPoints === null ? null : readSides(r.rubberPoints, 100_000);
    if (points === null && r.rubberPoints !== null) return stateError(`${path}.rubberPoints`, 'must be null or { NS, EW }, whole numbers of at most 100,000');
    rubbers[i] = Object.freeze({ players: Object.freeze(players), winner: r.winner, games, rubberPoints: points });
  }
  return Object.freeze({ rubbers: Object.freeze(rubbers), deals });
}

function readSides(value: unknown, max: number): BySide | null {
  const s = exactFields(value, 'sides', ['NS', 'EW']);
  if ('code' in s) return null;
  const ok = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && Math.abs(x) <= max && (max > 3 || x >= 0);
  return ok(s.NS) && ok(s.EW) ? Object.freeze({ NS: s.NS as number, EW: s.EW as number }) : null;
}

/** Replays one logged hand: its deal checked against the table, then what was done in it, by apply's steps. */
function replayHand(p: TableProgress, e: Record<string, unknown>, path: string, v: number): TableProgress | WhistErrorInfo<ParseTableError> {
  if (typeof e.shuffled !== 'boolean') return stateError(`${path}.shuffled`, 'must be true or false');
  const refused = canDeal(p);
  if (refused !== null) return stateError(path, refused.error.message);
  const dealer = tableDealer(p);
  if (e.dealer !== dealer) return stateError(`${path}.dealer`, `must be ${dealer}, the next dealer`);
  let actions: (Card | Record<string, unknown>)[] | null = null;
  let events: Record<string, unknown>[] = [];
  if (v === TABLE_SCHEMA) {
    const read = readActions(e.actions, path);
    if (!Array.isArray(read)) return read;
    actions = read;
  } else {
    if (typeof e.plays !== 'string' || e.plays.length > MAX_PLAYS_CHARS)
      return stateError(`${path}.plays`, 'must be the cards played, separated by single spaces');
    const read = readEvents(e.events, path);
    if (!Array.isArray(read)) return read;
    events = read;
  }
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
  return actions !== null ? foldActions(dealt, actions, 0, path) : foldSchema2(dealt, e.plays as string, events, path);
}

/**
 * The table once one logged action is done again, by the step {@link apply} takes for it: a card by the seat
 * whose turn it is, an event as the action its kind's fields make (`at`, `law` and what the table finds, such
 * as a corrected revoke's card, are the table's). What the step logs must be the logged event itself.
 */
function stepAction(p: TableProgress, x: Card | Record<string, unknown>, path: string): TableProgress | WhistErrorInfo<ParseTableError> {
  if (typeof x === 'string') {
    const hand = p.hand as Progress;
    if (hand.turn < 0) return stateError(path, 'all 13 tricks have been played');
    const next = stepPlay(p, SEATS[hand.turn] as Seat, x);
    return next instanceof TableProgress ? next : stateError(path, next.error.message);
  }
  const kind = kindOf(x.type) as ActionKind; // read by readEvent: a kind the log keeps
  const action: Record<string, unknown> = { type: x.type };
  for (const field of kind.fields) action[field] = x[field];
  const next = stepHandEvent(p, action);
  if (!(next instanceof TableProgress)) return stateError(path, next.error.message);
  const said = (next.log[next.log.length - 1] as HandEntry).actions;
  const logged = said[said.length - 1];
  if (!sameJson(logged, x)) return stateError(path, `is not what the table logs for it here: ${JSON.stringify(logged)}`);
  return next;
}

/**
 * Does `actions`, from index `from` on, in the table's hand: the table once all are done. A run of cards is
 * checked card by card as {@link stepPlay} checks one, and the table made once after the run.
 */
function foldActions(
  p: TableProgress,
  actions: readonly (Card | Record<string, unknown>)[],
  from: number,
  path: string,
): TableProgress | WhistErrorInfo<ParseTableError> {
  let i = from;
  while (i < actions.length) {
    const x = actions[i] as Card | Record<string, unknown>;
    if (typeof x !== 'string') {
      const next = stepAction(p, x, `${path}.actions[${i}]`);
      if (!(next instanceof TableProgress)) return next;
      p = next;
      i++;
      continue;
    }
    const start = i;
    let hand = p.hand as Progress;
    for (; i < actions.length && typeof actions[i] === 'string'; i++) {
      if (hand.turn < 0) return stateError(`${path}.actions[${i}]`, 'all 13 tricks have been played');
      const played = cardPlayed(p, hand, SEATS[hand.turn] as Seat, actions[i]);
      if (!(played instanceof Progress)) return stateError(`${path}.actions[${i}]`, played.error.message);
      hand = played;
    }
    p = withPlayedCards(p, hand, actions.slice(start, i) as Card[]);
  }
  return p;
}

/**
 * A hand of schema 2 done again: its cards (`plays`, the hand's cards as they stand) and its events (each at
 * the count of cards played before it, or before the card it is about) put back in the order they were done,
 * each by apply's step. An event is done once the hand reaches its count; "having none?" once the card it asks
 * about is played, a correction once the revoke and the cards it takes back are (they are played from the
 * event, and the cards played since from `plays` at their places). The hand must end with `plays` played.
 */
function foldSchema2(
  p: TableProgress,
  plays: string,
  events: readonly Record<string, unknown>[],
  path: string,
): TableProgress | WhistErrorInfo<ParseTableError> {
  let n = 0;
  for (let i = 0; i < plays.length; i += 3, n++) {
    if (!isCard(plays.slice(i, i + 2))) return stateError(`${path}.plays[${n}]`, 'must be a card such as "QH"');
    if (i + 2 < plays.length && plays[i + 2] !== ' ') return stateError(`${path}.plays[${n}]`, 'cards must be separated by single spaces');
    if (i + 3 === plays.length) return stateError(`${path}.plays[${n}]`, 'must not follow a space after the last card');
  }
  let ev = 0;
  for (let steps = 0; steps <= n + MAX_HAND_ACTIONS; steps++) {
    const hand = p.hand as Progress;
    const count = hand.count;
    const event = events[ev];
    let card: string | null = null;
    if (event !== undefined) {
      const at = event.at as number;
      const about = event.type === 'askHavingNone' ? [event.card] : event.type === 'correctRevoke' ? [event.card, ...(event.withdrawn as unknown[])] : [];
      if (about.length > 0 && count >= at && count < at + about.length) card = about[count - at] as string;
      else if (about.length > 0 ? count >= at + about.length : count >= at) {
        if (about.length === 0 && count > at)
          return stateError(`${path}.events[${ev}].at`, `must be a count of cards played in order (${count} were played before it)`);
        const next = stepAction(p, event, `${path}.events[${ev}]`);
        if (!(next instanceof TableProgress)) return next;
        p = next;
        ev++;
        continue;
      }
    }
    if (card === null) {
      if (count >= n) break;
      card = plays.slice(count * 3, count * 3 + 2);
    }
    if (hand.turn < 0 || p.events.ended)
      return stateError(`${path}.plays[${count}]`, p.events.voided ? 'the hand is void: a new deal was claimed' : 'the hand is over');
    const next = stepAction(p, card as Card, `${path}.plays[${count}]`);
    if (!(next instanceof TableProgress)) return next;
    p = next;
  }
  if (ev < events.length)
    return stateError(`${path}.events[${ev}].at`, `must be a count of cards played in order (${(p.hand as Progress).count} were played before it)`);
  if ((p.hand as Progress).plays !== plays) return stateError(`${path}.plays`, 'must be the cards the hand holds played, as its events leave them');
  return p;
}

/** @internal One hand of a table, as the steps of its log leave it: its cards, what was said, and its rubber after it. */
export interface PlayedHand {
  readonly hand: Progress;
  readonly events: HandEvents;
  readonly rubber: RubberState;
}

/**
 * @internal Each hand of a table the library made, its log replayed by apply's steps, in order; `null` for
 * each new rubber between them. For records, which write each hand as the table played it.
 */
export function playedHands(table: TableState): (PlayedHand | null)[] {
  const o = tableProgressOrThrow(table).opened;
  let p = opening(o.rules, o.players, o.firstDealer, o.random, o.archived) as TableProgress; // the opening it was made with
  const out: (PlayedHand | null)[] = [];
  for (let i = 0; i < table.log.length; i++) {
    const entry = table.log[i] as TableEntry;
    const next = entry.type === 'newRubber' ? stepNewRubber(p) : replayHand(p, entry as unknown as Record<string, unknown>, `log[${i}]`, TABLE_SCHEMA);
    if (!(next instanceof TableProgress))
      throw new WhistError({
        code: 'INVALID_STATE',
        message: `a table the library made replays with a refusal: ${next instanceof Object && 'message' in next ? next.message : next.error.message}`,
      });
    p = next;
    out.push(entry.type === 'newRubber' ? null : { hand: p.hand as Progress, events: p.events, rubber: p.rubber });
  }
  return out;
}

/**
 * @internal A hand of a Whist record, written as its cards (`plays`) and its events at their counts, put back
 * in order and done by apply's steps (as a hand of schema 2 is) at a table whose rubber stands at `rubber`:
 * the table after it, its log's one entry the hand's actions; or why not, its `path` `plays[n]` or `events[k]`.
 */
export function replayRecordHand(
  rubber: RubberState,
  dealt: HandState,
  plays: string,
  events: readonly Record<string, unknown>[],
): TableProgress | WhistErrorInfo<ParseTableError> {
  const o = opening(rubber.rules, { N: 'N', E: 'E', S: 'S', W: 'W' }, dealt.dealer, Object.freeze({ s: Object.freeze([1, 2, 3, 4]) }) as RandomState);
  if (!(o instanceof TableProgress)) return stateError('rules', o.error.message);
  const at = new TableProgress(o.rules, o.random, o.players, null, rubber, null, 0, [], [], o.firstDealer, o.opened);
  const d = progressOf(dealt) as Progress; // a state the library made
  return foldSchema2(dealtAt(at, d, o.random, false), plays, events, 'hand');
}

/**
 * Checks a stored table completely and returns it as a fresh, frozen {@link TableState}.
 *
 * Every entry of the log is replayed by the steps {@link apply} takes: each hand's dealer must be the next
 * dealer, a deal shuffled from the table's PRNG is shuffled again and must match, a deal the server chose
 * must fit the rules' trump, and each of the hand's actions, in order, must be one `apply` takes there
 * (every card played legal, every event one that could be said then, logged as `apply` logs it); a hand
 * may start only after the last one ended and while the rubber goes on, a new rubber only after one ended.
 * Unknown fields, getters and absurd sizes are refused before anything is replayed. The replay costs what
 * the log holds: twice the entries, twice the time. A table of schema 2 (its hands' cards and events kept
 * apart) is read and returned in schema 3 ({@link TABLE_SCHEMA}).
 *
 * With `after`, a table already checked, only what was appended since is replayed: a server that keeps
 * the last table it checked pays, on each request, for the actions since. Everything else must equal
 * the checked table's, or the stored table is refused.
 *
 * @param json - the stored table: its JSON text (at most 8 MB) or the parsed value
 * @param options - {@link ParseTableOptions}: `after` (a table the library made) and `shuffledOnly`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"log[3].actions[12]"`, `"players"`, …; with `after`, the first difference from
 *   it), `INVALID_RULES`, or `INVALID_ARGUMENT` (options that are not an object, an `after` that is not
 *   a table state the library made, a `shuffledOnly` that is not a boolean). Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, legalMoves, newTableOrThrow, parseTable, SHORT_WHIST } from 'whist';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 3 }), { type: 'deal' });
 * parseTable(JSON.stringify(table)).ok; // true
 * const forged = parseTable({ ...table, random: { s: [1, 2, 3, 4] } });
 * forged.ok ? null : forged.error.path; // 'log[0].deal'
 * const card = legalMoves(currentHand(table)!)[0]!;
 * const later = JSON.stringify(applyOrThrow(table, { type: 'play', seat: 'E', card }));
 * parseTable(later, { after: table, shuffledOnly: true }).ok; // true: one card replayed
 * ```
 * @remarks Source: [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md) (every rule the log is replayed against; "The table" for the archive).
 * @group Rubber and table
 */
export function parseTable(json: unknown, options?: ParseTableOptions): Result<TableState, ParseTableError> {
  const how = readOptions(options);
  if (!('shuffledOnly' in how)) return how;
  const parsed = readStored(json, TABLE, (value, plain) => readTable(value, { ...how, plain }), tableOf);
  if (!parsed.ok || !how.shuffledOnly) return parsed;
  const log = parsed.value.log;
  for (let i = 0; i < log.length; i++)
    if ((log[i] as TableEntry).type === 'hand' && !(log[i] as HandEntry).shuffled)
      return fail('INVALID_STATE', `log[${i}].shuffled: must be true: this table deals only from its PRNG`, { path: `log[${i}].shuffled` });
  return parsed;
}

function readOptions(options: unknown): Reading | Failure<'INVALID_ARGUMENT'> {
  if (options === undefined) return { after: null, shuffledOnly: false };
  try {
    if (typeof options !== 'object' || options === null)
      return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, { path: 'options' });
    const o = options as Record<string, unknown>;
    for (const key of Object.keys(o))
      if (key !== 'after' && key !== 'shuffledOnly') return fail('INVALID_ARGUMENT', `${key} is not an option of parseTable`, { path: key });
    const shuffledOnly = o.shuffledOnly ?? false;
    if (typeof shuffledOnly !== 'boolean')
      return fail('INVALID_ARGUMENT', `shuffledOnly must be true or false, got ${describe(shuffledOnly)}`, { path: 'shuffledOnly' });
    if (o.after === undefined) return { after: null, shuffledOnly };
    const after = tableProgressOf(o.after);
    if (!(after instanceof TableProgress)) return fail('INVALID_ARGUMENT', `after must be a table state the library made: ${after.message}`, { path: 'after' });
    return { after, shuffledOnly };
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
}

/**
 * {@link parseTable}, throwing instead of returning an error.
 *
 * @param json - the stored table, text or value
 * @param options - as for {@link parseTable}
 * @returns the checked table
 * @throws {@link WhistError} `INVALID_STATE`, `INVALID_RULES` or `INVALID_ARGUMENT`
 * @example
 * ```ts
 * import { newTableOrThrow, parseTableOrThrow, SHORT_WHIST } from 'whist';
 *
 * parseTableOrThrow(JSON.stringify(newTableOrThrow(SHORT_WHIST, { seed: 1 }))).log; // []
 * ```
 * @remarks Source: as {@link parseTable}.
 * @group Rubber and table
 */
export function parseTableOrThrow(json: unknown, options?: ParseTableOptions): TableState {
  return unwrap(parseTable(json, options));
}
