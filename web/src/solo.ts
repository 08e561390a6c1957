/**
 * Solo play: a person against three computer players, all in the page. The page keeps the table state
 * here, as a server would, and hands out only views: the person's `tableView` to show, and each computer
 * player its own seat's `PlayerView` to choose from. Nothing outside this module sees the table state.
 *
 * The URL sets the game, so that it can be shared and played again: `?rules=short&seed=7&bots=basic`.
 * The table's record (`formatWhistPbn`) holds its finished hands and its seed, which the URL shows anyway.
 *
 * @module
 */

import {
  apply,
  type BySeat,
  type Card,
  type ClaimView,
  cardsHeld,
  currentHand,
  currentSeat,
  currentTrick,
  defineRulesOrThrow,
  type HandState,
  heuristicPlayer,
  legalMoves,
  newTableOrThrow,
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
import { callingRules, mayAnswerCall, mayCallHonours, revokeToTakeBack } from './laws.js';

/**
 * The computer players: `basic` plays the classic rules of thumb (`heuristicPlayer`), `random` any legal card
 * (`randomPlayer`); `fast`, `standard` and `strong` are the sampling player (`samplingPlayer`) at that level,
 * thinking in a Worker.
 */
export type BotKind = 'basic' | 'random' | SamplingLevel;
export const BOT_KINDS: readonly BotKind[] = ['basic', 'fast', 'standard', 'strong', 'random'];

/** The computer players of a new game when nothing else names them: the sampling player at its standard level. */
export const DEFAULT_BOTS: BotKind = 'standard';

/** The sampling player's level the computer players play at, or `null` for those that play at once (`basic`, `random`). */
export function samplingLevel(bots: BotKind): SamplingLevel | null {
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

/**
 * A computer player considers a claim at its turn once this many tricks or fewer are left: earlier, a
 * claim of every trick left almost never holds, and the check would only cost time.
 */
export const BOT_CLAIM_LEFT = 8;

/** The search budget of a computer player's own claim: past it, it does not claim. */
export const BOT_CLAIM_NODES = 200_000;

/** The search budget of the computer players' check of a claim they answer: past it, they play on. */
export const ANSWER_NODES = 2_000_000;

/** The person's player name; the computer players are named by seat. */
export const PERSON = 'You';
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
    problems.push(`${name}=${value} is not known: use one of ${allowed.join(', ')}.`);
    return fallback;
  };
  const rules = pick('rules', PRESET_NAMES, 'short');
  const bots = pick('bots', BOT_KINDS, defaultBots);
  const speed = pick('speed', SPEEDS, 'normal');
  const seedText = params.get('seed');
  let seed = seedText === null || seedText === '' ? null : readSeed(seedText);
  if (seedText !== null && seedText !== '' && seed === null) problems.push(`seed=${seedText} is not a whole number from 0 to ${MAX_SEED}.`);
  seed ??= freshSeed();
  const flag = (name: string): boolean => {
    const text = params.get(name);
    if (text !== null && text !== '' && text !== '0' && text !== '1') problems.push(`${name}=${text} is not known: use 1 (on) or 0 (off).`);
    return text === '1';
  };
  const dd = flag('dd');
  const claims = flag('claims');
  const laws = flag('laws');
  return { settings: { rules, seed, bots, speed, dd, claims, laws }, problems };
}

/**
 * The URL query for some settings: `rules=short&seed=7&bots=basic` (and `speed` when it is not normal, `dd=1`
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
  if (!(PRESET_NAMES as readonly unknown[]).includes(o.rules) || !(BOT_KINDS as readonly unknown[]).includes(o.bots))
    return { ok: false, reason: 'its settings are not known' };
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
  return { ok: true, value: { rules: o.rules as PresetName, seed: o.seed, bots: o.bots as BotKind, laws, table: table.value, random: o.random, undo } };
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
 * What the computer players have to decide about claims now, in the Worker (`checkClaim` of `whist/solver`,
 * which reads only what the claimer sees of `state`):
 * - `answer`: a claim waits for their answer (`seats`, the computer players still to answer): does
 *   `seat`'s side take `tricks` of the tricks left?
 * - `claim`: the computer player at `seat`, at its turn, claims every trick left (`tricks`) if that holds.
 *
 * `key` is the point of the game it is for: an answer for another point is not applied.
 */
