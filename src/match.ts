/**
 * Duplicate matches between two computer players: every deal is played twice, at two tables, with the
 * partnerships swapped and the same dealer and turn-up, so the luck of the cards cancels and what is left is
 * how the players played them. A player matched against itself scores exactly 0.
 *
 * Exported from `whist/solver`, beside the players that need the solver, so the core entry stays small.
 *
 * @module
 */

import type { Card } from './cards.js';
import { describe, WhistError } from './errors.js';
import { currentSeat, dealHandOrThrow, type HandState, handFacts, isHandComplete, playOrThrow } from './hand/index.js';
import { seedRandom, shuffledDeck } from './random.js';
import type { Rules } from './rules.js';
import { SHORT_WHIST } from './rules.js';
import { scoreHand } from './score.js';
import { SEATS, type Seat } from './seats.js';
import { type PlayerView, playerViewOrThrow } from './view.js';

/**
 * A player in a match: a name, and a function from the view of the seat to play and a seed to a card. The
 * seed is the same at both tables for the same deal and the same card of the hand (common random numbers).
 */
export interface MatchPlayer {
  /** The player's name, for reports. */
  readonly name: string;
  /** The card to play: one of `view.legalMoves`. */
  readonly play: (view: PlayerView, seed: number) => Card;
  /**
   * Only for a reference that sees every hand (a double-dummy player, the usual upper bound): when set, `play`
   * is not called and this is, with the whole hand state.
   */
  readonly playSeeingAllHands?: (state: HandState, seed: number) => Card;
}

/** Options of {@link playMatch}. */
export interface MatchOptions {
  /** The player being measured. */
  readonly player: MatchPlayer;
  /** The player it is measured against. */
  readonly opponent: MatchPlayer;
  /** How many deals, each played at two tables: a whole number from 1 to 1,000,000. */
  readonly deals: number;
  /** The seed the deals come from (a finite number or a string): the same seed, the same deals. */
  readonly seed: number | string;
  /** The index of the first deal (default 0), to split a long match into parts. */
  readonly firstDeal?: number | undefined;
  /** The rules (default `SHORT_WHIST`). */
  readonly rules?: Rules | undefined;
  /** A clock in milliseconds for the per-card times (default `performance.now`, else `Date.now`). */
  readonly clock?: (() => number) | undefined;
  /** Called after each deal with its result, e.g. to print progress. */
  readonly onDeal?: ((result: MatchDealResult) => void) | undefined;
}

/** One deal of a match, played at both tables. */
export interface MatchDealResult {
  /** The deal's index: deal `i` of a seed is always the same cards, dealer and turn-up. */
  readonly index: number;
  /** The dealer. */
  readonly dealer: Seat;
  /** Tricks the measured player's side took: at the table where it sat north-south, and where it sat east-west. */
  readonly tricks: { readonly NS: number; readonly EW: number };
  /** Tricks the measured side took on these cards over the opponent on the same cards (the two tables' tricks, less 13). */
  readonly difference: number;
  /** Short Whist points (from a love score) the measured side scored over the opponent, both tables together. */
  readonly points: number;
}

/** An estimate with its 95% confidence interval. */
export interface Estimate {
  /** The mean. */
  readonly mean: number;
  /** The 95% confidence interval, `[low, high]`, from the normal approximation (mean ± 1.96 standard errors). */
  readonly interval: readonly [number, number];
  /** The standard deviation of one deal's value. */
  readonly sd: number;
}

/** Per-card times of the measured player, in milliseconds. */
export interface CardTimes {
  /** Cards timed. */
  readonly count: number;
  /** The median. */
  readonly median: number;
  /** The 95th percentile. */
  readonly p95: number;
  /** The slowest. */
  readonly max: number;
}

/** The result of a duplicate match, for the measured player. */
export interface MatchReport {
  /** The measured player's name. */
  readonly player: string;
  /** The opponent's name. */
  readonly opponent: string;
  /** The seed of the deals. */
  readonly seed: number | string;
  /** Deals played (each at two tables). */
  readonly dealCount: number;
  /** Tricks per deal over the opponent on the same cards. */
  readonly tricks: Estimate;
  /** Short Whist points per deal over the opponent (honours held cancel between the tables). */
  readonly points: Estimate;
  /** Deals the measured player won (more tricks than the opponent on the same cards), lost, and tied. */
  readonly wins: number;
  /** Deals lost. */
  readonly losses: number;
  /** Deals tied. */
  readonly ties: number;
  /** The measured player's per-card times. */
  readonly cardTimes: CardTimes;
  /** Every deal's result, in order. */
  readonly results: readonly MatchDealResult[];
}

