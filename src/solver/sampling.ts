/**
 * A computer player that sees only its own seat's view and plays by sampling on the double-dummy solver:
 * it deals the unseen cards many times, each time consistent with what the seat has seen, scores every legal
 * card on each layout with the solver, and plays the card with the most tricks on average.
 *
 * Layouts are drawn exactly uniformly among those consistent with the view (no greedy dealing): the number of
 * layouts with each split of each suit between the three hidden hands is counted, a split is drawn in
 * proportion to its count, then the cards of each suit are shuffled into it. What the view fixes: the seat's
 * own cards, every card played, each seat's number of cards, the voids shown by failing to follow suit, and
 * the turned-up trump card, which the dealer holds until it is played. With the `inference` option (on by
 * default), each layout drawn is then kept with a probability that weighs what the first lead of each suit
 * says of the leader's cards, and what each card followed with says of the card just below it
 * (src/solver/sampling-inference.ts).
 *
 * @module
 */

import { CARD_BY_INDEX, type Card, cardIndex } from '../cards.js';
import { describe, WhistError } from '../errors.js';
import { heuristicPlayer } from '../players.js';
import { Generator, seedRandom } from '../random.js';
import type { PlayerView } from '../view.js';
import { beginRun, Core, endRun, loadPosition, STOP } from './core.js';
import { playoutRoot, resetHints, scoreRoot } from './root.js';
import { clues, weight } from './sampling-inference.js';
import { type Known, readSeen, viewOf } from './seen.js';
import { TransTable } from './trans-table.js';

/**
 * The strength levels of {@link samplingPlayer}, from the fastest to the strongest: how many layouts it
 * solves for each card, and the node budget of each solve. `'fast'`, `'standard'` and `'strong'` are for
 * play (a card in under a second of one core at `'strong'`); `'expert'` takes seconds a card,
 * for a review of play and a hint a person asks for, not for a seat at a table.
 */
export type SamplingLevel = 'fast' | 'standard' | 'strong' | 'expert';

/** Options of {@link samplingPlayer}. */
export interface SamplingOptions {
  /** The strength level (default `'standard'`); see {@link SAMPLING_LEVELS}. */
  readonly level?: SamplingLevel | undefined;
  /** A seed, a finite number (default 0): the same view and seed always give the same card. */
  readonly seed?: number | undefined;
  /** The number of layouts, 1 to 1,000, in place of the level's. */
  readonly layouts?: number | undefined;
  /** The node budget of each layout's solve, a positive number, in place of the level's. */
  readonly maxNodes?: number | undefined;
  /** The node budget of the card, all layouts together, a positive number, in place of the level's. */
  readonly cardNodes?: number | undefined;
  /**
   * The wall-clock budget of the card in milliseconds, a positive number, `Infinity` for none. Once it is
   * spent no layout is started and the one being solved is stopped, and the card is chosen from the layouts
   * solved so far. A card that reaches it depends on the machine's speed; one that does not is the same as
   * with no limit. For `samplingPlayer` the default is 1,000 ms at `'standard'`, 2,000 ms at `'strong'`, 8,000 ms
   * at `'expert'`, and none at `'fast'` (whose node budgets keep a card to tens of milliseconds); for `cardValues`, none.
   */
  readonly timeLimitMs?: number | undefined;
  /**
   * Weight the layouts by what the play says (default `true`): the first lead of each suit, and the card just
   * below each card followed with (see [docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md)); `false` draws every layout the view allows as likely as any other.
   */
  readonly inference?: boolean | undefined;
}

/** What a {@link SamplingLevel} means: layouts solved for each card, and the solver's node budgets. */
export interface SamplingLevelSettings {
  /** The most layouts dealt and solved for each card. */
  readonly layouts: number;
  /** The solver's node budget for one layout; a layout whose solve runs over it is left out. */
  readonly maxNodes: number;
  /**
   * The solver's node budget for one card, all layouts together: no layout is started once it is spent. While
   * no layout is solved, a layout whose solve is stopped is played out instead, which may pass it by that
   * playout's few hundred nodes (one card played a node).
   */
  readonly cardNodes: number;
}