export type ClaimQuestion =
  | {
      readonly kind: 'answer';
      readonly key: number;
      readonly state: HandState;
      readonly seat: Seat;
      readonly tricks: number;
      readonly seats: readonly Seat[];
      readonly claim: ClaimView;
      readonly context: ClaimContext;
    }
  | { readonly kind: 'claim'; readonly key: number; readonly state: HandState; readonly seat: Seat; readonly tricks: number };

export interface SoloTable {
  /** The person's view of the table: the only thing the page shows. */
  view(): TableView;
  /** Applies the person's action for the person's seat; a refusal comes back with the library's code. */
  act(action: SoloAction): { ok: true } | { ok: false; code: string; message: string };
  /** The computer player to play a card now, or `null` when it is the person's turn, a claim is to be considered or answered first, or the hand is over. */
  botToPlay(): Seat | null;
  /** That computer player plays a card, chosen from its own seat's view (a sampling player's is `heuristicPlayer`'s here: it thinks in the Worker, through `botTurn`). */
  botStep(): void;
  /**
   * For computer players that think in a Worker: the seat to play, its own view (nothing else goes to the
   * Worker), the seed, and the point of the game it is for; `null` when no computer player is to play.
   */
  botTurn(): { readonly seat: Seat; readonly view: PlayerView; readonly seed: number; readonly key: number } | null;
  /** Plays the card the Worker chose, if the game is still at the point `key` names; `false`, with nothing done, if it is not (a card taken back since). */
  botPlay(key: number, card: Card): boolean;
  /** What the computer players have to decide about a claim now, or `null` (see `ClaimQuestion`). */
  claimQuestion(): ClaimQuestion | null;
  /**
   * The computer players' answer to the claim `question` asked (`holds`: the check found it holds): each
   * accepts it, or the first plays on. `false`, with nothing done, when the game has moved on since.
   */
  answerClaim(question: ClaimQuestion & { kind: 'answer' }, holds: boolean): boolean;
  /** A computer player's claim of every trick left, once its check held; or, when it did not, its turn goes on to its card. */
  botClaim(question: ClaimQuestion & { kind: 'claim' }, holds: boolean): boolean;
  /**
   * Once a hand with a revoke by the person's side is over: the computer players of the other side claim each
   * penalty not yet claimed, with a fixed choice (three added to their score when that wins them the game, else
   * three tricks), and say what they claimed; `[]` when there is nothing to claim.
   */
  botRevokeClaims(): { readonly seat: Seat; readonly card: Card; readonly penalty: Penalty }[];
  /**
   * The computer players of the other side call each exposed card of the person's side not yet called (laws
   * 56, 65): at once, always. Done after the person drops a card face up, and when a stored game opens with
   * one uncalled. Returns the calls made.
   */
  botCalls(): { readonly seat: Seat; readonly holder: Seat; readonly card: Card }[];
  /** The person's revoke that may still be taken back (laws 73, 76) and that they have not let stand, or `null`. */
  revokeToTakeBack(): Card | null;
  /** The person's side may still elect a penalty: a revoke of the other side's, not yet claimed, in the hand just over. */
  revokesToElect(): boolean;
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

  /**
   * A computer player to play, unless it is first to consider a claim; none leads to a new trick while the
   * person may still take back a revoke and has not let it stand.
   */
  const botToPlay = (): Seat | null => {
    const view = personView();
    const next = view.next;
    if (next.action !== 'play' || next.seat === personSeat()) return null;
    const leading = view.hand?.trick?.cards.length === 0 && (view.hand?.tricks.length ?? 0) > 0;
    return leading && view.rules.irregularities === 'ruled' && revokeHeld() !== null ? null : next.seat;
  };

  const claimQuestion = (): ClaimQuestion | null => {
    const hand = currentHand(table);
    const view = personView();
    if (hand === null || view.hand === null) return null;
    const left = 13 - view.hand.tricks.length;
    const next = view.next;
    const claim = view.claim;
    if (next.action === 'answerClaim' && claim !== null) {
      const seats = next.seats.filter((s) => s !== personSeat());
      if (seats.length === 0) return null;
      const trick = view.hand.trick;
      // A concession of fewer than all the tricks left claims the rest for the conceder's side.
      const tricks = claim.type === 'claim' ? claim.tricks : claim.left - claim.tricks;
      return {
        kind: 'answer',
        key: point,
        state: hand,
        seat: claim.seat,
        tricks,
        seats,
        claim,
        context: { leader: trick?.leader ?? claim.seat, cards: trick?.cards ?? [], trump: view.hand.trump },
      };
    }
    const seat = botToPlay();
    if (!settings.claims || seat === null || claim !== null || left > BOT_CLAIM_LEFT || noClaimAt === point) return null;
    return { kind: 'claim', key: point, state: hand, seat, tricks: left };
  };

