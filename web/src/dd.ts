/**
 * The double-dummy toggle's messages between the page and its Worker (`dd-worker.ts`), and what the page
 * works out itself: which position a score belongs to, and a finished hand from its thirteen tricks.
 *
 * The page imports only types from `whist/solver`: the solver itself is in the Worker's bundle, loaded the
 * first time the toggle is on.
 *
 * @module
 */

import type { Card, Seat, Suit, TableView } from 'whist';
import type { CardScore, SolverPosition } from 'whist/solver';

/** A trick of a finished hand: its leader and its four cards, in play order. */
export interface PlayedTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

/** What the page asks the Worker: the scores of the legal cards in a position, or of every card of a finished hand; or to stop. */
export type DdRequest =
  | { readonly id: number; readonly kind: 'stop' }
  | { readonly id: number; readonly kind: 'moves'; readonly position: SolverPosition }
  | { readonly id: number; readonly kind: 'hand'; readonly trump: Suit | null; readonly tricks: readonly PlayedTrick[] };

/** A card of a finished hand: the tricks its side took from there with best play after it, and with the best card instead. */
export interface DdPlay {
  readonly seat: Seat;
  readonly card: Card;
  readonly tricks: number;
  readonly best: number;
}

/** What the Worker answers, for the request with the same `id`; `progress` while a finished hand is solved. */
export type DdReply =
  | { readonly id: number; readonly kind: 'moves'; readonly scores: readonly CardScore[] }
  | { readonly id: number; readonly kind: 'hand'; readonly plays: readonly DdPlay[] }
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

/** A finished hand, all of whose cards are public: its trump and its thirteen tricks. */
export interface FinishedHand {
  /** The hand's number at the table (`view.dealNumber` while it was played). */
  readonly key: string;
  readonly trump: Suit | null;
  readonly tricks: readonly PlayedTrick[];
}

/** The key of the point a view is at: the deal and the cards played in it. Scores are shown only for the key they were solved for. */
export function positionKey(view: TableView): string {
  const hand = view.hand;
  return hand === null ? '' : `${view.dealNumber}:${hand.tricks.length * 4 + (hand.trick?.cards.length ?? 0)}`;
}

/** Thirteen tricks of four cards, no card twice: a whole hand. */
function whole(tricks: readonly PlayedTrick[]): boolean {
  const cards = new Set(tricks.flatMap((t) => t.cards));
  return tricks.length === 13 && tricks.every((t) => t.cards.length === 4) && cards.size === 52;
}

/**
 * The finished hand a view shows, from its tricks: in solo play the view holds the hand until the next deal.
 * At a server table the next hand is dealt at once, so the hand is rebuilt from the view before (its first
 * twelve tricks) and the new view's last trick (the thirteenth), when the page saw both.
 */
export function finishedHand(previous: TableView | null, view: TableView): FinishedHand | null {
  const hand = view.hand;
  if (hand !== null && view.next.action !== 'play' && whole(hand.tricks)) return { key: String(view.dealNumber), trump: hand.trump, tricks: hand.tricks };
  const before = previous?.hand;
  if (previous === null || before === null || before === undefined || view.dealNumber !== previous.dealNumber + 1) return null;
  if (hand?.tricks.length !== 0 || view.lastTrick === null) return null;
  const tricks = [...before.tricks, view.lastTrick];
  return whole(tricks) ? { key: String(previous.dealNumber), trump: before.trump, tricks } : null;
}
