/**
 * One hand: the deal, legal plays, tricks and their winners.
 *
 * Rules as implemented (Laws of Short Whist (1864); HOYLE; DOC1):
 * - The pack is dealt one card at a time, clockwise, starting with eldest hand (the dealer's left);
 *   the 52nd card is the dealer's own and, with trump by turn-up, is turned face up: its suit is trump.
 *   The turned-up card is public until the dealer plays it.
 * - Eldest hand leads to the first trick; the winner of each trick leads the next.
 * - A player must follow suit when able; when void, any card may be played (trump or discard).
 * - The highest trump wins the trick; with no trump in it, the highest card of the suit led.
 * - Revokes are never accepted: a card that fails to follow suit while able is refused with
 *   `MUST_FOLLOW_SUIT` (the "table mode" of CL laws 71-82 is not part of the engine).
 *
 * The state is plain JSON. Hands are stored compactly as four 13-bit rank masks per seat (bit 0 the two,
 * bit 12 the ace; suits S H D C; seats N E S W), which keeps {@link play} fast and its copies small;
 * every selector returns card strings. Tricks are stored as card strings in play order.
 * A transition returns a new state and shares everything that did not change.
 *
 * @module
 */

import { BIT_OF, CARD_BY_INDEX, type Card, cardIndex, POP, SUIT_NUMBER, SUIT_OF, type Suit, SUITS } from './cards.js';
import { fail, unwrap, type WhistErrorInfo } from './errors.js';
import type { Rules } from './rules.js';
import { type BySeat, type BySide, isSeat, nextSeat, SEATS, type Seat, type Side, sideOf } from './seats.js';

/** The schema version of {@link HandState}; it changes whenever the stored shape does. */
export const HAND_SCHEMA = 1;

/** A finished trick: who led, the four cards in the order played, and who won it. */
export interface Trick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  readonly winner: Seat;
}

/** Where the hand's trump came from. */
export type TrumpSource = 'turnUp' | 'secondPack' | 'rotation' | 'given';

/**
 * The state of one hand: plain, immutable JSON. Read it through the selectors
 * ({@link currentSeat}, {@link handOf}, {@link tricksWon}, …) rather than its fields: the fields
 * encode hands compactly.
 */
export interface HandState {
  /** Schema version, {@link HAND_SCHEMA}. */
  readonly v: 1;
  /** The rules the hand is played under. */
  readonly rules: Rules;
  /** The dealer; eldest hand, on the dealer's left, leads first. */
  readonly dealer: Seat;
  /** Trump suit, or `null` in a no-trump hand. */
  readonly trump: Suit | null;
  /** Where trump came from. */
  readonly trumpSource: TrumpSource;
  /** The card that fixed trump: the dealer's turn-up, or the second pack's top card; `null` otherwise. */
  readonly trumpCard: Card | null;
  /**
   * The cards still in each hand: `hands[seat][suit]` is a 13-bit mask, bit 0 the two and bit 12 the
   * ace; seats in the order N E S W, suits S H D C.
   */
  readonly hands: readonly (readonly number[])[];
  /** The cards of the trick in progress, in the order played. */
  readonly trick: readonly Card[];
  /** The finished tricks, in order. */
  readonly tricks: readonly Trick[];
}

/** How to deal: from a 52-card deck order, as the dealer deals it. */
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

/** How to deal: from four hands made elsewhere (a backend's own shuffle, a record). */
export interface DealFromHands {
  /** The dealer. */
  readonly dealer: Seat;
  /** Thirteen cards for each seat. */
  readonly hands: BySeat<readonly Card[]>;
  /** The trump suit, or `null` for no trump. */
  readonly trump: Suit | null;
  /** Optionally, the dealer's turned-up card: it must be a trump in the dealer's hand. */
  readonly turnUp?: Card;
}

/** The result of {@link deal} and {@link play}. */
export type HandResult = { readonly ok: true; readonly state: HandState } | { readonly ok: false; readonly error: WhistErrorInfo };