/**
 * The settings of each {@link SamplingLevel}.
 *
 * @example
 * ```ts
 * import { SAMPLING_LEVELS } from 'whist/solver';
 *
 * SAMPLING_LEVELS.fast.layouts < SAMPLING_LEVELS.strong.layouts; // true
 * SAMPLING_LEVELS.strong.cardNodes < SAMPLING_LEVELS.expert.cardNodes; // true
 * ```
 * @remarks Source: Matthew Ginsberg, "GIB: Imperfect information in a computationally challenging game", JAIR 14
 *   (2001): the number of layouts per card trades strength for time.
 */
export const SAMPLING_LEVELS: { readonly [level in SamplingLevel]: SamplingLevelSettings } = Object.freeze({
  fast: Object.freeze({ layouts: 8, maxNodes: 30_000, cardNodes: 60_000 }),
  standard: Object.freeze({ layouts: 32, maxNodes: 250_000, cardNodes: 600_000 }),
  strong: Object.freeze({ layouts: 64, maxNodes: 500_000, cardNodes: 2_400_000 }),
  expert: Object.freeze({ layouts: 96, maxNodes: 1_000_000, cardNodes: 4_000_000 }),
});

const MAX_LAYOUTS = 1000;

/** Whether `x` names a {@link SamplingLevel} (a key of {@link SAMPLING_LEVELS}). */
function isSamplingLevel(x: unknown): x is SamplingLevel {
  return typeof x === 'string' && Object.hasOwn(SAMPLING_LEVELS, x);
}

function refuse(message: string, path: string): never {
  throw new WhistError({ code: 'INVALID_ARGUMENT', message, path });
}

export interface Settings extends SamplingLevelSettings {
  readonly seed: number;
  readonly inference: boolean;
  /** The card's wall-clock budget in milliseconds, or `Infinity`. */
  readonly timeLimitMs: number;
}

/**
 * The wall-clock budget of a sampling player's card at each level, in milliseconds, unless the options give
 * one: a safety net for a busy or slow machine, well above what the node budgets cost on one core.
 */
const TIME_LIMITS = { fast: Number.POSITIVE_INFINITY, standard: 1000, strong: 2000, expert: 8000 };

/** The options read once and checked, with the sampling player's defaults. */
export function readOptions(options: unknown): Settings {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options)))
    refuse(`options must be an object, got ${describe(options)}`, 'options');
  const o = (options ?? {}) as Record<string, unknown>;
  let base: Record<string, unknown> = { level: 'standard' };
  // Each option, or the level's value: checked by `ok`, which `what` describes.
  const read = (name: string, ok: (x: unknown) => boolean, what: string): unknown => {
    const x = o[name] === undefined ? base[name] : o[name];
    if (!ok(x)) refuse(`options.${name} must be ${what}, got ${describe(x)}`, name);
    return x;
  };
  const level = read('level', isSamplingLevel, "'fast', 'standard', 'strong' or 'expert'") as SamplingLevel;
  base = { ...SAMPLING_LEVELS[level], seed: 0, inference: true, timeLimitMs: TIME_LIMITS[level] };
  const positive = (x: unknown): boolean => typeof x === 'number' && x > 0;
  return {
    seed: read('seed', Number.isFinite, 'a finite number') as number,
    layouts: read(
      'layouts',
      (x) => Number.isInteger(x) && (x as number) >= 1 && (x as number) <= MAX_LAYOUTS,
      `a whole number from 1 to ${MAX_LAYOUTS}`,
    ) as number,
    maxNodes: read('maxNodes', positive, 'a positive number') as number,
    cardNodes: read('cardNodes', positive, 'a positive number') as number,
    timeLimitMs: read('timeLimitMs', positive, 'a positive number') as number,
    inference: read('inference', (x) => typeof x === 'boolean', 'true or false') as boolean,
  };
}

export type { Known } from './seen.js';

/** Reads and checks the view of the seat to play, once (src/solver/seen.ts). */
export function readKnown(view: unknown): Known {
  return readSeen(view, true);
}

