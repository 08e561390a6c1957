/**
 * Where a hand stands: the facts of a state and everything they imply, derived once per state and kept
 * with the state as the library's mark (see `made.ts`), so that every selector on any state the library
 * made, old or new, reads it at once.
 *
 * Rules as implemented (Laws of Short Whist (1864); German text «Whist» (2012); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play"):
 * - Eldest hand, on the dealer's left, leads to the first trick; the winner of each trick leads the next.
 * - A player must follow suit when able; when void, any card may be played (trump or discard).
 * - The highest trump wins the trick; with no trump in it, the highest card of the suit led.
 *
 * @module
 * @internal
 */

import { BIT_OF, beats, CARD_BY_INDEX, type Card, cardIndex, POP, SUIT_OF, type Suit } from '../cards.js';
import { describe, type ErrorCode, WhistError, type WhistErrorInfo } from '../errors.js';
import { madeOf, markMade } from '../made.js';
import { formatMasks, parseMasks } from '../notation.js';
import { exactFields, notMadeError, type StoredKind, stateError } from '../read.js';
import { type Rules, validateRules } from '../rules.js';
import { type BySeat, isSeat, SEAT_NAMES, type Seat, seatNumber } from '../seats.js';
import { HAND_SCHEMA, type HandState, type LeadOutOfTurn, type ParseStateError, type TrumpSource } from './types.js';
// ------------------------------------------------------------------------------------------------------
// What a state implies, derived once per state.

/** The seats N E S W by number; not frozen, to be read quickly. */
export const SEAT_LETTERS: readonly Seat[] = ['N', 'E', 'S', 'W'];
/** The ranks from the ace down, as one text: a rank's place in it is 12 minus its bit. */
export const RANKS_HIGH_FIRST = 'AKQJT98765432';
/** Each card string after a space, as the plays text joins them. */
export const SPACED: readonly string[] = CARD_BY_INDEX.map((card) => ` ${card}`);
export const SUIT_LETTERS: readonly Suit[] = ['S', 'H', 'D', 'C'];
const SUIT_PLURALS: readonly string[] = ['spades', 'hearts', 'diamonds', 'clubs'];

/** What stays fixed for the whole hand. */
export class Fixed {
  constructor(
    readonly rules: Rules,
    readonly dealer: Seat,
    readonly trumpSuit: Suit | null,
    /** Trump suit number 0-3, or -1. */
    readonly trump: number,
    readonly trumpSource: TrumpSource,
    readonly trumpCard: Card | null,
    readonly deal: string,
    /** The suit masks as dealt, `dealt[seat * 4 + suit]`. */
    readonly dealt: readonly number[],
  ) {}
}

/** @internal Where a hand stands: the facts of a state and everything they imply. Only `state` is set, once, when its state is first made. */
export class Progress {
  constructor(
    readonly fixed: Fixed,
    /** The state's plays text. */
    readonly plays: string,
    /** Cards played, 0 to 52. */
    readonly count: number,
    /** The seat to play, or -1 when the hand is complete; the trick's leader is `turn - (count & 3)`. */
    readonly turn: number,
    /** The suit led to the trick in progress, or -1 before the lead. */
    readonly led: number,
    /** The card winning the trick in progress. */
    readonly best: number,
    /** Its seat. */
    readonly bestSeat: number,
    /** The winners of the finished tricks, as seat letters: `"WSSN"`. */
    readonly winners: string,
    /** The cards played so far in spades, hearts, diamonds and clubs: 13-bit rank masks (bit 0 the two, bit 12 the ace). */
    readonly p0: number,
    readonly p1: number,
    readonly p2: number,
    readonly p3: number,
    /** The progress one card earlier, or `null` at the deal: an earlier state of the hand is found along it. */
    readonly parent: Progress | null,
    /** The card played to reach this progress (its index), or -1 at the deal. */
    readonly card: number,
    /** The tricks led out of turn that stood, the other three having followed (Laws of Short Whist (1864), law 62); mostly none. */
    readonly leadsOutOfTurn: readonly LeadOutOfTurn[] = NO_LEADS_OUT_OF_TURN,
  ) {}

  /** The state this module made for this progress, once made. */
  state: HandState | null = null;
}

/** No trick led out of turn. */
const NO_LEADS_OUT_OF_TURN: readonly LeadOutOfTurn[] = Object.freeze([]);

/**
 * The progress with the trick about to start led by seat `s` out of turn, the other three following it, so
 * that the trick stands (Laws of Short Whist (1864), law 62). Only at a trick's start, for a seat that is
 * not the leader in turn; the leader in turn stays known (`bestSeat`).
 */
