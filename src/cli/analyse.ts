/**
 * `whist analyse FILE...`: double-dummy analysis of recorded hands. For every card played, how many tricks it
 * cost its side compared with the best card at that moment; and for each hand, the tricks each side took next
 * to what best play by all four seats gives at the first lead.
 *
 * Reads the records `whist replay` reads: Whist records (as `play --out`, `play-rubber --out` and the page
 * write them), each hand with its own dealer, trumps and cards played; and bridge records (PBN, BBO .lin),
 * made a Whist hand as `replay` makes them (declarer deals, the opening leader is eldest hand, the contract's
 * strain is trumps). One solver, its table kept, analyses every card of a hand in order.
 *
 * Cards are printed as the page prints them (`10♦`, the best cards in the page's suit order); a file's name,
 * a record's labels and the problems that quote a record through `printable`, their control characters
 * escaped. A file is read up to {@link MAX_RECORD_FILE_BYTES}, as `replay` reads it.
 *
 * @module
 */

import { type Card, dealHand, dealtCards, type HandState, play, playedCards, playRecord, type Seat, SHORT_WHIST, sideOf, tricksWon } from '../index.js';
import { createSolver, type Solver } from '../solver/index.js';
import { readArgs, UsageError } from './args.js';
import { loadRecords, MAX_RECORD_FILE_BYTES, recordFiles } from './replay.js';
import { cardsText, cardText, printable, SUIT_NAMES } from './text.js';

export const ANALYSE_USAGE = `whist analyse FILE|FOLDER...
  For every card of each recorded hand, the tricks it cost its side against the best card, double dummy
  (every seat seeing every card); and each side's tricks next to the double-dummy tricks at the first lead.
  Reads Whist records (as play --out, play-rubber --out and the page write them) and bridge records (PBN,
  BBO .lin; declarer deals, the contract's strain is trumps).
  Exit code 0 when done (a bridge deal without a contract or a full deal is listed as not analysed); 1
  when a hand could not be analysed (a card the rules refuse) or a Whist record is refused; 2 for a usage
  error, or a file that cannot be read, holds no record or is longer than ${MAX_RECORD_FILE_BYTES.toLocaleString('en')} bytes.`;

/** How a hand was recorded: a Whist hand, or a bridge deal with its declarer and the tricks the record states. */
type Source = { readonly kind: 'whist' } | { readonly kind: 'bridge'; readonly result: number | null };

function trumpsText(trump: HandState['trump']): string {
  return trump === null ? 'no trumps' : `${SUIT_NAMES[trump]} are trumps`;
}

/** Analyses one hand: its heading (a summary line), then a line per costly card under it. Returns false if the solver failed. */
function analyseHand(label: string, final: HandState, source: Source, solver: Solver, out: (line: string) => void, err: (line: string) => void): boolean {
  // The lines of the costly cards wait for the heading, which sums them up.
  const costs: string[] = [];
  const dealt = dealHand(SHORT_WHIST, { dealer: final.dealer, cards: dealtCards(final), trump: final.trump });
  if (!dealt.ok) {
    err(`whist: ${label}: ${dealt.error.code} ${printable(dealt.error.message)}`);
    return false;
  }
  let state = dealt.value;
  const list = playedCards(final);
  const lost = { NS: 0, EW: 0 };
  let atStart: { NS: number; EW: number } | null = null;
  for (let i = 0; i < list.length; i++) {
    const { seat, card, trick } = list[i] as { seat: Seat; card: Card; trick: number };
    const scores = solver.scoreMoves(state);
    if (!scores.ok) {
      err(`whist: ${label}: ${scores.error.code} ${printable(scores.error.message)}`);
      return false;
    }
    const side = sideOf(seat);
    const best = Math.max(...scores.value.map((s) => s.tricks));
    if (i === 0) atStart = side === 'NS' ? { NS: best, EW: 13 - best } : { NS: 13 - best, EW: best };
    const mine = scores.value.find((s) => s.card === card)?.tricks ?? best;
    if (mine < best) {
      const better = scores.value.filter((s) => s.tricks === best).map((s) => s.card);
      lost[side] += best - mine;
      const n = best - mine;
      costs.push(
        `  trick ${trick}: ${seat} ${cardText(card)} costs ${n} trick${n === 1 ? '' : 's'} (${side} ${mine} instead of ${best}; best ${cardsText(better)})`,
      );
    }
    const next = play(state, seat, card);
    if (!next.ok) {
      err(`whist: ${label}: play ${i + 1} ${seat} ${cardText(card)}: ${next.error.code}`);
      return false;
    }
    state = next.value;
  }
  const won = tricksWon(state);
  const head = `${final.dealer} deals, ${trumpsText(final.trump)}`;
  const bridge = source.kind === 'bridge' ? `; declarer ${final.dealer}${source.result === null ? '' : `, ${source.result} tricks by the record`}` : '';
  const taken = list.length === 52 ? `tricks NS ${won.NS}, EW ${won.EW}` : `${list.length} cards played, tricks so far NS ${won.NS}, EW ${won.EW}`;
  const dd = atStart === null ? 'no card played' : `double dummy at the first lead NS ${atStart.NS}, EW ${atStart.EW}`;
  out(`${label}: ${head}${bridge}; ${taken}; ${dd}; tricks given away NS ${lost.NS}, EW ${lost.EW}`);
  for (const line of costs) out(line);
  return true;
}

