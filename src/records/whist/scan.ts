/**
 * The text of a Whist record cut into games, tags and Play tokens, each with the line it stands on: the
 * lexical layer of {@link parseWhistPbn}.
 *
 * The text is PBN as the PBN lexer reads it (text/lexer.ts; PBN 2.1, sections 2-3), read strictly, since a
 * Whist record is read to be checked, not to be salvaged: a `{` never closed, a tag not closed by `"` and `]`
 * on its line, and a tag that appears twice in one game are refused. Words may stand only in the Play
 * section, after the Play tag and up to its `*` (3.6); anywhere else they are refused. Sizes are bounded: a
 * tag value of at most 10,000 characters, 100 tags a game, 52 tokens a Play section.
 *
 * Linear in the text: each character is examined a bounded number of times, counted in `work`.
 *
 * @module
 */

import type { Work } from '../text/chars.js';
import { PbnLexer } from '../text/lexer.js';
import { quote } from '../text/problems.js';
import { type Problem, problem } from './problem.js';
import { MARKER_TAG, MARKER_VALUE } from './tags.js';

/** @internal The longest tag value read: a Whist record's longest, its settings, is under 1,000. */
export const MAX_VALUE = 10_000;
/** @internal The most tags a game may have: a Whist hand has about 30. */
export const MAX_TAGS = 100;
/** @internal The most tokens a Play section may have: thirteen tricks of four. */
export const MAX_PLAY_TOKENS = 52;

/** @internal A tag as written: its name, its value with escapes read, and its line (counted from 1). */
export interface ScannedTag {
  readonly name: string;
  readonly value: string;
  readonly line: number;
}

/** @internal A token of the Play section, and its line. */
export interface ScannedToken {
  readonly text: string;
  readonly line: number;
}

/** @internal One game: its tags by name, in the order written, and the tokens of its Play section. */
export interface ScannedGame {
  /** The line of its first tag. */
  readonly line: number;
  readonly tags: Map<string, ScannedTag>;
  readonly play: ScannedToken[];
  /** Whether the Play section was closed by `*`. */
  ended: boolean;
}

/** @internal Reads a text game by game, on demand: a problem stops it. */
export class Scanner {
  private readonly lexer: PbnLexer;
  /** Games returned so far. */
  private games = 0;
  /** Whether the first game has `[Game "Whist"]`, as soon as that tag is read. */
  marked = false;

  constructor(text: string, work: Work) {
    this.lexer = new PbnLexer(text, work, MAX_VALUE);
  }

  /** The next game with at least one tag, `null` at the end of the text, or the first problem (`INVALID_STATE`). */
  next(): ScannedGame | null | Problem {
    const lx = this.lexer;
    let game: ScannedGame | null = null;
    /** The tag whose section the text is in. */
    let section: string | null = null;
    for (;;) {
      const kind = lx.next();
      if (kind === 'end' || (kind === 'blank' && game !== null)) {
        if (game !== null) this.games++;
        return game;
      }
      if (kind === 'openComment') return problem('INVALID_STATE', lx, 'text', 'a { comment is never closed by }');
      if (kind === 'badTag') return problem('INVALID_STATE', lx, 'text', `unreadable tag ${lx.badTag()}: a tag is [Name "value"]`);
      if (kind === 'tag') {
        const { name, line } = lx;
        if (lx.tooLong) return problem('INVALID_STATE', lx, name, 'the value is longer than 10,000 characters');
        if (!lx.quoted) return problem('INVALID_STATE', lx, name, 'the value is not closed by " on its line');
        if (lx.trailing || !lx.closed) return problem('INVALID_STATE', lx, name, 'the tag is not closed by ] after its value');
        game ??= { line, tags: new Map(), play: [], ended: false };
        if (game.tags.size >= MAX_TAGS) return problem('INVALID_STATE', lx, name, `a game has at most ${MAX_TAGS} tags`);
        const earlier = game.tags.get(name);
        if (earlier !== undefined) return problem('INVALID_STATE', lx, name, `appears twice in this game (line ${earlier.line} and line ${line})`);
        game.tags.set(name, { name, value: lx.value, line });
        section = name;
        if (this.games === 0 && name === MARKER_TAG && lx.value === MARKER_VALUE) this.marked = true;
      } else if (kind === 'word') {
        const word = lx.word();
        if (game === null || section !== 'Play' || game.ended) {
          const where = game === null || section === null ? 'outside any tag' : game.ended ? 'after the Play section\'s "*"' : `after [${section}]`;
          return problem('INVALID_STATE', lx, section ?? 'text', `text ${where}: ${quote(word)}`);
        }
        if (word === '*') game.ended = true;
        else if (game.play.length >= MAX_PLAY_TOKENS)
          return problem('INVALID_STATE', lx, 'Play', `more than ${MAX_PLAY_TOKENS} cards: a hand has thirteen tricks of four`);
        else game.play.push({ text: word, line: lx.line });
      }
    }
  }
}

/** @internal A game's tag by name, if it has it. */
export function tagOf(game: ScannedGame, name: string): ScannedTag | undefined {
  return game.tags.get(name);
}

/** @internal The name of a game's first tag: where a problem of the whole game is reported. */
export function firstTagName(game: ScannedGame): string {
  return game.tags.keys().next().value ?? 'text';
}
