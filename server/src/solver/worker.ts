/**
 * A worker thread of the solver pool (pool.ts): runs each task it is given (tasks.ts) and answers with its
 * value and the thread it ran on.
 *
 * @module
 */

import { threadId } from 'node:worker_threads';
import { runTask, type SolverTask, type TaskAnswer } from './tasks.js';

export default function run(task: SolverTask): TaskAnswer<SolverTask> {
  return runTask(task, threadId);
}
