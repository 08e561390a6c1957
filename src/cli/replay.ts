/**
 * `whist replay FILE...`: replays records through the engine to check them: each bridge deal (PBN, BBO .lin)
 * with `checkRecord`, each Whist record (a PBN file whose first game has `[Game "Whist"]`) with
 * `parseWhistPbn`, printing what each deal gave and each Whist record's scores.
 *
 * Deals are labelled with the file's path as given. Files are read as UTF-8 when they are valid UTF-8 and as
 * Latin-1 otherwise (older PBN files are Latin-1). A folder is searched for .pbn and .lin files, in any case.
 * A file is read up to {@link MAX_RECORD_FILE_BYTES} and refused past it, whatever it is (a link to
 * `/dev/zero` included); a named pipe (FIFO) is refused at once, never waited on. Cards are printed as the
 * page prints them (`10♦`), and the text of a record or a file's name through `printable`, its control
 * characters escaped.
 *
 * @module
 */

import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type BySide, currentRubber, finishedRubbers, gamesWon, isRubberComplete, type Result, rubberPoints, rubberWinner } from '../index.js';
import {
  checkRecord,
  type DealRecord,
  isWhistPbn,
  parseLin,
  parsePbn,
  parseWhistPbn,
  type RecordCheck,
  totalChecks,
  type WhistRecord,
} from '../records/index.js';
import { eventWithLaw } from '../words/index.js';
import { fileProblem } from './args.js';
import { cardText, pair, printable, SUIT_NAMES } from './text.js';

const RECORD_FILE = /\.(pbn|lin)$/i;

/**
 * The largest record file `replay` and `analyse` read, in bytes: the page's limit too. A Whist record of
 * 2,000 hands, the most one holds, is under 2 MB as `formatWhistPbn` writes it; a bridge file of a whole
 * tournament is a few hundred kilobytes; and the record readers take well under a second over 4 MB of any
 * text.
 */
export const MAX_RECORD_FILE_BYTES = 4_000_000;

/**
 * A file's bytes, read up to `max` and no further: `null` for a file longer than that, however long it is
 * (a device such as `/dev/zero` has no end). A named pipe (FIFO) or a socket is refused as soon as it is
 * opened: it is opened without waiting for a writer, and what it would give has no end in time either. Throws
 * Node's error when the file cannot be opened or read, and an error whose message says so for a pipe.
 */
export function readCapped(path: string, max: number = MAX_RECORD_FILE_BYTES): Uint8Array | null {
  // Opening a pipe for reading waits for a writer, forever if none comes: not without O_NONBLOCK.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const kind = fstatSync(fd);
    if (kind.isFIFO() || kind.isSocket())
      throw Object.assign(new Error(`it is a ${kind.isFIFO() ? 'named pipe (FIFO)' : 'socket'}, not a file: save the record to a file and read that`), {
        code: 'ENOTFILE',
      });
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(1 << 16, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) return null;
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Decodes a record file: UTF-8 when valid, else Latin-1. */
export function decodeRecordFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * The record files named by the arguments: files as given, folders searched recursively, in sorted order. A
 * path that cannot be read is kept, for {@link loadRecords} to say why.
 */
export function recordFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      folder = false;
    }
    if (folder) {
      let entries: string[];
      try {
        entries = readdirSync(path).sort();
      } catch {
        out.push(path);
        continue;
      }
      const inside = entries.map((e) => join(path, e));
      out.push(...recordFiles(inside.filter((p) => RECORD_FILE.test(p) || isFolder(p))));
    } else out.push(path);
  }
  return out;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What a record file holds: a Whist record (read and checked, or refused), bridge deals, or nothing readable. */
export type LoadedRecords =
  | { readonly kind: 'whist'; readonly record: WhistRecord }
  | { readonly kind: 'whistRefused'; readonly message: string }
  | { readonly kind: 'bridge'; readonly records: readonly DealRecord[] }
  | { readonly kind: 'none'; readonly message: string };

/**
 * Reads one record file, as `replay` and `analyse` both do: a PBN file whose first game has `[Game "Whist"]`
 * as a Whist record, any other as bridge deals (PBN, or BBO .lin by the extension). `none` says, in one line,
 * why the file gives nothing: it cannot be read, it is not a record, or it holds no deal.
 */
