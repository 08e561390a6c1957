/**
 * The four seats around the felt: where each sits on screen (the viewer at the bottom), and a seat's box:
 * its name and side, its player, the dealer, whose turn, and the trump card while it lies face up.
 *
 * @module
 */

import { type Card, nextSeat, type Seat, sideOf, type TrumpSource } from 'whist';
import { type Child, h } from '../dom.js';
import { t } from '../i18n/index.js';
import { SEAT_NAMES, SIDE_NAMES } from '../names.js';
import { face } from './face.js';

/** A place on screen around the felt. */
export type Where = 'bottom' | 'left' | 'top' | 'right';

/** Where each seat sits on screen: the viewer at the bottom, then clockwise: left, top, right. */
export function positions(viewer: Seat | null): Record<Seat, Where> {
  const bottom = viewer ?? 'S';
  return {
    [bottom]: 'bottom',
    [nextSeat(bottom, 1)]: 'left',
    [nextSeat(bottom, 2)]: 'top',
    [nextSeat(bottom, 3)]: 'right',
  } as Record<Seat, Where>;
}

/** The four seats' boxes in the order the felt lays them out (top, left, right, bottom), each drawn by `box`. */
export function seatsAround(pos: Record<Seat, Where>, box: (seat: Seat, where: Where) => HTMLElement): HTMLElement[] {
  return (['top', 'left', 'right', 'bottom'] as const).map((where) => box((Object.keys(pos) as Seat[]).find((s) => pos[s] === where) as Seat, where));
}

/**
 * The card that fixed trump, while it lies face up, named by where it came from: the turn-up is the
 * dealer's last card; a card turned some other way (the top card of a second pack) is the trump card.
 */
export function trumpCardBox(card: Card, source: TrumpSource): HTMLElement {
  return h('div', { class: 'trump-card' }, h('span', { class: 'muted' }, source === 'turnUp' ? t().table.turnUp : t().table.trumpCard), face(card));
}

/** What a seat's box shows. */
export interface SeatBox {
  readonly seat: Seat;
  readonly where: Where;
  /** The heading: "North", "North (you)". */
  readonly label: string;
  /** The box's accessible name, when it is not the heading. */
  readonly name?: string;
  /** The player's line under the heading, if any. */
  readonly player: readonly Child[] | null;
  /** How many cards the seat holds, if shown. */
  readonly count: string | null;
  readonly isDealer: boolean;
  /** The turn badge ("Your turn", "To play"), or `null` when it is not the seat's turn. */
  readonly turn: string | null;
  /** The trump card at the dealer's seat while it lies face up (`trumpCardBox`), else `null`. */
  readonly trumpCard: HTMLElement | null;
  /** The seat's cards, if shown. */
  readonly cards: HTMLElement | null;
  /** The seat's exposed cards, face up (under the laws), if any. */
  readonly exposed?: HTMLElement | null;
}

export function seatBox(s: SeatBox): HTMLElement {
  return h(
    'section',
    { class: `seat pos-${s.where}${s.turn !== null ? ' to-play' : ''}`, 'data-seat': s.seat, 'aria-label': s.name ?? s.label },
    h(
      'div',
      { class: 'seat-text' },
      h('h2', {}, s.label, ' ', h('span', { class: 'side', title: SIDE_NAMES[sideOf(s.seat)] }, sideOf(s.seat))),
      s.player === null ? null : h('p', { class: 'player' }, s.player),
      s.count === null ? null : h('p', { class: 'count' }, s.count),
      h(
        'p',
        { class: 'badges' },
        s.isDealer ? h('span', { class: 'badge' }, t().table.dealer) : null,
        s.turn !== null ? h('span', { class: 'badge turn' }, s.turn) : null,
      ),
    ),
    s.trumpCard,
    s.cards,
    s.exposed ?? null,
  );
}

/** "North", or "North (you)" for the viewer. */
export function seatLabel(seat: Seat, viewer: Seat | null): string {
  return seat === viewer ? t().table.seatYou(SEAT_NAMES[seat]) : SEAT_NAMES[seat];
}
