/**
 * The `whist` command-line program (Node only).
 *
 * - `whist play [--rules NAME] [--seed S] [--seat N|E|S|W] [--dealer N|E|S|W] [--level L] [--review] [--language en|de|fr] [--out FILE.pbn]`
 * - `whist play-rubber [--rules NAME] [--seed S] [--dealer N|E|S|W] [--json] [--out FILE.pbn]`
 * - `whist replay FILE...`
 * - `whist rules [--markdown]`
 * - `whist solve DEAL [--trump S|H|D|C|none] [--leader N|E|S|W] [--trick CARDS] [--table] [--json]`
 * - `whist analyse FILE...`
 *
 * Every command answers `--help`; `whist --version` prints the version. Exit codes: 0 done, 1 a finding
 * (an illegal play or a contradicted result in `replay`, a hand `analyse` could not analyse), 2 a usage error,
 * a file that cannot be read or written, one that holds no record, or one longer than the 4,000,000 bytes a
 * record file may hold. Errors go to standard error, a line each, starting `whist: `.
 *
 * Cards are printed for people as the page prints them (`Q♥`, `10♦`, suits in the order ♠ ♥ ♣ ♦); what is
 * written for programs (`--json`, `--out`) keeps the standard notation (`QH`, `TD`). Every line printed goes
 * through `printable`: text from a file or an argument reaches the terminal with its control characters
 * escaped (`\u001b`).
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { parseEventPbn } from '../duplicate/index.js';
import { currentRubber, isRubberComplete, newTableOrThrow, PRESETS, type Rules, readComputerLevel, type TableState } from '../index.js';
import { formatWhistPbn } from '../records/index.js';
import { rulesTable, rulesText, rulesTitle } from '../words/index.js';
import { ANALYSE_USAGE, analyseCommand } from './analyse.js';
import { freshSeed, MAX_SEED, readArgs, readRules, readSeat, readSeed, readWhole, UsageError, writeFile } from './args.js';
import { COMPUTER_NAME, DUPLICATE_USAGE, type DuplicateOutcome, duplicateRecord, playDuplicate, type ScoredRecord, scoreRecords } from './duplicate.js';
import { COMPUTER_LEVELS, playHuman } from './human.js';
import { MATCH_USAGE, matchCommand } from './match.js';
import { MOVEMENT_USAGE, movementCommand } from './movement.js';
import { formatRubber, playRubber } from './play.js';
import { decodeRecordFile, MAX_RECORD_FILE_BYTES, readCapped, replayFiles } from './replay.js';
import { lawsRules } from './revokes.js';
import { SOLVE_USAGE, solveCommand } from './solve.js';
import { printable } from './text.js';
import { environmentLanguage, readLanguage, tongue } from './words/index.js';

const RULE_NAMES = Object.keys(PRESETS).join(', ');

const SEED_HELP = `a whole number from 0 to ${MAX_SEED} (default: drawn at random and printed);\n            the same seed deals the same cards here and in the page (?seed=7)`;

const HELP: Readonly<Record<string, string>> = {
  play: `Usage: whist play [--rules NAME] [--seed S] [--seat N|E|S|W] [--dealer N|E|S|W] [--level L] [--review]
                  [--claims] [--laws] [--language en|de|fr] [--out FILE.pbn]
  You play one seat (default S) against three computer players, a whole rubber.
  Cards are shown as on their faces (Q♥, 10♦), numbered by their place in the hand as dealt; a card that
  may not be played now has no number. Type a card as QH, qh, 10h or its number; a card that is not legal
  is refused, with the reason. Commands: score, last (the last trick), hint, claim [N], concede [N], help,
  quit.
  claim: your side takes every trick left (or N of them); your cards are shown, and the computer players
  check the claim from what you could see: they accept it if it holds whatever the cards, else they play
  on and print a layout of the cards you could not see and the line of play on it that beats the claim.
  concede gives the other side every trick left (which ends the hand), or N of them. When a computer
  player claims (--claims), type accept, or play on to have the hand played out.
  hint shows the expected tricks of each card you may play, from what you can see: the hidden cards dealt
  many ways consistent with the play, each layout solved (never the real hidden cards).
  --rules   ${RULE_NAMES} (default short; any case)
  --seed    ${SEED_HELP}
  --seat    your seat (default S)
  --dealer  the first dealer (default N)
  --level   the computer players: heuristic (the classic rules of thumb, the default; quick, the old
            name, is read as heuristic), or the sampling player at fast or standard (most cards at once, none much over half a second) or strong (up to
            about a second a card)
  --review  after each hand, each card you played: what it cost in expected tricks from what you could
            see, beside what it cost double dummy (every hand seen); the costliest first
  --claims  the computer players claim every trick left at their turn, showing their cards, when they
            are sure of them all from what they can see
  --laws    irregularities ruled by the laws (Laws of Short Whist, 1864): a card that does not follow
            suit is played once you confirm it (a revoke); once the hand is over the other side claims
            its penalty: the computer players claim yours, and you claim theirs with revoke CARD tricks,
            deduct or add, or deal to let it pass. expose CARD drops a card face up (law 56): the
            computer players call it at once, and you must play it as soon as that is no revoke.
            take back takes back your revoke until a card of the next trick is played (laws 73, 76):
            the computer players then require your lowest card of the suit led. In Long Whist
            (--rules long), at eight with two honours, call honours before you play ("Can you
            one?"), and answer your partner's call when you hold an honour (Hoyle, laws 16-21)
  --language  the language of the game: en (English), de (German) or fr (French); by default the
            language of LC_ALL, LC_MESSAGES or LANG (de_DE.UTF-8 is German), else English. Cards are
            shown with the language's letters (D♥ for the German Dame, V♠ for the French valet) and may be
            typed with them (DH, D♥); the commands (hint, claim, quit, ...) are typed as above in every
            language. This help and the other commands are in English
  --out     write the rubber as a Whist record (PBN) to this file, kept up to date after every card: when
            the game stops early (quit, Ctrl-C, the end of input) it holds the hands played so far
  Exit code 0 at the end of the rubber or after quit; 2 when the input ends first; 130 after Ctrl-C.`,
  'play-rubber': `Usage: whist play-rubber [--rules NAME] [--seed S] [--dealer N|E|S|W] [--json] [--out FILE.pbn]
  Four computer players play a complete rubber; the same seed prints the same rubber.
  Each hand is shown as dealt, trick by trick with who played each card, and its score explained; cards
  as on their faces (Q♥, 10♦), suits in the order ♠ ♥ ♣ ♦, as the page shows them.
  --rules   ${RULE_NAMES} (default short; any case)
  --seed    ${SEED_HELP}
  --dealer  the first dealer (default N)
  --json    the rubber as one JSON object: each hand's deal, plays, trick and honour points, and the seed
  --out     write the rubber as a Whist record (PBN) to this file; whist replay checks it`,
  replay: `Usage: whist replay FILE|FOLDER...
  Replays recorded deals (PBN or BBO .lin; folders searched for them) through the engine: every play
  checked, every full result compared with the record.
  A Whist record (a PBN file whose first game has [Game "Whist"], as play --out writes) is checked
  against its own rules, hand by hand, and its scores are printed: every hand, game and rubber.
  Exit code 0 when every deal is legal and matches its record; 1 for an illegal play (a revoke the record
  marks ^R is reported as such), a bad deal, a result the play contradicts, or a Whist record refused (the
  line, the tag and the problem are printed); 2 for a usage error, a file that cannot be read, holds no
  record or is longer than ${MAX_RECORD_FILE_BYTES.toLocaleString('en')} bytes, or a record without a full deal.`,
  rules: `Usage: whist rules [--markdown]
  Prints every preset side by side, with its settings.
  --markdown  as a Markdown table (as docs/rules.md shows it)`,
  solve: `Usage: ${SOLVE_USAGE}`,
  analyse: `Usage: ${ANALYSE_USAGE}`,
  match: `Usage: ${MATCH_USAGE}`,
  movement: `Usage: ${MOVEMENT_USAGE}`,
  duplicate: `Usage: ${DUPLICATE_USAGE}`,
};

const USAGE = `Usage: whist COMMAND [options]

Commands:
  play          play a rubber yourself against three computer players
  play-rubber   watch four computer players play a rubber
  replay        replay recorded deals (PBN, BBO .lin) through the engine
  rules         print the presets side by side
  solve         double-dummy tricks for each card, or a deal's 20-result table (--table)
  analyse       for every card of recorded hands, the tricks it cost (double dummy)
  match         a duplicate match between two computer players, with its 95% interval
  movement      a duplicate movement's card (Mitchell or Howell, 3 to 8 tables)
  duplicate     play boards against the computer players, scored by matchpoints against a field of them

whist COMMAND --help shows a command's options; whist --version prints the version.`;

/** Lines as the terminal gets them: each through {@link printable}, so that no text from a file or an argument carries a control character. */
function lines(text: string): string {
  return `${text.split('\n').map(printable).join('\n')}\n`;
}