export function loadRecords(path: string): LoadedRecords {
  const shown = printable(path);
  let bytes: Uint8Array | null;
  try {
    bytes = readCapped(path);
  } catch (e) {
    return { kind: 'none', message: `cannot read ${shown}: ${fileProblem(e)}` };
  }
  if (bytes === null) return { kind: 'none', message: `cannot read ${shown}: longer than ${TOO_LONG}` };
  const text = decodeRecordFile(bytes);
  if (!/\.lin$/i.test(path) && isWhistPbn(text)) {
    const read = parseWhistPbn(text);
    return read.ok ? { kind: 'whist', record: read.value } : { kind: 'whistRefused', message: printable(read.error.message) };
  }
  const parsed = recordsOf(path, text);
  if (!parsed.ok) return { kind: 'none', message: `${shown}: ${printable(parsed.error.message)}` };
  if (parsed.value.length === 0) return { kind: 'none', message: `${shown} holds no deal` };
  return { kind: 'bridge', records: parsed.value };
}

const TOO_LONG = `${MAX_RECORD_FILE_BYTES.toLocaleString('en')} bytes, the most a record file may hold`;

function recordsOf(path: string, text: string): Result<DealRecord[], 'INVALID_ARGUMENT'> {
  return /\.lin$/i.test(path) ? parseLin(text, { source: path }) : parsePbn(text, { source: path });
}

/** A Whist record's scores, a line a hand and a line a rubber, as `whist play-rubber` counts them. */
export function whistLines(file: string, record: WhistRecord): string[] {
  const { rules, hands, table } = record;
  const path = printable(file);
  const rubbers = hands.length === 0 ? 0 : (hands[hands.length - 1]?.rubber ?? 0);
  const lines = [
    `${path}: Whist record, ${printable(rules.name)} rules${record.seed === null ? '' : `, seed ${printable(record.seed)}`}: ${hands.length} hand${hands.length === 1 ? '' : 's'}, ${rubbers} rubber${rubbers === 1 ? '' : 's'}`,
  ];
  const finished = finishedRubbers(table);
  const games = { NS: 0, EW: 0 };
  let game = 1;
  hands.forEach((h, i) => {
    const s = h.state;
    const trump = s.trump === null ? 'no trump' : `trump ${SUIT_NAMES[s.trump]}`;
    const turned = s.trumpCard === null ? '' : ` (${s.trumpSource === 'secondPack' ? 'second pack' : 'turn-up'} ${cardText(s.trumpCard)})`;
    const head = `${path} hand ${h.board} (rubber ${h.rubber}, game ${game}): ${s.dealer} deals, ${trump}${turned}`;
    const sum = h.summary;
    const newDeal = h.events.find((e) => e.type === 'newDeal');
    if (sum === null && newDeal !== undefined) {
      // A void hand: not scored, dealt again (laws 37-44).
      lines.push(`${head}; void, not scored: ${eventWithLaw(newDeal, { viewer: null, style: 'short' })}`);
      return;
    }
    if (sum === null) {
      lines.push(`${head}; in progress, ${s.plays === '' ? 0 : (s.plays.length + 1) / 3} cards played`);
      return;
    }
    lines.push(`${head}; tricks ${pair(sum.tricks)}; honours ${pair(sum.honours)}; points ${pair(sum.points)}; score ${pair(sum.score)}`);
    if (sum.game !== null) {
      games[sum.game.winner]++;
      lines.push(`${path} game ${game} of rubber ${h.rubber} to ${sum.game.winner}, worth ${sum.game.value}`);
      game++;
    }
    const next = hands[i + 1];
    const summary = finished[h.rubber - 1];
    const last = next === undefined || next.rubber !== h.rubber;
    if (!last) return;
    const over = summary !== undefined || isRubberComplete(currentRubber(table));
    if (over) {
      const rubber = currentRubber(table);
      const winner = summary?.winner ?? rubberWinner(rubber);
      const points: BySide | null = summary !== undefined ? summary.rubberPoints : rubberPoints(rubber);
      const won = summary?.games ?? gamesWon(rubber);
      lines.push(
        `${path} rubber ${h.rubber} to ${winner}, games ${pair(won)}: ${points === null ? 'no rubber points in these rules' : `rubber points ${pair(points)}`}`,
      );
    } else lines.push(`${path} rubber ${h.rubber} not finished: games ${pair(games)}`);
    games.NS = 0;
    games.EW = 0;
    game = 1;
  });
  return lines;
}

/** Whether the record itself marks a revoke (`^R`) where the engine refused a play for not following suit. */
function markedRevoke(record: DealRecord, o: RecordCheck): boolean {
  return o.refusal?.code === 'MUST_FOLLOW_SUIT' && record.marks.some((m) => m.mark === 'R' && m.trick === o.refusal?.trick && m.seat === o.refusal?.seat);
}

