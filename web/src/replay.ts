/**
 * Watching a Whist record: the record read and checked by the library (`parseWhistPbn`), and a position in
 * it, a hand and how many of its cards have been played. Each position is drawn from the library's views
 * of the hand after that many cards: the spectator's `PlayerView` (the trick, the tricks, the trump card) and
 * each seat's own view for the cards it still holds. A replay shows every seat's cards: it is a record of a
 * game already played, not a game in progress.
 *
 * No DOM here: `render/replay.ts` draws a `ReplayPosition`, and `page/records.ts` moves through the record. The page loads
 * this module (and with it the library's record reader) only when a record is opened.
 *
 * @module
 */

import {
  type BySeat,
  type BySide,
  type Card,
  type Deal,
  dealtCards,
  type GameSummary,
  type HandState,
  type HandSummary,
  type Play,
  type PlayerView,
  parseStateOrThrow,
  playedCards,
  playerViewOrThrow,
  type RubberSummary,
  type Rules,
  SEATS,
  type Side,
  tableViewOrThrow,
} from 'whist';
import { isWhistPbn, parseWhistPbn, type WhistRecord, type WhistRecordHand } from 'whist/records';
import { trumpSentence, who } from './changes.js';
import { explainHand, explainRubber, type RubberFacts } from './explain.js';
import { t } from './i18n/index.js';
import { cardName, SEAT_NAMES } from './names.js';

/** The record writer, for solo play's download: loaded with the reader, on first use, so that the page opens without either. */
export { formatWhistPbn } from 'whist/records';

/** A record being watched, and where. */
export interface Replay {
  /** The file's name, as the person chose it. */
  readonly name: string;
  readonly record: WhistRecord;
  /** The rubbers won at the table rebuilt from the record (from its spectator's `TableView`), the last one included once it is won. */
  readonly rubbers: readonly RubberSummary[];
  /** Which hand, from 0. */
  readonly hand: number;
  /** How many of its cards have been played: 0 (as dealt) to every card the record holds. */
  readonly step: number;
}

/** Opening a record: the replay at its first hand as dealt, or why it cannot be watched. */
export type Opened = { readonly ok: true; readonly replay: Replay } | { readonly ok: false; readonly message: string };

/**
 * Reads a record's text. A Whist record is read and checked by `parseWhistPbn`, whose error names the line,
 * the tag and the problem; a bridge PBN file (no `[Game "Whist"]`) is refused, with the reason.
 *
 * @param text - the file's text
 * @param name - the file's name, to say which file
 */
export function openRecord(text: string, name: string): Opened {
  if (!isWhistPbn(text))
    return {
      ok: false,
      message: t().replay.notWhist(name),
    };
  const r = parseWhistPbn(text);
  if (!r.ok) return { ok: false, message: t().replay.cannotOpen(name, `${r.error.message} (${r.error.code})`) };
  if (r.value.hands.length === 0) return { ok: false, message: t().replay.empty(name) };
  const view = tableViewOrThrow(r.value.table, null);
  const rubbers: RubberSummary[] = [...view.rubbers];
  if (view.rubberWinner !== null) rubbers.push({ players: view.players, winner: view.rubberWinner, games: view.gamesWon, rubberPoints: view.rubberPoints });
  return { ok: true, replay: { name, record: r.value, rubbers, hand: 0, step: 0 } };
}

/** How many cards of a hand the record holds: 52 for a finished hand. */
function cardsIn(replay: Replay, hand: number): number {
  const h = replay.record.hands[hand];
  return h === undefined ? 0 : playedCards(h.state).length;
}

/** A move through the record. */
export type Move =
  | { readonly type: 'next-card' }
  | { readonly type: 'previous-card' }
  | { readonly type: 'next-hand' }
  | { readonly type: 'previous-hand' }
  | { readonly type: 'start' }
  | { readonly type: 'end' }
  | { readonly type: 'hand'; readonly hand: number };

/**
 * The position after a move; the same object when the move goes nowhere (the first card of the first hand,
 * the last card of the last). The next card after a hand's last is the next hand as dealt, and the card
 * before a hand is dealt is the previous hand's last. The next hand after the last is its end, and the hand
 * before the first is its start.
 */
export function move(replay: Replay, m: Move): Replay {
  const last = replay.record.hands.length - 1;
  const total = cardsIn(replay, replay.hand);
  const at = (hand: number, step: number): Replay => (hand === replay.hand && step === replay.step ? replay : { ...replay, hand, step });
  switch (m.type) {
    case 'next-card':
      return replay.step < total ? at(replay.hand, replay.step + 1) : replay.hand < last ? at(replay.hand + 1, 0) : replay;
    case 'previous-card':
      return replay.step > 0 ? at(replay.hand, replay.step - 1) : replay.hand > 0 ? at(replay.hand - 1, cardsIn(replay, replay.hand - 1)) : replay;
    case 'next-hand':
      return replay.hand < last ? at(replay.hand + 1, 0) : at(replay.hand, total);
    case 'previous-hand':
      return replay.hand > 0 ? at(replay.hand - 1, 0) : at(0, 0);
    case 'start':
      return at(replay.hand, 0);
    case 'end':
      return at(replay.hand, total);
    case 'hand':
      return Number.isInteger(m.hand) && m.hand >= 0 && m.hand <= last ? at(m.hand, 0) : replay;
  }
}