export function ledOutOfTurnBy(d: Progress, s: number): Progress {
  const leads = Object.freeze([...d.leadsOutOfTurn, Object.freeze({ trick: (d.count >> 2) + 1, seat: SEAT_LETTERS[s] as Seat })]);
  return new Progress(d.fixed, d.plays, d.count, s, d.led, d.best, d.bestSeat, d.winners, d.p0, d.p1, d.p2, d.p3, d.parent, d.card, leads);
}

/** The leader of trick `t` (from 0) as a seat number: eldest hand for the first, then each trick's winner, but a trick led out of turn that stood (law 62). */
export function leaderOfTrick(d: Progress, t: number): number {
  const leads = d.leadsOutOfTurn;
  for (let i = 0; i < leads.length; i++) if ((leads[i] as LeadOutOfTurn).trick === t + 1) return seatNumber((leads[i] as LeadOutOfTurn).seat);
  return t === 0 ? (seatNumber(d.fixed.dealer) + 1) & 3 : seatNumber(d.winners[t - 1] as Seat);
}

/** The cards of one suit a seat still holds: dealt, and not yet played. */
export function heldSuit(d: Progress, seat: number, suit: number): number {
  const played = suit === 0 ? d.p0 : suit === 1 ? d.p1 : suit === 2 ? d.p2 : d.p3;
  return (d.fixed.dealt[(seat << 2) | suit] as number) & ~played;
}

/** The sixteen masks of the cards still held, `held[seat * 4 + suit]`. */
export function heldAll(d: Progress): number[] {
  const out = new Array<number>(16);
  for (let k = 0; k < 16; k++) out[k] = heldSuit(d, k >> 2, k & 3);
  return out;
}

export function start(fixed: Fixed): Progress {
  const eldest = (seatNumber(fixed.dealer) + 1) & 3;
  return new Progress(fixed, '', 0, eldest, -1, 0, eldest, '', 0, 0, 0, 0, null, -1);
}

/** The progress after the seat to play plays card `c`, which must be legal. */
export function advance(d: Progress, c: number): Progress {
  const s = d.turn;
  const suit = SUIT_OF[c] as number;
  const bit = BIT_OF[c] as number;
  const p0 = suit === 0 ? d.p0 | bit : d.p0;
  const p1 = suit === 1 ? d.p1 | bit : d.p1;
  const p2 = suit === 2 ? d.p2 | bit : d.p2;
  const p3 = suit === 3 ? d.p3 | bit : d.p3;
  const plays = d.count === 0 ? (CARD_BY_INDEX[c] as Card) : d.plays + (SPACED[c] as string);
  const pos = d.count & 3;
  const leads = d.leadsOutOfTurn;
  if (pos === 0) return new Progress(d.fixed, plays, d.count + 1, (s + 1) & 3, suit, c, s, d.winners, p0, p1, p2, p3, d, c, leads);
  let best = d.best;
  let bestSeat = d.bestSeat;
  if (beats(c, best, d.fixed.trump)) {
    best = c;
    bestSeat = s;
  }
  if (pos < 3) return new Progress(d.fixed, plays, d.count + 1, (s + 1) & 3, d.led, best, bestSeat, d.winners, p0, p1, p2, p3, d, c, leads);
  const count = d.count + 1;
  return new Progress(d.fixed, plays, count, count === 52 ? -1 : bestSeat, -1, 0, bestSeat, d.winners + SEAT_LETTERS[bestSeat], p0, p1, p2, p3, d, c, leads);
}

/** Why seat `s` may not play card `c` now, or `null` when the play is legal. */
export function refusal(d: Progress, s: number, c: number): ErrorCode | null {
  if (d.turn < 0) return 'HAND_COMPLETE';
  if (d.turn !== s) return 'NOT_YOUR_TURN';
  const suit = SUIT_OF[c] as number;
  if ((heldSuit(d, s, suit) & (BIT_OF[c] as number)) === 0) return 'CARD_NOT_IN_HAND';
  // Where the rules rule on irregularities, a revoke is played and recorded: the other side may claim its penalty.
  if (d.led >= 0 && suit !== d.led && heldSuit(d, s, d.led) !== 0 && d.fixed.rules.irregularities !== 'ruled') return 'MUST_FOLLOW_SUIT';
  return null;
}

export function refusalMessage(code: ErrorCode, d: Progress, s: number, c: number): string {
  const seat = SEAT_LETTERS[s] as Seat;
  const card = CARD_BY_INDEX[c] as Card;
  switch (code) {
    case 'HAND_COMPLETE':
      return 'all 13 tricks have been played';
    case 'NOT_YOUR_TURN':
      return `it is ${SEAT_NAMES[SEAT_LETTERS[d.turn] as Seat]} to play, not ${SEAT_NAMES[seat]}`;
    case 'CARD_NOT_IN_HAND':
      return `${SEAT_NAMES[seat]} does not hold ${card}`;
    default:
      return `${SEAT_NAMES[seat]} must follow suit: ${SUIT_PLURALS[d.led]} were led and ${SEAT_NAMES[seat]} holds one`;
  }
}

