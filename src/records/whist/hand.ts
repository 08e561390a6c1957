/**
 * One hand of a Whist record ([docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md), "A hand"): its game read and checked tag by tag, dealt as the
 * rules deal (trump and the card turned), and its Play section replayed through the engine with the one
 * replay of records (bridge/play.ts), each card in its turn.
 *
 * @module
 */

import { type Card, cardSuit, type Suit } from '../../cards.js';
import { type HandState, type LeadOutOfTurn, type Progress, parseState, playedCards, stateOfProgress } from '../../hand/index.js';
import { formatDeal, parsePartialDeal } from '../../notation.js';
import { type HandSummary, isRubberComplete, type RubberState, startRubber } from '../../rubber.js';
import { type BySeat, isSeat, nextSeat, type Seat } from '../../seats.js';
import { type HandEntry, type HandEvent, type TableEntry, TableProgress } from '../../table/index.js';
import { leadsOutOfTurnOf } from '../../table/laws.js';
import { readEvents, replayRecordHand } from '../../table/parse.js';
import { replay } from '../bridge/play.js';
import { columnOf, completeDeal, type TrickRow } from '../bridge/record.js';
import { cardAt, suitFirst } from '../text/cards.js';
import { quote } from '../text/problems.js';
import type { Header } from './header.js';
import { isProblem, type Problem, problem, stripPath } from './problem.js';
import { firstTagName, type ScannedGame, type ScannedTag, type ScannedToken, tagOf } from './scan.js';
import { HAND_TAGS, MARKER_TAG, MARKER_VALUE, RESULT_TAGS, TABLE_TAGS, trumpText } from './tags.js';

/** @internal The most hands a record may hold. */
export const MAX_HANDS = 2000;

/** @internal A hand read and played, waiting for its rubber's summaries. */
export interface ReadHand {
  readonly game: ScannedGame;
  readonly board: number;
  readonly rubber: number;
  /** Whether it is its rubber's first hand. */
  readonly first: boolean;
  readonly state: HandState;
  /** What was said during the hand besides its cards ([WhistEvents]). */
  readonly events: readonly HandEvent[];
  /** Whether the hand is over: played out, or ended by a claim or concession. */
  readonly over: boolean;
  /** Whether its rubber scored it: over, and not void (a new deal claimed). */
  readonly scored: boolean;
  /** The line of each card played, in play order. */
  readonly playLines: readonly number[];
  summary: HandSummary | null;
  players: BySeat<string> | null;
}

/** @internal The state of the reading, hand after hand. */
export interface Reading {
  readonly header: Header;
  readonly hands: ReadHand[];
  readonly log: TableEntry[];
  /** For each log entry, the hand it belongs to (a new rubber: the hand that follows it). */
  readonly logHand: number[];
  rubber: RubberState | null;
  rubberNumber: number;
  /** The index in `hands` of the current rubber's first hand. */
  rubberStart: number;
}

/**
 * @internal Reads one hand's game and plays it: its number, its dealer, its deal, trump and the card turned,
 * its Play section; the hand goes into its rubber and the table's log. `isHeader`: the game is also the
 * record's first game.
 */
