/**
 * `whist/solver`: a double-dummy solver. Given the cards all four seats hold, how many tricks does each card take with best
 * play by all four seats?
 *
 * Pure TypeScript with no dependency and no platform API: it runs in Node, in browsers and in Web Workers.
 * Every card's score agrees with native DDS 2.9 (Bo Haglund and Soren Hein) on the 10,898 positions, 300
 * random deals and 1,000 tables of the project's reference set (`npm run solver:check`).
 *
 * The algorithm, one technique per module (Bo Haglund, DDS algorithm notes, `doc/Alg-dds_x` of dds-bridge/dds):
 * a zero-window alpha-beta search on "can this side take N tricks?" (search.ts, root.ts); quick tricks and
 * later-tricks cut-offs at the start of each trick (quick-tricks.ts, later-tricks.ts); a transposition table at
 * trick boundaries keyed on relative ranks (trans-table.ts; Matthew Ginsberg, "Partition search", AAAI-96);
 * equivalent cards searched as one move, ordered by heuristic weights (moves.ts); a mutable bitmask core with
 * make and unmake and no allocation in the search (core.ts).
 *
 * @example
 * ```ts
 * import { scorePosition } from 'whist/solver';
 *
 * const scores = scorePosition({
 *   cards: { N: ['AS', 'KH'], E: ['KS', 'AH'], S: ['QS', 'QH'], W: ['JS', 'JH'] },
 *   trump: null,
 *   leader: 'N',
 *   trick: [],
 * });
 * scores.ok && scores.value; // [{ card: 'AS', tricks: 1 }, { card: 'KH', tricks: 1 }]
 * ```
 *
 * @module whist/solver
 */

import type { Card, Suit } from '../cards.js';
import { cardsHeld, currentTrick, type HandState, isHandComplete, legalMoves, notMade, progressOf } from '../hand/index.js';
import { type BySeat, SEATS, type Seat } from '../seats.js';
import { Engine, type RawScore } from './engine.js';
import { isProblem, type ParsedPosition, parsePosition, type SolverPosition } from './position.js';
import { leaderGuess, TABLE_LEADERS } from './root.js';
import {
  type Failure,
  failure,
  guarded,
  isFailure,
  limitsOf,
  type RunLimits,
  type SolveOptions,
  type SolverResult,
  type StopReason,
  stopped,
} from './shell.js';

export type { SolverPosition } from './position.js';
export type { SolveOptions, SolverError, SolverErrorInfo, SolverResult } from './shell.js';

/** A legal card and the tricks its side takes from here if it is played, with best play by all afterwards. */
export interface CardScore {
  /** The card. */
  readonly card: Card;
  /** Tricks the side of the seat to play takes from this point to the end of the hand, the trick in progress included. */
  readonly tricks: number;
}

/** Options of {@link createSolver}. */
export interface SolverOptions {
  /**
   * The most memory, in megabytes, the solver's transposition table may take (default 64, at least 1, at most
   * 1024). The table starts small and grows as needed; at the bound it is cleared and starts again.
   */
  readonly memoryMB?: number | undefined;
}

/**
 * The double-dummy table of a deal: for each strain (spades, hearts, diamonds, clubs, no trump) and each
 * declarer, the tricks declarer takes when the player on declarer's left leads to the first trick.
 */
export type DDTable = { readonly [strain in Suit | 'NT']: BySeat<number> };

/**
 * A solver that keeps its transposition table between calls: analysing one hand card by card, or many
 * positions of the same deal, reuses work. A position whose cards sit with other seats (another deal) empties the
 * table first, as DDS does. Its memory stays within the bound given to {@link createSolver}.
 */
export interface Solver {
  /** Like the top-level {@link solvePosition}, reusing this solver's table. */
  solvePosition(position: SolverPosition, options?: SolveOptions): SolverResult<number>;
  /** Like the top-level {@link scorePosition}, reusing this solver's table. */
  scorePosition(position: SolverPosition, options?: SolveOptions): SolverResult<CardScore[]>;
  /** Like the top-level {@link solve}, reusing this solver's table. */
  solve(state: HandState, options?: SolveOptions): SolverResult<number>;
  /** Like the top-level {@link scoreMoves}, reusing this solver's table. */
  scoreMoves(state: HandState, options?: SolveOptions): SolverResult<CardScore[]>;
  /** Like the top-level {@link ddTable}, reusing this solver's table. */
  ddTable(deal: BySeat<readonly Card[]>, options?: SolveOptions): SolverResult<DDTable>;
  /** Forgets everything learnt: empties the transposition table (its memory stays allocated) and the move hints. */
  clear(): void;
  /** Bytes the transposition table takes now. */
  readonly memoryBytes: number;
  /** Search nodes of the last call. */
  readonly lastNodes: number;
}

