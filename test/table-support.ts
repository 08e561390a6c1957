/** Helpers of the table tests: what an action comes to, and a table read back from its JSON text. */
import { apply, parseTable, type TableState } from '../src/index.js';

/** The error code of an action, or 'accepted'. */
export function code(t: TableState, action: unknown): string {
  const r = apply(t, action as never);
  return r.ok ? 'accepted' : r.error.code;
}

/** A table read back from its JSON text, whole; a refusal fails the test with its path. */
export function reread(t: TableState): TableState {
  const r = parseTable(JSON.stringify(t));
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value;
}