function stateOf(d: Progress): HandState {
  const f = d.fixed;
  const state = {
    v: HAND_SCHEMA,
    rules: f.rules,
    dealer: f.dealer,
    trump: f.trumpSuit,
    trumpSource: f.trumpSource,
    trumpCard: f.trumpCard,
    deal: f.deal,
    plays: d.plays,
  };
  // A trick led out of turn that stood (law 62) is a fact of the state; every other state has none.
  if (d.leadsOutOfTurn.length > 0) (state as Record<string, unknown>).leadsOutOfTurn = d.leadsOutOfTurn;
  return Object.freeze(markMade(state, d)) as HandState;
}

/** @internal The state of a progress, made once and marked with its progress. */
export function stateOfProgress(d: Progress): HandState {
  const made = d.state;
  if (made !== null) return made;
  const state = stateOf(d);
  d.state = state;
  return state;
}

/** @internal How a stored hand state is read and told apart (see read.ts). */
export const HAND_KIND: StoredKind<Progress> = {
  name: 'hand',
  path: 'state',
  reader: 'parseState',
  maxChars: 1_000_000,
  derived: (value): value is Progress => value instanceof Progress,
};

/** @internal The progress of a hand state the library made, or `undefined` for any other value. Never throws. */
export function progressOf(state: unknown): Progress | undefined {
  const d = madeOf(state);
  return d instanceof Progress ? d : undefined;
}

/** @internal The progress of a hand state the library made; any other value throws {@link WhistError} `INVALID_STATE`. */
export function progressOrThrow(state: unknown): Progress {
  const d = madeOf(state);
  if (d instanceof Progress) return d;
  throw new WhistError(notMade(state));
}

/** @internal The error for a value that is not a hand state the library made. */
export function notMade(state: unknown): WhistErrorInfo<'INVALID_STATE'> {
  return notMadeError(state, HAND_KIND);
}

const STATE_KEYS = ['v', 'rules', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'plays'];
const STATE_KEYS_WITH_LEADS = [...STATE_KEYS, 'leadsOutOfTurn'];

