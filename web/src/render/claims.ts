/**
 * Claims and concessions on screen: the buttons that make them, the form that says how many tricks, the
 * panel that asks the viewer to accept a claim or play on, the claim waiting for its answer, a claimer's
 * hand face up at its seat (`view.shown`), and the counter-example of a claim played on: a layout of the
 * cards the claimer could not see, and the line of play that beats the claim on it (in solo play, why the
 * computer players played on; at a server table, what the server sends with the view: `counter`).
 *
 * Everything here is drawn from the view (`view.claim`, `view.shown`, `view.next`) and the page's own state;
 * the counter-example is the claim's check (`checkClaim` of `whist/solver`), which reads only what the
 * claimer could see.
 *
 * @module
 */

import { type Card, type ClaimView, cardSuit, nextSeat, type Seat, type TableView, trickWinner } from 'whist';
import { claimSentence, who } from '../changes.js';
import { h } from '../dom.js';
import { claimOutcome as claimOutcomeWords, refusedClaimSentences, refusedUnproven } from '../i18n/game.js';
import { listText, t as words } from '../i18n/index.js';
import { cardName, cardText, DISPLAY_SUITS, isRed, rankName, rankText, SEAT_NAMES, SUIT_NAMES, SUIT_SYMBOLS } from '../names.js';
import { exposeButton, exposeHelp } from './exposed.js';
import { cardList } from './face.js';
import { keyButton } from './keys.js';
import type { CounterUi, Ui } from './ui.js';

/** The tricks not yet finished in the view's hand, the trick in progress included. */
export function tricksLeft(view: TableView): number {
  return 13 - (view.hand?.tricks.length ?? 13);
}

/** The viewer may claim or concede now: a hand is being played, the viewer holds cards in it, and no claim waits for an answer. */
export function canClaim(view: TableView | null): boolean {
  return view !== null && view.viewer !== null && view.hand !== null && view.next.action === 'play' && view.hand.cards.length > 0;
}

/** The viewer is one of the seats a claim waits for. */
export function mustAnswer(view: TableView | null): boolean {
  return view !== null && view.viewer !== null && view.next.action === 'answerClaim' && view.next.seats.includes(view.viewer);
}

/** "you", "West": a seat named in a sentence, the viewer as "you". */
function whom(seat: Seat, viewer: Seat | null): string {
  return seat === viewer ? words().table.you : SEAT_NAMES[seat];
}

/** The seats of a list, in words: "West and East", "you". */
function seatsText(seats: readonly Seat[], viewer: Seat | null): string {
  const names = seats.map((s) => whom(s, viewer));
  return listText(names);
}

/** What became of a claim, in one sentence, for the explanation of the hand it ended; `null` while it waits (`whist/words`). */
export function claimOutcome(claim: ClaimView, viewer: Seat | null): string | null {
  return claimOutcomeWords(claim, { viewer });
}

/**
 * The buttons under the viewer's cards: claim and concede, and under the laws, drop a card face up. They are
 * there for the whole hand, so that the cards above them never move, and enabled while the viewer may use them.
 */
export function claimButtons(view: TableView, ui: Ui): HTMLElement {
  const open = canClaim(view);
  const formType = ui.claimForm?.type ?? null;
  const expose = exposeButton(view, ui);
  return h(
    'p',
    { class: 'claim-actions' },
    keyButton(
      { 'data-action': 'claim-open', disabled: !open, 'aria-expanded': formType === 'claim' ? 'true' : 'false', 'aria-controls': 'claim-panel' },
      words().claims.claim,
      'C',
      'C',
    ),
    keyButton(
      { 'data-action': 'concede-open', disabled: !open, 'aria-expanded': formType === 'concede' ? 'true' : 'false', 'aria-controls': 'claim-panel' },
      words().claims.concede,
      'X',
      'X',
    ),
    expose,
    expose === null ? null : h('span', { id: 'expose-help', class: 'sr-only' }, exposeHelp()),
  );
}

/** The form: how many of the tricks left the viewer's side takes (a claim) or gives (a concession). */
function claimForm(view: TableView, form: NonNullable<Ui['claimForm']>): HTMLElement {
  const left = tricksLeft(view);
  const chosen = form.tricks !== null && form.tricks >= 1 && form.tricks <= left ? form.tricks : left;
  const claiming = form.type === 'claim';
  const options = Array.from({ length: left }, (_, i) => left - i).map((n) =>
    h('option', { value: n, selected: n === chosen }, n === left ? words().claims.all(n) : String(n)),
  );
  return h(
    'section',
    { class: 'panel claim-panel', id: 'claim-panel', 'aria-labelledby': 'claim-title', 'data-claim': 'form', 'data-claim-type': form.type },
    h('h2', { id: 'claim-title' }, claiming ? words().claims.claimTitle : words().claims.concedeTitle),
    h('p', { id: 'claim-help' }, claiming ? words().claims.claimHelp(left) : words().claims.concedeHelp(left)),
    h(
      'p',
      { class: 'claim-choice' },
      h(
        'label',
        {},
        claiming ? words().claims.claimCount : words().claims.concedeCount,
        h('select', { name: 'claim-tricks', 'data-action': 'claim-count', 'aria-describedby': 'claim-help' }, options),
      ),
    ),
    h(
      'p',
      { class: 'claim-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-action': 'claim-send' }, claiming ? words().claims.claim : words().claims.concede),
      h('button', { type: 'button', class: 'secondary', 'data-action': 'claim-cancel', 'aria-keyshortcuts': 'Escape' }, words().claims.cancel),
    ),
  );
}

