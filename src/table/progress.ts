/**
 * Where a table stands: its progress, derived from its log one step at a time, and kept with each table
 * state the library made as its mark (see `made.ts`).
 *
 * Rules as implemented ([docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Games and the rubber"): the deal passes to the left after each
 * hand; after a rubber, partners are kept, swapped or cut again as `rules.afterRubber` says.
 *
 * @module
 * @internal
 */

import { CARD_BY_INDEX, type Card, DECK_ORDER, isCard } from '../cards.js';
import { type CutResult, cutForPartners } from '../cut.js';
import { describe, fail, unwrap, WhistError, type WhistErrorInfo } from '../errors.js';
import { dealHand, Progress, playFrom, progressOf } from '../hand/index.js';
import { madeOf, markMade } from '../made.js';
import { Generator, type RandomState, shuffleInPlace } from '../random.js';
import { notMadeError, type StoredKind } from '../read.js';
import { addHand, gameScore, gamesWon, isRubberComplete, nextDealer, type RubberState, rubberPoints, rubberWinner, startRubber } from '../rubber.js';
import type { Rules } from '../rules.js';
import type { HandFacts } from '../score.js';
import { type BySeat, isSeat, nextSeat, partnerOf, SEAT_NAMES, type Seat, sideOf } from '../seats.js';
import { callRefusal } from './calls.js';
import { factsOf } from './claims.js';
import { HandEvents, NO_EVENTS, pendingClaim } from './events.js';
import { falseLead, falseLeadTrick, NEW_DEAL_GROUNDS, packRefusal } from './laws.js';
import { ANSWER_ROOM, MAX_HAND_EVENTS, MAX_LOG, MAX_TABLE_CHARS, RUBBER_ROOM } from './limits.js';
import { kindOf, stepEvent } from './registry.js';
import { REVOKE_LAW, revokesOf } from './revokes.js';
import {
  type ApplyError,
  type DealDeckError,
  type HandAction,
  type HandEntry,
  type NewTableError,
  type RubberSummary,
  TABLE_SCHEMA,
  type TableArchive,
  type TableEntry,
  type TableState,
} from './types.js';
// ------------------------------------------------------------------------------------------------------
// Where a table stands, derived from its facts.

/** @internal Everything a table's facts imply. Never changed. */
export class TableProgress {
  constructor(
    readonly rules: Rules,
    /** The PRNG state the next deal or cut draws from. */
    readonly random: RandomState,
    /** Who sits where now. */
    readonly players: BySeat<string>,
    /** The last cut for partners, or `null`. */
    readonly cut: CutResult | null,
    readonly rubber: RubberState,
    /** The hand in progress, or the last one of this rubber; `null` before its first deal. */
    readonly hand: Progress | null,
    /** Hands dealt at the table so far. */
    readonly dealNumber: number,
    readonly rubbers: readonly RubberSummary[],
    /** The log so far. */
    readonly log: readonly TableEntry[],
    /** The first dealer of the rubber in progress. */
    readonly firstDealer: Seat,
    /** The facts the table was opened with, as checked: they become the table state's own fields. */
    readonly opened: Opened,
    /** The hand played before {@link TableProgress.hand}, in this rubber or the last; `null` before the second deal. */
    readonly previous: Progress | null = null,
    /** What was said during {@link TableProgress.hand} besides its cards. */
    readonly events: HandEvents = NO_EVENTS,
  ) {}

  /** Whether a hand is being played: dealt, not all its cards played, not ended by a claim or concession. */
  get playing(): boolean {
    return this.hand !== null && this.hand.turn >= 0 && !this.events.ended;
  }
}

/**
 * The next dealer at the table: the rubber's, moved on by one for each misdeal in the rubber (Laws of
 * Short Whist (1864), law 43: a misdeal loses the deal). Another new deal is dealt by the same dealer.
 */
export function tableDealer(p: TableProgress): Seat {
  // The rubber names the next dealer from its last scored hand; each misdeal since moves the deal on.
  let misdeals = 0;
  for (let i = p.log.length - 1; i >= 0; i--) {
    const entry = p.log[i] as TableEntry;
    if (entry.type === 'newRubber') break;
    const newDeal = entry.actions.find((x) => typeof x === 'object' && x.type === 'newDeal');
    if (newDeal === undefined) break;
    if (typeof newDeal === 'object' && newDeal.type === 'newDeal' && NEW_DEAL_GROUNDS[newDeal.ground].losesDeal) misdeals++;
  }
  return nextSeat(nextDealer(p.rubber), misdeals);
}

