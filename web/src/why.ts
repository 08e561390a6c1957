/**
 * What went wrong, from whatever was thrown: the page's and the Workers' one reading of a caught value, shown
 * inside a sentence of the catalogue ("The solver failed: …").
 *
 * @module
 */

/** An error's message, or the thrown value as text. */
export function whyOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
