/**
 * Reading a Whist record back into a table: every hand dealt and played again through the engine, every
 * score the record states set against what the play gives, and the table rebuilt from its log with
 * {@link parseTable}, so that every rule of the table is checked too. The format is specified in
 * docs/records.md; {@link formatWhistPbn} writes it.
 *
 * What is checked, in the record's order:
 * - the first game: the marker `[Game "Whist"]`, the rules (validated as by {@link validateRules}), the
 *   seed, the players and the first dealer;
 * - each hand: its number (Board), its dealer, its deal (52 distinct cards, 13 a hand), its trump and the
 *   card turned as the rules say, each card of its Play section (legal, in turn), and every score it states
 *   (Result, tricks, honours, points, the game score, games won, a game's value, the rubber's winner and
 *   points), which must be what the play gives;
 * - the table: each hand's dealer is the next dealer, a hand is dealt only after the last one ended and
 *   while the rubber goes on, a new rubber only after one ended; with the seed, every deal (and every cut)
 *   is dealt again from the seed and must be the one recorded; the players of each rubber are the table's.
 *
 * The first problem in the text is reported: its line, its tag and what is wrong.
 *
 * @module
 */

import type { Card, Suit } from '../cards.js';
import { describe, fail, ok, type Result } from '../errors.js';
import { currentSeat, type HandState, handFacts, isHandComplete, parseState, play } from '../hand.js';
import { formatDeal, parsePartialDeal } from '../notation.js';
import { cryptoRandom, type RandomState, readRandom, seedRandom } from '../random.js';
import {
  type HandSummary,
  handSummaries,
  isRubberComplete,
  nextDealer,
  type RubberState,
  recordHand,
  rubberPoints,
  rubberWinner,
  startRubber,
} from '../rubber.js';
import { PRESETS, type Rules, validateRules } from '../rules.js';
import { type BySeat, isSeat, nextSeat, SEATS, type Seat, sideOf } from '../seats.js';
import { finishedRubbers, parseTable, seating, type TableEntry, type TableState } from '../table.js';
import { cardAt, quote, type Work } from './pbn.js';
import { type ScannedGame, type ScannedTag, type ScannedToken, Scanner, type ScanProblem } from './whist-scan.js';
import { HAND_TAGS, MARKER_TAG, MARKER_VALUE, RESULT_TAGS, readSideNumber, readSides, SEAT_TAGS, sidesText, TABLE_TAGS, trumpText } from './whist-tags.js';

/**
 * Options of {@link parseWhistPbn}.
 *
 * @group Records
 */
export interface ParseWhistOptions {
  /**
   * For a record without a seed: the PRNG state of the table rebuilt from it, from which any later deal
   * (and cut) of that table is drawn. Default: a fresh one from `crypto.getRandomValues`, as
   * `newTable` draws it. Ignored when the record gives its seed.
   */
  readonly random?: RandomState;
}

/**
 * One hand of a Whist record, as read and checked.
 *
 * @group Records
 */
export interface WhistRecordHand {
  /** The hand's number at the table, counted from 1 across rubbers: its Board tag. */
  readonly board: number;
  /** The line of the hand's first tag in the text. */
  readonly line: number;
  /** Its rubber, counted from 1. */
  readonly rubber: number;
  /** Who sat where for it. */
  readonly players: BySeat<string>;
  /** The hand as dealt and played: complete, or (only the record's last hand) in progress. */
  readonly state: HandState;
  /** What it scored, as {@link handSummaries} gives it; `null` for a hand in progress. */
  readonly summary: HandSummary | null;
}

/**
 * A Whist record, read and checked: its rules, the table rebuilt from it, and each hand.
 *
 * @group Records
 */
export interface WhistRecord {
  /** The rules, validated. */
  readonly rules: Rules;
  /** The seed the table was opened with, as written, or `null` when the record gives none. */
  readonly seed: string | null;
  /** The Event tag of the first game, or `null`. */
  readonly event: string | null;
  /** The Site tag of the first game, or `null`. */
  readonly site: string | null;
  /** The Date tag of the first game (PBN's `YYYY.MM.DD`), or `null`. */
  readonly date: string | null;
  /**
   * The table, rebuilt through its log and checked by {@link parseTable}. With the seed it is the table the
   * record was written from. Without it, each deal is one the table was given (`shuffled: false`), its PRNG
   * is `options.random`, and after a rubber whose partners were cut again it seats the players as its own
   * cut says: who sat where as recorded is each hand's `players`.
   */
  readonly table: TableState;
  /** The hands, in order. */
  readonly hands: readonly WhistRecordHand[];
}

