/**
 * The solver's pool of worker threads: each task is the library's own function, run on a worker thread,
 * and answers what the same call answers on the main thread.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  currentHand,
  currentSeat,
  newTableOrThrow,
  playedCards,
  playerViewOrThrow,
  playOrThrow,
  type Seat,
  SHORT_WHIST,
  tableViewOrThrow,
} from 'whist';
import { checkClaim, computerCard, computerMove, computerPlayOn } from 'whist/solver';
import { CLAIM_NODES } from '../src/counters.js';
import { SolverPool } from '../src/solver/pool.js';
import { ranOnMainThread } from '../src/solver/tasks.js';

let pool: SolverPool;

beforeAll(async () => {
  pool = await SolverPool.start({ threads: 1, queue: 2 });
});

afterAll(async () => {
  await pool.close();
});

/** A table after `cards` cards of the first hand, each chosen by the heuristic player. */
function tableAfter(cards: number) {
  let table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 5 }), { type: 'deal' });
  for (let i = 0; i < cards; i++) {
    const seat = (tableViewOrThrow(table, null).next as { seat: Seat }).seat;
    table = applyOrThrow(table, computerMove(tableViewOrThrow(table, seat), { claims: false })!);
  }
  return table;
}

describe('the solver pool', () => {
  it("answers a computer player's decision on a worker thread, as computerMove does on the main thread", async () => {
    const table = tableAfter(3);
    const seat = (tableViewOrThrow(table, null).next as { seat: Seat }).seat;
    const view = tableViewOrThrow(table, seat);
    const before = { ...pool.answered, main: ranOnMainThread.move };
    expect(await pool.move(view, 'fast')).toEqual(computerMove(view, { level: 'fast' }));
    expect(pool.answered.worker).toBe(before.worker + 1);
    expect(pool.answered.main).toBe(0);
    // The comparison above ran computerMove here, not the pool's task: the task counts none on this thread.
    expect(ranOnMainThread.move).toBe(before.main);
  });

  it('plays a board on to its end with computer players on a worker thread, as computerPlayOn does; a hand it cannot read answers null', async () => {
    const hand = currentHand(tableAfter(0))!;
    const before = { ...pool.answered, main: ranOnMainThread.playOn };
    expect(await pool.playOn(hand, 'fast', 9)).toEqual(JSON.parse(JSON.stringify(computerPlayOn(hand, { level: 'fast', seed: 9 }))));
    expect(await pool.playOn({ not: 'a hand' }, 'heuristic', 1)).toBeNull();
    expect(pool.answered.worker).toBe(before.worker + 2);
    expect(ranOnMainThread.playOn).toBe(before.main);
  });

  it("gives a seat's cards beside the computer players' from the same views, on a worker thread; what it cannot read answers null", async () => {
    const start = currentHand(tableAfter(0))!;
    const played = computerPlayOn(start, { level: 'heuristic', seed: 3 });
    const plays = playedCards(played).map((p) => p.card);
    const turns = await pool.seatCards(start, plays, 'S', 'fast', 3);
    let hand = start;
    const expected = [];
    for (const [i, card] of plays.entries()) {
      const seat = currentSeat(hand)!;
      if (seat === 'S')
        expected.push({ trick: (i >> 2) + 1, played: card, computers: computerCard(playerViewOrThrow(hand, seat), { level: 'fast', seed: 3 }) });
      hand = playOrThrow(hand, seat, card);
    }
    expect(turns).toEqual(expected);
    expect(turns).toHaveLength(13);
    expect(await pool.seatCards(start, ['XX'], 'S', 'heuristic', 1)).toBeNull();
    expect(await pool.seatCards(start, [plays[1] as string], 'S', 'heuristic', 1)).toBeNull();
    expect(await pool.seatCards('not a hand', [], 'S', 'heuristic', 1)).toBeNull();
  });

  it("answers a claim's check on a worker thread, as checkClaim does", async () => {
    const table = tableAfter(36);
    const hand = currentHand(table)!;
    const seat = (tableViewOrThrow(table, null).next as { seat: Seat }).seat;
    for (const tricks of [1, 4])
      expect(await pool.check(hand, seat, tricks, CLAIM_NODES)).toEqual(checkClaim(hand, { seat, tricks }, { maxNodes: CLAIM_NODES }));
  });

  it('refuses a hand it cannot read, with the code of a state that is not one', async () => {
    const r = await pool.check({ not: 'a hand' }, 'N', 1, CLAIM_NODES);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('INVALID_STATE');
  });

  it('refuses a task past its queue with 503 SERVER_BUSY, and answers the rest', async () => {
    const table = tableAfter(0);
    const seat = (tableViewOrThrow(table, null).next as { seat: Seat }).seat;
    const view = tableViewOrThrow(table, seat);
    // One thread and two places in the queue: of eight tasks sent at once, some are refused.
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => pool.move(view, 'standard')));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    const answered = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<unknown>).value);
    expect(answered.length).toBeGreaterThanOrEqual(3);
    for (const a of answered) expect(a).toEqual(computerMove(view, { level: 'standard' }));
    expect(pool.running).toBe(0);
  });

  it('will not start without a thread', async () => {
    await expect(SolverPool.start({ threads: 0 })).rejects.toThrow(/at least one thread/);
  });
});
