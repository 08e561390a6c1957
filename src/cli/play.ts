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
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  newTableOrThrow,
  playerViewOrThrow,
  type Rules,
  rubberPoints,
  rubberWinner,
  type Seat,
  type Side,
  type Suit,
  type TableState,
} from '../index.js';

/** One hand of the report. */
export interface HandReport {
  readonly dealer: Seat;
  readonly trump: Suit | null;
  readonly trumpCard: Card | null;
  readonly tricks: BySide;
  readonly honours: BySide;
  readonly points: BySide;
  readonly score: BySide;
  readonly play: readonly { readonly leader: Seat; readonly cards: readonly Card[]; readonly winner: Seat }[];
  /** The game this hand won, if it ended one. */
  readonly game: { readonly winner: Side; readonly value: number } | null;
}

/** The whole rubber, as `--json` prints it. */
export interface RubberReport {
  readonly rules: string;
  readonly seed: string;
  readonly hands: readonly HandReport[];
  readonly games: readonly { readonly winner: Side; readonly value: number }[];
  readonly winner: Side | null;
  readonly gamesWon: BySide;
  readonly rubberPoints: BySide | null;
}

/** Plays one rubber at a seeded table with four heuristic players. */
export function playRubber(rules: Rules, seed: string | number, dealer: Seat = 'N'): RubberReport {
  let table: TableState = newTableOrThrow(rules, { dealer, seed });
  const hands: HandReport[] = [];
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    let hand = currentHand(table) as HandState;
    for (let seat = currentSeat(hand); seat !== null; seat = currentSeat(hand)) {
      table = applyOrThrow(table, { type: 'play', seat, card: heuristicPlayer(playerViewOrThrow(hand, seat)) });
      hand = currentHand(table) as HandState;
    }
    const summary = handSummaries(currentRubber(table)).at(-1);
    if (summary === undefined) throw new Error('the hand was not recorded');
    hands.push({
      dealer: summary.dealer,
      trump: hand.trump,
      trumpCard: hand.trumpCard,
      tricks: summary.tricks,
      honours: summary.honours,
      points: summary.points,
      score: summary.score,
      play: completedTricks(hand),
      game: summary.game === null ? null : { winner: summary.game.winner, value: summary.game.value },
    });
  }
  const rubber = currentRubber(table);
  return {
    rules: rules.name,
    seed: String(seed),
    hands,
    games: games(rubber).map((g) => ({ winner: g.winner, value: g.value })),
    winner: rubberWinner(rubber),
    gamesWon: gamesWon(rubber),
    rubberPoints: rubberPoints(rubber),
  };
}

const SUIT_NAMES: Record<Suit, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const VALUE_NAMES: Record<number, string> = { 1: 'single', 2: 'double', 3: 'treble' };

function pair(x: BySide): string {
  return `NS ${x.NS}, EW ${x.EW}`;
}

/** The rubber as text for people: every hand, trick by trick, then the result. */
export function formatRubber(report: RubberReport): string[] {
  const lines: string[] = [`Rubber of ${report.rules} whist, seed ${report.seed}`];
  let game = 1;
  report.hands.forEach((h, i) => {
    const trump = h.trump === null ? 'no trump' : `trump ${SUIT_NAMES[h.trump]}`;
    const turn = h.trumpCard ? `turn-up ${h.trumpCard}, ` : '';
    lines.push('', `Hand ${i + 1} (game ${game}): dealer ${h.dealer}, ${turn}${trump}`);
    h.play.forEach((t, n) => {
      lines.push(`  trick ${String(n + 1).padStart(2)}: ${t.leader} leads  ${t.cards.join(' ')}  won by ${t.winner}`);
    });
    lines.push(`  tricks ${pair(h.tricks)}; honours ${pair(h.honours)}; points ${pair(h.points)}; score ${pair(h.score)}`);
    if (h.game) {
      lines.push(`Game ${game} to ${h.game.winner}: ${VALUE_NAMES[h.game.value] ?? 'game'} (${h.game.value})`);
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
