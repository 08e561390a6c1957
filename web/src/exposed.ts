/**
 * Exposed cards and their calls, under rules that rule on irregularities (Laws of Short Whist, 1864, laws 56,
 * 64-65), read from a seat's `TableView`: which cards the seat may play now once a call stands. The library
 * lists them itself (`view.playable`, every call standing) and refuses any other card `CARD_CALLED`; its
 * `legalMoves` are those of the hand alone.
 *
 * @module
 */

import type { Card, TableView } from 'whist';

/** Under these rules a card may be dropped face up, and an exposed card called. */
export function exposedRuled(view: TableView | null): boolean {
  return view?.rules.irregularities === 'ruled';
}

/**
 * A call binds the viewer now: the cards the library accepts from them (`view.playable`, by the rules and every
 * call standing) are not the hand's lawful cards (`legalMoves`). No revoke is offered then either.
 */
export function bound(view: TableView): boolean {
  const legal = view.hand?.legalMoves ?? [];
  const playable = view.playable;
  return playable.length > 0 && (playable.length < legal.length || playable.some((c) => !legal.includes(c)));
}

/**
 * The called cards the viewer must play now: those of its exposed cards the other side called that the library
 * accepts now (`view.playable`: a lead, the suit led, or none of the suit led held: law 64). Empty when no call
 * of an exposed card binds the viewer at this turn.
 */
export function calledToPlay(view: TableView): Card[] {
  const mine = calledOfViewer(view);
  return mine.length === 0 ? [] : view.playable.filter((c) => mine.includes(c));
}

/** The viewer's cards that may be played now without a refusal: `view.playable`, the library's own list. */
export function playableNow(view: TableView): Card[] {
  return [...view.playable];
}

/** The viewer's exposed cards the other side called and that are still held, whether or not they must be played at this turn. */
export function calledOfViewer(view: TableView): Card[] {
  return view.called.filter((c) => c.seat === view.viewer).map((c) => c.card);
}
