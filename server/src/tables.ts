/**
 * The tables: opening one, reading one for a seat, and acting at one. No HTTP here: every call reads the
 * table from the store and writes back with one compare-and-set, so any number of processes can serve the
 * same tables. What a process keeps is a cache of the tables it checked last, by id and version: a row at
 * the version cached is not checked again (a table's document changes only with its version), and a newer
 * one is checked with `parseTable(doc, { after })`, which replays only the actions since.
 *
 * A new rubber starts on a log of its own (`archiveRubbers`): the stored table holds the rubber in
 * progress and the finished rubbers' summaries, so a request costs the same in the hundredth rubber as in
 * the first, and no table reaches the log's limit.
 *
 * The server deals: whenever a change leaves the table waiting for a deal (a new table, a hand just
 * finished, a new rubber), the deal from the table's own PRNG is applied in the same compare-and-set (or,
 * with `deals: 'crypto'`, a deal from a fresh CSPRNG shuffle). At a table whose rules rule on
 * irregularities, a hand with a revoke is followed by the deal only once every revoke's penalty is claimed. The PRNG state never leaves the server:
 * clients get `tableView`, never the table.
 *
 * @module
 */

import { createHash, randomInt } from 'node:crypto';
import {
  apply,
  archiveRubbers,
  type BySeat,
  type Card,
  clientAction,
  currentHand,
  dealBoard,
  dealDeck,
  defineRules,
  FULL_DECK,
  isHandComplete,
  newTable,
  PRESETS,
  type PresetName,
  parseTable,
  type RubberSummary,
  type Rules,
  type Seat,
  seating,
  type TableAction,
  type TableNext,
  type TableState,
  type TableView,
  tableView,
} from 'whist';
import type { Board } from 'whist/duplicate';
import type { Created, CreatedSeat, Seen } from './answers.js';
import { hashToken, newTableId, newToken, sameHash, seatOfToken } from './auth.js';
import { type ClockShown, clockedTurn, lawDecisions, type PausedClock, secondsFor, type TurnClock } from './clock.js';
import { claimCounter, claimHolds } from './counters.js';
import { DEFAULT_STAND_IN_SECONDS, type Store, type StoredTable, type WriteOptions, type Written } from './db/base.js';
import { ApiError, storeCall } from './errors.js';
import { Presence, type SeatInfo } from './presence.js';
import type { ActionRequest, CreateRequest } from './requests.js';
import { InlineSolver, type Solver } from './solver/pool.js';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export interface TablesOptions {
  /** Compare-and-set attempts before answering 409. */
  readonly casAttempts?: number;
  /** Whether a client may choose a table's seed (which makes its deals known to whoever chose it). */
  readonly allowSeed?: boolean;
  /**
   * Where deals come from: `table` (default), the table's own PRNG (`apply(table, { type: 'deal' })`,
   * replayable and checked by `parseTable`); or `crypto`, a fresh shuffle from the operating system's
   * CSPRNG for every hand (`dealDeck`), so that no deal can be predicted from the ones already played.
   */
  readonly deals?: DealSource;
  /**
   * Claims: `agreed` (default), the other side answers each claim; `checked`, the server rules on each
   * claim or concession as it is made, with `checkClaim` (the claim holds, and the hand ends as claimed;
   * or it fails, and play goes on; a check that runs out of its budget fails, doubt going against the claimer).
   */
  readonly claims?: 'agreed' | 'checked';
  /** Who is at each table (shared by the processes of one store, when it is set up so). */
  readonly presence?: Presence;
  /** Checked tables kept by id, the most recently used; default 2,000. 0 checks every row read completely. */
  readonly cacheSize?: number;
  /**
   * Where claims are checked (the ruling of `claims: 'checked'`, the counter-example of a claim played on):
   * a server's pool of worker threads (solver/pool.ts); without one, on the calling thread.
   */
  readonly solver?: Solver;
}

export type DealSource = 'table' | 'crypto';

/** A deck shuffled from the operating system's CSPRNG (Fisher-Yates). */
function cryptoDeck(): Card[] {
  const deck = FULL_DECK.slice() as Card[];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
  }
  return deck;
}

/** The answers of `POST /tables` and `GET /tables/:id`: declared with the other answers the page reads. */
export type { Created, CreatedSeat, Seen } from './answers.js';

/**
 * The rules of a new table: the preset's, or, with the laws (`laws: true`), the preset's with irregularities
 * ruled by them, named `short-ruled`, `long-ruled`, … as the library's command line and page name them.
 */
export function tableRules(preset: PresetName, laws: boolean): Rules {
  if (!laws) return PRESETS[preset];
  const ruled = defineRules(PRESETS[preset], { name: `${preset}-ruled`, irregularities: 'ruled' });
  if (!ruled.ok) throw new ApiError(500, 'INTERNAL', `the rules could not be made: ${ruled.error.code}`);
  return ruled.value;
}

