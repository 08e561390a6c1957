/**
 * The review of the person's cards in a finished hand: each card, what it cost in expected tricks from what
 * the person could see, and double dummy; the biggest mistakes first.
 *
 * @module
 */

import { cardSuit } from 'whist';
import { h } from '../dom.js';
import { t } from '../i18n/index.js';
import { cardName, cardText, isRed } from '../names.js';
import type { ReviewedCard } from '../players.js';
import { expertButton } from './expert.js';
import type { Ui } from './ui.js';

/** A number of tricks as the review prints it: one decimal, as the page's language writes it. */
const t1 = (n: number): string => t().review.tricks(n);

/** What a card cost from what the person could see (expected tricks) and double dummy. */
export function costs(c: ReviewedCard): { expected: number; dd: number } {
  return { expected: Math.max(0, c.expectedBest - c.expected), dd: Math.max(0, c.ddBest - c.dd) };
}

/** The cards in the order the review lists them: the costliest from what the person could see first, then double dummy, then by trick. */
export function reviewOrder(cards: readonly ReviewedCard[]): ReviewedCard[] {
  return [...cards].sort((a, b) => costs(b).expected - costs(a).expected || costs(b).dd - costs(a).dd || a.trick - b.trick);
}

function coloured(card: ReviewedCard['card']): HTMLElement {
  return h('span', { class: isRed(cardSuit(card)) ? 'red' : null, 'aria-hidden': 'true' }, cardText(card));
}

/** The button that asks the expert for the same review, and what that costs. */
function askExpert(review: NonNullable<Ui['review']>): HTMLElement {
  const W = t().review;
  return h(
    'p',
    {},
    expertButton('review-expert', review, { ask: W.askExpert, asking: W.expertAsking, answered: W.expertAnswered }, 'review-expert-note'),
    ' ',
    h('span', { id: 'review-expert-note', class: 'muted' }, W.askExpertNote),
  );
}

/** The review panel, once asked for: progress, the failure, or each card reviewed. */
export function reviewPanel(ui: Ui): HTMLElement | null {
  const review = ui.review;
  if (review === null) return null;
  const cards = review.cards === null ? null : reviewOrder(review.cards);
  const costly = cards?.filter((c) => costs(c).expected >= 0.05).length ?? 0;
  const W = t().review;
  return h(
    'section',
    { class: 'panel review-panel', 'aria-labelledby': 'review-title', 'data-review': review.key, 'data-review-level': review.expert ? 'expert' : 'level' },
    h('h2', { id: 'review-title' }, review.expert ? W.expertTitle(review.key) : W.title(review.key)),
    h('p', { class: 'muted' }, W.intro, review.expert ? ` ${W.expertNote}` : ''),
    h('p', { class: 'review-status', role: 'status' }, review.progress ?? ''),
    review.error === null ? null : h('p', { class: 'error', role: 'alert' }, review.error),
    cards === null ? null : h('p', {}, W.costly(costly)),
    cards === null ? null : askExpert(review),
    cards === null
      ? null
      : h(
          'ol',
          { class: 'review-cards' },
          cards.map((c) => {
            const cost = costs(c);
            const seen =
              cost.expected >= 0.05
                ? [W.cost(t1(cost.expected)), coloured(c.bestCard), W.against(t1(c.expectedBest), t1(c.expected))]
                : [W.best(t1(c.expected))];
            const dd = cost.dd > 0 ? [W.ddCost(cost.dd), coloured(c.ddBestCard), W.against(String(c.ddBest), String(c.dd))] : [W.ddNoCost];
            const spoken = W.spoken(
              c.trick,
              cardName(c.card),
              cost.expected >= 0.05 ? t1(cost.expected) : null,
              cardName(c.bestCard),
              cost.dd,
              cardName(c.ddBestCard),
            );
            return h(
              'li',
              {
                'data-review-card': c.card,
                'data-trick': c.trick,
                'data-cost': t1(cost.expected),
                'data-dd-cost': cost.dd,
                class: cost.expected >= 0.05 ? 'review-lost' : null,
              },
              h('span', { 'aria-hidden': 'true' }, t().dd.trick(c.trick), coloured(c.card), ' — ', ...seen, '; ', ...dd, '.'),
              h('span', { class: 'sr-only' }, spoken),
            );
          }),
        ),
  );
}
