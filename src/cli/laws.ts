/**
 * More of the laws in `whist play --laws`: a revoke taken back before it is established (`take back`, Laws of
 * Short Whist (1864), laws 73, 76), after which the computer players of the other side require the person's
 * lowest card of the suit led (the library's computer seat); and in Long Whist (`--rules long`) honours called at eight (`call
 * honours`, "Can you one?") and answered (`answer`), by Hoyle's laws of Long Whist, 16-21. The computer players
 * call their own honours as a hand is dealt, and answer their partner's call when they hold an honour.
 *
 * @module
 */

import {
  apply,
  type Card,
  computerTurn,
  type HandEvent,
  nextSeat,
  partnerOf,
  type Rules,
  SEATS,
  type Seat,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from '../index.js';
import { cardText } from './text.js';
import { EN_CLI, ENGLISH, eventIn, seatIn, type Tongue } from './words/index.js';

/** What `help` adds about taking back a revoke under `--laws` (in English; the catalogues' `takeBackHelp`). */
export const TAKE_BACK_HELP = EN_CLI.takeBackHelp;

/** What `help` adds about calling honours, in Long Whist under `--laws` (in English; the catalogues' `callingHelp`). */
export const CALLING_HELP = EN_CLI.callingHelp;

/** A command of this module: `take back`, `call honours`, `answer`; `null` for any other line. */
export function readLawsCommand(line: string): 'take back' | 'call honours' | 'answer' | null {
  const t = line.trim().toLowerCase().replace(/\s+/g, ' ');
  return t === 'take back' || t === 'call honours' || t === 'answer' ? t : null;
}

/** Whether honours are called at these rules: Long Whist (a game of ten, honours held and not counted at nine) played by the laws. */
export function callingRules(rules: Rules): boolean {
  const h = rules.honours;
  return rules.irregularities === 'ruled' && rules.target === 10 && h !== null && h.basis === 'held' && h.restriction === 'barred';
}

/** The seat may call honours now, as its view's `honoursCall` says. */
export function mayCallHonours(view: TableView): boolean {
  return view.honoursCall === 'call';
}

/** The seat may answer its partner's call of honours now, as its view's `honoursCall` says. */
export function mayAnswerCall(view: TableView): boolean {
  return view.honoursCall === 'answer';
}

/** The partner of the seat has called honours, not yet answered by it. */
export function partnerCalled(view: TableView): boolean {
  const seat = view.viewer;
  if (seat === null || view.hand === null || view.next.action !== 'play') return false;
  return (
    view.events.some((e) => e.type === 'callHonours' && e.seat === partnerOf(seat)) && !view.events.some((e) => e.type === 'answerCall' && e.seat === seat)
  );
}

/** An event of the hand (a call or answer, a correction and its election) with its law, for the person: `whist/words`' sentence, seats and cards as the terminal prints them. */
export function eventLine(e: HandEvent, me: Seat, t: Tongue = ENGLISH): string {
  return eventIn(t, e, me);
}

/** The events added to the hand since `before` (the same hand), as lines. */
function newLines(before: TableState, after: TableState, me: Seat, t: Tongue): string[] {
  const was = tableViewOrThrow(before, null).events.length;
  const now = tableViewOrThrow(after, null).events;
  return now.slice(was).map((e) => eventLine(e, me, t));
}

/**
 * The computer players call honours as the hand is dealt: a seat of a side at eight holding two honours
 * calls, and its partner, a computer player, answers if it holds an honour; the person answers for
 * themselves. Each decides from its own view.
 */
export function computersCallHonours(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } {
  const start = table;
  const view = tableViewOrThrow(table, null);
  if (!callingRules(view.rules) || view.hand === null || view.next.action !== 'play') return { table, lines: [] };
  for (let i = 1; i <= 4; i++) {
    const seat = SEATS[(SEATS.indexOf(view.hand.dealer) + i) % 4] as Seat;
    const called = seat === me ? null : honoursSaid(table, seat, 'callHonours');
    if (called === null) continue;
    table = called;
    const partner = partnerOf(seat);
    if (partner !== me) table = honoursSaid(table, partner, 'answerCall') ?? table;
    if (tableViewOrThrow(table, null).next.action !== 'play') break;
  }
  return { table, lines: newLines(start, table, me, t) };
}

/** The table after a computer player at `seat` says `type` (honours called or answered), when the library's computer seat says it now; else `null`. */
function honoursSaid(table: TableState, seat: Seat, type: 'callHonours' | 'answerCall'): TableState | null {
  const turn = computerTurn(tableViewOrThrow(table, seat));
  if (turn?.kind !== 'action' || turn.action.type !== type) return null;
  const r = apply(table, turn.action);
  return r.ok ? r.value : null;
}

/** The person calls honours; their partner, a computer player, answers if it holds an honour. */
export function personCalls(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } | { problem: string } {
  if (!mayCallHonours(tableViewOrThrow(table, me))) return { problem: t.cli.mayNotCall };
  const r = apply(table, { type: 'callHonours', seat: me });
  if (!r.ok) return { problem: t.cli.refused(r.error, true) };
  const partner = partnerOf(me);
  const after = honoursSaid(r.value, partner, 'answerCall') ?? r.value;
  const lines = newLines(table, after, me, t);
  if (!tableViewOrThrow(after, null).events.some((e) => e.type === 'answerCall' && e.seat === partner)) lines.push(t.cli.noAnswer(seatIn(t, partner)));
  return { table: after, lines };
}

/** The person answers their partner's call. */
export function personAnswers(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } | { problem: string } {
  const view = tableViewOrThrow(table, me);
  if (!mayAnswerCall(view)) return { problem: partnerCalled(view) ? t.cli.noHonour : t.cli.partnerNotCalled };
  const r = apply(table, { type: 'answerCall', seat: me });
  if (!r.ok) return { problem: t.cli.refused(r.error, true) };
  return { table: r.value, lines: newLines(table, r.value, me, t) };
}

/** The person's revoke that may still be taken back (laws 73, 76), or `null`. */
export function revokeToTakeBack(table: TableState, me: Seat): Card | null {
  const r = apply(table, { type: 'correctRevoke', seat: me });
  if (!r.ok) return null;
  const said = tableViewOrThrow(r.value, null).events.at(-1);
  return said?.type === 'correctRevoke' ? said.card : null;
}

/**
 * The person takes back their revoke; the other side elects at once, as the library's computer seat does
 * (`computerTurn`): the seat on the person's left requires their lowest card of the suit led (law 76), rather
 * than calling the card.
 */
export function takeBack(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[] } | { problem: string } {
  const r = apply(table, { type: 'correctRevoke', seat: me });
  if (!r.ok) return { problem: t.cli.noRevokeToTakeBack };
  let after = r.value;
  const turn = computerTurn(tableViewOrThrow(after, nextSeat(me)));
  const called = turn?.kind === 'action' && turn.action.type === 'callLedSuit' ? apply(after, turn.action) : null;
  if (called?.ok === true) after = called.value;
  const lines = newLines(table, after, me, t);
  const must = tableViewOrThrow(after, me).playable;
  if (called?.ok === true && must.length === 1) lines.push(t.cli.mustPlayNow(cardText(must[0] as Card, t)));
  return { table: after, lines };
}