/**
 * The error codes of {@link parseWhistPbn}.
 *
 * @group Records
 */
export type ParseWhistError =
  | 'INVALID_ARGUMENT'
  | 'INVALID_RULES'
  | 'INVALID_STATE'
  | 'INVALID_HAND'
  | 'INVALID_CARD'
  | 'DUPLICATE_CARD'
  | 'INVALID_TRUMP'
  | 'CARD_NOT_IN_HAND'
  | 'MUST_FOLLOW_SUIT'
  | 'INVALID_SCORE';

/** @internal The most hands a record may hold. */
export const MAX_HANDS = 2000;

/** A problem found, where. */
interface Problem {
  readonly code: ParseWhistError;
  readonly line: number;
  readonly tag: string;
  readonly message: string;
  readonly seat?: string;
  readonly card?: string;
}

function problem(code: ParseWhistError, at: { line: number }, tag: string, message: string, extra: { seat?: string; card?: string } = {}): Problem {
  return { code, line: at.line, tag, message, ...extra };
}

function failure(p: Problem): { readonly ok: false; readonly error: ReturnType<typeof fail<ParseWhistError>>['error'] } {
  return fail(p.code, `line ${p.line}, [${p.tag}]: ${p.message}`, { path: `line ${p.line} ${p.tag}`, seat: p.seat, card: p.card });
}

function isProblem(x: unknown): x is Problem {
  return typeof x === 'object' && x !== null && 'code' in x && 'line' in x;
}

function scanFailure(p: ScanProblem): Problem {
  return { code: 'INVALID_STATE', line: p.line, tag: p.tag ?? 'text', message: p.message };
}

/** A hand read and played, waiting for its rubber's summaries. */
interface ReadHand {
  readonly game: ScannedGame;
  readonly board: number;
  readonly rubber: number;
  /** Whether it is its rubber's first hand. */
  readonly first: boolean;
  readonly state: HandState;
  /** The line of each card played, in play order. */
  readonly playLines: readonly number[];
  summary: HandSummary | null;
  players: BySeat<string> | null;
}

/** What the first game says of the table. */
interface Header {
  readonly game: ScannedGame;
  readonly rules: Rules;
  readonly seed: string | null;
  readonly players: readonly string[] | BySeat<string> | null;
  readonly dealer: Seat | null;
}

function tagOf(game: ScannedGame, name: string): ScannedTag | undefined {
  return game.tags.get(name);
}

function readJson(tag: ScannedTag): { value: unknown } | null {
  try {
    return { value: JSON.parse(tag.value) };
  } catch {
    return null;
  }
}

function readHeader(game: ScannedGame): Header | Problem {
  const marker = tagOf(game, MARKER_TAG);
  for (const [name, tag] of game.tags) {
    if (name.startsWith('Whist') && !TABLE_TAGS.has(name) && !HAND_TAGS.has(name)) return problem('INVALID_STATE', tag, name, 'is not a tag of a Whist record');
    if (!game.tags.has('Deal') && HAND_TAGS.has(name)) return problem('INVALID_STATE', tag, name, "belongs in a hand's game, and this game has no Deal");
  }
  const settings = tagOf(game, 'WhistSettings');
  const name = tagOf(game, 'WhistRules');
  let rules: Rules;
  if (settings !== undefined) {
    const json = readJson(settings);
    if (json === null) return problem('INVALID_RULES', settings, 'WhistSettings', `is not JSON: ${quote(settings.value)}`);
    const checked = validateRules(json.value);
    if (!checked.ok) return problem('INVALID_RULES', settings, `WhistSettings.${checked.error.field ?? 'rules'}`, checked.error.message);
    rules = checked.value;
    if (name !== undefined && name.value !== rules.name)
      return problem('INVALID_RULES', name, 'WhistRules', `is ${quote(name.value)}, but the settings are named ${quote(rules.name)}`);
  } else if (name !== undefined) {
    const preset = Object.hasOwn(PRESETS, name.value) ? (PRESETS as Readonly<Record<string, Rules>>)[name.value] : undefined;
    if (preset === undefined)
      return problem(
        'INVALID_RULES',
        name,
        'WhistRules',
        `${quote(name.value)} names no preset (${Object.keys(PRESETS).join(', ')}): give the settings in [WhistSettings]`,
      );
    rules = preset;
  } else return problem('INVALID_STATE', marker ?? game, MARKER_TAG, 'the first game gives no rules: [WhistRules] and [WhistSettings] are missing');
  const seedTag = tagOf(game, 'WhistSeed');
  if (seedTag !== undefined && seedTag.value.length > 1000) return problem('INVALID_STATE', seedTag, 'WhistSeed', 'a seed is at most 1,000 characters');
  const seed = seedTag?.value ?? null;
  let players: readonly string[] | BySeat<string> | null = null;
  const playersTag = tagOf(game, 'WhistPlayers');
  if (playersTag !== undefined) {
    const json = playersTag.value.length > 2000 ? null : readJson(playersTag);
    players = json === null ? null : readPlayers(json.value);
    if (players === null)
      return problem(
        'INVALID_STATE',
        playersTag,
        'WhistPlayers',
        'must be JSON: four distinct player ids by seat {"N", "E", "S", "W"}, or a list of four who cut',
      );
    if (Array.isArray(players) && seed === null)
      return problem(
        'INVALID_STATE',
        playersTag,
        'WhistPlayers',
        'lists players who cut for their seats: the cut can be made again only from the seed, and [WhistSeed] is missing',
      );
  }
  const dealerTag = tagOf(game, 'WhistDealer');
  if (dealerTag !== undefined && !isSeat(dealerTag.value))
    return problem('INVALID_STATE', dealerTag, 'WhistDealer', `must be N, E, S or W, got ${quote(dealerTag.value)}`);
  return { game, rules, seed, players, dealer: (dealerTag?.value as Seat | undefined) ?? null };
}

