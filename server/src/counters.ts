/**
 * A claim played on, and why: the counter-example of the claim's check, which the server sends beside the
 * view (`counter` in `{ version, seat, view, seats, counter }`) while the trick the claim was made in is
 * being played, so that every client can show a layout of the cards the claimer could not see and a line of
 * play on it that beats the claim.
 *
 * The check is `checkClaim` of `whist/solver` on the hand as it stood at the claim. It reads only what the
 * claimer could see there (their own cards, shown face up to everyone by the claim; the cards played; the
 * voids shown; the turn-up in the dealer's hand): the other seats' real cards are never read, so the
 * counter-example tells no one anything that is not already public. It is worked out from the stored table
 * alone, so every process of a server gives the same answer (`checkClaim` is deterministic, within its node
 * budget); nothing of it is stored.
 *
 * Bounded work: the check of a claim is kept, by what it depends on (the deal, the cards played before the
 * claim, the claim), in a cache of the process, and by table state; the check of a table that rules on each
 * claim fills it as it rules. Each process checks a claim at most once, however often the table is read,
 * and no check is made once the claim's trick is over. The search itself runs where the server's `Solver`
 * runs it (a worker thread of the pool, solver/pool.ts), never on the event loop.
 *
 * @module
 */

import { COMPUTER_CLAIM_NODES, currentHand, currentTrick, type HandState, parseState, type Seat, type TableState, type TableView } from 'whist';
import type { ClaimCheck, SolverResult } from 'whist/solver';
import type { ClaimCounter } from './answers.js';
import type { Solver } from './solver/pool.js';

/**
 * The search budget of the server's check of a claim (its ruling, and the counter-example it sends): the
 * library's `COMPUTER_CLAIM_NODES`, the budget of a computer player's own check, so that the server and its
 * computer players judge a claim alike. Past it, a claim is not shown to hold.
 */
export const CLAIM_NODES = COMPUTER_CLAIM_NODES;

/** A claim or concession played on, as the server sends it (`counter`): declared with the other answers. */
export type { ClaimCounter } from './answers.js';

/** Claim checks this process ran (`run`) and answered from those kept (`kept`). */
export const claimChecks = { run: 0, kept: 0 };

/** Checks kept (or under way), the most recently used last. */
const CHECKS = new Map<string, Promise<SolverResult<ClaimCheck>>>();
const MAX_CHECKS = 2_000;

/** What a check depends on: the hand as dealt, the cards played before the claim, and the claim. */
function checkKey(hand: HandState, seat: Seat, tricks: number): string {
  return JSON.stringify([
    hand.rules.name,
    hand.dealer,
    hand.trump,
    hand.trumpSource,
    hand.trumpCard,
    hand.deal,
    hand.plays,
    hand.leadsOutOfTurn ?? [],
    seat,
    tricks,
  ]);
}

/**
 * `checkClaim(hand, { seat, tricks })` within {@link CLAIM_NODES}, run by `solver`, once a process for the
 * same hand and claim (a second caller while it runs waits for the same check): `hand` is the hand as it
 * stands at the claim. A check the solver could not take (its queue full: 503) is not kept.
 */
export function checkedClaim(solver: Solver, hand: HandState, seat: Seat, tricks: number): Promise<SolverResult<ClaimCheck>> {
  const key = checkKey(hand, seat, tricks);
  let check = CHECKS.get(key);
  if (check !== undefined) {
    CHECKS.delete(key);
    claimChecks.kept++;
  } else {
    check = solver.check(hand, seat, tricks, CLAIM_NODES);
    claimChecks.run++;
    check.catch(() => {
      if (CHECKS.get(key) === check) CHECKS.delete(key);
    });
  }
  CHECKS.set(key, check);
  if (CHECKS.size > MAX_CHECKS) CHECKS.delete(CHECKS.keys().next().value as string);
  return check;
}

/**
 * The server's ruling on the claim its table waits on (`WHIST_CLAIMS=checked`): whether `checkClaim`, on what
 * the claimer could see, within {@link CLAIM_NODES}, shows that it holds (doubt goes against the claimer).
 * The check is kept, so the counter-example sent after a refusal costs no second search.
 */
export async function claimHolds(solver: Solver, table: TableState, view: TableView): Promise<boolean> {
  const hand = currentHand(table);
  const claim = view.claim;
  if (hand === null || claim === null || claim.status !== 'pending') return false;
  const r = await checkedClaim(solver, hand, claim.seat, claim.claimed);
  return r.ok && r.value.holds;
}

/** The counter of each table state asked about (`null`: none). */
const COUNTERS = new WeakMap<TableState, Promise<ClaimCounter | null>>();

/**
 * The claim of the hand in progress that was played on, with its check's counter-example, while the trick it
 * was made in is being played; `null` when there is none, the trick is over, or the check shows that the
 * claim holds (a person may play on against a claim that holds). `view` is any seat's view of `table`.
 */
export function claimCounter(solver: Solver, table: TableState, view: TableView): Promise<ClaimCounter | null> {
  let counter = COUNTERS.get(table);
  if (counter === undefined) {
    const made = counterOf(solver, table, view);
    made.catch(() => {
      if (COUNTERS.get(table) === made) COUNTERS.delete(table);
    });
    counter = made;
    COUNTERS.set(table, counter);
  }
  return counter;
}

async function counterOf(solver: Solver, table: TableState, view: TableView): Promise<ClaimCounter | null> {
  const claim = view.claim;
  if (claim === null || (claim.status !== 'refused' && claim.status !== 'failed') || view.hand === null) return null;
  // Only while the claim's trick is played: the trick in progress at the claim is trick 14 - left.
  if (view.hand.tricks.length !== 13 - claim.left || view.hand.trick === null) return null;
  const events = view.events;
  let made = -1;
  for (let i = events.length - 1; i >= 0 && made < 0; i--) if (events[i]?.type === 'claim' || events[i]?.type === 'concede') made = i;
  const event = events[made];
  if (event === undefined || (event.type !== 'claim' && event.type !== 'concede')) return null;
  let by: Seat | null = null;
  for (const e of events.slice(made + 1)) {
    if (e.type === 'refuseClaim') by = e.seat;
    if (e.type === 'refuseClaim' || e.type === 'ruleClaim') break;
  }
  const hand = currentHand(table);
  if (hand === null) return null;
  // The hand as it stood at the claim: the cards played before it.
  const plays = hand.plays === '' ? [] : hand.plays.split(' ');
  if (plays.length < event.at) return null;
  // Tricks led out of turn that stood (law 62) are kept up to the claim.
  const { leadsOutOfTurn, ...rest } = hand;
  const led = (leadsOutOfTurn ?? []).filter((x) => (x.trick - 1) * 4 < event.at);
  const atClaim = parseState({ ...rest, plays: plays.slice(0, event.at).join(' '), ...(led.length === 0 ? {} : { leadsOutOfTurn: led }) });
  if (!atClaim.ok) return null;
  const trick = currentTrick(atClaim.value);
  if (trick === null) return null;
  const tricks = claim.type === 'claim' ? claim.tricks : claim.left - claim.tricks;
  const check = await checkedClaim(solver, atClaim.value, claim.seat, tricks);
  if (check.ok && check.value.holds) return null;
  if (!check.ok && check.error.code !== 'ABORTED') return null;
  const refused = check.ok && !check.value.holds ? { layout: check.value.layout, line: check.value.line, taken: check.value.taken } : null;
  return { claim, tricks, by, context: { leader: trick.leader, cards: trick.cards, trump: atClaim.value.trump }, refused };
}
