/**
 * `whist solve DEAL [--trump S|H|D|C|NT] [--leader N|E|S|W] [--trick "KH 2H"] [--table] [--json]`: the
 * double-dummy score of every card the seat to play holds, or with `--table` the 20 results of the deal.
 *
 * DEAL is written as in PBN: `N:AKQ2.T98.765.432 J843.AK2.QJ.T987 …`, the first seat then the four hands
 * clockwise, each hand's suits S H D C separated by dots. Hands may be shorter than 13 cards (an ending), as
 * long as the sizes fit the trick in progress.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import type { Card, Suit } from '../cards.js';
import type { BySeat, Seat } from '../seats.js';
import { createSolver, type DDTable, type SolverPosition } from '../solver/index.js';

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
const SUIT_NAMES: Readonly<Record<string, string>> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

export const SOLVE_USAGE = `whist solve DEAL [--trump S|H|D|C|NT] [--leader N|E|S|W] [--trick "CARDS"] [--table] [--json]
      Double-dummy tricks for each card of the seat to play (DEAL as in PBN: "N:AKQ2.T98.765.432 …",
      hands of any equal size). --trick gives the cards already played to the trick, from the leader.
      --table prints the deal's 20 results: tricks for each declarer and strain, declarer's left leading.`;

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
  const lines = ['declarer  ' + strains.map((s) => s.padStart(3)).join('')];
  for (const seat of SEATS) lines.push(`${seat.padEnd(10)}${strains.map((s) => String(t[s][seat]).padStart(3)).join('')}`);
  return lines;
}

/**
 * Runs `whist solve`.
 *
 * @param args - the arguments after `solve`
 * @param out - prints one line
 * @returns the exit code: 0 (also for `--help`), 1 when the solver refuses the position, 2 for a usage error
 */
export function solveCommand(args: readonly string[], out: (line: string) => void): number {
  if (args.includes('--help') || args.includes('-h')) {
    out(`Usage: ${SOLVE_USAGE}`);
    return 0;
  }
  let values: { trump?: string; leader?: string; trick?: string; table?: boolean; json?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      options: {
        trump: { type: 'string', default: 'NT' },
        leader: { type: 'string' },
        trick: { type: 'string', default: '' },
        table: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    out(`whist solve: ${e instanceof Error ? e.message : String(e)}\n${SOLVE_USAGE}`);
    return 2;
  }
  if (positionals.length !== 1) {
    out(`whist solve: give one deal\n${SOLVE_USAGE}`);
    return 2;
  }
  const hands = readDealText(positionals[0] as string);
  if (typeof hands === 'string') {
    out(`whist solve: ${hands}`);
    return 2;
  }
  const made = createSolver();
  if (!made.ok) {
    out(`whist solve: ${made.error.message}`);
    return 1;
  }
  const solver = made.value;
  if (values.table) {
    const t = solver.ddTable(hands);
    if (!t.ok) {
      out(`whist solve: ${t.error.code}: ${t.error.message}${t.error.path ? ` (at ${t.error.path})` : ''}`);
      return 1;
    }
    if (values.json) out(JSON.stringify(t.value));
    else for (const line of tableLines(t.value)) out(line);
    return 0;
  }
  const trumpText = (values.trump ?? 'NT').toUpperCase();
  if (!['S', 'H', 'D', 'C', 'NT', 'N'].includes(trumpText)) {
    out(`whist solve: --trump must be S, H, D, C or NT, not "${values.trump}"`);
    return 2;
  }
  const trump = trumpText === 'NT' || trumpText === 'N' ? null : (trumpText as Suit);
  const leader = (values.leader ?? '').toUpperCase();
  if (!SEATS.includes(leader as Seat)) {
    out(`whist solve: --leader N, E, S or W is needed (the seat that leads, or led, the trick)`);
    return 2;
  }
  const trick =
    (values.trick ?? '').trim() === ''
      ? []
      : (values.trick as string)
          .trim()
          .toUpperCase()
          .split(/[\s,]+/);
  const position: SolverPosition = { cards: hands, trump, leader: leader as Seat, trick: trick as Card[] };
  const r = solver.scorePosition(position);
  if (!r.ok) {
    out(`whist solve: ${r.error.code}: ${r.error.message}${r.error.path ? ` (at ${r.error.path})` : ''}`);
    return 1;
  }
  const toPlay = SEATS[(SEATS.indexOf(leader as Seat) + trick.length) % 4] as Seat;
  const side = toPlay === 'N' || toPlay === 'S' ? 'NS' : 'EW';
  if (values.json) {
    out(JSON.stringify({ toPlay, scores: r.value }));
    return 0;
  }
  const best = Math.max(...r.value.map((s) => s.tricks));
  out(`${toPlay} to play, ${trump === null ? 'no trump' : `${SUIT_NAMES[trump]} trump`}: ${side} take ${best} with best play`);
  for (const { card, tricks } of r.value) out(`  ${card}  ${tricks}${tricks === best ? '' : `  (${best - tricks} fewer)`}`);
  return 0;
}
