/**
 * The start of the page: picks solo play or a server table from the URL, sets up the controls and the
 * records, and wires the one handler to clicks and keys.
 *
 * - Solo, `?rules=short&seed=7&bots=basic`: the table lives in `solo.ts`; the page asks it for the
 *   person's view after every change, and lets the computer players play from their own views.
 * - Server, `?server=http://127.0.0.1:8080&table=ID&token=T`: the view comes from the server, for the
 *   seat that token holds, and again after every `version` event.
 *
 * @module
 */

import type { Card } from 'whist';
import { serverBase } from '../remote.js';
import { PERSON, readSettings, settingsQuery } from '../solo.js';
import { randomSeed, setUpControls } from './controls.js';
import { DD_OFF } from './dd-toggle.js';
import { setUi } from './draw.js';
import { handle, intentOf } from './intents.js';
import { setUpRecords } from './records.js';
import { createPage, type Page } from './state.js';
import { serverTable, soloTable } from './tables.js';

/** Sends every click in the table and every key to the one handler; remembers which card has the focus. */
function listen(page: Page): void {
  const root = page.root;
  for (const type of ['click', 'keydown'] as const)
    (type === 'click' ? root : document).addEventListener(type, (event) => {
      const intent = intentOf(page, event);
      if (intent === null) return;
      event.preventDefault();
      void handle(page, intent);
    });
  root.addEventListener('focusin', (event) => {
    const card = (event.target as HTMLElement).dataset?.card;
    if (card !== undefined && (event.target as HTMLElement).tagName === 'BUTTON') page.ui = { ...page.ui, focusCard: card as Card };
  });
}

/**
 * Starts the page in `document`, as its URL says: the solo game it names (and the URL made to name all of
 * it, so that it can be shared), or the server table its `server`, `table` and `token` give.
 *
 * @returns the page's state
 */
export function start(): Page {
  const page = createPage(document);
  listen(page);
  const params = new URLSearchParams(location.search);
  const server = params.get('server');
  const tableId = params.get('table');
  const token = params.get('token');
  const { settings, problems } = readSettings(params, randomSeed);
  setUpControls(page, settings, server, (on) => void handle(page, { type: 'dd', on }));
  setUpRecords(page);
  if (server !== null && tableId !== null && token !== null) {
    const base = serverBase(server);
    if (base === null) {
      setUi(page, { error: `server=${server} is not an http(s) URL.` });
      return page;
    }
    page.modeLine.textContent = 'At a server table';
    if (settings.dd) page.ui = { ...page.ui, dd: DD_OFF };
    page.table = serverTable(page, base, tableId, token);
    return page;
  }
  // The URL always names the game being played, so that it can be shared as it is.
  const query = settingsQuery(settings) + (server === null ? '' : `&${new URLSearchParams({ server })}`);
  history.replaceState(null, '', `?${query}`);
  page.modeLine.textContent = `${PERSON} and three computer players (${settings.bots}) · ${settings.rules} whist · seed ${settings.seed}`;
  if (problems.length > 0) page.ui = { ...page.ui, error: problems.join(' ') };
  page.soloSettings = settings;
  if (settings.dd) page.ui = { ...page.ui, dd: DD_OFF };
  page.table = soloTable(page, settings);
  return page;
}
