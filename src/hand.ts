/**
 * One hand: the deal, legal plays, tricks and their winners.
 *
 * Rules as implemented (Laws of Short Whist (1864); Hoyle; German text «Whist» (2012); docs/rules.md, "The
 * table" and "Play"):
 * - The pack is dealt one card at a time, clockwise, starting with eldest hand (the dealer's left);
 *   the 52nd card is the dealer's own and, with trump by turn-up, is turned face up: its suit is trump.
 *   The turn-up is public until the dealer plays it.
 * - Eldest hand leads to the first trick; the winner of each trick leads the next.
 * - A player must follow suit when able; when void, any card may be played (trump or discard).
 * - The highest trump wins the trick; with no trump in it, the highest card of the suit led.
 * - Revokes are never accepted: a card that fails to follow suit while able is refused with
 *   `MUST_FOLLOW_SUIT` (the revoke penalties of laws 71-82 are not part of the engine).
 *
 * The state stores facts only, as readable JSON: the rules, the dealer, trump and where it came from,
 * the deal as PBN deal text, and the cards played as text (`"QH 2H 5H AH 3S"`). Everything else (whose
 * turn, the tricks and their winners, the cards still held) is derived, so a stored state cannot
 * contradict itself. Every state the library returns is frozen. Every function that takes a state checks
 * it: a state this module has just made is recognised at once, and any other value is checked completely
 * (see {@link parseState}) before use.
 *
 * @module
 */

import { BIT_OF, beats, CARD_BY_INDEX, type Card, cardIndex, POP, SUIT_OF, type Suit, suitsToCards, writeSuit } from './cards.js';
import { describe, type ErrorCode, fail, ok, onlyWhistErrors, type Result, unwrap, WhistError, type WhistErrorInfo } from './errors.js';
import { type Deal, dealFailure, dealToMasks, formatMasks, masksToDeal, parseMasks } from './notation.js';
import { isCheckedRules, type Rules, validateRules } from './rules.js';
import type { HandFacts } from './score.js';
import { type BySeat, type BySide, isSeat, type Seat } from './seats.js';

/**
 * The schema version of {@link HandState}; it changes whenever the stored shape does.
 *
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, HAND_SCHEMA, SHORT_WHIST } from 'whist';
 *
 * dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }).v === HAND_SCHEMA; // true
 * ```
 * @group Hand
 */
export const HAND_SCHEMA = 2;

/**
 * A finished trick: who led, the four cards in the order played, and who won it.
 *
 * @group Hand
 */
export interface Trick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  readonly winner: Seat;
}

/**
 * The trick in progress: who led it and the cards played to it so far (none before the lead).
 *
 * @group Hand
 */
export interface CurrentTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

/**
 * One card played: by whom, and in which trick (1 to 13).
 *
 * @group Hand
 */
export interface Play {
  readonly seat: Seat;
  readonly card: Card;
  readonly trick: number;
}

/**
 * Where the hand's trump came from: the dealer's `turnUp`, the `secondPack`, the `rotation` of the rules,
 * or `given` by the caller (a hand dealt from hands, e.g. a record).
 * @group Hand
 */
export type TrumpSource = 'turnUp' | 'secondPack' | 'rotation' | 'given';

/**
 * The state of one hand: plain, frozen, readable JSON of facts only.
 *
 * Read it through the selectors ({@link currentSeat}, {@link cardsHeld}, {@link completedTricks}, …):
 * they derive everything else from these facts.
 *
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * state.deal; // 'N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73'
 * state.trumpCard; // '2C'
 * state.plays; // ''
 * ```
 * @group Hand
 */
export interface HandState {
  /** Schema version, {@link HAND_SCHEMA}. */
  readonly v: 2;
  /** The rules the hand is played under. */
  readonly rules: Rules;
  /** The dealer; eldest hand, on the dealer's left, leads first. */
  readonly dealer: Seat;
  /** Trump suit, or `null` in a hand without trumps. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The card turned to fix trump: the dealer's turn-up, or the second pack's top card; `null` otherwise. */
  readonly trumpCard: Card | null;
  /** The cards as dealt, in PBN deal notation, north first: `"N:AKQ2.T98.765.432 …"` (see {@link parseDeal}). */
  readonly deal: string;
  /** The cards played so far, in order, separated by single spaces: `"QH 2H 5H AH 3S"`; `""` before the lead. */
  readonly plays: string;
}

/**
 * How to deal: from a 52-card deck order, as the dealer deals it.
 *
 * @group Hand
 */
export interface DealFromDeck {
  /** The dealer. */
  readonly dealer: Seat;
  /** The deck order: `deck[0]` goes to eldest hand, `deck[51]` to the dealer. */
  readonly deck: readonly Card[];
  /** With trump by `secondPack`: the top card of the second pack, turned by eldest hand. */
  readonly secondPackCard?: Card;
  /** With trump by `rotation`: the table's deal number, counted from 0 across rubbers. */
  readonly dealNumber?: number;
}

/**
 * How to deal: from four hands made elsewhere (a backend's own shuffle, a record).
 *
 * @group Hand
 */
export interface DealFromHands {
  /** The dealer. */
  readonly dealer: Seat;
  /** Thirteen cards for each seat, or the deal in PBN notation (`"N:AKQ2.T98.765.432 …"`). */
  readonly hands: Deal | string;
  /** The trump suit, or `null` for a hand without trumps. */
  readonly trump: Suit | null;
  /**
   * Optionally, the card that fixed trump: with trump by turn-up, a trump in the dealer's hand; with trump
   * by second pack, any card of the trump suit. Without it, trump is recorded as `given`.
   */
  readonly trumpCard?: Card;
}

/**
 * The error codes of {@link deal}.
 *
 * @group Hand
 */
export type DealError =
  | 'INVALID_RULES'
  | 'INVALID_ARGUMENT'
  | 'INVALID_SEAT'
  | 'INVALID_DECK'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP';

/**
 * The error codes of {@link play}.
 *
 * @group Hand
 */