/** Suit numbers by the character code of a card's suit letter. */
const SUIT_BY_CODE: Int8Array = new Int8Array(128);
SUIT_BY_CODE[83] = 0;
SUIT_BY_CODE[72] = 1;
SUIT_BY_CODE[68] = 2;
SUIT_BY_CODE[67] = 3;

/** The suit number (0-3) of a valid card string. */
function suitOfCard(card: Card): number {
  return SUIT_BY_CODE[card.charCodeAt(1)] as number;
}

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

/** The seats N E S W by number; not frozen, like CARD_BY_INDEX, to be read quickly. */
const SEAT_LETTERS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** The number (0-3) of the seat to play, or -1 when the hand is complete. */
function turnNumber(state: HandState): number {
  const tricks = state.tricks;
  const n = tricks.length;
  if (n === 13) return -1;
  const leader = n === 0 ? seatNumber(state.dealer) + 1 : seatNumber((tricks[n - 1] as Trick).winner);
  return (leader + state.trick.length) & 3;
}

/**
 * The seat that wins a trick: the highest trump, or with no trump in it the highest card of the suit led.
 *
 * @param leader - the seat that led
 * @param cards - the cards in the order played (one to four)
 * @param trump - the trump suit, or `null`
 * @returns the seat whose card wins (or is winning, for an unfinished trick)
 * @example
 * ```ts
 * trickWinner('N', ['KH', 'AH', '2S', '3H'], 'S'); // 'S' (the two of trumps)
 * ```
 * @remarks Source: Laws of Short Whist (1864); DOC1 "Der Stich gehört dem Spieler, der den höchsten Trumpf gespielt hat".
 */
export function trickWinner(leader: Seat, cards: readonly Card[], trump: Suit | null): Seat {
  return nextSeat(leader, winningPosition(cards, trump === null ? -1 : (SUIT_NUMBER[trump] as number)));
}

function winningPosition(cards: readonly Card[], trump: number): number {
  let best = 0;
  let bestIndex = cardIndex(cards[0]);
  for (let i = 1; i < cards.length; i++) {
    const c = cardIndex(cards[i]);
    const cs = SUIT_OF[c] as number;
    const bs = SUIT_OF[bestIndex] as number;
    if (cs === bs ? c > bestIndex : cs === trump) {
      best = i;
      bestIndex = c;
    }
  }
  return best;
}


function masksToCards(masks: readonly number[]): Card[] {
  const m0 = masks[0] as number;
  const m1 = masks[1] as number;
  const m2 = masks[2] as number;
  const m3 = masks[3] as number;
  const out = new Array<Card>((POP[m0] as number) + (POP[m1] as number) + (POP[m2] as number) + (POP[m3] as number));
  let n = fillSuit(out, 0, 0, m0);
  n = fillSuit(out, n, 1, m1);
  n = fillSuit(out, n, 2, m2);
  fillSuit(out, n, 3, m3);
  return out;
}

/** Writes a suit's cards from the ace down into `out` from position `n`; returns the next position. */
function fillSuit(out: Card[], n: number, suit: number, mask: number): number {
  const base = suit * 13;
  let m = mask;
  while (m !== 0) {
    const r = 31 - Math.clz32(m);
    out[n++] = CARD_BY_INDEX[base + r] as Card;
    m ^= 1 << r;
  }
  return n;
}

function readCards(input: unknown, seat: Seat, seen: number[]): { ok: true; masks: number[] } | { ok: false; error: WhistErrorInfo } {
  const path = `hands.${seat}`;
  if (!Array.isArray(input) || input.length !== 13) {
    const got = Array.isArray(input) ? `${input.length} cards` : typeof input;
    return fail('INVALID_HAND', `${path} must be an array of 13 cards, got ${got}`, { path, seat });
  }
  const masks = [0, 0, 0, 0];
  for (let i = 0; i < input.length; i++) {
    const card: unknown = input[i];
    const c = cardIndex(card);
    if (c < 0) return fail('INVALID_CARD', `${path}[${i}] is not a card: ${JSON.stringify(card)}`, { path: `${path}[${i}]`, card: String(card), seat });
    const suit = SUIT_OF[c] as number;
    const bit = BIT_OF[c] as number;
    if ((seen[suit] as number) & bit) return fail('DUPLICATE_CARD', `${path}[${i}] deals ${card as string} a second time`, { path: `${path}[${i}]`, card: card as string, seat });
    seen[suit] = (seen[suit] as number) | bit;
    masks[suit] = (masks[suit] as number) | bit;
  }
  return { ok: true, masks };
}