/**
 * Whether a hand just over waits for the other side to claim a revoke's penalty, as the library's
 * `TableNext.penalties` says: under rules that rule on irregularities, a revoke can be claimed only until the
 * next deal (law 78), so the server deals only once every revoke of the hand has its penalty claimed.
 */
export function awaitsRevokeClaims(table: TableState): boolean {
  const next = nextOf(table);
  return (next.action === 'deal' || next.action === 'newRubber') && next.penalties !== undefined;
}

/**
 * Deals if the table waits for a deal: the hand is over (played out, or ended by a claim or concession)
 * and the rubber goes on; under ruled rules, once every revoke of the hand has its penalty claimed. A hand
 * still being played without a claim is told at once; otherwise the library says so by taking the deal: a
 * hand in progress (`INVALID_ACTION`) or a finished rubber (`RUBBER_COMPLETE`) leaves the table as it is,
 * and a valid table refuses nothing else.
 */
function dealIfWaiting(table: TableState, source: DealSource): TableState {
  const hand = currentHand(table);
  const last = table.log[table.log.length - 1];
  if (hand !== null && !isHandComplete(hand) && last?.type === 'hand' && last.actions.every((a) => typeof a === 'string')) return table;
  if (awaitsRevokeClaims(table)) return table;
  const dealt =
    source === 'table'
      ? apply(table, { type: 'deal' })
      : dealDeck(table, cryptoDeck(), table.rules.trump.kind === 'secondPack' ? { secondPackCard: FULL_DECK[randomInt(52)] as Card } : {});
  if (dealt.ok) return dealt.value;
  if (dealt.error.code === 'INVALID_ACTION' || dealt.error.code === 'RUBBER_COMPLETE') return table;
  throw new ApiError(500, 'INTERNAL', `the server could not deal: ${dealt.error.code}`);
}

/**
 * Where claims are checked: the claim the table waits on, ruled on by `checkClaim` (see `claimHolds`), run
 * by `solver` while the event loop serves other requests; the ruling is written with the action, in its one
 * compare-and-set on the version the action was applied to.
 */
async function ruleOnClaim(solver: Solver, table: TableState): Promise<TableState> {
  const view = tableView(table, null);
  if (!view.ok || view.value.next.action !== 'answerClaim') return table;
  const ruled = apply(table, { type: 'ruleClaim', holds: await claimHolds(solver, table, view.value) });
  if (!ruled.ok) throw new ApiError(500, 'INTERNAL', `the server could not rule on the claim: ${ruled.error.code}`);
  return ruled.value;
}

/** A client's action applied; a new rubber starts on a log of its own, the finished ones archived. */
function applyAction(table: TableState, action: TableAction) {
  return action.type === 'newRubber' ? archiveRubbers(table) : apply(table, action);
}

/** A table this process checked: its version, the document text it was read from or written as, and what the row says of its seats. */
interface Held {
  readonly version: number;
  readonly doc: string;
  /** The row's archive text (`null`: none apart from the document). */
  readonly archive: string | null;
  readonly table: TableState;
  /** The row's token hashes (they never change) and its spectators' token hash. */
  readonly tokenHashes: StoredTable['tokenHashes'];
  readonly watchHash: string | null;
  /** The seats computer players hold, as last read or written. */
  computers: readonly Seat[];
  /** The table's turn clock (it never changes). */
  readonly clock: TurnClock | null;
  /** The card's clock paused while a decision waits, as the row keeps it at this version. */
  readonly clockPaused: PausedClock | null;
  /** A table that plays one board and deals no other hand. */
  readonly oneHand: boolean;
  /** The MD5 of `doc`, once asked for. */
  md5?: string;
}

/** When the turn of a table's version began, on this process's clock. */
interface TurnStart {
  readonly version: number;
  readonly at: number;
}

const MAX_TURNS = 10_000;

/** What each checked table waits for, as everyone may see it: computed once a table. */
const NEXT = new WeakMap<TableState, TableNext>();

export class Tables {
  readonly casAttempts: number;
  readonly allowSeed: boolean;
  readonly deals: DealSource;
  readonly claims: 'agreed' | 'checked';
  readonly presence: Presence;
  /** Where claims are checked, and computer players decide (computers.ts). */
  readonly solver: Solver;
  /** The tables checked last, by id. Most recently used last. */
  private readonly checked = new Map<string, Held>();
  /** When each table's turn began, by the version it began with (turn clocks). */
  private readonly turns = new Map<string, TurnStart>();
  private readonly cacheSize: number;
  /** Rows checked, by how: from the cache as they were, after the cached version, or completely. */
  readonly checks = { cached: 0, after: 0, whole: 0 };
  /** Actions written without reading the row first (on the version held), and those that then had to read it. */
  readonly unread = { written: 0, fellBack: 0 };

