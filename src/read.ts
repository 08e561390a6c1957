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

import { describe, type WhistErrorInfo } from './errors.js';

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
