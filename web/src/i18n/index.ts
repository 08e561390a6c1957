/**
 * The page's language: English, German or French, chosen once as the page starts (from the URL's `lang`,
 * the choice kept in this browser, else the browser's own languages) and read by every renderer. The
 * switch on the page keeps the choice and loads the page again, so the language never changes under a
 * drawn table; `setLanguage` is called once, by `start`, before anything is drawn.
 *
 * @module
 */

import { type Catalogue, DE as DE_GAME, EN as EN_GAME, FR as FR_GAME } from 'whist/words';
import { DE } from './de.js';
import { EN, type PageWords } from './en.js';
import { FR } from './fr.js';

export type { PageWords } from './en.js';

/** The languages the page speaks, in the order the switch lists them. */
export const PAGE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** The page's own words, by language. */
export const PAGE_WORDS: Readonly<Record<PageLanguage, PageWords>> = { en: EN, de: DE, fr: FR };

/** The library's catalogue of the game's sentences, by language. */
const GAME_WORDS: Readonly<Record<PageLanguage, Catalogue>> = { en: EN_GAME, de: DE_GAME, fr: FR_GAME };

/** Where the page keeps the language chosen on it (`localStorage`). */
export const LANGUAGE_KEY = 'whist.language';

let current: PageLanguage = 'en';

/** Reads a language code: `de`, `de-AT`, `DE` are German; `null` for one the page does not speak. */
export function readLanguage(text: string | null | undefined): PageLanguage | null {
  const code = (text ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (PAGE_LANGUAGES as readonly string[]).includes(code) ? (code as PageLanguage) : null;
}

/**
 * The page's language: the URL's `lang`, else the one chosen in this browser, else the first of the
 * browser's languages the page speaks, else English.
 */
export function chooseLanguage(param: string | null, stored: string | null, browser: readonly string[]): PageLanguage {
  return readLanguage(param) ?? readLanguage(stored) ?? browser.map(readLanguage).find((l) => l !== null) ?? 'en';
}

/** Sets the page's language; called once, before the first drawing. */
export function setLanguage(language: PageLanguage): void {
  current = language;
}

/** The page's language. */
export function language(): PageLanguage {
  return current;
}

/** The page's own words, in its language. */
export function t(): PageWords {
  return PAGE_WORDS[current];
}

/** The library's catalogue in the page's language: what `whist/words` says the game with. */
export function gameWords(): Catalogue {
  return GAME_WORDS[current];
}

/** "North and East", "Nord und Ost": a list in the page's language. */
export function listText(items: readonly string[]): string {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}