function readPlayers(value: unknown): readonly string[] | BySeat<string> | null {
  const id = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100;
  if (Array.isArray(value)) {
    if (value.length !== 4 || !value.every(id) || new Set(value).size !== 4) return null;
    return value as string[];
  }
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).sort().join('') !== 'ENSW') return null;
  const ids = [o.N, o.E, o.S, o.W];
  if (!ids.every(id) || new Set(ids).size !== 4) return null;
  return { N: o.N as string, E: o.E as string, S: o.S as string, W: o.W as string };
}

/** The state of the reading, hand after hand. */
interface Reading {
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

const SEAT_INDEX: Readonly<Record<Seat, number>> = { N: 0, E: 1, S: 2, W: 3 };

function readHand(r: Reading, game: ScannedGame, isHeader: boolean): Problem | null {
  const { rules } = r.header;
  const k = r.hands.length;
  const last = r.hands[k - 1];
  if (last !== undefined && !isHandComplete(last.state))
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
  const expected = k === 0 ? r.header.dealer : r.rubber === null ? null : nextDealerOf(r.rubber, rules);
  if (expected !== null && dealer !== expected) {
    const why =
      k === 0
        ? 'the first dealer, as [WhistDealer] says'
        : isRubberComplete(r.rubber as RubberState) && rules.afterRubber === 'swap'
          ? "the player on the left of the last rubber's first dealer deals first after the partners change"
          : 'the deal passes to the left';
    return problem('INVALID_STATE', dealerTag, 'Dealer', `is ${dealer}, but ${expected} deals hand ${k + 1}: ${why}`);
  }
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
    trumpCard = card as Card;
    trump = card[1] as Suit;
  }
  const trumpTag = tagOf(game, 'WhistTrump');
  if (trumpTag !== undefined && trumpTag.value !== trumpText(trump)) {
    const why = kind === 'rotation' ? `the rotation's suit for hand ${k + 1}` : `the suit of the card turned, ${suitFirst(trumpCard)}`;
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

  // The play.
  const played = playHand(dealt.value, game, dealer);
  if (isProblem(played)) return played;
  const state = played.state;
  const complete = isHandComplete(state);
  if (complete) {
    const recorded = recordHand(r.rubber, handFacts(state));
    if (!recorded.ok) return problem('INVALID_STATE', game, firstTagName(game), recorded.error.message);
    r.rubber = recorded.value;
  } else {
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
    plays: state.plays,
  });
  r.logHand.push(k);
  r.hands.push({ game, board: k + 1, rubber: r.rubberNumber + 1, first, state, playLines: played.lines, summary: null, players: null });
  return null;
}

/** The dealer of the next hand: the next seat, or after a rubber as the rules change the partners (docs/rules.md). */
function nextDealerOf(rubber: RubberState, rules: Rules): Seat {
  if (isRubberComplete(rubber) && rules.afterRubber === 'swap') return nextSeat(rubber.firstDealer);
  return nextDealer(rubber);
}

function firstTagName(game: ScannedGame): string {
  return game.tags.keys().next().value ?? 'text';
}

function suitFirst(card: Card | null): string {
  return card === null ? '-' : `${card[1]}${card[0]}`;
}

