/**
 * The page's language, set up once as it starts: chosen from the URL (`lang=de`), the choice kept in this
 * browser, or the browser's own languages; the static page (index.html's `data-i18n` elements) said in
 * it; and the switch at the top, which keeps a new choice and loads the page again in that language (the
 * game goes on: it is kept in the browser, a server table's seat in its link).
 *
 * @module
 */

import { h } from '../dom.js';
import { chooseLanguage, LANGUAGE_KEY, LANGUAGE_NAMES, loadLanguage, PAGE_LANGUAGES, type PageLanguage, language as pageLanguage, t } from '../i18n/index.js';

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** Says index.html in the page's language: `data-i18n` names a key of `html` for the text, `data-i18n-html` for text with `<kbd>` keys, `data-i18n-label` for `aria-label`. */
function translate(doc: Document): void {
  const words = t().html as Readonly<Record<string, string>>;
  for (const el of doc.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const text = words[el.dataset.i18n ?? ''];
    if (text !== undefined) el.textContent = text;
  }
  for (const el of doc.querySelectorAll<HTMLElement>('[data-i18n-html]')) {
    const text = words[el.dataset.i18nHtml ?? ''];
    // The catalogue's own text, with <kbd> marks only: no value from outside the page reaches it.
    if (text !== undefined) el.innerHTML = text;
  }
  for (const el of doc.querySelectorAll<HTMLElement>('[data-i18n-label]')) {
    const text = words[el.dataset.i18nLabel ?? ''];
    if (text !== undefined) el.setAttribute('aria-label', text);
  }
}

/**
 * Chooses the page's language, from the URL's `lang`, the choice kept in this browser or the browser's
 * languages, and loads its words: called once, before the page starts.
 *
 * @returns the language the page speaks (English if the one chosen could not be loaded)
 */
export function loadPageLanguage(): Promise<PageLanguage> {
  const param = new URLSearchParams(location.search).get('lang');
  return loadLanguage(chooseLanguage(param, stored(), navigator.languages ?? [navigator.language]));
}

/**
 * Says the page in its language (loaded by {@link loadPageLanguage}); puts the switch in the header.
 *
 * @returns the language
 */
export function setUpLanguage(): PageLanguage {
  const language = pageLanguage();
  document.documentElement.lang = language;
  // index.html is written in English: only another language is put in its place.
  if (language !== 'en') translate(document);
  const select = h(
    'select',
    { id: 'language', name: 'language', 'aria-label': t().languageLabel },
    PAGE_LANGUAGES.map((l) => h('option', { value: l, lang: l, selected: l === language }, LANGUAGE_NAMES[l])),
  );
  select.addEventListener('change', () => {
    const chosen = select.value as PageLanguage;
    try {
      localStorage.setItem(LANGUAGE_KEY, chosen);
    } catch {
      // Storage closed to the page: the URL carries the choice.
    }
    const url = new URL(location.href);
    url.searchParams.set('lang', chosen);
    location.replace(url.toString());
  });
  document.querySelector('header.top')?.append(h('label', { class: 'language' }, h('span', { class: 'sr-only' }, t().languageLabel), select));
  return language;
}
