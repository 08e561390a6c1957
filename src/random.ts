/**
 * Randomness: a seeded PRNG whose state is plain JSON, and the shuffle. The only module that knows randomness.
 *
 * Dealing is pure: {@link dealHand} takes a deck order. This module makes deck orders: from a seed
 * (the same seed gives the same deals on every platform) or from `crypto.getRandomValues`.
 *
 * The generator is SFC32 (Chris Doty-Humphrey's Small Fast Counting generator, 128 bits of state),
 * seeded through SplitMix32. It is for games and simulations, not for cryptography: every deal a table
 * shuffles from it becomes public as it is played, and enough of them could reveal its state. A server
 * that deals for money should shuffle each deck from a cryptographic source itself (`crypto.getRandomValues`)
 * and deal it with {@link dealDeck}.
 *
 * @module
 */

import { type Card, DECK_ORDER } from './cards.js';
import { describe, WhistError } from './errors.js';

/**
 * A PRNG state: four 32-bit words, plain JSON. Every function returns a new one; none is modified.
 *
 * @group Randomness and cutting
 */
export interface RandomState {
  readonly s: readonly [number, number, number, number];
}

/**
 * A value drawn, with the PRNG state after drawing it.
 *
 * @group Randomness and cutting
 */
export interface Drawn<T> {
  readonly value: T;
  readonly random: RandomState;
}

function splitmix32(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A PRNG state from a seed: the same seed gives the same sequence everywhere.
 *
 * One rule for every seed: a seed is text. A string is used as it is; a number is first written as
 * JavaScript writes it (`String(n)`: `1`, `1.0` and `"1"` are the same seed, `-5` is `"-5"`). The text's
 * UTF-16 code units are hashed (FNV-1a, 32 bits) and spread into the generator's state by SplitMix32.
 *
 * @param seed - a string (at most 1,000 characters), or a finite number
 * @returns a new PRNG state
 * @throws {@link WhistError} `INVALID_ARGUMENT` for `NaN`, an infinite number, a string over 1,000
 *   characters, or anything else
 * @example
 * ```ts
 * import { seedRandom } from 'whist';
 *
 * seedRandom(1).s.join() === seedRandom('1').s.join(); // true
 * seedRandom(1.0).s.join() === seedRandom(1).s.join(); // true
 * seedRandom(1).s.join() === seedRandom(2).s.join(); // false
 * ```
 * @group Randomness and cutting
 */
export function seedRandom(seed: number | string): RandomState {
  if (!(typeof seed === 'string' && seed.length <= 1000) && !(typeof seed === 'number' && Number.isFinite(seed)))
    throw new WhistError({
      code: 'INVALID_ARGUMENT',
      message: `a seed must be a finite number or a string of at most 1,000 characters, got ${describe(seed)}`,
      path: 'seed',
    });
  const n = hashString(typeof seed === 'string' ? seed : String(seed));
  const next = splitmix32(n);
  const g = new Generator([next(), next(), next(), next()]);
  for (let i = 0; i < 12; i++) g.next();
  return g.state();
}

/**
 * @internal Reads a PRNG state given by a caller: `{ s: [a, b, c, d] }`, four whole numbers from 0 to
 * 2^32 - 1, or `null` when the value is anything else. Each value is read once; nothing is called.
 */
export function readRandom(value: unknown): RandomState | null {
  try {
    if (typeof value !== 'object' || value === null) return null;
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0] !== 's') return null;
    const s: unknown = (value as { s: unknown }).s;
    if (!Array.isArray(s) || s.length !== 4) return null;
    const words = [s[0], s[1], s[2], s[3]];
    if (!words.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffffffff)) return null;
    return Object.freeze({ s: Object.freeze(words as [number, number, number, number]) });
  } catch {
    return null;
  }
}

function checkedRandom(value: unknown): RandomState {
  const r = readRandom(value);
  if (r === null)
    throw new WhistError({
      code: 'INVALID_ARGUMENT',
      message: `a PRNG state must be { s: [a, b, c, d] }, four 32-bit unsigned integers, got ${describe(value)}`,
      path: 'random',
    });
  return r;
}

/**
 * A PRNG state drawn from `crypto.getRandomValues` (Web Crypto, in browsers and Node 19+): the default
 * when no seed is given.
 *
 * @returns a new, unpredictable PRNG state
 * @example
 * ```ts
 * import { cryptoRandom, randomInt } from 'whist';
 *
 * const roll = randomInt(cryptoRandom(), 6).value;
 * roll >= 0 && roll < 6; // true
 * ```
 * @group Randomness and cutting
 */