/** Whether a record lacks what a replay needs: a full deal. */
function incomplete(o: RecordCheck): boolean {
  return o.status === 'badDeal' && o.refusal?.code === 'INVALID_HAND' && o.refusal.message.includes('no full deal');
}

function describe(record: DealRecord, o: RecordCheck): string {
  const tricks = `NS ${o.tricks.NS}, EW ${o.tricks.EW}`;
  switch (o.status) {
    case 'passedOut':
      return 'passed out';
    case 'noContract':
      return 'no contract in the record';
    case 'badDeal':
      return incomplete(o) ? 'incomplete: the record gives no full deal' : `bad deal: ${o.refusal?.code} ${printable(o.refusal?.message ?? '')}`;
    case 'illegal': {
      const card = o.refusal?.card;
      const where = `play ${(o.refusal?.playIndex ?? 0) + 1} (trick ${o.refusal?.trick}): ${o.refusal?.seat}${card ? ` ${cardText(card)}` : ''}`;
      return markedRevoke(record, o) ? `revoke, marked ^R in the record, at ${where}` : `illegal ${where}: ${o.refusal?.code}`;
    }
    case 'complete':
      if (o.result === null) return `tricks ${tricks}; declarer ${o.declarerTricks}; no result in the record to compare`;
      return `tricks ${tricks}; declarer ${o.declarerTricks}, record ${o.result}${o.consistent ? '' : ': MISMATCH'}`;
    default:
      return `${o.played} plays, tricks so far ${tricks}${o.result === null ? '' : `; record ${o.result}`}${o.consistent ? '' : ': INCONSISTENT'}`;
  }
}

/**
 * Replays every deal of the files and prints a line a deal and a summary.
 *
 * @returns 0 when every deal is legal and matches its record; 1 for an illegal play, a bad deal or a
 *   result the play contradicts; 2 when a file cannot be read, holds no deal, or a record is incomplete
 */
export function replayFiles(paths: readonly string[], out: (line: string) => void, err: (line: string) => void = out): number {
  const outcomes: RecordCheck[] = [];
  let unreadable = 0;
  let incompleteRecords = 0;
  let revokes = 0;
  let noResult = 0;
  const files = recordFiles(paths);
  if (files.length === 0) {
    err(`whist: no .pbn or .lin file in ${paths.map(printable).join(', ')}`);
    return 2;
  }
  let whistFiles = 0;
  let whistHands = 0;
  let refused = 0;
  for (const file of files) {
    const loaded = loadRecords(file);
    if (loaded.kind === 'none') {
      err(`whist: ${loaded.message}`);
      unreadable++;
      continue;
    }
    if (loaded.kind === 'whistRefused') {
      whistFiles++;
      refused++;
      out(`${printable(file)}: Whist record refused: ${loaded.message}`);
      continue;
    }
    if (loaded.kind === 'whist') {
      whistFiles++;
      whistHands += loaded.record.hands.length;
      for (const line of whistLines(file, loaded.record)) out(line);
      continue;
    }
    for (const record of loaded.records) {
      const checked = checkRecord(record);
      if (!checked.ok) {
        err(`whist: ${printable(record.label)}: ${printable(checked.error.message)}`);
        unreadable++;
        continue;
      }
      const outcome = checked.value;
      outcomes.push(outcome);
      if (incomplete(outcome)) incompleteRecords++;
      if (markedRevoke(record, outcome)) revokes++;
      if (outcome.status === 'complete' && outcome.result === null) noResult++;
      out(`${printable(outcome.label)}: ${describe(record, outcome)}`);
    }
  }
  if (whistFiles > 0) {
    out('');
    out(`Whist records ${whistFiles}: checked ${whistFiles - refused} (hands ${whistHands}), refused ${refused}`);
  }
  if (whistFiles > 0 && whistFiles === files.length) return unreadable > 0 ? 2 : refused > 0 ? 1 : 0;
  const s = totalChecks(outcomes);
  out('');
  out(`files ${files.length}, deals ${s.records}, plays checked ${s.played}`);
  out(`fully played ${s.complete}: matching the record's result ${s.matched}, not matching ${s.mismatched}, no result recorded ${noResult}`);
  out(`stopped early (claims) ${s.partial}, exceeding the claim ${s.claimsExceeded}`);
  out(
    `illegal plays ${s.illegal} (revokes marked ^R in the record ${revokes}), bad deals ${s.badDeals - incompleteRecords}, incomplete ${incompleteRecords}, passed out ${s.passedOut}, without contract ${s.noContract}`,
  );
  if (unreadable > 0 || incompleteRecords > 0) return 2;
  return outcomes.every((o) => o.consistent) && refused === 0 ? 0 : 1;
}