  constructor(
    readonly store: Store,
    readonly log: Logger,
    options: TablesOptions = {},
  ) {
    this.casAttempts = options.casAttempts ?? 8;
    this.allowSeed = options.allowSeed ?? true;
    this.deals = options.deals ?? 'table';
    this.claims = options.claims ?? 'agreed';
    this.presence = options.presence ?? new Presence();
    this.cacheSize = options.cacheSize ?? 2000;
    this.solver = options.solver ?? new InlineSolver();
  }

  /** Keeps a table this process checked or made, at its version, with the document it was read from or written as. */
  private remember(
    row: Pick<StoredTable, 'id' | 'tokenHashes' | 'watchHash' | 'clock' | 'clockPaused' | 'oneHand'>,
    version: number,
    stored: Stored,
    table: TableState,
    computers: readonly Seat[],
  ): void {
    if (this.cacheSize <= 0) return;
    const held = this.checked.get(row.id);
    if (held !== undefined && held.version > version) return;
    this.checked.delete(row.id);
    this.checked.set(row.id, {
      version,
      doc: stored.doc,
      archive: stored.archive,
      table,
      tokenHashes: row.tokenHashes,
      watchHash: row.watchHash ?? null,
      computers,
      clock: row.clock ?? null,
      clockPaused: row.clockPaused ?? null,
      oneHand: row.oneHand === true,
    });
    if (this.checked.size > this.cacheSize) this.checked.delete(this.checked.keys().next().value as string);
  }

  /**
   * The seat a token holds at a table this process holds checked (`null`: the spectators' token), from the
   * row it was read from; `undefined` when the table is not held or the token is not one of its own (the
   * row is then read, and the token judged on it).
   */
  heldSeat(id: string, tokenHash: string): Seat | null | undefined {
    const held = this.checked.get(id);
    if (held === undefined) return undefined;
    const seat = seatOfToken(held.tokenHashes, tokenHash);
    if (seat !== null) return seat;
    return held.watchHash !== null && sameHash(held.watchHash, tokenHash) ? null : undefined;
  }

  /** Forgets a table (removed from the store). */
  forget(id: string): void {
    this.checked.delete(id);
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(what: string, call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, what, call);
  }

