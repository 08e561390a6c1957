/**
 * What every command shares: reading options, seeds, rules and seats, and the errors of a wrong one.
 *
 * @module
 */

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

/**
 * A seed as the command line gives it. One rule, the library's: a seed is text, and a number is written as
 * JavaScript writes it, so `1`, `1.0` and `+1` are the same seed and `abc` is a seed too.
 */
export function readSeed(text: string): string | number {
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim())) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  if (text.length > 1000) throw new UsageError('--seed is at most 1,000 characters');
  return text;
}

/** A fresh seed when none is given: from the platform's cryptographic source, printed so the game can be replayed. */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/** The preset of a name, or a usage error listing the names. */
export function readRules(name: string): Rules {
  const rules = (PRESETS as Readonly<Record<string, Rules>>)[name];
  if (rules === undefined) throw new UsageError(`unknown rules "${name}": the rules are ${Object.keys(PRESETS).join(', ')}`);
  return rules;
}

/** A seat, or a usage error. */
export function readSeat(text: string, option: string): Seat {
  const seat = text.toUpperCase();
  if (!isSeat(seat)) throw new UsageError(`${option} must be N, E, S or W, got "${text}"`);
  return seat;
}
