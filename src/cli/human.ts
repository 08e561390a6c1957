/**
 * `whist play`: a person plays one seat against three computer players, a whole rubber, in the terminal.
 *
 * The program holds the table and renders only what the person's seat may see (`tableView`); the computer
 * players act from their own seats' views. A card is entered as `QH`, `qh`, `10h`, `♥Q`, or its number
 * in the list shown; anything else is refused with the reason, and the person is asked again.
 *
 * @module
 */

import {
  apply,
  applyOrThrow,
  type BySide,
  type Card,
  currentHand,
  currentRubber,
  currentSeat,
  type HandState,
  handSummaries,
  heuristicPlayer,
  isRubberComplete,
  newTableOrThrow,
  parseCard,
  partnerOf,
  playerViewOrThrow,
  type Rules,
  rubberPoints,
  rubberWinner,
  type Seat,
  type TableState,
  tableViewOrThrow,
  type WhistErrorInfo,
} from '../index.js';
import { explainHand, valueName } from './explain.js';
import { pair, SUIT_NAMES, trickLine, whoPlayed } from './text.js';

/** How a game in the terminal is set up. */
export interface HumanGame {
  readonly rules: Rules;
  readonly seed: string | number;
  /** The person's seat. */
  readonly seat: Seat;
  /** The first dealer. */
  readonly dealer: Seat;
  /** Given the table when the game ends (the rubber over, or the input ended first), e.g. to write its record. */
  readonly keep?: (table: TableState) => void;
}

/** The person's cards, numbered as they may be typed: `1 AS  2 KS  3 7S | 4 QH …`. */
function numbered(cards: readonly Card[]): string {
  let suit = '';
  return cards
    .map((card, i) => {
      const sep = suit !== '' && card[1] !== suit ? '| ' : '';
      suit = card[1] as string;
      return `${sep}${i + 1} ${card}`;
    })
    .join('  ');
}

/** Why a card was refused, for the person. */
function refusal(error: WhistErrorInfo, card: Card, led: Card | undefined): string {
  switch (error.code) {
    case 'CARD_NOT_IN_HAND':
      return `You do not hold ${card}.`;
    case 'MUST_FOLLOW_SUIT':
      return `You must follow suit: ${led ? SUIT_NAMES[led[1] as keyof typeof SUIT_NAMES] : 'the suit led'} ${led ? 'were' : 'was'} led, and you hold one.`;
    default:
      return error.message;
  }
}

/** What the person types, as a card: its text or its number in the list; `null` when it names none. */
function readCard(text: string, cards: readonly Card[]): Card | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return cards[Number(t) - 1] ?? null;
  const card = parseCard(t);
  return card.ok ? card.value : null;
}

/**
 * Plays a rubber with a person at one seat.
 *
 * @param game - the rules, seed, the person's seat and the first dealer
 * @param next - the person's next line of input, or `null` at the end of input
 * @param out - writes a line for the person
 * @returns the exit code: 0 at the end of the rubber, 2 when the input ends first
 */
export async function playHuman(game: HumanGame, next: () => Promise<string | null>, out: (line: string) => void): Promise<number> {
  const { rules, seat: me } = game;
  let table: TableState = newTableOrThrow(rules, { seed: game.seed, dealer: game.dealer });
  out(`Whist (${rules.name}), seed ${game.seed}. You sit ${me}, your partner ${partnerOf(me)}; the computer plays the other seats.`);
  let before: BySide = { NS: 0, EW: 0 };
  let handNumber = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    handNumber++;
    const dealt = currentHand(table) as HandState;
    const trump = dealt.trump === null ? 'no trump' : `${SUIT_NAMES[dealt.trump]} are trump`;
    out('');
    out(`Hand ${handNumber}: ${dealt.dealer} deals; ${dealt.trumpCard ? `the turn-up is ${dealt.trumpCard}, ` : ''}${trump}. Score ${pair(before)}.`);
    let tricksDone = 0;
    for (
      let hand = currentHand(table) as HandState, seat = currentSeat(hand);
      seat !== null;
      hand = currentHand(table) as HandState, seat = currentSeat(hand)
    ) {
      const view = tableViewOrThrow(table, me);
      const mine = view.hand;
      if (mine === null) break;
      if (seat !== me) {
        const card = heuristicPlayer(playerViewOrThrow(hand, seat));
        table = applyOrThrow(table, { type: 'play', seat, card });
      } else {
        const trick = mine.trick;
        const so = trick === null || trick.cards.length === 0 ? 'You lead.' : `Trick so far: ${whoPlayed(trick.leader, trick.cards)}.`;
        out('');
        out(`Your cards: ${numbered(mine.cards)}`);
        out(`${so}${mine.trumpCard ? ` Turn-up ${mine.trumpCard} (with ${mine.dealer}).` : ''} Tricks ${pair(mine.tricksWon)}.`);
        for (;;) {
          out('Your card (e.g. QH, 10h, or its number):');
          const line = await next();
          if (line === null) {
            out('The input ended before the rubber did.');
            game.keep?.(table);
            return 2;
          }
          const card = readCard(line, mine.cards);
          if (card === null) {
            out(`"${line.trim()}" is not a card: type one such as QH, 10h, or its number in the list.`);
            continue;
          }
          const r = apply(table, { type: 'play', seat: me, card });
          if (!r.ok) {
            out(refusal(r.error, card, trick?.cards[0]));
            continue;
          }
          table = r.value;
          break;
        }
      }
      const after = tableViewOrThrow(table, me);
      if (after.hand !== null && after.hand.tricks.length > tricksDone) {
        tricksDone = after.hand.tricks.length;
        const last = after.hand.tricks[tricksDone - 1];
        if (last) out(`Trick ${tricksDone}: ${trickLine(last)}.`);
      }
    }
    const summary = handSummaries(currentRubber(table)).at(-1);
    if (summary === undefined) break;
    out('');
    out(`Hand ${handNumber}: tricks ${pair(summary.tricks)}.`);
    for (const sentence of explainHand(rules, summary, before)) out(`  ${sentence}`);
    before = summary.game === null ? summary.score : { NS: 0, EW: 0 };
  }
  const rubber = currentRubber(table);
  const winner = rubberWinner(rubber);
  const points = rubberPoints(rubber);
  const games = handSummaries(rubber)
    .flatMap((h) => (h.game === null ? [] : [`${h.game.winner} ${valueName(h.game.value)}`]))
    .join(', ');
  out('');
  out(`Rubber to ${winner}${winner === null ? '' : ` (${games})`}${points === null || winner === null ? '' : `: ${points[winner]} rubber points`}.`);
  game.keep?.(table);
  return 0;
}