  /**
   * Opens a table, deals its first hand and stores it at version 1. `given`: the table's id, and the token
   * hashes of players (by name) whose tokens were handed out before the table opened (the lobby's): their
   * seats get those hashes (the answer's tokens for them are none of theirs: not to be handed out); an id
   * taken already is a 409. `board`: the table plays this duplicate board, dealt as it is held
   * (`dealBoard`, its dealer the table's first), and deals no other hand.
   */
  async create(
    request: CreateRequest,
    given?: { readonly id: string; readonly tokenHashes: Readonly<Record<string, string>> },
    board?: Board,
  ): Promise<Created> {
    if (request.seed !== undefined && !this.allowSeed)
      throw new ApiError(422, 'SEED_NOT_ALLOWED', "this server deals from its own secret PRNG: a table's seed cannot be chosen");
    const opened = newTable(tableRules(request.rules, request.laws === true), {
      ...(request.players === undefined ? {} : { players: request.players }),
      ...(request.seed === undefined ? {} : { seed: request.seed }),
      ...(board === undefined ? {} : { dealer: board.dealer }),
    });
    if (!opened.ok) throw new ApiError(422, opened.error.code, opened.error.message);
    const dealt = board === undefined ? null : dealBoard(opened.value, board);
    if (dealt !== null && !dealt.ok) throw new ApiError(500, 'INTERNAL', `the server could not deal board ${board?.number}: ${dealt.error.code}`);
    const table = dealt === null ? dealIfWaiting(opened.value, this.deals) : dealt.value;
    const oneHand = board !== undefined;
    const stored = storedForm(table);
    // A computer player's seat gets a token no one is given: no one can act for it.
    const tokens = { N: newToken(), E: newToken(), S: newToken(), W: newToken() };
    const players = seating(table);
    const hashOf = (s: Seat): string =>
      given !== undefined && Object.hasOwn(given.tokenHashes, players[s]) ? (given.tokenHashes[players[s]] as string) : hashToken(tokens[s]);
    const tokenHashes = { N: hashOf('N'), E: hashOf('E'), S: hashOf('S'), W: hashOf('W') };
    const spectator = newToken();
    const named = request.computers ?? [];
    const computers = SEATS.filter((s) => named.includes(players[s]));
    const standInSeconds = request.standInAfterSeconds ?? DEFAULT_STAND_IN_SECONDS;
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = given?.id ?? newTableId();
      const watchHash = hashToken(spectator);
      const clock = request.clock ?? null;
      if (await this.db('insert', () => this.store.insert({ id, version: 1, ...stored, tokenHashes, watchHash, computers, standInSeconds, clock, oneHand }))) {
        // The table the first reads will find: the library made it, so it needs no check.
        this.remember({ id, tokenHashes, watchHash, clock, clockPaused: null, oneHand }, 1, stored, table, computers);
        this.noteTurn(id, 1);
        const seat = (s: Seat): CreatedSeat => (computers.includes(s) ? { player: players[s], computer: true } : { player: players[s], token: tokens[s] });
        const seats = { N: seat('N'), E: seat('E'), S: seat('S'), W: seat('W') };
        return { id, version: 1, seats, spectator, standInAfterSeconds: standInSeconds, ...(clock === null ? {} : { clock }) };
      }
      if (given !== undefined) throw new ApiError(409, 'CONFLICT', `table ${given.id} is open already`);
    }
    throw new ApiError(500, 'INTERNAL', 'no free table id');
  }

  /** Reads a table row; 404 when there is none. */
  async read(id: string): Promise<StoredTable> {
    const row = await this.db('read', () => this.store.read(id));
    if (row === null) throw new ApiError(404, 'TABLE_NOT_FOUND', 'there is no table with this id');
    return row;
  }

  /** Answers when the store answers. */
  async ping(): Promise<void> {
    await this.db('ping', () => this.store.ping());
  }

  /** The seat a token holds at a table, or `null` for the spectators' token; 401 when it is neither. */
  seatOf(row: StoredTable, tokenHash: string): Seat | null {
    const seat = seatOfToken(row.tokenHashes, tokenHash);
    const watching = typeof row.watchHash === 'string' && sameHash(row.watchHash, tokenHash);
    if (seat === null && !watching) throw new ApiError(401, 'UNAUTHORIZED', 'this token holds no seat at this table');
    return seat;
  }

  /**
   * Checks a stored row: not at all when this process checked that version already and the document is
   * the same text (a row rewritten in place, its version kept, is checked again); against the version it
   * checked last (only the actions since are replayed) when the row extends it; completely otherwise.
   * A server dealing from the table's PRNG refuses any hand not shuffled from it. A corrupted row is
   * reported to the operators and never served.
   */
  check(row: StoredTable): TableState {
    const held = this.checked.get(row.id);
    const archive = row.archive ?? null;
    if (held !== undefined && held.version === row.version && held.doc === row.doc && held.archive === archive) {
      this.checks.cached++;
      this.checked.delete(row.id);
      this.checked.set(row.id, held);
      held.computers = row.computers ?? [];
      return held.table;
    }
    const shuffledOnly = this.deals === 'table';
    const document = storedDocument(row, held);
    let parsed = held !== undefined && held.version < row.version ? parseTable(document, { after: held.table, shuffledOnly }) : null;
    if (parsed?.ok) this.checks.after++;
    else {
      // Not an extension of the table checked last: a new rubber archived the old log, or the row is corrupted.
      parsed = parseTable(document, { shuffledOnly });
      if (parsed.ok) this.checks.whole++;
    }
    if (parsed.ok) {
      this.remember(row, row.version, { doc: row.doc, archive }, parsed.value, row.computers ?? []);
      return parsed.value;
    }
    // The code and path only: a parse error's message may quote the deal.
    this.log.error(`table ${row.id} version ${row.version} is corrupted and refused: ${parsed.error.code} at ${parsed.error.path ?? 'table'}`);
    throw new ApiError(500, 'TABLE_CORRUPTED', 'the stored table failed its check and is not served; the operators have been told');
  }

  /** The table as `seat` (or a spectator, `null`) sees it, with the counter-example of a claim played on (its check runs on the solver). */
  async see(row: StoredTable, seat: Seat | null): Promise<Seen> {
    const table = this.check(row);
    const view = viewFor(table, seat);
    const clock = this.clockOf(row, table);
    const seen: Seen = { version: row.version, seat, view, seats: this.seats(row, table), ...(clock === null ? {} : { clock }) };
    return made(await withCounter(this.solver, seen, table), table);
  }

  /**
   * Notes that a table reached `version` now (this process wrote it, or heard of it), the start of its turn's
   * clock; a version already noted keeps its start.
   */
  noteTurn(id: string, version: number, at: number = Date.now()): void {
    const known = this.turns.get(id);
    if (known !== undefined && known.version >= version) return;
    this.turns.delete(id);
    this.turns.set(id, { version, at });
    if (this.turns.size > MAX_TURNS) this.turns.delete(this.turns.keys().next().value as string);
  }

  /**
   * When the turn of a row's version began: when this process first heard of the version, or, for one it
   * did not (it started since), when the row last changed (`changedAt`, on the store's clock, moved to this
   * process's by the store's measure of how far apart they are, so that the two need not agree; never later
   * than now).
   */
  private turnStart(row: Pick<StoredTable, 'id' | 'version' | 'changedAt'>): number {
    const known = this.turns.get(row.id);
    if (known !== undefined && known.version === row.version) return known.at;
    const at = Math.min(Date.now(), row.changedAt === undefined ? Date.now() : row.changedAt - this.store.databaseAheadMs);
    this.noteTurn(row.id, row.version, at);
    return at;
  }

  /**
   * The milliseconds left on the clock of each person's seat the table waits on (`null`: no clock counts
   * now): from the start of the turn, or from when the seat's event stream last opened if later. A card's
   * clock paused by a decision resumes with the time it had left (a reconnect gives the whole time again).
   */
  clockLeft(
    row: Pick<StoredTable, 'id' | 'version' | 'clock' | 'clockPaused' | 'computers' | 'changedAt'>,
    table: TableState,
    now: number = Date.now(),
  ): { kind: 'card' | 'decision'; left: Partial<Record<Seat, number>> } | null {
    const clock: TurnClock | null | undefined = row.clock;
    if (clock === null || clock === undefined) return null;
    const next = nextOf(table);
    const turn = clockedTurn(next, lawDecisions(table, next));
    if (turn === null) return null;
    const start = this.turnStart(row);
    const full = secondsFor(clock, turn.kind) * 1000;
    const paused = turn.kind === 'card' ? (row.clockPaused ?? null) : null;
    const left: Partial<Record<Seat, number>> = {};
    let any = false;
    for (const seat of turn.seats) {
      if ((row.computers ?? []).includes(seat)) continue;
      const reopened = this.presence.connectedSince(row.id, seat);
      const since = Math.max(start, reopened ?? start);
      const ms = paused !== null && paused.seat === seat && !(reopened !== null && reopened > start) ? Math.min(full, paused.ms) : full;
      left[seat] = Math.max(0, since + ms - now);
      any = true;
    }
    return any ? { kind: turn.kind, left } : null;
  }

  /**
   * The card's clock a write pauses or keeps paused: when the table goes from a person's card to a decision
   * (a claim, an election), that card's time left; while decisions follow one another, and at the card
   * they give back to, what was kept; else none.
   */
  private pausedAfter(
    row: Pick<StoredTable, 'id' | 'version' | 'clock' | 'clockPaused' | 'computers' | 'changedAt'>,
    before: TableState,
    after: TableState,
  ): PausedClock | null {
    if (row.clock === null || row.clock === undefined) return null;
    const turnOf = (t: TableState) => {
      const next = nextOf(t);
      return clockedTurn(next, lawDecisions(t, next));
    };
    const [was, now] = [turnOf(before), turnOf(after)];
    if (was === null || now === null) return null;
    const kept = row.clockPaused ?? null;
    if (was.kind === 'decision') {
      if (now.kind === 'decision') return kept;
      // Play goes on in the same hand, at the seat whose card's clock was paused.
      const sameHand = viewFor(before, null).dealNumber === viewFor(after, null).dealNumber;
      return kept !== null && sameHand && now.seats.includes(kept.seat) ? kept : null;
    }
    if (now.kind !== 'decision') return null;
    const running = this.clockLeft(row, before);
    if (running === null || running.kind !== 'card') return null;
    const [seat, ms] = (Object.entries(running.left) as [Seat, number][])[0] ?? [];
    return seat === undefined || ms === undefined ? null : { seat, ms };
  }

  /** The clock an answer shows, or `null`. */
  private clockOf(row: Pick<StoredTable, 'id' | 'version' | 'clock' | 'clockPaused' | 'computers' | 'changedAt'>, table: TableState): ClockShown | null {
    const clock = row.clock;
    const running = this.clockLeft(row, table);
    if (clock === null || clock === undefined || running === null) return null;
    return { card: clock.card, decision: clock.decision, kind: running.kind, left: running.left };
  }

  /**
   * A person's clock ran out: their seat is given to a computer player, which acts for them until their
   * next action takes it back ({@link reclaim}). One compare-and-set on the version read; `false` when the
   * table moved on meanwhile (its new turn has a clock of its own) or the seat is a computer player's already.
   */
  async timeOut(row: StoredTable, seat: Seat): Promise<boolean> {
    if ((row.computers ?? []).includes(seat)) return false;
    const computers = SEATS.filter((s) => s === seat || (row.computers ?? []).includes(s));
    const done = await this.db('set computers', () => this.store.setComputers(row.id, row.version, computers, nextOf(this.check(row))));
    if (done) this.log.info(`table ${row.id}: ${seat}'s clock ran out; a computer player acts for them until they act again`);
    return done;
  }

  /**
   * A person acts at a seat a computer player holds (their clock ran out, or they were away): the seat is
   * theirs again before the action is applied. Reads the row only when the table is not held, or held with
   * the seat a computer player's.
   */
  async reclaim(id: string, seat: Seat, row?: StoredTable): Promise<void> {
    const computers = row?.computers ?? this.checked.get(id)?.computers;
    if (computers !== undefined && !computers.includes(seat)) return;
    const current = row ?? (await this.read(id));
    if ((current.computers ?? []).includes(seat)) await this.takeBack(current, seat);
  }

  /** Each seat's player and status. */
  seats(row: StoredTable, table: TableState): BySeat<SeatInfo> {
    return this.presence.seats(row.id, seating(table), row.computers ?? [], row.standInSeconds ?? DEFAULT_STAND_IN_SECONDS);
  }

  /** What the table waits for, as everyone may see it. */
  next(row: StoredTable): TableView['next'] {
    return nextOf(this.check(row));
  }

  /**
   * Gives a seat to a computer player: a seat no one is at (`empty` or `away`, on any process).
   * From then on the server plays its turns; its token still reads the table. One compare-and-set on the
   * version read: a table that moved on meanwhile is read again.
   */
  async giveToComputer(row: StoredTable, target: Seat): Promise<BySeat<SeatInfo>> {
    let current = row;
    for (let attempt = 0; ; attempt++) {
      const table = this.check(current);
      const status = this.seats(current, table)[target].status;
      if (status !== 'empty' && status !== 'away')
        throw new ApiError(409, 'SEAT_TAKEN', `${target} is ${status === 'computer' ? "a computer player's already" : 'taken: its player is here'}`);
      // A player whose stream dropped a moment ago (a reload, a train's tunnel) keeps the seat for the
      // table's stand-in delay: then a computer player stands in by itself, and gives it back when they return.
      const wait = status === 'away' ? this.presence.standInWait(current.id, target, current.standInSeconds ?? DEFAULT_STAND_IN_SECONDS) : null;
      if (wait !== null && wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new ApiError(409, 'SEAT_AWAY', `${target}'s player left a moment ago: a computer player stands in by itself in ${seconds} s`, {
          'retry-after': String(seconds),
        });
      }
      const computers = SEATS.filter((s) => s === target || (current.computers ?? []).includes(s));
      if (await this.db('set computers', () => this.store.setComputers(current.id, current.version, computers, nextOf(table))))
        return this.seats({ ...current, computers }, table);
      if (attempt + 1 >= this.casAttempts) throw new ApiError(409, 'CONFLICT', 'the table kept changing while the seat was given: try again');
      current = await this.read(current.id);
    }
  }

  /**
   * Gives a seat held by a computer player back to its person: the holder of its token has come back (its
   * event stream opened). A seat given to a computer player when the table was opened has a token no one
   * was given, so only a seat given later, or stood in for, can be taken back. One compare-and-set on the
   * version read; `false` when the seat was not a computer player's.
   */
  async takeBack(row: StoredTable, seat: Seat): Promise<boolean> {
    let current = row;
    for (let attempt = 0; ; attempt++) {
      if (!(current.computers ?? []).includes(seat)) return false;
      const computers = (current.computers ?? []).filter((s) => s !== seat);
      const table = this.check(current);
      if (await this.db('set computers', () => this.store.setComputers(current.id, current.version, computers, nextOf(table)))) return true;
      if (attempt + 1 >= this.casAttempts) throw new ApiError(409, 'CONFLICT', 'the table kept changing while the seat was taken back: try again');
      current = await this.read(current.id);
    }
  }

  /**
   * Acts for `seat`: reads the client's body into an action (`clientAction` refuses deals, decks, seats),
   * applies it, deals if a hand or rubber just ended, and writes with one compare-and-set. A lost race
   * is tried again against the new version (where a duplicate play is refused by the rules), unless the
   * client named the version it saw: then it is answered 409.
   */
  async act(row: StoredTable, seat: Seat, request: ActionRequest, options: { readonly standIn?: boolean } = {}): Promise<Seen> {
    const action = clientAction(request.body, seat);
    if (!action.ok) throw new ApiError(422, action.error.code, action.error.message);
    // A stand-in's card is written only while no live process holds the seat's stream (shared presence).
    const absent = options.standIn === true && this.presence.shared ? { seat, leaseSeconds: this.presence.leaseMs / 1000 } : undefined;
    let current = row;
    // The row was read before the body arrived: a client naming a later version may have seen a newer one.
    if (request.version !== undefined && request.version > current.version) current = await this.read(current.id);
    for (let attempt = 0; ; attempt++) {
      if (request.version !== undefined && request.version !== current.version)
        throw new ApiError(409, 'STALE_VERSION', `the table is at version ${current.version}, not ${request.version}`);
      const done = await this.write(current, current.version, current.archive ?? null, this.check(current), seat, action.value, undefined, absent);
      if (done !== null) return done;
      if (attempt + 1 >= this.casAttempts) throw new ApiError(409, 'CONFLICT', 'the table kept changing while this action was tried: read it and send again');
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
      const seen = current.version;
      current = await this.read(current.id);
      // The table did not move: the write was refused because the seat's person is here, on some process.
      if (absent !== undefined && current.version === seen) throw new ApiError(409, 'SEAT_TAKEN', `${seat} is taken: its player is here`);
    }
  }

  /**
   * Acts for `seat` without reading the row first, when this process holds the table checked at the
   * version the client names: the compare-and-set then writes only over that version and that very
   * document text (its MD5), so nothing unchecked is ever written over. `null` when the table is not held
   * at that version, the rules refuse the action there, or the write lost (the table moved on, or its row
   * is not the text held): the caller then reads the row and acts as usual ({@link act}), which answers
   * 409, 422, 404 or 500 as the row says. A body `clientAction` refuses is refused (422) as by {@link act}.
   */
  async actOnHeld(id: string, seat: Seat, request: ActionRequest): Promise<Seen | null> {
    const held = this.checked.get(id);
    if (held === undefined || request.version === undefined || request.version !== held.version) return null;
    const action = clientAction(request.body, seat);
    if (!action.ok) throw new ApiError(422, action.error.code, action.error.message);
    held.md5 ??= createHash('md5').update(held.doc).digest('hex');
    let done: Seen | null;
    try {
      done = await this.write(
        {
          id,
          tokenHashes: held.tokenHashes,
          watchHash: held.watchHash,
          clock: held.clock,
          clockPaused: held.clockPaused,
          computers: held.computers,
          oneHand: held.oneHand,
        },
        held.version,
        held.archive,
        held.table,
        seat,
        action.value,
        held.md5,
      );
    } catch (e) {
      // Refused by the rules on the version held: the row is read, and the answer is what it says (409 if the table moved on).
      if (!(e instanceof ApiError && e.status === 422)) throw e;
      done = null;
    }
    if (done !== null) this.unread.written++;
    else this.unread.fellBack++;
    return done;
  }

  /**
   * Applies an action to a checked table at `version` (whose row's archive text is `archive`) and writes
   * it with one compare-and-set, the archive only if it changed; `null` when the write lost.
   */
  private async write(
    row: Pick<StoredTable, 'id' | 'tokenHashes' | 'watchHash' | 'clock' | 'clockPaused' | 'computers' | 'changedAt' | 'oneHand'>,
    version: number,
    archive: string | null,
    table: TableState,
    seat: Seat,
    action: TableAction,
    seenMd5?: string,
    absent?: WriteOptions['absent'],
  ): Promise<Seen | null> {
    const applied = applyAction(table, action);
    if (!applied.ok) throw new ApiError(422, applied.error.code, applied.error.message);
    const ruled = this.claims === 'checked' ? await ruleOnClaim(this.solver, applied.value) : applied.value;
    // A table that plays one board deals nothing once its hand is over.
    const after = row.oneHand === true ? ruled : dealIfWaiting(ruled, this.deals);
    const stored = storedForm(after);
    // One view: what the table waits for is the same in every seat's view.
    const view = viewFor(after, seat);
    NEXT.set(after, view.next);
    const newArchive = stored.archive === archive ? undefined : (stored.archive ?? undefined);
    // A card's clock paused by a decision, or resumed: kept in the row with the new version.
    const paused = this.pausedAfter({ ...row, version }, table, after);
    const written: Written | null = await this.db('compare-and-set', () =>
      this.store.compareAndSet(row.id, version, stored.doc, view.next, {
        paused,
        ...(seenMd5 === undefined ? {} : { seenMd5 }),
        ...(newArchive === undefined ? {} : { archive: newArchive }),
        ...(absent === undefined ? {} : { absent }),
      }),
    );
    if (written === null) return null;
    this.remember({ ...row, clockPaused: paused }, version + 1, stored, after, written.computers);
    this.noteTurn(row.id, version + 1);
    const seats = this.presence.seats(row.id, seating(after), written.computers, written.standInSeconds);
    const clock = this.clockOf({ ...row, version: version + 1, computers: written.computers, clockPaused: paused }, after);
    const seen: Seen = { version: version + 1, seat, view, seats, ...(clock === null ? {} : { clock }) };
    // The action is written: a counter-example the solver cannot take now (503) is left to the next read.
    return made(
      await withCounter(this.solver, seen, after).catch((e: unknown) => (e instanceof ApiError && e.status === 503 ? seen : Promise.reject(e))),
      after,
    );
  }
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** A table as a row stores it: the document, and the finished rubbers' summaries apart (`null`: none). */
export interface Stored {
  readonly doc: string;
  readonly archive: string | null;
}

