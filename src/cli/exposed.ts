/**
 * Exposed cards in `whist play --laws` (Laws of Short Whist, 1864, laws 56, 64-65): the person drops a card
 * face up with `expose CARD`; the computer players of the other side call it at once (the seat on the person's
 * left), and the person must then play it as soon as that is no revoke. The computer players never expose a
 * card themselves.
 *
 * @module
 */

import { apply, type Card, computerTurn, nextSeat, SEATS, type Seat, type TableState, type TableView, tableViewOrThrow } from '../index.js';
import { exposedCallSentence } from '../words/index.js';
import { cardText } from './text.js';

/** What `help` adds about exposed cards under `--laws`. */
export const EXPOSE_HELP =
  'Under --laws, expose CARD (expose QH, or its number) drops a card face up: the other side calls it, and you must play it as soon as that is no revoke.';

/** What the person typed, as a card to drop face up: `expose QH`, `expose 3`; `null` when the line is not an `expose` command. */
export function readExposeCommand(line: string): { text: string } | { problem: string } | null {
  const m = /^\s*expose(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  if (m[1] === undefined) return { problem: 'Name the card to drop face up: expose and the card, for example expose QH, or its number.' };
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
export function exposedLines(table: TableState, me: Seat): string[] {
  const view = tableViewOrThrow(table, me);
  const lines: string[] = [];
  for (const seat of ['N', 'E', 'S', 'W'] as const) {
    const cards = view.exposed[seat] ?? [];
    if (cards.length === 0) continue;
    const said = cards.map((c) => `${cardText(c)}${view.called.some((x) => x.card === c) ? ' (called)' : ''}`).join(', ');
    lines.push(`${seat === me ? 'Your' : `${seat}'s`} exposed ${cards.length === 1 ? 'card' : 'cards'}, face up: ${said}.`);
  }
  const now = calledNow(view);
  const waiting = view.called.filter((c) => c.seat === me && !now.includes(c.card)).map((c) => c.card);
  if (now.length > 0) lines.push(`${now.map(cardText).join(' or ')} is called: you must play ${now.length > 1 ? 'one of them' : 'it'} now (laws 56, 65).`);
  else if (waiting.length > 0) lines.push(`${waiting.map(cardText).join(', ')} is called: play it as soon as that is no revoke (law 64).`);
  return lines;
}

/**
 * The computer players of the other side call every exposed card of the person's side not yet called, at once,
 * as the library's computer seat does (`computerTurn`); the seat on the person's left is asked first (either
 * may, law 56).
 */
export function computersCall(table: TableState, me: Seat): { table: TableState; lines: string[] } {
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
      lines.push(exposedCallSentence({ caller, holder, card }, { viewer: me, style: 'short' }));
      called = true;
      break;
    }
  }
  return { table, lines };
}