/** The facts a table is opened with. */
export interface Opened {
  readonly rules: Rules;
  readonly players: BySeat<string> | readonly string[];
  readonly firstDealer: Seat;
  readonly random: RandomState;
  /** The rubbers archived before the log began, or `null`. */
  readonly archived: TableArchive | null;
}

export type Failure<C extends string> = { readonly ok: false; readonly error: WhistErrorInfo<C & WhistErrorInfo['code']> };

export function opening(
  rules: Rules,
  players: BySeat<string> | readonly string[],
  dealer: Seat,
  random: RandomState,
  archived: TableArchive | null = null,
): TableProgress | Failure<NewTableError> {
  let seats: BySeat<string>;
  let cut: CutResult | null = null;
  let rng = random;
  let firstDealer = dealer;
  if (Array.isArray(players)) {
    const r = cutForPartners(players, random, { dealerSeat: dealer });
    if (!r.ok) return r;
    cut = r.value.cut;
    seats = r.value.cut.seats;
    rng = r.value.random;
    firstDealer = r.value.cut.dealer;
  } else seats = players as BySeat<string>;
  const rubber = startRubber(rules, { dealer: firstDealer });
  if (!rubber.ok) return rubber;
  const opened = Object.freeze({
    rules,
    players: Array.isArray(players) ? Object.freeze([...players]) : Object.freeze({ ...(players as BySeat<string>) }),
    firstDealer: dealer,
    random: Object.freeze({ s: Object.freeze([random.s[0], random.s[1], random.s[2], random.s[3]]) }) as RandomState,
    archived,
  });
  return new TableProgress(rules, rng, seats, cut, rubber.value, null, archived?.deals ?? 0, archived?.rubbers ?? [], [], firstDealer, opened);
}

/** A hand's entry in the log: its deal's facts and `actions`, what was done in it so far. */
export function handEntry(hand: Progress, shuffled: boolean, actions: readonly HandAction[]): HandEntry {
  const f = hand.fixed;
  return Object.freeze({
    type: 'hand' as const,
    dealer: f.dealer,
    trump: f.trumpSuit,
    trumpSource: f.trumpSource,
    trumpCard: f.trumpCard,
    deal: f.deal,
    shuffled,
    actions,
  });
}

