/**
 * The laws a person meets at a table that rules on irregularities, read from the viewer's `TableView` alone:
 * a revoke of theirs that can still be taken back (Laws of Short Whist, 1864, laws 73, 76), the honours they
 * may call or answer in Long Whist (Hoyle's laws of Long Whist, 16-21), and every ruling and call of the hand
 * (`view.events`) as a sentence with its law (the library's, `whist/words`).
 *
 * @module
 */

import { type Card, cardRank, cardSuit, type HandEvent, partnerOf, type Rules, type Seat, type TableView } from 'whist';
import { eventWithLaw } from './i18n/game.js';
import { t } from './i18n/index.js';
import { cardName, SUIT_NAMES } from './names.js';

/** Whether honours are called at these rules: Long Whist (a game of ten, honours held and not counted at nine) played by the laws. */
export function callingRules(rules: Rules): boolean {
  const h = rules.honours;
  return rules.irregularities === 'ruled' && rules.target === 10 && h !== null && h.basis === 'held' && h.restriction === 'barred';
}

/** The honours among `cards`, trumps being `view.hand.trump`. */
export function honoursIn(view: TableView, cards: readonly Card[]): Card[] {
  const trump = view.hand?.trump ?? null;
  const ranks = view.rules.honours?.cards ?? [];
  if (trump === null) return [];
  return cards.filter((c) => cardSuit(c) === trump && (ranks as readonly string[]).includes(cardRank(c)));
}

/**
 * The viewer may call honours now ("Can you one?"): Long Whist by the laws, a hand being played in which they
 * have played no card, their side at eight, two honours or more in their hand, and their side not called yet.
 */
export function mayCallHonours(view: TableView | null): boolean {
  return view?.honoursCall === 'call';
}

/** The viewer's partner has called honours and waits for an answer: the partner's seat, else `null`. */
export function partnerCall(view: TableView | null): Seat | null {
  if (view === null || view.viewer === null || view.hand === null || view.next.action !== 'play' || !callingRules(view.rules)) return null;
  const partner = partnerOf(view.viewer);
  const called = view.events.some((e) => e.type === 'callHonours' && e.seat === partner);
  const answered = view.events.some((e) => e.type === 'answerCall' && e.seat === view.viewer);
  return called && !answered && view.hand.cards.length === 13 ? partner : null;
}

/** The viewer may answer their partner's call now: it waits, and they hold an honour (whether or not they have played). */
export function mayAnswerCall(view: TableView | null): boolean {
  return view?.honoursCall === 'answer';
}

/**
 * The viewer's revoke that can still be taken back (laws 73, 76), or `null`: their card in the trick in
 * progress (or, before the next trick's first card, in the trick just played) does not follow the suit led,
 * and they still hold that suit, so they held it when they played.
 */
export function revokeToTakeBack(view: TableView | null): Card | null {
  const hand = view?.hand;
  if (view === null || view === undefined || hand === null || hand === undefined || view.viewer === null || view.rules.irregularities !== 'ruled') return null;
  if (view.next.action !== 'play') return null;
  const current = hand.trick !== null && hand.trick.cards.length > 0 ? hand.trick : null;
  const trick = current ?? hand.tricks.at(-1) ?? null;
  if (trick === null) return null;
  const at = (((['N', 'E', 'S', 'W'].indexOf(view.viewer) - ['N', 'E', 'S', 'W'].indexOf(trick.leader)) % 4) + 4) % 4;
  const card = trick.cards[at];
  const first = trick.cards[0];
  if (card === undefined || first === undefined || at === 0) return null;
  const led = cardSuit(first);
  if (cardSuit(card) === led || !hand.cards.some((c) => cardSuit(c) === led)) return null;
  return card;
}

/** The events that the page announces as they are made: the laws' rulings and calls (claims and exposed cards are said elsewhere). */
const ANNOUNCED: ReadonlySet<HandEvent['type']> = new Set([
  'correctRevoke',
  'callLedSuit',
  'callHonours',
  'answerCall',
  'newDeal',
  'callSuit',
  'callTrump',
  'callWin',
]);

/** The rulings and calls made between two views of the same hand (or of a newly dealt one), each with its law. */
export function rulingMessages(prev: TableView | null, next: TableView, same: boolean): string[] {
  if (prev === null) return [];
  const from = same ? prev.events.length : 0;
  return next.events
    .slice(from)
    .filter((e) => ANNOUNCED.has(e.type))
    .map((e) => eventWithLaw(e, { viewer: next.viewer }));
}

/** The card the viewer must play now because of a ruling other than a called exposed card, with the reason: "your lowest heart (law 76)". */
export function ledSuitCall(view: TableView): string | null {
  const last = view.events.at(-1);
  const card = view.playable[0];
  if (last?.type !== 'callLedSuit' || card === undefined || view.playable.length !== 1) return null;
  return t().laws.ledSuitCall(cardName(card), last.which, SUIT_NAMES[cardSuit(card)]);
}
