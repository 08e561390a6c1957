/**
 * Solo play: a person against three computer players, all in the page. The page keeps the table state
 * here, as a server would, and hands out only views: the person's `tableView` to show, and each computer
 * player its own seat's `PlayerView` to choose from. Nothing outside this module sees the table state.
 *
 * The URL sets the game, so that it can be shared and played again: `?rules=short&seed=7&bots=heuristic`.
 * The table's record (`formatWhistPbn`) holds its finished hands and its seed, which the URL shows anyway.
 *
 * @module
 */

import {
  apply,
  type BySeat,
  type Card,
  type ClaimToCheck,
  type ClaimView,
  COMPUTER_LEVELS,
  type ComputerLevel,
  type ComputerTurn,
  cardAction,
  cardsHeld,
  claimAction,
  computerTurn,
  currentHand,
  currentSeat,
  currentTrick,
  defineRulesOrThrow,
  heuristicPlayer,
  legalMoves,
  newTableOrThrow,
  nextSeat,
  type PlayerView,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  parseStateOrThrow,
  parseTable,
  partnerOf,
  playerViewOrThrow,
  type RandomState,
  type RevokePenalty,
  type Rules,
  randomPlayer,
  readComputerLevel,
  SEATS,
  type Seat,
  type Suit,
  seating,
  seedRandom,
  sideOf,
  type TableAction,
  type TableState,
  type TableView,
  tableViewOrThrow,
} from 'whist';
import type { SamplingLevel, SolverPosition } from 'whist/solver';
import { t } from './i18n/index.js';
import { callingRules, revokeToTakeBack } from './laws.js';
import { PERSON } from './names.js';

/**
 * The computer players: a level of the library's computer seat (`ComputerLevel`: `heuristic`, the classic
 * rules of thumb, or the sampling player at `fast`, `standard` or `strong`, thinking in a Worker), or
 * `random`, any legal card (`randomPlayer`), the page's own. Read from a URL or a stored game with
 * `readBots`, which takes the old spelling `basic` as `heuristic`.
 */
export type BotKind = ComputerLevel | 'random';
export const BOT_KINDS: readonly BotKind[] = [...COMPUTER_LEVELS, 'random'];

/** The page's own word for each kind of computer player, as its settings list them ("Quick: rules of thumb"); the value stays the library's level. */
export const BOT_LABELS: Readonly<Record<BotKind, string>> = { heuristic: 'quick', fast: 'fast', standard: 'standard', strong: 'strong', random: 'random' };

/** Reads the computer players' name from a URL or a stored game: a `BotKind`, or an old spelling of one (`basic`); `null` otherwise. */
export function readBots(value: unknown): BotKind | null {
  if (value === 'random') return 'random';
  const level = readComputerLevel(value);
  return level.ok && typeof value === 'string' && value === value.trim().toLowerCase() ? level.value : null;
}

/** The computer players of a new game when nothing else names them: the sampling player at its standard level. */
export const DEFAULT_BOTS: BotKind = 'standard';

/** The sampling player's level the computer players play at, or `null` for those that play at once (`heuristic`, `random`). */
export function samplingLevel(bots: BotKind): Exclude<SamplingLevel, 'expert'> | null {
  return bots === 'fast' || bots === 'standard' || bots === 'strong' ? bots : null;
}

/** How long the computer players take over a card: `instant` plays them all at once. */
export type Speed = 'normal' | 'fast' | 'instant';
export const SPEEDS: readonly Speed[] = ['normal', 'fast', 'instant'];

/** Milliseconds before a computer player's card, and before it leads to a new trick (so the last one can be seen). */
export const PACE: Readonly<Record<Speed, { readonly card: number; readonly lead: number }>> = {
  normal: { card: 700, lead: 1400 },
  fast: { card: 250, lead: 600 },
  instant: { card: 0, lead: 0 },
};

export interface SoloSettings {
  readonly rules: PresetName;
  /** A whole number from 0 to 2^32 − 1: the table's seed, and the computer players'. */
  readonly seed: number;
  readonly bots: BotKind;
  readonly speed: Speed;
  /** The double-dummy toggle (`dd=1`): off unless asked for. */
  readonly dd: boolean;
  /** The computer players claim the rest of the tricks when they are sure of them all (`claims=1`): off unless asked for. */
  readonly claims?: boolean;
  /**
   * Irregularities ruled by the laws (`laws=1`): the preset's rules with `irregularities: 'ruled'`, under which
   * the person may revoke (after a confirmation) and the other side claims its penalty once the hand is over.
   * Off unless asked for: irregular plays are refused.
   */
  readonly laws?: boolean;
}

