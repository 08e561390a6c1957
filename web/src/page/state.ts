/**
 * The page's state, in one object: the viewer's latest view, the page's own UI state, the table it plays
 * at, the record being watched, the double-dummy Worker. Every part of the page reads and changes this
 * object, handed to it, instead of module-level variables: so the page's modules can import one another
 * without a cycle, and nothing runs on import.
 *
 * @module
 */

import type { Card, PlayerView, TableView } from 'whist';
import type { SolverPosition } from 'whist/solver';
import type { FinishedHand } from '../dd.js';
import type { PlayersReply } from '../players.js';
import type { Ui } from '../render/ui.js';
import type { Replay } from '../replay.js';
import type { SoloAction, SoloSettings } from '../solo.js';
import type { Sounds } from '../sound.js';

/** The table the page plays at: in the page (solo) or on a server. */
export interface Table {
  act(action: SoloAction): Promise<void>;
  /** In solo play at the person's turn, the position with every seat's cards, for the solver only; `null` otherwise, and always at a server table. */
  ddPosition(): SolverPosition | null;
  /** The table's record as a file, in solo play; `null` at a server table, whose state the page does not hold. */
  record(): Promise<{ ok: true; name: string; text: string } | { ok: false; message: string } | null>;
  /** Solo play only: once a hand is over, the person's own view at each of their turns and the card played there, for the review. */
  personTurns?(): { view: PlayerView; played: Card }[] | null;
  /** Solo play only: the person's last card can be taken back. */
  canUndo?(): boolean;
  /** Solo play only: takes back the person's last card, and the computer players' cards after it. */
  undo?(): Promise<void>;
  /** Solo play only: deals the next hand by itself once a hand is over, or stops doing so. */
  setAuto?(on: boolean): void;
  /** Stops what the table still has to do (the computer players' timers). */
  close?(): void;
}

/** A computer players' Worker answer that ends a request (`thinker.ts`). */
export type ThinkerAnswer = Exclude<PlayersReply, { kind: 'progress' } | { kind: 'error' }>;

/** The computer players' Worker (`thinker.ts`) and the requests it has not answered yet. */
export interface Thinker {
  worker: Worker | null;
  count: number;
  readonly waiting: Map<number, { resolve: (r: ThinkerAnswer | null) => void; reject: (e: Error) => void; progress?: (done: number, total: number) => void }>;
}

/** The records code (the library's PBN reader and writer, and the replay), loaded on first use. */
export type ReplayModule = typeof import('../replay.js');

/** The record being watched, with the code that reads it: it is drawn in place of the table. */
export interface Watching {
  readonly lib: ReplayModule;
  readonly replay: Replay;
}

/** The double-dummy Worker and the request the page waits for. */
export interface DdState {
  /** The solver's Worker, started the first time the toggle is on. */
  worker: Worker | null;
  /** Requests sent so far: the next one's id. */
  count: number;
  /** The request the page waits for: its id and what it is for (`moves:KEY` or `hand:KEY`). */
  pending: { readonly id: number; readonly key: string } | null;
}

export interface Page {
  /** The element the table is drawn in. */
  readonly root: HTMLElement;
  /** The live region: what just happened, in words. */
  readonly live: HTMLElement;
  /** The line under the title: solo, server table, or the record being watched. */
  readonly modeLine: HTMLElement;
  /** The viewer's latest view, `null` before the first. */
  view: TableView | null;
  ui: Ui;
  table: Table | null;
  /** The solo game's settings, `null` at a server table. */
  soloSettings: SoloSettings | null;
  watching: Watching | null;
  /** The card the replay's last step played, which moves onto the table. */
  replayFresh: ReadonlySet<Card>;
  /** The mode line to put back when the replay is closed. */
  modeBefore: string;
  /** Solo play: the next hand is dealt by itself once a hand is over (stored in the browser). */
  auto: boolean;
  /** The last finished hand, every card of it public, while it is still on the table. */
  finished: FinishedHand | null;
  readonly dd: DdState;
  /** The computer players' Worker (the sampling player), for their cards, the hint and the review. */
  readonly thinker: Thinker;
  /** The page's sounds while the player has them on (stored in the browser), else `null`. */
  sounds: Sounds | null;
  /** Solo play: the person's only legal card is played by itself (`page/forced.ts`, stored in the browser). */
  autoForced: boolean;
  /** The forced card's timer, while one waits to be played. */
  forcedTimer: ReturnType<typeof setTimeout> | undefined;
}

/** The page's state at the start, over the document's elements. */
export function createPage(doc: Document): Page {
  const element = (id: string) => doc.getElementById(id) as HTMLElement;
  return {
    root: element('table'),
    live: element('live'),
    modeLine: element('mode'),
    view: null,
    ui: {
      mode: 'solo',
      computers: [],
      lastTrickOpen: false,
      dismissed: null,
      fresh: new Set(),
      busy: false,
      error: null,
      connection: null,
      focusCard: null,
      dd: null,
      expected: null,
      review: null,
      claimForm: null,
      counter: null,
      revokeConfirm: null,
      expose: null,
      revokeStood: null,
      rulingsOpen: false,
    },
    table: null,
    soloSettings: null,
    watching: null,
    replayFresh: new Set(),
    modeBefore: '',
    auto: false,
    finished: null,
    dd: { worker: null, count: 0, pending: null },
    thinker: { worker: null, count: 0, waiting: new Map() },
    sounds: null,
    autoForced: false,
    forcedTimer: undefined,
  };
}
