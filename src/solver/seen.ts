/**
 * @internal What a seat has seen: its view of a hand read once, checked, and copied into card indices
 * (`suit * 13 + rank`) and seat numbers (N E S W = 0-3). The sampling player, the card values and the claim
 * checker all read a view here, and nowhere else.
 *
 * A view is read field by field, once: what is kept is a copy, so a view that reads differently the second
 * time (a getter, a Proxy) cannot make the reading disagree with itself.
 *
 * A seat that fails to follow suit has shown out of the suit led (`voids`), until it plays that suit again
 * (a revoke, under rules that rule on irregularities). That is what a player may guess from; what a claimer
 * may count on is {@link provenVoids}: under the laws a failure to follow may be a revoke and proves nothing.
 *
 * @module
 */

import { CARD_BY_INDEX, type Card, cardIndex, suitNumber } from '../cards.js';
import { describe, WhistError } from '../errors.js';
import { SEATS, type Seat, seatNumber } from '../seats.js';
import type { PlayerView } from '../view.js';

/** @internal What a seat has seen of a hand. */
export interface Known {
  /** The viewer. */
  readonly me: number;
  /** The viewer's legal cards, when it is the seat to play (read with `toPlay`); otherwise empty. */
  readonly moves: number[];
  /** The viewer's cards. */
  readonly own: number[];
  /** Cards held by each seat now. */
  readonly counts: number[];
  /** The suits each seat has shown out of and not played since: `voids[seat]`, a bit per suit (S H D C = 0-3). */
  readonly voids: number[];
  /** Whether the rules rule on irregularities (the laws): a failure to follow may then be a revoke. */
  readonly laws: boolean;
  /** The turned-up card the dealer still holds (not the viewer), or -1. */
  readonly turnUp: number;
  readonly dealer: number;
  /** Cards in finished tricks. */
  readonly gone: Set<number>;
  /** The trick in progress: its leader and cards. */
  readonly leader: number;
  readonly trick: number[];
  /** Trump, 0-3, or -1 for none. */
  readonly trump: number;
  /** Every trick played and the one in progress, as `[leader, card, …]`. */
  readonly history: number[][];
  /** Tricks left, the trick in progress included. */
  readonly left: number;
  /** Public facts, for a seed. */
  readonly key: string;
}

function refuse(message: string): never {
  throw new WhistError({ code: 'INVALID_ARGUMENT', message, path: 'view' });
}

function cardsOf(value: unknown, max: number, what: string): number[] {
  if (!Array.isArray(value) || value.length > max) refuse(`${what} must be a list of at most ${max} cards`);
  // Copied once, then checked again: a list whose length reads differently the second time is refused.
  const list = Array.from(value as unknown[]);
  if (list.length > max) refuse(`${what} must be a list of at most ${max} cards`);
  const out: number[] = [];
  for (const card of list) {
    const i = cardIndex(card);
    if (i < 0) refuse(`${what} holds ${describe(card)}, not a card`);
    out.push(i);
  }
  return out;
}

function seatOf(value: unknown, what: string): number {
  const n = seatNumber(value);
  if (n < 0) refuse(`${what} is not a seat: ${describe(value)}`);
  return n;
}

/**
 * @internal Reads and checks a seat's view of a hand in play, once. With `toPlay`, it must be the view of the
 * seat to play, with a legal card; without, any seat's view of a hand not yet over.
 *
 * @throws `WhistError` `INVALID_ARGUMENT` (path `view`) for a view that is not one, or whose cards do not fit
 *   together; whatever the view itself throws is not caught here
 */
