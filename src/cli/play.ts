/**
 * `whist play-rubber`: four heuristic players play a complete rubber.
 *
 * @module
 */

import {
  applyOrThrow,
  type BySide,
  type Card,
  completedTricks,
  currentHand,
  currentRubber,
  currentSeat,
  games,
  gamesWon,
  type HandState,
  type HandSummary,
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  newTableOrThrow,
  parseDeal,
  playerViewOrThrow,
  type Rules,
  rubberPoints,
  rubberWinner,
  type Seat,
  type Side,
  type Suit,
  type TableState,
  type Trick,
} from '../index.js';
import { explainHand, gameValueName } from '../words/index.js';
import { cardText, dealLines, pair, SUIT_NAMES, trickText } from './text.js';

/** One hand of the report. */
export interface HandReport {
  readonly dealer: Seat;
  readonly trump: Suit | null;
  readonly trumpCard: Card | null;
  /** The deal, PBN notation. */
  readonly deal: string;
  readonly tricks: BySide;
  readonly honours: BySide;
  readonly points: BySide;
  readonly trickPoints: BySide;
  readonly honourPoints: BySide;
  readonly score: BySide;
  readonly play: readonly Trick[];
  /** The game this hand won, if it ended one. */
  readonly game: { readonly winner: Side; readonly value: number } | null;
  /** What the hand scored, in words. */
  readonly explanation: readonly string[];
}

/** The whole rubber, as `--json` prints it. */
export interface RubberReport {
  readonly rules: string;
  readonly seed: string | number;
  readonly hands: readonly HandReport[];
  readonly games: readonly { readonly winner: Side; readonly value: number }[];
  readonly winner: Side | null;
  readonly gamesWon: BySide;
  readonly rubberPoints: BySide | null;
  /** The table at the end of the rubber, for its record (`--out`). */
  readonly table: TableState;
}

/** Plays one rubber at a seeded table with four heuristic players. */
export function playRubber(rules: Rules, seed: string | number, dealer: Seat = 'N'): RubberReport {
  let table: TableState = newTableOrThrow(rules, { dealer, seed });
  const hands: HandReport[] = [];
  let before: BySide = { NS: 0, EW: 0 };
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand)) {
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
      hand = currentHand(table) as HandState;
    }
    const summary = handSummaries(currentRubber(table)).at(-1) as HandSummary;
    hands.push({
      dealer: summary.dealer,
      trump: hand.trump,
      trumpCard: hand.trumpCard,
      deal: hand.deal,
      tricks: summary.tricks,
      honours: summary.honours,
      points: summary.points,
      trickPoints: summary.trickPoints,
      honourPoints: summary.honourPoints,
      score: summary.score,
      play: completedTricks(hand),
      game: summary.game === null ? null : { winner: summary.game.winner, value: summary.game.value },
      explanation: explainHand(rules, summary, before),
    });
    before = summary.game === null ? summary.score : { NS: 0, EW: 0 };
  }
  const rubber = currentRubber(table);
  return {
    rules: rules.name,
    seed,
    hands,
    games: games(rubber).map((g) => ({ winner: g.winner, value: g.value })),
    winner: rubberWinner(rubber),
    gamesWon: gamesWon(rubber),
    rubberPoints: rubberPoints(rubber),
    table,
  };
}

/**
 * The rubber as text for people: every hand as dealt, trick by trick, what it scored and why, then the
 * result. Cards are printed as the page prints them (`10♦`, suits in the order ♠ ♥ ♣ ♦); `--json` and
 * `--out` keep the standard notation (`TD`).
 */
export function formatRubber(report: RubberReport): string[] {
  const lines: string[] = [`Rubber of ${report.rules} whist, seed ${report.seed}`];
  let game = 1;
  report.hands.forEach((h, i) => {
    const trump = h.trump === null ? 'no trump' : `trump ${SUIT_NAMES[h.trump]}`;
    const turn = h.trumpCard ? `turn-up ${cardText(h.trumpCard)}, ` : '';
    lines.push('', `Hand ${i + 1} (game ${game}): dealer ${h.dealer}, ${turn}${trump}`);
    const dealt = parseDeal(h.deal);
    if (dealt.ok) lines.push(...dealLines(dealt.value));
    h.play.forEach((t, n) => {
      lines.push(`  trick ${String(n + 1).padStart(2)}: ${trickText(t)}`);
    });
    lines.push(`  tricks ${pair(h.tricks)}; honours ${pair(h.honours)}; points ${pair(h.points)}; score ${pair(h.score)}`);
    for (const sentence of h.explanation) lines.push(`  ${sentence}`);
    if (h.game) {
      lines.push(`Game ${game} to ${h.game.winner}: ${gameValueName(report.table.rules, h.game.value)} (${h.game.value})`);
      game++;
    }
  });
  lines.push('');
  if (report.winner) {
    const points = report.rubberPoints === null ? 'no rubber points in these rules' : `${report.rubberPoints[report.winner]} rubber points`;
    lines.push(`Rubber to ${report.winner}, games ${pair(report.gamesWon)}: ${points}`);
  }
  return lines;
}
