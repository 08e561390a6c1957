/**
 * The page's language: English, German or French, chosen once as the page starts (from the URL's `lang`,
 * the choice kept in this browser, else the browser's own languages) and read by every renderer. The
 * switch on the page keeps the choice and loads the page again, so the language never changes under a
 * drawn table; `loadLanguage` is called once, before anything is drawn. English is part of the page; German
 * and French (the page's words and the library's catalogue) are loaded only by a page that speaks them.
 *
 * @module
 */

import { type Catalogue, EN as EN_GAME } from 'whist/words';
import { EN, type PageWords } from './en.js';

export type { PageWords } from './en.js';

/** The languages the page speaks, in the order the switch lists them. */
export const PAGE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Each language's name in itself, as the switch lists it (each catalogue's `languageName`). */
export const LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = { en: 'English', de: 'Deutsch', fr: 'Français' };

/** A language's words: the page's own, and the library's catalogue of the game's sentences. */
export interface LanguageWords {
  readonly page: PageWords;
  readonly game: Catalogue;
}

/** Where the page keeps the language chosen on it (`localStorage`). */
export const LANGUAGE_KEY = 'whist.language';

let current: PageLanguage = 'en';
let words: LanguageWords = { page: EN, game: EN_GAME };

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

/**
 * Loads a language's words and makes it the page's language; called once, before the first drawing. A
 * language that cannot be loaded (the network failed) leaves the page in English.
 *
 * @returns the page's language now
 */
export async function loadLanguage(language: PageLanguage): Promise<PageLanguage> {
  try {
    if (language === 'de') words = await import('./lang-de.js');
    else if (language === 'fr') words = await import('./lang-fr.js');
    current = language;
  } catch {
    current = 'en';
  }
  return current;
}

/** The page's language. */
export function language(): PageLanguage {
  return current;
}

/** The page's own words, in its language. */
export function t(): PageWords {
  return words.page;
}

/** The library's catalogue in the page's language: what `whist/words` says the game with. */
export function gameWords(): Catalogue {
  return words.game;
}

/** "North and East", "Nord und Ost": a list in the page's language. */
export function listText(items: readonly string[]): string {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}
