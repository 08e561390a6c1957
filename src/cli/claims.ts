/**
 * Claims and concessions in `whist play`: what the person types (`claim`, `claim 3`, `concede`, `concede 2`,
 * and `accept` or `play on` when a computer player claims), and what the terminal prints of the computer
 * players' claims and answers. What they decide is the library's (`computerTurn`, `checkSeatClaim`,
 * `claimAction`): they answer a claim by its check, from what the claimer could see, accepting it when it
 * holds or playing on, when the layout and the line that beat it are printed; with `--claims` they claim
 * every trick left at their turn when they are sure of them all.
 *
 * @module
 */

import {
  apply,
  applyOrThrow,
  type Card,
  type ClaimView,
  COMPUTER_CLAIM_NODES,
  claimAction,
  computerTurn,
  type HandState,
  nextSeat,
  type Seat,
  type TableState,
  tableViewOrThrow,
  trickWinner,
} from '../index.js';
import { type ClaimCheck, type ClaimRefused, checkSeatClaim } from '../solver/index.js';
import { cardText, DISPLAY_SUITS, displayOrder } from './text.js';
import { ENGLISH, seatIn, speakerIn, type Tongue } from './words/index.js';

/** The search budget of the computer players' check of a claim: the library's `COMPUTER_CLAIM_NODES`; past it, they play on. */
export const ANSWER_NODES = COMPUTER_CLAIM_NODES;

/** What the person typed, as a claim or concession: `claim`, `claim 3`, `concede 2`; `null` for anything else. */
export function readClaimCommand(line: string, t: Tongue = ENGLISH): { type: 'claim' | 'concede'; tricks: number | null } | { problem: string } | null {
  const m = /^\s*(claim|concede)(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  const type = (m[1] as string).toLowerCase() as 'claim' | 'concede';
  if (m[2] === undefined) return { type, tricks: null };
  if (!/^\d{1,2}$/.test(m[2])) return { problem: t.cli.notTricks(m[2], type) };
  return { type, tricks: Number(m[2]) };
}

/** What the person typed in answer to a claim: `accept`, or `play on` (also `playon`, `refuse`), in every language; `null` for anything else. */
export function readAnswer(line: string): boolean | null {
  const t = line.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'accept' || t === 'a' || t === 'yes') return true;
  if (t === 'play on' || t === 'playon' || t === 'refuse' || t === 'p' || t === 'no') return false;
  return null;
}

/** "W claims all 4 tricks left", "You concede 2 of the 5 tricks left": `whist/words`' sentence, seats as the terminal prints them. */
export function claimText(claim: ClaimView, me: Seat, t: Tongue = ENGLISH): string {
  return t.game.claim(claim, speakerIn(t, me));
}

/** A hand as the page prints it, suit by suit: `♥ J 7  ♦ K J` (suits held only). */
export function handText(cards: readonly Card[], t: Tongue = ENGLISH): string {
  const sorted = displayOrder(cards);
  const parts: string[] = [];
  for (const suit of DISPLAY_SUITS) {
    const ranks = sorted.filter((c) => c[1] === suit).map((c) => cardText(c, t).slice(0, -1));
    if (ranks.length > 0) parts.push(`${cardText(`A${suit}` as Card).slice(-1)} ${ranks.join(' ')}`);
  }
  return parts.length === 0 ? t.cli.noCards : parts.join('  ');
}

/**
 * A refused claim's counter-example as lines: the cards each seat the claimer could not see might hold, and
 * the line of play on that layout that beats the claim, trick by trick with who played each card and who
 * wins it. `leader` and `before` are the trick in progress at the claim.
 */
export function counterLines(refused: ClaimRefused, leader: Seat, before: readonly Card[], trump: HandState['trump'], me: Seat, t: Tongue = ENGLISH): string[] {
  const who = (s: Seat) => (s === me ? t.cli.you : seatIn(t, s));
  const claim = { seat: refused.seat, left: refused.left };
  const sp = speakerIn(t, me);
  const facts = { claim, tricks: refused.tricks, taken: refused.taken };
  const lines = [`  ${t.game.refusedLayout(facts, sp)}:`];
  for (const i of [1, 2, 3]) {
    const s = nextSeat(refused.seat, i);
    lines.push(t.cli.mightHold(seatIn(t, s), handText(refused.layout[s], t)));
  }
  lines.push(t.cli.beatsTheClaim(t.game.refusedLine(facts, sp)));
  const holder = new Map<Card, Seat>();
  for (const s of ['N', 'E', 'S', 'W'] as const) for (const c of refused.layout[s]) holder.set(c, s);
  let number = 14 - refused.left;
  let lead = leader;
  let plays: { seat: Seat; card: Card }[] = before.map((card, i) => ({ seat: nextSeat(lead, i), card }));
  for (const card of refused.line) {
    plays.push({ seat: holder.get(card) ?? nextSeat(lead, plays.length), card });
    if (plays.length < 4) continue;
    const winner = trickWinner(
      lead,
      plays.map((p) => p.card),
      trump,
    );
    lines.push(t.cli.counterTrick(number, plays.map((p) => `${seatIn(t, p.seat)} ${cardText(p.card, t)}`).join(', '), who(winner)));
    number++;
    lead = winner;
    plays = [];
  }
  return lines;
}

