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
 * with `deals: 'crypto'`, a deal from a fresh CSPRNG shuffle). The PRNG state never leaves the server:
 * clients get `tableView`, never the table.
 *
 * @module
 */

import { randomInt } from 'node:crypto';
import {
  apply,
  archiveRubbers,
  type BySeat,
  type Card,
  clientAction,
  currentHand,
  currentRubber,
  dealDeck,
  FULL_DECK,
  isHandComplete,
  isRubberComplete,
  newTable,
  PRESETS,
  parseTable,
  type Seat,
  seating,
  type TableAction,
  type TableState,
  type TableView,
  tableView,
} from 'whist';
import { hashToken, newTableId, newToken, sameHash, seatOfToken } from './auth.js';
import { DEFAULT_STAND_IN_SECONDS, type Store, type StoredTable } from './db/base.js';
import { ApiError } from './errors.js';
import { Presence, type SeatInfo } from './presence.js';
import type { ActionRequest, CreateRequest } from './requests.js';

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
  /** Who is at each table, as this process sees it. */
  readonly presence?: Presence;
  /** Checked tables kept by id, the most recently used; default 2,000. 0 checks every row read completely. */
  readonly cacheSize?: number;
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

/** A seat of a new table: a person's, with its token, or a computer player's, with none. */
export type CreatedSeat = { readonly player: string; readonly token: string } | { readonly player: string; readonly computer: true };

/** A new table, as `POST /tables` answers it. Each token appears here once and is never stored. */
export interface Created {
  readonly id: string;
  readonly version: number;
  readonly seats: BySeat<CreatedSeat>;
  /** The spectators' token: it reads and follows the table (the spectator view), and never acts. */
  readonly spectator: string;
  readonly standInAfterSeconds: number;
}

/** A table as one seat (or a spectator, `seat: null`) sees it. */
export interface Seen {
  readonly version: number;
  readonly seat: Seat | null;
  readonly view: TableView;
  /** Each seat's player and whether they are here. */
  readonly seats: BySeat<SeatInfo>;
}

/** Whether the table waits for the server to deal: no hand in progress, and the rubber goes on. */
function waitsForDeal(table: TableState): boolean {
  const hand = currentHand(table);
  return (hand === null || isHandComplete(hand)) && !isRubberComplete(currentRubber(table));
}

/** Deals if the table waits for a deal. A valid table cannot refuse a deal when it waits for one. */
function dealIfWaiting(table: TableState, source: DealSource): TableState {
  if (!waitsForDeal(table)) return table;
  const dealt =
    source === 'table'
      ? apply(table, { type: 'deal' })
      : dealDeck(table, cryptoDeck(), table.rules.trump.kind === 'secondPack' ? { secondPackCard: FULL_DECK[randomInt(52)] as Card } : {});
  if (!dealt.ok) throw new ApiError(500, 'INTERNAL', `the server could not deal: ${dealt.error.code}`);
  return dealt.value;
}

/** A client's action applied; a new rubber starts on a log of its own, the finished ones archived. */
function applyAction(table: TableState, action: TableAction) {
  return action.type === 'newRubber' ? archiveRubbers(table) : apply(table, action);
}

export class Tables {
  readonly casAttempts: number;
  readonly allowSeed: boolean;
  readonly deals: DealSource;
  readonly presence: Presence;
  /** The tables checked last, by id: the version checked, its document and the table. Most recently used last. */
  private readonly checked = new Map<string, { readonly version: number; readonly doc: string; readonly table: TableState }>();
  private readonly cacheSize: number;
  /** Rows checked, by how: from the cache as they were, after the cached version, or completely. */
  readonly checks = { cached: 0, after: 0, whole: 0 };

  constructor(
    readonly store: Store,
    readonly log: Logger,
    options: TablesOptions = {},
  ) {
    this.casAttempts = options.casAttempts ?? 8;
    this.allowSeed = options.allowSeed ?? true;
    this.deals = options.deals ?? 'table';
    this.presence = options.presence ?? new Presence();
    this.cacheSize = options.cacheSize ?? 2000;
  }

  /** Keeps a table this process checked or made, at its version, with the document it was read from or written as. */
  private remember(id: string, version: number, doc: string, table: TableState): void {
    if (this.cacheSize <= 0) return;
    const held = this.checked.get(id);
    if (held !== undefined && held.version > version) return;
    this.checked.delete(id);
    this.checked.set(id, { version, doc, table });
    if (this.checked.size > this.cacheSize) this.checked.delete(this.checked.keys().next().value as string);
  }

  /** Forgets a table (removed from the store). */
  forget(id: string): void {
    this.checked.delete(id);
  }

