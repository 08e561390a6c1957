/** Every language's words at once, for the tests that compare the catalogues; the page loads one language (`loadLanguage`). */

import { DE } from './de.js';
import { EN, type PageWords } from './en.js';
import { FR } from './fr.js';
import type { PageLanguage } from './index.js';

/** The page's own words, by language. */
export const PAGE_WORDS: Readonly<Record<PageLanguage, PageWords>> = { en: EN, de: DE, fr: FR };