/**
 * Exact uniform sampling of the hidden cards: `ways[s][a][b]` counts (as a float) the layouts of suits `s..3`
 * that give the first two hidden seats `a` and `b` more cards (the third takes the rest).
 */
export class LayoutSampler {
  private readonly hidden: number[];
  private readonly need: number[];
  /** The hidden cards, suit by suit. */
  readonly bySuit: number[][] = [[], [], [], []];
  private readonly allowed: boolean[][];
  private readonly ways: Float64Array[] = [];
  readonly possible: boolean;

  constructor(k: Known) {
    this.hidden = [1, 2, 3].map((d) => (k.me + d) & 3);
    const known = new Set<number>([...k.own, ...k.gone, ...k.trick]);
    if (k.turnUp >= 0) known.add(k.turnUp);
    for (let i = 0; i < 52; i++) if (!known.has(i)) this.bySuit[(i / 13) | 0]?.push(i);
    this.need = this.hidden.map((seat) => (k.counts[seat] as number) - (seat === k.dealer && k.turnUp >= 0 ? 1 : 0));
    this.allowed = this.hidden.map((seat) => [0, 1, 2, 3].map((s) => !(((k.voids[seat] as number) >> s) & 1)));
    const total = this.bySuit.reduce((n, list) => n + list.length, 0);
    const needed = this.need.reduce((a, b) => a + b, 0);
    if (total !== needed || this.need.some((n) => n < 0)) {
      this.possible = false;
      return;
    }
    // ways[4] is 1 where nothing is left to give, then each suit from the last back.
    const size = 14 * 14;
    const last = new Float64Array(size);
    last[0] = 1;
    this.ways[4] = last;
    let after = 0;
    for (let s = 3; s >= 0; s--) {
      const n = (this.bySuit[s] as number[]).length;
      const next = this.ways[s + 1] as Float64Array;
      const here = new Float64Array(size);
      after += n;
      for (let a = 0; a <= 13; a++) {
        for (let b = 0; a + b <= after && b <= 13; b++) {
          let sum = 0;
          this.splits(s, a, b, after, (ka, kb, w) => {
            sum += w * (next[(a - ka) * 14 + (b - kb)] as number);
          });
          here[a * 14 + b] = sum;
        }
      }
      this.ways[s] = here;
    }
    this.possible = ((this.ways[0] as Float64Array)[(this.need[0] as number) * 14 + (this.need[1] as number)] as number) > 0;
  }

  /** Whether card index `c` is hidden: in none of the view's known places, so a layout deals it. */
  hides(c: number): boolean {
    return (this.bySuit[(c / 13) | 0] as number[]).includes(c);
  }

  /** Each split of suit `s` (ka, kb to the first two hidden seats, the rest to the third) allowed, with its count. */
  private splits(s: number, a: number, b: number, remaining: number, each: (ka: number, kb: number, ways: number) => void): void {
    const n = (this.bySuit[s] as number[]).length;
    const c = remaining - a - b;
    const [okA, okB, okC] = [this.allowed[0]?.[s], this.allowed[1]?.[s], this.allowed[2]?.[s]];
    for (let ka = 0; ka <= Math.min(n, a); ka++) {
      if (ka > 0 && !okA) break;
      for (let kb = 0; ka + kb <= n && kb <= b; kb++) {
        if (kb > 0 && !okB) break;
        const kc = n - ka - kb;
        if (kc > c || (kc > 0 && !okC)) continue;
        each(ka, kb, multinomial(n, ka, kb, kc));
      }
    }
  }