/** Everything drawn at one position of a replay. */
export interface ReplayPosition {
  readonly name: string;
  readonly rules: Rules;
  /** Which hand, from 0, and how many the record holds. */
  readonly index: number;
  readonly count: number;
  /** The hand as the record gives it: its Board number, its rubber, its players, what it scored. */
  readonly hand: WhistRecordHand;
  /** Every hand of the record. */
  readonly hands: readonly WhistRecordHand[];
  /** Cards played so far, of `total`. */
  readonly step: number;
  readonly total: number;
  /** The hand after `step` cards, as a spectator sees it: trick, tricks, the trump card while it lies face up, whose turn. */
  readonly view: PlayerView;
  /** The cards each seat still holds, from that seat's own view. */
  readonly held: BySeat<readonly Card[]>;
  /** Once the hand's last card is played: the cards as dealt, all public by then. */
  readonly dealt: Deal | null;
  /** The card played last, or `null` before the lead. */
  readonly last: Play | null;
  /** The game of the rubber the hand is played in, from 1. */
  readonly game: number;
  /** The rubber's scored hands up to this one: what `explainHand` reads. */
  readonly rubberHands: readonly HandSummary[];
  /** This hand's place in `rubberHands`, when it is scored. */
  readonly indexInRubber: number;
  /** The game score and games won, before the hand, or after it once its last card is played. */
  readonly score: BySide;
  readonly gamesWon: BySide;
  /** Once the hand that ends a rubber is over: the rubber, as `explainRubber` reads it. */
  readonly rubberOver: RubberFacts | null;
}

/** The hand after its first `step` cards: the same facts, fewer plays, checked again by the library. */
function handAt(state: HandState, step: number, all: readonly Play[]): HandState {
  if (step >= all.length) return state;
  return parseStateOrThrow({
    ...state,
    plays: all
      .slice(0, step)
      .map((p) => p.card)
      .join(' '),
  });
}

function gamesOf(hands: readonly HandSummary[]): GameSummary[] {
  return hands.flatMap((h) => (h.game === null ? [] : [h.game]));
}

function count(games: readonly GameSummary[]): BySide {
  const won: Record<Side, number> = { NS: 0, EW: 0 };
  for (const g of games) won[g.winner]++;
  return won;
}

/** What to draw at the replay's position. */
export function position(replay: Replay): ReplayPosition {
  const hands = replay.record.hands;
  const hand = hands[replay.hand] as WhistRecordHand;
  const all = playedCards(hand.state);
  const step = Math.min(replay.step, all.length);
  const state = handAt(hand.state, step, all);
  const view = playerViewOrThrow(state, null);
  const held = Object.fromEntries(SEATS.map((s) => [s, playerViewOrThrow(state, s).cards])) as unknown as BySeat<readonly Card[]>;
  const over = hand.summary !== null && step === all.length;
  const earlier = hands.slice(0, replay.hand).filter((h) => h.rubber === hand.rubber);
  const before = earlier.flatMap((h) => (h.summary === null ? [] : [h.summary]));
  const rubberHands = hand.summary === null ? before : [...before, hand.summary];
  const gamesBefore = gamesOf(before);
  const previous = before[before.length - 1];
  const scoreBefore = previous === undefined || previous.game !== null ? { NS: 0, EW: 0 } : previous.score;
  const rubber = replay.rubbers[hand.rubber - 1];
  const endsRubber = over && rubber !== undefined && hands[replay.hand + 1]?.rubber !== hand.rubber;
  const games = gamesOf(rubberHands);
  return {
    name: replay.name,
    rules: replay.record.rules,
    index: replay.hand,
    count: hands.length,
    hand,
    hands,
    step,
    total: all.length,
    view,
    held,
    dealt: over ? dealtCards(hand.state) : null,
    last: step === 0 ? null : (all[step - 1] as Play),
    game: gamesBefore.length + 1,
    rubberHands,
    indexInRubber: before.length,
    score: over && hand.summary !== null ? hand.summary.score : scoreBefore,
    gamesWon: count(over ? games : gamesBefore),
    rubberOver:
      endsRubber && rubber !== undefined
        ? { rules: replay.record.rules, rubberWinner: rubber.winner, gamesWon: rubber.games, rubberPoints: rubber.rubberPoints, games, hands: rubberHands }
        : null,
  };
}

/** The sentences for the live region at a position: the hand as dealt, or the card just played and what it did. */
export function describePosition(p: ReplayPosition): string[] {
  if (p.last === null)
    return [
      t().replay.dealt(
        p.hand.board,
        p.count,
        p.hand.rubber,
        p.game,
        SEAT_NAMES[p.view.dealer],
        trumpSentence(p.view),
        SEAT_NAMES[p.view.currentSeat ?? p.view.dealer],
      ),
    ];
  const lines = [t().replay.played(p.step, p.total, SEAT_NAMES[p.last.seat], cardName(p.last.card))];
  const trick = p.step % 4 === 0 ? p.view.tricks[p.step / 4 - 1] : undefined;
  if (trick !== undefined) lines.push(t().replay.wins(who(trick.winner, null), false));
  if (p.dealt !== null) {
    lines.push(t().replay.handOver(p.hand.board), ...explainHand(p.rules, p.rubberHands, p.indexInRubber));
    if (p.rubberOver !== null) lines.push(...explainRubber(p.rubberOver));
  }
  return lines;
}
