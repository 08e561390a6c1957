/**
 * Exposed cards in `whist play --laws` (Laws of Short Whist, 1864, laws 56, 64-65): the person drops a card
 * face up with `expose CARD`; the computer players of the other side call it at once (the seat on the person's
 * left), and the person must then play it as soon as that is no revoke. The computer players never expose a
 * card themselves.
 *
 * @module
 */

import { apply, type Card, computerTurn, nextSeat, SEATS, type Seat, type TableState, type TableView, tableViewOrThrow } from '../index.js';
import { cardText } from './text.js';
import { EN_CLI, ENGLISH, seatIn, speakerIn, type Tongue } from './words/index.js';

/** What `help` adds about exposed cards under `--laws` (in English; the catalogues' `exposeHelp`). */
export const EXPOSE_HELP = EN_CLI.exposeHelp;

/** What the person typed, as a card to drop face up: `expose QH`, `expose 3`; `null` when the line is not an `expose` command. */
export function readExposeCommand(line: string, t: Tongue = ENGLISH): { text: string } | { problem: string } | null {
  const m = /^\s*expose(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  if (m[1] === undefined) return { problem: t.cli.exposeWhich };
  return { text: m[1] };
}

/**
 * The called cards the viewer must play now: those of its exposed cards the other side called that the library
 * accepts now (`view.playable`: a lead, the suit led, or none of the suit led held: law 64). The library refuses
 * any other card then (`CARD_CALLED`).
 */
export function calledNow(view: TableView): Card[] {
  const mine = view.called.filter((c) => c.seat === view.viewer).map((c) => c.card);
  return mine.length === 0 ? [] : view.playable.filter((c) => mine.includes(c));
}

/** The cards the viewer may play now without a refusal: `view.playable`, the library's own list, every call standing. */
export function playableNow(view: TableView): Card[] {
  return [...view.playable];
}

/** A call binds the viewer now: the cards the library accepts are not the hand's lawful cards (`legalMoves`). */
export function callBinds(view: TableView): boolean {
  const legal = view.hand?.legalMoves ?? [];
  const playable = view.playable;
  return playable.length > 0 && (playable.length < legal.length || playable.some((c) => !legal.includes(c)));
}

/** The exposed cards on the table, as lines for the person: whose, and whether called; what the person must do about theirs. */
export function exposedLines(table: TableState, me: Seat, t: Tongue = ENGLISH): string[] {
  const view = tableViewOrThrow(table, me);
  const lines: string[] = [];
  for (const seat of ['N', 'E', 'S', 'W'] as const) {
    const cards = view.exposed[seat] ?? [];
    if (cards.length === 0) continue;
    const said = cards.map((c) => `${cardText(c, t)}${view.called.some((x) => x.card === c) ? t.cli.calledMark : ''}`).join(', ');
    lines.push(t.cli.exposedCards(seat === me ? null : seatIn(t, seat), cards.length, said));
  }
  const now = calledNow(view);
  const waiting = view.called.filter((c) => c.seat === me && !now.includes(c.card)).map((c) => c.card);
  if (now.length > 0) lines.push(t.cli.calledNow(t.cli.either(now.map((c) => cardText(c, t))), now.length));
  else if (waiting.length > 0) lines.push(t.cli.calledLater(waiting.map((c) => cardText(c, t)).join(', ')));
  return lines;
}

/**
 * The computer players of the other side call every exposed card of the person's side not yet called, at once,
 * as the library's computer seat does (`computerTurn`); the seat on the person's left is asked first (either
 * may, law 56).
 */
export function computersCall(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } {
  const lines: string[] = [];
  const seats = [nextSeat(me), nextSeat(me, 3)];
  for (let called = true; called; ) {
    called = false;
    for (const caller of seats) {
      const turn = computerTurn(tableViewOrThrow(table, caller));
      if (turn?.kind !== 'action' || turn.action.type !== 'callCard') continue;
      const card = turn.action.card;
      const holder = SEATS.find((s) => tableViewOrThrow(table, null).exposed[s]?.includes(card)) ?? me;
      const r = apply(table, turn.action);
      if (!r.ok) continue;
      table = r.value;
      lines.push(t.game.exposedCall({ caller, holder, card }, speakerIn(t, me)));
      called = true;
      break;
    }
  }
  return { table, lines };
}