export function cryptoRandom(): RandomState {
  const words = crypto.getRandomValues(new Uint32Array(4));
  if (((words[0] as number) | (words[1] as number) | (words[2] as number) | (words[3] as number)) === 0) words[3] = 1;
  return { s: [words[0] as number, words[1] as number, words[2] as number, words[3] as number] };
}

/**
 * @internal A mutable SFC32 generator for loops that draw many numbers; its {@link Generator.state} is
 * the JSON state to hand back.
 */
export class Generator {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(s: readonly number[]) {
    // Held as signed 32-bit integers, which V8 keeps unboxed; handed out as unsigned.
    this.a = (s[0] as number) | 0;
    this.b = (s[1] as number) | 0;
    this.c = (s[2] as number) | 0;
    this.d = (s[3] as number) | 0;
  }

  /** The next 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /**
   * A whole number from 0 to `n - 1` (n up to 2^21), without bias: Lemire's multiply-and-shift with
   * rejection (D. Lemire, "Fast Random Integer Generation in an Interval", 2019). The product of a
   * 32-bit draw and n is exact in a double.
   */
  int(n: number): number {
    let m = this.next() * n;
    let low = m >>> 0;
    if (low < n) {
      const threshold = (0x100000000 - n) % n;
      while (low < threshold) {
        m = this.next() * n;
        low = m >>> 0;
      }
    }
    return Math.floor(m / 0x100000000);
  }

  /** The current state as JSON. */
  state(): RandomState {
    return { s: [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0] };
  }
}

/**
 * A whole number from 0 to `n - 1`, uniformly.
 *
 * @param random - a PRNG state
 * @param n - the number of outcomes, a whole number from 1 to 2^21
 * @returns `{ value, random }`: the number and the next PRNG state
 * @throws {@link WhistError} `INVALID_ARGUMENT` when `n` is not a whole number from 1 to 2^21
 * @example
 * ```ts
 * import { randomInt, seedRandom } from 'whist';
 *
 * const { value, random: next } = randomInt(seedRandom(1), 6); // a die roll 0-5
 * ```
 * @group Randomness and cutting
 */
export function randomInt(random: RandomState, n: number): Drawn<number> {
  const start = checkedRandom(random);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 0x200000)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `n must be a whole number from 1 to 2^21, got ${describe(n)}`, path: 'n' });
  const g = new Generator(start.s);
  const value = g.int(n);
  return { value, random: g.state() };
}

/**
 * A shuffled copy (Fisher–Yates), leaving the input as it was.
 *
 * @param random - a PRNG state
 * @param items - anything to shuffle
 * @returns `{ value, random }`: the shuffled copy and the next PRNG state
 * @example
 * ```ts
 * import { seedRandom, shuffle } from 'whist';
 *
 * const { value: order } = shuffle(seedRandom(7), ['N', 'E', 'S', 'W']);
 * ```
 * @group Randomness and cutting
 */
export function shuffle<T>(random: RandomState, items: readonly T[]): Drawn<T[]> {
  const g = new Generator(checkedRandom(random).s);
  if (!Array.isArray(items) || items.length > 0x200000)
    throw new WhistError({ code: 'INVALID_ARGUMENT', message: `items must be an array of at most 2^21 items, got ${describe(items)}`, path: 'items' });
  const value = Array.from(items as T[]);
  shuffleInPlace(g, value);
  return { value, random: g.state() };
}

/** @internal Fisher–Yates on an array the caller owns. */
export function shuffleInPlace<T>(g: Generator, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = g.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}

/**
 * A shuffled 52-card deck, ready for {@link dealHand}.
 *
 * @param random - a PRNG state
 * @returns `{ value, random }`: the deck order and the next PRNG state
 * @example
 * ```ts
 * import { dealHand, seedRandom, SHORT_WHIST, shuffledDeck } from 'whist';
 *
 * const { value: deck, random } = shuffledDeck(seedRandom(2024));
 * const result = dealHand(SHORT_WHIST, { dealer: 'N', deck });
 * ```
 * @group Randomness and cutting
 */
export function shuffledDeck(random: RandomState): Drawn<Card[]> {
  return shuffle(random, DECK_ORDER);
}