const DEFAULT_MEMORY_MB = 64;
const MAX_MEMORY_MB = 1024;

function parsed(position: unknown): ParsedPosition | Failure {
  const p = parsePosition(position);
  return isProblem(p) ? failure('INVALID_STATE', p.message, p.path) : p;
}

/** The position of a hand state, through the library's public selectors. */
function positionOfState(state: HandState): SolverPosition | Failure {
  if (progressOf(state) === undefined) return failure('INVALID_STATE', notMade(state).message);
  if (isHandComplete(state)) return failure('INVALID_STATE', 'the hand is complete: no card is left to play');
  const trick = currentTrick(state);
  if (trick === null) return failure('INVALID_STATE', 'the hand is complete: no card is left to play');
  const cards = { N: cardsHeld(state, 'N'), E: cardsHeld(state, 'E'), S: cardsHeld(state, 'S'), W: cardsHeld(state, 'W') };
  return { cards, trump: state.trump, leader: trick.leader, trick: trick.cards };
}

class SolverImpl implements Solver {
  private engine: Engine;
  /** Whether a call of this solver is running. */
  private busy = false;

  constructor(memoryMB: number) {
    this.engine = new Engine(memoryMB * 1024 * 1024);
  }

  /**
   * Runs `body`; a call made while another call of this solver runs (from inside its signal's getter) runs on an
   * engine of its own with the same memory bound, so that the call it interrupted goes on from where it was.
   */
  private exclusive<T>(body: () => T): T {
    if (this.busy) {
      const outer = this.engine;
      this.engine = new Engine(outer.tt.maxBytes);
      try {
        return body();
      } finally {
        outer.lastNodes = this.engine.lastNodes;
        this.engine = outer;
      }
    }
    this.busy = true;
    try {
      return body();
    } finally {
      this.busy = false;
    }
  }

  get memoryBytes(): number {
    return this.engine.tt.bytes;
  }

  get lastNodes(): number {
    return this.engine.lastNodes;
  }

  clear(): void {
    this.engine.clear();
  }

  solvePosition(position: SolverPosition, options?: SolveOptions): SolverResult<number> {
    return this.run(
      'the position',
      options,
      () => position,
      (p, limits) => this.valueOf(p, limits),
    );
  }

  scorePosition(position: SolverPosition, options?: SolveOptions): SolverResult<CardScore[]> {
    return this.run(
      'the position',
      options,
      () => position,
      (p, limits) => this.scoresOf(p, limits),
    );
  }

  solve(state: HandState, options?: SolveOptions): SolverResult<number> {
    return this.run(
      'the state',
      options,
      () => positionOfState(state),
      (p, limits) => this.valueOf(p, limits),
    );
  }

  scoreMoves(state: HandState, options?: SolveOptions): SolverResult<CardScore[]> {
    return this.run(
      'the state',
      options,
      () => positionOfState(state),
      (p, limits) => {
        const scores = this.scoresOf(p, limits);
        if (!scores.ok) return scores;
        // In the order of legalMoves, whatever order that is.
        const byCard = new Map<Card, number>(scores.value.map((s) => [s.card, s.tricks]));
        const out: CardScore[] = [];
        for (const card of legalMoves(state)) {
          const tricks = byCard.get(card);
          if (tricks === undefined) return failure('INVALID_STATE', `${card} is legal in the state but not in its position`);
          out.push({ card, tricks });
        }
        return { ok: true, value: out };
      },
    );
  }

  ddTable(deal: BySeat<readonly Card[]>, options?: SolveOptions): SolverResult<DDTable> {
    return this.exclusive(() => this.ddTableNow(deal, options));
  }