function trumpFor(rules: Rules, deck: readonly Card[], options: DealFromDeck): { ok: true; trump: Suit | null; source: TrumpSource; card: Card | null } | { ok: false; error: WhistErrorInfo } {
  const t = rules.trump;
  if (t.kind === 'turnUp') {
    const card = deck[51] as Card;
    return { ok: true, trump: card[1] as Suit, source: 'turnUp', card };
  }
  if (t.kind === 'secondPack') {
    const card = options.secondPackCard;
    if (!isCardValue(card)) return fail('INVALID_TRUMP', 'trump by second pack needs secondPackCard, the card eldest hand turned', { path: 'secondPackCard' });
    return { ok: true, trump: card[1] as Suit, source: 'secondPack', card };
  }
  const n = options.dealNumber;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return fail('INVALID_TRUMP', 'trump by rotation needs dealNumber, a whole number from 0', { path: 'dealNumber' });
  return { ok: true, trump: t.suits[n % t.suits.length] ?? null, source: 'rotation', card: null };
}

function isCardValue(x: unknown): x is Card {
  return cardIndex(x) >= 0;
}

/**
 * Deals a hand, from a deck order or from four hands made elsewhere.
 *
 * From a deck: the cards go one at a time clockwise from eldest hand, so `deck[0]` goes to the dealer's
 * left and `deck[51]` to the dealer. Trump follows `rules.trump`: with `turnUp`, `deck[51]` is turned up
 * and stays public until the dealer plays it; with `secondPack`, `secondPackCard` fixes it; with
 * `rotation`, `dealNumber` picks the suit from the cycle.
 *
 * From hands: `hands` holds 13 cards for each seat and `trump` is a suit or `null`.
 *
 * Eldest hand leads. Nothing given is modified.
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - `{ dealer, deck }` ({@link DealFromDeck}) or `{ dealer, hands, trump }` ({@link DealFromHands})
 * @returns `{ ok: true, state }`, or `{ ok: false, error }` with code `INVALID_SEAT` (dealer),
 *   `INVALID_DECK` (not 52 cards, or neither/both of deck and hands), `INVALID_HAND` (a hand missing or not 13 cards),
 *   `INVALID_CARD` (an unknown string, with its `path`), `DUPLICATE_CARD`, or `INVALID_TRUMP`
 * @example
 * ```ts
 * const result = deal(SHORT_WHIST, { dealer: 'S', deck: FULL_DECK });
 * if (result.ok) currentSeat(result.state); // 'W', eldest hand
 * ```
 * @remarks Source: Laws of Short Whist (1864); HOYLE; DOC1 ("verteilt dann alle Karten gleichmäßig und einzeln … Die letzte Karte … schlägt der Geber auf").
 */
