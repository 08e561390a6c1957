/**
 * Claims and concessions in `whist play`: what the person types (`claim`, `claim 3`, `concede`, `concede 2`,
 * and `accept` or `play on` when a computer player claims), how the computer players answer a claim (they
 * check it with `checkClaim`, from what the claimer could see, and accept it when it holds, or play on and
 * print the layout and the line that beat it), and when they claim themselves (with `--claims`: at their
 * turn, when they are sure of every trick left).
 *
 * @module
 */

import {
  apply,
  applyOrThrow,
  type Card,
  type ClaimView,
  currentHand,
  type HandState,
  nextSeat,
  type Seat,
  type TableState,
  tableViewOrThrow,
  trickWinner,
} from '../index.js';
import { type ClaimCheck, type ClaimRefused, checkClaim } from '../solver/index.js';
import { claimSentence, refusedClaimSentences, refusedUnproven } from '../words/index.js';
import { cardText, DISPLAY_SUITS, displayOrder } from './text.js';

/** The search budget of the computer players' check of a claim they answer: past it, they play on. */
export const ANSWER_NODES = 2_000_000;

/** A computer player considers a claim at its turn once this many tricks or fewer are left. */
export const BOT_CLAIM_LEFT = 8;

/** The search budget of a computer player's own claim: past it, it does not claim. */
export const BOT_CLAIM_NODES = 200_000;

/** What the person typed, as a claim or concession: `claim`, `claim 3`, `concede 2`; `null` for anything else. */
export function readClaimCommand(line: string): { type: 'claim' | 'concede'; tricks: number | null } | { problem: string } | null {
  const m = /^\s*(claim|concede)(?:\s+(\S+))?\s*$/i.exec(line);
  if (m === null) return null;
  const type = (m[1] as string).toLowerCase() as 'claim' | 'concede';
  if (m[2] === undefined) return { type, tricks: null };
  if (!/^\d{1,2}$/.test(m[2])) return { problem: `"${m[2]}" is not a number of tricks: type ${type}, or ${type} and a number such as ${type} 3.` };
  return { type, tricks: Number(m[2]) };
}

/** What the person typed in answer to a claim: `accept`, or `play on` (also `playon`, `refuse`); `null` for anything else. */
export function readAnswer(line: string): boolean | null {
  const t = line.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'accept' || t === 'a' || t === 'yes') return true;
  if (t === 'play on' || t === 'playon' || t === 'refuse' || t === 'p' || t === 'no') return false;
  return null;
}

/** "W claims all 4 tricks left", "You concede 2 of the 5 tricks left": `whist/words`' sentence, seats as the terminal prints them. */
export function claimText(claim: ClaimView, me: Seat): string {
  return claimSentence(claim, { viewer: me, style: 'short' });
}

/** A hand as the page prints it, suit by suit: `♥ J 7  ♦ K J` (suits held only). */
export function handText(cards: readonly Card[]): string {
  const sorted = displayOrder(cards);
  const parts: string[] = [];
  for (const suit of DISPLAY_SUITS) {
    const ranks = sorted.filter((c) => c[1] === suit).map((c) => cardText(c).slice(0, -1));
    if (ranks.length > 0) parts.push(`${cardText(`A${suit}` as Card).slice(-1)} ${ranks.join(' ')}`);
  }
  return parts.length === 0 ? '(none)' : parts.join('  ');
}

/**
 * A refused claim's counter-example as lines: the cards each seat the claimer could not see might hold, and
 * the line of play on that layout that beats the claim, trick by trick with who played each card and who
 * wins it. `leader` and `before` are the trick in progress at the claim.
 */
export function counterLines(refused: ClaimRefused, leader: Seat, before: readonly Card[], trump: HandState['trump'], me: Seat): string[] {
  const who = (s: Seat) => (s === me ? 'you' : s);
  const claim = { seat: refused.seat, left: refused.left };
  const said = refusedClaimSentences({ claim, tricks: refused.tricks, taken: refused.taken }, { viewer: me, style: 'short' });
  const lines = [`  ${said.layout}:`];
  for (const i of [1, 2, 3]) {
    const s = nextSeat(refused.seat, i);
    lines.push(`    ${s} might hold  ${handText(refused.layout[s])}`);
  }
  lines.push(`  and on that layout this line of play beats the claim (${said.line}):`);
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
    lines.push(`    trick ${String(number).padStart(2)}: ${plays.map((p) => `${p.seat} ${cardText(p.card)}`).join(', ')}; won by ${who(winner)}`);
    number++;
    lead = winner;
    plays = [];
  }
  return lines;
}

