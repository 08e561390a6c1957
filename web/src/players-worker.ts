/**
 * The computer players' Worker: the sampling player thinks off the page's thread, up to about a second a card
 * at the strong level and seconds at the expert's (a hint or a review the person asks of the expert), so that
 * the table never freezes. Built by `scripts/build.ts` as its own bundle
 * (`players-worker.js`, with `whist/solver`) and started by the page the first time a sampling player is
 * to play, or the person asks for a hint.
 *
 * It answers four requests (`players.ts`): the card of a computer player from its own seat's view; the
 * expected tricks of each legal card of a view (the hint); the same for each of the person's views of a
 * finished hand (the review); and whether a claim holds (`checkSeatClaim`, from what the claimer sees), for
 * the computer players who answer a claim or make one. The page stops a request it no longer wants by ending the Worker.
 *
 * @module
 */

import type { Card, PlayerView, Seat } from 'whist';
import { type CardValue, type ClaimCheck, checkSeatClaim, computerCard, hintValues, type SamplingLevel, scorePosition } from 'whist/solver';
import type { PlayersReply, PlayersRequest, ReviewedCard } from './players.js';
import { whyOf } from './why.js';

const reply = (r: PlayersReply): void => postMessage(r);

/** The expected tricks of each legal card, at the level asked: the library's hint, as `whist play`'s. */
function values(view: PlayerView, level: SamplingLevel, seed: number): { values: readonly CardValue[]; layouts: number; playedOut: number } {
  const r = hintValues(view, { level, seed });
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.code})`);
  return { values: r.value.cards, layouts: r.value.layouts, playedOut: r.value.playedOut };
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** Each card the person played in a finished hand: its expected tricks from their view, and its double-dummy tricks, beside the best. */
function review(id: number, request: Extract<PlayersRequest, { kind: 'review' }>): ReviewedCard[] {
  // Every card of the finished hand is public: the hands as dealt, from its tricks.
  const dealt: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (const t of request.tricks)
    t.cards.forEach((c, i) => {
      dealt[SEATS[(SEATS.indexOf(t.leader) + i) % 4] as Seat].push(c);
    });
  const out: ReviewedCard[] = [];
  for (const { view, played } of request.turns) {
    const { values: v } = values(view, request.level, request.seed);
    const mine = v.find((x) => x.card === played);
    if (mine === undefined) throw new Error(`${played} was not a legal card at that turn`);
    const best = v.reduce((a, b) => (b.tricks > a.tricks ? b : a));
    const trick = view.trick;
    if (trick === null) throw new Error('a turn without a trick in progress');
    const gone = new Set<Card>([...view.tricks.flatMap((t) => t.cards), ...trick.cards]);
    const cards = Object.fromEntries(SEATS.map((s) => [s, dealt[s].filter((c) => !gone.has(c))])) as Record<Seat, Card[]>;
    const dd = scorePosition({ cards, trump: view.trump, leader: trick.leader, trick: trick.cards });
    if (!dd.ok) throw new Error(`${dd.error.message} (${dd.error.code})`);
    const ddMine = dd.value.find((s) => s.card === played);
    const ddBest = dd.value.reduce((a, b) => (b.tricks > a.tricks ? b : a));
    out.push({
      trick: view.tricks.length + 1,
      card: played,
      expected: mine.tricks,
      expectedBest: best.tricks,
      bestCard: best.card,
      dd: ddMine?.tricks ?? 0,
      ddBest: ddBest.tricks,
      ddBestCard: ddBest.card,
    });
    reply({ id, kind: 'progress', done: out.length, total: request.turns.length });
  }
  return out;
}

/** A claim checked from what the claimer sees, within the library's budget; `null` when the budget ran out first. */
function claim(request: Extract<PlayersRequest, { kind: 'claim' }>): ClaimCheck | null {
  // The claimer's view comes as plain JSON: the library reads it before it is used.
  const r = checkSeatClaim(request.claim);
  if (r.ok) return r.value;
  if (r.error.code === 'ABORTED') return null;
  throw new Error(`${r.error.message} (${r.error.code})`);
}

addEventListener('message', (event: MessageEvent<PlayersRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'play') {
      const since = performance.now();
      const card = computerCard(request.view, { level: request.level, seed: request.seed });
      reply({ id: request.id, kind: 'card', card, ms: performance.now() - since });
    } else if (request.kind === 'values') {
      const v = values(request.view, request.level, request.seed);
      reply({ id: request.id, kind: 'values', values: v.values, layouts: v.layouts, playedOut: v.playedOut });
    } else if (request.kind === 'claim') reply({ id: request.id, kind: 'claim', check: claim(request) });
    else reply({ id: request.id, kind: 'review', cards: review(request.id, request) });
  } catch (e) {
    reply({ id: request.id, kind: 'error', message: whyOf(e) });
  }
});
