/**
 * Where the solver's work runs: a pool of worker threads (piscina), so that no request waits on a search.
 * A claim's check (`WHIST_CLAIMS=checked`, and the counter-example of a claim played on) and a computer
 * player's decision run there; the event loop of the process only sends a task (plain JSON: a table view,
 * a hand state) and reads its answer. The library decides in the worker exactly as it would on the main
 * thread (tasks.ts).
 *
 * The budget: `threads` workers (`WHIST_SOLVER_THREADS`, by default one fewer than the cores, at least one)
 * and at most `queue` tasks waiting for one (`WHIST_SOLVER_QUEUE`); a task past that is refused with 503
 * `SERVER_BUSY`, and a computer player tries again later. The workers run at a lower priority than the
 * event loop (`nice` 10, where the operating system allows it), so that on a busy machine a search waits
 * for the cores, not a request. The pool is started, and each worker has loaded
 * the library, before the server listens: a pool that cannot start stops the server at startup.
 *
 * The worker is this folder's `worker.ts`, TypeScript: run with tsx (`npm start`) the workers inherit its
 * loader; otherwise (a test runner that compiles TypeScript itself) they are given tsx's.
 *
 * @module
 */

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ComputerLevel, HandState, Seat, TableAction, TableView } from 'whist';
import type { ClaimCheck, SolverResult } from 'whist/solver';
import type { DailyTurn } from '../answers.js';
import { ApiError, whyOf } from '../errors.js';
import { type CheckTask, type MoveTask, type PlayOnTask, runTask, type SeatCardsTask, type SolverTask, type TaskAnswer } from './tasks.js';

/** Who runs the solver's work: a claim's check and a computer player's decision, answered later. */
export interface Solver {
  /** `computerMove(view, { level })`: the action of the seat whose view it is, or `null`. */
  move(view: TableView, level: ComputerLevel): Promise<TableAction | null>;
  /** `checkClaim(hand, { seat, tricks }, { maxNodes })`, `hand` a hand state the library made. */
  check(hand: unknown, seat: Seat, tricks: number, maxNodes: number): Promise<SolverResult<ClaimCheck>>;
  /** `computerPlayOn(hand, { level, seed })`: the board played to its end by computer players; `null` for a hand that could not be read. */
  playOn(hand: unknown, level: ComputerLevel, seed: number): Promise<HandState | null>;
  /** A seat's play beside the computer players' (`SeatCardsTask`); `null` for a start or a play that could not be read. */
  seatCards(start: unknown, plays: readonly string[], seat: Seat, level: ComputerLevel, seed: number): Promise<DailyTurn[] | null>;
  /** Tasks in progress or waiting now. */
  readonly running: number;
  /** Tasks answered, by where they ran: on a worker thread or on the main thread. */
  readonly answered: { readonly worker: number; readonly main: number };
  close(): Promise<void>;
}

/** The default number of worker threads: one fewer than the cores, at least one. */
export function defaultSolverThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface SolverPoolOptions {
  /** Worker threads (default {@link defaultSolverThreads}). */
  readonly threads?: number;
  /** Tasks that may wait for a worker (default 64); past it a task is refused with 503 `SERVER_BUSY`. */
  readonly queue?: number;
}

/** Run from its TypeScript source (through tsx), or from a bundle in which the worker is `worker.js` beside this module's. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = fileURLToPath(new URL(FROM_SOURCE ? './worker.ts' : './worker.js', import.meta.url));

/** How much lower the workers' priority is than the event loop's (Linux's `nice`, 0 to 19). */
const WORKER_NICENESS = 10;

/** Node's options for the workers: the process's own, and tsx's loader when the process runs without it. */
function workerExecArgv(): string[] {
  const own = process.execArgv;
  if (!FROM_SOURCE || own.some((a) => /(^|[/\\])tsx([/\\]|$)|^tsx$|tsx\/dist\/loader/.test(a))) return own;
  const loader = createRequire(import.meta.url).resolve('tsx');
  return [...own, '--import', loader];
}

/** Counts where each answer was computed. */
class Answers {
  worker = 0;
  main = 0;
  count(thread: number): void {
    if (thread === 0) this.main++;
    else this.worker++;
  }
}

/** The solver's work on a pool of worker threads. Make one with {@link startSolverPool}. */
export class SolverPool implements Solver {
  private readonly answers = new Answers();
  private inFlight = 0;

  private constructor(
    private readonly pool: Piscina<SolverTask, TaskAnswer<SolverTask>>,
    readonly threads: number,
    readonly queue: number,
  ) {}

