/**
 * The text of a Whist record cut into games, tags and Play tokens, each with the line it stands on: the
 * lexical layer of {@link parseWhistPbn}.
 *
 * The rules are those of the PBN reader (`parsePbn`, PBN 2.1 sections 2-3), read strictly, since a Whist
 * record is read to be checked, not to be salvaged:
 * - Only U+000A (line feed) ends a line; whitespace is what JavaScript's `\s` matches. Games are separated
 *   by a line holding only whitespace (3.1).
 * - `%` first on a line escapes the line (2.4); `;` comments run to the end of the line and `{…}` comments
 *   may span lines (3.8). A `{` never closed is refused.
 * - A tag is `[Name "value"]` on one line, the name of letters, digits and `_`; `\"` and `\\` in a value are
 *   a quote and a backslash (2.5). A tag not closed by `"` and `]` on its line is refused, and so is a tag
 *   that appears twice in one game.
 * - Tokens (words between whitespace) may stand only in the Play section, after the Play tag and up to its
 *   `*` (3.6); anywhere else they are refused.
 * - Sizes are bounded: a tag value of at most 10,000 characters, 100 tags a game, 52 tokens a Play section.
 *
 * Linear in the text: each character is examined a bounded number of times, counted in `work`.
 *
 * @module
 */

import { isSpace, quote, type Work, wordEnd } from './pbn.js';

const LF = 10;
const QUOTE = 34;
const PERCENT = 37;
const SEMICOLON = 59;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
/** How far after `[` a tag's name and opening quote may come. */
const TAG_HEAD = 200;
/** @internal The longest tag value read: a Whist record's longest, its settings, is under 1,000. */
export const MAX_VALUE = 10_000;
/** @internal The most tags a game may have: a Whist hand has about 30. */
export const MAX_TAGS = 100;
/** @internal The most tokens a Play section may have: thirteen tricks of four. */
export const MAX_PLAY_TOKENS = 52;

/** A tag as written: its name, its value with escapes read, and its line (counted from 1). */
export interface ScannedTag {
  readonly name: string;
  readonly value: string;
  readonly line: number;
}

/** A token of the Play section, and its line. */
export interface ScannedToken {
  readonly text: string;
  readonly line: number;
}

/** One game: its tags by name, in the order written, and the tokens of its Play section. */
export interface ScannedGame {
  /** The line of its first tag. */
  readonly line: number;
  readonly tags: Map<string, ScannedTag>;
  readonly play: ScannedToken[];
  /** Whether the Play section was closed by `*`. */
  ended: boolean;
}

/** What cannot be read, where: the line, the tag concerned (or `null`), and the problem. */
export interface ScanProblem {
  readonly line: number;
  readonly tag: string | null;
  readonly message: string;
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** Reads a text game by game, on demand: a problem stops it. */
export class Scanner {
  private pos = 0;
  private line = 1;
  /** The tag whose section the text is in, in the game being read. */
  private section: string | null = null;
  /** Games returned so far. */
  private games = 0;
  /** Whether the first game has `[Game "Whist"]`, as soon as that tag is read. */
  marked = false;

  constructor(
    private readonly text: string,
    private readonly work: Work,
  ) {}

