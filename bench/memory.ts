/**
 * Memory figures, run in a process of its own (`node --expose-gc --import tsx bench/memory.ts`) so that
 * nothing else lives in the heap; bench/run.ts starts it and reads its JSON from stdout.
 *
 * 1. Bytes retained per state in a 52-play history: every state of many random hands is kept alive
 *    (53 per hand: the deal and the state after each play), the heap is measured after full garbage
 *    collections before and after, and the difference is divided by the number of states. Structure
 *    shared between consecutive states (the rules, untouched hands, finished tricks) is counted once,
 *    which is the point of sharing.
 * 2. The peak heap of a 1,000-rubber simulation: one table, heuristic players, rubber after rubber
 *    (`newRubber` between them), the heap sampled after every hand.
 *
 * Prints one line of JSON. `--histories N` (default 400) and `--rubbers N` (default 1000) change the sizes.
 */

import { type Card, FULL_DECK } from '../src/cards.js';
import { currentSeat, dealHand, type HandState, legalMoves, play } from '../src/hand/index.js';
import { Generator, seedRandom, shuffleInPlace } from '../src/random.js';
import { SEATS, type Seat } from '../src/seats.js';
import { finishedRubbers } from '../src/table/index.js';
import { RULES } from './games.js';
import { finishRubber, nextRubber, openTable } from './rubber.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('bench/memory.ts needs node --expose-gc');
  process.exit(2);
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function fullGc(): void {
  for (let i = 0; i < 4; i++) (gc as () => void)();
}

function heapUsed(): number {
  return process.memoryUsage().heapUsed;
}

/** The 53 states of one random hand. */
function history(g: Generator, dealer: Seat): HandState[] {
  const deck = [...FULL_DECK];
  shuffleInPlace(g, deck);
  const dealt = dealHand(RULES, { dealer, deck });
  if (!dealt.ok) throw new Error(dealt.error.message);
  const states = [dealt.value];
  let state = dealt.value;
  for (let k = 0; k < 52; k++) {
    const moves = legalMoves(state);
    const next = play(state, currentSeat(state) as Seat, moves[g.int(moves.length)] as Card);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
    states.push(state);
  }
  return states;
}

function bytesPerState(count: number): { states: number; bytesPerState: number; jsonBytesDealt: number; jsonBytesComplete: number } {
  const g = new Generator(seedRandom(1).s);
  history(g, 'N'); // warm the code up outside the measured window
  const keep: HandState[][] = new Array(count);
  // The holder arrays are measured alone first and subtracted: they are not part of any state.
  fullGc();
  const h0 = heapUsed();
  for (let i = 0; i < count; i++) keep[i] = new Array<HandState>(53);
  fullGc();
  const holders = heapUsed() - h0;
  for (let i = 0; i < count; i++) {
    const states = history(g, SEATS[i & 3] as Seat);
    const slot = keep[i] as HandState[];
    for (let k = 0; k < 53; k++) slot[k] = states[k] as HandState;
  }
  fullGc();
  const h1 = heapUsed();
  const states = count * 53;
  const first = (keep[0] as HandState[])[0] as HandState;
  const last = (keep[0] as HandState[])[52] as HandState;
  const result = {
    states,
    bytesPerState: Math.round((h1 - h0 - holders) / states),
    jsonBytesDealt: JSON.stringify(first).length,
    jsonBytesComplete: JSON.stringify(last).length,
  };
  keep.length = 0;
  return result;
}

function rubberSimulation(rubbers: number): {
  rubbers: number;
  hands: number;
  baselineHeap: number;
  peakHeapUsed: number;
  peakHeapTotal: number;
  retainedAfter: number;
  ms: number;
} {
  finishRubber(openTable(99)); // warm up
  fullGc();
  const baseline = heapUsed();
  let peakUsed = baseline;
  let peakTotal = process.memoryUsage().heapTotal;
  const sample = (): void => {
    const m = process.memoryUsage();
    if (m.heapUsed > peakUsed) peakUsed = m.heapUsed;
    if (m.heapTotal > peakTotal) peakTotal = m.heapTotal;
  };
  const t0 = performance.now();
  let table = openTable(1);
  let hands = 0;
  for (let r = 0; r < rubbers; r++) {
    if (r > 0) table = nextRubber(table);
    const done = finishRubber(table, sample);
    table = done.table;
    hands += done.hands;
  }
  const ms = performance.now() - t0;
  fullGc();
  const retainedAfter = heapUsed() - baseline;
  if (finishedRubbers(table).length !== rubbers - 1) throw new Error('the table lost rubbers');
  return { rubbers, hands, baselineHeap: baseline, peakHeapUsed: peakUsed, peakHeapTotal: peakTotal, retainedAfter, ms: Math.round(ms) };
}

const perState = bytesPerState(arg('histories', 400));
const simulation = rubberSimulation(arg('rubbers', 1000));
console.log(JSON.stringify({ perState, simulation }));