/** The JSON text of each archive's rubbers, made once an archive. */
const ARCHIVE_TEXT = new WeakMap<readonly RubberSummary[], string>();

/**
 * How a table is stored. The finished rubbers' summaries (`archived.rubbers`, about 120 bytes a rubber)
 * are kept apart from the document, which holds `archived.rubbers` empty: a play writes a document the
 * size of one rubber, whatever the table's age, and the archive is written only when a rubber is archived.
 * The document alone is not a table (`parseTable` refuses an empty list of archived rubbers): it is read
 * with its archive ({@link storedDocument}).
 */
export function storedForm(table: TableState): Stored {
  const archived = table.archived;
  if (archived === undefined) return { doc: JSON.stringify(table), archive: null };
  let archive = ARCHIVE_TEXT.get(archived.rubbers);
  if (archive === undefined) {
    archive = JSON.stringify(archived.rubbers);
    ARCHIVE_TEXT.set(archived.rubbers, archive);
  }
  return { doc: JSON.stringify({ ...table, archived: { rubbers: [], deals: archived.deals } }), archive };
}

/**
 * The stored table a row holds, for `parseTable`: its document, with the archived rubbers put back from
 * the archive when the row keeps them apart. `held`, a table checked from a row with the same archive
 * text, lends its own (checked) summaries, so that a check after it compares them at once.
 */
