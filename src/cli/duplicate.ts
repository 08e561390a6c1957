/**
 * `whist duplicate`: a person plays boards against the computer players, and is scored by matchpoints
 * against a field of computer players who held the same cards.
 *
 * The boards are dealt from the seed by `whist/duplicate` (`dealBoards`: dealer and trump fixed). At the
 * person's table the person sits South, with a computer partner North and two computer opponents; at each
 * table of the field four computer players play the same board. After each board the person sees their
 * side's tricks and points, each table of the field's, what double dummy gives north–south on the board
 * (every hand seen), the cards they played where the computer players would have played another from their
 * seat and view, and their matchpoints on it; at the end, their total. The computer players decide from
 * their own seats' views only (`computerCard`), each table of the field with its own seed, so that at the
 * sampling levels the field's tables play differently.
 *
 * @module
 */

import { type Board, type BoardResult, boardHand, boardResultOf, type DuplicateEvent, dealBoards, formatEventPbn, matchpoints } from '../duplicate/index.js';
import { type Card, type ComputerLevel, currentSeat, type HandState, isHandComplete, playerViewOrThrow, playOrThrow, type Rules, sideOf } from '../index.js';
import { computerCard, computerPlayOn, solve } from '../solver/index.js';
import { numbered, numberSeed, readCard } from './human.js';
import { cardText, pair, trickText, whoPlayedText } from './text.js';
import { ENGLISH, seatIn } from './words/index.js';

export const DUPLICATE_USAGE = `whist duplicate [--boards N] [--seed S | --today] [--rules NAME] [--level LEVEL] [--field N] [--name NAME] [--out FILE.pbn]
       whist duplicate --score FILE.pbn... [--rules NAME]
  Duplicate against the computer players: you sit South on every board, with a computer partner North and
  two computer opponents, and the same boards (dealer and trump fixed) are played at each table of the
  field by four computer players. After each board: your side's tricks and points, each table of the
  field's, the tricks double dummy gives north-south (every hand seen), the cards you played where the
  computer players would have played another from your seat, and your matchpoints on the board:
  your side's tricks against the field's north-south pairs', 2 for each beaten, 1 for each tied; at the
  end your total.
  --boards  boards to play, 1 to 32 (default 4)
  --field   tables of computer players to compare with, 1 to 12 (default 3)
  --level   the computer players, at your table and the field's (default heuristic; see whist play)
  --today   the day's boards: the seed is today's date (UTC) as YYYYMMDD, so that everyone who plays
            today with the same --boards and --rules plays the same boards
  --name    your pair's name in the record (default "You and North")
  --out     the boards and every table's result and play as a Whist record (PBN), kept up to date after
            every board: a game stopped early holds the boards played so far
  --score   ranks the pairs of several such records of the same boards together, by matchpoints: each
            person's north-south result against every other record's people and computer tables (their
            tables named after the file)
  Cards are typed as in whist play (QH, 10h, or the card's number); help, quit.
  Exit code 0 after the last board or quit; 2 when the input ends first, for a usage error, or records that
  cannot be read or are not of the same boards.`;

/** The person's pair, as the results name it unless `--name` says otherwise. */
export const YOU = 'You and North';

/** How `whist duplicate` is set up. */
export interface DuplicateGame {
  readonly rules: Rules;
  readonly seed: string | number;
  readonly boards: number;
  readonly field: number;
  readonly level: ComputerLevel;
  /** The person's pair's name in the results (default {@link YOU}). */
  readonly name?: string;
  /** Called after each board with the outcome so far (every board, the results of those played), to keep it. */
  readonly keep?: (outcome: DuplicateOutcome) => void;
}

/** What `whist duplicate` made: the boards, every result, and the person's matchpoints and top. */
export interface DuplicateOutcome {
  readonly boards: readonly Board[];
  readonly results: readonly BoardResult[];
  readonly matchpoints: number;
  readonly top: number;
}

/** A whole-number seed for the computer players of one table on one board. */
const tableSeed = (seed: string | number, board: number, table: number): number => numberSeed(`${String(seed)}/${board}/${table}`);

/** Plays the hand to its end with computer players in every seat but `person`'s (none when `person` is null). */
async function playBoard(
  start: HandState,
  level: ComputerLevel,
  seed: number,
  person: ((hand: HandState) => Promise<Card | null>) | null,
): Promise<HandState | null> {
  let hand = computerPlayOn(start, { level, seed, ...(person === null ? {} : { stopAt: 'S' }) });
  while (person !== null && !isHandComplete(hand)) {
    const card = await person(hand);
    if (card === null) return null;
    hand = computerPlayOn(playOrThrow(hand, 'S', card), { level, seed, stopAt: 'S' });
  }
  return hand;
}