/**
 * The computer players (every seat but `me`) still to answer the claim the table waits for answer it, each as
 * the library decides from its own view (`computerTurn`, the claim checked by `checkSeatClaim`, `claimAction`):
 * each accepts a claim that holds; otherwise the first plays on, and the lines say why. Returns the table,
 * and whether the person must still answer.
 */
export function computersAnswer(table: TableState, me: Seat, t: Tongue = ENGLISH): { table: TableState; lines: string[]; personToAnswer: boolean } {
  const view = tableViewOrThrow(table, null);
  const next = view.next;
  const claim = view.claim;
  if (next.action !== 'answerClaim' || claim === null) return { table, lines: [], personToAnswer: false };
  const seats = next.seats.filter((s) => s !== me);
  if (seats.length === 0) return { table, lines: [], personToAnswer: next.seats.includes(me) };
  // The claim as its claimer saw it, checked once: each computer player asks the same question of it.
  const asked = computerTurn(tableViewOrThrow(table, seats[0] as Seat));
  const check = asked?.kind === 'answer' ? checkSeatClaim(asked.claim) : null;
  const held: ClaimCheck | null = check?.ok === true ? check.value : null;
  const lines: string[] = [];
  const answer = (seat: Seat): string | null => {
    const own = tableViewOrThrow(table, seat);
    const turn = computerTurn(own);
    const action = turn?.kind === 'answer' ? claimAction(own, turn, held?.holds === true) : null;
    if (action === null) return null;
    table = applyOrThrow(table, action);
    return action.type;
  };
  if (held?.holds === true) {
    const accepted = seats.filter((seat) => answer(seat) === 'acceptClaim');
    lines.push(t.cli.accept(accepted.map((s) => seatIn(t, s))));
    const after = tableViewOrThrow(table, null).next;
    return { table, lines, personToAnswer: after.action === 'answerClaim' && after.seats.includes(me) };
  }
  const trick = view.hand?.trick ?? null;
  answer(seats[0] as Seat);
  lines.push(t.cli.playsOn(seatIn(t, seats[0] as Seat)));
  if (held === null) lines.push(`  ${t.game.refusedUnproven({ claim, tricks: claim.claimed }, 'computers', speakerIn(t, me))}`);
  else lines.push(...counterLines(held, trick?.leader ?? claim.seat, trick?.cards ?? [], view.hand?.trump ?? null, me, t));
  return { table, lines, personToAnswer: false };
}

/**
 * A computer player's claim at its turn, with `--claims`: every trick left, when the library's computer seat
 * claims them (`computerTurn`: at most `COMPUTER_CLAIM_TRICKS` left, its side has not claimed in the hand, no
 * call standing) and its check holds (`checkSeatClaim`, within `COMPUTER_CLAIM_NODES`). Returns the table after
 * the claim, or `null` when it does not claim.
 */
export function computerClaims(table: TableState, seat: Seat): TableState | null {
  const view = tableViewOrThrow(table, seat);
  const turn = computerTurn(view);
  if (turn?.kind !== 'claim') return null;
  const check = checkSeatClaim(turn.claim);
  const action = claimAction(view, turn, check.ok && check.value.holds);
  if (action === null) return null;
  const r = apply(table, action);
  return r.ok ? r.value : null;
}

/** The hands face up (a claimer's) other than `me`'s, a line each: `W's cards, face up: ♥ A  ♦ 10`. */
export function shownLines(table: TableState, me: Seat, t: Tongue = ENGLISH): string[] {
  const shown = tableViewOrThrow(table, me).shown;
  return (['N', 'E', 'S', 'W'] as const)
    .filter((s) => s !== me && shown[s] !== undefined && (shown[s] as readonly Card[]).length > 0)
    .map((s) => t.cli.faceUp(seatIn(t, s), handText(shown[s] as readonly Card[], t)));
}
