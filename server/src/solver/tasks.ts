/**
 * The solver's work as tasks of plain JSON: what a worker thread of the pool (pool.ts) runs, and what a
 * server without a pool runs on its own thread. Each task calls the library, which decides: a computer
 * player's action is `computerMove` of `whist/solver` on the seat's own table view, a claim's check is
 * `checkClaim` on the hand as it stood at the claim, a board played by computer players alone is
 * `computerPlayOn`. A task carries no function and no object of the
 * library's own making: the hand is read back with `parseState` where the task runs.
 *
 * @module
 */

import { isMainThread } from 'node:worker_threads';
import {
  type ComputerLevel,
  currentSeat,
  type HandState,
  isCard,
  parseState,
  play,
  playerViewOrThrow,
  type Seat,
  type TableAction,
  type TableView,
} from 'whist';
import { type ClaimCheck, checkClaim, computerCard, computerMove, computerPlayOn, type SolverResult } from 'whist/solver';
import type { DailyTurn } from '../answers.js';

/** A computer player's decision, from its seat's own table view, at a level. */
export interface MoveTask {
  readonly kind: 'move';
  readonly view: TableView;
  readonly level: ComputerLevel;
}

/** A claim's check: `checkClaim(hand, { seat, tricks }, { maxNodes })`, `hand` the hand state as JSON. */
export interface CheckTask {
  readonly kind: 'check';
  readonly hand: unknown;
  readonly seat: Seat;
  readonly tricks: number;
  readonly maxNodes: number;
}

/**
 * A board played on by computer players to its end: `computerPlayOn(hand, { level, seed })`, `hand` the
 * hand state as JSON; answers the hand played out (as JSON), or `null` when it could not be read.
 */
export interface PlayOnTask {
  readonly kind: 'playOn';
  readonly hand: unknown;
  readonly level: ComputerLevel;
  readonly seed: number;
}

/**
 * A seat's play beside the computer players': from `start` (a hand state as JSON), the cards `plays` in order;
 * at each of `seat`'s turns, `computerCard` of its view at `level` and `seed`. Answers each of the seat's turns,
 * `{ trick, played, computers }` (the trick from 1), or `null` for a start or a play that could not be read.
 */
export interface SeatCardsTask {
  readonly kind: 'seatCards';
  readonly start: unknown;
  readonly plays: readonly string[];
  readonly seat: Seat;
  readonly level: ComputerLevel;
  readonly seed: number;
}

/** Nothing to do: answers once the worker has loaded the library (the pool's check at startup). */
export interface ReadyTask {
  readonly kind: 'ready';
}

export type SolverTask = MoveTask | CheckTask | PlayOnTask | SeatCardsTask | ReadyTask;

/** What each task answers, with the thread it ran on (0: the main thread). */
export type TaskAnswer<T extends SolverTask> = {
  readonly thread: number;
  readonly value: T extends MoveTask
    ? TableAction | null
    : T extends CheckTask
      ? SolverResult<ClaimCheck>
      : T extends PlayOnTask
        ? HandState | null
        : T extends SeatCardsTask
          ? DailyTurn[] | null
          : true;
};

/** Tasks run on this process's main thread (a server without a pool), by kind: a server with a pool runs none here. */
export const ranOnMainThread = { move: 0, check: 0, playOn: 0, seatCards: 0 };

/** Runs one task where it is called. */
export function runTask<T extends SolverTask>(task: T, thread: number): TaskAnswer<T> {
  if (isMainThread && task.kind !== 'ready') ranOnMainThread[task.kind]++;
  return { thread, value: answerOf(task) as TaskAnswer<T>['value'] };
}

function answerOf(task: SolverTask): TableAction | null | SolverResult<ClaimCheck> | HandState | DailyTurn[] | true {
  switch (task.kind) {
    case 'move':
      return computerMove(task.view, { level: task.level });
    case 'check': {
      const hand = parseState(task.hand);
      if (!hand.ok) return { ok: false, error: { code: 'INVALID_STATE', message: `the hand to check could not be read: ${hand.error.code}` } };
      return checkClaim(hand.value, { seat: task.seat, tricks: task.tricks }, { maxNodes: task.maxNodes });
    }
    case 'playOn': {
      const hand = parseState(task.hand);
      return hand.ok ? computerPlayOn(hand.value, { level: task.level, seed: task.seed }) : null;
    }
    case 'seatCards':
      return seatCards(task);
    case 'ready':
      return true;
  }
}

function seatCards(task: SeatCardsTask): DailyTurn[] | null {
  const start = parseState(task.start);
  if (!start.ok || !Array.isArray(task.plays)) return null;
  let hand = start.value;
  const turns: DailyTurn[] = [];
  for (const card of task.plays) {
    const seat = currentSeat(hand);
    if (seat === null || !isCard(card)) return null;
    if (seat === task.seat) {
      const view = playerViewOrThrow(hand, seat);
      turns.push({ trick: view.tricks.length + 1, played: card, computers: computerCard(view, { level: task.level, seed: task.seed }) });
    }
    const next = play(hand, seat, card);
    if (!next.ok) return null;
    hand = next.value;
  }
  return turns;
}