  /** The computer player to play a card now: none while a claim is to be considered or answered first. */
  const botDue = (): Seat | null => (claimQuestion() === null ? botToPlay() : null);

  /**
   * The card `seat` plays when it would choose `chosen`: that card, unless a call standing refuses it (an exposed
   * card called, laws 56, 64-65), when it is the first card the library accepts (`view.playable`).
   */
  const allowed = (seat: Seat, chosen: Card): Card => {
    const playable = viewOf(seat).playable;
    return playable.includes(chosen) ? chosen : (playable[0] ?? chosen);
  };

  /** The person's revoke that may still be taken back and that they have not let stand, or `null` (laws 73, 76). */
  const revokeHeld = (): Card | null => {
    const view = personView();
    const card = view.actions.includes('correctRevoke') ? revokeToTakeBack(view) : null;
    return card === null || stood === `${view.dealNumber}:${card}` ? null : card;
  };

  /**
   * In Long Whist by the laws, once a hand is dealt: a computer player whose side is at eight and who holds two
   * honours calls them before it plays ("Can you one?", Hoyle's laws of Long Whist, 16-21), and its partner, a
   * computer player, answers if it holds an honour; the person answers for themselves. Each reads its own view.
   */
  const botHonours = (): void => {
    const view = personView();
    if (!callingRules(view.rules) || view.next.action !== 'play' || view.hand === null) return;
    const person = personSeat();
    for (let i = 1; i <= 4; i++) {
      const seat = SEATS[(SEATS.indexOf(view.hand.dealer) + i) % 4] as Seat;
      if (seat === person) continue;
      const own = viewOf(seat);
      if (!mayCallHonours(own)) continue;
      if (!change({ type: 'callHonours', seat }).ok) continue;
      before = null;
      const partner = partnerOf(seat);
      if (partner !== person && mayAnswerCall(viewOf(partner))) change({ type: 'answerCall', seat: partner });
      if (personView().next.action !== 'play') return;
    }
  };

  /**
   * The computer players of the other side call every exposed card of the person's side not yet called: the
   * opponent on the person's left calls (either may, law 56).
   */
  const botCalls = (): { seat: Seat; holder: Seat; card: Card }[] => {
    const made: { seat: Seat; holder: Seat; card: Card }[] = [];
    const person = personSeat();
    const caller = SEATS[(SEATS.indexOf(person) + 1) % 4] as Seat;
    const view = personView();
    if (view.next.action !== 'play') return made;
    for (const holder of SEATS) {
      if (sideOf(holder) !== sideOf(person)) continue;
      for (const card of view.exposed[holder] ?? []) {
        if (view.called.some((c) => c.card === card)) continue;
        if (change({ type: 'callCard', seat: caller, card }).ok) {
          before = null;
          made.push({ seat: caller, holder, card });
        }
      }
    }
    return made;
  };
  if (from !== null) botCalls();
  botHonours();

