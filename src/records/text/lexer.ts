/**
 * PBN text cut into tokens: the one lexer of both PBN readers, the lenient bridge reader (`parsePbn`) and the
 * strict Whist reader (`parseWhistPbn`), which differ only in what they make of a token.
 *
 * The rules (PBN 2.1, Tis Veugen et al., sections 2-3):
 * - Only U+000A (line feed) ends a line; whitespace is what JavaScript's `\s` matches ({@link isSpace}). A line
 *   holding only whitespace is empty, and an empty line ends a game (3.1).
 * - `%` first on a line escapes the line (2.4); `;` comments run to the end of the line and `{…}` comments
 *   may span lines (3.8); a `{` inside a comment is text, the first `}` ends it.
 * - A tag is `[Name "value"]` on one line: the name of ASCII letters, digits and `_`, and its opening quote,
 *   within 200 characters of the `[`; `\"` and `\\` in a value are a quote and a backslash (2.5).
 * - Anything else is a word: from its first character to the next whitespace, `[`, `{` or `;`.
 *
 * Each character is examined a bounded number of times, counted in a {@link Work}.
 *
 * @module
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, isNameChar, isSpace, LF, OPEN_BRACE, OPEN_BRACKET, PERCENT, QUOTE, SEMICOLON, type Work } from './chars.js';
import { quote } from './problems.js';

/** How far after `[` a tag's name and opening quote may come. */
const TAG_HEAD = 200;

/**
 * @internal What the lexer found:
 * - `blank`: an empty line ended (a game ends there);
 * - `tag`: a tag, in `name` and `value`, with `quoted`, `closed`, `trailing` and `tooLong` saying how it ends;
 * - `badTag`: a `[` not followed by a name and a quote on its line (the rest of the line is skipped);
 * - `word`: a word, from `start` to `end`;
 * - `openComment`: a `{` never closed (the rest of the text is in it);
 * - `end`: the end of the text.
 */
export type TokenKind = 'blank' | 'tag' | 'badTag' | 'word' | 'openComment' | 'end';

/** @internal A PBN text's tokens, one at a time; the token's facts are in the lexer's fields, valid until the next call. */
export class PbnLexer {
  /** Where the lexer stands in the text. */
  private pos = 0;
  /** Lines begun so far: the line of `pos`, counted from 1. */
  private lineAt = 1;
  /** Whether the line of `pos` holds nothing but whitespace so far. */
  private lineEmpty = true;
  /** The line on which the token starts. */
  line = 1;
  /** Where the token (a word; a bad tag's head) starts and ends in the text. */
  start = 0;
  end = 0;
  /** A tag's name and its value, with escapes read. */
  name = '';
  value = '';
  /** Whether the tag's value ends with its closing quote (else at the line's end). */
  quoted = false;
  /** Whether a `]` closes the tag on its line. */
  closed = false;
  /** Whether anything but whitespace stands between the value's closing quote and the `]`. */
  trailing = false;
  /** Whether the value is longer than the lexer's limit (it is then not read, and the lexer stops there). */
  tooLong = false;

  /**
   * @param text - the text
   * @param work - counts the characters examined
   * @param maxValue - the longest tag value read; a longer one is `tooLong`
   */
  constructor(
    readonly text: string,
    private readonly work: Work,
    private readonly maxValue = Number.POSITIVE_INFINITY,
  ) {}

  /** The word found, as a string. */
  word(): string {
    return this.text.slice(this.start, this.end);
  }

  /** What a bad tag's head says, for a problem: from its `[` to where it stops being a tag, quoted. */
  badTag(): string {
    return quote(this.text.slice(this.start, this.end).split('\n')[0] as string);
  }

  /** The next token. */
  next(): TokenKind {
    const { text } = this;
    const n = text.length;
    while (this.pos < n) {
      this.work.steps++;
      const c = text.charCodeAt(this.pos);
      if (c === LF) {
        this.pos++;
        this.lineAt++;
        const wasEmpty = this.lineEmpty;
        this.lineEmpty = true;
        if (wasEmpty) return 'blank';
        continue;
      }
      if (isSpace(c)) {
        this.pos++;
        continue;
      }
      const wasEmpty = this.lineEmpty;
      this.lineEmpty = false;
      this.line = this.lineAt;
      // Every branch below moves past at least the character at pos.
      if ((c === PERCENT && wasEmpty) || c === SEMICOLON) this.skipLine();
      else if (c === OPEN_BRACE) {
        if (!this.skipComment()) return 'openComment';
      } else if (c === OPEN_BRACKET) return this.readTag();
      else {
        this.start = this.pos;
        this.end = this.wordEnd(this.pos);
        this.pos = this.end;
        return 'word';
      }
    }
    return 'end';
  }

