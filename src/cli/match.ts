/**
 * `whist match [--player NAME] [--opponent NAME] [--level L] [--deals N] [--seed S] [--first-deal I] [--gap]
 * [--log FILE] [--json]`: a duplicate match between two computer players, each deal played at two tables with
 * the partnerships swapped, and the measured player's tricks and points per deal over its opponent with
 * their 95% intervals.
 *
 * @module
 */

import { appendFileSync } from 'node:fs';
import { type Card, type HandState, heuristicPlayer, legalMoves, randomPlayer, seedRandom } from '../index.js';
import {
  createSolver,
  type Estimate,
  gapClosed,
  type MatchPlayer,
  type MatchReport,
  playMatch,
  SAMPLING_LEVELS,
  type SamplingLevel,
  samplingPlayer,
} from '../solver/index.js';
import { readArgs, readWhole, UsageError } from './args.js';

export const MATCH_USAGE = `whist match [--player NAME] [--opponent NAME] [--level L] [--opponent-level L] [--inference on|off]
            [--opponent-inference on|off] [--time-limit none|level|MS] [--deals N] [--seed S] [--gap] [--json]
  A duplicate match: each deal is played at two tables, the player's side north-south at one and
  east-west at the other, with the same dealer and turn-up and the same random numbers, so a player
  matched against itself scores exactly 0. Prints the player's tricks per deal over the opponent on the
  same cards with its 95% interval and standard deviation, wins/losses/ties by deal, Short Whist points
  per deal, and the player's time per card (median, 95th percentile, slowest).
  --player      sampling, heuristic, random or double-dummy (default sampling)
  --opponent    the same names (default heuristic)
  --level       the sampling player's level: fast, standard, strong or expert (default standard)
  --opponent-level  the opponent's level, when it samples too (default: --level)
  --inference   on or off: the sampling player weights its layouts by the first lead of each suit
                and the card just below each card followed with (not discards nor signals), or
                draws them uniformly (default: the level's, on)
  --opponent-inference  the same for the opponent (default: --inference)
  --time-limit  each sampling card's wall-clock budget: none (the default, so that a rerun plays the
                same cards exactly), level (the level's own, as the page and the server play), or
                a number of milliseconds; a card that reaches it depends on the machine's speed
  --deals       how many deals (default 100)
  --seed        the seed of the deals, a whole number (default 1): the same seed, the same deals
  --first-deal  the index of the first deal (default 0), to split a match into parts
  --gap         also match double-dummy (which sees every hand) against the opponent on the same deals,
                and print the share of that gap the player closes
  --log         append each deal's result to this file as a line of JSON
  --json        the report as JSON
  double-dummy sees every hand: it is the upper bound, not a fair player.`;

const NAMES = ['sampling', 'heuristic', 'random', 'double-dummy'] as const;
type Name = (typeof NAMES)[number];

function rankOf(card: Card): number {
  return '23456789TJQKA'.indexOf(card[0] as string);
}

/** The player that sees every hand: the card with the most tricks double dummy (ties as the sampling player breaks them). */
function doubleDummy(): MatchPlayer {
  const made = createSolver({ memoryMB: 64 });
  if (!made.ok) throw new Error(made.error.message);
  const solver = made.value;
  const play = (state: HandState): Card => {
    const moves = legalMoves(state);
    if (moves.length === 1) return moves[0] as Card;
    const r = solver.scoreMoves(state);
    if (!r.ok) throw new Error(r.error.message);
    const best = Math.max(...r.value.map((s) => s.tricks));
    const tied = r.value.filter((s) => s.tricks === best).map((s) => s.card);
    return tied.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
  };
  return { name: 'double-dummy', play: () => refuseView(), playSeeingAllHands: play };
}

function refuseView(): never {
  throw new Error('the double-dummy player needs the whole hand');
}

function playerNamed(name: Name, level: SamplingLevel, inference: boolean, timeLimitMs: number | undefined): MatchPlayer {
  switch (name) {
    case 'sampling':
      return {
        name: `sampling (${level}${inference ? '' : ', no inference'}${timeLimitMs === undefined ? ', level time limit' : timeLimitMs < Number.POSITIVE_INFINITY ? `, ${timeLimitMs} ms` : ''})`,
        play: (view, seed) => samplingPlayer(view, { level, seed, inference, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) }),
      };
    case 'heuristic':
      return { name: 'heuristic', play: (view) => heuristicPlayer(view) };
    case 'random':
      return { name: 'random', play: (view, seed) => randomPlayer(view, seedRandom(seed)).value };
    case 'double-dummy':
      return doubleDummy();
  }
}

function readName(text: string, option: string): Name {
  const name = text.trim().toLowerCase();
  if (!(NAMES as readonly string[]).includes(name)) throw new UsageError(`${option} must be one of ${NAMES.join(', ')}, not "${text}"`);
  return name as Name;
}

function readLevel(text: string, option: string): SamplingLevel {
  const level = text.trim().toLowerCase();
  if (!Object.hasOwn(SAMPLING_LEVELS, level)) throw new UsageError(`${option} must be ${Object.keys(SAMPLING_LEVELS).join(', ')}, not "${text}"`);
  return level as SamplingLevel;
}

function readSwitch(text: string, option: string): boolean {
  const t = text.trim().toLowerCase();
  if (t !== 'on' && t !== 'off') throw new UsageError(`${option} must be on or off, not "${text}"`);
  return t === 'on';
}

