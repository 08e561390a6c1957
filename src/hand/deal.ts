/**
 * Dealing a hand: from a deck order, as the dealer deals it, or from the thirteen cards of each seat.
 *
 * Rules as implemented (Laws of Short Whist (1864), laws 37-47; German text «Whist» (2012); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md),
 * "The table"): the pack is dealt one card at a time, clockwise, starting with eldest hand (the dealer's
 * left); the 52nd card is the dealer's own and, with trump by turn-up, is turned face up: its suit is
 * trump. The turn-up is public until the dealer plays it.
 *
 * @module
 */

import { BIT_OF, CARD_BY_INDEX, type Card, cardIndex, SUIT_OF, type Suit } from '../cards.js';
import { describe, fail, ok, type Result, unwrap } from '../errors.js';
import { dealFailure, dealToMasks, formatMasks, parseMasks } from '../notation.js';
import { isCheckedRules, type Rules, validateRules } from '../rules.js';
import { isSeat, type Seat, seatNumber } from '../seats.js';
import { Fixed, SEAT_LETTERS, SUIT_LETTERS, start, stateOfProgress } from './progress.js';
import type { DealError, DealFromCards, DealFromDeck, HandState, TrumpSource } from './types.js';

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
  const cards = field(options, 'cards');
  if ((deck === undefined) === (cards === undefined)) return fail('INVALID_DECK', 'give either deck or cards', { path: deck === undefined ? 'deck' : 'cards' });
  if (deck !== undefined) return dealDeck(rules, dealer, deck, field(options, 'secondPackCard'), field(options, 'dealNumber'));
  return dealCards(rules, dealer, cards, field(options, 'trump'), field(options, 'trumpCard'));
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
  return ok(stateOfProgress(d));
}

function dealCards(rules: Rules, dealer: Seat, cards: unknown, trump: unknown, trumpCard: unknown): Result<HandState, DealError> {
  let masks: number[];
  if (typeof cards === 'string') {
    const parsed = parseMasks(cards);
    if (!('masks' in parsed))
      return fail(parsed.code === 'INVALID_SEAT' || parsed.code === 'INVALID_ARGUMENT' ? 'INVALID_HAND' : parsed.code, parsed.message, {
        path: 'cards',
        seat: parsed.seat,
        card: parsed.card,
      });
    masks = parsed.masks;
  } else {
    const read = dealToMasks(cards, 'cards');
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
  return ok(stateOfProgress(d));
}

/**
 * Deals a hand, from a deck order or from the cards of each seat, dealt elsewhere.
 *
 * From a deck: the cards go one at a time clockwise from eldest hand, so `deck[0]` goes to the dealer's
 * left and `deck[51]` to the dealer. Trump follows `rules.trump`: with `turnUp`, `deck[51]` is turned up
 * and stays public until the dealer plays it; with `secondPack`, `secondPackCard` fixes it; with
 * `rotation`, `dealNumber` picks the suit from the cycle.
 *
 * From cards: `cards` holds 13 cards for each seat (or the deal as PBN text) and `trump` is a suit or `null`.
 *
 * Eldest hand leads. Nothing given is modified, and the rules are checked (see {@link validateRules}).
 *
 * @param rules - the rules, e.g. {@link SHORT_WHIST}
 * @param options - `{ dealer, deck }` ({@link DealFromDeck}) or `{ dealer, cards, trump }` ({@link DealFromCards})
 * @returns `{ ok: true, value: state }`, or `{ ok: false, error }` with code `INVALID_RULES`,
 *   `INVALID_ARGUMENT` (options not an object), `INVALID_SEAT` (dealer), `INVALID_DECK` (not 52 cards, or
 *   neither or both of deck and cards), `INVALID_HAND` (a seat missing or not given 13 cards),
 *   `INVALID_CARD` (with its `path`), `DUPLICATE_CARD`, or `INVALID_TRUMP`. Never throws.
 * @example
 * ```ts
 * import { currentSeat, dealHand, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * const result = dealHand(SHORT_WHIST, { dealer: 'S', deck: FULL_DECK });
 * result.ok && currentSeat(result.value); // 'W'
 * result.ok && result.value.trump; // 'C'
 * ```
 * @remarks Source: Laws of Short Whist (1864); Hoyle; German text «Whist» (2012): "Die letzte Karte … schlägt der Geber auf"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "The table".
 * @group Hand
 */
export function dealHand(rules: Rules, options: DealFromDeck | DealFromCards): Result<HandState, DealError> {
  try {
    return dealImpl(rules, options);
  } catch {
    return fail('INVALID_ARGUMENT', 'the options could not be read: they throw when read', { path: 'options' });
  }
}

/**
 * {@link dealHand}, throwing instead of returning an error.
 *
 * @param rules - the rules
 * @param options - as for {@link dealHand}
 * @returns the new hand state
 * @throws {@link WhistError} with the codes of {@link dealHand}: `INVALID_RULES`, `INVALID_ARGUMENT`,
 *   `INVALID_SEAT`, `INVALID_DECK`, `INVALID_HAND`, `INVALID_CARD`, `DUPLICATE_CARD`, `INVALID_TRUMP`
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * currentSeat(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // 'E'
 * ```
 * @remarks Source: as {@link dealHand}.
 * @group Hand
 */
export function dealHandOrThrow(rules: Rules, options: DealFromDeck | DealFromCards): HandState {
  return unwrap(dealHand(rules, options));
}
