/**
 * The viewer's cards as buttons (exactly `legalMoves` enabled, narrowed to a called card when one must be
 * played). A card's face and a seat's cards listed suit by suit are drawn in `face.ts`.
 *
 * @module
 */

import { type Card, cardSuit, type PlayerView, type Suit, type TableView } from 'whist';
import { positionKey } from '../dd.js';
import { h } from '../dom.js';
import { bound as callBinds, calledOfViewer, calledToPlay, playableNow } from '../exposed.js';
import { hintBasis } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { cardName, DISPLAY_SUITS, isRed, SEAT_NAMES, SUIT_NAMES } from '../names.js';
import { claimButtons } from './claims.js';
import { expertButton } from './expert.js';
import { calledHint, exposable, picking } from './exposed.js';
import { cardFace } from './face.js';
import { revokesRuled } from './revokes.js';
import type { ExpectedUi, Ui } from './ui.js';

/** Expected tricks as the page prints them: one decimal. */
export function tricksText(tricks: number): string {
  return tricks.toFixed(1);
}

/**
 * The line under the cards while the hint is asked for, or once it is there: what the numbers on the cards mean,
 * and the button that asks the expert (seconds a card) for the same hint. Once the game level's values are
 * there the button stays in its place (unavailable while the expert works and once it has answered), so that
 * the keyboard focus stays on it.
 */
function expectedNote(asked: ExpectedUi): HTMLElement {
  const W = t().cards;
  const button =
    asked.values === null
      ? null
      : [
          ' ',
          expertButton('hint-expert', asked, { ask: W.askExpert, asking: W.expertAsking, answered: W.expertAnswered }, 'hint-expert-note'),
          h('span', { id: 'hint-expert-note', class: 'sr-only' }, W.askExpertNote),
        ];
  if (asked.error !== null) return h('p', { class: 'expected-note error', role: 'alert' }, asked.error, button);
  if (asked.values === null) return h('p', { class: 'expected-note', 'data-expected-note': 'thinking' }, W.thinking);
  return h(
    'p',
    { class: 'expected-note', 'data-expected-note': 'shown', 'data-level': asked.expert ? 'expert' : 'level' },
    asked.expert ? W.expertHintShown(hintBasis(asked)) : W.hintShown(hintBasis(asked)),
    button,
  );
}

/** Why the viewer may play what they may: whose turn, the suit to follow, a called card to play; or the card to drop face up. */
function hint(hand: PlayerView, view: TableView, ui: Ui): string {
  if (picking(view, ui)) return t().cards.pickExposed;
  if (view.next.action === 'answerClaim') return view.viewer !== null && view.next.seats.includes(view.viewer) ? t().cards.claimWaitsYou : t().cards.claimWaits;
  if (view.next.action !== 'play') return view.next.action === 'newRubber' ? t().cards.rubberOver : t().cards.handOver;
  if (hand.currentSeat !== view.viewer) return t().cards.waitingFor(SEAT_NAMES[view.next.seat]);
  const called = calledHint(view);
  if (called !== null) return called;
  const led = hand.trick !== null && hand.trick.cards.length > 0 ? cardSuit(hand.trick.cards[0] as Card) : null;
  if (led !== null && hand.legalMoves.length < hand.cards.length) return t().cards.mustFollow(SUIT_NAMES[led]);
  return led === null ? t().cards.lead : t().cards.playAny;
}

/**
 * The order of the suits in the viewer's hand: trumps first, at the left end, then the other suits held so
 * that the colours alternate where they can (♠ ♥ ♣ ♦ when there are no trumps).
 */
export function suitOrder(trump: Suit | null, held: readonly Suit[]): Suit[] {
  const others = DISPLAY_SUITS.filter((s) => s !== trump && held.includes(s));
  const head = trump !== null && held.includes(trump) ? [trump] : [];
  const clashes = (order: readonly Suit[]) => order.slice(1).filter((s, i) => isRed(s) === isRed(order[i] as Suit)).length;
  // Every order of the other suits (at most six), the first with the fewest neighbours of one colour.
  const orders: Suit[][] = [];
  const permute = (done: Suit[], left: Suit[]): void => {
    if (left.length === 0) orders.push(done);
    for (const s of left)
      permute(
        [...done, s],
        left.filter((x) => x !== s),
      );
  };
  permute([], others);
  let best = [...head, ...others];
  for (const o of orders) if (clashes([...head, ...o]) < clashes(best)) best = [...head, ...o];
  return best;
}

/** A tip for a beginner at their turn in the first hand (`ui.learn`): the rules in a few words at the first card, then what this turn asks. */
function learnTip(view: TableView, hand: PlayerView): string | null {
  if (view.next.action !== 'play' || hand.currentSeat !== view.viewer || view.dealNumber !== 1 || view.rubbers.length > 0) return null;
  const W = t().polish;
  const led = hand.trick !== null && hand.trick.cards.length > 0 ? cardSuit(hand.trick.cards[0] as Card) : null;
  let tip: string;
  if (hand.legalMoves.length === 1 && hand.cards.length > 1) tip = W.tipOnly;
  else if (led === null) tip = W.tipLead;
  else if (hand.cards.some((c) => cardSuit(c) === led)) tip = W.tipFollow(SUIT_NAMES[led]);
  else if (hand.trump !== null && hand.cards.some((c) => cardSuit(c) === hand.trump)) tip = W.tipTrump(SUIT_NAMES[led], SUIT_NAMES[hand.trump]);
  else tip = W.tipDiscard(SUIT_NAMES[led]);
  return hand.cards.length === 13 ? `${W.learnIntro} ${tip}` : tip;
}