export type PlayError =
  | 'INVALID_STATE'
  | 'INVALID_RULES'
  | 'INVALID_SEAT'
  | 'INVALID_CARD'
  | 'HAND_COMPLETE'
  | 'NOT_YOUR_TURN'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT';

/**
 * The error codes of {@link parseState}.
 *
 * @group Hand
 */
export type ParseStateError = 'INVALID_STATE' | 'INVALID_RULES';

// ------------------------------------------------------------------------------------------------------
// What a state implies, derived once per state.

/** The seats N E S W by number; not frozen, to be read quickly. */
const SEAT_LETTERS: readonly Seat[] = ['N', 'E', 'S', 'W'];
/** The ranks from the ace down, as one text: a rank's place in it is 12 minus its bit. */
const RANKS_HIGH_FIRST = 'AKQJT98765432';
/** Each card string after a space, as the plays text joins them. */
const SPACED: readonly string[] = CARD_BY_INDEX.map((card) => ` ${card}`);
const SUIT_LETTERS: readonly Suit[] = ['S', 'H', 'D', 'C'];

function seatNumber(seat: unknown): number {
  switch (seat) {
    case 'N':
      return 0;
    case 'E':
      return 1;
    case 'S':
      return 2;
    case 'W':
      return 3;
    default:
      return -1;
  }
}

/** What stays fixed for the whole hand. */
class Fixed {
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

/** @internal Where a hand stands: the facts of a state and everything they imply. Never changed. */
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
  ) {}

  /** The state this module made for this progress, once made. */
  state: HandState | null = null;
}

/** The cards of one suit a seat still holds: dealt, and not yet played. */
function heldSuit(d: Progress, seat: number, suit: number): number {
  const played = suit === 0 ? d.p0 : suit === 1 ? d.p1 : suit === 2 ? d.p2 : d.p3;
  return (d.fixed.dealt[(seat << 2) | suit] as number) & ~played;
}

/** The sixteen masks of the cards still held, `held[seat * 4 + suit]`. */
function heldAll(d: Progress): number[] {
  const out = new Array<number>(16);
  for (let k = 0; k < 16; k++) out[k] = heldSuit(d, k >> 2, k & 3);
  return out;
}

function start(fixed: Fixed): Progress {
  const eldest = (seatNumber(fixed.dealer) + 1) & 3;
  return new Progress(fixed, '', 0, eldest, -1, 0, eldest, '', 0, 0, 0, 0, null, -1);
}

/** The progress after the seat to play plays card `c`, which must be legal. */
function advance(d: Progress, c: number): Progress {
  const s = d.turn;
  const suit = SUIT_OF[c] as number;
  const bit = BIT_OF[c] as number;
  const p0 = suit === 0 ? d.p0 | bit : d.p0;
  const p1 = suit === 1 ? d.p1 | bit : d.p1;
  const p2 = suit === 2 ? d.p2 | bit : d.p2;
  const p3 = suit === 3 ? d.p3 | bit : d.p3;
  const plays = d.count === 0 ? (CARD_BY_INDEX[c] as Card) : d.plays + (SPACED[c] as string);
  const pos = d.count & 3;
  if (pos === 0) return new Progress(d.fixed, plays, d.count + 1, (s + 1) & 3, suit, c, s, d.winners, p0, p1, p2, p3, d, c);
  let best = d.best;
  let bestSeat = d.bestSeat;
  if (beats(c, best, d.fixed.trump)) {
    best = c;
    bestSeat = s;
  }
  if (pos < 3) return new Progress(d.fixed, plays, d.count + 1, (s + 1) & 3, d.led, best, bestSeat, d.winners, p0, p1, p2, p3, d, c);
  const count = d.count + 1;
  return new Progress(d.fixed, plays, count, count === 52 ? -1 : bestSeat, -1, 0, bestSeat, d.winners + SEAT_LETTERS[bestSeat], p0, p1, p2, p3, d, c);
}

/** Why seat `s` may not play card `c` now, or `null` when the play is legal. */
function refusal(d: Progress, s: number, c: number): ErrorCode | null {
  if (d.turn < 0) return 'HAND_COMPLETE';
  if (d.turn !== s) return 'NOT_YOUR_TURN';
  const suit = SUIT_OF[c] as number;
  if ((heldSuit(d, s, suit) & (BIT_OF[c] as number)) === 0) return 'CARD_NOT_IN_HAND';
  if (d.led >= 0 && suit !== d.led && heldSuit(d, s, d.led) !== 0) return 'MUST_FOLLOW_SUIT';
  return null;
}

function refusalMessage(code: ErrorCode, d: Progress, s: number, c: number): string {
  const seat = SEAT_LETTERS[s] as Seat;
  const card = CARD_BY_INDEX[c] as Card;
  switch (code) {
    case 'HAND_COMPLETE':
      return 'all 13 tricks have been played';
    case 'NOT_YOUR_TURN':
      return `it is ${SEAT_LETTERS[d.turn]} to play, not ${seat}`;
    case 'CARD_NOT_IN_HAND':
      return `${seat} does not hold ${card}`;
    default:
      return `${seat} must follow suit: ${SUIT_LETTERS[d.led]} was led and ${seat} holds one`;
  }
}

function stateOf(d: Progress): HandState {
  const f = d.fixed;
  return Object.freeze({
    v: HAND_SCHEMA,
    rules: f.rules,
    dealer: f.dealer,
    trump: f.trumpSuit,
    trumpSource: f.trumpSource,
    trumpCard: f.trumpCard,
    deal: f.deal,
    plays: d.plays,
  }) as HandState;
}

// The progress of the states this module made, and only those (a caller's object may change after it is
// checked, even when frozen at the top): the last one at once, an earlier state of the same hand along the
// chain of progress, and the states parseState returned by lookup.
let lastState: unknown = null;
let lastProgress: Progress | null = null;
const known = new WeakMap<object, Progress>();

function remember(state: HandState, d: Progress): HandState {
  lastState = state;
  lastProgress = d;
  d.state = state;
  return state;
}

/** @internal The state of a progress, made once. */
export function stateOfProgress(d: Progress): HandState {
  return d.state ?? remember(stateOf(d), d);
}

