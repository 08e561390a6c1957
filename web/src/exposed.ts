/**
 * Exposed cards and their calls, under rules that rule on irregularities (Laws of Short Whist, 1864, laws 56,
 * 64-65), read from a seat's `TableView`: which cards the seat may play now once a call of one of its exposed
 * cards stands. The library refuses any other card `CARD_CALLED`; its `legalMoves` are those of the hand alone,
 * so the page and the computer players narrow them here, from the same view.
 *
 * @module
 */

import { type Card, cardSuit, type TableView } from 'whist';

/** Under these rules a card may be dropped face up, and an exposed card called. */
export function exposedRuled(view: TableView | null): boolean {
  return view?.rules.irregularities === 'ruled';
}

/**
 * The called cards the viewer must play now: those of its exposed cards the other side called, when it is its
 * turn and playing one is no revoke (a lead, the suit led, or none of the suit led held: law 64). Empty when
 * no call binds the viewer at this turn.
 */
export function calledToPlay(view: TableView): Card[] {
  const hand = view.hand;
  const viewer = view.viewer;
  if (hand === null || viewer === null || view.next.action !== 'play' || view.next.seat !== viewer) return [];
  const mine = view.called.filter((c) => c.seat === viewer && hand.cards.includes(c.card)).map((c) => c.card);
  if (mine.length === 0) return [];
  const first = hand.trick?.cards[0];
  const led = first === undefined ? null : cardSuit(first);
  const holdsLed = led !== null && hand.cards.some((c) => cardSuit(c) === led);
  return mine.filter((c) => led === null || cardSuit(c) === led || !holdsLed);
}

/** The viewer's cards that may be played now without a refusal: `legalMoves`, narrowed to a called card when one must be played. */
export function playableNow(view: TableView): Card[] {
  const legal = view.hand?.legalMoves ?? [];
  const called = calledToPlay(view);
  return called.length === 0 ? [...legal] : legal.filter((c) => called.includes(c));
}

/** The viewer's exposed cards the other side called and that are still held, whether or not they must be played at this turn. */
export function calledOfViewer(view: TableView): Card[] {
  return view.called.filter((c) => c.seat === view.viewer).map((c) => c.card);
}