const NO_ACTIONS: readonly HandAction[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The table once `added` is done in its hand: the hand is now `hand`, what was said `events`, the rubber
 * `rubber`; the log's last entry keeps `added` after its actions.
 */
function withActions(p: TableProgress, hand: Progress, events: HandEvents, rubber: RubberState, added: readonly HandAction[]): TableProgress {
  const last = p.log[p.log.length - 1] as HandEntry;
  const before = last.actions;
  const actions = new Array<HandAction>(before.length + added.length);
  for (let i = 0; i < before.length; i++) actions[i] = before[i] as HandAction;
  for (let i = 0; i < added.length; i++) actions[before.length + i] = added[i] as HandAction;
  const entry = handEntry(hand, last.shuffled, Object.freeze(actions));
  const log = withEntry(p.log, entry, true);
  return new TableProgress(p.rules, p.random, p.players, p.cut, rubber, hand, p.dealNumber, p.rubbers, log, p.firstDealer, p.opened, p.previous, events);
}

/**
 * A log with an entry added, or put in place of the last one. A table's log is frozen: it is copied,
 * element by element (copying a frozen array with `slice` or a spread takes V8's slow path). A log not
 * yet frozen is the one a replay is building (`parseTable`): the entry is written into it, so that a
 * replay costs what it reads, not the square of it.
 */
export function withEntry(log: readonly TableEntry[], entry: TableEntry, replaceLast: boolean): TableEntry[] {
  if (!Object.isFrozen(log)) {
    const building = log as TableEntry[];
    if (replaceLast) building[building.length - 1] = entry;
    else building.push(entry);
    return building;
  }
  const n = replaceLast ? log.length - 1 : log.length;
  const out = new Array<TableEntry>(n + 1);
  for (let i = 0; i < n; i++) out[i] = log[i] as TableEntry;
  out[n] = entry;
  // The characters of the entries before the last, carried from the log it extends.
  const known = prefixChars(log);
  PREFIX_CHARS.set(out, replaceLast || log.length === 0 ? known : known + entryChars(log[log.length - 1] as TableEntry) + 1);
  return out;
}

/** The characters of a log's entries before its last, with the commas after them, by log (see {@link tableChars}). */
const PREFIX_CHARS = /* @__PURE__ */ new WeakMap<readonly TableEntry[], number>();
/** The characters of a log entry's JSON text, by entry: entries are frozen, and the same entry object is shared by the logs that hold it. */
const ENTRY_CHARS = /* @__PURE__ */ new WeakMap<TableEntry, number>();
/** The characters of a table's JSON text but its log's entries, by the facts it was opened with. */
const OPENING_CHARS = /* @__PURE__ */ new WeakMap<Opened, number>();

function entryChars(entry: TableEntry): number {
  let n = ENTRY_CHARS.get(entry);
  if (n === undefined) {
    n = JSON.stringify(entry).length;
    ENTRY_CHARS.set(entry, n);
  }
  return n;
}

/**
 * The length of a table's JSON text, as `JSON.stringify` writes {@link tableOf}'s state, counted from the
 * entries' own lengths: each entry is measured once, and a log made by {@link withEntry} carries the sum of
 * those before its last.
 */
export function tableChars(p: TableProgress): number {
  let opening = OPENING_CHARS.get(p.opened);
  if (opening === undefined) {
    opening = JSON.stringify(stateFields(p.opened, [])).length;
    OPENING_CHARS.set(p.opened, opening);
  }
  const log = p.log;
  return log.length === 0 ? opening : opening + prefixChars(log) + entryChars(log[log.length - 1] as TableEntry);
}

/** The characters of a log's entries before its last, with a comma after each; kept for a log not being built in place. */
function prefixChars(log: readonly TableEntry[]): number {
  let prefix = PREFIX_CHARS.get(log);
  if (prefix !== undefined) return prefix;
  prefix = 0;
  for (let i = 0; i < log.length - 1; i++) prefix += entryChars(log[i] as TableEntry) + 1;
  if (Object.isFrozen(log)) PREFIX_CHARS.set(log, prefix);
  return prefix;
}

/** The refusal of an action whose table would pass {@link MAX_TABLE_CHARS}, or `null`. */
export function tooLong(p: TableProgress): Failure<'TABLE_FULL'> | null {
  const n = tableChars(p);
  if (n <= MAX_TABLE_CHARS) return null;
  return fail(
    'TABLE_FULL',
    `the table would be ${n} characters of JSON, past the ${MAX_TABLE_CHARS} a stored table may hold: archive the finished rubbers first`,
    {
      path: 'type',
    },
  );
}

/** The same table with the log `log`: for a replay that builds its log in place (see {@link withEntry}). */
export function withLog(p: TableProgress, log: TableEntry[]): TableProgress {
  return new TableProgress(p.rules, p.random, p.players, p.cut, p.rubber, p.hand, p.dealNumber, p.rubbers, log, p.firstDealer, p.opened, p.previous, p.events);
}

/** The table once a hand is dealt at it, the PRNG left at `random`. */
export function dealtAt(p: TableProgress, hand: Progress, random: RandomState, shuffled: boolean): TableProgress {
  return new TableProgress(
    p.rules,
    random,
    p.players,
    p.cut,
    p.rubber,
    hand,
    p.dealNumber + 1,
    p.rubbers,
    withEntry(p.log, handEntry(hand, shuffled, NO_ACTIONS), false),
    p.firstDealer,
    p.opened,
    p.hand ?? p.previous,
  );
}

export function canDeal(p: TableProgress): Failure<'INVALID_ACTION' | 'RUBBER_COMPLETE' | 'TABLE_FULL'> | null {
  if (p.playing) return fail('INVALID_ACTION', 'a hand is in progress', { path: 'type' });
  if (isRubberComplete(p.rubber)) return fail('RUBBER_COMPLETE', 'the rubber is over: start a new rubber first', { path: 'type' });
  if (p.log.length >= MAX_LOG) return fail('TABLE_FULL', `the log holds ${MAX_LOG} entries`, { path: 'type' });
  return null;
}

/** A hand dealt at the table: from the PRNG (`deck` null) or from a chosen deck. */
export function stepDeal(p: TableProgress, deck: unknown, secondPackCard: unknown): TableProgress | Failure<DealDeckError> {
  const refused = canDeal(p);
  if (refused !== null) return refused;
  let random = p.random;
  const shuffled = deck === null;
  let cards = deck;
  let turned = secondPackCard;
  if (shuffled) {
    const g = new Generator(random.s);
    const order = DECK_ORDER.slice();
    shuffleInPlace(g, order);
    cards = order;
    if (p.rules.trump.kind === 'secondPack') turned = DECK_ORDER[g.int(52)];
    random = g.state();
  }
  const dealt = dealHand(p.rules, {
    dealer: tableDealer(p),
    deck: cards as Card[],
    dealNumber: p.dealNumber,
    ...(turned !== undefined ? { secondPackCard: turned as Card } : {}),
  });
  if (!dealt.ok) return dealt as Failure<DealDeckError>;
  return dealtAt(p, progressOf(dealt.value) as Progress, random, shuffled);
}

export function stepPlay(p: TableProgress, seat: unknown, card: unknown): TableProgress | Failure<ApplyError> {
  const played = p.hand === null ? null : cardPlayed(p, p.hand, seat, card);
  if (played === null) return fail('INVALID_ACTION', 'no hand is being played: deal first', { path: 'type' });
  return played instanceof Progress ? withPlayed(p, played) : played;
}

/**
 * The hand once `seat` plays `card` at table `p` whose hand stands at `hand` (later than `p.hand` by cards
 * alone, nothing said since): what {@link stepPlay} checks of a card, for a replay that plays a run of cards
 * before it makes the table once ({@link withPlayedCards}).
 */
export function cardPlayed(p: TableProgress, hand: Progress, seat: unknown, card: unknown): Progress | Failure<ApplyError> {
  if (hand.turn < 0 || p.events.ended) return fail('INVALID_ACTION', 'no hand is being played: deal first', { path: 'type' });
  const claim = pendingClaim(p.events);
  if (claim !== null) return fail('CLAIM_PENDING', `${SEAT_NAMES[claim.event.seat]}'s claim awaits an answer: accept it, or play on`, { path: 'type' });
  const played = playFrom(hand, seat, card);
  if (!(played instanceof Progress)) return played as Failure<ApplyError>; // never HAND_COMPLETE: a complete hand was refused above
  // Calls exist only where events were said: a plain play reads nothing more.
  const called = p.events.list.length === 0 ? null : callRefusal(hand, p.events, hand.turn, played.card);
  if (called !== null) return fail('CARD_CALLED', called, { path: 'card', seat, card });
  return played;
}

/** The table once the card that brought its hand to `hand` is played; at the end of the hand, the rubber scores it. */
export function withPlayed(p: TableProgress, hand: Progress): TableProgress {
  return withPlayedCards(p, hand, [CARD_BY_INDEX[hand.card] as Card]);
}

/** The table once `cards`, which brought its hand to `hand`, are played (see {@link cardPlayed}); at the end of the hand, the rubber scores it. */
export function withPlayedCards(p: TableProgress, hand: Progress, cards: readonly Card[]): TableProgress {
  const rubber = hand.turn < 0 ? unwrap(addHand(p.rubber, factsOf(hand, p.events))) : p.rubber;
  return withActions(p, hand, p.events, rubber, cards);
}

/**
 * Why the table's own limits and dealing refuse an event a player says now, or `null`: room for what a hand
 * may hold ({@link MAX_HAND_EVENTS}, a claim's answers always kept free), and, where the table deals every
 * hand itself, a fault of the pack, which cannot arise there (law 37). For {@link apply} only: a stored table
 * was held to the limits when it was played, and one stored before may hold such a new deal.
 */
export function eventRefusal(p: TableProgress, action: Record<string, unknown>): Failure<ApplyError> | null {
  const answer = action.type === 'acceptClaim' || action.type === 'refuseClaim' || action.type === 'ruleClaim';
  const room = MAX_HAND_EVENTS - (answer ? 0 : ANSWER_ROOM);
  if (p.hand !== null && p.events.list.length >= room)
    return fail(
      'TABLE_FULL',
      `the hand holds ${p.events.list.length} events, the most a hand may hold${answer ? '' : ' but the answers to a claim'}: play on`,
      {
        path: 'type',
      },
    );
  if (action.type === 'newDeal' && p.rules.irregularities === 'ruled') return packRefusal(action.ground) as Failure<ApplyError> | null;
  return null;
}

/**
 * The table once an event is said in its hand (a claim, a concession, an answer, a ruling of the laws: see
 * the registry), or a revoke's penalty is claimed after it. The third card played to a false lead makes its
 * trick stand, led out of turn (law 62): the hand goes on by the trick's four cards. A revoke corrected
 * (laws 73, 76) takes the hand back to the card before it. The same step for {@link apply} and for a replay
 * of the log ({@link parseTable}).
 */
export function stepHandEvent(p: TableProgress, action: Record<string, unknown>): TableProgress | Failure<ApplyError> {
  if (action.type === 'claimRevoke') return stepClaimRevoke(p, action);
  const hand = p.hand;
  if (hand === null || p.events.ended || (hand.turn < 0 && kindOf(action.type)?.afterLastCard !== true))
    return fail('INVALID_ACTION', 'no hand is being played', { path: 'type' });
  const f = action.type === 'playToFalseLead' ? falseLead(hand, p.events) : null;
  const events = stepEvent(hand, p.events, action, gameScore(p.rubber));
  if (!(events instanceof HandEvents)) return events as Failure<ApplyError>;
  const said = events.list.slice(p.events.list.length);
  if (f !== null && f.played.length === 2) {
    // The other three have followed: the trick stands, led out of turn (law 62).
    const stood = unwrapTrick(falseLeadTrick(hand, p.events, f.lead, [...f.played, { seat: action.seat as Seat, card: action.card as Card }], callRefusal));
    return withActions(p, stood, events, stood.turn < 0 ? unwrap(addHand(p.rubber, factsOf(stood, events))) : p.rubber, said);
  }
  const last = events.list[events.list.length - 1];
  if (last?.type === 'correctRevoke') {
    // The hand goes back to the card before the revoke; a hand complete by its cards is no longer scored.
    let to = hand;
    while (to.count > last.at && to.parent !== null) to = to.parent;
    return withActions(p, to, events, rewound(p, to).rubber, said);
  }
  const rubber = events.settled === null && !events.honoursCalled ? p.rubber : unwrap(addHand(p.rubber, factsOf(hand, events)));
  return withActions(p, hand, events, rubber, said);
}

/** The trick a false lead made, which its last card's check has just accepted. */
function unwrapTrick(d: Progress | { readonly ok: false; readonly error: { readonly message: string } }): Progress {
  if (d instanceof Progress) return d;
  throw new WhistError({ code: 'INVALID_STATE', message: `a false lead's trick was accepted, then refused: ${d.error.message}` });
}

/** The rubber as it stood before its last hand was scored. */
function rubberBeforeLastHand(p: TableProgress): RubberState {
  const hands = p.rubber.hands;
  let r = unwrap(startRubber(p.rules, { dealer: p.rubber.firstDealer }));
  for (let i = 0; i < hands.length - 1; i++) r = unwrap(addHand(r, hands[i] as HandFacts));
  return r;
}

/**
 * The table once the other side claims the penalty of a revoke in the hand just over, as it chose
 * (Laws of Short Whist (1864), laws 71-72; until the next deal, law 78): the hand is scored again with it.
 */
function stepClaimRevoke(p: TableProgress, action: Record<string, unknown>): TableProgress | Failure<ApplyError> {
  const hand = p.hand;
  if (hand === null) return fail('INVALID_ACTION', 'no hand has been played: a revoke is claimed after the hand it was made in', { path: 'type' });
  if (p.rules.irregularities !== 'ruled') return fail('INVALID_ACTION', 'these rules refuse revokes: none can have been made', { path: 'type' });
  if (p.events.voided) return fail('INVALID_ACTION', 'the hand was void: a new deal was claimed, and nothing in it is scored', { path: 'type' });
  if (p.events.honoursCalled) return fail('INVALID_ACTION', 'the hand was won by calling honours, not played: no revoke is claimed in it', { path: 'type' });
  if (p.playing) return fail('INVALID_ACTION', 'a revoke is claimed at the end of the hand (law 72): play the hand out first', { path: 'type' });
  const seat = action.seat;
  if (!isSeat(seat)) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  const card = action.card;
  if (!isCard(card)) return fail('INVALID_CARD', `card must be a card such as "QH", got ${describe(card)}`, { path: 'card', card });
  const penalty = action.penalty;
  if (penalty !== 'tricks' && penalty !== 'deduct' && penalty !== 'add')
    return fail('INVALID_ACTION', `penalty must be "tricks", "deduct" or "add" (law 72), got ${describe(penalty)}`, { path: 'penalty' });
  const revoke = revokesOf(hand).find((r) => r.card === card);
  if (revoke === undefined) return fail('INVALID_ACTION', `${card} was not a revoke: its player held no card of the suit led (law 71)`, { path: 'card' });
  const side = sideOf(revoke.seat);
  if (sideOf(seat) === side)
    return fail('INVALID_SEAT', `${SEAT_NAMES[seat]} is on the revoking side: the other side claims a revoke (law 72)`, { path: 'seat' });
  const events = p.events;
  if (events.list.some((e) => e.type === 'claimRevoke' && e.card === card))
    return fail('INVALID_ACTION', `the revoke of ${card} has been claimed already`, { path: 'card' });
  const event = Object.freeze({ type: 'claimRevoke' as const, at: hand.count, seat, card: card as Card, penalty, law: REVOKE_LAW });
  const next = new HandEvents(
    Object.freeze([...events.list, event]),
    events.pending,
    events.accepted,
    events.shown,
    events.settled,
    Object.freeze([...events.penalties, Object.freeze({ side, penalty })]),
    events.voided,
  );
  return withActions(p, hand, next, unwrap(addHand(rubberBeforeLastHand(p), factsOf(hand, next))), [event]);
}

/**
 * The table with its hand taken back to `to`, an earlier point of the same hand, its events kept; a hand
 * complete by its cards is no longer scored. For a corrected revoke (laws 73, 76), live or replayed.
 */
export function rewound(p: TableProgress, to: Progress): TableProgress {
  const hand = p.hand as Progress;
  const rubber = hand.turn < 0 && !p.events.ended ? rubberBeforeLastHand(p) : p.rubber;
  return new TableProgress(p.rules, p.random, p.players, p.cut, rubber, to, p.dealNumber, p.rubbers, p.log, p.firstDealer, p.opened, p.previous, p.events);
}

/** Who sits where and who deals first in the rubber after `p`'s, as `rules.afterRubber` says; a list when they cut again. */
function nextRubberOpening(p: TableProgress): { readonly players: BySeat<string> | string[]; readonly dealer: Seat } {
  const rule = p.rules.afterRubber;
  const players = p.players;
  if (rule === 'swap') {
    // The player on the left of the last first dealer deals first; he and his eldest hand keep their
    // seats, and the other two exchange seats (docs/rules.md, "Games and the rubber").
    const dealer = nextSeat(p.firstDealer);
    const a = partnerOf(dealer);
    const b = nextSeat(dealer, 3);
    return { players: Object.freeze({ ...players, [a]: players[b], [b]: players[a] }), dealer };
  }
  if (rule === 'recut') return { players: [players.N, players.E, players.S, players.W], dealer: tableDealer(p) };
  return { players, dealer: tableDealer(p) };
}

/** A new, changeable copy of finished rubbers' summaries, field by field (a JSON round trip costs 20 times as much). */
export function copySummaries(rubbers: readonly RubberSummary[]): RubberSummary[] {
  const out = new Array<RubberSummary>(rubbers.length);
  for (let i = 0; i < rubbers.length; i++) {
    const r = rubbers[i] as RubberSummary;
    const p = r.players;
    const points = r.rubberPoints;
    out[i] = {
      players: { N: p.N, E: p.E, S: p.S, W: p.W },
      winner: r.winner,
      games: { NS: r.games.NS, EW: r.games.EW },
      rubberPoints: points === null ? null : { NS: points.NS, EW: points.EW },
    };
  }
  return out;
}

/** The finished rubber of `p`, summed up; `null` while it is played. */
function summaryOf(p: TableProgress): RubberSummary | null {
  const winner = rubberWinner(p.rubber);
  if (winner === null) return null;
  return Object.freeze({ players: p.players, winner, games: gamesWon(p.rubber), rubberPoints: rubberPoints(p.rubber) });
}

export function stepNewRubber(p: TableProgress): TableProgress | Failure<ApplyError> {
  const summary = summaryOf(p);
  if (summary === null) return fail('INVALID_ACTION', 'the rubber is still being played', { path: 'type' });
  if (p.log.length > MAX_LOG - RUBBER_ROOM)
    return fail(
      'TABLE_FULL',
      `the log holds ${p.log.length} entries, and a new rubber needs ${RUBBER_ROOM} of the ${MAX_LOG}: archive the finished rubbers first`,
      {
        path: 'type',
      },
    );
  const next = nextRubberOpening(p);
  let players: BySeat<string>;
  let random = p.random;
  let cut: CutResult | null = p.cut;
  if (Array.isArray(next.players)) {
    const r = cutForPartners(next.players, random, { dealerSeat: next.dealer });
    if (!r.ok) return fail('INVALID_STATE', r.error.message);
    cut = r.value.cut;
    players = r.value.cut.seats;
    random = r.value.random;
  } else players = next.players as BySeat<string>;
  const rubber = unwrap(startRubber(p.rules, { dealer: next.dealer }));
  return new TableProgress(
    p.rules,
    random,
    Object.freeze({ ...players }),
    cut,
    rubber,
    null,
    p.dealNumber,
    [...p.rubbers, summary],
    withEntry(p.log, Object.freeze({ type: 'newRubber' as const }), false),
    next.dealer,
    p.opened,
    p.hand ?? p.previous,
  );
}

/**
 * The next rubber started on a log of its own, the finished ones kept as summaries: the table a new
 * rubber would give, its opening the seating, dealer and PRNG state the new rubber starts from.
 */
export function stepArchive(p: TableProgress): TableProgress | Failure<'INVALID_ACTION'> {
  const summary = summaryOf(p);
  if (summary === null)
    return fail('INVALID_ACTION', 'the rubber is still being played: archive once it is over, instead of starting the next one', { path: 'table' });
  const next = nextRubberOpening(p);
  const archived: TableArchive = Object.freeze({ rubbers: Object.freeze([...p.rubbers, summary]), deals: p.dealNumber });
  const opened = opening(p.rules, next.players, next.dealer, p.random, archived);
  if (!(opened instanceof TableProgress)) return fail('INVALID_ACTION', opened.error.message, { path: 'table' });
  return opened;
}

/** A table state's fields, in the order its JSON text has them. */
function stateFields(o: Opened, log: readonly TableEntry[]) {
  return {
    v: TABLE_SCHEMA,
    rules: o.rules,
    players: o.players,
    firstDealer: o.firstDealer,
    random: o.random,
    log,
    ...(o.archived === null ? {} : { archived: o.archived }),
  };
}

export function tableOf(p: TableProgress): TableState {
  return Object.freeze(markMade(stateFields(p.opened, Object.freeze(p.log)), p)) as TableState;
}

/** @internal How a stored table is read and told apart (see read.ts). */
export const TABLE_KIND: StoredKind<TableProgress> = {
  name: 'table',
  path: 'table',
  reader: 'parseTable',
  maxChars: MAX_TABLE_CHARS,
  derived: (value): value is TableProgress => value instanceof TableProgress,
};

/** @internal What the library derived when it made a table state; any other value is refused. Never throws. */
export function tableProgressOf(table: unknown): TableProgress | WhistErrorInfo<'INVALID_STATE'> {
  const p = madeOf(table);
  return p instanceof TableProgress ? p : notMadeError(table, TABLE_KIND);
}

/** @internal The progress of a table, or a thrown {@link WhistError}: for selectors. */
export function tableProgressOrThrow(table: unknown): TableProgress {
  const p = tableProgressOf(table);
  if (p instanceof TableProgress) return p;
  throw new WhistError(p);
}
