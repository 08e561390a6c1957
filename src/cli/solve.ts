/**
 * `whist solve DEAL [--trump S|H|D|C|none] [--leader N|E|S|W] [--trick "KH 2H"] [--table] [--json]`: the
 * double-dummy tricks of every card the seat to play holds, or with `--table` the 20 results of the deal: for
 * each dealer and trump suit, the tricks the dealer's side takes with eldest hand leading.
 *
 * DEAL is written as in PBN: `N:AKQ2.T98.765.432 J843.AK2.QJ.T987 …`, the first seat then the four hands
 * clockwise, each hand's suits S H D C separated by dots. Hands may be shorter than 13 cards (an ending), as
 * long as the sizes fit the trick in progress. Each card's tricks are printed with the card as the page
 * prints it (`10♦`), suits in the page's order (♠ ♥ ♣ ♦); `--json` keeps the standard notation (`TD`).
 *
 * @module
 */

import { type BySeat, type Card, nextSeat, parseCard, type Seat, type Suit, sideOf } from '../index.js';
import { createSolver, type DDTable, type SolverPosition } from '../solver/index.js';
import { readArgs, readSeat, UsageError } from './args.js';
import { cardText, displayOrder, SUIT_NAMES } from './text.js';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

export const SOLVE_USAGE = `whist solve DEAL [--trump S|H|D|C|none] [--leader N|E|S|W] [--trick "CARDS"] [--json]
       whist solve DEAL --table [--json]
  Double-dummy tricks (every seat seeing every card) for each card the seat to play holds, and the tricks
  its side takes with best play. DEAL as in PBN: "N:AKQ2.T98.765.432 …", the first seat then the four
  seats' cards clockwise, suits S H D C separated by dots; hands of any equal size (an ending).
  --trump   the trump suit, or none (NT) for no trumps (default none)
  --leader  the seat that leads, or led, the trick in progress
  --trick   the cards already played to the trick, from the leader ("KH 2H")
  --table   the deal's 20 results instead: for each dealer and each trump suit, the tricks the dealer's
            side takes, eldest hand (on the dealer's left) leading
  --json    the same as JSON`;

/** Reads PBN deal text with hands of any size: `N:AKQ.T9.-.32 …` (a `-` or an empty suit is a void). */
export function readDealText(text: string): BySeat<Card[]> | string {
  const m = /^\s*([NESW]):(.*)$/.exec(text);
  if (m === null) return 'a deal starts with its first seat and a colon, e.g. "N:AKQ2.T98.765.432 …"';
  const first = SEATS.indexOf(m[1] as Seat);
  const parts = (m[2] as string).trim().split(/\s+/);
  if (parts.length !== 4) return `a deal has four hands separated by spaces, not ${parts.length}`;
  const hands: Record<Seat, Card[]> = { N: [], E: [], S: [], W: [] };
  for (let i = 0; i < 4; i++) {
    const seat = SEATS[(first + i) % 4] as Seat;
    const suits = (parts[i] as string) === '-' ? ['', '', '', ''] : (parts[i] as string).split('.');
    if (suits.length !== 4) return `${seat}'s hand must have four suits separated by dots: "${parts[i]}"`;
    suits.forEach((ranks, s) => {
      for (const r of ranks === '-' ? '' : ranks.toUpperCase().replace(/10/g, 'T')) hands[seat].push(`${r}${'SHDC'[s]}` as Card);
    });
  }
  return hands;
}

function tableLines(t: DDTable): string[] {
  const strains = ['S', 'H', 'D', 'C', 'NT'] as const;
  const head = strains.map((s) => (s === 'NT' ? 'none' : SUIT_NAMES[s]).padStart(10)).join('');
  const lines = ["Tricks for the dealer's side, eldest hand leading, by trumps:", `dealer${head}`];
  for (const seat of SEATS) lines.push(`${seat.padEnd(6)}${strains.map((s) => String(t[s][seat]).padStart(10)).join('')}`);
  return lines;
}

/**
 * Runs `whist solve`.
 *
 * @param args - the arguments after `solve`
 * @param out - prints one line
 * @param err - prints one line about a position the solver refuses
 * @returns the exit code: 0 (also for `--help`), 1 when the solver refuses the position; a usage error is thrown
 */
export function solveCommand(args: readonly string[], out: (line: string) => void, err: (line: string) => void = out): number {
  const { values, positionals } = readArgs(
    args,
    {
      trump: { type: 'string', default: 'none' },
      leader: { type: 'string' },
      trick: { type: 'string', default: '' },
      table: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    true,
  );
  if (values.help) {
    out(`Usage: ${SOLVE_USAGE}`);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? 'give a deal' : `give one deal, not ${positionals.length} arguments (quote the deal)`);
  const hands = readDealText(positionals[0] as string);
  if (typeof hands === 'string') throw new UsageError(hands);
  const made = createSolver();
  if (!made.ok) {
    err(`whist: ${made.error.message}`);
    return 1;
  }
  const solver = made.value;
  if (values.table) {
    const t = solver.ddTable(hands);
    if (!t.ok) {
      err(`whist: ${t.error.message}${t.error.path ? ` (at ${t.error.path})` : ''}`);
      return 1;
    }
    if (values.json) out(JSON.stringify(t.value));
    else for (const line of tableLines(t.value)) out(line);
    return 0;
  }
  const trumpGiven = values.trump as string;
  const trumpText = trumpGiven.trim().toUpperCase();
  if (!['S', 'H', 'D', 'C', 'NT', 'N', 'NONE'].includes(trumpText)) throw new UsageError(`--trump must be one of S H D C none, not "${trumpGiven}"`);
  const trump = ['NT', 'N', 'NONE'].includes(trumpText) ? null : (trumpText as Suit);
  if (values.leader === undefined) throw new UsageError('--leader is needed: the seat that leads, or led, the trick (N E S W)');
  const leader = readSeat(values.leader as string, '--leader');
  const trickText = (values.trick as string).trim();
  const trick: Card[] = [];
  for (const word of trickText === '' ? [] : trickText.split(/[\s,]+/)) {
    const card = parseCard(word);
    if (!card.ok) throw new UsageError(`--trick: "${word}" is not a card (e.g. KH, 10h)`);
    trick.push(card.value);
  }
  const position: SolverPosition = { cards: hands, trump, leader, trick };
  const r = solver.scorePosition(position);
  if (!r.ok) {
    err(`whist: ${r.error.message}${r.error.path ? ` (at ${r.error.path})` : ''}`);
    return 1;
  }
  const toPlay = nextSeat(leader, trick.length);
  const side = sideOf(toPlay);
  if (values.json) {
    out(JSON.stringify({ toPlay, scores: r.value }));
    return 0;
  }
  const best = Math.max(...r.value.map((s) => s.tricks));
  out(
    `${toPlay} to play, ${trump === null ? 'no trumps' : `${SUIT_NAMES[trump]} are trumps`}: ${side} take ${best} trick${best === 1 ? '' : 's'} with best play`,
  );
  const tricksOf = new Map(r.value.map((s) => [s.card, s.tricks]));
  for (const card of displayOrder(r.value.map((s) => s.card))) {
    const tricks = tricksOf.get(card) as number;
    out(`  ${cardText(card).padEnd(3)}  ${tricks}${tricks === best ? '' : `  (${best - tricks} fewer)`}`);
  }
  return 0;
}
