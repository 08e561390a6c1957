/**
 * `whist replay FILE...`: replays recorded deals (PBN, BBO .lin) through the engine.
 *
 * Deals are labelled with the file's path as given. Files are read as UTF-8 when they are valid UTF-8 and as Latin-1 otherwise (older PBN files are
 * Latin-1). A folder is searched for .pbn and .lin files, in any case.
 *
 * @module
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type DealRecord, parseLin, parsePbn, type ReplayOutcome, replayRecord, summarize } from '../records/index.js';

const RECORD_FILE = /\.(pbn|lin)$/i;

/** Decodes a record file: UTF-8 when valid, else Latin-1. */
export function decodeRecordFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** The record files named by the arguments: files as given, folders searched recursively, in sorted order. */
export function recordFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    if (statSync(path).isDirectory()) {
      const entries = readdirSync(path).sort();
      out.push(...recordFiles(entries.map((e) => join(path, e)).filter((p) => statSync(p).isDirectory() || RECORD_FILE.test(p))));
    } else out.push(path);
  }
  return out;
}

/** Parses one record file by its extension; the records are labelled with the path as given. */
export function readRecords(path: string): DealRecord[] {
  const text = decodeRecordFile(readFileSync(path));
  const parsed = /\.lin$/i.test(path) ? parseLin(text, { source: path }) : parsePbn(text, { source: path });
  return parsed.ok ? parsed.value : [];
}

/** Whether the record itself marks a revoke (`^R`) where the engine refused a play for not following suit. */
function markedRevoke(record: DealRecord, o: ReplayOutcome): boolean {
  return o.error?.code === 'MUST_FOLLOW_SUIT' && record.marks.some((m) => m.mark === 'R' && m.trick === o.error?.trick && m.seat === o.error?.seat);
}

/** Whether a record lacks what a replay needs: a full deal. */
function incomplete(o: ReplayOutcome): boolean {
  return o.status === 'badDeal' && o.error?.code === 'INVALID_HAND' && o.error.message.includes('no full deal');
}

function describe(record: DealRecord, o: ReplayOutcome): string {
  const tricks = `NS ${o.tricks.NS}, EW ${o.tricks.EW}`;
  switch (o.status) {
    case 'passedOut':
      return 'passed out';
    case 'noContract':
      return 'no contract in the record';
    case 'badDeal':
      return incomplete(o) ? 'incomplete: the record gives no full deal' : `bad deal: ${o.error?.code} ${o.error?.message}`;
    case 'illegal': {
      const where = `play ${(o.error?.playIndex ?? 0) + 1} (trick ${o.error?.trick}): ${o.error?.seat} ${o.error?.card}`;
      return markedRevoke(record, o) ? `revoke, marked ^R in the record, at ${where}` : `illegal ${where}: ${o.error?.code}`;
    }
    case 'complete':
      if (o.result === null) return `tricks ${tricks}; declarer ${o.declarerTricks}; no result in the record to compare`;
      return `tricks ${tricks}; declarer ${o.declarerTricks}, record ${o.result}${o.consistent ? '' : ': MISMATCH'}`;
    default:
      return `${o.plays} plays, tricks so far ${tricks}${o.result === null ? '' : `; record ${o.result}`}${o.consistent ? '' : ': INCONSISTENT'}`;
  }
}

/**
 * Replays every deal of the files and prints a line a deal and a summary.
 *
 * @returns 0 when every deal is legal and matches its record; 1 for an illegal play, a bad deal or a
 *   result the play contradicts; 2 when a file cannot be read, holds no deal, or a record is incomplete
 */
export function replayFiles(paths: readonly string[], out: (line: string) => void, err: (line: string) => void = out): number {
  const outcomes: ReplayOutcome[] = [];
  let unreadable = 0;
  let incompleteRecords = 0;
  let revokes = 0;
  let noResult = 0;
  let files: string[];
  try {
    files = recordFiles(paths);
  } catch (e) {
    err(`whist replay: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  for (const file of files) {
    let records: DealRecord[];
    try {
      records = readRecords(file);
    } catch (e) {
      err(`whist replay: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
      unreadable++;
      continue;
    }
    if (records.length === 0) {
      err(`whist replay: ${file} holds no deal`);
      unreadable++;
      continue;
    }
    for (const record of records) {
      const replayed = replayRecord(record);
      if (!replayed.ok) {
        err(`whist replay: ${record.label}: ${replayed.error.message}`);
        unreadable++;
        continue;
      }
      const outcome = replayed.value;
      outcomes.push(outcome);
      if (incomplete(outcome)) incompleteRecords++;
      if (markedRevoke(record, outcome)) revokes++;
      if (outcome.status === 'complete' && outcome.result === null) noResult++;
      out(`${outcome.label}: ${describe(record, outcome)}`);
    }
  }
  const s = summarize(outcomes);
  out('');
  out(`files ${files.length}, deals ${s.deals}, plays checked ${s.plays}`);
  out(`fully played ${s.complete}: matching the record's result ${s.matched}, not matching ${s.mismatched}, no result recorded ${noResult}`);
  out(`stopped early (claims) ${s.partial}, exceeding the claim ${s.claimsExceeded}`);
  out(
    `illegal plays ${s.illegal} (revokes marked ^R in the record ${revokes}), bad deals ${s.badDeals - incompleteRecords}, incomplete ${incompleteRecords}, passed out ${s.passedOut}, without contract ${s.noContract}`,
  );
  if (unreadable > 0 || incompleteRecords > 0) return 2;
  return outcomes.every((o) => o.consistent) ? 0 : 1;
}