/** @internal The progress of any value that is a hand state, or why it is not one. Never throws. */
export function progressOf(state: unknown): Progress | WhistErrorInfo<ParseStateError> {
  if (state === lastState && lastProgress !== null) return lastProgress;
  if (typeof state !== 'object' || state === null)
    return { code: 'INVALID_STATE', message: `a hand state must be an object, got ${describe(state)}`, path: 'state' };
  const memo = known.get(state);
  if (memo !== undefined) return memo;
  for (let p = lastProgress; p !== null; p = p.parent) if (p.state === state) return p;
  let checked: Progress | WhistErrorInfo<ParseStateError>;
  try {
    checked = readState(state);
  } catch {
    return { code: 'INVALID_STATE', message: 'the hand state could not be read: it throws when read', path: 'state' };
  }
  return checked;
}

/** The progress of a state, or a {@link WhistError} `INVALID_STATE` thrown: for selectors. */
function progressOrThrow(state: unknown): Progress {
  const d = progressOf(state);
  if (d instanceof Progress) return d;
  throw new WhistError(d);
}

const STATE_KEYS = ['v', 'rules', 'dealer', 'trump', 'trumpSource', 'trumpCard', 'deal', 'plays'];

function bad(path: string, message: string): WhistErrorInfo<'INVALID_STATE'> {
  return { code: 'INVALID_STATE', message: `${path}: ${message}`, path };
}

/** Checks a value completely: shape, rules, deal, and every play replayed. */
function readState(value: object): Progress | WhistErrorInfo<ParseStateError> {
  if (Array.isArray(value)) return bad('state', 'must be an object, not an array');
  const keys = Object.keys(value);
  for (const key of keys) if (!STATE_KEYS.includes(key)) return bad(key, 'is not a field of a hand state');
  const v: Record<string, unknown> = {};
  for (const key of STATE_KEYS) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d === undefined) return bad(key, 'is missing');
    if (!('value' in d)) return bad(key, 'must be a plain value, not a getter');
    v[key] = d.value;
  }
  if (v.v !== HAND_SCHEMA) return bad('v', `must be ${HAND_SCHEMA}, the hand schema version, got ${describe(v.v)}`);
  const rules = validateRules(v.rules);
  if (!rules.ok) return { ...rules.error, path: `rules.${rules.error.field}` };
  if (!isSeat(v.dealer)) return bad('dealer', `must be one of N E S W, got ${describe(v.dealer)}`);
  const fixed = checkFixed(rules.value, v.dealer, v.trump, v.trumpSource, v.trumpCard, v.deal);
  if (!(fixed instanceof Fixed)) return fixed;
  const plays = v.plays;
  if (typeof plays !== 'string' || plays.length > 155) return bad('plays', 'must be the cards played, separated by single spaces (at most 52)');
  let d = start(fixed);
  if (plays === '') return d;
  let i = 0;
  for (let at = 0; at < plays.length; at += 3, i++) {
    const c = cardIndex(plays.slice(at, at + 2));
    if (c < 0 || (at + 2 < plays.length && plays[at + 2] !== ' ') || at + 2 > plays.length)
      return bad(`plays[${i}]`, `is not a card: ${describe(plays.slice(at, at + 2))} (cards are separated by single spaces)`);
    const why = refusal(d, d.turn < 0 ? 0 : d.turn, c);
    if (why !== null) return bad(`plays[${i}]`, `${CARD_BY_INDEX[c]} cannot be played: ${why}, ${refusalMessage(why, d, d.turn < 0 ? 0 : d.turn, c)}`);
    d = advance(d, c);
  }
  if (d.plays !== plays) return bad('plays', 'must separate the cards by single spaces');
  return d;
}

const SOURCES: readonly string[] = ['turnUp', 'secondPack', 'rotation', 'given'];