  /** Draws a layout: the hidden seats' rank masks written into `hands` (`hands[seat * 4 + suit]`). */
  draw(g: Generator, hands: Int32Array): void {
    let a = this.need[0] as number;
    let b = this.need[1] as number;
    let remaining = a + b + (this.need[2] as number);
    for (let s = 0; s < 4; s++) {
      const next = this.ways[s + 1] as Float64Array;
      const total = (this.ways[s] as Float64Array)[a * 14 + b] as number;
      let x = (g.next() * 0x200000 + (g.next() >>> 11)) / 2 ** 53;
      x *= total;
      let pick: [number, number] = [-1, -1];
      let lastOk: [number, number] = [-1, -1];
      this.splits(s, a, b, remaining, (ka, kb, w) => {
        const weight = w * (next[(a - ka) * 14 + (b - kb)] as number);
        if (weight <= 0 || pick[0] >= 0) return;
        lastOk = [ka, kb];
        if (x < weight) pick = [ka, kb];
        else x -= weight;
      });
      if (pick[0] < 0) pick = lastOk;
      const [ka, kb] = pick;
      const cards = (this.bySuit[s] as number[]).slice();
      // Fisher-Yates, then the first ka to the first hidden seat, the next kb to the second, the rest to the third.
      for (let i = cards.length - 1; i > 0; i--) {
        const j = g.int(i + 1);
        const t = cards[i] as number;
        cards[i] = cards[j] as number;
        cards[j] = t;
      }
      cards.forEach((card, i) => {
        const who = i < ka ? 0 : i < ka + kb ? 1 : 2;
        const k = (this.hidden[who] as number) * 4 + s;
        hands[k] = (hands[k] as number) | (1 << (card - s * 13));
      });
      remaining -= cards.length;
      a -= ka;
      b -= kb;
    }
  }
}

const FACTORIAL: number[] = [1];
for (let i = 1; i <= 13; i++) FACTORIAL[i] = (FACTORIAL[i - 1] as number) * i;

function multinomial(n: number, a: number, b: number, c: number): number {
  return (FACTORIAL[n] as number) / ((FACTORIAL[a] as number) * (FACTORIAL[b] as number) * (FACTORIAL[c] as number));
}

/**
 * The most layouts drawn for one that is kept: a draw costs about 2 µs, and from the fourth trick to the tenth, where
 * the cards followed with deny many cards, a tenth of the views keep one layout in twelve or fewer
 * ([docs/players.md](https://github.com/whist-js/whist/blob/main/docs/players.md), "What the play says, measured").
 */
const MOST_DRAWS = 200;

/** One solver core and table, made on first use and emptied at the start of every call. */
let shared: { core: Core; tt: TransTable } | null = null;

/**
 * @internal Draws the layouts of a view one by one: uniformly, or with the play's clues, each drawn layout
 * kept with a probability equal to its weight (after {@link MOST_DRAWS} draws, the heaviest of them).
 */
export function layoutDrawer(k: Known, sampler: LayoutSampler, seed: number, inference: boolean): (hands: Int32Array) => void {
  const g = new Generator(seedRandom(`${seed}|${k.key}`).s);
  const base = new Int32Array(16);
  const give = (seat: number, card: number): void => {
    const i = seat * 4 + ((card / 13) | 0);
    base[i] = (base[i] as number) | (1 << (card % 13));
  };
  for (const card of k.own) give(k.me, card);
  if (k.turnUp >= 0) give(k.dealer, k.turnUp);
  const list = inference ? clues(k, (c) => sampler.hides(c)) : [];
  const heaviest = new Int32Array(16);
  return (hands) => {
    let most = -1;
    for (let t = 0; ; t++) {
      hands.set(base);
      sampler.draw(g, hands);
      if (list.length === 0) return;
      const w = weight(list, hands);
      if (g.next() < w * 2 ** 32) return;
      if (w > most) {
        most = w;
        heaviest.set(hands);
      }
      if (t === MOST_DRAWS - 1) return hands.set(heaviest);
    }
  };
}

/** @internal What {@link sumOverLayouts} found. */
export interface LayoutSums {
  /** Per card index, the tricks summed over the layouts solved. */
  readonly sums: Float64Array;
  /** The layouts solved: the sums are over these. */
  readonly solved: number;
  /**
   * When no layout was solved: per card index, the tricks summed over the layouts played out instead (each
   * legal card played, then the hand played on by the solver's move ordering, without search).
   */
  readonly estimates: Float64Array;
  /** The layouts played out (0 when one was solved). */
  readonly playedOut: number;
  /** The nodes searched and played, all layouts together. */
  readonly nodes: number;
}

