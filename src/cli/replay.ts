/**
 * `whist replay FILE...`: replays recorded deals (PBN, BBO .lin) through the engine.
 *
 * Deals are labelled with the file's path relative to the working folder. Files are read as UTF-8 when they are valid UTF-8 and as Latin-1 otherwise (older PBN files are
 * Latin-1). A folder is searched for .pbn and .lin files, in any case.
 *
 * @module
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** Parses one record file by its extension. */
export function readRecords(path: string): DealRecord[] {
  const text = decodeRecordFile(readFileSync(path));
  const source = relative(process.cwd(), path) || path;
  return /\.lin$/i.test(path) ? parseLin(text, { source }) : parsePbn(text, { source });
}

function describe(o: ReplayOutcome): string {
  const tricks = `NS ${o.tricks.NS}, EW ${o.tricks.EW}`;
  switch (o.status) {
    case 'passedOut':
      return 'passed out';
    case 'noContract':
      return 'no contract in the record';
    case 'badDeal':
      return `bad deal: ${o.error?.code} ${o.error?.message}`;
    case 'illegal':
      return `illegal play ${o.error?.playIndex === null ? '' : (o.error?.playIndex ?? 0) + 1} (trick ${o.error?.trick}): ${o.error?.seat} ${o.error?.card}: ${o.error?.code}`;
    case 'complete':
      return `tricks ${tricks}; declarer ${o.declarerTricks}${o.result === null ? '' : `, record ${o.result}`}${o.consistent ? '' : ': MISMATCH'}`;
    default:
      return `${o.plays} plays, tricks so far ${tricks}${o.result === null ? '' : `; record ${o.result}`}${o.consistent ? '' : ': INCONSISTENT'}`;
  }
}

/**
 * Replays every deal of the files and prints a line a deal and a summary.
 *
 * @returns 0 when every deal is legal and consistent with its record, 1 otherwise, 2 without files
 */
export function replayFiles(paths: readonly string[], out: (line: string) => void): number {
  if (paths.length === 0) {
    out('whist replay: name at least one .pbn or .lin file or folder');
    return 2;
  }
  const outcomes: ReplayOutcome[] = [];
  for (const file of recordFiles(paths)) {
    for (const record of readRecords(file)) {
      const outcome = replayRecord(record);
      outcomes.push(outcome);
      out(`${outcome.label}: ${describe(outcome)}`);
    }
  }
  const s = summarize(outcomes);
  out('');
  out(`deals ${s.deals}, plays checked ${s.plays}`);
  out(`fully played ${s.complete}, matching the record's result ${s.matched}, not matching ${s.mismatched}`);
  out(`stopped early (claims) ${s.partial}, exceeding the claim ${s.claimsExceeded}`);
  out(`illegal plays ${s.illegal}, bad deals ${s.badDeals}, passed out ${s.passedOut}, without contract ${s.noContract}`);
  const bad = outcomes.filter((o) => !o.consistent).length;
  return bad === 0 ? 0 : 1;
}
