/**
 * The double-dummy Worker: solves off the page's thread, so that a long solve never freezes the table.
 * Built by `scripts/build.ts` as its own bundle (`dd-worker.js`, with `whist/solver`) and started by the page
 * the first time the double-dummy toggle is on.
 *
 * It answers two requests (`dd.ts`): the scores of the legal cards in one position, and the score of every
 * card played in a finished hand. A solve runs under a node budget; when the budget is used up the Worker
 * lets its messages in, and goes on with a larger budget only if no newer request has come. A newer request
 * thus stops the one before within one budget's time. The solver keeps its transposition table between
 * solves, so a retry, and the positions of one hand after another, reuse what was found.
 *
 * @module
 */

import type { BySeat, Card, Seat } from 'whist';
import { type CardScore, createSolver, type SolverPosition } from 'whist/solver';
import type { DdPlay, DdReply, DdRequest } from './dd.js';
import { whyOf } from './why.js';

const made = createSolver({ memoryMB: 64 });
if (!made.ok) throw new Error(made.error.message);
const solver = made.value;

/** The first node budget: a few tens of milliseconds; each retry doubles it. */
const FIRST_BUDGET = 200_000;

/** The newest request: an older one stops at its next budget. */
let latest = -1;

const reply = (r: DdReply): void => postMessage(r);
/** Lets the messages already queued in, so that `latest` is up to date. */
const breathe = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

class Superseded extends Error {}

async function score(id: number, position: SolverPosition): Promise<CardScore[]> {
  for (let budget = FIRST_BUDGET; ; budget *= 2) {
    if (latest !== id) throw new Superseded();
    const r = solver.scorePosition(position, { maxNodes: budget });
    if (r.ok) return r.value;
    if (r.error.code !== 'ABORTED') throw new Error(`${r.error.message} (${r.error.code})`);
    await breathe();
  }
}

/** Every card of a finished hand, scored in the position before it was played. */
async function scoreHand(id: number, request: Extract<DdRequest, { kind: 'hand' }>): Promise<DdPlay[]> {
  const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  const order: Seat[] = ['N', 'E', 'S', 'W'];
  for (const t of request.tricks)
    t.cards.forEach((c, i) => {
      hands[order[(order.indexOf(t.leader) + i) % 4] as Seat].push(c);
    });
  const plays: DdPlay[] = [];
  const total = request.tricks.length * 4;
  for (const t of request.tricks) {
    for (let i = 0; i < t.cards.length; i++) {
      const seat = order[(order.indexOf(t.leader) + i) % 4] as Seat;
      const card = t.cards[i] as Card;
      const position: SolverPosition = { cards: hands as BySeat<readonly Card[]>, trump: request.trump, leader: t.leader, trick: t.cards.slice(0, i) };
      const scores = await score(id, position);
      const mine = scores.find((s) => s.card === card);
      if (mine === undefined) throw new Error(`${card} is not a legal card in the position before it`);
      plays.push({ seat, card, tricks: mine.tricks, best: Math.max(...scores.map((s) => s.tricks)) });
      hands[seat] = hands[seat].filter((c) => c !== card);
      reply({ id, kind: 'progress', done: plays.length, total });
      await breathe();
    }
  }
  return plays;
}

addEventListener('message', (event: MessageEvent<DdRequest>) => {
  const request = event.data;
  latest = request.id;
  if (request.kind === 'stop') return;
  const job =
    request.kind === 'moves'
      ? score(request.id, request.position).then((scores): DdReply => ({ id: request.id, kind: 'moves', scores }))
      : scoreHand(request.id, request).then((plays): DdReply => ({ id: request.id, kind: 'hand', plays }));
  job.then(reply, (e: unknown) => {
    if (!(e instanceof Superseded)) reply({ id: request.id, kind: 'error', message: whyOf(e) });
  });
});
