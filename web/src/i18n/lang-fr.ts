/** French, loaded by a page that speaks it (`loadLanguage`): the page's words and the library's catalogue. */

export { FR as game } from 'whist/words';
export { FR as page } from './fr.js';