/**
 * The viewer's cards, grouped by suit: each a button (`button[data-card="QH"]`), enabled when the view lists
 * it in `legalMoves`; one of them in the tab order (a roving focus). With the double-dummy scores of this
 * position, each legal card shows its tricks.
 */
export function viewerCards(view: TableView, ui: Ui): HTMLElement | null {
  const hand = view.hand;
  if (hand === null || view.viewer === null || hand.cards.length === 0) return null;
  // While a claim waits for its answer, nothing is played; a called card that must be played now is the only one offered.
  const legal = new Set(view.next.action === 'play' ? playableNow(view) : []);
  const myTurn = legal.size > 0;
  const bound = callBinds(view) || calledToPlay(view).length > 0;
  // Under rules that rule on irregularities every card held may be played at the viewer's turn: those that do
  // not follow suit (revokes) stay marked, and the page asks before playing one. While the viewer picks a card
  // to drop face up, the cards not yet exposed are offered for that instead.
  const pick = picking(view, ui);
  const playable = pick ? new Set(exposable(view)) : myTurn && revokesRuled(view) && !bound ? new Set(hand.cards) : legal;
  const firstOffered = pick ? (exposable(view)[0] ?? null) : ([...legal][0] ?? hand.legalMoves[0] ?? null);
  const roving = ui.focusCard !== null && (pick ? playable : legal).has(ui.focusCard) ? ui.focusCard : firstOffered;
  const exposedMine = new Set(view.viewer === null ? [] : (view.exposed[view.viewer] ?? []));
  const calledMine = new Set(calledOfViewer(view));
  const held = DISPLAY_SUITS.filter((suit) => hand.cards.some((c) => cardSuit(c) === suit));
  const groups = suitOrder(hand.trump, held).map((suit) => ({ suit, cards: hand.cards.filter((c) => cardSuit(c) === suit) }));
  const tip = ui.learn === true ? learnTip(view, hand) : null;
  const moves = ui.dd?.moves;
  // A called card to play now is the only card offered: the solver's and the hint's marks on the others would mislead.
  const offeredNow = (card: Card): boolean => !bound || legal.has(card);
  const dd = new Map(
    moves !== null && moves !== undefined && moves.key === positionKey(view)
      ? moves.scores.filter((m) => offeredNow(m.card)).map((m) => [m.card, m.tricks])
      : [],
  );
  const asked = ui.expected !== null && ui.expected.key === positionKey(view) && myTurn ? ui.expected : null;
  const expected = new Map((asked?.values ?? []).filter((v) => offeredNow(v.card)).map((v) => [v.card, v.tricks]));
  const best = Math.max(...expected.values());
  const label = (card: Card): string => {
    const parts = [cardName(card)];
    if (calledMine.has(card)) parts.push(t().cards.calledLabel);
    else if (exposedMine.has(card)) parts.push(t().cards.exposedLabel);
    if (dd.has(card)) parts.push(t().cards.ddTricks(dd.get(card) ?? 0));
    if (expected.has(card)) parts.push(t().cards.expected(tricksText(expected.get(card) ?? 0), (expected.get(card) ?? 0) >= best - 0.005));
    return parts.join(', ');
  };
  const name = (card: Card): string => {
    if (pick) return t().cards.dropIt(label(card));
    return playable.has(card) && !legal.has(card) ? t().cards.revokeLabel(label(card)) : label(card);
  };
  return h(
    'section',
    { class: `hand${pick ? ' picking' : ''}`, 'aria-labelledby': 'hand-title', 'data-turn': myTurn ? 'yes' : 'no', 'data-picking': pick ? 'yes' : undefined },
    h('h2', { id: 'hand-title', class: 'sr-only' }, t().cards.yourCards),
    h('p', { id: 'hand-hint', class: 'hint' }, hint(hand, view, ui)),
    h(
      'div',
      { role: 'toolbar', 'aria-label': t().cards.yourCards, 'aria-describedby': 'hand-hint', class: 'cards', tabindex: '-1' },
      groups.map((g) =>
        h(
          'div',
          { role: 'group', 'aria-label': SUIT_NAMES[g.suit], class: 'suit-group' },
          g.cards.map((card) =>
            h(
              'button',
              {
                type: 'button',
                class: `card${isRed(g.suit) ? ' red' : ''}${myTurn && !legal.has(card) && !pick ? ' off-suit' : ''}${exposedMine.has(card) ? ' exposed' : ''}${calledMine.has(card) ? ' called' : ''}`,
                'data-card': card,
                'data-action': 'play',
                'data-dd': dd.get(card),
                'data-expected': expected.has(card) ? tricksText(expected.get(card) ?? 0) : undefined,
                'data-best': expected.has(card) && (expected.get(card) ?? 0) >= best - 0.005 ? '' : undefined,
                'aria-label': name(card),
                'data-revoke': !pick && playable.has(card) && !legal.has(card) ? '' : undefined,
                'data-exposed': exposedMine.has(card) ? '' : undefined,
                'data-called': calledMine.has(card) ? '' : undefined,
                disabled: !playable.has(card),
                tabindex: card === roving ? '0' : '-1',
                ...cardFace(card).attrs,
              },
              cardFace(card).text,
              dd.has(card) ? h('span', { class: 'dd-tricks', 'aria-hidden': 'true' }, String(dd.get(card))) : null,
              expected.has(card) ? h('span', { class: 'expected-tricks', 'aria-hidden': 'true' }, tricksText(expected.get(card) ?? 0)) : null,
            ),
          ),
        ),
      ),
    ),
    claimButtons(view, ui),
    asked === null ? null : expectedNote(asked),
    tip === null ? null : h('p', { class: 'learn-tip', 'data-learn': 'tip', role: 'note' }, tip),
  );
}