  /** Starts `threads` workers and waits until each has loaded the library; rejects, saying why, when they cannot. */
  static async start(options: SolverPoolOptions = {}): Promise<SolverPool> {
    const threads = options.threads ?? defaultSolverThreads();
    const queue = options.queue ?? 64;
    if (!Number.isInteger(threads) || threads < 1) throw new Error(`the solver pool needs at least one thread, got ${threads}`);
    const pool = new Piscina<SolverTask, TaskAnswer<SolverTask>>({
      filename: WORKER,
      minThreads: threads,
      maxThreads: threads,
      maxQueue: queue,
      idleTimeout: 2 ** 31 - 1,
      // A search yields the cores to the event loop: where the operating system allows it, the workers run at a lower priority.
      niceIncrement: WORKER_NICENESS,
      execArgv: workerExecArgv(),
    });
    const solver = new SolverPool(pool, threads, queue);
    try {
      await Promise.all(Array.from({ length: threads }, () => pool.run({ kind: 'ready' })));
    } catch (e) {
      await pool.destroy().catch(() => {});
      throw new Error(`the solver's worker threads could not start: ${whyOf(e)}`);
    }
    return solver;
  }

  get running(): number {
    return this.inFlight;
  }

  get answered(): { readonly worker: number; readonly main: number } {
    return { worker: this.answers.worker, main: this.answers.main };
  }

  private async run<T extends SolverTask>(task: T): Promise<TaskAnswer<T>['value']> {
    this.inFlight++;
    try {
      const answer = (await this.pool.run(task)) as TaskAnswer<T>;
      this.answers.count(answer.thread);
      return answer.value;
    } catch (e) {
      if (e instanceof Error && e.message === 'Task queue is at limit')
        throw new ApiError(503, 'SERVER_BUSY', `the solver has ${this.queue} tasks waiting: try again`, { 'retry-after': '1' });
      throw e;
    } finally {
      this.inFlight--;
    }
  }

  move(view: TableView, level: ComputerLevel): Promise<TableAction | null> {
    return this.run<MoveTask>({ kind: 'move', view, level });
  }

  check(hand: unknown, seat: Seat, tricks: number, maxNodes: number): Promise<SolverResult<ClaimCheck>> {
    return this.run<CheckTask>({ kind: 'check', hand, seat, tricks, maxNodes });
  }

  playOn(hand: unknown, level: ComputerLevel, seed: number): Promise<HandState | null> {
    return this.run<PlayOnTask>({ kind: 'playOn', hand, level, seed });
  }

  seatCards(start: unknown, plays: readonly string[], seat: Seat, level: ComputerLevel, seed: number): Promise<DailyTurn[] | null> {
    return this.run<SeatCardsTask>({ kind: 'seatCards', start, plays, seat, level, seed });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/** Starts a pool of worker threads for the solver's work. */
export function startSolverPool(options: SolverPoolOptions = {}): Promise<SolverPool> {
  return SolverPool.start(options);
}

/**
 * The solver's work on the calling thread, each task answered at once: for `Tables` made without a pool
 * (tools and tests of the tables alone). A server always has a pool (server.ts).
 */
export class InlineSolver implements Solver {
  private readonly answers = new Answers();
  readonly running = 0;

  get answered(): { readonly worker: number; readonly main: number } {
    return { worker: this.answers.worker, main: this.answers.main };
  }

  private run<T extends SolverTask>(task: T): Promise<TaskAnswer<T>['value']> {
    const answer = runTask(task, 0);
    this.answers.count(answer.thread);
    return Promise.resolve(answer.value);
  }

  move(view: TableView, level: ComputerLevel): Promise<TableAction | null> {
    return this.run<MoveTask>({ kind: 'move', view, level });
  }

  check(hand: unknown, seat: Seat, tricks: number, maxNodes: number): Promise<SolverResult<ClaimCheck>> {
    return this.run<CheckTask>({ kind: 'check', hand, seat, tricks, maxNodes });
  }

  playOn(hand: unknown, level: ComputerLevel, seed: number): Promise<HandState | null> {
    return this.run<PlayOnTask>({ kind: 'playOn', hand, level, seed });
  }

  seatCards(start: unknown, plays: readonly string[], seat: Seat, level: ComputerLevel, seed: number): Promise<DailyTurn[] | null> {
    return this.run<SeatCardsTask>({ kind: 'seatCards', start, plays, seat, level, seed });
  }

  async close(): Promise<void> {}
}