export function deal(rules: Rules, options: DealFromDeck | DealFromHands): HandResult {
  const o = (options ?? {}) as Partial<DealFromDeck & DealFromHands>;
  if (!isSeat(o.dealer)) return fail('INVALID_SEAT', `dealer must be one of N E S W, got ${JSON.stringify(o.dealer)}`, { path: 'dealer', seat: String(o.dealer) });
  const dealer = o.dealer;
  const hasDeck = o.deck !== undefined;
  const hasHands = o.hands !== undefined;
  if (hasDeck === hasHands) return fail('INVALID_DECK', 'give either deck or hands', { path: hasDeck ? 'hands' : 'deck' });
  const seen = [0, 0, 0, 0];
  if (hasDeck) {
    const deck = o.deck as unknown;
    if (!Array.isArray(deck) || deck.length !== 52) return fail('INVALID_DECK', `deck must be an array of 52 cards, got ${Array.isArray(deck) ? `${deck.length} cards` : typeof deck}`, { path: 'deck' });
    const hands = [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    const first = seatNumber(dealer) + 1;
    for (let i = 0; i < 52; i++) {
      const card: unknown = deck[i];
      const c = cardIndex(card);
      if (c < 0) return fail('INVALID_CARD', `deck[${i}] is not a card: ${JSON.stringify(card)}`, { path: `deck[${i}]`, card: String(card), seat: SEATS[(first + i) & 3] });
      const suit = SUIT_OF[c] as number;
      const bit = BIT_OF[c] as number;
      if ((seen[suit] as number) & bit)
        return fail('DUPLICATE_CARD', `deck[${i}] deals ${card as string} a second time`, { path: `deck[${i}]`, card: card as string, seat: SEATS[(first + i) & 3] });
      seen[suit] = (seen[suit] as number) | bit;
      const h = hands[(first + i) & 3] as number[];
      h[suit] = (h[suit] as number) | bit;
    }
    const t = trumpFor(rules, deck as readonly Card[], o as DealFromDeck);
    if (!t.ok) return t;
    return { ok: true, state: newHand(rules, dealer, t.trump, t.source, t.card, hands) };
  }
  const given = o.hands as unknown;
  if (typeof given !== 'object' || given === null) return fail('INVALID_HAND', 'hands must be an object { N, E, S, W }', { path: 'hands' });
  const hands: number[][] = [];
  for (const seat of SEATS) {
    const read = readCards((given as Record<string, unknown>)[seat], seat, seen);
    if (!read.ok) return read;
    hands.push(read.masks);
  }
  const trump = o.trump;
  if (trump !== null && trump !== 'S' && trump !== 'H' && trump !== 'D' && trump !== 'C') return fail('INVALID_TRUMP', `trump must be S, H, D, C or null, got ${JSON.stringify(trump)}`, { path: 'trump' });
  let trumpCard: Card | null = null;
  if (o.turnUp !== undefined) {
    const c = cardIndex(o.turnUp);
    if (c < 0) return fail('INVALID_CARD', `turnUp is not a card: ${JSON.stringify(o.turnUp)}`, { path: 'turnUp', card: String(o.turnUp) });
    const inDealerHand = ((hands[seatNumber(dealer)] as number[])[SUIT_OF[c] as number] as number) & (BIT_OF[c] as number);
    if (!inDealerHand || o.turnUp[1] !== trump) return fail('INVALID_TRUMP', `turnUp ${o.turnUp} must be a trump in the dealer's hand`, { path: 'turnUp', card: o.turnUp });
    trumpCard = o.turnUp;
  }
  return { ok: true, state: newHand(rules, dealer, trump, trumpCard ? 'turnUp' : 'given', trumpCard, hands) };
}

function newHand(rules: Rules, dealer: Seat, trump: Suit | null, trumpSource: TrumpSource, trumpCard: Card | null, hands: number[][]): HandState {
  return { v: HAND_SCHEMA, rules, dealer, trump, trumpSource, trumpCard, hands, trick: [], tricks: [] };
}

/**
 * {@link deal}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link deal}
 * @returns the new hand state
 * @throws {@link WhistError} with the codes of {@link deal}
 * @example
 * ```ts
 * const state = dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * ```
 * @remarks Source: as {@link deal}.
 */
export function dealOrThrow(rules: Rules, options: DealFromDeck | DealFromHands): HandState {
  return unwrap<HandState>(deal(rules, options), 'state');
}

/**
 * Whose turn it is.
 *
 * @param state - a hand state
 * @returns the seat to play, or `null` when all 13 tricks are played
 * @example
 * ```ts
 * currentSeat(dealOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // 'E', eldest hand
 * ```
 * @remarks Source: CL and DOC1: eldest hand leads to the first trick; the winner of each trick leads the next; play goes clockwise.
 */
export function currentSeat(state: HandState): Seat | null {
  const t = turnNumber(state);
  return t < 0 ? null : (SEAT_LETTERS[t] as Seat);
}

/**
 * Whether all 13 tricks have been played.
 *
 * @param state - a hand state
 * @returns `true` when the hand is over
 * @example
 * ```ts
 * isHandComplete(state); // false until the 52nd card
 * ```
 * @remarks Source: DOC1 "Ein Einzelspiel besteht aus 13 Stichen".
 */
export function isHandComplete(state: HandState): boolean {
  return state.tricks.length === 13;
}

/**
 * The cards a seat still holds, in canonical order (suits S H D C, each from the ace down).
 *
 * @param state - a hand state
 * @param seat - the seat
 * @returns a new array of cards
 * @example
 * ```ts
 * handOf(state, 'N'); // ['AS', 'JS', '9H', …]
 * ```
 */
export function handOf(state: HandState, seat: Seat): Card[] {
  return masksToCards(state.hands[seatNumber(seat)] as readonly number[]);
}

/**
 * The suit led to the trick in progress.
 *
 * @param state - a hand state
 * @returns the suit of the first card of the current trick, or `null` before the lead
 * @example
 * ```ts
 * ledSuit(state); // 'H'
 * ```
 */
export function ledSuit(state: HandState): Suit | null {
  const first = state.trick[0];
  return first === undefined ? null : (first[1] as Suit);
}

/**
 * The cards the seat to play may play, in canonical order: by suit (S H D C), then from the ace down.
 *
 * A player must follow suit when able; when void in the suit led, or when leading, any card may be played.
 *
 * @param state - a hand state
 * @returns the legal cards; empty when the hand is complete
 * @example
 * ```ts
 * legalMoves(state); // ['QH', '7H'] when hearts were led and the player holds two hearts
 * ```
 * @remarks Source: Laws of Short Whist (1864); DOC1 "Hierbei gilt Farbzwang".
 */
export function legalMoves(state: HandState): Card[] {
  const t = turnNumber(state);
  if (t < 0) return [];
  const hand = state.hands[t] as readonly number[];
  const first = state.trick[0];
  if (first !== undefined) {
    const led = suitOfCard(first);
    const mask = hand[led] as number;
    if (mask !== 0) {
      const out = new Array<Card>(POP[mask] as number);
      fillSuit(out, 0, led, mask);
      return out;
    }
  }
  return masksToCards(hand);
}

/**
 * Plays a card for a seat, checking everything: the input may come from an untrusted client.
 *
 * When several errors apply, the first in this order is returned: `INVALID_SEAT`, `INVALID_CARD`,
 * `HAND_COMPLETE`, `NOT_YOUR_TURN`, `CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`. Card strings are exact:
 * `"as"` is an `INVALID_CARD`. The given state is never modified.
 *
 * @param state - a hand state
 * @param seat - the seat playing, `N E S W` (any string is checked)
 * @param card - the card, e.g. `"QH"` (any string is checked)
 * @returns `{ ok: true, state }` with the new state, or `{ ok: false, error }` with one of the codes above
 * @example
 * ```ts
 * const r = play(state, 'E', 'QH');
 * if (!r.ok) console.log(r.error.code); // e.g. 'MUST_FOLLOW_SUIT'
 * ```
 * @remarks Source: Laws of Short Whist (1864); DOC1 ("Farbzwang"; "Der Stich gehört dem Spieler, der den höchsten Trumpf gespielt hat").
 */
export function play(state: HandState, seat: string, card: string): HandResult {
  const s = seatNumber(seat);
  if (s < 0) return fail('INVALID_SEAT', `seat must be one of N E S W, got ${JSON.stringify(seat)}`, { seat: String(seat) });
  const c = cardIndex(card);
  if (c < 0) return fail('INVALID_CARD', `not a card: ${JSON.stringify(card)}`, { seat, card: String(card) });
  const t = turnNumber(state);
  if (t < 0) return fail('HAND_COMPLETE', 'all 13 tricks have been played', { seat, card });
  if (t !== s) return fail('NOT_YOUR_TURN', `it is ${SEAT_LETTERS[t]} to play, not ${seat}`, { seat, card });
  const hand = state.hands[s] as readonly number[];
  const suit = SUIT_OF[c] as number;
  const bit = BIT_OF[c] as number;
  if (((hand[suit] as number) & bit) === 0) return fail('CARD_NOT_IN_HAND', `${seat} does not hold ${card}`, { seat, card });
  const trick = state.trick;
  const first = trick[0];
  if (first !== undefined) {
    const led = suitOfCard(first);
    if (led !== suit && hand[led] !== 0) return fail('MUST_FOLLOW_SUIT', `${seat} must follow suit: ${SUITS[led]} was led`, { seat, card });
  }
  const newHand = [hand[0] as number, hand[1] as number, hand[2] as number, hand[3] as number];
  newHand[suit] = (hand[suit] as number) ^ bit;
  const old = state.hands;
  const hands = [old[0] as readonly number[], old[1] as readonly number[], old[2] as readonly number[], old[3] as readonly number[]];
  hands[s] = newHand;
  const played = CARD_BY_INDEX[c] as Card;
  let newTrick: readonly Card[];
  let tricks = state.tricks;
  switch (trick.length) {
    case 0:
      newTrick = [played];
      break;
    case 1:
      newTrick = [first as Card, played];
      break;
    case 2:
      newTrick = [first as Card, trick[1] as Card, played];
      break;
    default: {
      const cards = [first as Card, trick[1] as Card, trick[2] as Card, played];
      const trump = state.trump === null ? -1 : (SUIT_NUMBER[state.trump] as number);
      const finished = tricks.slice();
      finished.push({ leader: SEAT_LETTERS[(s + 1) & 3] as Seat, cards, winner: SEAT_LETTERS[(s + 1 + winningPosition(cards, trump)) & 3] as Seat });
      tricks = finished;
      newTrick = [];
    }
  }
  return {
    ok: true,
    state: {
      v: state.v,
      rules: state.rules,
      dealer: state.dealer,
      trump: state.trump,
      trumpSource: state.trumpSource,
      trumpCard: state.trumpCard,
      hands,
      trick: newTrick,
      tricks,
    },
  };
}

/**
 * {@link play}, throwing instead of returning an error.
 *
 * @param state - a hand state
 * @param seat - the seat playing
 * @param card - the card
 * @returns the new state
 * @throws {@link WhistError} with the codes of {@link play}
 * @example
 * ```ts
 * state = playOrThrow(state, 'E', 'QH');
 * ```
 * @remarks Source: as {@link play}.
 */
export function playOrThrow(state: HandState, seat: string, card: string): HandState {
  return unwrap<HandState>(play(state, seat, card), 'state');
}

/** The trick in progress: who led it and the cards played so far. */
export interface CurrentTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

/**
 * The trick in progress.
 *
 * @param state - a hand state
 * @returns `{ leader, cards }`, or `null` when the hand is complete
 * @example
 * ```ts
 * currentTrick(state); // { leader: 'E', cards: ['KH'] }
 * ```
 */
export function currentTrick(state: HandState): CurrentTrick | null {
  const t = turnNumber(state);
  if (t < 0) return null;
  return { leader: SEAT_LETTERS[(t - state.trick.length + 4) & 3] as Seat, cards: state.trick };
}

/**
 * The finished tricks, each with its leader, its cards in the order played, and its winner.
 *
 * @param state - a hand state
 * @returns the tricks, first to last (up to 13)
 * @example
 * ```ts
 * completedTricks(state)[0]; // { leader: 'E', cards: ['KH', 'AH', '2H', '5H'], winner: 'S' }
 * ```
 */
export function completedTricks(state: HandState): readonly Trick[] {
  return state.tricks;
}

/**
 * Tricks won so far by each side.
 *
 * @param state - a hand state
 * @returns `{ NS, EW }`
 * @example
 * ```ts
 * tricksWon(finishedState); // { NS: 7, EW: 6 }
 * ```
 */
export function tricksWon(state: HandState): BySide {
  let ns = 0;
  for (const trick of state.tricks) if (trick.winner === 'N' || trick.winner === 'S') ns++;
  return { NS: ns, EW: state.tricks.length - ns };
}

/**
 * Who held a card as dealt: the seat holding it now or the seat that played it.
 *
 * @param state - a hand state
 * @param card - a card
 * @returns the seat dealt the card, or `null` when `card` is not a card string
 * @example
 * ```ts
 * dealtTo(state, 'AS'); // 'W'
 * ```
 */
export function dealtTo(state: HandState, card: Card): Seat | null {
  const c = cardIndex(card);
  if (c < 0) return null;
  for (let s = 0; s < 4; s++) if (((state.hands[s] as readonly number[])[SUIT_OF[c] as number] as number) & (BIT_OF[c] as number)) return SEAT_LETTERS[s] as Seat;
  for (const trick of state.tricks) {
    const i = trick.cards.indexOf(card);
    if (i >= 0) return nextSeat(trick.leader, i);
  }
  const i = state.trick.indexOf(card);
  const current = currentTrick(state) as CurrentTrick;
  return nextSeat(current.leader, i);
}

/**
 * The trump honours each side has, counted as the rules say: held as dealt (the turn-up included,
 * CL law 3) or, with `basis: 'captured'`, won in tricks so far.
 *
 * @param state - a hand state
 * @returns `{ NS, EW }`: the number of honours; 0 and 0 in a hand without trumps or rules without honours
 * @example
 * ```ts
 * honoursHeld(state); // { NS: 3, EW: 1 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 3; DOC1, MEYERS (the ten as fifth honour in German Long Whist).
 */
export function honoursHeld(state: HandState): BySide {
  const honours = state.rules.honours;
  const trump = state.trump;
  if (honours === null || trump === null) return { NS: 0, EW: 0 };
  let ns = 0;
  let ew = 0;
  for (const rank of honours.cards) {
    const card = `${rank}${trump}` as Card;
    let side: Side | null;
    if (honours.basis === 'held') side = sideOf(dealtTo(state, card) as Seat);
    else {
      const trick = state.tricks.find((t) => t.cards.includes(card));
      side = trick ? sideOf(trick.winner) : null;
    }
    if (side === 'NS') ns++;
    else if (side === 'EW') ew++;
  }
  return { NS: ns, EW: ew };
}

/**
 * The facts of a hand that scoring needs, ready for {@link scoreHand} or {@link recordHand}.
 *
 * @param state - a hand state, usually complete
 * @returns `{ tricks, honours, trump }`: {@link tricksWon}, {@link honoursHeld} and the trump suit
 * @example
 * ```ts
 * const score = scoreHand(SHORT_WHIST, handFacts(state), { NS: 0, EW: 0 });
 * rubber = recordHandOrThrow(rubber, handFacts(state));
 * ```
 */
export function handFacts(state: HandState): { readonly tricks: BySide; readonly honours: BySide; readonly trump: Suit | null } {
  return { tricks: tricksWon(state), honours: honoursHeld(state), trump: state.trump };
}

/**
 * Whether the turned-up trump card is still public: the dealer has not yet played it.
 *
 * @param state - a hand state
 * @returns the turn-up card while the dealer still holds it, else `null`
 * @example
 * ```ts
 * visibleTurnUp(state); // '7D' until the dealer plays the seven of diamonds
 * ```
 * @remarks Source: CL (the dealer takes the turn-up into hand at his first play); DOC1, DOC2 ("Dann nimmt der Geber sie in seine Hand").
 */
export function visibleTurnUp(state: HandState): Card | null {
  const card = state.trumpCard;
  if (card === null || state.trumpSource !== 'turnUp') return null;
  const c = cardIndex(card);
  const held = ((state.hands[seatNumber(state.dealer)] as readonly number[])[SUIT_OF[c] as number] as number) & (BIT_OF[c] as number);
  return held ? card : null;
}
