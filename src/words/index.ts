/**
 * The words the table shows: every sentence a program built on the library says to a person (events
 * with their law, penalties, honours, revokes, refused claims, the rules table), in one catalogue per
 * language, so that the command line and the page say the same thing and a new language is one catalogue.
 *
 * @module whist/words
 */

/**
 * The languages the catalogue has sentences in.
 *
 * @example
 * ```ts
 * import { LANGUAGES } from 'whist/words';
 *
 * LANGUAGES; // ['en']
 * ```
 * @group Words
 */
export const LANGUAGES = ['en'] as const;

/**
 * A language the catalogue has sentences in: one of {@link LANGUAGES}.
 *
 * @group Words
 */
export type Language = (typeof LANGUAGES)[number];