/** The claim the viewer must answer: what is claimed, the claimer's cards face up, and the two answers. */
function answerPanel(view: TableView, claim: ClaimView): HTMLElement {
  const shown = view.shown[claim.seat];
  const partner = nextSeat(view.viewer ?? 'S', 2);
  const waiting = view.next.action === 'answerClaim' ? view.next.seats : [];
  return h(
    'section',
    { class: 'panel claim-panel', id: 'claim-panel', role: 'group', 'aria-labelledby': 'claim-title', 'data-claim': 'answer' },
    h('h2', { id: 'claim-title' }, `${claimSentence(claim, view.viewer)}.`),
    h(
      'p',
      {},
      claim.type === 'claim'
        ? words().claims.faceUp(SEAT_NAMES[claim.seat], claim.tricks === claim.left, claim.left - claim.tricks)
        : words().claims.gives(SEAT_NAMES[claim.seat], claim.tricks),
      waiting.includes(partner) ? '' : words().claims.accepted(SEAT_NAMES[partner]),
    ),
    shown === undefined ? null : cardList(shown, words().claims.cardsOf(SEAT_NAMES[claim.seat]), 'held'),
    h(
      'p',
      { class: 'claim-buttons' },
      keyButton({ class: 'primary', 'data-action': 'accept-claim' }, words().claims.accept, 'A', 'A'),
      keyButton({ 'data-action': 'refuse-claim' }, words().claims.playOn, 'P', 'P'),
    ),
  );
}

/** A claim waiting for the other side's answer, the viewer not among those to answer. */
function pendingPanel(view: TableView, claim: ClaimView, ui: Ui): HTMLElement {
  const waiting = view.next.action === 'answerClaim' ? view.next.seats : [];
  return h(
    'section',
    { class: 'panel claim-panel', id: 'claim-panel', 'aria-labelledby': 'claim-title', 'data-claim': 'pending' },
    h('h2', { id: 'claim-title' }, `${claimSentence(claim, view.viewer)}.`),
    h(
      'p',
      { role: 'status' },
      waiting.length === 0 ? '' : words().claims.waiting(seatsText(waiting, view.viewer)),
      ui.busy && ui.mode === 'solo' ? words().claims.checking : '.',
    ),
  );
}

/** A counter-example's line as tricks: the trick in progress completed first, each card with its seat, and who wins it. */
export function counterTricks(counter: CounterUi): { number: number; plays: { seat: Seat; card: Card; before: boolean }[]; winner: Seat }[] {
  const refused = counter.refused;
  if (refused === null) return [];
  const holder = new Map<Card, Seat>();
  for (const seat of ['N', 'E', 'S', 'W'] as const) for (const c of refused.layout[seat]) holder.set(c, seat);
  const out: { number: number; plays: { seat: Seat; card: Card; before: boolean }[]; winner: Seat }[] = [];
  let number = 14 - counter.claim.left;
  let leader = counter.context.leader;
  let plays = counter.context.cards.map((card, i) => ({ seat: nextSeat(leader, i), card, before: true }));
  for (const card of refused.line) {
    plays.push({ seat: holder.get(card) ?? nextSeat(leader, plays.length), card, before: false });
    if (plays.length === 4) {
      const winner = trickWinner(
        leader,
        plays.map((p) => p.card),
        counter.context.trump,
      );
      out.push({ number, plays, winner });
      number++;
      leader = winner;
      plays = [];
    }
  }
  return out;
}

/** A card in a sentence: as on its face (`Q♥`, red for hearts and diamonds), named for screen readers. */
function cardInLine(card: Card): HTMLElement {
  return h('span', { class: `line-card${isRed(cardSuit(card)) ? ' red' : ''}`, 'data-card': card, role: 'img', 'aria-label': cardName(card) }, cardText(card));
}

/**
 * A claim played on, and why: the cards each seat the claimer could not see might hold, and the line of
 * play on that layout that beats the claim whatever the claimer plays. In solo play the computer players
 * played on; at a server table a seat did, or the table's check refused the claim (`by` `null`).
 */
