/**
 * Reading a stored table: every hand of its log replayed through the rules, every deal from the table's
 * PRNG shuffled again and compared.
 *
 * @module
 */

import { describe, fail, type Result, unwrap, WhistError, type WhistErrorInfo } from '../errors.js';
import { Progress, parseState, playFrom, progressOf, stateOfProgress } from '../hand/index.js';
import { adoptWith } from '../made.js';
import { readRandom } from '../random.js';
import { exactFields, readStored, stateError } from '../read.js';
import { validateRules } from '../rules.js';
import { type BySide, isSeat, SEATS } from '../seats.js';
import { openingPlayers } from './actions.js';
import { callRefusal } from './calls.js';
import { NEW_DEAL_GROUNDS, questionAt } from './laws.js';
import { MAX_HAND_EVENTS, MAX_LOG, MAX_PLAYS_CHARS } from './limits.js';
import {
  canDeal,
  dealtAt,
  type Failure,
  opening,
  rewound,
  stepDeal,
  stepHandEvent,
  stepNewRubber,
  TABLE_KIND,
  TableProgress,
  tableDealer,
  tableOf,
  tableProgressOf,
  withLog,
  withPlayed,
} from './progress.js';
import { ACTION_KINDS, isHandEvent, kindOf, lawOfEvent } from './registry.js';
import { type HandEntry, type ParseTableOptions, type RubberSummary, TABLE_SCHEMA, type TableArchive, type TableEntry, type TableState } from './types.js';
// ------------------------------------------------------------------------------------------------------
// Reading stored tables.

/**
 * The error codes of {@link parseTable}.
 *
 * @group Rubber and table
 */
export type ParseTableError = 'INVALID_STATE' | 'INVALID_RULES' | 'INVALID_ARGUMENT';

const TABLE_KEYS = ['v', 'rules', 'players', 'firstDealer', 'random', 'log'];
const HAND_KEYS = ['type', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'shuffled', 'plays'];
const HAND_KEYS_WITH_EVENTS = [...HAND_KEYS, 'events'];
/** The kinds of event a hand's log keeps, as the registry names them. */
function eventTypes(): string[] {
  return Object.keys(ACTION_KINDS).filter((t) => isHandEvent(t));
}

/** A hand entry's fields, with `events` when it has some. */
function handFields(entry: unknown, path: string): Record<string, unknown> | WhistErrorInfo<'INVALID_STATE'> {
  const withEvents = typeof entry === 'object' && entry !== null && Object.getOwnPropertyDescriptor(entry, 'events') !== undefined;
  return exactFields(entry, path, withEvents ? HAND_KEYS_WITH_EVENTS : HAND_KEYS);
}

/** @internal A stored hand's events, shape checked: a list of 1 to {@link MAX_HAND_EVENTS}, or `[]` when absent. Each is replayed later. */
export function readEvents(value: unknown, path: string): Record<string, unknown>[] | WhistErrorInfo<'INVALID_STATE'> {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_HAND_EVENTS)
    return stateError(`${path}.events`, `must be a list of 1 to ${MAX_HAND_EVENTS} events (absent when there are none)`);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < value.length; i++) {
    const at = `${path}.events[${i}]`;
    const item: unknown = value[i];
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
    out.push(e);
  }
  return out;
}

