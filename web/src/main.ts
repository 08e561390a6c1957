/**
 * The page's entry point, built as `app.js`: loads the page's language (German and French are loaded only
 * by a page that speaks them), then starts the page. Nothing else in the page's modules runs on import;
 * `page/start.ts` says what starting does.
 *
 * @module
 */

import { loadPageLanguage } from './page/language.js';
import { start } from './page/start.js';

void loadPageLanguage().then(() => start());