/** A table's or state's message without its leading `path: `. */
function stripPath(message: string): string {
  const at = message.indexOf(': ');
  return at > 0 && at < 40 && !message.slice(0, at).includes(' ') ? message.slice(at + 2) : message;
}

/** The Deal tag as a deal text north first: four hands, or three and the 13 cards they leave. */
function readDeal(tag: ScannedTag): string | Problem {
  const parsed = parsePartialDeal(tag.value);
  if (!parsed.ok) {
    const e = parsed.error;
    const code = e.code === 'INVALID_ARGUMENT' || e.code === 'INVALID_SEAT' ? 'INVALID_HAND' : e.code;
    return problem(code, tag, 'Deal', e.message, { seat: e.seat, card: e.card });
  }
  const d = parsed.value;
  const unknown = SEATS.filter((seat) => d[seat] === null);
  if (unknown.length > 1)
    return problem(
      'INVALID_HAND',
      tag,
      'Deal',
      `the ${unknown.join(', ')} hands are unknown ("-"): a Whist record gives the four hands, or three and "-" for the cards left`,
    );
  if (unknown.length === 1) {
    const held = new Set(SEATS.flatMap((seat) => d[seat] ?? []));
    const rest = FULL.filter((c) => !held.has(c));
    return formatDeal({ ...d, [unknown[0] as Seat]: rest });
  }
  return formatDeal(d);
}

const FULL: readonly Card[] = (['S', 'H', 'D', 'C'] as const).flatMap((s) => [...'AKQJT98765432'].map((r) => `${r}${s}` as Card));

/** Plays the Play section's cards: by seat in rows from the opening leader, each in its turn. */
function playHand(start: HandState, game: ScannedGame, dealer: Seat): { state: HandState; lines: number[] } | Problem {
  const playTag = tagOf(game, 'Play');
  if (playTag === undefined) return { state: start, lines: [] };
  const leader = nextSeat(dealer);
  if (playTag.value !== leader)
    return problem('INVALID_STATE', playTag, 'Play', `is ${quote(playTag.value)}, but the opening leader is ${leader}: eldest hand, on the dealer's left`);
  const tokens = game.play;
  const cards: (Card | null)[] = [];
  for (const t of tokens) {
    if (t.text === '-') {
      cards.push(null);
      continue;
    }
    const card = cardAt(t.text, 0, t.text.length);
    if (card === null) return problem('INVALID_CARD', t, 'Play', `${quote(t.text)} is not a card: cards are written suit first ("SQ", "H10"), "-" for none`);
    cards.push(card as Card);
  }
  const used = new Array<boolean>(cards.length).fill(false);
  const lines: number[] = [];
  let state = start;
  for (let count = 0; ; count++) {
    const seat = currentSeat(state);
    if (seat === null) break;
    const at = (count >> 2) * 4 + ((SEAT_INDEX[seat] - SEAT_INDEX[leader] + 4) & 3);
    const card = cards[at];
    if (card === undefined || card === null) break;
    const token = tokens[at] as ScannedToken;
    const next = play(state, seat, card);
    if (!next.ok) {
      const code = next.error.code === 'CARD_NOT_IN_HAND' || next.error.code === 'MUST_FOLLOW_SUIT' ? next.error.code : 'INVALID_STATE';
      return problem(code, token, 'Play', `trick ${(count >> 2) + 1}, ${seat} plays ${suitFirst(card)}: ${next.error.message}`, { seat, card });
    }
    used[at] = true;
    lines.push(token.line);
    state = next.value;
  }
  for (let i = 0; i < cards.length; i++) {
    if (cards[i] !== null && !used[i]) {
      const t = tokens[i] as ScannedToken;
      return problem(
        'INVALID_STATE',
        t,
        'Play',
        `${quote(t.text)} is never played: the play stops before it (trick ${(i >> 2) + 1}, ${nextSeat(leader, i & 3)}'s card)`,
      );
    }
  }
  return { state, lines };
}

/** Sets the rubber's summaries on its hands and checks every score they state. */
function closeRubber(r: Reading): Problem | null {
  if (r.rubber === null) return null;
  const summaries = handSummaries(r.rubber);
  const complete = isRubberComplete(r.rubber);
  const games = { NS: 0, EW: 0 };
  for (let i = 0; i < summaries.length; i++) {
    const hand = r.hands[r.rubberStart + i] as ReadHand;
    const s = summaries[i] as HandSummary;
    hand.summary = s;
    const before = games.NS + games.EW;
    if (s.game !== null) games[s.game.winner]++;
    const end = complete && i === summaries.length - 1;
    const p = checkStated(hand, s, before, { ...games }, end ? r.rubber : null);
    if (p !== null) return p;
  }
  return null;
}