/** Whether two events lists are the same (each event's fields equal), `undefined` standing for none. */
function sameEvents(a: readonly object[] | undefined, b: unknown): boolean {
  if (a === undefined) return b === undefined;
  if (!Array.isArray(b) || b.length !== a.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
  return true;
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
  if (after !== null) {
    const same = sameOpening(after, t);
    if (same !== null) return same;
    return readLog(after, log, how);
  }
  if (t.v !== TABLE_SCHEMA) return stateError('v', `must be ${TABLE_SCHEMA}, the table schema version, got ${describe(t.v)}`);
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
  return readLog(first, log, how);
}

/**
 * Replays the entries of `log` that `start` has not seen. `start` has seen none of them, or is a checked
 * table whose log `log` must extend: the same entries, its last hand perhaps played further, more entries
 * after. The log is built in one array, in place (see `withEntry`): no entry is copied again as later
 * ones are read.
 */
function readLog(start: TableProgress, log: readonly unknown[], how: Reading): TableProgress | WhistErrorInfo<ParseTableError> {
  const known = start.log;
  const n = log.length;
  if (n < known.length) return stateError('log', `must extend the checked table's log of ${known.length} entries, got ${n}`);
  let from = known.length;
  let resume: Progress | null = null;
  let rewindTo: Progress | null = null;
  for (let i = 0; i < known.length; i++) {
    const mine = known[i] as TableEntry;
    const path = `log[${i}]`;
    if (i < known.length - 1 || mine.type !== 'hand') {
      if (how.plain === true && samePlainEntry(mine, log[i])) continue;
      const differs = sameEntry(mine, log[i], path);
      if (differs !== undefined) return differs;
      continue;
    }
    // The last hand of the checked table, perhaps played further since.
    const e = handFields(log[i], path);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    for (const key of HAND_KEYS)
      if (key !== 'plays' && e[key] !== mine[key as keyof HandEntry]) return stateError(`${path}.${key}`, "differs from the checked table's");
    const plays = e.plays;
    const said = mine.events ?? [];
    const events = e.events;
    // A revoke corrected since (laws 73, 76) takes cards back: the plays then extend those before the revoke.
    // It, and "having none?" asked since (law 74), are said at the card they are about: the replay goes back there.
    let back = -1;
    if (Array.isArray(events))
      for (const x of events.slice(said.length)) {
        const { type, at } = (typeof x === 'object' && x !== null ? x : {}) as { type?: unknown; at?: unknown };
        if (
          (type === 'correctRevoke' || type === 'askHavingNone') &&
          typeof at === 'number' &&
          Number.isInteger(at) &&
          at >= 0 &&
          at * 3 <= mine.plays.length + 1
        ) {
          back = at;
          break;
        }
      }
    // Nothing may have been said after the card they are about: a table could not have said them then.
    if (back >= 0 && said.some((x) => x.at > back))
      return stateError(`${path}.events[${said.length}]`, 'is said of a card after which something else was said: it could not be said then (laws 73-74)');
    const base = back < 0 ? mine.plays : mine.plays.slice(0, Math.max(0, back * 3 - 1));
    if (typeof plays !== 'string' || plays.length > MAX_PLAYS_CHARS || !plays.startsWith(base))
      return stateError(`${path}.plays`, "must extend the checked table's plays");
    if (events !== undefined && (!Array.isArray(events) || events.length === 0 || events.length < said.length))
      return stateError(`${path}.events`, "must extend the checked table's events (absent when there are none)");
    if (events === undefined && said.length > 0) return stateError(`${path}.events`, "must extend the checked table's events");
    for (let k = 0; k < said.length; k++)
      if (!sameJson((events as unknown[])[k], said[k])) return stateError(`${path}.events[${k}]`, "differs from the checked table's");
    if (plays.length > mine.plays.length || (Array.isArray(events) && events.length > said.length)) {
      from = i;
      resume = start.hand;
      if (back >= 0) {
        let d = start.hand as Progress;
        while (d.count > back && d.parent !== null) d = d.parent;
        rewindTo = d;
      }
    }
  }
  if (from === n) return start;
  const entries = new Array<TableEntry>(known.length);
  for (let i = 0; i < known.length; i++) entries[i] = known[i] as TableEntry;
  let p = withLog(start, entries);
  for (let i = from; i < n; i++) {
    const path = `log[${i}]`;
    const entry: unknown = log[i];
    if (resume !== null && i === from) {
      const plays = (entry as { plays: string }).plays;
      const events = readEvents((entry as { events?: unknown }).events, path);
      if (!Array.isArray(events)) return events;
      if (rewindTo !== null) {
        p = rewound(p, rewindTo);
        resume = rewindTo;
      }
      // "Having none?" asked before of the card the replay goes back to: it is played there again, or corrected.
      const question = rewindTo === null ? null : questionAt(p.events.list, rewindTo.count);
      const asked = question === null ? null : { at: (rewindTo as Progress).count, card: question };
      const next = playOn(p, resume, plays, events, resume.plays.length === 0 ? 0 : resume.plays.length + 1, p.events.list.length, path, asked);
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
    const e = handFields(entry, path);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    if (how.shuffledOnly && e.shuffled === false) return stateError(`${path}.shuffled`, 'must be true: this table deals only from its PRNG');
    const next = replayHand(p, e, path);
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
    keys === (mine.events === undefined ? 8 : 9) &&
    sameEvents(mine.events, e.events) &&
    e.type === 'hand' &&
    e.plays === mine.plays &&
    e.deal === mine.deal &&
    e.dealer === mine.dealer &&
    e.trump === mine.trump &&
    e.trumpSource === mine.trumpSource &&
    e.trumpCard === mine.trumpCard &&
    e.shuffled === mine.shuffled
  );
}

/** `null` when a stored entry equals the checked one, or why it does not. */
function sameEntry(mine: TableEntry, entry: unknown, path: string): WhistErrorInfo<'INVALID_STATE'> | undefined {
  if (mine.type === 'newRubber') {
    const e = exactFields(entry, path, ['type']);
    if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
    return e.type === 'newRubber' ? undefined : stateError(`${path}.type`, "differs from the checked table's");
  }
  const e = handFields(entry, path);
  if ('code' in e) return e as WhistErrorInfo<'INVALID_STATE'>;
  for (const key of HAND_KEYS) if (e[key] !== mine[key as keyof HandEntry]) return stateError(`${path}.${key}`, "differs from the checked table's");
  if (!sameEvents(mine.events, e.events)) return stateError(`${path}.events`, "differs from the checked table's");
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

/** Replays one logged hand: its deal checked against the table, then each of its cards played. */
function replayHand(p: TableProgress, e: Record<string, unknown>, path: string): TableProgress | WhistErrorInfo<ParseTableError> {
  if (typeof e.shuffled !== 'boolean') return stateError(`${path}.shuffled`, 'must be true or false');
  const refused = canDeal(p);
  if (refused !== null) return stateError(path, refused.error.message);
  const dealer = tableDealer(p);
  if (e.dealer !== dealer) return stateError(`${path}.dealer`, `must be ${dealer}, the next dealer`);
  if (typeof e.plays !== 'string' || e.plays.length > MAX_PLAYS_CHARS)
    return stateError(`${path}.plays`, 'must be the cards played, separated by single spaces');
  const events = readEvents(e.events, path);
  if (!Array.isArray(events)) return events;
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
  return playOn(dealt, dealt.hand as Progress, e.plays, events, 0, 0, path);
}

/**
 * Plays the cards of `plays` from character `at` on, on the table's hand `start`, and says the events of
 * `events` from index `ev` on where they fall (an event's `at` is the number of cards played before it):
 * exactly two characters a card, single spaces between, none after the last. The table is rebuilt at
 * each event and once at the end.
 */
function playOn(
  p: TableProgress,
  start: Progress,
  plays: string,
  events: readonly Record<string, unknown>[],
  at: number,
  ev: number,
  path: string,
  askedBefore: { readonly at: number; readonly card: unknown } | null = null,
): TableProgress | WhistErrorInfo<ParseTableError> {
  if (plays.length === 0 && ev >= events.length) return p;
  let hand = start;
  let i = at / 3;
  // Whether `p` holds `hand` already: the table is rebuilt at an event, and need not be again after it.
  let current = p.hand === start;
  // A trick that stood after a lead out of turn (law 62): its four cards, as said, from card `stood` on.
  let stood = -1;
  let stoodCards: readonly string[] = [];
  // "Having none?" asked of the card played from `asked.at` (law 74): it is played there, or taken back.
  let asked: { readonly at: number; readonly card: unknown } | null = askedBefore;
  for (;;) {
    // The events said before the next card.
    while (ev < events.length && (events[ev] as { at: number }).at === hand.count) {
      const event = events[ev] as Record<string, unknown>;
      // Nothing is said inside a trick that stood but what is said at a card of it: "having none?" and a
      // correction, which takes its cards back.
      if (stood >= 0 && hand.count >= stood && hand.count < stood + 4) {
        if (hand.count === stood || (event.type !== 'correctRevoke' && event.type !== 'askHavingNone'))
          return stateError(`${path}.events[${ev}].at`, 'falls inside a trick that stood after a lead out of turn (law 62)');
        if (event.type === 'correctRevoke') stood = -1;
      }
      if (asked !== null && event.type === 'correctRevoke' && event.card !== asked.card)
        return stateError(`${path}.events[${ev}].card`, `must be ${describe(asked.card)}, the card "having none?" was asked of (law 74)`);
      if (event.type === 'correctRevoke') asked = null;
      if (event.type === 'askHavingNone') asked = { at: hand.count, card: event.card };
      const table = current ? p : withPlayed(p, hand);
      const next = stepHandEvent(table, event, true);
      if (!(next instanceof TableProgress)) return stateError(`${path}.events[${ev}]`, next.error.message);
      p = next;
      ev++;
      current = true;
      if (p.hand !== table.hand) {
        // The trick stood: the offender leads it from here, and the plays bring its four cards (law 62).
        hand = p.hand as Progress;
        stood = hand.count;
        stoodCards = p.events.list.slice(-4).map((x) => (x as { card: string }).card);
      }
    }
    if (at >= plays.length) break;
    const card = plays.slice(at, at + 2);
    if (asked !== null && asked.at === hand.count) {
      if (card !== asked.card) return stateError(`${path}.plays[${i}]`, `must be ${describe(asked.card)}, the card "having none?" was asked of (law 74)`);
      asked = null;
    }
    if (stood >= 0 && hand.count < stood + 4 && card !== stoodCards[hand.count - stood])
      return stateError(`${path}.plays[${i}]`, `must be ${stoodCards[hand.count - stood]}, the card played to the trick led out of turn (law 62)`);
    if ((at + 2 < plays.length && plays[at + 2] !== ' ') || at + 2 > plays.length)
      return stateError(`${path}.plays[${i}]`, 'cards must be separated by single spaces');
    if (hand.turn < 0) return stateError(`${path}.plays[${i}]`, 'all 13 tricks have been played');
    if (p.events.pending >= 0 || p.events.ended)
      return stateError(
        `${path}.plays[${i}]`,
        p.events.voided
          ? 'the hand is void: a new deal was claimed'
          : p.events.honoursCalled
            ? 'the game was won by calling honours: the hand is not played'
            : p.events.settled !== null
              ? 'the hand ended with a claim or concession'
              : 'a claim awaits an answer',
      );
    const next = playFrom(hand, SEATS[hand.turn], card);
    if (!(next instanceof Progress)) return stateError(`${path}.plays[${i}]`, next.error.message);
    const called = p.events.list.length === 0 ? null : callRefusal(hand, p.events, hand.turn, next.card);
    if (called !== null) return stateError(`${path}.plays[${i}]`, called);
    hand = next;
    current = false;
    at += 3;
    i++;
  }
  if (ev < events.length) return stateError(`${path}.events[${ev}].at`, `must be a count of cards played in order (${hand.count} were played before it)`);
  if (stood >= 0 && hand.count < stood + 4)
    return stateError(`${path}.plays`, 'must hold the four cards of the trick that stood after a lead out of turn (law 62)');
  if (asked !== null) return stateError(`${path}.plays`, `must hold ${describe(asked.card)}, the card "having none?" was asked of (law 74), or its correction`);
  // The last card ends the text: a space after it would end at `plays.length`.
  if (plays.length > 0 && at === plays.length) return stateError(`${path}.plays[${i - 1}]`, 'must not follow a space after the last card');
  return current ? p : withPlayed(p, hand);
}

/**
 * Checks a stored table completely and returns it as a fresh, frozen {@link TableState}.
 *
 * Every entry of the log is replayed: each hand's dealer must be the next dealer, a deal shuffled from
 * the table's PRNG is shuffled again and must match, a deal the server chose must fit the rules' trump,
 * every card played must be legal, a hand may start only after the last one ended and while the rubber
 * goes on, a new rubber only after one ended. Unknown fields, getters and absurd sizes are refused
 * before anything is replayed. The replay costs what the log holds: twice the entries, twice the time.
 *
 * With `after`, a table already checked, only what was appended since is replayed: a server that keeps
 * the last table it checked pays, on each request, for the actions since. Everything else must equal
 * the checked table's, or the stored table is refused.
 *
 * @param json - the stored table: its JSON text (at most 8 MB) or the parsed value
 * @param options - {@link ParseTableOptions}: `after` (a table the library made) and `shuffledOnly`
 * @returns `{ ok: true, value: table }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"log[3].plays[12]"`, `"players"`, …; with `after`, the first difference from
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