function out(text: string): void {
  process.stdout.write(lines(text));
}

function err(text: string): void {
  process.stderr.write(lines(text));
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Writes a table's record, with the seed that dealt it and the hand in progress if any, to a file. */
function writeRecord(path: string, table: TableState, seed: string | number): void {
  const text = formatWhistPbn(table, { seed, inProgress: true });
  if (!text.ok) throw new Error(text.error.message);
  writeFile(path, text.value);
}

function playRubberCommand(args: string[]): number {
  const { values } = readArgs(args, {
    seed: { type: 'string' },
    rules: { type: 'string', default: 'short' },
    dealer: { type: 'string', default: 'N' },
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
  });
  if (values.help) return help('play-rubber');
  const rules = readRules(values.rules as string);
  const dealer = readSeat(values.dealer as string, '--dealer');
  const seed = values.seed === undefined ? freshSeed() : readSeed(values.seed as string);
  const report = playRubber(rules, seed, dealer);
  if (values.out !== undefined) writeRecord(values.out as string, report.table, seed);
  if (values.json) {
    const json = {
      rules: report.rules,
      seed: report.seed,
      hands: report.hands.map((h) => ({
        dealer: h.dealer,
        deal: h.deal,
        trump: h.trump,
        turnUp: h.trumpCard,
        tricks: h.tricks,
        honours: h.honours,
        points: h.points,
        trickPoints: h.trickPoints,
        honourPoints: h.honourPoints,
        score: h.score,
        play: h.play,
        explanation: h.explanation,
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

async function playCommand(args: string[]): Promise<number> {
  const { values } = readArgs(args, {
    seed: { type: 'string' },
    rules: { type: 'string', default: 'short' },
    seat: { type: 'string', default: 'S' },
    dealer: { type: 'string', default: 'N' },
    level: { type: 'string', default: 'heuristic' },
    review: { type: 'boolean', default: false },
    claims: { type: 'boolean', default: false },
    laws: { type: 'boolean', default: false },
    language: { type: 'string' },
    out: { type: 'string' },
  });
  if (values.help) return help('play');
  const language = values.language === undefined ? environmentLanguage(process.env) : readLanguage(values.language as string);
  if (language === null) throw new UsageError(`--language must be one of en, de, fr, not "${values.language}"`);
  const said = tongue(language).cli;
  const read = readComputerLevel(values.level);
  if (!read.ok) throw new UsageError(`--level must be one of ${COMPUTER_LEVELS.join(', ')}, not "${values.level}"`);
  const level = read.value;
  const path = values.out as string | undefined;
  const preset = readRules(values.rules as string);
  const rules = values.laws === true ? lawsRules(preset) : preset;
  const seat = readSeat(values.seat as string, '--seat');
  const dealer = readSeat(values.dealer as string, '--dealer');
  const seed = values.seed === undefined ? freshSeed() : readSeed(values.seed as string);
  if (path !== undefined) writeRecord(path, newTableOrThrow(rules, { seed, dealer }), seed);
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    const r = await lines.next();
    return r.done ? null : (r.value as string);
  };
  const kept = path === undefined ? '' : ` ${said.keptIn(path)}`;
  const interrupted = () => {
    out('');
    out(`${said.interrupted}${kept}`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  let over = false;
  const keep = (table: TableState): void => {
    over = isRubberComplete(currentRubber(table));
    if (path !== undefined) writeRecord(path, table, seed);
  };
  try {
    const code = await playHuman(
      { rules, seed, seat, dealer, level, review: values.review === true, claims: values.claims === true, keep, language },
      next,
      out,
    );
    if (kept !== '' && !over) out(kept.trim());
    return code;
  } finally {
    process.off('SIGINT', interrupted);
    rl.close();
  }
}

/** Today's date (UTC) as the whole number YYYYMMDD, and as YYYY-MM-DD. */
function today(): { seed: number; date: string } {
  const date = new Date().toISOString().slice(0, 10);
  return { seed: Number(date.replaceAll('-', '')), date };
}

/** `whist duplicate --score FILE...`: the records read and ranked together. */
function scoreDuplicates(files: readonly string[], rules: Rules): number {
  if (files.length === 0) throw new UsageError('name the records to score');
  const records: ScoredRecord[] = [];
  for (const file of files) {
    let bytes: Uint8Array | null;
    try {
      bytes = readCapped(file);
    } catch (e) {
      err(`whist: ${printable(file)}: ${printable(e instanceof Error ? e.message : String(e))}`);
      return 2;
    }
    if (bytes === null) {
      err(`whist: ${printable(file)}: longer than ${MAX_RECORD_FILE_BYTES.toLocaleString('en')} bytes, the most a record file may hold`);
      return 2;
    }
    const event = parseEventPbn(decodeRecordFile(bytes), rules);
    if (!event.ok) {
      err(`whist: ${printable(file)}: ${printable(event.error.message)}`);
      return 2;
    }
    records.push({ file: printable(basename(file)), event: event.value });
  }
  const scored = scoreRecords(records);
  if ('problem' in scored) {
    err(`whist: ${printable(scored.problem)}`);
    return 2;
  }
  for (const line of scored.lines) out(line);
  return 0;
}

async function duplicateCommand(args: string[]): Promise<number> {
  const { values, positionals } = readArgs(
    args,
    {
      seed: { type: 'string' },
      today: { type: 'boolean', default: false },
      rules: { type: 'string', default: 'short' },
      boards: { type: 'string', default: '4' },
      field: { type: 'string', default: '3' },
      level: { type: 'string', default: 'heuristic' },
      name: { type: 'string' },
      out: { type: 'string' },
      score: { type: 'boolean', default: false },
    },
    true,
  );
  if (values.help) return help('duplicate');
  const rules = readRules(values.rules as string);
  if (values.score === true) return scoreDuplicates(positionals, rules);
  if (positionals.length > 0) throw new UsageError(`records are named only with --score, not "${positionals.join(' ')}"`);
  const read = readComputerLevel(values.level);
  if (!read.ok) throw new UsageError(`--level must be one of ${COMPUTER_LEVELS.join(', ')}, not "${values.level}"`);
  const boards = readWhole(values.boards as string, '--boards', 1, 32);
  const field = readWhole(values.field as string, '--field', 1, 12);
  if (values.today === true && values.seed !== undefined) throw new UsageError('--seed or --today, not both');
  const day = values.today === true ? today() : null;
  const seed = day !== null ? day.seed : values.seed === undefined ? freshSeed() : readSeed(values.seed as string);
  const name = values.name as string | undefined;
  if (name !== undefined && (name.trim() === '' || name.length > 40 || COMPUTER_NAME.test(name) || printable(name) !== name))
    throw new UsageError(`--name must be 1 to 40 printable characters and not a computer table's name, not "${name}"`);
  const path = values.out as string | undefined;
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    const r = await lines.next();
    return r.done ? null : (r.value as string);
  };
  try {
    if (day !== null) out(`Today's boards, ${day.date}:`);
    out(
      `whist duplicate, seed ${seed}: ${boards} board${boards === 1 ? '' : 's'} of ${rulesTitle(rules)}, the field ${field} table${field === 1 ? '' : 's'} of computer players (${read.value}).`,
    );
    const keep = path === undefined ? {} : { keep: (so: DuplicateOutcome) => writeFile(path, duplicateRecord(so, seed)) };
    const outcome = await playDuplicate({ rules, seed, boards, field, level: read.value, ...(name === undefined ? {} : { name }), ...keep }, next, out);
    if (path !== undefined) out(`The boards and every table's result${typeof outcome === 'number' ? ' so far' : ''} are in ${path}.`);
    return typeof outcome === 'number' ? outcome : 0;
  } finally {
    rl.close();
  }
}

function replayCommand(args: string[]): number {
  const { values, positionals } = readArgs(args, {}, true);
  if (values.help) return help('replay');
  if (positionals.length === 0) throw new UsageError('name at least one .pbn or .lin file or folder');
  return replayFiles(positionals, out, err);
}

function help(command: string): number {
  out(HELP[command === 'analyze' ? 'analyse' : command] ?? USAGE);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'play':
        return await playCommand(rest);
      case 'play-rubber':
        return playRubberCommand(rest);
      case 'replay':
        return replayCommand(rest);
      case 'rules': {
        const { values } = readArgs(rest, { markdown: { type: 'boolean', default: false } });
        if (values.help) return help('rules');
        out(values.markdown ? rulesTable() : rulesText());
        return 0;
      }
      case 'solve':
        return solveCommand(rest, out, err);
      case 'match':
        return matchCommand(rest, out);
      case 'movement':
        return movementCommand(rest, out);
      case 'duplicate':
        return await duplicateCommand(rest);
      case 'analyse':
      case 'analyze':
        return analyseCommand(rest, out, err);
      case '--version':
      case '-v':
        out(version());
        return 0;
      case 'help':
        return help(rest[0] ?? '');
      case '--help':
      case '-h':
        out(USAGE);
        return 0;
      case undefined:
        err(USAGE);
        return 2;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      const name = command === 'analyze' ? 'analyse' : command;
      const usage = name !== undefined && HELP[name] !== undefined ? HELP[name] : USAGE;
      err(`whist: ${printable(e.message)}\n\n${usage}`);
      return 2;
    }
    err(`whist: ${printable(e instanceof Error ? e.message : String(e))}`);
    return 2;
  }
}

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