  /** The next game with at least one tag, `null` at the end of the text, or the first problem. */
  next(): ScannedGame | null | ScanProblem {
    const { text } = this;
    const n = text.length;
    let game: ScannedGame | null = null;
    this.section = null;
    let lineEmpty = true;
    while (this.pos < n) {
      this.work.steps++;
      const c = text.charCodeAt(this.pos);
      if (c === LF) {
        this.pos++;
        this.line++;
        if (lineEmpty && game !== null) {
          this.games++;
          return game;
        }
        lineEmpty = true;
        continue;
      }
      if (isSpace(c)) {
        this.pos++;
        continue;
      }
      const wasEmpty = lineEmpty;
      lineEmpty = false;
      if ((c === PERCENT && wasEmpty) || c === SEMICOLON) this.skipLine();
      else if (c === OPEN_BRACE) {
        const problem = this.skipComment();
        if (problem !== null) return problem;
      } else if (c === OPEN_BRACKET) {
        const tag = this.readTag();
        if ('message' in tag) return tag;
        game ??= { line: tag.line, tags: new Map(), play: [], ended: false };
        if (game.tags.size >= MAX_TAGS) return { line: tag.line, tag: tag.name, message: `a game has at most ${MAX_TAGS} tags` };
        const earlier = game.tags.get(tag.name);
        if (earlier !== undefined) return { line: tag.line, tag: tag.name, message: `appears twice in this game (line ${earlier.line} and line ${tag.line})` };
        game.tags.set(tag.name, tag);
        this.section = tag.name;
        if (this.games === 0 && tag.name === 'Game' && tag.value === 'Whist') this.marked = true;
      } else {
        const line = this.line;
        const word = this.readWord();
        if (game === null || this.section !== 'Play' || game.ended) {
          const where = game === null || this.section === null ? 'outside any tag' : game.ended ? 'after the Play section\'s "*"' : `after [${this.section}]`;
          return { line, tag: this.section, message: `text ${where}: ${quote(word)}` };
        }
        if (word === '*') game.ended = true;
        else if (game.play.length >= MAX_PLAY_TOKENS)
          return { line, tag: 'Play', message: `more than ${MAX_PLAY_TOKENS} cards: a hand has thirteen tricks of four` };
        else game.play.push({ text: word, line });
      }
    }
    if (game !== null) this.games++;
    return game;
  }

  private skipLine(): void {
    const end = this.text.indexOf('\n', this.pos + 1);
    const to = end < 0 ? this.text.length : end;
    this.work.steps += to - this.pos;
    this.pos = to;
  }

  private skipComment(): ScanProblem | null {
    const { text } = this;
    const start = this.line;
    let p = this.pos + 1;
    while (p < text.length && text.charCodeAt(p) !== CLOSE_BRACE) {
      if (text.charCodeAt(p) === LF) this.line++;
      p++;
    }
    this.work.steps += p - this.pos;
    if (p >= text.length) return { line: start, tag: null, message: 'a { comment is never closed by }' };
    this.pos = p + 1;
    return null;
  }

  /** A token: from `pos` to the next whitespace, `[`, `{` or `;`. */
  private readWord(): string {
    const start = this.pos;
    const p = wordEnd(this.text, start);
    this.work.steps += p - start;
    this.pos = p;
    return this.text.slice(start, p);
  }

  /** A tag at `pos` (a `[`): `[Name "value"]` on one line. */
  private readTag(): ScannedTag | ScanProblem {
    const { text, line } = this;
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
      return {
        line,
        tag: null,
        message: `unreadable tag ${quote(text.slice(start, Math.min(p + 1, limit)).split('\n')[0] as string)}: a tag is [Name "value"]`,
      };
    }
    const name = text.slice(nameStart, nameEnd);
    const valueStart = ++p;
    let escaped = false;
    const valueLimit = Math.min(n, valueStart + 2 * MAX_VALUE);
    while (p < valueLimit) {
      const c = text.charCodeAt(p);
      if (c === QUOTE || c === LF) break;
      if (c === BACKSLASH && (text.charCodeAt(p + 1) === QUOTE || text.charCodeAt(p + 1) === BACKSLASH)) {
        escaped = true;
        p += 2;
      } else p++;
    }
    this.work.steps += p - valueStart;
    if (p >= valueLimit && p < n) return { line, tag: name, message: 'the value is longer than 10,000 characters' };
    if (p >= n || text.charCodeAt(p) !== QUOTE) return { line, tag: name, message: 'the value is not closed by " on its line' };
    const value = escaped ? unescapeValue(text, valueStart, p, this.work) : text.slice(valueStart, p);
    if (value.length > MAX_VALUE) return { line, tag: name, message: 'the value is longer than 10,000 characters' };
    p++;
    const after = p;
    while (p < n && isSpace(text.charCodeAt(p)) && text.charCodeAt(p) !== LF) p++;
    this.work.steps += p - after;
    if (p >= n || text.charCodeAt(p) !== CLOSE_BRACKET) return { line, tag: name, message: 'the tag is not closed by ] after its value' };
    this.pos = p + 1;
    return { name, value, line };
  }
}

/** A tag value with `\"` and `\\` read as `"` and `\`, in chunks: no string per character. */
function unescapeValue(text: string, start: number, end: number, work: Work): string {
  work.steps += end - start;
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