/** The name of the rules a solo game is played to: the preset's, or `short-ruled` when the laws rule on irregularities. */
export function soloRulesName(rules: PresetName, laws: boolean): string {
  return laws ? `${rules}-ruled` : rules;
}

/** The rules a solo game is played to: the preset, or the preset with irregularities ruled by the laws. */
export function soloRules(rules: PresetName, laws: boolean): Rules {
  return laws ? defineRulesOrThrow(PRESETS[rules], { name: soloRulesName(rules, true), irregularities: 'ruled' }) : PRESETS[rules];
}

/** A revoke's penalty, as the other side elects it (law 72): three tricks, three off the revokers' score, three added to its own. */
export type Penalty = RevokePenalty['penalty'];

/** The person's player name (`names.ts`); the computer players are named by seat. */
export { PERSON };
export const SOLO_PLAYERS: Readonly<BySeat<string>> = { N: 'Ada', E: 'Basil', S: PERSON, W: 'Cleo' };

export const MAX_SEED = 2 ** 32 - 1;

/** Reads a seed: a whole number from 0 to 2^32 − 1, in decimal. */
export function readSeed(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MAX_SEED ? n : null;
}

/**
 * The settings in a URL's parameters; what is missing takes its default (a fresh seed from `freshSeed`), and
 * what is wrong is named in `problems`.
 */
export function readSettings(
  params: URLSearchParams,
  freshSeed: () => number,
  defaultBots: BotKind = DEFAULT_BOTS,
): { settings: SoloSettings; problems: string[] } {
  const problems: string[] = [];
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(name);
    if (value === null || value === '') return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(t().address.unknown(name, value, allowed.join(', ')));
    return fallback;
  };
  const rules = pick('rules', PRESET_NAMES, 'short');
  const botsText = params.get('bots');
  const read = botsText === null || botsText === '' ? defaultBots : readBots(botsText);
  if (read === null) problems.push(t().address.unknown('bots', botsText ?? '', BOT_KINDS.join(', ')));
  const bots = read ?? defaultBots;
  const speed = pick('speed', SPEEDS, 'normal');
  const seedText = params.get('seed');
  let seed = seedText === null || seedText === '' ? null : readSeed(seedText);
  if (seedText !== null && seedText !== '' && seed === null) problems.push(t().address.badSeed(seedText, MAX_SEED));
  seed ??= freshSeed();
  const flag = (name: string): boolean => {
    const text = params.get(name);
    if (text !== null && text !== '' && text !== '0' && text !== '1') problems.push(t().address.badFlag(name, text));
    return text === '1';
  };
  const dd = flag('dd');
  const claims = flag('claims');
  const laws = flag('laws');
  return { settings: { rules, seed, bots, speed, dd, claims, laws }, problems };
}

/**
 * The URL query for some settings: `rules=short&seed=7&bots=heuristic` (and `speed` when it is not normal, `dd=1`
 * when the toggle is on, `claims=1` when the computer players claim).
 */
export function settingsQuery(s: SoloSettings): string {
  const q = new URLSearchParams({ rules: s.rules, seed: String(s.seed), bots: s.bots });
  if (s.speed !== 'normal') q.set('speed', s.speed);
  if (s.dd) q.set('dd', '1');
  if (s.claims) q.set('claims', '1');
  if (s.laws) q.set('laws', '1');
  return q.toString();
}

/** The record's file name: `whist-short-seed-7.pbn`. */
export function recordFileName(s: SoloSettings): string {
  return `whist-${s.rules}-seed-${s.seed}.pbn`;
}

/** Where the page keeps the solo game in the browser (`localStorage`), and the auto-continue setting. */
export const STORAGE_KEY = 'whist.solo';
export const AUTO_KEY = 'whist.solo.auto';
/** The computer players last chosen in this browser: a new game from the bare address has them. */
export const BOTS_KEY = 'whist.solo.bots';

/**
 * The other solo games kept in this browser, each under its own address, the latest first: a game left for a
 * new one goes on where it was when its address is opened again. A JSON list of saved texts (`saveText`).
 */