  private ddTableNow(deal: BySeat<readonly Card[]>, options?: SolveOptions): SolverResult<DDTable> {
    return guarded(() => {
      const limits = limitsOf(options);
      if (isFailure(limits)) return limits;
      const base = parsed({ cards: deal, trump: null, leader: 'N', trick: [] });
      if (isFailure(base)) {
        const path = base.error.path?.replace(/^cards\.?/, '') ?? '';
        return failure('INVALID_STATE', base.error.message.replace(/^cards\./, ''), path === '' ? undefined : path);
      }
      const strains: (Suit | 'NT')[] = ['S', 'H', 'D', 'C', 'NT'];
      const table: Record<string, Record<Seat, number>> = {};
      const engine = this.engine;
      // The budget is the whole call's: each of the 20 values gets what the ones before it left.
      let used = 0;
      try {
        for (let t = 0; t < 5; t++) {
          // Results found with another trump never apply: emptied, as DDS does for a new trump, so that the
          // table's budget goes to this strain's.
          if (t > 0) engine.tt.clear();
          const row: Record<Seat, number> = { N: 0, E: 0, S: 0, W: 0 };
          // The first leader's guess is half the tricks; each other's, what its side took when the last one led.
          let last = -1;
          let lastValue = 0;
          for (const leader of TABLE_LEADERS) {
            if (used > limits.maxNodes) return stopped('budget', limits);
            const guess = leaderGuess(base.tricks, leader, last, lastValue);
            const p: ParsedPosition = { ...base, trump: t === 4 ? -1 : t, leader, toPlay: leader };
            const v = engine.value(p, { signal: limits.signal, maxNodes: limits.maxNodes - used }, guess);
            used += engine.lastNodes;
            if (typeof v !== 'number') return stopped(v, limits);
            // Declarer sits on the leader's right.
            row[SEATS[(leader + 3) & 3] as Seat] = base.tricks - v;
            last = leader;
            lastValue = v;
          }
          table[strains[t] as string] = row;
        }
      } finally {
        engine.lastNodes = used;
      }
      return { ok: true, value: table as unknown as DDTable };
    }, 'the deal');
  }

  /** Checks the options, then the position `source` gives, then runs `body` on both; never throws. */
  private run<T>(
    what: string,
    options: SolveOptions | undefined,
    source: () => SolverPosition | Failure,
    body: (p: ParsedPosition, limits: RunLimits) => SolverResult<T>,
  ): SolverResult<T> {
    return this.exclusive(() =>
      guarded(() => {
        const limits = limitsOf(options);
        if (isFailure(limits)) return limits;
        const position = source();
        if (isFailure(position)) return position;
        const p = parsed(position);
        if (isFailure(p)) return p;
        return body(p, limits);
      }, what),
    );
  }

  private valueOf(p: ParsedPosition, limits: RunLimits): SolverResult<number> {
    const v = this.engine.value(p, limits, p.tricks >> 1);
    return typeof v === 'number' ? { ok: true, value: v } : stopped(v, limits);
  }

  private scoresOf(p: ParsedPosition, limits: RunLimits): SolverResult<CardScore[]> {
    const s = this.engine.scores(p, limits);
    return Array.isArray(s) ? { ok: true, value: s as RawScore[] } : stopped(s as StopReason, limits);
  }
}

/**
 * Makes a solver that keeps its transposition table between calls, within a memory bound.
 *
 * Use one when solving many positions: the cards of one hand one after another (an analysis), or a hint button
 * during play. The top-level functions start each call from an empty table (reusing one table's memory while the
 * garbage collector lets it live).
 *
 * @param options - `{ memoryMB }`: the most memory the table may take, in megabytes (default 64, 1 to 1024)
 * @returns `{ ok: true, value: solver }`, or `INVALID_ARGUMENT` for options that are not an object or a
 *   `memoryMB` that is not a number from 1 to 1024
 * @example
 * ```ts
 * import { createSolver } from 'whist/solver';
 *
 * const made = createSolver({ memoryMB: 16 });
 * if (!made.ok) throw new Error(made.error.message);
 * const solver = made.value;
 * const position = { cards: { N: ['AS', 'KH'], E: ['KS', 'AH'], S: ['QS', 'QH'], W: ['JS', 'JH'] }, trump: 'H', leader: 'N', trick: [] } as const;
 * solver.solvePosition(position); // { ok: true, value: 1 }
 * solver.memoryBytes <= 16 * 1024 * 1024; // true
 * createSolver({ memoryMB: 0 }).ok; // false
 * ```
 * @remarks Source: Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds): the transposition table is
 *   kept between calls for the same deal.
 */
export function createSolver(options?: SolverOptions): SolverResult<Solver> {
  return guarded(() => {
    if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
      return failure('INVALID_ARGUMENT', 'options must be an object');
    }
    const mb = options?.memoryMB ?? DEFAULT_MEMORY_MB;
    if (typeof mb !== 'number' || !(mb >= 1 && mb <= MAX_MEMORY_MB)) {
      return failure('INVALID_ARGUMENT', `options.memoryMB must be a number from 1 to ${MAX_MEMORY_MB}`, 'memoryMB');
    }
    return { ok: true, value: new SolverImpl(mb) };
  }, 'the options');
}