export function storedDocument(row: Pick<StoredTable, 'doc' | 'archive'>, held?: { readonly archive: string | null; readonly table: TableState }): unknown {
  const archive = row.archive ?? null;
  if (archive === null) return row.doc;
  let value: unknown;
  try {
    value = JSON.parse(row.doc);
  } catch {
    return row.doc; // refused by parseTable, which says why
  }
  if (typeof value !== 'object' || value === null) return row.doc;
  const archived = (value as { archived?: unknown }).archived;
  const deals = typeof archived === 'object' && archived !== null ? (archived as { deals?: unknown }).deals : undefined;
  let rubbers: unknown;
  if (held !== undefined && held.archive === archive && held.table.archived !== undefined) rubbers = held.table.archived.rubbers;
  else
    try {
      rubbers = JSON.parse(archive);
    } catch {
      rubbers = archive; // not a list: refused by parseTable
    }
  return { ...value, archived: { rubbers, deals } };
}

/** The table each answer was seen on. */
const SEEN_ON = new WeakMap<Seen, TableState>();
/** The JSON text of a table's finished rubbers, as its views list them, by the table's archive. */
const RUBBERS_TEXT = new WeakMap<readonly RubberSummary[], string>();

/** An answer with the counter-example of a claim played on, when there is one (counters.ts). */
async function withCounter(solver: Solver, seen: Seen, table: TableState): Promise<Seen> {
  const counter = await claimCounter(solver, table, seen.view);
  return counter === null ? seen : { ...seen, counter };
}

