/**
 * The controls under the table: the solo game's settings (a new game is a new URL), the form that opens a
 * table on a server and lists a link for each seat, and the double-dummy toggle.
 *
 * @module
 */

import { PRESET_NAMES, PRESETS } from 'whist';
import { h } from '../dom.js';
import { rulesTitle } from '../i18n/game.js';
import { t } from '../i18n/index.js';
import { serverBase } from '../remote.js';
import { BOTS_KEY, gameKey, KEPT_KEY, keepGames, readKept, readSaved, readSeed, readSettings, type SoloSettings, STORAGE_KEY, settingsQuery } from '../solo.js';
import { setUi, showShareLink } from './draw.js';
import type { Intent } from './intents.js';
import { confirmLeaving } from './leave.js';
import type { Page } from './state.js';

/** The reference server's address when nothing else names one. */
export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

/**
 * The server the page offers to open a table on: the one the URL names, else the one the page is served
 * with (`<meta name="whist-server">`, which `npm run play` sets), else the reference server's default address.
 */
export function defaultServer(fromUrl: string | null): string {
  if (fromUrl !== null && fromUrl !== '') return fromUrl;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="whist-server"]')?.content ?? '';
  return serverBase(meta) ?? DEFAULT_SERVER;
}

/**
 * The solo game's own buttons, beside the title: take back the person's last card, a new game in one
 * click, and whether the next hand is dealt by itself.
 */
export function setUpSoloTools(page: Page, onIntent: (intent: Intent) => void): void {
  const auto = h('input', { type: 'checkbox', id: 'auto-deal', name: 'auto-deal' });
  auto.checked = page.auto;
  auto.addEventListener('change', () => onIntent({ type: 'auto', on: auto.checked }));
  const tools = h(
    'div',
    { class: 'solo-tools', id: 'solo-tools' },
    h('button', { type: 'button', 'data-action': 'undo', 'aria-keyshortcuts': 'Control+Z', hidden: true }, t().solo.undo),
    h('button', { type: 'button', 'data-action': 'new-game' }, t().solo.newGame),
    h('label', { class: 'check' }, auto, ` ${t().solo.autoDeal}`),
  );
  tools.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-action]');
    if (el === null || el === undefined || el.hidden) return;
    onIntent({ type: el.dataset.action === 'undo' ? 'undo' : 'new-game' });
  });
  page.modeLine.after(tools);
}

/** Shows "Take back my last card" only while there is one to take back. */
export function syncSoloTools(page: Page): void {
  const undo = document.querySelector<HTMLButtonElement>('#solo-tools [data-action="undo"]');
  if (undo !== null) undo.hidden = !(page.table?.canUndo?.() ?? false);
}

/** A fresh seed from the CSPRNG. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/**
 * Fills the controls from the settings and listens to them.
 *
 * @param server - the server named in the URL, if any, to offer in the form that opens a table
 * @param onDd - the double-dummy toggle was turned on or off
 */
export function setUpControls(page: Page, settings: SoloSettings, server: string | null, onDd: (on: boolean) => void): void {
  const toggle = document.getElementById('dd-toggle') as HTMLInputElement;
  toggle.checked = settings.dd;
  toggle.addEventListener('change', () => onDd(toggle.checked));
  const form = document.getElementById('settings') as HTMLFormElement;
  const rules = form.elements.namedItem('rules') as HTMLSelectElement;
  for (const name of PRESET_NAMES) rules.append(h('option', { value: name }, t().solo.rulesOption(name, rulesTitle(PRESETS[name]), PRESETS[name].target)));
  rules.value = settings.rules;
  (form.elements.namedItem('seed') as HTMLInputElement).value = String(settings.seed);
  (form.elements.namedItem('bots') as HTMLSelectElement).value = settings.bots;
  (form.elements.namedItem('speed') as HTMLSelectElement).value = settings.speed;
  const claims = form.elements.namedItem('claims') as HTMLInputElement | null;
  if (claims !== null) claims.checked = settings.claims === true;
  const laws = form.elements.namedItem('laws') as HTMLSelectElement | null;
  if (laws !== null) laws.value = settings.laws ? '1' : '0';
  showShareLink(settings);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const seedText = String(data.get('seed') ?? '').trim();
    const seed = seedText === '' ? randomSeed() : readSeed(seedText);
    if (seed === null) {
      setUi(page, { error: t().solo.badSeed });
      return;
    }
    const next = readSettings(
      new URLSearchParams({
        rules: String(data.get('rules')),
        bots: String(data.get('bots')),
        speed: String(data.get('speed')),
        dd: toggle.checked ? '1' : '0',
        claims: data.get('claims') === null ? '0' : '1',
        laws: data.get('laws') === '1' ? '1' : '0',
      }),
      () => seed,
    );
    // A new game from the form: a game of the same address is dealt afresh (the stored one, or one kept, is
    // forgotten); another stored game is kept under its own address. The computer players chosen are kept for
    // the next new game. While a hand is being played, the page asks first.
    confirmLeaving(page, () => {
      page.table?.close?.();
      try {
        const key = gameKey(next.settings);
        const current = readSaved(localStorage.getItem(STORAGE_KEY) ?? '');
        if (current.ok && gameKey(current.value) === key) localStorage.removeItem(STORAGE_KEY);
        const kept = keepGames(readKept(localStorage.getItem(KEPT_KEY)), null, key).kept;
        if (kept.length === 0) localStorage.removeItem(KEPT_KEY);
        else localStorage.setItem(KEPT_KEY, JSON.stringify(kept));
        localStorage.setItem(BOTS_KEY, next.settings.bots);
      } catch {
        // Storage closed to the page: nothing was stored.
      }
      location.search = settingsQuery(next.settings);
    });
  });

  const open = document.getElementById('open-table') as HTMLFormElement;
  const serverInput = open.elements.namedItem('server') as HTMLInputElement;
  serverInput.value = defaultServer(server);
}