/**
 * The solver of the top-level calls, while the garbage collector lets it live: its table's memory is reused
 * from one call to the next (as DDS keeps its memory between calls), and emptied at the start of each, so a
 * call's answer and its node count depend on its arguments alone. A call made while another is running (from
 * inside an option's getter) gets a fresh solver of its own.
 */
let kept: WeakRef<SolverImpl> | undefined;
let keptBusy = false;

/** Runs `body` on an empty solver with the default memory bound. */
function oneShot<T>(body: (solver: SolverImpl) => T): T {
  let solver = keptBusy ? undefined : kept?.deref();
  if (solver === undefined) {
    solver = new SolverImpl(DEFAULT_MEMORY_MB);
    if (!keptBusy && typeof WeakRef === 'function') kept = new WeakRef(solver);
  } else solver.clear();
  if (solver !== kept?.deref()) return body(solver);
  keptBusy = true;
  try {
    return body(solver);
  } finally {
    keptBusy = false;
  }
}

/**
 * The tricks the side to play takes from a position to the end of the hand, the trick in progress included,
 * with best play by all four seats.
 *
 * @param position - the cards each seat holds, trump, the trick's leader and its cards so far (see {@link SolverPosition})
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions})
 * @returns `{ ok: true, value: tricks }`; `INVALID_STATE` for a position that is not one, with `path`;
 *   `INVALID_ARGUMENT` for bad options; `ABORTED` when stopped by the signal or the budget
 * @example
 * ```ts
 * import { solvePosition } from 'whist/solver';
 *
 * // North leads, hearts are trump: the ace of spades wins, then east's ace of hearts does.
 * const r = solvePosition({ cards: { N: ['AS', 'KH'], E: ['KS', 'AH'], S: ['QS', 'QH'], W: ['JS', 'JH'] }, trump: 'H', leader: 'N', trick: [] });
 * r; // { ok: true, value: 1 }
 * // Mid-trick, south to play: east discarded on north's king of hearts, which wins; then the ace of spades.
 * const mid = solvePosition({ cards: { N: ['AS'], E: ['AH'], S: ['QS', 'QH'], W: ['JS', 'JH'] }, trump: null, leader: 'N', trick: ['KH', 'KS'] });
 * mid; // { ok: true, value: 2 }
 * solvePosition({ cards: { N: ['AS'], E: ['KS'], S: ['QS'], W: ['JS', '2S'] }, trump: null, leader: 'N', trick: [] }).ok; // false
 * ```
 * @remarks Source: Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds): zero-window searches for
 *   the number of tricks; Matthew Ginsberg, "Partition search", AAAI-96.
 */
export function solvePosition(position: SolverPosition, options?: SolveOptions): SolverResult<number> {
  return oneShot((solver) => solver.solvePosition(position, options));
}

/**
 * Every legal card of the seat to play, with the tricks its side takes if that card is played.
 *
 * @param position - the cards each seat holds, trump, the trick's leader and its cards so far (see {@link SolverPosition})
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions})
 * @returns `{ ok: true, value: [{ card, tricks }, …] }` in the canonical order of legal cards (suits S H D C,
 *   each from the ace down); `INVALID_STATE` for a position that is not one; `INVALID_ARGUMENT` for bad
 *   options; `ABORTED` when stopped
 * @example
 * ```ts
 * import { scorePosition } from 'whist/solver';
 *
 * // Hearts are trump and north leads: the ace draws east's queen; the ten lets the queen win a trick.
 * const r = scorePosition({ cards: { N: ['AH', 'TH'], E: ['TS', 'QH'], S: ['JH', '9H'], W: ['JS', 'QS'] }, trump: 'H', leader: 'N', trick: [] });
 * r.ok && r.value; // [{ card: 'AH', tricks: 2 }, { card: 'TH', tricks: 1 }]
 * ```
 * @remarks Source: Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds), `SolveBoard` with every
 *   card scored.
 */
export function scorePosition(position: SolverPosition, options?: SolveOptions): SolverResult<CardScore[]> {
  return oneShot((solver) => solver.scorePosition(position, options));
}

/**
 * The tricks the side to play takes from a hand state to the end of the hand, the trick in progress included,
 * with best play by all four seats.
 *
 * @param state - a hand state at any point before the end (from `deal` and `play`)
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions})
 * @returns `{ ok: true, value: tricks }`; `INVALID_STATE` for a value that is not a hand state or a complete
 *   hand; `INVALID_ARGUMENT` for bad options or an input that throws when read; `ABORTED` when stopped
 * @example
 * ```ts
 * import { dealHand, SHORT_WHIST } from 'whist';
 * import { solve } from 'whist/solver';
 *
 * const cards = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';
 * const dealt = dealHand(SHORT_WHIST, { dealer: 'N', cards, trump: 'S' });
 * const r = dealt.ok ? solve(dealt.value) : dealt;
 * r; // { ok: true, value: 0 }
 * ```
 * @remarks Source: Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds).
 */