/** The tricks led out of turn that stood, as stored: 1 to 13 of them, by trick, each once, under rules that rule on irregularities. */
function readLeadsOutOfTurn(value: unknown, rules: Rules): LeadOutOfTurn[] | WhistErrorInfo<'INVALID_STATE'> {
  if (rules.irregularities !== 'ruled')
    return stateError('leadsOutOfTurn', "is not a field here: only rules with irregularities: 'ruled' let a lead out of turn stand");
  if (!Array.isArray(value) || value.length === 0 || value.length > 13)
    return stateError('leadsOutOfTurn', 'must be a list of 1 to 13 tricks led out of turn, { trick, seat } (absent when there are none)');
  const out: LeadOutOfTurn[] = [];
  for (let i = 0; i < value.length; i++) {
    const path = `leadsOutOfTurn[${i}]`;
    const x = exactFields(value[i], path, ['trick', 'seat']);
    if ('code' in x) return x as WhistErrorInfo<'INVALID_STATE'>;
    const trick = x.trick;
    if (typeof trick !== 'number' || !Number.isInteger(trick) || trick < 1 || trick > 13 || (i > 0 && trick <= (out[i - 1] as LeadOutOfTurn).trick))
      return stateError(`${path}.trick`, 'must be a trick number from 1 to 13, in order, each once');
    if (!isSeat(x.seat)) return stateError(`${path}.seat`, `must be one of N E S W, got ${describe(x.seat)}`);
    out.push(Object.freeze({ trick, seat: x.seat }));
  }
  return out;
}
/** @internal Checks a value completely: shape, rules, deal, and every play replayed. */
export function readState(value: object): Progress | WhistErrorInfo<ParseStateError> {
  const v = exactFields(value, 'state', Object.hasOwn(value, 'leadsOutOfTurn') ? STATE_KEYS_WITH_LEADS : STATE_KEYS, true);
  if ('code' in v) return v as WhistErrorInfo<'INVALID_STATE'>;
  if (v.v !== HAND_SCHEMA) return stateError('v', `must be ${HAND_SCHEMA}, the hand schema version, got ${describe(v.v)}`);
  const rules = validateRules(v.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  if (!isSeat(v.dealer)) return stateError('dealer', `must be one of N E S W, got ${describe(v.dealer)}`);
  const fixed = checkFixed(rules.value, v.dealer, v.trump, v.trumpSource, v.trumpCard, v.deal);
  if (!(fixed instanceof Fixed)) return fixed;
  const plays = v.plays;
  if (typeof plays !== 'string' || plays.length > 155) return stateError('plays', 'must be the cards played, separated by single spaces (at most 52)');
  const leads = v.leadsOutOfTurn === undefined ? [] : readLeadsOutOfTurn(v.leadsOutOfTurn, rules.value);
  if (!Array.isArray(leads)) return leads;
  let d = start(fixed);
  let lead = 0;
  // A trick led out of turn that stood (law 62): led by its seat, at its start.
  const ledOutOfTurn = (): WhistErrorInfo<'INVALID_STATE'> | null => {
    const next = leads[lead];
    if (next === undefined || (d.count & 3) !== 0 || next.trick !== (d.count >> 2) + 1 || d.turn < 0) return null;
    if (seatNumber(next.seat) === d.turn) return stateError(`leadsOutOfTurn[${lead}].seat`, `is the leader of trick ${next.trick} in turn, not out of turn`);
    d = ledOutOfTurnBy(d, seatNumber(next.seat));
    lead++;
    return null;
  };
  let i = 0;
  for (let at = 0; at < plays.length; at += 3, i++) {
    const wrong = ledOutOfTurn();
    if (wrong !== null) return wrong;
    const c = cardIndex(plays.slice(at, at + 2));
    if (c < 0 || (at + 2 < plays.length && plays[at + 2] !== ' ') || at + 2 > plays.length)
      return stateError(`plays[${i}]`, `is not a card: ${describe(plays.slice(at, at + 2))} (cards are separated by single spaces)`);
    const why = refusal(d, d.turn < 0 ? 0 : d.turn, c);
    if (why !== null) return stateError(`plays[${i}]`, `${CARD_BY_INDEX[c]} cannot be played: ${why}, ${refusalMessage(why, d, d.turn < 0 ? 0 : d.turn, c)}`);
    d = advance(d, c);
  }
  if (d.plays !== plays) return stateError('plays', 'must separate the cards by single spaces');
  // A trick stands with its four cards: one led out of turn has had at least its lead played.
  if (lead < leads.length) return stateError(`leadsOutOfTurn[${lead}].trick`, 'must be a trick led so far');
  return d;
}

const SOURCES: readonly string[] = ['turnUp', 'secondPack', 'rotation', 'given'];

/** Checks the facts fixed for the whole hand, as stored. */
export function checkFixed(
  rules: Rules,
  dealer: Seat,
  trump: unknown,
  trumpSource: unknown,
  trumpCard: unknown,
  deal: unknown,
): Fixed | WhistErrorInfo<'INVALID_STATE'> {
  if (trump !== null && trump !== 'S' && trump !== 'H' && trump !== 'D' && trump !== 'C')
    return stateError('trump', `must be S, H, D, C or null, got ${describe(trump)}`);
  if (typeof trumpSource !== 'string' || !SOURCES.includes(trumpSource)) return stateError('trumpSource', 'must be turnUp, secondPack, rotation or given');
  const parsed = parseMasks(deal);
  if (!('masks' in parsed)) return stateError('deal', parsed.message);
  if (formatMasks(parsed.masks) !== deal) return stateError('deal', 'must be written as formatDeal writes it: north first, each suit from the ace down');
  const source = trumpSource as TrumpSource;
  const kind = rules.trump.kind;
  if (source !== 'given' && source !== kind) return stateError('trumpSource', `is ${source}, but these rules choose trump by ${kind}`);
  if (source === 'turnUp' || source === 'secondPack') {
    const c = cardIndex(trumpCard);
    if (c < 0 || (trumpCard as string)[1] !== trump) return stateError('trumpCard', 'must be a card of the trump suit');
    if (source === 'turnUp' && ((parsed.masks[seatNumber(dealer) * 4 + (SUIT_OF[c] as number)] as number) & (BIT_OF[c] as number)) === 0)
      return stateError('trumpCard', "the turn-up must be one of the dealer's cards");
  } else if (trumpCard !== null) return stateError('trumpCard', 'must be null unless trump came from a turned card');
  if (source === 'rotation' && rules.trump.kind === 'rotation' && !rules.trump.suits.includes(trump as Suit | null))
    return stateError('trump', "is not in the rules' rotation");
  return new Fixed(
    rules,
    dealer,
    trump as Suit | null,
    trump === null ? -1 : SUIT_LETTERS.indexOf(trump as Suit),
    source,
    trumpCard as Card | null,
    deal as string,
    parsed.masks,
  );
}
/** @internal Sizes of the four hands, for views. */
export function heldCounts(d: Progress): BySeat<number> {
  const h = heldAll(d);
  const count = (s: number) =>
    (POP[h[s * 4] as number] as number) +
    (POP[h[s * 4 + 1] as number] as number) +
    (POP[h[s * 4 + 2] as number] as number) +
    (POP[h[s * 4 + 3] as number] as number);
  return { N: count(0), E: count(1), S: count(2), W: count(3) };
}