/** `1 trick`, `8 tricks`. */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** ` (62.5%)` for 5 of 8; nothing of a top of 0. */
const percent = (part: number, whole: number) => (whole === 0 ? '' : ` (${((100 * part) / whole).toFixed(1)}%)`);

/** The field's pairs at table `k` (from 2). */
const fieldPairs = (k: number) => ({ ns: `Table ${k} NS`, ew: `Table ${k} EW` });

/**
 * Plays `game.boards` boards with the person South, reading their cards with `next` and writing lines with
 * `out`; returns the outcome, or the exit code when the person quits (0) or the input ends (2).
 */
export async function playDuplicate(game: DuplicateGame, next: () => Promise<string | null>, out: (line: string) => void): Promise<DuplicateOutcome | 0 | 2> {
  const w = ENGLISH.cli;
  const t = ENGLISH;
  const you = game.name ?? YOU;
  const boards = dealBoards(game.rules, { seed: game.seed, count: game.boards });
  const results: BoardResult[] = [];
  let total = 0;
  let top = 0;
  let stopped: 0 | 2 | null = null;
  game.keep?.({ boards, results, matchpoints: 0, top: 0 });
  for (const board of boards) {
    const dealt = boardHand(game.rules, board);
    if (!dealt.ok) throw new Error(`board ${board.number} could not be dealt: ${dealt.error.message}`);
    out('');
    out(
      `Board ${board.number} of ${boards.length}: ${seatIn(t, board.dealer)} deals, ${w.trumps(board.trump)}${board.trumpCard === null ? '' : ` (turn-up ${cardText(board.trumpCard, t)})`}. You are South; North is your partner.`,
    );
    const mine = [...board.cards.S];
    let shown = 0;
    // Where the person's card differs from the one the computer players would have played in South's seat, from the same view.
    const differed: string[] = [];
    const seatSeed = tableSeed(game.seed, board.number, 1);
    const person = async (hand: HandState): Promise<Card | null> => {
      const view = playerViewOrThrow(hand, 'S');
      for (; shown < view.tricks.length; shown++) out(w.trickLine(shown + 1, trickText(view.tricks[shown] as (typeof view.tricks)[number], t)));
      const trick = view.trick;
      out('');
      out(w.yourCards(numbered(view.cards, mine, view.legalMoves, t)));
      out(
        w.turnLine(
          trick === null || trick.cards.length === 0 ? w.youLead : w.trickSoFar(whoPlayedText(trick.leader, trick.cards, t)),
          null,
          pair(view.tricksWon),
        ),
      );
      for (;;) {
        out(w.cardPrompt);
        const line = await next();
        if (line === null) {
          stopped = 2;
          return null;
        }
        const command = line.trim().toLowerCase();
        if (command === 'quit') {
          stopped = 0;
          return null;
        }
        if (command === 'help') {
          out('Type a card (QH, 10h, or its number in your hand as dealt), or quit.');
          continue;
        }
        const read = readCard(line, mine, view.cards, t);
        if ('problem' in read) out(read.problem);
        else if (!view.cards.includes(read.card)) out(w.notHeld(cardText(read.card, t)));
        else if (!view.legalMoves.includes(read.card)) {
          const led = view.trick?.cards[0];
          out(w.mustFollow(led === undefined ? null : t.game.names.suits[led[1] as keyof typeof t.game.names.suits]));
        } else {
          const theirs = computerCard(view, { level: game.level, seed: seatSeed });
          if (theirs !== read.card)
            differed.push(`trick ${view.tricks.length + 1}: you ${cardText(read.card, t)}, the computer players ${cardText(theirs, t)}`);
          return read.card;
        }
      }
    };
    const played = await playBoard(dealt.value, game.level, seatSeed, person);
    if (played === null) {
      if (stopped === 2) out('The input ended before the last board.');
      return stopped ?? 2;
    }
    const view = playerViewOrThrow(played, 'S');
    for (; shown < view.tricks.length; shown++) out(w.trickLine(shown + 1, trickText(view.tricks[shown] as (typeof view.tricks)[number], t)));
    const here = [boardResultOf(game.rules, board.number, { ns: you, ew: 'Table 1 EW' }, played)];
    for (let k = 2; k <= game.field + 1; k++) {
      const hand = await playBoard(dealt.value, game.level, tableSeed(game.seed, board.number, k), null);
      if (hand !== null) here.push(boardResultOf(game.rules, board.number, fieldPairs(k), hand));
    }
    results.push(...here);
    const dd = solve(dealt.value);
    const leader = currentSeat(dealt.value);
    const ddNS = dd.ok && leader !== null ? (sideOf(leader) === 'NS' ? dd.value : 13 - dd.value) : null;
    const scored = matchpoints(here, { apart: true }).scores.find((s) => s.pair === you);
    const mp = scored?.value ?? 0;
    const boardTop = scored?.top ?? 0;
    total += mp;
    top += boardTop;
    game.keep?.({ boards, results, matchpoints: total, top });
    const yours = here[0] as BoardResult;
    out(
      `Board ${board.number}: you took ${count(yours.tricks.NS, 'trick')}, ${count(yours.points.NS, 'point')} (${yours.tricks.EW} and ${yours.points.EW} to East-West).`,
    );
    out(
      `  The field, north-south: ${here
        .slice(1)
        .map((r, i) => `table ${i + 2} ${count(r.tricks.NS, 'trick')}, ${count(r.points.NS, 'point')}`)
        .join('; ')}.`,
    );
    out(`  Double dummy: north-south take ${ddNS === null ? 'an unknown number of tricks' : count(ddNS, 'trick')}.`);
    out(
      differed.length === 0
        ? '  You played every card as the computer players would have.'
        : `  Where the computer players would have played another card: ${differed.join('; ')}.`,
    );
    out(`  Your matchpoints: ${mp} of ${boardTop}; so far ${total} of ${top}${percent(total, top)}.`);
  }
  out('');
  out(`${count(boards.length, 'board')}: ${total} matchpoints of ${top}${percent(total, top)}.`);
  return { boards, results, matchpoints: total, top };
}