export function solve(state: HandState, options?: SolveOptions): SolverResult<number> {
  return oneShot((solver) => solver.solve(state, options));
}

/**
 * Every legal card of the seat to play in a hand state, with the tricks its side takes if that card is played,
 * in the order of `legalMoves`.
 *
 * @param state - a hand state at any point before the end (from `deal` and `play`)
 * @param options - `{ signal, maxNodes }`: optional limits (see {@link SolveOptions})
 * @returns `{ ok: true, value: [{ card, tricks }, …] }`; `INVALID_STATE` for a value that is not a hand state
 *   or a complete hand; `INVALID_ARGUMENT` for bad options or an input that throws when read; `ABORTED` when
 *   stopped
 * @example
 * ```ts
 * import { dealHand, SHORT_WHIST } from 'whist';
 * import { scoreMoves } from 'whist/solver';
 *
 * const cards = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';
 * const dealt = dealHand(SHORT_WHIST, { dealer: 'W', cards, trump: 'S' });
 * const r = dealt.ok ? scoreMoves(dealt.value) : dealt;
 * r.ok && r.value.every((s) => s.tricks === 13); // true
 * ```
 * @remarks Source: Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds), `SolveBoard` with every
 *   card scored.
 */
export function scoreMoves(state: HandState, options?: SolveOptions): SolverResult<CardScore[]> {
  return oneShot((solver) => solver.scoreMoves(state, options));
}

/**
 * The double-dummy table of a deal: for each strain and declarer, the tricks declarer takes when the player on
 * declarer's left leads.
 *
 * A Whist hand with trump `T` dealt by `D` is the bridge question "declarer `D`, strain `T`".
 *
 * @param deal - the cards each seat holds, the same number each (13 for a full deal)
 * @param options - `{ signal, maxNodes }`: optional limits for the whole table, its 20 solves together (see
 *   {@link SolveOptions}); a solver's `lastNodes` is then the nodes of all 20
 * @returns `{ ok: true, value: { S, H, D, C, NT } }`, each `{ N, E, S, W }`; `INVALID_STATE` for a deal that is
 *   not one (a bad card, a card twice, seats holding different numbers of cards); `INVALID_ARGUMENT` for bad options; `ABORTED`
 *   when stopped
 * @example
 * ```ts
 * import { ddTable } from 'whist/solver';
 *
 * const t = ddTable({ N: ['AS', 'KS', 'AH', '2D'], E: ['QS', 'JS', 'KH', 'AD'], S: ['2S', '3S', '2H', 'KD'], W: ['4S', 'QH', 'JH', '3D'] });
 * t.ok && t.value.NT; // { N: 3, E: 1, S: 3, W: 1 }
 * t.ok && t.value.H; // { N: 2, E: 2, S: 2, W: 2 }
 * ```
 * @remarks Source: DDS's `CalcDDtable` (dds-bridge/dds): the same 20 results, checked against its own 1,000-deal
 *   test set. As there, the transposition table is emptied before each strain: results found with another trump
 *   never apply. Within a strain it is kept, and the leaders are solved N, S, E, W, each from a guess of what its
 *   side took when the last one led ([docs/solver.md](https://github.com/whist-js/whist/blob/main/docs/solver.md), "Where a table's work goes").
 */
export function ddTable(deal: BySeat<readonly Card[]>, options?: SolveOptions): SolverResult<DDTable> {
  return oneShot((solver) => solver.ddTable(deal, options));
}

export {
  type CardTimes,
  type Estimate,
  gapClosed,
  type MatchDealResult,
  type MatchOptions,
  type MatchPlayer,
  type MatchReport,
  playMatch,
} from '../match.js';
export { CLAIM_NODES, type Claim, type ClaimCheck, type ClaimHeld, type ClaimRefused, checkClaim, claimableTricks } from './claims.js';
export { type CardValue, type CardValues, cardValues, HINT_LAYOUTS, hintValues } from './hints.js';
export { SAMPLING_LEVELS, type SamplingLevel, type SamplingLevelSettings, type SamplingOptions, samplingPlayer } from './sampling.js';
export {
  type ComputerCardOptions,
  type ComputerMoveOptions,
  type ComputerPlayOnOptions,
  checkSeatClaim,
  computerCard,
  computerMove,
  computerPlayOn,
  type SeatClaimOptions,
} from './seat.js';
