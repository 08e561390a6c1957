/** German, loaded by a page that speaks it (`loadLanguage`): the page's words and the library's catalogue. */

export { DE as game } from 'whist/words';
export { DE as page } from './de.js';
