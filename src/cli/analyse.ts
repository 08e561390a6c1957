/**
 * `whist analyse FILE...`: double-dummy analysis of recorded deals (PBN or BBO .lin). For every card played,
 * how many tricks it cost compared with the best card at that moment; and for each deal, the tricks declarer's
 * side took next to the double-dummy result at the opening lead.
 *
 * A record becomes a Whist hand as `whist replay` reads it (declarer deals, the opening leader is eldest hand,
 * the contract's strain is trump). One solver, its table kept, analyses every card of a deal in order.
 *
 * @module
 */

import { type Card, dealHand, dealtCards, type HandState, play, playedCards, playRecord, type Seat, SHORT_WHIST, tricksWon } from '../index.js';
import { createSolver, type Solver } from '../solver/index.js';
import { readRecords, recordFiles } from './replay.js';

export const ANALYSE_USAGE = `whist analyse FILE...
      For every card of each recorded deal (PBN or BBO .lin), the tricks it cost against the best card,
      double dummy; and declarer's side's tricks next to the double-dummy result at the opening lead.`;

const sideOf = (seat: Seat): 'NS' | 'EW' => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');

/** Analyses one hand: a line per costly card, and a summary line. Returns false if the solver failed. */
function analyseHand(label: string, final: HandState, stated: number | null, solver: Solver, out: (line: string) => void): boolean {
  const dealt = dealHand(SHORT_WHIST, { dealer: final.dealer, cards: dealtCards(final), trump: final.trump });
  if (!dealt.ok) {
    out(`${label}: ${dealt.error.code} ${dealt.error.message}`);
    return false;
  }
  let state = dealt.value;
  const list = playedCards(final);
  const declarerSide = sideOf(final.dealer);
  let lost = { NS: 0, EW: 0 };
  let ddAtStart = -1;
  let taken = 0;
  for (let i = 0; i < list.length; i++) {
    const { seat, card, trick } = list[i] as { seat: Seat; card: Card; trick: number };
    const scores = solver.scoreMoves(state);
    if (!scores.ok) {
      out(`${label}: ${scores.error.code} ${scores.error.message}`);
      return false;
    }
    const best = Math.max(...scores.value.map((s) => s.tricks));
    if (i === 0) ddAtStart = sideOf(seat) === declarerSide ? best : 13 - best;
    const mine = scores.value.find((s) => s.card === card)?.tricks ?? best;
    if (mine < best) {
      const better = scores.value.filter((s) => s.tricks === best).map((s) => s.card);
      lost = { ...lost, [sideOf(seat)]: lost[sideOf(seat)] + (best - mine) };
      out(`  trick ${trick}: ${seat} ${card} costs ${best - mine} (${sideOf(seat)} ${mine} instead of ${best}; best ${better.join(' ')})`);
    }
    const next = play(state, seat, card);
    if (!next.ok) {
      out(`${label}: play ${i + 1} ${seat} ${card}: ${next.error.code}`);
      return false;
    }
    state = next.value;
  }
  const complete = list.length === 52;
  taken = complete ? tricksWon(state)[declarerSide] : -1;
  const record = stated === null ? '' : `, ${stated} by the record`;
  const result = complete ? `declarer's side (${declarerSide}) took ${taken}${record}` : `play stops after ${list.length} cards${record}`;
  out(`${label}: ${result}; double dummy at the opening lead: ${ddAtStart}; tricks given away: NS ${lost.NS}, EW ${lost.EW}`);
  return true;
}

/**
 * Runs `whist analyse`.
 *
 * @param paths - record files or folders
 * @param out - prints one line
 * @returns the exit code: 0 (also for `--help`), 1 when a deal could not be analysed, 2 without files
 */
export function analyseCommand(paths: readonly string[], out: (line: string) => void): number {
  if (paths.includes('--help') || paths.includes('-h')) {
    out(`Usage: ${ANALYSE_USAGE}`);
    return 0;
  }
  if (paths.length === 0) {
    out(`whist analyse: name at least one .pbn or .lin file or folder\n${ANALYSE_USAGE}`);
    return 2;
  }
  const made = createSolver({ memoryMB: 64 });
  if (!made.ok) {
    out(`whist analyse: ${made.error.message}`);
    return 1;
  }
  const solver = made.value;
  let failed = 0;
  let analysed = 0;
  for (const file of recordFiles(paths)) {
    for (const record of readRecords(file)) {
      const hand = playRecord(record, SHORT_WHIST);
      if (!hand.ok) {
        out(`${record.label}: not analysed: ${hand.error.code} ${hand.error.message}`);
        continue;
      }
      solver.clear();
      if (analyseHand(record.label, hand.value, record.result, solver, out)) analysed++;
      else failed++;
    }
  }
  out(`${analysed} deal${analysed === 1 ? '' : 's'} analysed${failed > 0 ? `, ${failed} failed` : ''}`);
  return failed > 0 ? 1 : 0;
}