export const KEPT_KEY = 'whist.solo.kept';
/** How many games left for another the browser keeps. */
export const KEPT_GAMES = 5;

/** A game as its address names it: its rules, seed, computer players and whether the laws rule (`rules=short&seed=7&bots=heuristic`). */
export function gameKey(game: { readonly rules: PresetName; readonly seed: number; readonly bots: BotKind; readonly laws?: boolean }): string {
  return `${game.rules}:${game.seed}:${game.bots}:${game.laws === true ? 1 : 0}`;
}

/** The kept games' texts (`KEPT_KEY`), latest first; anything that is not a list of texts is none. */
export function readKept(text: string | null): string[] {
  if (text === null) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, KEPT_GAMES) : [];
  } catch {
    return [];
  }
}

/**
 * The kept games once `left` is kept too (latest first, one a game, at most `KEPT_GAMES`), and `wanted`'s
 * game taken out of them: `found`, read back, to go on with. Games that cannot be read are dropped.
 */
export function keepGames(kept: readonly string[], left: string | null, wanted: string | null): { kept: string[]; found: SavedSolo | null } {
  let found: SavedSolo | null = null;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of left === null ? kept : [left, ...kept]) {
    const r = readSaved(text);
    if (!r.ok) continue;
    const key = gameKey(r.value);
    if (key === wanted) {
      found ??= r.value;
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return { kept: out.slice(0, KEPT_GAMES), found };
}

/** A solo game as the page stores it: the table and the computer players' random state, and the same before the person's last card. */
export interface SavedSolo {
  readonly rules: PresetName;
  readonly seed: number;
  readonly bots: BotKind;
  /** Played by the laws (`SoloSettings.laws`); absent in games stored before the setting. */
  readonly laws?: boolean;
  readonly table: TableState;
  readonly random: RandomState;
  /** The table before the person's last card, while it can be taken back. */
  readonly undo: { readonly table: TableState; readonly random: RandomState } | null;
}

/** The text stored for a solo game: JSON, the tables as the library writes them. */
export function saveText(saved: SavedSolo): string {
  return JSON.stringify({ version: 1, ...saved });
}

const isRandom = (v: unknown): v is RandomState =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { s?: unknown }).s) &&
  (v as { s: unknown[] }).s.length === 4 &&
  (v as { s: unknown[] }).s.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xffffffff) &&
  (v as { s: number[] }).s.some((n) => n !== 0);

/**
 * Reads a stored solo game: the tables go through the library's reader, `parseTable`, and a value it
 * refuses, or anything else out of place, is refused with the reason. Never throws.
 */
export function readSaved(text: string): { ok: true; value: SavedSolo } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON' };
  }
  const o = json as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || o.version !== 1) return { ok: false, reason: 'it is not a saved game' };
  const bots = readBots(o.bots);
  if (!(PRESET_NAMES as readonly unknown[]).includes(o.rules) || bots === null) return { ok: false, reason: 'its settings are not known' };
  if (typeof o.seed !== 'number' || !Number.isInteger(o.seed) || o.seed < 0 || o.seed > MAX_SEED) return { ok: false, reason: 'its seed is not a seed' };
  if (!isRandom(o.random)) return { ok: false, reason: 'its computer players’ state is not valid' };
  const table = parseTable(o.table);
  if (!table.ok) return { ok: false, reason: table.error.message };
  if (o.laws !== undefined && typeof o.laws !== 'boolean') return { ok: false, reason: 'its settings are not known' };
  const laws = o.laws === true;
  if (table.value.rules.name !== soloRulesName(o.rules as PresetName, laws) || (table.value.rules.irregularities === 'ruled') !== laws)
    return { ok: false, reason: 'its table is played to other rules than it names' };
  let undo: SavedSolo['undo'] = null;
  if (o.undo !== null && o.undo !== undefined) {
    const u = o.undo as { table?: unknown; random?: unknown };
    const before = parseTable(u.table);
    if (!before.ok) return { ok: false, reason: before.error.message };
    if (!isRandom(u.random)) return { ok: false, reason: 'its computer players’ state is not valid' };
    undo = { table: before.value, random: u.random };
  }
  const players = seating(table.value);
  if (!SEATS.some((s) => players[s] === PERSON)) return { ok: false, reason: 'no seat is yours' };
  return { ok: true, value: { rules: o.rules as PresetName, seed: o.seed, bots, laws, table: table.value, random: o.random, undo } };
}