function checkStated(hand: ReadHand, s: HandSummary, gamesBefore: number, gamesAfter: { NS: number; EW: number }, ended: RubberState | null): Problem | null {
  const game = hand.game;
  const result = tagOf(game, 'Result');
  const dealerSide = sideOf(hand.state.dealer);
  if (result !== undefined) {
    if (!/^\d{1,2}$/.test(result.value))
      return problem('INVALID_STATE', result, 'Result', `must be the tricks won by the dealer's side, a number, got ${quote(result.value)}`);
    if (Number(result.value) !== s.tricks[dealerSide])
      return problem('INVALID_SCORE', result, 'Result', `states ${result.value}, but the dealer's side (${dealerSide}) won ${s.tricks[dealerSide]} tricks`);
  }
  const gameTag = tagOf(game, 'WhistGame');
  if (gameTag !== undefined && gameTag.value !== String(gamesBefore + 1))
    return problem('INVALID_SCORE', gameTag, 'WhistGame', `is ${quote(gameTag.value)}, but this hand is in game ${gamesBefore + 1} of its rubber`);
  const pairs: readonly (readonly [string, { NS: number; EW: number }, string])[] = [
    ['WhistTricks', s.tricks, 'the play gives'],
    ['WhistHonours', s.honours, 'the deal gives'],
    ['WhistTrickPoints', s.trickPoints, 'the play scores'],
    ['WhistHonourPoints', s.honourPoints, 'the rules score'],
    ['WhistPoints', s.points, 'the hand scores'],
    ['WhistScore', s.score, 'the game score after the hand is'],
    ['WhistGames', gamesAfter, 'the games won after the hand are'],
  ];
  for (const [name, value, what] of pairs) {
    const tag = tagOf(game, name);
    if (tag === undefined) continue;
    const stated = readSides(tag.value);
    if (stated === null) return problem('INVALID_STATE', tag, name, `must be written "NS 7 EW 6", got ${quote(tag.value)}`);
    if (stated.NS !== value.NS || stated.EW !== value.EW)
      return problem('INVALID_SCORE', tag, name, `states ${sidesText(stated)}, but ${what} ${sidesText(value)}`);
  }
  const gameResult = tagOf(game, 'WhistGameResult');
  if (gameResult !== undefined) {
    const stated = readSideNumber(gameResult.value);
    if (stated === null)
      return problem('INVALID_STATE', gameResult, 'WhistGameResult', `must be the winners and the game's value, "NS 3", got ${quote(gameResult.value)}`);
    if (s.game === null) return problem('INVALID_SCORE', gameResult, 'WhistGameResult', `states a game won by ${stated.side}, but no game ends on this hand`);
    if (stated.side !== s.game.winner || stated.value !== s.game.value)
      return problem(
        'INVALID_SCORE',
        gameResult,
        'WhistGameResult',
        `states ${stated.side} ${stated.value}, but the game goes to ${s.game.winner}, worth ${s.game.value}`,
      );
  }
  const rubberResult = tagOf(game, 'WhistRubberResult');
  const pointsTag = tagOf(game, 'WhistRubberPoints');
  if (ended === null) {
    for (const tag of [rubberResult, pointsTag])
      if (tag !== undefined)
        return problem(
          'INVALID_SCORE',
          tag,
          tag === rubberResult ? 'WhistRubberResult' : 'WhistRubberPoints',
          'states a rubber result, but the rubber does not end on this hand',
        );
    return null;
  }
  const winner = rubberWinner(ended);
  if (rubberResult !== undefined && rubberResult.value !== winner)
    return problem('INVALID_SCORE', rubberResult, 'WhistRubberResult', `is ${quote(rubberResult.value)}, but the rubber goes to ${winner}`);
  if (pointsTag !== undefined) {
    const points = rubberPoints(ended);
    const stated = pointsTag.value === 'none' ? null : readSides(pointsTag.value);
    if (stated === null && pointsTag.value !== 'none')
      return problem('INVALID_STATE', pointsTag, 'WhistRubberPoints', `must be written "NS 4 EW 0", or "none", got ${quote(pointsTag.value)}`);
    const same = points === null ? stated === null : stated !== null && stated.NS === points.NS && stated.EW === points.EW;
    if (!same)
      return problem(
        'INVALID_SCORE',
        pointsTag,
        'WhistRubberPoints',
        `states ${stated === null ? 'none' : sidesText(stated)}, but the rubber is worth ${points === null ? 'no rubber points under these rules' : sidesText(points)}`,
      );
  }
  return null;
}