export function readHand(r: Reading, game: ScannedGame, isHeader: boolean): Problem | null {
  const { rules } = r.header;
  const k = r.hands.length;
  const last = r.hands[k - 1];
  if (last !== undefined && !last.over)
    return problem(
      'INVALID_STATE',
      game,
      firstTagName(game),
      `hand ${k + 1} follows hand ${k}, which is not finished: only a record's last hand may be in progress`,
    );
  if (k >= MAX_HANDS) return problem('INVALID_STATE', game, firstTagName(game), 'a record holds at most 2,000 hands');
  for (const [name, tag] of game.tags) {
    if (name.startsWith('Whist') && !HAND_TAGS.has(name)) {
      if (!TABLE_TAGS.has(name)) return problem('INVALID_STATE', tag, name, 'is not a tag of a Whist record');
      if (!isHeader) return problem('INVALID_STATE', tag, name, "belongs in the record's first game");
    }
  }
  const marker = tagOf(game, MARKER_TAG);
  if (marker !== undefined && marker.value !== MARKER_VALUE)
    return problem('INVALID_STATE', marker, MARKER_TAG, `must be "Whist" in a Whist record, got ${quote(marker.value)}`);
  const board = tagOf(game, 'Board');
  if (board !== undefined && board.value !== String(k + 1))
    return problem('INVALID_STATE', board, 'Board', `is ${quote(board.value)}, but this is hand ${k + 1} of the record: hands are numbered from 1, in order`);
  const dealerTag = tagOf(game, 'Dealer');
  if (dealerTag === undefined) return problem('INVALID_STATE', game, 'Dealer', 'is missing: each hand names its dealer');
  const dealer = dealerTag.value;
  if (!isSeat(dealer)) return problem('INVALID_STATE', dealerTag, 'Dealer', `must be N, E, S or W, got ${quote(dealer)}`);
  // The first hand's dealer is the one the first game names; who deals each later hand is the table's to say
  // (the deal passes to the left, a misdeal loses it, after a rubber as the rules change the partners): the
  // table rebuilt from the record checks it, at this tag (see table.ts).
  if (k === 0 && r.header.dealer !== null && dealer !== r.header.dealer)
    return problem('INVALID_STATE', dealerTag, 'Dealer', `is ${dealer}, but ${r.header.dealer} deals hand 1: the first dealer, as [WhistDealer] says`);
  const dealTag = tagOf(game, 'Deal');
  if (dealTag === undefined) return problem('INVALID_STATE', game, 'Deal', 'is missing: each hand gives its deal');
  const deal = readDeal(dealTag);
  if (isProblem(deal)) return deal;

  // The rubber: a new one once the last is over.
  let first = false;
  let newRubber = false;
  if (r.rubber === null || isRubberComplete(r.rubber)) {
    if (r.rubber !== null) {
      newRubber = true;
      r.rubberNumber++;
    }
    const started = startRubber(rules, { dealer });
    if (!started.ok) return problem('INVALID_STATE', dealerTag, 'Dealer', started.error.message);
    r.rubber = started.value;
    r.rubberStart = k;
    first = true;
  }
  const rubberTag = tagOf(game, 'WhistRubber');
  if (rubberTag !== undefined && rubberTag.value !== String(r.rubberNumber + 1))
    return problem(
      'INVALID_STATE',
      rubberTag,
      'WhistRubber',
      `is ${quote(rubberTag.value)}, but this hand is in rubber ${r.rubberNumber + 1}${first && r.rubberNumber > 0 ? ': the last rubber ended with the hand before' : ''}`,
    );
  const partners = tagOf(game, 'WhistPartners');
  if (partners !== undefined) {
    if (!(first && r.rubberNumber > 0)) return problem('INVALID_STATE', partners, 'WhistPartners', 'stands only on the first hand of a rubber after the first');
    if (partners.value !== rules.afterRubber)
      return problem(
        'INVALID_STATE',
        partners,
        'WhistPartners',
        `is ${quote(partners.value)}, but after a rubber these rules ${rules.afterRubber} the partners`,
      );
  }

  // Trump, as the rules choose it.
  const kind = rules.trump.kind;
  const cardTag = tagOf(game, 'WhistTrumpCard');
  let trump: Suit | null;
  let trumpCard: Card | null = null;
  if (rules.trump.kind === 'rotation') {
    if (cardTag !== undefined && cardTag.value !== '-')
      return problem('INVALID_TRUMP', cardTag, 'WhistTrumpCard', 'names a card, but these rules rotate the trump suit: no card is turned');
    const suits = rules.trump.suits;
    trump = suits[k % suits.length] ?? null;
  } else {
    if (cardTag === undefined) return problem('INVALID_STATE', game, 'WhistTrumpCard', `is missing: with trump by ${kind}, each hand names the card turned`);
    const card = cardAt(cardTag.value, 0, cardTag.value.length);
    if (card === null)
      return problem('INVALID_CARD', cardTag, 'WhistTrumpCard', `${quote(cardTag.value)} is not a card, written suit first as in the Play section ("SQ")`);
    trumpCard = card;
    trump = cardSuit(card);
  }
  const trumpTag = tagOf(game, 'WhistTrump');
  if (trumpTag !== undefined && trumpTag.value !== trumpText(trump)) {
    const why =
      kind === 'rotation' ? `the rotation's suit for hand ${k + 1}` : `the suit of the card turned, ${trumpCard === null ? '-' : suitFirst(trumpCard)}`;
    return problem('INVALID_TRUMP', trumpTag, 'WhistTrump', `is ${quote(trumpTag.value)}, but trump is ${trumpText(trump)}: ${why}`);
  }
  const sourceTag = tagOf(game, 'WhistTrumpSource');
  if (sourceTag !== undefined && sourceTag.value !== kind)
    return problem('INVALID_TRUMP', sourceTag, 'WhistTrumpSource', `is ${quote(sourceTag.value)}, but these rules choose trump by ${kind}`);
  const dealt = parseState({ v: 2, rules, dealer, trump, trumpSource: kind, trumpCard, deal, plays: '' });
  if (!dealt.ok) {
    const onCard = dealt.error.path === 'trumpCard' && cardTag !== undefined;
    return problem(onCard ? 'INVALID_TRUMP' : 'INVALID_STATE', onCard ? cardTag : dealTag, onCard ? 'WhistTrumpCard' : 'Deal', stripPath(dealt.error.message));
  }

  // What was said besides the cards: claims, concessions, their answers, rulings and revoke penalties.
  const eventsTag = tagOf(game, 'WhistEvents');
  let events: HandEvent[] = [];
  if (eventsTag !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(eventsTag.value);
    } catch {
      return problem('INVALID_STATE', eventsTag, 'WhistEvents', "must be the hand's events as JSON, a list of { type, at, … }");
    }
    const read = readEvents(value, 'events');
    if (!Array.isArray(read))
      return problem('INVALID_STATE', eventsTag, 'WhistEvents', `${(read.path ?? '').replace('events.events', 'event list')}: ${stripPath(read.message)}`);
    events = read as unknown as HandEvent[];
  }
  // The play: a trick led out of turn that stood is led by its offender, as the events say (law 62).
  const played = playHand(dealt.value, game, dealer, leadsOutOfTurnOf(events));
  if (isProblem(played)) return played;
  // The hand done by the table's steps, its cards and events in the order they were done.
  const table = replayRecordHand(r.rubber as RubberState, dealt.value, played.state.plays, events as unknown as Record<string, unknown>[]);
  if (!(table instanceof TableProgress)) {
    const m = /^hand\.(events|plays)\[(\d+)\]/.exec(table.path ?? '');
    const message = stripPath(table.message);
    if (m?.[1] === 'plays') return problem('INVALID_STATE', { line: played.lines[Number(m[2])] ?? game.line }, 'Play', message);
    return problem('INVALID_STATE', eventsTag ?? game, 'WhistEvents', `event ${Number(m?.[2] ?? 0) + 1} cannot have been said there: ${message}`);
  }
  const state = stateOfProgress(table.hand as Progress);
  const complete = !table.playing;
  const scored = complete && !table.events.voided;
  r.rubber = table.rubber;
  if (!scored) {
    // An unfinished hand, or a void one (a new deal was claimed): no result.
    for (const name of RESULT_TAGS) {
      const tag = tagOf(game, name);
      if (tag !== undefined) return problem('INVALID_SCORE', tag, name, 'states a result, but the hand is not finished');
    }
  }
  if (newRubber) {
    r.log.push({ type: 'newRubber' });
    r.logHand.push(k);
  }
  r.log.push({
    type: 'hand',
    dealer,
    trump: state.trump,
    trumpSource: state.trumpSource,
    trumpCard: state.trumpCard,
    deal: state.deal,
    shuffled: r.header.seed !== null,
    actions: (table.log[0] as HandEntry).actions,
  });
  r.logHand.push(k);
  r.hands.push({
    game,
    board: k + 1,
    rubber: r.rubberNumber + 1,
    first,
    state,
    events,
    over: complete,
    scored,
    playLines: played.lines,
    summary: null,
    players: null,
  });
  return null;
}