function made(seen: Seen, table: TableState): Seen {
  SEEN_ON.set(seen, table);
  return seen;
}

/**
 * An answer as JSON text. The finished rubbers a view lists (about 120 bytes each, 12 KB in a table's
 * 100th rubber) change only when a rubber is archived: their text is made once an archive, not once an
 * answer, and put last in the view. Otherwise, `JSON.stringify`. Given `held`, the number of finished
 * rubbers the client already holds (`?rubbers=n`), the view lists only the rubbers after them, and the
 * answer says from where (`rubbersFrom`).
 */
export function seenText(seen: Seen, held?: number): string {
  const rubbers = seen.view.rubbers;
  if (held !== undefined) {
    // The client holds the first `held` finished rubbers: the view lists those after them (all, if it holds more than there are).
    const from = held <= rubbers.length ? held : 0;
    const view = JSON.stringify({ ...seen.view, rubbers: undefined });
    return `{"version":${seen.version},"seat":${JSON.stringify(seen.seat)},"view":${view.slice(0, -1)},"rubbers":${JSON.stringify(rubbers.slice(from))}},"seats":${JSON.stringify(seen.seats)}${counterText(seen)},"rubbersFrom":${from}}`;
  }
  const archived = SEEN_ON.get(seen)?.archived?.rubbers;
  // The view lists the archived rubbers, then any finished in the log: the same list when as long.
  if (archived === undefined || rubbers.length === 0 || rubbers.length !== archived.length) return JSON.stringify(seen);
  let text = RUBBERS_TEXT.get(archived);
  if (text === undefined) {
    text = JSON.stringify(rubbers);
    RUBBERS_TEXT.set(archived, text);
  }
  const view = JSON.stringify({ ...seen.view, rubbers: undefined });
  return `{"version":${seen.version},"seat":${JSON.stringify(seen.seat)},"view":${view.slice(0, -1)},"rubbers":${text}},"seats":${JSON.stringify(seen.seats)}${counterText(seen)}}`;
}

/** The answer's `counter` and `clock` members as JSON text, each after a comma; `''` when it has neither. */
function counterText(seen: Seen): string {
  const counter = seen.counter === undefined ? '' : `,"counter":${JSON.stringify(seen.counter)}`;
  return seen.clock === undefined ? counter : `${counter},"clock":${JSON.stringify(seen.clock)}`;
}

/** What a table waits for, as everyone may see it (a spectator's view's `next`), once a table. */
export function nextOf(table: TableState): TableNext {
  let next = NEXT.get(table);
  if (next === undefined) {
    next = viewFor(table, null).next;
    NEXT.set(table, next);
  }
  return next;
}

function viewFor(table: TableState, seat: Seat | null): TableView {
  const v = tableView(table, seat);
  if (!v.ok) throw new ApiError(500, 'INTERNAL', 'the table has no view');
  return v.value;
}