/** The players the first hand's seat tags give: all four, none (`null`), or a problem. */
function seatTags(game: ScannedGame): BySeat<string> | null | Problem {
  const found: Partial<Record<Seat, string>> = {};
  let n = 0;
  for (const [name, seat] of SEAT_TAGS) {
    const tag = tagOf(game, name);
    if (tag !== undefined) {
      found[seat] = tag.value;
      n++;
    }
  }
  if (n === 0) return null;
  if (n < 4) {
    const missing = SEAT_TAGS.filter(([, seat]) => found[seat] === undefined).map(([name]) => name);
    return problem('INVALID_STATE', game, missing[0] as string, `is missing: a hand that names its players names all four (${missing.join(', ')} missing)`);
  }
  return found as BySeat<string>;
}

/** The table rebuilt from the log of the hands read so far, checked by parseTable; or its first problem. */
function rebuild(r: Reading, random: RandomState): TableState | Problem {
  const { header } = r;
  const first = r.hands[0];
  let players = header.players;
  if (players === null && first !== undefined) {
    const tags = seatTags(first.game);
    if (isProblem(tags)) return tags;
    players = tags;
  }
  players ??= { N: 'N', E: 'E', S: 'S', W: 'W' };
  const firstDealer = header.dealer ?? first?.state.dealer ?? 'N';
  const table = parseTable({
    v: 2,
    rules: header.rules,
    players,
    firstDealer,
    random: header.seed === null ? random : seedRandom(header.seed),
    log: r.log,
  });
  if (table.ok) return table.value;
  return tableProblem(r, table.error.path ?? '', table.error.message);
}

/** A problem parseTable found, at the record's line and tag. */
function tableProblem(r: Reading, path: string, message: string): Problem {
  const text = stripPath(message).replace("the table's PRNG", 'the seed');
  const m = /^log\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?/.exec(path);
  const game = r.header.game;
  if (m === null) {
    if (path === 'firstDealer') return problem('INVALID_STATE', tagOf(game, 'WhistDealer') ?? game, 'WhistDealer', text);
    const tag = tagOf(game, 'WhistPlayers');
    return problem('INVALID_STATE', tag ?? r.hands[0]?.game ?? game, tag ? 'WhistPlayers' : 'West', text);
  }
  const hand = r.hands[r.logHand[Number(m[1])] ?? 0] as ReadHand;
  const field = m[2];
  const h = hand.game;
  switch (field) {
    case 'dealer':
      return problem('INVALID_STATE', tagOf(h, 'Dealer') ?? h, 'Dealer', text);
    case 'deal':
      return problem('INVALID_STATE', tagOf(h, 'Deal') ?? h, 'Deal', text);
    case 'trump':
      return problem('INVALID_TRUMP', tagOf(h, 'WhistTrump') ?? tagOf(h, 'Deal') ?? h, tagOf(h, 'WhistTrump') ? 'WhistTrump' : 'Deal', text);
    case 'trumpCard':
      return problem('INVALID_TRUMP', tagOf(h, 'WhistTrumpCard') ?? h, 'WhistTrumpCard', text);
    case 'plays':
      return problem('INVALID_STATE', { line: hand.playLines[Number(m[3] ?? 0)] ?? h.line }, 'Play', text);
    default:
      return problem('INVALID_STATE', h, firstTagName(h), text);
  }
}

/** Who sat where for each hand; the table's seating where it can say, the record's where it cannot. */
function seatHands(r: Reading, table: TableState): Problem | null {
  const { rules, seed } = r.header;
  const finished = finishedRubbers(table);
  const now = seating(table);
  let recorded: BySeat<string> | null = null;
  for (let i = 0; i < r.hands.length; i++) {
    const hand = r.hands[i] as ReadHand;
    const derived = finished[hand.rubber - 1]?.players ?? now;
    const free = seed === null && rules.afterRubber === 'recut' && hand.rubber > 1;
    if (!free) {
      for (const [name, seat] of SEAT_TAGS) {
        const tag = tagOf(hand.game, name);
        if (tag !== undefined && tag.value !== derived[seat])
          return problem('INVALID_STATE', tag, name, `is ${quote(tag.value)}, but ${quote(derived[seat])} sits ${name.toLowerCase()} in rubber ${hand.rubber}`);
      }
      hand.players = { N: derived.N, E: derived.E, S: derived.S, W: derived.W };
      continue;
    }
    // Without the seed, a cut after a rubber cannot be made again: the record says who sat where.
    if (hand.first) {
      const tags = seatTags(hand.game);
      if (isProblem(tags)) return tags;
      if (tags === null)
        return problem('INVALID_STATE', hand.game, 'West', 'is missing: without the seed, the first hand of a rubber after a cut names its players');
      const before = Object.values(r.hands[i - 1]?.players ?? now).sort();
      const after = Object.values(tags).sort();
      if (before.join('\u0000') !== after.join('\u0000') || new Set(after).size !== 4)
        return problem(
          'INVALID_STATE',
          tagOf(hand.game, 'West') ?? hand.game,
          'West',
          'the players after the cut must be the four who played the rubber before',
        );
      recorded = tags;
    } else if (recorded !== null) {
      for (const [name, seat] of SEAT_TAGS) {
        const tag = tagOf(hand.game, name);
        if (tag !== undefined && tag.value !== recorded[seat])
          return problem(
            'INVALID_STATE',
            tag,
            name,
            `is ${quote(tag.value)}, but ${quote(recorded[seat])} sits ${name.toLowerCase()} in rubber ${hand.rubber}`,
          );
      }
    }
    hand.players = recorded ?? derived;
  }
  return null;
}