/**
 * Runs `whist analyse`.
 *
 * @param args - the arguments after `analyse`: record files or folders
 * @param out - prints one line of the analysis
 * @param err - prints one line about a file or hand that could not be analysed
 * @returns the exit code: 0 (also for `--help`), 1 when a hand could not be analysed, 2 when a file cannot
 *   be read or holds no record
 */
export function analyseCommand(args: readonly string[], out: (line: string) => void, err: (line: string) => void = out): number {
  const { values, positionals: paths } = readArgs(args, {}, true);
  if (values.help) {
    out(`Usage: ${ANALYSE_USAGE}`);
    return 0;
  }
  if (paths.length === 0) throw new UsageError('name at least one .pbn or .lin file or folder');
  const made = createSolver({ memoryMB: 64 });
  if (!made.ok) {
    err(`whist: ${made.error.message}`);
    return 1;
  }
  const solver = made.value;
  let failed = 0;
  let analysed = 0;
  let skipped = 0;
  let unreadable = 0;
  const analyse = (label: string, hand: HandState, source: Source): void => {
    solver.clear();
    if (analyseHand(label, hand, source, solver, out, err)) analysed++;
    else failed++;
  };
  const files = recordFiles(paths);
  if (files.length === 0) {
    err(`whist: no .pbn or .lin file in ${paths.map(printable).join(', ')}`);
    return 2;
  }
  for (const file of files) {
    const loaded = loadRecords(file);
    switch (loaded.kind) {
      case 'none':
        err(`whist: ${loaded.message}`);
        unreadable++;
        break;
      case 'whistRefused':
        err(`whist: ${printable(file)}: Whist record refused: ${loaded.message}`);
        failed++;
        break;
      case 'whist':
        for (const h of loaded.record.hands) analyse(`${printable(file)} hand ${h.board}`, h.state, { kind: 'whist' });
        break;
      case 'bridge':
        for (const record of loaded.records) {
          const hand = playRecord(record, SHORT_WHIST);
          if (!hand.ok) {
            out(`${printable(record.label)}: not analysed: ${printable(hand.error.message)}`);
            // A card the rules refuse is a finding, as in replay; a deal without a contract has nothing to analyse.
            if (hand.error.card === undefined) skipped++;
            else failed++;
            continue;
          }
          analyse(printable(record.label), hand.value, { kind: 'bridge', result: record.result });
        }
    }
  }
  const notes = [failed > 0 ? `${failed} failed` : '', skipped > 0 ? `${skipped} not analysed` : ''].filter(Boolean);
  out(`${analysed} hand${analysed === 1 ? '' : 's'} analysed${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`);
  return unreadable > 0 ? 2 : failed > 0 ? 1 : 0;
}
