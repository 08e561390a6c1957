/**
 * Showing a newer view of the table: what changed is said in the live region, the cards just played move
 * onto the table, a finished hand is kept for the double-dummy panel, and the page is drawn.
 *
 * @module
 */

import { nextSeat, partnerOf, type Seat, type TableView } from 'whist';
import { changes } from '../changes.js';
import { finishedHand } from '../dd.js';
import { listText, t } from '../i18n/index.js';
import { playerName, SEAT_NAMES } from '../names.js';
import { canClaim } from '../render/claims.js';
import { canExpose, exposable } from '../render/exposed.js';
import { lastHandKey } from '../render/hand.js';
import type { Ui } from '../render/ui.js';
import { ddSync } from './dd-toggle.js';
import { draw, say } from './draw.js';
import { playForced } from './forced.js';
import { hintSync } from './hint.js';
import { reviewSync } from './review.js';
import type { Page } from './state.js';
import { countHand } from './stats.js';

/** Tricks won between two views of the table: in the same hand, or the hand's last ones once it is scored. */
export function tricksWon(view: TableView | null, next: TableView): number {
  if (view === null) return 0;
  if (next.hands.length > view.hands.length) return 13 - (view.hand?.tricks.length ?? 13);
  if (view.hand === null || next.hand === null || view.dealNumber !== next.dealNumber) return 0;
  return next.hand.tricks.length - view.hand.tricks.length;
}

/**
 * The notice of a new rubber under rules that cut for partners again after each rubber (`afterRubber:
 * 'recut'`): "New rubber: partners cut again — your partner is Ada (North), against Basil and Cleo." `null`
 * otherwise, and for a spectator.
 */
export function recutNotice(view: TableView | null, next: TableView): string | null {
  const viewer = next.viewer;
  if (view === null || viewer === null || next.rubbers.length <= view.rubbers.length || next.rules.afterRubber !== 'recut') return null;
  const partner = partnerOf(viewer);
  const named = (seat: Seat) => `${playerName(next.players[seat])} (${SEAT_NAMES[seat]})`;
  return t().polish.recut(named(partner), listText([nextSeat(viewer, 1), nextSeat(viewer, 3)].map((s) => playerName(next.players[s]))));
}

/** Shows a newer view: says what changed, moves the cards just played, draws. */
export function show(page: Page, next: TableView, patch: Partial<Ui> = {}): void {
  const view = page.view;
  const change = changes(view, next);
  if (view === null && page.ui.mode === 'server') patch = { dismissed: lastHandKey(next), ...patch };
  // A finished hand stays until the next deal (solo) or the next hand at a server table.
  const done = finishedHand(view, next);
  if (done !== null) page.finished = done;
  else if (next.dealNumber !== view?.dealNumber || (page.ui.mode === 'solo' && next.next.action === 'play')) page.finished = null;
  page.view = next;
  page.ui = { ...page.ui, ...patch, fresh: new Set(change.fresh) };
  // A new rubber whose partners are cut again says so, and who the viewer's partner is now.
  const recut = recutNotice(view, next);
  if (recut !== null) {
    page.ui = { ...page.ui, notice: recut };
    change.messages.push(recut);
  }
  // The claim form closes once the viewer may no longer claim (a claim made, the hand over).
  if (page.ui.claimForm !== null && !canClaim(next)) page.ui = { ...page.ui, claimForm: null };
  // So does the choice of a card to drop face up, once none can be (a claim made, the hand over, the card played).
  const dropping = page.ui.expose;
  if (dropping !== null && (dropping.card === null ? !canExpose(next) : !exposable(next).includes(dropping.card))) page.ui = { ...page.ui, expose: null };
  ddSync(page);
  hintSync(page);
  reviewSync(page);
  // While a record is watched, the table goes on quietly; its view is shown on the way back.
  if (page.watching === null) {
    say(page, change.messages);
    if (page.sounds !== null) {
      if (change.fresh.length > 0) page.sounds.play('card');
      if (tricksWon(view, next) > 0) page.sounds.play('trick');
    }
  }
  draw(page);
  if (page.ui.mode === 'solo') {
    countHand(page, next);
    playForced(page);
  }
}

/**
 * A server's refusal, or its silence, as one sentence for the player: what happened and what to do, in the
 * game's words rather than the protocol's. `status` 0 with `code` `NETWORK` is no answer at all.
 */
export function seatProblem(problem: { readonly status: number; readonly code: string }, server: string): string {
  const W = t().server;
  switch (problem.code) {
    case 'NETWORK':
      return W.noAnswerLink(server);
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return W.badLink;
    case 'NOT_FOUND':
    case 'TABLE_NOT_FOUND':
      return W.noTable;
    case 'RATE_LIMITED':
      return W.busyLink;
    default:
      if (problem.status === 401 || problem.status === 403) return seatProblem({ status: 0, code: 'UNAUTHORIZED' }, server);
      if (problem.status === 404) return seatProblem({ status: 0, code: 'NOT_FOUND' }, server);
      return W.cannotShow(server);
  }
}

/**
 * Opening a table failed: one sentence for the person who asked, from the server's refusal or its silence,
 * in the game's words. The server's own message, its code and its settings are never shown: a refusal the
 * page does not know is said as a failure to try again later.
 */
export function openProblem(problem: { readonly status: number; readonly code: string }, server: string): string {
  const { status, code } = problem;
  const W = t().server;
  if (code === 'NETWORK') return W.noAnswerOpen(server);
  if (code === 'RATE_LIMITED' || status === 429) return W.busyOpen;
  if (code === 'SEED_NOT_ALLOWED') return W.noSeed;
  if (code === 'BAD_ANSWER' || status === 404 || status === 405) return W.notWhist(server);
  if (status === 400 || status === 422) return W.badSettings;
  return W.cannotOpen(server);
}