  return {
    view: personView,
    act(action) {
      let r: ReturnType<typeof apply>;
      if (action.type === 'play') {
        const was = { table, random: botRandom };
        const prior = before;
        // Under the laws a revoke stands as played: it is taken back only as they say (law 76), not undone.
        const hand = currentHand(table);
        const revoke = hand !== null && settings.laws === true && !legalMoves(hand).includes(action.card);
        before = was;
        r = change({ type: 'play', seat: personSeat(), card: action.card });
        if (!r.ok) before = prior;
        else if (revoke) before = null;
      } else if (action.type === 'claim' || action.type === 'concede') {
        // What was said at the table is not taken back.
        r = change({ type: action.type, seat: personSeat(), tricks: action.tricks });
        if (r.ok) before = null;
      } else if (action.type === 'acceptClaim' || action.type === 'refuseClaim') {
        r = change({ type: action.type, seat: personSeat() });
        if (r.ok) before = null;
      } else if (action.type === 'expose' || action.type === 'callCard') {
        // A card dropped face up is seen by all, and a call stands: neither is taken back. The other side calls
        // the person's exposed card at once.
        r = change({ type: action.type, seat: personSeat(), card: action.card });
        if (r.ok) {
          before = null;
          if (action.type === 'expose') botCalls();
        }
      } else if (action.type === 'correctRevoke') {
        // The person takes back their revoke before it is established (laws 73, 76). The other side elects at
        // once, always the same way: the opponent on the person's left requires the person's lowest card of the
        // suit led (the card is taken back, not exposed).
        r = change({ type: 'correctRevoke', seat: personSeat() });
        if (r.ok) {
          before = null;
          change({ type: 'callLedSuit', seat: SEATS[(SEATS.indexOf(personSeat()) + 1) % 4] as Seat, which: 'lowest' });
        }
      } else if (action.type === 'letRevokeStand') {
        const card = revokeHeld();
        if (card !== null) stood = `${personView().dealNumber}:${card}`;
        return { ok: true };
      } else if (action.type === 'callHonours' || action.type === 'answerCall') {
        // A call at eight, or its answer; the computer partner answers the person's call if it holds an honour.
        r = change({ type: action.type, seat: personSeat() });
        if (r.ok) {
          before = null;
          const partner = partnerOf(personSeat());
          if (action.type === 'callHonours' && mayAnswerCall(viewOf(partner))) change({ type: 'answerCall', seat: partner });
        }
      } else if (action.type === 'claimRevoke') {
        r = change({ type: 'claimRevoke', seat: personSeat(), card: action.card, penalty: action.penalty });
        if (r.ok) before = null;
      } else if (action.type === 'deal') {
        before = null;
        r = change({ type: 'deal' });
        if (r.ok) botHonours();
      } else {
        before = null;
        r = change({ type: 'newRubber' });
        if (r.ok && change({ type: 'deal' }).ok) botHonours();
      }
      return r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };
    },
    botToPlay: botDue,
    claimQuestion,
    botCalls,
    botRevokeClaims() {
      const made: { seat: Seat; card: Card; penalty: Penalty }[] = [];
      const person = personSeat();
      const side = sideOf(person);
      // The computer opponent on the person's left claims; either may (law 84).
      const claimer = SEATS[(SEATS.indexOf(person) + 1) % 4] as Seat;
      const them = sideOf(claimer);
      for (const revoke of personView().revokes) {
        if (revoke.penalty !== null || sideOf(revoke.seat) !== side) continue;
        const added = apply(table, { type: 'claimRevoke', seat: claimer, card: revoke.card, penalty: 'add' });
        const wins = added.ok && tableViewOrThrow(added.value, null).hands.at(-1)?.game?.winner === them;
        const penalty: Penalty = wins ? 'add' : 'tricks';
        if (change({ type: 'claimRevoke', seat: claimer, card: revoke.card, penalty }).ok) {
          before = null;
          made.push({ seat: claimer, card: revoke.card, penalty });
        }
      }
      return made;
    },
    revokeToTakeBack: revokeHeld,
    revokesToElect() {
      const side = sideOf(personSeat());
      return personView().revokes.some((r) => r.penalty === null && sideOf(r.seat) !== side);
    },
    answerClaim(question, holds) {
      const now = claimQuestion();
      if (question.key !== point || now?.kind !== 'answer') return false;
      before = null;
      if (!holds) return change({ type: 'refuseClaim', seat: now.seats[0] as Seat }).ok;
      for (const seat of now.seats) if (!change({ type: 'acceptClaim', seat }).ok) return false;
      return true;
    },
    botClaim(question, holds) {
      if (question.key !== point || claimQuestion()?.kind !== 'claim') return false;
      if (!holds) {
        noClaimAt = point;
        return true;
      }
      before = null;
      return change({ type: 'claim', seat: question.seat, tricks: question.tricks }).ok;
    },
    botStep() {
      const seat = botDue();
      if (seat === null) return;
      const hand = viewOf(seat).hand;
      if (hand === null) return;
      let card: Card;
      if (settings.bots === 'random') {
        const drawn = randomPlayer(hand, botRandom);
        botRandom = drawn.random;
        card = drawn.value;
      } else card = heuristicPlayer(hand);
      change({ type: 'play', seat, card: allowed(seat, card) });
    },
    botTurn() {
      const seat = botDue();
      const view = seat === null ? null : viewOf(seat).hand;
      return seat === null || view === null || view === undefined ? null : { seat, view, seed: settings.seed, key: point };
    },
    botPlay(key, chosen) {
      const seat = botDue();
      // The Worker sees the seat's cards, not the calls: a called card that must be played now goes instead.
      const card = seat === null ? chosen : allowed(seat, chosen);
      if (key !== point || seat === null || !viewOf(seat).playable.includes(card)) return false;
      return change({ type: 'play', seat, card }).ok;
    },
    personView() {
      const seat = personSeat();
      const view = viewOf(seat);
      return view.next.action === 'play' && view.next.seat === seat ? view.hand : null;
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