/**
 * @internal The sums of tricks of each card index over the layouts a view and seed draw, each solved within
 * the settings' budgets (a layout over its node budget is left out; the time limit ends the sum), and how
 * many were solved, with the nodes searched: what the sampling player chooses by and `cardValues` reports.
 *
 * There is always an answer. While no layout is solved, each layout whose solve is stopped is played out
 * instead, a few hundred nodes at most (see `playoutRoot`); when the budgets end with no layout solved, more
 * layouts are played out while the card's node budget allows (up to `o.layouts`), and one at least, even
 * when a time limit was spent before the first layout. The estimates count only while no layout is solved:
 * from the first layout solved, the answer is the solved layouts'.
 *
 * The time limit is read on `clock`, in milliseconds (`Date.now`; tests give a clock of their own).
 */
export function sumOverLayouts(k: Known, o: Settings, sampler: LayoutSampler, clock = Date.now): LayoutSums {
  // A run of the shared arrays (core.ts): when it runs inside another solver's run (called from that run's
  // signal), the other's position is put back after it.
  const saved = beginRun();
  try {
    return layoutSums(k, o, sampler, clock);
  } finally {
    endRun(saved);
  }
}

/** {@link sumOverLayouts} once its run has begun. */
function layoutSums(k: Known, o: Settings, sampler: LayoutSampler, clock: () => number): LayoutSums {
  const start = clock();
  // Read every 1,024 nodes by the solver, and before each layout.
  const late = {
    get aborted(): boolean {
      return clock() - start >= o.timeLimitMs;
    },
  };
  const draw = layoutDrawer(k, sampler, o.seed, o.inference);
  if (shared === null) shared = { core: new Core(), tt: new TransTable(32 * 1024 * 1024) };
  const { core, tt } = shared;
  tt.clear();
  resetHints(core);
  const sums = new Float64Array(52);
  const estimates = new Float64Array(52);
  const table = new Int32Array(52);
  const hands = new Int32Array(16);
  let solved = 0;
  let playedOut = 0;
  let used = 0;
  const playOut = (): void => {
    const d = loadPosition(core, hands, k.trump, k.leader, k.trick);
    used += playoutRoot(core, d, table);
    playedOut++;
    for (const m of k.moves) estimates[m] = (estimates[m] as number) + (table[m] as number);
  };
  for (let n = 0; n < o.layouts && used < o.cardNodes && !late.aborted; n++) {
    draw(hands);
    core.nodes = 0;
    core.nodeLimit = Math.min(o.maxNodes, o.cardNodes - used);
    core.signal = late;
    const d = loadPosition(core, hands, k.trump, k.leader, k.trick);
    let done = false;
    try {
      scoreRoot({ c: core, tt }, d, table);
      done = true;
    } catch (e) {
      if (e !== STOP) throw e;
    } finally {
      used += core.nodes;
      core.signal = null;
    }
    if (!done) {
      if (solved === 0) playOut();
      continue;
    }
    solved++;
    for (const m of k.moves) sums[m] = (sums[m] as number) + (table[m] as number);
  }
  // No layout solved: more layouts played out while the card's budget allows, and one at least.
  const each = k.moves.length * (k.counts.reduce((a, b) => a + b, 0) + k.trick.length);
  while (solved === 0 && (playedOut === 0 || (playedOut < o.layouts && used + each <= o.cardNodes && !late.aborted))) {
    draw(hands);
    playOut();
  }
  return { sums, solved, estimates, playedOut: solved > 0 ? 0 : playedOut, nodes: used };
}

/** Whether card `c` played to a trick beats card `w` there. */
function beats(c: number, w: number, trump: number): boolean {
  const s = (c / 13) | 0;
  const x = (w / 13) | 0;
  return s === x ? c > w : s === trump;
}

/**
 * The view's legal cards in groups that are worth the same on every layout: touching cards of one suit, or
 * cards with only finished tricks' cards between them. Each group from the lowest card up.
 */
function equivalents(k: Known): number[][] {
  const groups: number[][] = [];
  const sorted = [...k.moves].sort((x, y) => x - y);
  for (const card of sorted) {
    const last = groups[groups.length - 1];
    const top = last?.[last.length - 1];
    let same = top !== undefined && ((top / 13) | 0) === ((card / 13) | 0);
    for (let i = (top ?? 0) + 1; same && i < card; i++) if (!k.gone.has(i)) same = false;
    if (same) last?.push(card);
    else groups.push([card]);
  }
  return groups;
}