/** The Deal tag as a deal text north first: four seats' cards, or three and the 13 cards they leave. */
function readDeal(tag: ScannedTag): string | Problem {
  const parsed = parsePartialDeal(tag.value);
  if (!parsed.ok) {
    const e = parsed.error;
    const code = e.code === 'INVALID_ARGUMENT' || e.code === 'INVALID_SEAT' ? 'INVALID_HAND' : e.code;
    return problem(code, tag, 'Deal', e.message, { seat: e.seat, card: e.card });
  }
  const dealt = completeDeal(parsed.value);
  if ('unknown' in dealt)
    return problem(
      'INVALID_HAND',
      tag,
      'Deal',
      `the cards of ${dealt.unknown.join(', ')} are unknown ("-"): a Whist record gives every seat's cards, or three seats' and "-" for the cards left`,
    );
  return formatDeal(dealt.deal);
}

/** Replays the Play section: rows by seat from the opening leader, each card in its turn; every card written must be played. */
function playHand(start: HandState, game: ScannedGame, dealer: Seat, leads: readonly LeadOutOfTurn[]): { state: HandState; lines: number[] } | Problem {
  const playTag = tagOf(game, 'Play');
  if (playTag === undefined) return { state: start, lines: [] };
  const leader = nextSeat(dealer);
  if (playTag.value !== leader)
    return problem('INVALID_STATE', playTag, 'Play', `is ${quote(playTag.value)}, but the opening leader is ${leader}: eldest hand, on the dealer's left`);
  const tokens = game.play;
  const tricks: TrickRow[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as ScannedToken;
    if (i % 4 === 0) tricks.push({});
    const row = tricks[i >> 2] as TrickRow;
    if (t.text === '-') continue;
    const card = cardAt(t.text, 0, t.text.length);
    if (card === null) return problem('INVALID_CARD', t, 'Play', `${quote(t.text)} is not a card: cards are written suit first ("SQ", "H10"), "-" for none`);
    row[nextSeat(leader, i & 3)] = card;
  }
  const run = replay(start, { order: 'bySeat', leader, tricks }, leads);
  const tokenOf = (trick: number, seat: Seat): ScannedToken => tokens[(trick - 1) * 4 + columnOf(seat, leader)] as ScannedToken;
  if (run.refusal !== null) {
    const { code, seat, card, trick, message } = run.refusal;
    const kind = code === 'CARD_NOT_IN_HAND' || code === 'MUST_FOLLOW_SUIT' ? code : 'INVALID_STATE';
    return problem(kind, tokenOf(trick, seat), 'Play', `trick ${trick}, ${seat} plays ${suitFirst(card)}: ${message}`, { seat, card });
  }
  if (run.unplayed !== null) {
    const { trick, seat, position } = run.unplayed;
    const t = tokens[position] as ScannedToken;
    return problem('INVALID_STATE', t, 'Play', `${quote(t.text)} is never played: the play stops before it (trick ${trick}, ${seat}'s card)`);
  }
  return { state: run.state, lines: playedCards(run.state).map((p) => tokenOf(p.trick, p.seat).line) };
}