export function readSeen(view: unknown, toPlay: boolean): Known {
  if (typeof view !== 'object' || view === null) refuse(`a player needs the view of the seat to play, got ${describe(view)}`);
  const v = view as Record<string, unknown>;
  const viewer = v.viewer;
  const me = seatOf(viewer, 'the viewer');
  const moves = toPlay ? cardsOf(v.legalMoves, 13, 'legalMoves') : [];
  if (toPlay) {
    if (v.currentSeat !== viewer) refuse("a player needs the view of the seat to play: it is not the viewer's turn");
    if (moves.length === 0) refuse('a player needs the view of the seat to play: it has no legal card');
  }
  const own = cardsOf(v.cards, 13, 'cards');
  const trumpValue = v.trump;
  const trump = trumpValue === null ? -1 : suitNumber(trumpValue);
  if (trumpValue !== null && trump < 0) refuse(`the view's trump is not a suit: ${describe(trumpValue)}`);
  const dealer = seatOf(v.dealer, 'the dealer');
  const rules = v.rules;
  const laws = typeof rules === 'object' && rules !== null && (rules as { irregularities?: unknown }).irregularities === 'ruled';
  const c = v.cardCounts as Record<string, unknown> | null;
  if (typeof c !== 'object' || c === null) refuse('the view has no cardCounts');
  const counts = SEATS.map((s) => {
    const n = (c as Record<string, unknown>)[s];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 13) refuse(`cardCounts.${s} is not a number of cards`);
    return n as number;
  });
  const voids = [0, 0, 0, 0];
  const seen = new Set<number>(own);
  const gone = new Set<number>();
  const take = (list: number[], into: Set<number> | null): void => {
    for (const i of list) {
      if (seen.has(i)) refuse(`${CARD_BY_INDEX[i]} appears twice in the view`);
      seen.add(i);
      into?.add(i);
    }
  };
  const showOut = (leader: number, cards: number[]): void => {
    const led = ((cards[0] as number) / 13) | 0;
    for (let k = 0; k < cards.length; k++) {
      const seat = (leader + k) & 3;
      const suit = ((cards[k] as number) / 13) | 0;
      // A seat that plays a suit it showed out of revoked (under rules that rule on irregularities): it is not void in it.
      voids[seat] = (voids[seat] as number) & ~(1 << suit);
      if (k > 0 && suit !== led) voids[seat] = (voids[seat] as number) | (1 << led);
    }
  };
  const tricks = v.tricks;
  if (!Array.isArray(tricks) || tricks.length > 12) refuse('the view has no list of tricks');
  const history: number[][] = [];
  for (const t of Array.from(tricks as unknown[])) {
    if (typeof t !== 'object' || t === null) refuse('a trick of the view is not a trick');
    const tr = t as Record<string, unknown>;
    const leader = seatOf(tr.leader, "a trick's leader");
    const cards = cardsOf(tr.cards, 4, "a trick's cards");
    if (cards.length !== 4) refuse('a finished trick of the view does not hold four cards');
    take(cards, gone);
    showOut(leader, cards);
    history.push([leader, ...cards]);
  }
  const t = v.trick;
  if (typeof t !== 'object' || t === null) refuse(toPlay ? 'the view has no trick in progress' : 'the hand is complete: no trick is left');
  const tr = t as Record<string, unknown>;
  const leader = seatOf(tr.leader, "the trick's leader");
  const trick = cardsOf(tr.cards, 3, "the trick's cards");
  if (toPlay && ((leader + trick.length) & 3) !== me) refuse("a player needs the view of the seat to play: it is not the viewer's turn");
  take(trick, null);
  if (trick.length > 0) {
    showOut(leader, trick);
    history.push([leader, ...trick]);
  }
  let turnUp = -1;
  const trumpCard = v.trumpCard;
  if (v.trumpSource === 'turnUp' && trumpCard !== null && trumpCard !== undefined) {
    const i = cardIndex(trumpCard);
    if (i < 0) refuse(`the view's trumpCard is not a card: ${describe(trumpCard)}`);
    if (dealer !== me) {
      take([i], null);
      turnUp = i;
    }
  }
  if (own.length !== counts[me]) refuse("the viewer's cards and cardCounts disagree");
  for (const m of moves) if (!own.includes(m)) refuse(`the legal card ${CARD_BY_INDEX[m]} is not in the viewer's cards`);
  const left = counts[(leader + trick.length) & 3] as number;
  const key = `${me}|${own}|${history.join(';')}|${leader}|${trump}|${turnUp}`;
  return { me, moves, own, counts, voids, laws, turnUp, dealer, gone, leader, trick, trump, history, left, key };
}

/**
 * @internal The voids a seat may count on as proof, each a bit per suit: those shown, at a table that refuses
 * revokes; none under the laws, where a failure to follow suit may be a revoke (Laws of Short Whist, 1864,
 * law 71; [docs/rules.md](https://github.com/whist-js/whist/blob/main/docs/rules.md), "Claims and concessions").
 */
export function provenVoids(k: Known): number[] {
  return k.laws ? [0, 0, 0, 0] : k.voids.slice();
}

/**
 * @internal A plain view holding what was read, in the shape {@link PlayerView} has for what a player of
 * src/players.ts reads (the viewer, the seat to play, its cards and legal cards, trump, the trick in
 * progress): for a player asked about the same view, so that it answers about the view as read, once.
 */
export function viewOf(k: Known): PlayerView {
  const seat = SEATS[k.me] as Seat;
  const card = (i: number): Card => CARD_BY_INDEX[i] as Card;
  const plain = {
    viewer: seat,
    currentSeat: seat,
    legalMoves: k.moves.map(card),
    cards: k.own.map(card),
    trump: k.trump < 0 ? null : 'SHDC'.charAt(k.trump),
    trick: { leader: SEATS[k.leader] as Seat, cards: k.trick.map(card) },
  };
  return plain as unknown as PlayerView;
}