/** The problem that comes first in the text. */
function firstOf(...found: (Problem | null)[]): Problem | null {
  let best: Problem | null = null;
  for (const p of found) if (p !== null && (best === null || p.line < best.line)) best = p;
  return best;
}

/** @internal Reads a Whist record known to be a string; `work` counts the characters the scanner examines. */
export function readWhist(text: string, random: RandomState | null, work: Work): Result<WhistRecord, ParseWhistError> {
  const scanner = new Scanner(text, work);
  const first = scanner.next();
  if (!scanner.marked) {
    const why = first !== null && 'message' in first ? ` (line ${first.line}: ${first.message})` : '';
    return fail('INVALID_ARGUMENT', `not a Whist record: its first game has no [Game "Whist"] tag${why}`, { path: MARKER_TAG });
  }
  if (first === null || 'message' in first) return failure(scanFailure(first as ScanProblem));
  const header = readHeader(first);
  if (isProblem(header)) return failure(header);
  const r: Reading = { header, hands: [], log: [], logHand: [], rubber: null, rubberNumber: 0, rubberStart: 0 };
  let found: Problem | null = null;
  let game: ScannedGame | null | ScanProblem = first.tags.has('Deal') ? first : scanner.next();
  let isHeader = game === first;
  while (game !== null) {
    if ('message' in game) {
      found = scanFailure(game);
      break;
    }
    found = readHand(r, game, isHeader);
    if (found !== null) break;
    if (r.rubber !== null && isRubberComplete(r.rubber)) {
      found = closeRubber(r);
      if (found !== null) break;
    }
    isHeader = false;
    game = scanner.next();
  }
  // Scores of the rubber in progress, then the table: the first problem in the text is the one reported.
  const stated = r.rubber !== null && !isRubberComplete(r.rubber) ? closeRubber(r) : null;
  const table = rebuild(r, random ?? cryptoRandom());
  const seated = isProblem(table) ? null : seatHands(r, table);
  const reported = firstOf(found, stated, isProblem(table) ? table : null, seated);
  if (reported !== null) return failure(reported);
  return ok({
    rules: header.rules,
    seed: header.seed,
    event: tagOf(first, 'Event')?.value ?? null,
    site: tagOf(first, 'Site')?.value ?? null,
    date: tagOf(first, 'Date')?.value ?? null,
    table: table as TableState,
    hands: r.hands.map((h) => ({
      board: h.board,
      line: h.game.line,
      rubber: h.rubber,
      players: h.players as BySeat<string>,
      state: h.state,
      summary: h.summary,
    })),
  });
}