  /** Moves to the line feed that ends the line (or the end of the text). */
  private skipLine(): void {
    const end = this.text.indexOf('\n', this.pos + 1);
    const to = end < 0 ? this.text.length : end;
    this.work.steps += to - this.pos;
    this.pos = to;
  }

  /** Moves past the `}` that closes the comment at `pos`, counting its lines; `false` when none does. */
  private skipComment(): boolean {
    const { text } = this;
    let p = this.pos + 1;
    while (p < text.length && text.charCodeAt(p) !== CLOSE_BRACE) {
      if (text.charCodeAt(p) === LF) this.lineAt++;
      p++;
    }
    this.work.steps += p - this.pos;
    this.pos = p < text.length ? p + 1 : p;
    return p < text.length;
  }

  /** Where a word starting at `start` (taken whatever it is) ends: the next whitespace, `[`, `{` or `;`. */
  private wordEnd(start: number): number {
    const { text } = this;
    let p = start + 1;
    while (p < text.length) {
      const c = text.charCodeAt(p);
      if (isSpace(c) || c === OPEN_BRACKET || c === OPEN_BRACE || c === SEMICOLON) break;
      p++;
    }
    this.work.steps += p - start;
    return p;
  }

  /** A tag at `pos` (a `[`): `[Name "value"]`, the value ending at its closing quote or the line's end. */
  private readTag(): TokenKind {
    const { text } = this;
    const n = text.length;
    const start = this.pos;
    const limit = Math.min(n, start + TAG_HEAD);
    let p = start + 1;
    while (p < limit && isSpace(text.charCodeAt(p)) && text.charCodeAt(p) !== LF) p++;
    const nameStart = p;
    while (p < limit && isNameChar(text.charCodeAt(p))) p++;
    const nameEnd = p;
    while (p < limit && isSpace(text.charCodeAt(p)) && text.charCodeAt(p) !== LF) p++;
    this.work.steps += p - start;
    if (nameEnd === nameStart || p >= limit || text.charCodeAt(p) !== QUOTE) {
      this.start = start;
      this.end = Math.min(p + 1, limit);
      this.skipLine();
      return 'badTag';
    }
    this.name = text.slice(nameStart, nameEnd);
    const valueStart = ++p;
    const valueLimit = Math.min(n, valueStart + 2 * this.maxValue);
    let escaped = false;
    while (p < valueLimit) {
      const c = text.charCodeAt(p);
      if (c === QUOTE || c === LF) break;
      if (c === BACKSLASH && (text.charCodeAt(p + 1) === QUOTE || text.charCodeAt(p + 1) === BACKSLASH)) {
        escaped = true;
        p += 2;
      } else p++;
    }
    this.work.steps += p - valueStart;
    this.tooLong = p >= valueLimit && p < n;
    if (this.tooLong) {
      this.pos = n;
      return 'tag';
    }
    this.quoted = p < n && text.charCodeAt(p) === QUOTE;
    this.value = escaped ? this.unescape(valueStart, p) : text.slice(valueStart, p);
    this.tooLong = this.value.length > this.maxValue;
    // Past the closing quote, to the `]` that closes the tag; a line feed first means it is not closed.
    const after = p;
    if (this.quoted) p++;
    let trailing = false;
    while (p < n && text.charCodeAt(p) !== CLOSE_BRACKET && text.charCodeAt(p) !== LF) {
      if (!isSpace(text.charCodeAt(p))) trailing = true;
      p++;
    }
    this.work.steps += p - after;
    this.trailing = trailing;
    this.closed = p < n && text.charCodeAt(p) === CLOSE_BRACKET;
    this.pos = this.closed ? p + 1 : p;
    return 'tag';
  }

  /** A tag value with `\"` and `\\` read as `"` and `\`, in slices: no string per character. */
  private unescape(start: number, end: number): string {
    const { text } = this;
    this.work.steps += end - start;
    const chunks: string[] = [];
    let from = start;
    for (let p = start; p < end; p++) {
      if (text.charCodeAt(p) === BACKSLASH && p + 1 < end) {
        const next = text.charCodeAt(p + 1);
        if (next === QUOTE || next === BACKSLASH) {
          chunks.push(text.slice(from, p));
          from = p + 1;
          p++;
        }
      }
    }
    chunks.push(text.slice(from, end));
    return chunks.join('');
  }
}
