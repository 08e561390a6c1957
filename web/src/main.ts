/**
 * The page's entry point, built as `app.js`: starts the page. Nothing else in the page's modules runs on
 * import; `page/start.ts` says what starting does.
 *
 * @module
 */

import { start } from './page/start.js';

start();