/** The outcome as a Whist record of the event. */
export function duplicateRecord(outcome: DuplicateOutcome, seed: string | number): string {
  return formatEventPbn({ name: `whist duplicate, seed ${String(seed)}`, boards: outcome.boards, results: outcome.results });
}

/** A computer table's pair in a record `whist duplicate` wrote: `Table 2 NS`. */
export const COMPUTER_NAME = /^Table \d+ (NS|EW)$/;

/** One record to score with others: its file's name, and the event read from it. */
export interface ScoredRecord {
  readonly file: string;
  readonly event: DuplicateEvent;
}

/**
 * Ranks the pairs of several records of the same boards together (`whist duplicate --score`): each
 * record's computer tables renamed after its file, so that every record's field counts; the lines to print,
 * or a problem (records of other boards, a person's pair named in two records).
 */
export function scoreRecords(records: readonly ScoredRecord[]): { lines: string[] } | { problem: string } {
  const first = records[0];
  if (first === undefined) return { problem: 'name at least one record to score' };
  const results: BoardResult[] = [];
  const people = new Map<string, string>();
  for (const { file, event } of records) {
    if (JSON.stringify(event.boards) !== JSON.stringify(first.event.boards))
      return { problem: `${file} is not a record of the same boards as ${first.file} (play them with the same --seed or --today, --boards and --rules)` };
    for (const r of event.results) {
      for (const pair of [r.ns, r.ew]) {
        if (COMPUTER_NAME.test(pair)) continue;
        const other = people.get(pair);
        if (other !== undefined && other !== file) return { problem: `${other} and ${file} both name the pair "${pair}": play with --name` };
        people.set(pair, file);
      }
      const name = (pair: string) => (COMPUTER_NAME.test(pair) ? `${file}: ${pair}` : pair);
      results.push({ ...r, ns: name(r.ns), ew: name(r.ew) });
    }
  }
  const scored = matchpoints(results, { apart: true });
  const lines = [`${count(first.event.boards.length, 'board')}, ${count(records.length, 'record')}; north-south, by matchpoints:`];
  for (const s of scored.standings)
    if (s.direction === 'NS')
      lines.push(
        `  ${String(s.rank).padStart(2)}${s.tied ? '=' : ' '} ${s.pair}: ${s.total} of ${s.top}${s.percent === null ? '' : ` (${s.percent.toFixed(1)}%)`}`,
      );
  return { lines };
}