function counterPanel(view: TableView, counter: CounterUi, mode: Ui['mode']): HTMLElement {
  const claim = counter.claim;
  const viewer = view.viewer;
  const refused = counter.refused;
  // The seats the claimer could not see, clockwise from the claimer's left.
  const hidden = [1, 2, 3].map((i) => nextSeat(claim.seat, i));
  const facts = { claim, tricks: counter.tricks, taken: refused?.taken };
  const said = refusedClaimSentences(facts, { viewer });
  return h(
    'section',
    { class: 'panel claim-panel counter', id: 'claim-panel', 'aria-labelledby': 'claim-title', 'data-claim': 'refused' },
    h(
      'div',
      { class: 'claim-head' },
      h(
        'h2',
        { id: 'claim-title' },
        counter.by === null ? words().claims.checkPlaysOn : words().claims.playsOn(who(counter.by, viewer), counter.by === viewer),
      ),
      keyButton({ 'data-action': 'counter-close', 'aria-keyshortcuts': 'Escape' }, words().table.close, 'Escape', 'Esc'),
    ),
    refused === null
      ? h(
          'p',
          { 'data-counter': 'why' },
          `${claimSentence(claim, viewer)}: refused. ${refusedUnproven(facts, mode === 'solo' ? 'computers' : 'server', { viewer })}`,
        )
      : [
          h('p', { 'data-counter': 'why' }, words().claims.refused(claimSentence(claim, viewer), said.layout, said.line)),
          h(
            'div',
            { class: 'counter-body' },
            h(
              'div',
              {},
              h('h3', {}, words().claims.whereCards),
              h(
                'div',
                { class: 'counter-layout', 'data-counter': 'layout' },
                hidden.map((s) => compactHand(refused.layout[s], SEAT_NAMES[s], 'layout')),
              ),
            ),
            h(
              'div',
              {},
              h('h3', {}, words().claims.beatingLine),
              h(
                'ul',
                { class: 'counter-line', 'data-counter': 'line' },
                counterTricks(counter).map((t) =>
                  h(
                    'li',
                    { 'data-trick': t.number, 'data-winner': t.winner },
                    h('span', { class: 'trick-number' }, words().claims.trickNumber(t.number)),
                    t.plays.map((p, i) => [
                      i === 0 ? '' : ', ',
                      h('span', { class: p.before ? 'played-before' : null }, `${who(p.seat, viewer)} `, cardInLine(p.card)),
                    ]),
                    words().claims.trickWinner(who(t.winner, viewer), t.winner === viewer),
                  ),
                ),
              ),
            ),
          ),
        ],
  );
}

/**
 * What lies over the felt about claims, if anything: the claim the viewer must answer, a claim waiting for
 * the other side, the form to claim or concede, or the counter-example of a claim played on (refused by a
 * seat, or, at a table that checks claims, by the check).
 */
export function claimPanel(view: TableView, ui: Ui): HTMLElement | null {
  const claim = view.claim;
  if (claim !== null && claim.status === 'pending') return mustAnswer(view) ? answerPanel(view, claim) : pendingPanel(view, claim, ui);
  if (ui.claimForm !== null && canClaim(view)) return claimForm(view, ui.claimForm);
  const counter = ui.counter;
  if (counter !== null && counter.key === String(view.dealNumber) && view.next.action === 'play' && (claim?.status === 'refused' || claim?.status === 'failed'))
    return counterPanel(view, counter, ui.mode);
  return null;
}

/** A claimer's hand face up at its seat (`view.shown`): drawn for the other seats, the viewer's own being below. */
export function shownHand(view: TableView, seat: Seat): HTMLElement | null {
  const cards = view.shown[seat];
  if (cards === undefined || cards.length === 0 || seat === view.viewer || view.hand === null) return null;
  return compactHand(cards, words().claims.faceUpTag, 'shown');
}

/** Cards in short: the caption, then the suits held only, one after another, each read as "hearts: nine, eight". */
function compactHand(cards: readonly Card[], caption: string, kind: string): HTMLElement {
  return h(
    'div',
    { class: `held compact ${kind}`, 'data-cards': kind },
    h('p', { class: 'held-caption' }, caption),
    h(
      'ul',
      {},
      DISPLAY_SUITS.map((suit) => {
        const ranks = cards.filter((c) => cardSuit(c) === suit);
        if (ranks.length === 0) return null;
        return h(
          'li',
          { class: isRed(suit) ? 'red' : null, 'data-suit': suit },
          h('span', { class: 'sym', 'aria-hidden': 'true' }, SUIT_SYMBOLS[suit]),
          h('span', { class: 'sr-only' }, `${SUIT_NAMES[suit]}: ${ranks.map(rankName).join(', ')}`),
          ranks.map((c) => h('span', { class: 'rank', 'data-card': c, 'aria-hidden': 'true' }, rankText(c))),
        );
      }),
    ),
  );
}