/**
 * A player that sees only its own seat's view, and plays the card that takes the most tricks on average over
 * layouts of the hidden cards drawn consistent with that view, each solved double dummy ("sampling on double
 * dummy", as GIB plays bridge).
 *
 * Layouts are drawn among those the view allows: its own cards, the cards played, the seats' card counts, the
 * voids shown by failing to follow suit, and the turned-up trump card in the dealer's hand until it is played;
 * uniformly, then weighted by what the first lead of each suit says of the leader's cards (a high card
 * suggests the card touching it, a low one the suit's top cards) and by what each card followed with says
 * (not the card just below it, which the seat would have played instead) unless `inference` is `false`. The seed and
 * the view alone fix the layouts, so the same view and seed give the same card whatever the hidden cards
 * really are. The solver scores every legal card on each layout, each group of equivalent cards once; a
 * layout whose solve runs over the node budget is left out (so a slow layout never stalls the table).
 *
 * The time limit (`timeLimitMs`: by default 1 s at `'standard'`, 2 s at `'strong'`, 8 s at `'expert'`, none at `'fast'`, whose
 * node budgets keep a card to tens of milliseconds) is a safety net for a busy or slow machine: once it is
 * spent, no layout is started and the one being solved is stopped, and the card is chosen from the layouts
 * finished so far. A card that never reaches it is the same on every machine; one that does depends on the
 * machine's speed and load. Pass `timeLimitMs: Infinity` for play that a seed reproduces exactly (duplicate
 * matches do).
 *
 * A card is always chosen from layouts. When the budgets end before any layout is solved (from the opening
 * lead, where one solve can take more nodes than a whole card's budget at `'fast'`), the card is chosen the
 * same way from the layouts tried, each played out instead of solved: each legal card played, then every
 * seat playing the first card of the solver's move ordering to the end of the hand, a few hundred nodes a
 * layout. {@link cardValues} reports how many layouts were solved or played out for the same view and options.
 * Only a view that no layout fits (never one from `playerView`) gets {@link heuristicPlayer}'s card.
 *
 * Ties in expected tricks: when partner's card is winning the trick, a card that does not overtake or trump
 * it; then {@link heuristicPlayer}'s card when it is among the best; otherwise the lowest card. Within a group
 * of equivalent cards (one suit, with only cards of finished tricks between them), the lowest is played. A single legal
 * card, or a single group, is played without solving.
 *
 * @param view - the view of the seat to play, from `playerView`: it holds no other seat's cards
 * @param options - `{ level, seed, layouts, maxNodes, cardNodes, timeLimitMs, inference }`: the strength
 *   level (`'fast'`, `'standard'`, the default, `'strong'` or `'expert'`, see {@link SAMPLING_LEVELS}), a finite number as
 *   seed (default 0), and optionally, in place of the level's, the number of layouts (1 to 1,000), each
 *   solve's node budget, the card's node budget and the card's wall-clock budget in milliseconds (a positive
 *   number, `Infinity` for none); `inference: false` draws the layouts uniformly
 * @returns the card to play: always one of `view.legalMoves`
 * @throws `WhistError` `INVALID_ARGUMENT` when the view is not that of the seat to play (a complete hand,
 *   another seat's turn, a malformed view), or for options that are not valid
 * @example
 * ```ts
 * import { currentSeat, dealHandOrThrow, FULL_DECK, playerViewOrThrow, SHORT_WHIST } from 'whist';
 * import { samplingPlayer } from 'whist/solver';
 *
 * const state = dealHandOrThrow(SHORT_WHIST, { dealer: 'N', deck: FULL_DECK });
 * const view = playerViewOrThrow(state, currentSeat(state));
 * const card = samplingPlayer(view, { level: 'fast', seed: 7 });
 * view.legalMoves.includes(card); // true
 * samplingPlayer(view, { level: 'fast', seed: 7 }) === card; // true
 * view.legalMoves.includes(samplingPlayer(view, { level: 'fast', seed: 7, inference: false })); // true
 * ```
 * @remarks Source: Matthew Ginsberg, "GIB: Imperfect information in a computationally challenging game", JAIR 14
 *   (2001) 303-358 (sampling on double dummy); Bo Haglund, DDS algorithm notes (`doc/Alg-dds_x`, dds-bridge/dds)
 *   for the solver; inference from the play: Solinas, Rebstock & Buro, "Improving search with supervised
 *   learning in trick-based card games", AAAI-19 (weighting the sampled worlds by what the play says).
 */