  /** Runs a store call; a store that fails to answer is a 503, reported. */
  private async db<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      this.log.error(`store: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new ApiError(503, 'STORE_UNAVAILABLE', 'the store did not answer: try again', { 'retry-after': '1' });
    }
  }

  /** Opens a table, deals its first hand and stores it at version 1. */
  async create(request: CreateRequest): Promise<Created> {
    if (request.seed !== undefined && !this.allowSeed)
      throw new ApiError(422, 'SEED_NOT_ALLOWED', "this server deals from its own secret PRNG: a table's seed cannot be chosen");
    const opened = newTable(PRESETS[request.rules], {
      ...(request.players === undefined ? {} : { players: request.players }),
      ...(request.seed === undefined ? {} : { seed: request.seed }),
    });
    if (!opened.ok) throw new ApiError(422, opened.error.code, opened.error.message);
    const table = dealIfWaiting(opened.value, this.deals);
    const doc = JSON.stringify(table);
    // A computer player's seat gets a token no one is given: no one can act for it.
    const tokens = { N: newToken(), E: newToken(), S: newToken(), W: newToken() };
    const tokenHashes = { N: hashToken(tokens.N), E: hashToken(tokens.E), S: hashToken(tokens.S), W: hashToken(tokens.W) };
    const spectator = newToken();
    const players = seating(table);
    const named = request.computers ?? [];
    const computers = SEATS.filter((s) => named.includes(players[s]));
    const standInSeconds = request.standInAfterSeconds ?? DEFAULT_STAND_IN_SECONDS;
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = newTableId();
      if (await this.db('insert', () => this.store.insert({ id, version: 1, doc, tokenHashes, watchHash: hashToken(spectator), computers, standInSeconds }))) {
        const seat = (s: Seat): CreatedSeat => (computers.includes(s) ? { player: players[s], computer: true } : { player: players[s], token: tokens[s] });
        const seats = { N: seat('N'), E: seat('E'), S: seat('S'), W: seat('W') };
        return { id, version: 1, seats, spectator, standInAfterSeconds: standInSeconds };
      }
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
    if (held !== undefined && held.version === row.version && held.doc === row.doc) {
      this.checks.cached++;
      this.checked.delete(row.id);
      this.checked.set(row.id, held);
      return held.table;
    }
    const shuffledOnly = this.deals === 'table';
    let parsed = held !== undefined && held.version < row.version ? parseTable(row.doc, { after: held.table, shuffledOnly }) : null;
    if (parsed?.ok) this.checks.after++;
    else {
      // Not an extension of the table checked last: a new rubber archived the old log, or the row is corrupted.
      parsed = parseTable(row.doc, { shuffledOnly });
      if (parsed.ok) this.checks.whole++;
    }
    if (parsed.ok) {
      this.remember(row.id, row.version, row.doc, parsed.value);
      return parsed.value;
    }
    // The code and path only: a parse error's message may quote the deal.
    this.log.error(`table ${row.id} version ${row.version} is corrupted and refused: ${parsed.error.code} at ${parsed.error.path ?? 'table'}`);
    throw new ApiError(500, 'TABLE_CORRUPTED', 'the stored table failed its check and is not served; the operators have been told');
  }

  /** The table as `seat` (or a spectator, `null`) sees it. */
  see(row: StoredTable, seat: Seat | null): Seen {
    const table = this.check(row);
    return { version: row.version, seat, view: viewFor(table, seat), seats: this.seats(row, table) };
  }

  /** Each seat's player and status. */
  seats(row: StoredTable, table: TableState): BySeat<SeatInfo> {
    return this.presence.seats(row.id, seating(table), row.computers ?? [], row.standInSeconds ?? DEFAULT_STAND_IN_SECONDS);
  }

  /** What the table waits for, as everyone may see it. */
  next(row: StoredTable): TableView['next'] {
    return viewFor(this.check(row), null).next;
  }

  /**
   * Gives a seat to a computer player: a seat no one is at (`empty` or `away`, as this process sees it).
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
      const computers = SEATS.filter((s) => s === target || (current.computers ?? []).includes(s));
      if (await this.db('set computers', () => this.store.setComputers(current.id, current.version, computers, viewFor(table, null).next)))
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
      if (await this.db('set computers', () => this.store.setComputers(current.id, current.version, computers, viewFor(table, null).next))) return true;
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
  async act(row: StoredTable, seat: Seat, request: ActionRequest): Promise<Seen> {
    const action = clientAction(request.body, seat);
    if (!action.ok) throw new ApiError(422, action.error.code, action.error.message);
    let current = row;
    // The row was read before the body arrived: a client naming a later version may have seen a newer one.
    if (request.version !== undefined && request.version > current.version) current = await this.read(current.id);
    for (let attempt = 0; ; attempt++) {
      if (request.version !== undefined && request.version !== current.version)
        throw new ApiError(409, 'STALE_VERSION', `the table is at version ${current.version}, not ${request.version}`);
      const table = this.check(current);
      const applied = applyAction(table, action.value);
      if (!applied.ok) throw new ApiError(422, applied.error.code, applied.error.message);
      const after = dealIfWaiting(applied.value, this.deals);
      const doc = JSON.stringify(after);
      // One view: what the table waits for is the same in every seat's view.
      const view = viewFor(after, seat);
      if (await this.db('compare-and-set', () => this.store.compareAndSet(current.id, current.version, doc, view.next))) {
        this.remember(current.id, current.version + 1, doc, after);
        return { version: current.version + 1, seat, view, seats: this.seats(current, after) };
      }
      if (attempt + 1 >= this.casAttempts) throw new ApiError(409, 'CONFLICT', 'the table kept changing while this action was tried: read it and send again');
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
      current = await this.read(current.id);
    }
  }
}

const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

function viewFor(table: TableState, seat: Seat | null): TableView {
  const v = tableView(table, seat);
  if (!v.ok) throw new ApiError(500, 'INTERNAL', 'the table has no view');
  return v.value;
}