/**
 * Reads a Whist record (written by {@link formatWhistPbn}, or by hand as docs/records.md specifies) and
 * checks it completely: the table is rebuilt hand by hand, and a record whose play breaks a rule or whose
 * stated scores differ from what its play gives is refused.
 *
 * A text is a Whist record when its first game has the tag `[Game "Whist"]` ({@link isWhistPbn}); any other
 * PBN text is a bridge record, for `parsePbn`. Whatever the text holds, the reader takes time linear in its
 * length (the table's own check aside, which grows with the square of the number of hands: a record holds
 * at most 2,000) and never throws.
 *
 * @param text - the whole record, any line endings
 * @param options - {@link ParseWhistOptions}: `random`, the PRNG state of a table rebuilt without a seed
 * @returns `{ ok: true, value: record }` with the rules, the seed, the rebuilt table and each hand as a
 *   {@link WhistRecordHand}; or `{ ok: false, error }` for the first problem in the text, its `path` the
 *   line and tag (`"line 40 WhistTricks"`) and its message saying what is wrong. Codes: `INVALID_ARGUMENT`
 *   (text that is not a string, options that are not an object or a malformed PRNG state; a text whose
 *   first game has no `[Game "Whist"]`, with `path` `"Game"`), `INVALID_RULES` (settings that are not JSON
 *   or that {@link validateRules} refuses, a rules name that is no preset's), `INVALID_HAND`,
 *   `INVALID_CARD` and `DUPLICATE_CARD` (a deal that is not four hands of 13 distinct cards, a card that
 *   cannot be read), `INVALID_TRUMP` (a trump or card turned that the rules do not give), `CARD_NOT_IN_HAND`
 *   and `MUST_FOLLOW_SUIT` (an illegal play, with its `seat` and `card`), `INVALID_SCORE` (a stated score,
 *   trick count, honour count, game or rubber result that the play contradicts), `INVALID_STATE` (anything
 *   else the table refuses or the text does not say as it should: a missing or unreadable tag, a wrong
 *   dealer or hand number, a deal the seed does not give, players who do not sit where the table seats
 *   them). Never throws.
 * @example
 * ```ts
 * import { applyOrThrow, currentHand, newTableOrThrow, SHORT_WHIST } from 'whist';
 * import { formatWhistPbn, parseWhistPbn } from 'whist/records';
 *
 * const table = applyOrThrow(newTableOrThrow(SHORT_WHIST, { seed: 7 }), { type: 'deal' });
 * const text = formatWhistPbn(table, { seed: 7, inProgress: true });
 * const read = text.ok ? parseWhistPbn(text.value) : text;
 * read.ok && read.value.hands[0]?.state.deal === currentHand(table)?.deal; // true
 * read.ok && JSON.stringify(read.value.table) === JSON.stringify(table); // true
 * const forged = text.ok ? parseWhistPbn(text.value.replace('[Dealer "N"]', '[Dealer "E"]')) : text;
 * forged.ok ? null : forged.error.path; // 'line 15 Dealer'
 * parseWhistPbn('[Event "a bridge file"]\n').ok; // false
 * ```
 * @remarks Source: PBN 2.1, sections 2-3 (the text, tags, the Deal tag and the Play section); docs/rules.md
 *   (every rule the hands and the table are checked against); docs/records.md (the format).
 * @group Records
 */
export function parseWhistPbn(text: string, options?: ParseWhistOptions): Result<WhistRecord, ParseWhistError> {
  if (typeof text !== 'string') return fail('INVALID_ARGUMENT', `text must be a string, not ${describe(text)}`, { path: 'text' });
  let random: RandomState | null = null;
  try {
    if (options !== undefined) {
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        return fail('INVALID_ARGUMENT', `options must be an object, not ${describe(options)}`, { path: 'options' });
      for (const key of Object.keys(options))
        if (key !== 'random') return fail('INVALID_ARGUMENT', `${describe(key)} is not an option: the only option is random`, { path: `options.${key}` });
      const given = (options as { random?: unknown }).random;
      if (given !== undefined) {
        random = readRandom(given);
        if (random === null)
          return fail('INVALID_ARGUMENT', `options.random must be a PRNG state { s: [a, b, c, d] }, got ${describe(given)}`, { path: 'options.random' });
      }
    }
  } catch {
    return fail('INVALID_ARGUMENT', 'options could not be read: reading them throws', { path: 'options' });
  }
  try {
    return readWhist(text, random, { steps: 0 });
  } catch {
    return fail('INVALID_ARGUMENT', 'the record could not be read', { path: 'text' });
  }
}

/**
 * Whether a text is a Whist record: its first game has the tag `[Game "Whist"]`. Any other PBN text is read
 * as bridge (`parsePbn`), where the dealer for Whist purposes is the declarer.
 *
 * Reads the text only to the end of its first game.
 *
 * @param text - the text of a PBN file
 * @returns `true` for a Whist record, `false` for anything else (a value that is not a string included)
 * @example
 * ```ts
 * import { isWhistPbn } from 'whist/records';
 *
 * isWhistPbn('% PBN 2.1\n[Game "Whist"]\n[WhistRules "short"]\n'); // true
 * isWhistPbn('[Event "club"]\n[Deal "N:- - - -"]\n'); // false
 * ```
 * @remarks Source: PBN 2.1, section 3.1 (games); docs/records.md (the marker).
 * @group Records
 */
export function isWhistPbn(text: string): boolean {
  if (typeof text !== 'string') return false;
  const scanner = new Scanner(text, { steps: 0 });
  scanner.next();
  return scanner.marked;
}
