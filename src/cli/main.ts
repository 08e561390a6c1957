/**
 * The `whist` command-line program (Node only).
 *
 * - `whist play-rubber [--seed N] [--rules short] [--dealer N|E|S|W] [--json]`
 * - `whist replay FILE...`
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { isSeat, PRESETS, type Rules, type Seat } from '../index.js';
import { formatRubber, playRubber } from './play.js';
import { replayFiles } from './replay.js';
import { rulesTable } from './rules-table.js';

const USAGE = `Usage:
  whist play-rubber [--seed N] [--rules NAME] [--dealer N|E|S|W] [--json]
      Four heuristic players play a complete rubber; the same seed prints the same rubber.
      Rules: ${Object.keys(PRESETS).join(', ')} (default short).
  whist replay FILE...
      Replays recorded deals (PBN or BBO .lin) through the engine: every play checked,
      every full result compared with the record. Exit code 1 if any deal is illegal or inconsistent.
  whist rules
      Prints every preset side by side.
  whist help`;

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): number {
  process.stderr.write(`whist: ${message}\n${USAGE}\n`);
  return 2;
}

function playRubberCommand(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: {
      seed: { type: 'string' },
      rules: { type: 'string', default: 'short' },
      dealer: { type: 'string', default: 'N' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const rules = (PRESETS as Readonly<Record<string, Rules>>)[values.rules as string];
  if (!rules) return fail(`unknown rules "${values.rules}"`);
  if (!isSeat(values.dealer)) return fail(`--dealer must be N, E, S or W`);
  // Without --seed, a seed from the platform's cryptographic source, printed so the rubber can be replayed.
  const seed = values.seed ?? String(crypto.getRandomValues(new Uint32Array(1))[0]);
  const report = playRubber(rules, /^\d+$/.test(seed) ? Number(seed) : seed, values.dealer as Seat);
  if (values.json) {
    const json = {
      rules: report.rules,
      seed: report.seed,
      hands: report.hands.map((h) => ({
        dealer: h.dealer,
        trump: h.trump,
        turnUp: h.trumpCard,
        tricks: h.tricks,
        honours: h.honours,
        points: h.points,
        score: h.score,
        play: h.play,
      })),
      games: report.games,
      winner: report.winner,
      gamesWon: report.gamesWon,
      rubberPoints: report.rubberPoints,
    };
    out(JSON.stringify(json, null, 2));
  } else for (const line of formatRubber(report)) out(line);
  return 0;
}

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'play-rubber':
        return playRubberCommand(rest);
      case 'rules':
        out(rulesTable());
        return 0;
      case 'replay':
        return replayFiles(rest, out);
      case 'help':
      case '--help':
      case '-h':
      case undefined:
        out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        return fail(`unknown command "${command}"`);
    }
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
process.exitCode = main(process.argv.slice(2));