export function samplingPlayer(view: PlayerView, options?: SamplingOptions): Card {
  let k: Known;
  let o: Settings;
  try {
    k = readKnown(view);
    o = readOptions(options);
  } catch (e) {
    if (e instanceof WhistError) throw e;
    return refuse('the view or the options throw when read', 'view');
  }
  const groups = equivalents(k);
  if (groups.length === 1) return CARD_BY_INDEX[(groups[0] as number[])[0] as number] as Card;
  // The view as read, once: a view that reads differently the second time cannot bring in another card.
  const fallback = (): Card => heuristicPlayer(viewOf(k));
  const { known, sampler } = layoutsOf(k);
  if (!sampler.possible) return fallback();
  // The layouts solved; while none is, the layouts played out instead (see sumOverLayouts).
  const found = sumOverLayouts(known, o, sampler);
  const sums = found.solved > 0 ? found.sums : found.estimates;
  const best = Math.max(...groups.map((group) => sums[group[0] as number] as number));
  // The sums are whole numbers of tricks: ties are exact.
  let tied = groups.filter((group) => sums[group[0] as number] === best);
  // Partner's card wins the trick so far: keep the cards that do not take it over (overtake or trump it).
  const t = k.trick;
  let w = t[0] as number;
  for (const c of t) if (beats(c, w, k.trump)) w = c;
  const under = tied.filter((group) => !beats(group[0] as number, w, k.trump));
  if (t.indexOf(w) === t.length - 2 && under[0]) tied = under;
  const preferred = cardIndex(fallback());
  const chosen = tied.find((group) => group.includes(preferred)) ?? tied.reduce((x, y) => ((y[0] as number) % 13 < (x[0] as number) % 13 ? y : x));
  return CARD_BY_INDEX[chosen[0] as number] as Card;
}

/**
 * @internal The layouts a view allows. When none fits the voids the view shows, one of them is false: a
 * seat revoked (under rules that rule on irregularities) and has not yet shown it, so the layouts are drawn
 * without any void.
 */
export function layoutsOf(k: Known): { readonly known: Known; readonly sampler: LayoutSampler } {
  const sampler = new LayoutSampler(k);
  if (sampler.possible || !k.voids.some((m) => m !== 0)) return { known: k, sampler };
  const known = { ...k, voids: [0, 0, 0, 0] };
  return { known, sampler: new LayoutSampler(known) };
}

/**
 * @internal Layouts of the hidden cards as {@link samplingPlayer} draws them for a view (for tests): each
 * layout the hidden cards of the three other seats, by seat number, or `null` when the view allows none;
 * weighted by the play's clues when `inference` is true.
 */
export function drawLayouts(view: PlayerView, seed: number, count: number, inference = false): number[][][] | null {
  const k = readKnown(view);
  const sampler = new LayoutSampler(k);
  if (!sampler.possible) return null;
  const draw = layoutDrawer(k, sampler, seed, inference);
  const hands = new Int32Array(16);
  const out: number[][][] = [];
  for (let n = 0; n < count; n++) {
    draw(hands);
    const layout: number[][] = [[], [], [], []];
    for (let i = 0; i < 16; i++) {
      for (let r = 0; r < 13; r++) {
        const c = (i & 3) * 13 + r;
        if (((hands[i] as number) >> r) & 1 && i >> 2 !== k.me && c !== k.turnUp) (layout[i >> 2] as number[]).push(c);
      }
    }
    out.push(layout);
  }
  return out;
}
