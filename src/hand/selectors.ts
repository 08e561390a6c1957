/**
 * Selectors: everything a hand state implies, derived from its facts (whose turn, legal moves, tricks,
 * cards held, honours). Each takes a state the library made and reads what was derived when it was made;
 * any other value throws {@link WhistError} `INVALID_STATE` (check stored states with `parseState`).
 *
 * Rules as implemented (Laws of Short Whist (1864); German text «Whist» (2012); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play" and
 * "Honours"): the highest trump wins the trick, or with no trump in it the highest card of the suit led;
 * honours are counted as dealt (law 3) or as won in tricks, by the rules' basis.
 *
 * @module
 */

import { BIT_OF, beats, CARD_BY_INDEX, type Card, cardIndex, POP, SUIT_OF, type Suit, suitsToCards, writeSuit } from '../cards.js';
import { describe, WhistError } from '../errors.js';
import { type Deal, masksToDeal } from '../notation.js';
import type { HandFacts } from '../score.js';
import { type BySide, type Seat, seatNumber } from '../seats.js';
import { heldSuit, leaderOfTrick, type Progress, progressOrThrow, RANKS_HIGH_FIRST, SEAT_LETTERS, SUIT_LETTERS } from './progress.js';
import type { CurrentTrick, HandState, Play, Trick } from './types.js';

/**
 * Whose turn it is.
 *
 * @param state - a hand state
 * @returns the seat to play, or `null` when all 13 tricks are played
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * currentSeat(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // 'E'
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): eldest hand leads to the first trick, the winner of each trick leads the next.
 * @group Hand
 */
export function currentSeat(state: HandState): Seat | null {
  const d = progressOrThrow(state);
  return d.turn < 0 ? null : (SEAT_LETTERS[d.turn] as Seat);
}

/**
 * Whether all 13 tricks have been played.
 *
 * @param state - a hand state
 * @returns `true` when the hand is over
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, isHandComplete, SHORT_WHIST } from 'whist';
 *
 * isHandComplete(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // false
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState}), `INVALID_SEAT` for a seat not in `N E S W`
 * @example
 * ```ts
 * import { cardsHeld, dealHandOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, dealtCards, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * dealtCards(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })).N.length; // 13
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, dealtTo, FULL_DECK, SHORT_WHIST } from 'whist';
 *
 * dealtTo(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'AH'); // 'S'
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, ledSuit, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, legalMoves, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }); // the full deck dealt one card at a time
 * legalMoves(state).length; // 13
 * const led = playOrThrow(state, 'E', 'TS'); // south holds three spades and must follow suit
 * legalMoves(led); // ['KS', '9S', '5S']
 * ```
 * @remarks Source: Laws of Short Whist (1864); German text «Whist» (2012): "Hierbei gilt Farbzwang"; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Play".
 * @group Hand
 */
export function legalMoves(state: HandState): Card[] {
  const d = progressOrThrow(state);
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { currentTrick, dealHandOrThrow, FULL_DECK, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
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
  for (let t = 0; t < n; t++) {
    const leader = SEAT_LETTERS[leaderOfTrick(d, t)] as Seat;
    out[t] = { leader, cards: [all[4 * t] as Card, all[4 * t + 1] as Card, all[4 * t + 2] as Card, all[4 * t + 3] as Card], winner: d.winners[t] as Seat };
  }
  return out;
}

/**
 * The finished tricks, each with its leader, its cards in the order played, and its winner.
 *
 * @param state - a hand state
 * @returns the tricks, first to last (up to 13), as new objects
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { completedTricks, dealHandOrThrow, playOrThrow, SHORT_WHIST } from 'whist';
 *
 * let state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' });
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, lastTrick, SHORT_WHIST } from 'whist';
 *
 * lastTrick(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // null
 * ```
 * @group Hand
 */
export function lastTrick(state: HandState): Trick | null {
  const d = progressOrThrow(state);
  const t = d.winners.length;
  if (t === 0) return null;
  const winner = d.winners[t - 1] as Seat;
  const leader = SEAT_LETTERS[leaderOfTrick(d, t - 1)] as Seat;
  const all = lastCards(d, d.count);
  return { leader, cards: [all[4 * t - 4] as Card, all[4 * t - 3] as Card, all[4 * t - 2] as Card, all[4 * t - 1] as Card], winner };
}

/**
 * Every card played so far, in order, with its seat and its trick.
 *
 * @param state - a hand state
 * @returns the plays, as new objects; `trick` counts from 1
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, playOrThrow, playedCards, SHORT_WHIST } from 'whist';
 *
 * const state = playOrThrow(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK }), 'E', 'AS');
 * playedCards(state); // [{ seat: 'E', card: 'AS', trick: 1 }]
 * ```
 * @group Hand
 */
export function playedCards(state: HandState): Play[] {
  const d = progressOrThrow(state);
  const out: Play[] = [];
  const all = lastCards(d, d.count);
  let leader = 0;
  for (let i = 0; i < d.count; i++) {
    const t = i >> 2;
    if ((i & 3) === 0) leader = leaderOfTrick(d, t);
    out.push({ seat: SEAT_LETTERS[(leader + (i & 3)) & 3] as Seat, card: all[i] as Card, trick: t + 1 });
  }
  return out;
}

/**
 * Tricks won so far by each side.
 *
 * @param state - a hand state
 * @returns `{ NS, EW }`
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, SHORT_WHIST, tricksWon } from 'whist';
 *
 * tricksWon(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // { NS: 0, EW: 0 }
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, honoursCounted, SHORT_WHIST } from 'whist';
 *
 * // Spades are trump and north holds them all.
 * honoursCounted(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', cards: 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', trump: 'S' })); // { NS: 4, EW: 0 }
 * ```
 * @remarks Source: Laws of Short Whist (1864), law 3; Meyers Konversations-Lexikon, "Whist" (the ten as fifth honour); [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Scoring a hand".
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
 * The facts of a hand that scoring needs, ready for {@link scoreHand} or {@link addHand}.
 *
 * @param state - a hand state, usually complete
 * @returns `{ tricks, honours }`: {@link tricksWon} and {@link honoursCounted}
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, handFacts, SHORT_WHIST } from 'whist';
 *
 * handFacts(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // { tricks: { NS: 0, EW: 0 }, honours: { NS: 2, EW: 2 } }
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
 * @throws {@link WhistError} `INVALID_STATE` when `state` is not a hand state the library made (see {@link parseState})
 * @example
 * ```ts
 * import { dealHandOrThrow, FULL_DECK, SHORT_WHIST, visibleTrumpCard } from 'whist';
 *
 * visibleTrumpCard(dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK })); // '2C'
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