/** The tricks the claimer's side would take: a claim's, or the rest of a concession of fewer than all. */
function claimedTricks(claim: ClaimView): number {
  return claim.type === 'claim' ? claim.tricks : claim.left - claim.tricks;
}

/**
 * The computer players (every seat but `me`) still to answer the claim the table waits for answer it: each
 * accepts a claim its check finds to hold; otherwise the first plays on, and the lines say why. Returns the
 * table, and whether the person must still answer.
 */
export function computersAnswer(table: TableState, me: Seat): { table: TableState; lines: string[]; personToAnswer: boolean } {
  const view = tableViewOrThrow(table, null);
  const next = view.next;
  const claim = view.claim;
  const hand = currentHand(table);
  if (next.action !== 'answerClaim' || claim === null || hand === null) return { table, lines: [], personToAnswer: false };
  const seats = next.seats.filter((s) => s !== me);
  if (seats.length === 0) return { table, lines: [], personToAnswer: next.seats.includes(me) };
  const check = checkClaim(hand, { seat: claim.seat, tricks: claimedTricks(claim) }, { maxNodes: ANSWER_NODES });
  const held: ClaimCheck | null = check.ok ? check.value : null;
  const lines: string[] = [];
  if (held?.holds === true) {
    for (const seat of seats) table = applyOrThrow(table, { type: 'acceptClaim', seat });
    lines.push(`${seats.join(' and ')} accept${seats.length === 1 ? 's' : ''}.`);
    const after = tableViewOrThrow(table, null).next;
    return { table, lines, personToAnswer: after.action === 'answerClaim' && after.seats.includes(me) };
  }
  const trick = view.hand?.trick ?? null;
  table = applyOrThrow(table, { type: 'refuseClaim', seat: seats[0] as Seat });
  lines.push(`${seats[0]} plays on: the claim is refused, and the hand is played on.`);
  if (held === null) lines.push(`  ${refusedUnproven({ claim, tricks: claimedTricks(claim) }, 'computers', { viewer: me, style: 'short' })}`);
  else lines.push(...counterLines(held, trick?.leader ?? claim.seat, trick?.cards ?? [], view.hand?.trump ?? null, me));
  return { table, lines, personToAnswer: false };
}

/**
 * A computer player's claim at its turn, with `--claims`: every trick left, when it is sure of them all
 * (`checkClaim` within `BOT_CLAIM_NODES`), at most `BOT_CLAIM_LEFT` tricks from the end and when no claim
 * was made yet in the hand. Returns the table after the claim, or `null` when it does not claim.
 */
export function computerClaims(table: TableState, seat: Seat): TableState | null {
  const view = tableViewOrThrow(table, null);
  const hand = currentHand(table);
  if (hand === null || view.hand === null || view.claim !== null) return null;
  const left = 13 - view.hand.tricks.length;
  if (left > BOT_CLAIM_LEFT) return null;
  const check = checkClaim(hand, { seat, tricks: left }, { maxNodes: BOT_CLAIM_NODES });
  if (!check.ok || !check.value.holds) return null;
  const r = apply(table, { type: 'claim', seat, tricks: left });
  return r.ok ? r.value : null;
}

/** The hands face up (a claimer's) other than `me`'s, a line each: `W's cards, face up: ♥ A  ♦ 10`. */
export function shownLines(table: TableState, me: Seat): string[] {
  const shown = tableViewOrThrow(table, me).shown;
  return (['N', 'E', 'S', 'W'] as const)
    .filter((s) => s !== me && shown[s] !== undefined && (shown[s] as readonly Card[]).length > 0)
    .map((s) => `${s}'s cards, face up: ${handText(shown[s] as readonly Card[])}.`);
}
