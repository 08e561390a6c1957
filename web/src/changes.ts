/**
 * What changed between two views of the same table, for the live region and the movement of cards: the
 * cards played since, the tricks won, a claim or concession and what became of it, a new hand, a scored
 * hand, the end of a rubber. Computed from the
 * two views alone (every fact here is public), so it reads the same in solo play and at a server table,
 * whether one card or ten were played in between.
 *
 * @module
 */

import { type Card, type ClaimView, nextSeat, type PlayerView, type Seat, type TableView } from 'whist';
import { explainHand, explainRubber } from './explain.js';
import { claimSentence as claimWords, speaker } from './i18n/game.js';
import { t } from './i18n/index.js';
import { rulingMessages } from './laws.js';
import { cardName, SEAT_NAMES, SUIT_NAMES } from './names.js';

/** One card played, by whom. */
export interface Played {
  readonly seat: Seat;
  readonly card: Card;
}

/** Every card played in a hand so far, in order: the finished tricks, then the trick in progress. */
export function playsOf(hand: PlayerView): Played[] {
  const out: Played[] = [];
  const tricks: { leader: Seat; cards: readonly Card[] }[] = [...hand.tricks];
  if (hand.trick !== null) tricks.push(hand.trick);
  for (const t of tricks) for (const [i, card] of t.cards.entries()) out.push({ seat: nextSeat(t.leader, i), card });
  return out;
}

/** "West", or "You" for the viewer. */
export function who(seat: Seat, viewer: Seat | null): string {
  return speaker({ viewer }).who(seat);
}

/**
 * Trump as a sentence: "Hearts are trumps; the turn-up is the seven of hearts." The card that fixed trump
 * is "the turn-up" when it is the dealer's last card, and "the trump card" when it came another way.
 */
export function trumpSentence(hand: PlayerView): string {
  const W = t().said;
  if (hand.trump === null) return W.noTrumps;
  const trumps = W.trumps(SUIT_NAMES[hand.trump]);
  if (hand.trumpCard === null) return `${trumps}.`;
  return `${trumps}${W.trumpIs(hand.trumpSource === 'turnUp', cardName(hand.trumpCard))}`;
}

/** "East claims all 4 tricks left", "You concede 2 of the 5 tricks left": a claim or concession as said (`whist/words`). */
export function claimSentence(claim: ClaimView, viewer: Seat | null): string {
  return claimWords(claim, { viewer });
}

/** What was said about claims between two views of the same hand: a claim or concession made, and what became of it. */
function claimChanges(prev: TableView | null, next: TableView, same: boolean): string[] {
  const viewer = next.viewer;
  const was = same ? (prev?.claim ?? null) : null;
  const now = next.claim;
  const out: string[] = [];
  if (now === null) {
    // At a server table the next hand is dealt in the change that ends one: the claim that ended it was accepted.
    if (prev?.claim?.status === 'pending' && next.hands.length > prev.hands.length) out.push(t().said.handOverClaim(claimSentence(prev.claim, viewer)));
    return out;
  }
  const fresh = was === null || was.seat !== now.seat || was.type !== now.type || was.tricks !== now.tricks || was.left !== now.left;
  if (fresh && prev !== null) {
    const shows = now.type === 'claim' && now.seat !== viewer ? t().said.showsCards(now.seat === viewer) : '';
    out.push(`${claimSentence(now, viewer)}${shows}.`);
  }
  if (prev !== null && (fresh || was?.status !== now.status)) {
    if (now.status === 'accepted') out.push(now.type === 'concede' && now.tricks === now.left ? t().said.handOver : t().said.claimAccepted);
    else if (now.status === 'held') out.push(t().said.claimHolds);
    else if (now.status === 'refused') out.push(t().said.claimRefused);
    else if (now.status === 'failed') out.push(t().said.claimFails);
  }
  return out;
}

/** What changed from `prev` to `next`. */
export interface Change {
  /** Sentences for the live region, in order. */
  readonly messages: string[];
  /** Cards played since `prev`, to move onto the table. */
  readonly fresh: Card[];
}

function sameHand(prev: TableView | null, next: TableView): boolean {
  return prev !== null && prev.hand !== null && next.hand !== null && prev.dealNumber === next.dealNumber && prev.rubbers.length === next.rubbers.length;
}

/**
 * The changes from one view to the next.
 *
 * @param prev - the view shown before, or `null` on the first view
 * @param next - the new view, for the same viewer
 */
export function changes(prev: TableView | null, next: TableView): Change {
  const messages: string[] = [];
  const viewer = next.viewer;
  const rubberChanged = prev !== null && next.rubbers.length !== prev.rubbers.length;
  if (rubberChanged) messages.push(t().said.rubberBegins(next.rubbers.length + 1));
  const scored = prev !== null && !rubberChanged && next.hands.length > prev.hands.length;
  const same = sameHand(prev, next);
  const handOver = (): string[] => [t().said.handNumberOver(next.hands.length), ...explainHand(next.rules, next.hands, next.hands.length - 1)];
  // At a server table the next hand is dealt at once: the scored hand comes before the new one.
  // A hand won by calling honours is scored as it is dealt: its calls come before its score.
  const calledNow = scored && !same && next.hands.at(-1)?.honoursCalled === true && next.next.action !== 'play';
  if (scored && !same && !calledNow) messages.push(...handOver());
  const hand = next.hand;
  const fresh: Card[] = [];
  if (hand !== null) {
    if (!same) messages.push(t().said.handDealt(next.dealNumber, SEAT_NAMES[hand.dealer], trumpSentence(hand)));
    const plays = playsOf(hand);
    // A first view announces where the hand stands, not every card played before it.
    const from = prev === null ? plays.length : same && prev.hand !== null ? playsOf(prev.hand).length : 0;
    for (let i = from; i < plays.length; i++) {
      const p = plays[i] as Played;
      fresh.push(p.card);
      messages.push(t().said.plays(who(p.seat, viewer), p.seat === viewer, cardName(p.card)));
      const trick = hand.tricks[Math.floor(i / 4)];
      if (i % 4 === 3 && trick !== undefined) messages.push(t().said.wins(who(trick.winner, viewer), trick.winner === viewer));
    }
    messages.push(...claimChanges(prev, next, same));
    messages.push(...rulingMessages(prev, next, same));
    if ((scored && same) || calledNow) messages.push(...handOver());
  }
  if (next.rubberWinner !== null && (prev === null || prev.rubberWinner === null)) messages.push(...explainRubber(next));
  const turn = next.next;
  if (turn.action === 'play' && turn.seat === viewer && (prev === null || fresh.length > 0 || prev.next.action !== 'play' || prev.next.seat !== viewer))
    messages.push(t().said.yourTurn);
  if (turn.action === 'answerClaim' && viewer !== null && turn.seats.includes(viewer) && (prev === null || prev.next.action !== 'answerClaim'))
    messages.push(t().said.answer);
  return { messages, fresh };
}
