/**
 * Reading values the library did not make: the one reader of exact-keyed objects that every
 * `parse*` function uses, and the one shape of a stored state's refusal.
 *
 * A stored object is read through its own data properties only, each read once: an unknown key, a
 * missing one or a getter is refused, so nothing a value defines is ever called.
 *
 * @module
 * @internal
 */

import { describe, type ErrorCode, fail, ok, type Result, type WhistErrorInfo } from './errors.js';
import { madeOf } from './made.js';

/** @internal A stored state's refusal at `path` (`INVALID_STATE`), its message prefixed with the path. */
export function stateError(path: string, message: string): WhistErrorInfo<'INVALID_STATE'> {
  return { code: 'INVALID_STATE', message: `${path}: ${message}`, path };
}

/**
 * @internal The own data properties of a plain object, exactly `keys`, each read once; or the
 * refusal. `path` names the object in messages; at the top level (`top`), a key is its own path.
 */
export function exactFields(value: unknown, path: string, keys: readonly string[], top = false): Record<string, unknown> | WhistErrorInfo<'INVALID_STATE'> {
  const at = (key: string) => (top ? key : `${path}.${key}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return stateError(path, `must be an object, got ${Array.isArray(value) ? 'an array' : describe(value)}`);
  for (const key of Object.keys(value)) if (!keys.includes(key)) return stateError(at(key), 'is not a field here');
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d === undefined) return stateError(at(key), 'is missing');
    if (!('value' in d)) return stateError(at(key), 'must be a plain value, not a getter');
    out[key] = d.value;
  }
  return out;
}

/** @internal What a stored state is called in messages, where its refusals point, and how its mark is told apart. */
export interface StoredKind<D> {
  /** `hand`, `rubber` or `table`. */
  readonly name: string;
  /** The path of a refusal of the whole value: `state`, `rubber`, `table`. */
  readonly path: string;
  /** The reader that checks a stored one: `parseState`, … */
  readonly reader: string;
  /** The most characters of JSON text read. */
  readonly maxChars: number;
  /** Whether what a value's mark holds is this kind's. */
  readonly derived: (value: unknown) => value is D;
}

/** @internal The refusal of a value that is not a state of this kind the library made. */
export function notMadeError(value: unknown, kind: StoredKind<unknown>): WhistErrorInfo<'INVALID_STATE'> {
  return {
    code: 'INVALID_STATE',
    message:
      typeof value === 'object' && value !== null
        ? `not a ${kind.name} state made by this library: check a stored ${kind.name} with ${kind.reader} first`
        : `a ${kind.name} state must be an object, got ${describe(value)}`,
    path: kind.path,
  };
}

/**
 * @internal The one door of stored states: JSON text or a value; a state the library made is returned as
 * it is; anything else is checked completely by `read` once and `build` makes the marked state. `read`
 * is told whether the value was parsed here from JSON text (`plain`): then it holds no getters, no
 * prototypes but Object's and Array's, and no shared objects. Never throws.
 */
export function readStored<D, S, C extends ErrorCode>(
  value: unknown,
  kind: StoredKind<D>,
  read: (value: object, plain: boolean) => D | WhistErrorInfo<C>,
  build: (derived: D, value: object) => S,
): Result<S, C | 'INVALID_STATE'> {
  let input = value;
  if (typeof value === 'string') {
    if (value.length > kind.maxChars)
      return fail('INVALID_STATE', `a stored ${kind.name} state is at most ${kind.maxChars} characters of JSON, got ${value.length}`, { path: kind.path });
    try {
      input = JSON.parse(value);
    } catch {
      return fail('INVALID_STATE', 'the text is not JSON', { path: kind.path });
    }
  }
  if (kind.derived(madeOf(input))) return ok(input as S);
  if (typeof input !== 'object' || input === null) return { ok: false, error: notMadeError(input, kind) };
  let d: D | WhistErrorInfo<C>;
  try {
    d = read(input, typeof value === 'string');
  } catch {
    return fail('INVALID_STATE', `the ${kind.name} state could not be read: it throws when read`, { path: kind.path });
  }
  if (!kind.derived(d)) return { ok: false, error: Object.freeze({ ...(d as WhistErrorInfo<C>) }) };
  return ok(build(d, input));
}