/**
 * What the person may ask: a play, a claim or a concession of `tricks` of the tricks left, an answer to a
 * claim (accept it, or play on), a revoke's penalty, under the laws a card dropped face up (`expose`) or the
 * call of another side's exposed card (`callCard`), their revoke taken back before it is established
 * (`correctRevoke`) or let stand (`letRevokeStand`: the computer players lead on), in Long Whist honours called
 * at eight (`callHonours`) or the partner's call answered (`answerCall`), the next deal once a hand is over, a
 * new rubber once one is over.
 */
export type SoloAction =
  | { readonly type: 'play'; readonly card: Card }
  | { readonly type: 'claim' | 'concede'; readonly tricks: number }
  | { readonly type: 'acceptClaim' | 'refuseClaim' }
  | { readonly type: 'claimRevoke'; readonly card: Card; readonly penalty: Penalty }
  | { readonly type: 'expose' | 'callCard'; readonly card: Card }
  | { readonly type: 'correctRevoke' | 'callHonours' | 'answerCall' }
  | { readonly type: 'letRevokeStand' }
  | { readonly type: 'deal' }
  | { readonly type: 'newRubber' };

/** The trick in progress as the claimer saw it, with trumps: what a counter-example's line completes. */
export interface ClaimContext {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  readonly trump: Suit | null;
}

/**
 * What the computer players do next (`SoloTable.computerDue`), each decided by the library's computer seat
 * (`computerTurn`) from that player's own view:
 * - `say`: an action said at once (a revoke's penalty, an exposed card called, the lowest of the suit led
 *   required, honours called or answered, a claim answered once checked): `computerStep` says it;
 * - `play`: a card chosen at once (`heuristic`, `random`): `computerStep` plays it;
 * - `think`: a card the sampling player chooses in the Worker from `view`, then `computerPlay(key, card)`;
 * - `claim` / `answer`: a claim to check in the Worker (`checkSeatClaim` of `whist/solver`, from what its
 *   claimer sees: `claim`), then `computerClaim(due, holds)`: `claim`, the computer player at `seat` claims
 *   every trick left if it holds; `answer`, a claim waits for its answer.
 *
 * `key` is the point of the game it is for: an answer for another point is not applied.
 */
export type ComputerDue =
  | { readonly kind: 'say' | 'play'; readonly seat: Seat; readonly key: number }
  | {
      readonly kind: 'think';
      readonly seat: Seat;
      readonly key: number;
      readonly view: PlayerView;
      readonly level: Exclude<SamplingLevel, 'expert'>;
      readonly seed: number;
    }
  | {
      readonly kind: 'claim' | 'answer';
      readonly seat: Seat;
      readonly key: number;
      readonly claim: ClaimToCheck;
      /** The claim as the table shows it (`answer`), or `null` (`claim`, not made yet). */
      readonly made: ClaimView | null;
      readonly context: ClaimContext;
    };

export interface SoloTable {
  /** The person's view of the table: the only thing the page shows. */
  view(): TableView;
  /** Applies the person's action for the person's seat; a refusal comes back with the library's code. */
  act(action: SoloAction): { ok: true } | { ok: false; code: string; message: string };
  /** What the computer players do next, or `null` when they wait for the person (or the hand is over and nothing is left to them). */
  computerDue(): ComputerDue | null;
  /** Does what `computerDue` says when it is `say` or `play`; returns the action done, or `null`. */
  computerStep(): TableAction | null;
  /** Plays the card the Worker chose for a `think`, if the game is still at the point `key` names; `false`, with nothing done, if it is not. */
  computerPlay(key: number, card: Card): boolean;
  /**
   * The computer players' decision once the claim of a `claim` or `answer` is checked (`holds`: the check
   * found it holds): an answer accepted or played on, or the claim made; a claim that did not hold gives way
   * to the card. `false`, with nothing done, when the game has moved on since.
   */
  computerClaim(due: ComputerDue & { kind: 'claim' | 'answer' }, holds: boolean): boolean;
  /** The person's revoke that may still be taken back (laws 73, 76) and that they have not let stand, or `null`. */
  revokeToTakeBack(): Card | null;
  /** The person's own view of the hand at their turn, for the hint; `null` when it is not their turn. */
  personView(): PlayerView | null;
  /**
   * Once a hand is over, the person's own view at each of their turns in it and the card they played there,
   * for the review; `null` while a hand is being played.
   */
  personTurns(): { view: PlayerView; played: Card }[] | null;
  /**
   * The table's record, as `formatWhistPbn(table, { seed })` writes it: every finished hand, the seed that
   * deals them again; the hand being played is left out.
   */
  record(): Promise<{ ok: true; name: string; text: string } | { ok: false; message: string }>;
  /**
   * The position at the person's turn, every seat's cards included, for the double-dummy hint the person
   * asks for; `null` when it is not the person's turn. It goes to the solver's Worker only, never to the page.
   */
  ddPosition(): SolverPosition | null;
  /** The person's last card can be taken back: it is the person's turn again after it, in the same hand. */
  canUndo(): boolean;
  /** Takes back the person's last card, and the computer players' cards after it; `false` when there is none. */
  undo(): boolean;
  /** The game as it is now, to store. */
  saved(): SavedSolo;
}

