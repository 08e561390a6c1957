/**
 * `whist play`: a person plays one seat against three computer players, a whole rubber, in the terminal.
 *
 * The program holds the table and renders only what the person's seat may see (`tableView`); the computer
 * players act from their own seats' views. Cards are printed as the page prints them (`Q♥`, `10♦`, suits in
 * the order ♠ ♥ ♣ ♦). A card is entered as `QH`, `qh`, `10h`, `♥Q`, or its number, which it keeps for the
 * whole hand; anything else is refused with the reason, and the person is asked again. `score`, `last`,
 * `help` and `quit` are commands.
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
  gamesWon,
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
import { cardText, DISPLAY_SUITS, displayOrder, pair, SUIT_NAMES, trickText, whoPlayedText } from './text.js';

/** How a game in the terminal is set up. */
export interface HumanGame {
  readonly rules: Rules;
  readonly seed: string | number;
  /** The person's seat. */
  readonly seat: Seat;
  /** The first dealer. */
  readonly dealer: Seat;
  /**
   * Given the table after every deal and every card, and at the end, e.g. to write its record: so that a game
   * stopped at any moment (Ctrl-C, the end of input, `quit`) leaves the hands played so far.
   */
  readonly keep?: (table: TableState) => void;
}

/** What the person may type besides a card. */
export const COMMANDS_HELP = [
  'Type a card as on its face or in short: Q♥, QH, qh, 10h, h10; or its number in your cards.',
  'Numbers stay with the cards for the whole hand; a card without a number cannot be played now.',
  'Commands: score (the score, games and tricks), last (the last trick), help (this),',
  'quit (stop the game; with --out, its record keeps the hands played so far).',
];

/**
 * The person's cards in the page's order (♠ ♥ ♣ ♦), numbered by their place in the hand as dealt, so a card
 * keeps its number until it is played; a card that may not be played now has no number:
 * `1:A♠  3:7♠ | Q♥  10♥ | …`.
 */
function numbered(held: readonly Card[], dealt: readonly Card[], legal: readonly Card[]): string {
  const groups: string[] = [];
  for (const suit of DISPLAY_SUITS) {
    const cards = displayOrder(held).filter((c) => c[1] === suit);
    if (cards.length === 0) continue;
    groups.push(cards.map((c) => (legal.includes(c) ? `${dealt.indexOf(c) + 1}:${cardText(c)}` : cardText(c))).join('  '));
  }
  return groups.join(' | ');
}

/** Why a card was refused, for the person. */
function refusal(error: WhistErrorInfo, card: Card, led: Card | undefined): string {
  switch (error.code) {
    case 'CARD_NOT_IN_HAND':
      return `You do not hold ${cardText(card)}.`;
    case 'MUST_FOLLOW_SUIT':
      return `You must follow suit: ${led ? SUIT_NAMES[led[1] as keyof typeof SUIT_NAMES] : 'the suit led'} ${led ? 'were' : 'was'} led, and you hold one.`;
    default:
      return error.message;
  }
}

/** What the person types, as a card: its text or its number in the hand as dealt; a sentence when it names none. */
function readCard(text: string, dealt: readonly Card[], held: readonly Card[]): { card: Card } | { problem: string } {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const card = dealt[Number(t) - 1];
    if (card === undefined) return { problem: `No card has the number ${t}: your cards are numbered 1 to ${dealt.length}.` };
    if (!held.includes(card)) return { problem: `You have played ${cardText(card)} (number ${t}) already.` };
    return { card };
  }
  const card = parseCard(t);
  return card.ok ? { card: card.value } : { problem: `"${t}" is not a card: type one such as QH or 10h, its number, or help.` };
}

/**
 * Plays a rubber with a person at one seat.
 *
 * @param game - the rules, seed, the person's seat and the first dealer
 * @param next - the person's next line of input, or `null` at the end of input
 * @param out - writes a line for the person
 * @returns the exit code: 0 at the end of the rubber or when the person types `quit`, 2 when the input ends first
 */
export async function playHuman(game: HumanGame, next: () => Promise<string | null>, out: (line: string) => void): Promise<number> {
  const { rules, seat: me } = game;
  let table: TableState = newTableOrThrow(rules, { seed: game.seed, dealer: game.dealer });
  out(`Whist (${rules.name}), seed ${game.seed}. You sit ${me}, your partner ${partnerOf(me)}; the computer plays the other seats.`);
  out('Type help for the commands.');
  let before: BySide = { NS: 0, EW: 0 };
  let handNumber = 0;
  while (!isRubberComplete(currentRubber(table))) {
    table = applyOrThrow(table, { type: 'deal' });
    game.keep?.(table);
    handNumber++;
    const dealt = currentHand(table) as HandState;
    const myDeal = displayOrder(tableViewOrThrow(table, me).hand?.cards ?? []);
    const trump = dealt.trump === null ? 'no trumps' : `${SUIT_NAMES[dealt.trump]} are trumps`;
    const turnUp = dealt.trumpCard ? `the turn-up is ${cardText(dealt.trumpCard)}, ` : '';
    out('');
    out(`Hand ${handNumber}: ${dealt.dealer} deals; ${turnUp}${trump}. Score ${pair(before)}.`);
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
        const so = trick === null || trick.cards.length === 0 ? 'You lead.' : `Trick so far: ${whoPlayedText(trick.leader, trick.cards)}.`;
        out('');
        out(`Your cards: ${numbered(mine.cards, myDeal, mine.legalMoves)}`);
        const turned = mine.trumpCard ? ` Turn-up ${cardText(mine.trumpCard)} (with ${mine.dealer}).` : '';
        out(`${so}${turned} Tricks ${pair(mine.tricksWon)}.`);
        for (;;) {
          out('Your card (e.g. QH, 10h, or its number; help for the commands):');
          const line = await next();
          if (line === null) {
            out('The input ended before the rubber did.');
            game.keep?.(table);
            return 2;
          }
          const command = line.trim().toLowerCase();
          if (command === 'quit') {
            out('You stopped the game.');
            game.keep?.(table);
            return 0;
          }
          if (command === 'help' || command === '?') {
            for (const sentence of COMMANDS_HELP) out(sentence);
            continue;
          }
          if (command === 'score') {
            const won = gamesWon(currentRubber(table));
            const trumps = mine.trump === null ? 'no trumps' : `${SUIT_NAMES[mine.trump]} are trumps`;
            out(`Score ${pair(before)} (the game to ${rules.target}); games ${pair(won)}. Hand ${handNumber}: ${trumps}, tricks ${pair(mine.tricksWon)}.`);
            continue;
          }
          if (command === 'last') {
            const last = mine.tricks.at(-1);
            out(last === undefined ? 'No trick has been played yet in this hand.' : `Trick ${mine.tricks.length}: ${trickText(last)}.`);
            continue;
          }
          const read = readCard(line, myDeal, mine.cards);
          if ('problem' in read) {
            out(read.problem);
            continue;
          }
          const card = read.card;
          const r = apply(table, { type: 'play', seat: me, card });
          if (!r.ok) {
            out(refusal(r.error, card, trick?.cards[0]));
            continue;
          }
          table = r.value;
          break;
        }
      }
      game.keep?.(table);
      const after = tableViewOrThrow(table, me);
      if (after.hand !== null && after.hand.tricks.length > tricksDone) {
        tricksDone = after.hand.tricks.length;
        const last = after.hand.tricks[tricksDone - 1];
        if (last) out(`Trick ${tricksDone}: ${trickText(last)}.`);
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