/** Checks the facts fixed for the whole hand, as stored. */
function checkFixed(
  rules: Rules,
  dealer: Seat,
  trump: unknown,
  trumpSource: unknown,
  trumpCard: unknown,
  deal: unknown,
): Fixed | WhistErrorInfo<'INVALID_STATE'> {
  if (trump !== null && trump !== 'S' && trump !== 'H' && trump !== 'D' && trump !== 'C')
    return bad('trump', `must be S, H, D, C or null, got ${describe(trump)}`);
  if (typeof trumpSource !== 'string' || !SOURCES.includes(trumpSource)) return bad('trumpSource', 'must be turnUp, secondPack, rotation or given');
  const parsed = parseMasks(deal);
  if (!('masks' in parsed)) return bad('deal', parsed.message);
  if (formatMasks(parsed.masks) !== deal) return bad('deal', 'must be written as formatDeal writes it: north first, each suit from the ace down');
  const source = trumpSource as TrumpSource;
  const kind = rules.trump.kind;
  if (source !== 'given' && source !== kind) return bad('trumpSource', `is ${source}, but these rules choose trump by ${kind}`);
  if (source === 'turnUp' || source === 'secondPack') {
    const c = cardIndex(trumpCard);
    if (c < 0 || (trumpCard as string)[1] !== trump) return bad('trumpCard', 'must be a card of the trump suit');
    if (source === 'turnUp' && ((parsed.masks[seatNumber(dealer) * 4 + (SUIT_OF[c] as number)] as number) & (BIT_OF[c] as number)) === 0)
      return bad('trumpCard', "the turn-up must be one of the dealer's cards");
  } else if (trumpCard !== null) return bad('trumpCard', 'must be null unless trump came from a turned card');
  if (source === 'rotation' && rules.trump.kind === 'rotation' && !rules.trump.suits.includes(trump as Suit | null))
    return bad('trump', "is not in the rules' rotation");
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

// ------------------------------------------------------------------------------------------------------
// Dealing.

/** Reads one optional field of an options object; the value of a getter is read once. */
function field(options: object, key: string): unknown {
  return (options as Record<string, unknown>)[key];
}

function dealImpl(rulesValue: unknown, options: unknown): Result<HandState, DealError> {
  let rules: Rules;
  if (isCheckedRules(rulesValue)) rules = rulesValue;
  else {
    const checked = validateRules(rulesValue);
    if (!checked.ok) return checked;
    rules = checked.value;
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return fail('INVALID_ARGUMENT', `options must be an object, got ${describe(options)}`, { path: 'options' });
  const dealer = field(options, 'dealer');
  if (!isSeat(dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${describe(dealer)}`, { path: 'dealer' });
  const deck = field(options, 'deck');
  const hands = field(options, 'hands');
  if ((deck === undefined) === (hands === undefined)) return fail('INVALID_DECK', 'give either deck or hands', { path: deck === undefined ? 'deck' : 'hands' });
  if (deck !== undefined) return dealDeck(rules, dealer, deck, field(options, 'secondPackCard'), field(options, 'dealNumber'));
  return dealHands(rules, dealer, hands, field(options, 'trump'), field(options, 'trumpCard'));
}

function dealDeck(rules: Rules, dealer: Seat, deck: unknown, secondPackCard: unknown, dealNumber: unknown): Result<HandState, DealError> {
  if (!Array.isArray(deck)) return fail('INVALID_DECK', `deck must be an array of 52 cards, got ${describe(deck)}`, { path: 'deck' });
  const length = deck.length;
  if (length !== 52) return fail('INVALID_DECK', `deck must be 52 cards, got ${length}`, { path: 'deck' });
  const masks = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const seen = [0, 0, 0, 0];
  const first = seatNumber(dealer) + 1;
  let last = -1;
  for (let i = 0; i < 52; i++) {
    const card: unknown = deck[i];
    const c = cardIndex(card);
    if (c < 0) return fail('INVALID_CARD', `deck[${i}] is not a card: ${describe(card)}`, { path: `deck[${i}]`, card, seat: SEAT_LETTERS[(first + i) & 3] });
    const suit = SUIT_OF[c] as number;
    const bit = BIT_OF[c] as number;
    const was = seen[suit] as number;
    if (was & bit)
      return fail('DUPLICATE_CARD', `deck[${i}] deals ${card as string} a second time`, { path: `deck[${i}]`, card, seat: SEAT_LETTERS[(first + i) & 3] });
    seen[suit] = was | bit;
    const k = (((first + i) & 3) << 2) | suit;
    masks[k] = (masks[k] as number) | bit;
    last = c;
  }
  const t = rules.trump;
  let trump: Suit | null;
  let trumpCard: Card | null = null;
  if (t.kind === 'turnUp') {
    trumpCard = CARD_BY_INDEX[last] as Card;
    trump = SUIT_LETTERS[SUIT_OF[last] as number] as Suit;
  } else if (t.kind === 'secondPack') {
    const c = cardIndex(secondPackCard);
    if (c < 0)
      return fail('INVALID_TRUMP', `trump by second pack needs secondPackCard, the card eldest hand turned, got ${describe(secondPackCard)}`, {
        path: 'secondPackCard',
      });
    trumpCard = CARD_BY_INDEX[c] as Card;
    trump = SUIT_LETTERS[SUIT_OF[c] as number] as Suit;
  } else {
    if (typeof dealNumber !== 'number' || !Number.isInteger(dealNumber) || dealNumber < 0 || dealNumber > 1e9)
      return fail('INVALID_TRUMP', `trump by rotation needs dealNumber, a whole number from 0, got ${describe(dealNumber)}`, { path: 'dealNumber' });
    trump = t.suits[dealNumber % t.suits.length] ?? null;
  }
  const fixed = new Fixed(rules, dealer, trump, trump === null ? -1 : SUIT_LETTERS.indexOf(trump), t.kind, trumpCard, formatMasks(masks), masks);
  const d = start(fixed);
  return ok(remember(stateOf(d), d));
}

function dealHands(rules: Rules, dealer: Seat, hands: unknown, trump: unknown, trumpCard: unknown): Result<HandState, DealError> {
  let masks: number[];
  if (typeof hands === 'string') {
    const parsed = parseMasks(hands);
    if (!('masks' in parsed))
      return fail(parsed.code === 'INVALID_SEAT' || parsed.code === 'INVALID_ARGUMENT' ? 'INVALID_HAND' : parsed.code, parsed.message, {
        path: 'hands',
        seat: parsed.seat,
        card: parsed.card,
      });
    masks = parsed.masks;
  } else {
    const read = dealToMasks(hands, 'hands');
    if ('code' in read) return dealFailure(read) as Result<HandState, DealError>;
    masks = read.masks;
  }
  if (trump !== null && trump !== 'S' && trump !== 'H' && trump !== 'D' && trump !== 'C')
    return fail('INVALID_TRUMP', `trump must be S, H, D, C or null, got ${describe(trump)}`, { path: 'trump' });
  let source: TrumpSource = 'given';
  let turned: Card | null = null;
  if (trumpCard !== undefined) {
    const c = cardIndex(trumpCard);
    if (c < 0) return fail('INVALID_CARD', `trumpCard is not a card: ${describe(trumpCard)}`, { path: 'trumpCard', card: trumpCard });
    const kind = rules.trump.kind;
    if (kind === 'rotation') return fail('INVALID_TRUMP', 'with trump by rotation no card is turned: leave out trumpCard', { path: 'trumpCard' });
    if ((trumpCard as string)[1] !== trump)
      return fail('INVALID_TRUMP', `trumpCard ${trumpCard as string} must be of the trump suit`, { path: 'trumpCard', card: trumpCard });
    if (kind === 'turnUp' && ((masks[seatNumber(dealer) * 4 + (SUIT_OF[c] as number)] as number) & (BIT_OF[c] as number)) === 0)
      return fail('INVALID_TRUMP', `the turn-up ${trumpCard as string} must be in the dealer's hand`, { path: 'trumpCard', card: trumpCard });
    source = kind;
    turned = CARD_BY_INDEX[c] as Card;
  }
  const fixed = new Fixed(
    rules,
    dealer,
    trump as Suit | null,
    trump === null ? -1 : SUIT_LETTERS.indexOf(trump as Suit),
    source,
    turned,
    formatMasks(masks),
    masks,
  );
  const d = start(fixed);
  return ok(remember(stateOf(d), d));
}

/**
 * Deals a hand, from a deck order or from four hands made elsewhere.
 *
 * From a deck: the cards go one at a time clockwise from eldest hand, so `deck[0]` goes to the dealer's
 * left and `deck[51]` to the dealer. Trump follows `rules.trump`: with `turnUp`, `deck[51]` is turned up
 * and stays public until the dealer plays it; with `secondPack`, `secondPackCard` fixes it; with
 * `rotation`, `dealNumber` picks the suit from the cycle.
 *
 * From hands: `hands` holds 13 cards for each seat (or the deal as PBN text) and `trump` is a suit or `null`.
 *
 * Eldest hand leads. Nothing given is modified, and the rules are checked (see {@link validateRules}).
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - `{ dealer, deck }` ({@link DealFromDeck}) or `{ dealer, hands, trump }` ({@link DealFromHands})
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }` with code `INVALID_RULES`,
 *   `INVALID_ARGUMENT` (options not an object), `INVALID_SEAT` (dealer), `INVALID_DECK` (not 52 cards, or
 *   neither or both of deck and hands), `INVALID_HAND` (a seat missing or not given 13 cards),
 *   `INVALID_CARD` (with its `path`), `DUPLICATE_CARD`, or `INVALID_TRUMP`. Never throws.
 * @example
 * ```ts
 * import { currentSeat, deal, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * const result = deal(SHORT_WHIST, { dealer: 'S', deck: FULL_DECK });
 * result.ok && currentSeat(result.value); // 'W'
 * result.ok && result.value.trump; // 'C'
 * ```
 * @remarks Source: Laws of Short Whist (1864); Hoyle; German text «Whist» (2012): "Die letzte Karte … schlägt der Geber auf"; docs/rules.md, "The table".
 * @group Hand
 */
export function deal(rules: Rules, options: DealFromDeck | DealFromHands): Result<HandState, DealError> {
  try {
    return dealImpl(rules, options);
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
}

/**
 * {@link deal}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link deal}
 * @returns the new hand state
 * @throws {@link WhistError} with the codes of {@link deal}: `INVALID_RULES`, `INVALID_ARGUMENT`,
 *   `INVALID_SEAT`, `INVALID_DECK`, `INVALID_HAND`, `INVALID_CARD`, `DUPLICATE_CARD`, `INVALID_TRUMP`
 * @example
 * ```ts
 * import { currentSeat, dealOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * currentSeat(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // 'E'
 * ```
 * @remarks Source: as {@link deal}.
 * @group Hand
 */
export function dealOrThrow(rules: Rules, options: DealFromDeck | DealFromHands): HandState {
  return unwrap(deal(rules, options));
}

// ------------------------------------------------------------------------------------------------------
// Playing.

/**
 * Plays a card for a seat, checking everything: the input may come from an untrusted client.
 *
 * When several errors apply, the first in this order is returned: `INVALID_STATE` (or `INVALID_RULES`),
 * `INVALID_SEAT`, `INVALID_CARD`, `HAND_COMPLETE`, `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`,
 * `MUST_FOLLOW_SUIT`. Card strings are exact: `"as"` is an `INVALID_CARD`. The given state is never
 * modified; the new one is frozen.
 *
 * @param state - a hand state (any value is checked; a state this library just returned is recognised at once)
 * @param seat - the seat playing, `N E S W` (any value is checked)
 * @param card - the card, e.g. `"QH"` (any value is checked)
 * @returns `{ ok: true, value: state }` with the new state, or `{ ok: false, error }` with one of the codes above. Never throws.
 * @example
 * ```ts
 * import { dealOrThrow, play, SHORT_WHIST } from 'whist';
 *
 * // North holds the spades, east the hearts, south the diamonds, west the clubs; north deals, east leads.
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * const r = play(state, 'E', 'AH');
 * r.ok && r.value.plays; // 'AH'
 * const wrong = play(state, 'S', 'AD');
 * wrong.ok ? null : wrong.error.code; // 'NOT_YOUR_TURN'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Hierbei gilt Farbzwang"; docs/rules.md, "Play".
 * @group Hand
 */
export function play(state: HandState, seat: string, card: string): Result<HandState, PlayError> {
  const d = state === lastState ? (lastProgress as Progress) : progressOf(state);
  if (!(d instanceof Progress)) return { ok: false, error: d };
  const next = playFrom(d, seat, card);
  if (!(next instanceof Progress)) return next;
  return { ok: true, value: remember(stateOf(next), next) };
}

/** @internal The progress after a seat plays a card, checking everything, or the refusal. */
export function playFrom(d: Progress, seat: unknown, card: unknown): Progress | { readonly ok: false; readonly error: WhistErrorInfo<PlayError> } {
  const s = seatNumber(seat);
  const c = cardIndex(card);
  if (s >= 0 && c >= 0 && d.turn === s) {
    const suit = SUIT_OF[c] as number;
    const bit = BIT_OF[c] as number;
    const f = d.fixed;
    const base = s << 2;
    const p0 = d.p0;
    const p1 = d.p1;
    const p2 = d.p2;
    const p3 = d.p3;
    const playedOfSuit = suit === 0 ? p0 : suit === 1 ? p1 : suit === 2 ? p2 : p3;
    const led = d.led;
    if (
      ((f.dealt[base | suit] as number) & ~playedOfSuit & bit) !== 0 &&
      (led < 0 || suit === led || ((f.dealt[base | led] as number) & ~(led === 0 ? p0 : led === 1 ? p1 : led === 2 ? p2 : p3)) === 0)
    )
      return advance(d, c);
  }
  if (s < 0) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${describe(seat)}`, { path: 'seat' });
  if (c < 0) return fail('INVALID_CARD', `not a card: ${describe(card)}`, { path: 'card', seat, card });
  const why = refusal(d, s, c) as ErrorCode;
  return fail(why as PlayError, refusalMessage(why, d, s, c), { seat, card });
}

/**
 * {@link play}, throwing instead of returning an error.
 *
 * @param state - a hand state
 * @param seat - the seat playing
 * @param card - the card
 * @returns the new state
 * @throws {@link WhistError} with the codes of {@link play}: `INVALID_STATE`, `INVALID_RULES`,
 *   `INVALID_SEAT`, `INVALID_CARD`, `HAND_COMPLETE`, `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`
 * @example
 * ```ts
 * import { dealOrThrow, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * let state = dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * state = playOrThrow(state, 'E', 'KH');
 * state.plays; // 'KH'
 * ```
 * @remarks Source: as {@link play}.
 * @group Hand
 */
export function playOrThrow(state: HandState, seat: string, card: string): HandState {
  return unwrap(play(state, seat, card));
}

// ------------------------------------------------------------------------------------------------------
// Reading stored states.

/**
 * Checks a stored hand state, e.g. one read from a database or sent by a client, and returns it as a
 * fresh, frozen {@link HandState}.
 *
 * The check is complete: the schema version, the rules, the deal, where trump came from, and every card
 * played, replayed through the rules of play. A state that passes cannot contradict itself. Unknown
 * fields are refused, and so are getters.
 *
 * @param value - anything: typically `JSON.parse` of a stored state, or the JSON text itself (at most 1 MB)
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }` with code `INVALID_STATE` and the `path`
 *   of the first problem (`"deal"`, `"plays[7]"`, …), or `INVALID_RULES` for its rules. Never throws.
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, parseState, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
 * const r = parseState(JSON.stringify(state));
 * r.ok && r.value.plays; // 'AS'
 * const forged = parseState({ ...state, plays: 'AS QS' }); // south does not hold the queen of spades
 * forged.ok ? null : forged.error.path; // 'plays[1]'
 * ```
 * @remarks Source: docs/rules.md, "Play" (the rules every play is checked against).
 * @group Hand
 */
export function parseState(value: unknown): Result<HandState, ParseStateError> {
  let input = value;
  if (typeof value === 'string') {
    if (value.length > 1_000_000)
      return fail('INVALID_STATE', `a stored hand state is at most 1 MB of JSON, got ${value.length} characters`, { path: 'state' });
    try {
      input = JSON.parse(value);
    } catch {
      return fail('INVALID_STATE', 'the text is not JSON', { path: 'state' });
    }
  }
  const d = progressOf(input);
  if (!(d instanceof Progress)) return { ok: false, error: Object.freeze({ ...d }) };
  if (input === lastState) return ok(input as HandState);
  const state = stateOf(d);
  known.set(state, d);
  return ok(remember(state, d));
}

/**
 * {@link parseState}, throwing instead of returning an error.
 *
 * @param value - anything
 * @returns the checked state
 * @throws {@link WhistError} `INVALID_STATE` or `INVALID_RULES`
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, parseStateOrThrow, SHORT_WHIST } from 'whist';
 *
 * const stored = JSON.stringify(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }));
 * parseStateOrThrow(JSON.parse(stored)).dealer; // 'N'
 * ```
 * @remarks Source: as {@link parseState}.
 * @group Hand
 */
export function parseStateOrThrow(value: unknown): HandState {
  return unwrap(parseState(value));
}

// ------------------------------------------------------------------------------------------------------
// Selectors. Each takes any value; a value that is not a hand state throws WhistError INVALID_STATE.

/**
 * Whose turn it is.
 *
 * @param state - a hand state
 * @returns the seat to play, or `null` when all 13 tricks are played
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { currentSeat, dealOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * currentSeat(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // 'E'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): eldest hand leads to the first trick, the winner of each trick leads the next.
 * @group Hand
 */
export function currentSeat(state: HandState): Seat | null {
  const d = state === lastState && lastProgress !== null ? lastProgress : progressOrThrow(state);
  return d.turn < 0 ? null : (SEAT_LETTERS[d.turn] as Seat);
}

/**
 * Whether all 13 tricks have been played.
 *
 * @param state - a hand state
 * @returns `true` when the hand is over
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, isHandComplete, SHORT_WHIST } from 'whist';
 *
 * isHandComplete(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // false
 * ```
 * @remarks Source: German text «Whist» (2012): "Ein Einzelspiel besteht aus 13 Stichen".
 * @group Hand
 */
export function isHandComplete(state: HandState): boolean {
  return progressOrThrow(state).turn < 0;
}

/**
 * The cards a seat still holds, in canonical order (suits S H D C, each from the ace down).
 *
 * @param state - a hand state
 * @param seat - the seat
 * @returns a new array of cards
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state, `INVALID_SEAT` for a seat not in `N E S W`
 * @example
 * ```ts
 * import { cardsHeld, dealOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * cardsHeld(state, 'E').slice(0, 3); // ['AH', 'KH', 'QH']
 * ```
 * @group Hand
 */
export function cardsHeld(state: HandState, seat: Seat): Card[] {
  const d = progressOrThrow(state);
  const s = seatNumber(seat);
  if (s < 0) throw new WhistError({ code: 'INVALID_SEAT', message: `seat must be one of N E S W, got ${describe(seat)}` });
  return suitsToCards(heldSuit(d, s, 0), heldSuit(d, s, 1), heldSuit(d, s, 2), heldSuit(d, s, 3));
}

/**
 * The cards each seat was dealt, in canonical order.
 *
 * @param state - a hand state
 * @returns `{ N, E, S, W }`, thirteen cards each
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, dealtCards, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * dealtCards(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })).N.length; // 13
 * ```
 * @group Hand
 */
export function dealtCards(state: HandState): Deal {
  return masksToDeal(progressOrThrow(state).fixed.dealt);
}

/**
 * The seat a card was dealt to, whether it is still held or has been played.
 *
 * @param state - a hand state
 * @param card - a card
 * @returns the seat, or `null` when `card` is not a card string
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, dealtTo, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * dealtTo(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'AH'); // 'S'
 * ```
 * @group Hand
 */
export function dealtTo(state: HandState, card: Card): Seat | null {
  const dealt = progressOrThrow(state).fixed.dealt;
  const c = cardIndex(card);
  if (c < 0) return null;
  for (let s = 0; s < 4; s++) if ((dealt[(s << 2) | (SUIT_OF[c] as number)] as number) & (BIT_OF[c] as number)) return SEAT_LETTERS[s] as Seat;
  return null;
}

/**
 * The suit led to the trick in progress.
 *
 * @param state - a hand state
 * @returns the suit of the first card of the current trick, or `null` before the lead
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, ledSuit, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * ledSuit(state); // null
 * ledSuit(playOrThrow(state, 'E', '7H')); // 'H'
 * ```
 * @group Hand
 */
export function ledSuit(state: HandState): Suit | null {
  const d = progressOrThrow(state);
  return d.led < 0 ? null : (SUIT_LETTERS[d.led] as Suit);
}

/**
 * The cards the seat to play may play, in canonical order: by suit (S H D C), then from the ace down.
 *
 * A player must follow suit when able; when void in the suit led, or when leading, any card may be played.
 *
 * @param state - a hand state
 * @returns the legal cards, a new array; empty when the hand is complete
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, legalMoves, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }); // the full deck dealt one card at a time
 * legalMoves(state).length; // 13
 * const led = playOrThrow(state, 'E', 'TS'); // south holds three spades and must follow suit
 * legalMoves(led); // ['KS', '9S', '5S']
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Hierbei gilt Farbzwang"; docs/rules.md, "Play".
 * @group Hand
 */
export function legalMoves(state: HandState): Card[] {
  const d = state === lastState && lastProgress !== null ? lastProgress : progressOrThrow(state);
  const t = d.turn;
  if (t < 0) return [];
  if (d.led >= 0) {
    const mask = heldSuit(d, t, d.led);
    if (mask !== 0) {
      const out = new Array<Card>(POP[mask] as number);
      writeSuit(out, 0, d.led, mask);
      return out;
    }
  }
  const dealt = d.fixed.dealt;
  const b = t << 2;
  return suitsToCards((dealt[b] as number) & ~d.p0, (dealt[b + 1] as number) & ~d.p1, (dealt[b + 2] as number) & ~d.p2, (dealt[b + 3] as number) & ~d.p3);
}

/** The last `n` cards played to reach a progress, in the order played, read back along its chain. */
function lastCards(d: Progress, n: number): Card[] {
  const out = new Array<Card>(n);
  let p: Progress = d;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = CARD_BY_INDEX[p.card] as Card;
    p = p.parent as Progress;
  }
  return out;
}

/**
 * The trick in progress.
 *
 * @param state - a hand state
 * @returns `{ leader, cards }` (no cards before the lead), or `null` when the hand is complete
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { currentTrick, dealOrThrow, FULL_DECK, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
 * currentTrick(state); // { leader: 'E', cards: ['AS'] }
 * ```
 * @group Hand
 */
export function currentTrick(state: HandState): CurrentTrick | null {
  const d = progressOrThrow(state);
  if (d.turn < 0) return null;
  const n = d.count & 3;
  const cards: Card[] = [];
  cards.push(...lastCards(d, n));
  return { leader: SEAT_LETTERS[(d.turn - n) & 3] as Seat, cards };
}

function tricksOf(d: Progress): Trick[] {
  const n = d.winners.length;
  const out = new Array<Trick>(n);
  if (n === 0) return out;
  const all = lastCards(d, d.count);
  let leader = SEAT_LETTERS[(seatNumber(d.fixed.dealer) + 1) & 3] as Seat;
  for (let t = 0; t < n; t++) {
    const winner = d.winners[t] as Seat;
    out[t] = { leader, cards: [all[4 * t] as Card, all[4 * t + 1] as Card, all[4 * t + 2] as Card, all[4 * t + 3] as Card], winner };
    leader = winner;
  }
  return out;
}

/**
 * The finished tricks, each with its leader, its cards in the order played, and its winner.
 *
 * @param state - a hand state
 * @returns the tricks, first to last (up to 13), as new objects
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { completedTricks, dealOrThrow, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * let state = dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
 * state = playOrThrow(playOrThrow(playOrThrow(playOrThrow(state, 'E', 'AH'), 'S', '2D'), 'W', '2C'), 'N', '2S');
 * completedTricks(state); // [{ leader: 'E', cards: ['AH', '2D', '2C', '2S'], winner: 'N' }]
 * ```
 * @group Hand
 */
export function completedTricks(state: HandState): Trick[] {
  return tricksOf(progressOrThrow(state));
}

/**
 * The last finished trick: what a table shows when a player asks to see it again.
 *
 * @param state - a hand state
 * @returns the trick, or `null` before the first trick is finished
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, lastTrick, SHORT_WHIST } from 'whist';
 *
 * lastTrick(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // null
 * ```
 * @group Hand
 */
export function lastTrick(state: HandState): Trick | null {
  const d = progressOrThrow(state);
  const t = d.winners.length;
  if (t === 0) return null;
  const winner = d.winners[t - 1] as Seat;
  const leader = t === 1 ? (SEAT_LETTERS[(seatNumber(d.fixed.dealer) + 1) & 3] as Seat) : (d.winners[t - 2] as Seat);
  const all = lastCards(d, d.count);
  return { leader, cards: [all[4 * t - 4] as Card, all[4 * t - 3] as Card, all[4 * t - 2] as Card, all[4 * t - 1] as Card], winner };
}

/**
 * Every card played so far, in order, with its seat and its trick.
 *
 * @param state - a hand state
 * @returns the plays, as new objects; `trick` counts from 1
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, playOrThrow, plays, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
 * plays(state); // [{ seat: 'E', card: 'AS', trick: 1 }]
 * ```
 * @group Hand
 */
export function plays(state: HandState): Play[] {
  const d = progressOrThrow(state);
  const out: Play[] = [];
  const all = lastCards(d, d.count);
  let leader = (seatNumber(d.fixed.dealer) + 1) & 3;
  for (let i = 0; i < d.count; i++) {
    const t = i >> 2;
    out.push({ seat: SEAT_LETTERS[(leader + (i & 3)) & 3] as Seat, card: all[i] as Card, trick: t + 1 });
    if ((i & 3) === 3) leader = seatNumber(d.winners[t]);
  }
  return out;
}

/**
 * Tricks won so far by each side.
 *
 * @param state - a hand state
 * @returns `{ NS, EW }`
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, SHORT_WHIST, tricksWon } from 'whist';
 *
 * tricksWon(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // { NS: 0, EW: 0 }
 * ```
 * @group Hand
 */
export function tricksWon(state: HandState): BySide {
  const w = progressOrThrow(state).winners;
  let ns = 0;
  for (let t = 0; t < w.length; t++) if (w[t] === 'N' || w[t] === 'S') ns++;
  return { NS: ns, EW: w.length - ns };
}

/**
 * The trump honours each side has, counted as the rules say: held as dealt (the turn-up included,
 * law 3) or, with `basis: 'captured'`, won in tricks so far.
 *
 * @param state - a hand state
 * @returns `{ NS, EW }`: the number of honours; 0 and 0 in a hand without trumps or rules without honours
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, honoursCounted, SHORT_WHIST } from 'whist';
 *
 * // Spades are trump and north holds them all.
 * honoursCounted(dealOrThrow(SHORT_WHIST, { dealer: 'N', hands: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' })); // { NS: 4, EW: 0 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 3; Meyers Konversations-Lexikon, "Whist" (the ten as fifth honour); docs/rules.md, "Scoring a hand".
 * @group Hand
 */
export function honoursCounted(state: HandState): BySide {
  const d = progressOrThrow(state);
  const honours = d.fixed.rules.honours;
  const trump = d.fixed.trump;
  if (honours === null || trump < 0) return { NS: 0, EW: 0 };
  let ns = 0;
  let ew = 0;
  const won = honours.basis === 'captured' ? tricksOf(d) : [];
  for (const rank of honours.cards) {
    let side = -1;
    if (honours.basis === 'held') {
      const bit = 1 << (12 - RANKS_HIGH_FIRST.indexOf(rank));
      for (let s = 0; s < 4; s++) if ((d.fixed.dealt[(s << 2) | trump] as number) & bit) side = s & 1;
    } else {
      const card = `${rank}${SUIT_LETTERS[trump]}` as Card;
      const trick = won.find((t) => t.cards.includes(card));
      if (trick) side = seatNumber(trick.winner) & 1;
    }
    if (side === 0) ns++;
    else if (side === 1) ew++;
  }
  return { NS: ns, EW: ew };
}

/**
 * The facts of a hand that scoring needs, ready for {@link scoreHand} or {@link recordHand}.
 *
 * @param state - a hand state, usually complete
 * @returns `{ tricks, honours }`: {@link tricksWon} and {@link honoursCounted}
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, handFacts, SHORT_WHIST } from 'whist';
 *
 * handFacts(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // { tricks: { NS: 0, EW: 0 }, honours: { NS: 2, EW: 2 } }
 * ```
 * @remarks Source: Laws of Short Whist (1864), laws 2-3.
 * @group Hand
 */
export function handFacts(state: HandState): HandFacts {
  return { tricks: tricksWon(state), honours: honoursCounted(state) };
}

/**
 * The trump card while it lies face up: the turn-up until the dealer plays it, or the second pack's card.
 *
 * @param state - a hand state
 * @returns the card, or `null` once the turn-up is played or when no card was turned
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state
 * @example
 * ```ts
 * import { dealOrThrow, FULL_DECK, SHORT_WHIST, visibleTrumpCard } from 'whist';
 *
 * visibleTrumpCard(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // '2C'
 * ```
 * @remarks Source: Laws of Short Whist (1864) (the dealer takes the turn-up into hand at his first play); German text «Whist Regeln» ("Dann nimmt der Geber sie in seine Hand").
 * @group Hand
 */
export function visibleTrumpCard(state: HandState): Card | null {
  const d = progressOrThrow(state);
  const card = d.fixed.trumpCard;
  if (card === null || d.fixed.trumpSource !== 'turnUp') return card;
  const c = cardIndex(card);
  return heldSuit(d, seatNumber(d.fixed.dealer), SUIT_OF[c] as number) & (BIT_OF[c] as number) ? card : null;
}

/**
 * The seat that wins a trick: the highest trump, or with no trump in it the highest card of the suit led.
 *
 * @param leader - the seat that led
 * @param cards - one to four cards in the order played
 * @param trump - the trump suit, or `null`
 * @returns the seat whose card wins (or is winning, for an unfinished trick)
 * @throws {@link WhistError} `INVALID_ARGUMENT` when the leader, the cards or the trump are not what they should be
 * @example
 * ```ts
 * import { trickWinner } from 'whist';
 *
 * trickWinner('N', ['KH', 'AH', '2S', '3H'], 'S'); // 'S'
 * trickWinner('N', ['KH', 'AH', '2S', '3H'], null); // 'E'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Der Stich gehört dem Spieler, der den höchsten Trumpf gespielt hat".
 * @group Hand
 */
export function trickWinner(leader: Seat, cards: readonly Card[], trump: Suit | null): Seat {
  return onlyWhistErrors(() => winnerOf(leader, cards, trump), 'the trick');
}

function winnerOf(leader: Seat, cards: readonly Card[], trump: Suit | null): Seat {
  const l = seatNumber(leader);
  const t = trump === null ? -1 : SUIT_LETTERS.indexOf(trump);
  const n = Array.isArray(cards) ? cards.length : 0;
  if (l < 0 || (trump !== null && t < 0) || n < 1 || n > 4)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: 'trickWinner needs a seat, one to four cards and a trump suit or null' });
  let best = cardIndex(cards[0]);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const c = cardIndex(cards[i]);
    if (c < 0) throw new WhistError({ code: 'INVALID_ARGUMENT', message: `cards[${i}] is not a card: ${describe(cards[i])}` });
    if (i > 0 && beats(c, best, t)) {
      best = c;
      at = i;
    }
  }
  return SEAT_LETTERS[(l + at) & 3] as Seat;
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