/**
 * Opens a solo table and deals its first hand, or goes on with a stored game (`from`, read by `readSaved`).
 * What a computer player does is the library's computer seat's, from its own view; the page decides only
 * which of them it asks (those the person's view shows something to do), that the person's partner leaves
 * their side's elections to the person, that none leads on while the person may take back a revoke, and
 * keeps its settings, storage and take-back.
 *
 * @param onChange - called after every change of the table, with the game to store
 */
export function openSoloTable(settings: SoloSettings, from: SavedSolo | null = null, onChange: (saved: SavedSolo) => void = () => {}): SoloTable {
  let table: TableState =
    from?.table ?? newTableOrThrow(soloRules(settings.rules, settings.laws === true), { seed: settings.seed, players: { ...SOLO_PLAYERS } });
  let botRandom: RandomState = from?.random ?? seedRandom((settings.seed ^ 0x5bd1e995) >>> 0);
  let before: SavedSolo['undo'] = from?.undo ?? null;
  /** Counts the changes of the table, and take-backs: a computer player's card is for one point of the game. */
  let point = 0;
  /** The point at which the computer player to play found it could not claim every trick left. */
  let noClaimAt = -1;
  /** The claim the computer players checked last, and whether it held: those still to answer it answer alike, without checking again. */
  let checked: { readonly claim: string; readonly holds: boolean } | null = null;
  const level = samplingLevel(settings.bots);

  /**
   * The views of the table as it is now, each built once: the person's (which the page shows, and whose
   * public parts say what the table waits for) and a computer player's own when it is to act. A new table
   * state starts afresh.
   */
  let views: { readonly table: TableState; readonly person: Seat; readonly bySeat: Map<Seat, TableView> } | null = null;
  const current = () => {
    if (views?.table !== table) {
      const players = seating(table);
      views = { table, person: SEATS.find((s) => players[s] === PERSON) ?? 'S', bySeat: new Map() };
    }
    return views;
  };
  /** A seat's own view of the table now. */
  const viewOf = (seat: Seat): TableView => {
    const now = current();
    let view = now.bySeat.get(seat);
    if (view === undefined) {
      view = tableViewOrThrow(table, seat);
      now.bySeat.set(seat, view);
    }
    return view;
  };

  const saved = (): SavedSolo => ({
    rules: settings.rules,
    seed: settings.seed,
    bots: settings.bots,
    ...(settings.laws ? { laws: true } : {}),
    table,
    random: botRandom,
    undo: before,
  });
  const change = (action: TableAction) => {
    const r = apply(table, action);
    if (r.ok) {
      table = r.value;
      point++;
      onChange(saved());
    }
    return r;
  };
  if (from === null) change({ type: 'deal' });

  /** Where the person sits now: partners may be cut again after a rubber. */
  const personSeat = (): Seat => current().person;
  /** The person's view: what the page shows, and what the table waits for (its public parts). */
  const personView = (): TableView => viewOf(personSeat());

  /** The person's revoke let stand (laws 73, 76): `deal:card`, so that the computer players lead on. */
  let stood: string | null = null;

  /** The person's revoke that may still be taken back and that they have not let stand, or `null` (laws 73, 76). */
  const revokeHeld = (): Card | null => {
    const view = personView();
    const card = view.actions.includes('correctRevoke') ? revokeToTakeBack(view) : null;
    return card === null || stood === `${view.dealNumber}:${card}` ? null : card;
  };

  /**
   * The computer players that may have something to do now, in the order they are asked, from what the
   * person's view shows to every seat: those of the other side while it has an election open (the person
   * elects for their own side: their partner leaves it to them); in Long Whist by the laws, those of a side
   * at eight before they play, and a partner of a caller; then those a claim waits on, in the table's order;
   * then the one to play.
   */
  const askable = (): Seat[] => {
    const view = personView();
    const person = personSeat();
    const left = nextSeat(person);
    const order: Seat[] = [left, partnerOf(person), partnerOf(left)];
    const asked: Seat[] = [];
    const ask = (seat: Seat) => {
      if (seat !== person && !asked.includes(seat)) asked.push(seat);
    };
    if (view.rules.irregularities === 'ruled') {
      for (const seat of order) if (view.elections.some((e) => e.side === sideOf(seat) && e.side !== sideOf(person))) ask(seat);
      const hand = view.hand;
      if (callingRules(view.rules) && hand !== null && view.next.action === 'play')
        for (const seat of order) {
          const atEight = view.score[sideOf(seat)] === 8 && hand.cardCounts[seat] === 13;
          const partnerCalled = view.events.some((e) => e.type === 'callHonours' && e.seat === partnerOf(seat));
          if (atEight || partnerCalled) ask(seat);
        }
    }
    if (view.next.action === 'answerClaim') for (const seat of view.next.seats) ask(seat);
    if (view.next.action === 'play') ask(view.next.seat);
    return asked;
  };

  /** What `seat`'s computer player does now, by the library, from its own view (its partner's elections left to the person). */
  const turnOf = (seat: Seat, claims: boolean): { view: TableView; turn: ComputerTurn } | null => {
    const own = viewOf(seat);
    const view = sideOf(seat) === sideOf(personSeat()) && own.elections.length > 0 ? { ...own, elections: [] } : own;
    const turn = computerTurn(view, { claims });
    return turn === null ? null : { view, turn };
  };

  /** The first computer player to do something now, with its view and turn; none leads while the person may take back a revoke. */
  const due = (): { seat: Seat; view: TableView; turn: ComputerTurn } | null => {
    for (const seat of askable()) {
      const found = turnOf(seat, settings.claims === true && noClaimAt !== point);
      if (found === null) continue;
      const { turn, view } = found;
      if (turn.kind === 'card' || turn.kind === 'claim') {
        const hand = view.hand;
        const leading = hand !== null && hand.trick !== null && hand.trick.cards.length === 0 && hand.tricks.length > 0;
        if (leading && view.rules.irregularities === 'ruled' && revokeHeld() !== null) continue;
      }
      return { seat, view, turn };
    }
    return null;
  };

  /** A claim answered is known by its hand and its claim: every computer player answering it answers alike. */
  const answerKey = (claim: ClaimToCheck): string => `${personView().dealNumber}:${JSON.stringify(claim)}`;

  /** The card a computer player plays, chosen at once (the rules of thumb, or any legal card). */
  const chooseAtOnce = (view: PlayerView): Card => {
    if (settings.bots !== 'random') return heuristicPlayer(view);
    const drawn = randomPlayer(view, botRandom);
    botRandom = drawn.random;
    return drawn.value;
  };

  /** Applies a computer player's action; what was said (anything but a card) is not taken back. */
  const say = (action: TableAction | null): TableAction | null => {
    if (action === null || !change(action).ok) return null;
    if (action.type !== 'play') before = null;
    return action;
  };

  const computerDue = (): ComputerDue | null => {
    const d = due();
    if (d === null) return null;
    const { seat, view, turn } = d;
    if (turn.kind === 'action') return { kind: 'say', seat, key: point };
    if (turn.kind === 'answer' && checked !== null && checked.claim === answerKey(turn.claim)) return { kind: 'say', seat, key: point };
    if (turn.kind === 'card')
      return level === null ? { kind: 'play', seat, key: point } : { kind: 'think', seat, key: point, view: turn.view, level, seed: settings.seed };
    const trick = view.hand?.trick ?? null;
    return {
      kind: turn.kind,
      seat,
      key: point,
      claim: turn.claim,
      made: turn.kind === 'answer' ? view.claim : null,
      context: { leader: trick?.leader ?? turn.claim.seat, cards: trick?.cards ?? [], trump: view.hand?.trump ?? null },
    };
  };

  return {
    view: personView,
    act(action) {
      let r: ReturnType<typeof apply>;
      const seat = personSeat();
      if (action.type === 'play') {
        const was = { table, random: botRandom };
        const prior = before;
        // Under the laws a revoke stands as played: it is taken back only as they say (law 76), not undone.
        const hand = currentHand(table);
        const revoke = hand !== null && settings.laws === true && !legalMoves(hand).includes(action.card);
        before = was;
        r = change({ type: 'play', seat, card: action.card });
        if (!r.ok) before = prior;
        else if (revoke) before = null;
      } else if (action.type === 'letRevokeStand') {
        const card = revokeHeld();
        if (card !== null) stood = `${personView().dealNumber}:${card}`;
        return { ok: true };
      } else if (action.type === 'deal' || action.type === 'newRubber') {
        before = null;
        r = change({ type: action.type });
        if (r.ok && action.type === 'newRubber') r = change({ type: 'deal' });
      } else {
        // What was said at the table is not taken back: a claim or its answer, a card dropped face up or a call,
        // a revoke taken back (the other side elects at once), honours called or answered, a penalty claimed.
        r = change({ ...action, seat } as TableAction);
        if (r.ok) before = null;
      }
      return r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };
    },
    computerDue,
    computerStep() {
      const d = due();
      if (d === null) return null;
      const { view, turn } = d;
      if (turn.kind === 'action') return say(turn.action);
      if (turn.kind === 'answer' && checked !== null && checked.claim === answerKey(turn.claim)) return say(claimAction(view, turn, checked.holds));
      if (turn.kind === 'card' && level === null) return say(cardAction(view, chooseAtOnce(turn.view)));
      return null;
    },
    computerPlay(key, card) {
      const d = due();
      if (key !== point || d === null || d.turn.kind !== 'card') return false;
      // The Worker sees the seat's cards, not the calls: a called card that must be played now goes instead.
      return say(cardAction(d.view, card)) !== null;
    },
    computerClaim(question, holds) {
      const d = due();
      if (question.key !== point || d === null || d.seat !== question.seat || d.turn.kind !== question.kind) return false;
      if (d.turn.kind === 'answer') {
        checked = { claim: answerKey(d.turn.claim), holds };
        return say(claimAction(d.view, d.turn, holds)) !== null;
      }
      const claim = claimAction(d.view, d.turn, holds);
      if (claim === null) {
        noClaimAt = point;
        return true;
      }
      return say(claim) !== null;
    },
    revokeToTakeBack: revokeHeld,
    personView() {
      const view = personView();
      return view.next.action === 'play' && view.next.seat === view.viewer ? view.hand : null;
    },
    personTurns() {
      const hand = currentHand(table);
      if (hand === null || currentSeat(hand) !== null) return null;
      const seat = personSeat();
      const plays = hand.plays === '' ? [] : (hand.plays.split(' ') as Card[]);
      const turns: { view: PlayerView; played: Card }[] = [];
      // The hand card by card, each point read back through the library's reader.
      for (let k = 0; k < plays.length; k++) {
        const state = parseStateOrThrow({ ...hand, plays: plays.slice(0, k).join(' ') });
        if (currentSeat(state) === seat) turns.push({ view: playerViewOrThrow(state, seat), played: plays[k] as Card });
      }
      return turns;
    },
    canUndo: () => before !== null,
    undo() {
      if (before === null) return false;
      table = before.table;
      botRandom = before.random;
      before = null;
      stood = null;
      point++;
      onChange(saved());
      return true;
    },
    saved,
    ddPosition() {
      const hand = currentHand(table);
      const seat = personSeat();
      const trick = hand === null ? null : currentTrick(hand);
      if (hand === null || trick === null || currentSeat(hand) !== seat) return null;
      const cards = { N: cardsHeld(hand, 'N'), E: cardsHeld(hand, 'E'), S: cardsHeld(hand, 'S'), W: cardsHeld(hand, 'W') };
      return { cards, trump: hand.trump, leader: trick.leader, trick: trick.cards };
    },
    async record() {
      // The record writer is loaded on the first download: most games never need it.
      const { formatWhistPbn } = await import('./replay.js');
      const r = formatWhistPbn(table, { seed: settings.seed });
      return r.ok ? { ok: true, name: recordFileName(settings), text: r.value } : { ok: false, message: `${r.error.message} (${r.error.code})` };
    },
  };
}
