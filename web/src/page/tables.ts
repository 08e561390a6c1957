/**
 * The table the page plays at: in the page (solo play, `solo.ts`), with the computer players playing at
 * their pace, or on a server (`remote.ts`), whose views arrive as the table changes. Either way the page
 * only ever shows the viewer's view.
 *
 * @module
 */

import { SEAT_NAMES } from '../names.js';
import { type Connection, joinTable, type RemoteTable, ServerError } from '../remote.js';
import type { Ui } from '../render/ui.js';
import { openSoloTable, PACE, PERSON, SOLO_PLAYERS, type SoloSettings, type SoloTable } from '../solo.js';
import { draw, setUi } from './draw.js';
import { show } from './show.js';
import type { Page, Table } from './state.js';

/** Opens a solo table with these settings and shows the person's first view. */
export function soloTable(page: Page, settings: SoloSettings): Table {
  const solo: SoloTable = openSoloTable(settings);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pace = PACE[settings.speed];
  const waiting = () => solo.botToPlay() !== null;

  /** The computer players play one card at a time, at the chosen pace, until it is the person's turn. */
  const runComputers = (): void => {
    clearTimeout(timer);
    if (!waiting()) return;
    const view = page.view;
    const leading = view?.hand?.trick?.cards.length === 0 && view.hand.tricks.length > 0;
    timer = setTimeout(
      () => {
        solo.botStep();
        show(page, solo.view(), { busy: waiting() });
        runComputers();
      },
      leading ? pace.lead : pace.card,
    );
  };

  /** At the instant pace, the computer players' cards are played before the view is shown: one view, one movement. */
  const showAndRun = (patch: Partial<Ui> = {}): void => {
    if (pace.card === 0) while (waiting()) solo.botStep();
    show(page, solo.view(), { busy: waiting(), ...patch });
    runComputers();
  };

  page.ui = { ...page.ui, mode: 'solo', computers: Object.values(SOLO_PLAYERS).filter((name) => name !== PERSON) };
  showAndRun();
  return {
    async act(action) {
      const r = solo.act(action);
      if (!r.ok) {
        setUi(page, { error: `${r.message} (${r.code})` });
        return;
      }
      showAndRun({ error: null, ...(action.type === 'play' ? {} : { lastTrickOpen: false }) });
    },
    record: () => solo.record(),
    ddPosition: () => solo.ddPosition(),
  };
}

/** Joins a table on a server with a seat's token, and follows it. */
export function serverTable(page: Page, base: string, table: string, token: string): Table {
  page.ui = { ...page.ui, mode: 'server', connection: 'connecting' };
  draw(page);
  let sending = false;
  const remote: RemoteTable = joinTable({
    base,
    table,
    token,
    onSeen: (seen) => {
      show(page, seen.view, { error: null });
      const text = `At a server table, seat ${SEAT_NAMES[seen.seat]}`;
      if (page.watching === null) page.modeLine.textContent = text;
      else page.modeBefore = text;
    },
    onConnection: (connection: Connection, error: ServerError | null) => {
      if (connection !== page.ui.connection || error !== null) setUi(page, { connection, ...(error === null ? {} : { error: error.message }) });
    },
  });
  remote.refresh().catch((e: unknown) => setUi(page, { error: e instanceof Error ? e.message : String(e) }));
  addEventListener('pagehide', () => remote.close());
  return {
    async act(action) {
      // The server deals; one action at a time.
      if (action.type === 'deal' || sending) return;
      sending = true;
      try {
        await remote.act(action);
      } catch (e) {
        // A new rubber someone else already started is no failure: the next view shows it.
        const quiet = e instanceof ServerError && action.type === 'newRubber' && e.code === 'INVALID_ACTION';
        if (!quiet) setUi(page, { error: e instanceof Error ? e.message : String(e) });
        await remote.refresh().catch(() => {});
      } finally {
        sending = false;
      }
    },
    record: async () => null,
    ddPosition: () => null,
  };
}
