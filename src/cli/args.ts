/**
 * What every command shares: reading options, seeds, rules and seats, and the errors of a wrong one.
 *
 * @module
 */

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isSeat, PRESETS, type Rules, type Seat } from '../index.js';

/** A usage error: the command prints it with its usage and exits with code 2. */
export class UsageError extends Error {}

/** The options of a command, as `node:util`'s parseArgs reads them. */
export type OptionSpec = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string; default?: string | boolean; multiple?: boolean }>>;

/**
 * Reads a command's arguments. A value that starts with `-` is taken as the option's value when the option
 * needs one (`--seed -5` as well as `--seed=-5`); an unknown option is a usage error.
 */
export function readArgs(
  args: readonly string[],
  options: OptionSpec,
  positionals = false,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    const next = args[i + 1];
    if (name !== null && !name.includes('=') && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  try {
    const r = parseArgs({ args: joined, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: positionals, strict: true });
    return { values: r.values as Record<string, string | boolean | undefined>, positionals: r.positionals };
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
}

/** The largest seed: the page takes seeds from 0 to 2^32 − 1, and so does the command line. */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * A seed as the command line gives it, by the page's rule: a whole number from 0 to 4294967295, in decimal
 * digits (`7`, `007`). The same seed deals the same game here and in the page (`?seed=7`). Anything else is a
 * usage error.
 */
export function readSeed(text: string): number {
  const t = text.trim();
  const n = /^\d{1,10}$/.test(t) ? Number(t) : Number.NaN;
  if (!(n <= MAX_SEED)) throw new UsageError(`--seed must be a whole number from 0 to ${MAX_SEED}, not "${text}"`);
  return n;
}

/** A fresh seed when none is given: from the platform's cryptographic source, printed so the game can be replayed. */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/** The preset of a name, in any case (`short`, `Short`), or a usage error listing the names. */
export function readRules(name: string): Rules {
  const rules = (PRESETS as Readonly<Record<string, Rules>>)[name.trim().toLowerCase()];
  if (rules === undefined) throw new UsageError(`unknown rules "${name}": the rules are ${Object.keys(PRESETS).join(', ')}`);
  return rules;
}

/** A seat, in any case, or a usage error naming the option and the value. */
export function readSeat(text: string, option: string): Seat {
  const seat = text.trim().toUpperCase();
  if (!isSeat(seat)) throw new UsageError(`${option} must be one of N E S W, not "${text}"`);
  return seat;
}

/** Why a file could not be read or written, in a few words: `no such file`, `permission denied`. */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ELOOP':
      return 'its links lead round in a loop';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ENXIO':
    case 'ENODEV':
      return 'no such device';
    case 'EIO':
      return 'an input/output error';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

/** A file that cannot be read or written: the command prints its message alone and exits with code 2. */
export class FileError extends Error {}

/** Writes a file, or throws a {@link FileError} saying why it cannot be written. */
export function writeFile(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FileError(`cannot write ${path}: ${(e as NodeJS.ErrnoException | null)?.code === 'ENOENT' ? 'no such folder' : fileProblem(e)}`);
  }
}

/** A whole number from `min` to `max`, from an option's text (surrounding spaces allowed); a usage error naming the option otherwise. */
export function readWhole(text: string, option: string, min: number, max: number): number {
  const n = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${option} must be a whole number from ${min} to ${max}, not "${text}"`);
  return n;
}
