/**
 * Characters as the record readers see them: one definition of whitespace, digits and tag-name characters,
 * shared by every reader of `whist/records`, and the work counter that tests read to check that reading is
 * linear in the text.
 *
 * @module
 */

// Character codes.
export const LF = 10;
export const BANG = 33;
export const QUOTE = 34;
export const DOLLAR = 36;
export const PERCENT = 37;
export const STAR = 42;
export const DASH = 45;
export const DOT = 46;
export const ZERO = 48;
export const ONE = 49;
export const NINE = 57;
export const COLON = 58;
export const SEMICOLON = 59;
export const EQUALS = 61;
export const QUESTION = 63;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
export const CARET = 94;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;

/**
 * @internal Counts the characters the readers examine. Every scanning loop of `whist/records` adds what it
 * examines, so tests can check that the work done is linear in the text's length without a stopwatch; it
 * has no effect on what is read.
 */
export interface Work {
  steps: number;
}

/**
 * @internal Whether a UTF-16 code unit is whitespace: exactly the characters JavaScript's `\s` matches and
 * `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator). The one definition every reader uses.
 */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** @internal Whether a code unit ends a line for `String.prototype.split` on line breaks: LF, CR, U+2028, U+2029. */
export function isLineEnd(c: number): boolean {
  return c === LF || c === 13 || c === 0x2028 || c === 0x2029;
}

/** @internal Whether a code unit is an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** @internal Whether `s` is one or more ASCII digits. */
export function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return s.length > 0;
}

/** @internal Whether a code unit may stand in a PBN tag's name: an ASCII letter, digit or `_` (PBN 2.1, 3.2). */
export function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** @internal A lookup table without a prototype: no key of a text can reach `Object.prototype`. */
export function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