/** The time limit option: Infinity for none, undefined for the level's, or milliseconds. */
function readTimeLimit(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'none') return Number.POSITIVE_INFINITY;
  if (t === 'level') return undefined;
  return readWhole(t, '--time-limit (none, level or milliseconds)', 1, 3_600_000);
}

function signed(x: number, digits = 2): string {
  const t = x.toFixed(digits);
  return x >= 0 && !t.startsWith('-') ? `+${t}` : t.replace(/^-(0\.0+)$/, '+$1');
}

function interval(e: Estimate, digits = 2): string {
  return `${signed(e.mean, digits)} (95% CI ${signed(e.interval[0], digits)} to ${signed(e.interval[1], digits)}, σ ${e.sd.toFixed(2)})`;
}

/** The one-line summary of a match report. */
export function matchLine(r: MatchReport): string {
  const t = r.cardTimes;
  return [
    `${r.player} vs ${r.opponent}, ${r.dealCount} deals (seed ${String(r.seed)}):`,
    `tricks/deal ${interval(r.tricks)};`,
    `W/L/T ${r.wins}/${r.losses}/${r.ties};`,
    `points/deal ${interval(r.points)};`,
    `ms/card median ${t.median.toFixed(1)}, p95 ${t.p95.toFixed(1)}, max ${t.max.toFixed(1)}`,
  ].join(' ');
}

/**
 * Runs `whist match`.
 *
 * @param args - the arguments after `match`
 * @param out - prints one line
 * @returns the exit code: 0 (also for `--help`); a usage error is thrown
 */
export function matchCommand(args: readonly string[], out: (line: string) => void): number {
  const { values } = readArgs(args, {
    player: { type: 'string', default: 'sampling' },
    opponent: { type: 'string', default: 'heuristic' },
    level: { type: 'string', default: 'standard' },
    'opponent-level': { type: 'string' },
    inference: { type: 'string', default: 'on' },
    'opponent-inference': { type: 'string' },
    'time-limit': { type: 'string', default: 'none' },
    deals: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    'first-deal': { type: 'string', default: '0' },
    gap: { type: 'boolean', default: false },
    log: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (values.help) {
    out(`Usage: ${MATCH_USAGE}`);
    return 0;
  }
  const level = readLevel(values.level as string, '--level');
  const opponentLevel = values['opponent-level'] === undefined ? level : readLevel(values['opponent-level'] as string, '--opponent-level');
  const inference = readSwitch(values.inference as string, '--inference');
  const opponentInference = values['opponent-inference'] === undefined ? inference : readSwitch(values['opponent-inference'] as string, '--opponent-inference');
  const timeLimit = readTimeLimit(values['time-limit'] as string);
  const player = playerNamed(readName(values.player as string, '--player'), level, inference, timeLimit);
  const opponent = playerNamed(readName(values.opponent as string, '--opponent'), opponentLevel, opponentInference, timeLimit);
  const deals = readWhole(values.deals as string, '--deals', 1, 1_000_000);
  const seed = readWhole(values.seed as string, '--seed', 0, 2 ** 32 - 1);
  const firstDeal = readWhole(values['first-deal'] as string, '--first-deal', 0, 2 ** 31);
  const log = values.log as string | undefined;
  // For the log, each deal's card times of the measured player (the report has them all, at the end).
  // Wall-clock and CPU time (this process's, user and system): on a busy machine the first grows, the second not.
  let times: number[] = [];
  let cpu: number[] = [];
  const timed: MatchPlayer = {
    name: player.name,
    play: (view, s) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const card = player.play(view, s);
      times.push(Math.round((performance.now() - t0) * 100) / 100);
      const c = process.cpuUsage(c0);
      cpu.push(Math.round((c.user + c.system) / 10) / 100);
      return card;
    },
    playSeeingAllHands: player.playSeeingAllHands,
  };
  const report = playMatch({
    player: log === undefined ? player : timed,
    opponent,
    deals,
    seed,
    firstDeal,
    onDeal:
      log === undefined
        ? undefined
        : (r) => {
            appendFileSync(log, `${JSON.stringify({ player: player.name, opponent: opponent.name, seed, ...r, cardTimesMs: times, cardCpuMs: cpu })}\n`);
            times = [];
            cpu = [];
          },
  });
  let gap: { reference: MatchReport; share: Estimate } | null = null;
  if (values.gap) {
    const reference = playMatch({ player: doubleDummy(), opponent, deals, seed, firstDeal });
    gap = {
      reference,
      share: reference.tricks.mean > 0 ? gapClosed(report, reference) : { mean: Number.NaN, interval: [Number.NaN, Number.NaN], sd: Number.NaN },
    };
  }
  if (values.json) {
    const { results, ...summary } = report;
    out(JSON.stringify({ ...summary, gap: gap === null ? null : { reference: { ...gap.reference, results: undefined }, share: gap.share } }, null, 2));
    return 0;
  }
  out(matchLine(report));
  if (gap !== null) {
    out(matchLine(gap.reference));
    const s = gap.share;
    out(
      `gap closed: ${(100 * s.mean).toFixed(0)}% (95% CI ${(100 * s.interval[0]).toFixed(0)}% to ${(100 * s.interval[1]).toFixed(0)}%) of ${opponent.name} → double dummy (${signed(gap.reference.tricks.mean)} tricks/deal)`,
    );
  }
  return 0;
}