const MAX_DEALS = 1_000_000;

function refuse(message: string, path: string): never {
  throw new WhistError({ code: 'INVALID_ARGUMENT', message, path });
}

function readPlayer(value: unknown, path: string): MatchPlayer {
  if (typeof value !== 'object' || value === null) refuse(`${path} must be a player { name, play }, got ${describe(value)}`, path);
  const p = value as Record<string, unknown>;
  if (typeof p.name !== 'string') refuse(`${path}.name must be a string`, `${path}.name`);
  if (typeof p.play !== 'function') refuse(`${path}.play must be a function`, `${path}.play`);
  if (p.playSeeingAllHands !== undefined && typeof p.playSeeingAllHands !== 'function')
    refuse(`${path}.playSeeingAllHands must be a function`, `${path}.playSeeingAllHands`);
  return { name: p.name as string, play: p.play as MatchPlayer['play'], playSeeingAllHands: p.playSeeingAllHands as MatchPlayer['playSeeingAllHands'] };
}

function defaultClock(): () => number {
  const perf = (globalThis as { performance?: { now?: () => number } }).performance;
  return typeof perf?.now === 'function' ? () => (perf.now as () => number)() : () => Date.now();
}

/** A 32-bit seed for a card: the match seed's hash, the deal and the number of cards played so far. */
function cardSeed(base: number, deal: number, played: number): number {
  let h = (base ^ Math.imul(deal + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = (h ^ Math.imul(played + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Mean, sd and a 95% interval. */
function estimate(values: readonly number[]): Estimate {
  const n = values.length;
  const mean = n === 0 ? 0 : values.reduce((a, b) => a + b, 0) / n;
  const sd = n < 2 ? 0 : Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = n === 0 ? 0 : (1.96 * sd) / Math.sqrt(n);
  return { mean, interval: [mean - half, mean + half], sd };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/**
 * Plays a duplicate match: each deal twice, the measured player's side north-south at one table and east-west
 * at the other, against the opponent, with the same dealer and turn-up.
 *
 * Deal `i` of a seed is always the same: the deck is shuffled from the seed and `i`, and the deal passes
 * round the table (deal 0 dealt by north). Both players get the same seed for the same deal and the same card
 * of the hand at both tables (common random numbers), so a player matched against itself scores exactly 0,
 * and swapping the two players flips the sign of every figure.
 *
 * @param options - `{ player, opponent, deals, seed, firstDeal, rules, clock, onDeal }`: the measured player
 *   and its opponent ({@link MatchPlayer}), the number of deals (1 to 1,000,000), the seed of the deals, and
 *   optionally the first deal's index, the rules (default `SHORT_WHIST`), a clock in milliseconds and a
 *   callback after each deal
 * @returns a {@link MatchReport}: tricks and Short Whist points per deal over the opponent on the same cards,
 *   each with its standard deviation and 95% interval, wins, losses and ties by deal, and the measured
 *   player's per-card times in milliseconds (median, 95th percentile, slowest)
 * @throws `WhistError` `INVALID_ARGUMENT` for options that are not valid, or a player whose card is
 *   not one; a card a player returns that is not legal is refused as `play` refuses it
 *   (`CARD_NOT_IN_HAND`, `MUST_FOLLOW_SUIT`, `INVALID_CARD`)
 * @example
 * ```ts
 * import { heuristicPlayer, randomPlayer, seedRandom } from 'whist';
 * import { type MatchPlayer, playMatch } from 'whist/solver';
 *
 * const heuristic: MatchPlayer = { name: 'heuristic', play: heuristicPlayer };
 * const random: MatchPlayer = { name: 'random', play: (view, seed) => randomPlayer(view, seedRandom(seed)).value };
 * playMatch({ player: heuristic, opponent: heuristic, deals: 4, seed: 1 }).tricks.mean; // 0
 * const a = playMatch({ player: heuristic, opponent: random, deals: 4, seed: 1 });
 * const b = playMatch({ player: random, opponent: heuristic, deals: 4, seed: 1 });
 * a.tricks.mean === -b.tricks.mean; // true
 * a.wins === b.losses; // true
 * ```
 * @remarks Source: duplicate scoring, as duplicate bridge and whist tournaments play it; common random numbers
 *   as in CardsWithCats, whose bridge players are measured this way (github.com/dozingcat/CardsWithCats).
 */
export function playMatch(options: MatchOptions): MatchReport {
  let read: ReadOptions;
  try {
    read = readOptions(options);
  } catch (e) {
    if (e instanceof WhistError) throw e;
    return refuse('the options throw when read', 'options');
  }
  return run(read);
}

interface ReadOptions {
  readonly player: MatchPlayer;
  readonly opponent: MatchPlayer;
  readonly deals: number;
  readonly seed: number | string;
  readonly first: number;
  readonly rules: Rules;
  readonly now: () => number;
  readonly onDeal: ((result: MatchDealResult) => void) | undefined;
}

function readOptions(options: unknown): ReadOptions {
  if (typeof options !== 'object' || options === null) refuse(`options must be an object, got ${describe(options)}`, 'options');
  const o = options as unknown as Record<string, unknown>;
  const player = readPlayer(o.player, 'player');
  const opponent = readPlayer(o.opponent, 'opponent');
  const deals = o.deals;
  if (typeof deals !== 'number' || !Number.isInteger(deals) || deals < 1 || deals > MAX_DEALS)
    refuse(`options.deals must be a whole number from 1 to ${MAX_DEALS}, got ${describe(deals)}`, 'deals');
  const seed = o.seed;
  if (!(typeof seed === 'string' && seed.length <= 1000) && !(typeof seed === 'number' && Number.isFinite(seed)))
    refuse(`options.seed must be a finite number or a string, got ${describe(seed)}`, 'seed');
  const first = o.firstDeal === undefined ? 0 : o.firstDeal;
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 0 || first > 2 ** 31)
    refuse(`options.firstDeal must be a whole number from 0, got ${describe(first)}`, 'firstDeal');
  const rules = (o.rules === undefined ? SHORT_WHIST : o.rules) as Rules;
  const clock = o.clock === undefined ? defaultClock() : o.clock;
  if (typeof clock !== 'function') refuse('options.clock must be a function', 'clock');
  const onDeal = o.onDeal;
  if (onDeal !== undefined && typeof onDeal !== 'function') refuse('options.onDeal must be a function', 'onDeal');
  return {
    player,
    opponent,
    deals: deals as number,
    seed: seed as number | string,
    first: first as number,
    rules,
    now: clock as () => number,
    onDeal: onDeal as ((result: MatchDealResult) => void) | undefined,
  };
}

function run({ player, opponent, deals, seed, first, rules, now, onDeal }: ReadOptions): MatchReport {
  const base = seedRandom(`match:${String(seed)}`).s[0] as number;
  const times: number[] = [];
  const results: MatchDealResult[] = [];

  /** Plays one table: `tested` is the side the measured player sits. Returns the hand played. */
  const table = (start: HandState, index: number, tested: 0 | 1): HandState => {
    let state = start;
    let played = 0;
    while (!isHandComplete(state)) {
      const seat = currentSeat(state) as Seat;
      const who = (SEATS.indexOf(seat) & 1) === tested ? player : opponent;
      const s = cardSeed(base, index, played);
      const t0 = who === player ? now() : 0;
      const card = who.playSeeingAllHands ? who.playSeeingAllHands(state, s) : who.play(playerViewOrThrow(state, seat), s);
      if (who === player) times.push(now() - t0);
      if (typeof card !== 'string') refuse(`${who.name} returned ${describe(card)}, not a card`, 'play');
      state = playOrThrow(state, seat, card);
      played++;
    }
    return state;
  };

  for (let i = first; i < first + deals; i++) {
    const dealer = SEATS[i & 3] as Seat;
    const deck = shuffledDeck(seedRandom(`${String(seed)}/${i}`)).value;
    const start = dealHandOrThrow(rules, { dealer, deck });
    const ns = handFacts(table(start, i, 0));
    const ew = handFacts(table(start, i, 1));
    const love = { NS: 0, EW: 0 };
    const pNS = scoreHand(rules, ns, love).points;
    const pEW = scoreHand(rules, ew, love).points;
    const result: MatchDealResult = {
      index: i,
      dealer,
      tricks: { NS: ns.tricks.NS, EW: ew.tricks.EW },
      difference: ns.tricks.NS + ew.tricks.EW - 13,
      points: pNS.NS - pNS.EW + (pEW.EW - pEW.NS),
    };
    results.push(result);
    onDeal?.(result);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const differences = results.map((r) => r.difference);
  return {
    player: player.name,
    opponent: opponent.name,
    seed,
    dealCount: results.length,
    tricks: estimate(differences),
    points: estimate(results.map((r) => r.points)),
    wins: differences.filter((d) => d > 0).length,
    losses: differences.filter((d) => d < 0).length,
    ties: differences.filter((d) => d === 0).length,
    cardTimes: {
      count: sorted.length,
      median: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      max: sorted.length === 0 ? 0 : (sorted[sorted.length - 1] as number),
    },
    results,
  };
}

/** The tricks differences of two reports of the same deals, deal by deal. */
function paired(fair: unknown, reference: unknown): [number[], number[]] {
  const a = (fair as MatchReport | null)?.results;
  const b = (reference as MatchReport | null)?.results;
  const same = 'the two reports must be of the same deals';
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length || a.length === 0) refuse(same, 'reference');
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as MatchDealResult | null;
    const q = b[i] as MatchDealResult | null;
    if (typeof p !== 'object' || p === null || typeof q !== 'object' || q === null || p.index !== q.index) refuse(same, 'reference');
    if (typeof p.difference !== 'number' || typeof q.difference !== 'number' || !Number.isFinite(p.difference) || !Number.isFinite(q.difference))
      refuse('a deal of the reports has no difference in tricks', 'reference');
    x.push(p.difference);
    y.push(q.difference);
  }
  return [x, y];
}

/**
 * The share of a gap a player closes: how far a fair player goes from a baseline toward a reference (usually a
 * double-dummy player that sees every hand), both measured against that baseline on the same deals.
 *
 * @param fair - the fair player's report against the baseline
 * @param reference - the reference's report against the baseline, same seed and deals
 * @returns `{ mean, interval, sd }`: the share (0 closes none of the gap, 1 all of it), with a 95% interval
 *   from the paired deals (the delta method); `sd` is that of one deal's contribution
 * @throws `WhistError` `INVALID_ARGUMENT` when the two reports are not of the same deals, or the
 *   reference gains nothing over the baseline
 * @example
 * ```ts
 * import { heuristicPlayer, randomPlayer, seedRandom } from 'whist';
 * import { gapClosed, type MatchPlayer, playMatch } from 'whist/solver';
 *
 * const heuristic: MatchPlayer = { name: 'heuristic', play: heuristicPlayer };
 * const random: MatchPlayer = { name: 'random', play: (view, seed) => randomPlayer(view, seedRandom(seed)).value };
 * const same = playMatch({ player: random, opponent: random, deals: 8, seed: 3 });
 * const ahead = playMatch({ player: heuristic, opponent: random, deals: 8, seed: 3 });
 * gapClosed(same, ahead).mean; // 0
 * gapClosed(ahead, ahead).mean; // 1
 * ```
 * @remarks Source: the share of the gap to a cheating player, as CardsWithCats and GIB report against a
 *   double-dummy player.
 */
export function gapClosed(fair: MatchReport, reference: MatchReport): Estimate {
  let x: number[];
  let y: number[];
  try {
    [x, y] = paired(fair, reference);
  } catch (e) {
    if (e instanceof WhistError) throw e;
    return refuse('the reports throw when read', 'fair');
  }
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  if (!(my > 0)) refuse('the reference gains nothing over the baseline: there is no gap to close', 'reference');
  const share = mx / my;
  // Delta method: each deal contributes (x - share * y) / my.
  const z = x.map((v, i) => (v - share * (y[i] as number)) / my);
  const sd = n < 2 ? 0 : Math.sqrt(z.reduce((s, v) => s + v * v, 0) / (n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return { mean: share, interval: [share - half, share + half], sd };
}
