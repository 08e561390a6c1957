/**
 * The arguments of the public functions of `whist/records`, checked where they enter: the text, and an
 * options object with exactly the keys a function knows. Nothing a value defines is ever called (no
 * `toString`, no getter twice), and nothing here throws.
 *
 * @module
 */

import { describe, type ErrorCode, fail, ok, type Result, type WhistErrorInfo } from '../../errors.js';

/** @internal A refused result, as `fail` makes it. */
export type Failure<C extends ErrorCode> = { readonly ok: false; readonly error: WhistErrorInfo<C> };

/** @internal The one refusal of an argument of `whist/records`: `INVALID_ARGUMENT` at `path`, "<path> must be <what>, not <the value>". */
export function mustBe(path: string, what: string, value: unknown): Failure<'INVALID_ARGUMENT'> {
  return fail('INVALID_ARGUMENT', `${path} must be ${what}, not ${describe(value)}`, { path });
}

/** @internal `INVALID_ARGUMENT` at `text` for a text that is not a string; `null` for a string. */
export function refuseText(text: unknown): Failure<'INVALID_ARGUMENT'> | null {
  return typeof text === 'string' ? null : mustBe('text', 'a string', text);
}

/**
 * @internal Reads an options object that may have only the given keys, each optional: `undefined` is no
 * options; anything else must be a plain object (made by `{}` or `Object.create(null)`) with no other key.
 * Each key's value is read once, into a fresh object. `INVALID_ARGUMENT` at `options` or `options.<key>`
 * otherwise, and when reading the options throws (a getter, a Proxy's trap).
 */
export function readOptions<K extends string>(options: unknown, keys: readonly K[]): Result<Partial<Record<K, unknown>>, 'INVALID_ARGUMENT'> {
  const read: Partial<Record<K, unknown>> = Object.create(null);
  if (options === undefined) return ok(read);
  try {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) return mustBe('options', 'a plain object or undefined', options);
    const proto: unknown = Object.getPrototypeOf(options);
    if (proto !== null && Object.getPrototypeOf(proto) !== null)
      return fail('INVALID_ARGUMENT', 'options must be a plain object or undefined, not an instance of a class', { path: 'options' });
    for (const key of Object.keys(options)) {
      if (!(keys as readonly string[]).includes(key)) {
        const known = keys.length === 1 ? `the only option is ${keys[0]}` : `the options are ${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
        return fail('INVALID_ARGUMENT', `${describe(key)} is not an option: ${known}`, { path: `options.${key}` });
      }
    }
    for (const key of keys) {
      const value: unknown = (options as Record<string, unknown>)[key];
      if (value !== undefined) read[key] = value;
    }
    return ok(read);
  } catch {
    return fail('INVALID_ARGUMENT', 'options could not be read: reading them throws', { path: 'options' });
  }
}

/**
 * @internal The arguments of `parsePbn` and `parseLin`: the text must be a string, and the result is the
 * `source` of the options (their only option), or `fallback`. `INVALID_ARGUMENT` as {@link refuseText} and
 * {@link readOptions} give it, or at `options.source` for a source that is not a string.
 */
export function readSource(text: unknown, options: unknown, fallback: string): Result<string, 'INVALID_ARGUMENT'> {
  const refused = refuseText(text);
  if (refused !== null) return refused;
  const read = readOptions(options, ['source']);
  if (!read.ok) return read;
  const { source = fallback } = read.value;
  return typeof source === 'string'
    ? ok(source)
    : fail('INVALID_ARGUMENT', `options.source must be a string, not ${describe(source)}`, { path: 'options.source' });
}
