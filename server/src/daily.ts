/**
 * The daily challenge: every day (UTC) a set of boards dealt once from the server's CSPRNG, which each
 * person plays South, one board at a time, with three computer players; each board is scored by matchpoints
 * against everyone who played it that day, and the day's ranking is the total.
 *
 * - `GET /daily`: the day, its boards, the computer players' level and the ranking so far,
 *   `{ day, boards, level, rules, ranking: [{ name, boards, percent, rank, tied }] }` (each person who
 *   finished a board that someone else finished too, best first).
 * - `POST /daily/entries` `{ name }`: plays the day's boards under that name (one entry a name a day,
 *   whatever its case: 409 `NAME_TAKEN`); 201 with the entry (below) and its `token`. The token is the
 *   person's seat at each board's table: `GET /tables/:id`, `POST /tables/:id/actions` and the table's
 *   events with it, as at any table.
 * - `GET /daily/entries/:id` (the entry's token): the entry, `{ id, name, day, boards, board, table,
 *   boardOver, results, total }`: the board being played and its table's id (both `null` once every board is
 *   played), whether that board's hand is over,
 *   and each board played, with the person's result beside the computer players' own (the board played by
 *   four computer players at the day's level) and the field's (every other person's tricks on it).
 * - `POST /daily/entries/:id/next` (the entry's token): once the board's hand is over, records its result and
 *   opens the next board's table; 409 `BOARD_NOT_OVER` before, 409 `DAILY_OVER` after the last.
 *
 * A board's table is a server table like any other (tables.ts), opened with the board's dealer and dealt
 * as the board holds it (`dealBoard`); it plays that one hand. The computer players there are the server's
 * (computers.ts), at its level; no computer player stands in for the person (who may come back within the
 * day). The boards of a day come from its seed, written to the store by the first process that needs it
 * (db/daily.ts): every process deals the same boards. What a computer player does, the deal of a board and
 * the scores are the library's (`computerPlayOn`, `dealBoards`, `boardResultOf`, `matchpoints`).
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { type ComputerLevel, isCard, PRESETS, readComputerLevel } from 'whist';
import { type Board, type BoardResult, boardHand, dealBoards, matchpoints } from 'whist/duplicate';
import type { DailyBoard, DailyEntry, DailyPlace, DailyToday, DailyTurn, DailyKept as Kept } from './answers.js';
import { hashToken, newTableId, newToken, sameHash, TABLE_ID } from './auth.js';
import { boardPlayed, boardPlayedOn } from './boards.js';
import type { Computers } from './computers.js';
import { type DailyDay, type DailyEntryRow, type DailyStore, nameKey } from './db/daily.js';
import { ApiError, storeCall } from './errors.js';
import { type LobbyRequest, readNameBody } from './lobby.js';
import { MAX_STAND_IN_SECONDS } from './requests.js';
import type { Logger, Tables } from './tables.js';

/** The rules every board of the challenge is played by. */
export const DAILY_RULES = 'short' as const;

/** Boards a day when the server is not told otherwise, and the most it may be told. */
export const DEFAULT_DAILY_BOARDS = 20;
export const MAX_DAILY_BOARDS = 32;

/** Entries the ranking reads at most. */
const MAX_ENTRIES = 2_000;

/** How long a process answers `GET /daily` from the ranking it worked out last. */
const RANKING_CACHE_MS = 1_000;

/**
 * The computer players' names at a person's table, as the lobby names its own (`Computer 1` north, `2` east,
 * `3` west); the one whose name the person took has "(computer)" after it, which no person's name can have
 * (brackets: lobby.ts, `readName`).
 */
function computerNames(person: string): Record<'N' | 'E' | 'W', string> {
  const named = (n: number) => (nameKey(`Computer ${n}`) === nameKey(person) ? `Computer ${n} (computer)` : `Computer ${n}`);
  return { N: named(1), E: named(2), W: named(3) };
}

/** The east–west pair of a person's table, in the library's results: one of its own, so no two tables share it. */
const computersOf = (name: string): string => `${name} (computers)`;

export interface DailyOptions {
  /** Boards a day, 1 to {@link MAX_DAILY_BOARDS}. */
  readonly boards: number;
  /** The computer players' level, written with each new day. */
  readonly level: ComputerLevel;
  /** Milliseconds since 1970 now (the day is the UTC date of it); default `Date.now`. */
  readonly now?: () => number;
}

const DAILY_PATH = /^\/daily(\/entries(?:\/([^/]+)(?:\/(next))?)?)?$/;

/** The computer players' seed for a board of a day: the day's own, so that every process plays alike. */
function daySeed(day: DailyDay, board: number): number {
  return Number.parseInt(day.seed.slice(0, 8), 16) ^ board;
}

/** The UTC date of `ms`, `YYYY-MM-DD`. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The results an entry keeps, read back from the store (what the server wrote: anything else is no result). */
function keptResults(text: string): Kept[] {
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter(
        (r): r is Kept =>
          typeof r === 'object' &&
          r !== null &&
          Number.isSafeInteger(r.board) &&
          typeof r.tricks?.NS === 'number' &&
          typeof r.tricks?.EW === 'number' &&
          typeof r.points?.NS === 'number' &&
          typeof r.points?.EW === 'number',
      )
      .map((r) => ({
        board: r.board,
        tricks: r.tricks,
        points: r.points,
        differs: Array.isArray(r.differs)
          ? r.differs.filter((d) => typeof d === 'object' && d !== null && Number.isSafeInteger(d.trick) && isCard(d.played) && isCard(d.computers))
          : null,
      }));
  } catch {
    return [];
  }
}

export class Daily {
  /** Each day's row, by day, as this process read or wrote it. */
  private readonly days = new Map<string, Promise<DailyDay>>();
  /** Each day's boards, dealt once. */
  private readonly boards = new Map<string, readonly Board[]>();
  /** Each board played by four computer players, by day and board. */
  private readonly computerResults = new Map<string, Promise<BoardResult | null>>();
  /** The last answer of `GET /daily`, with when it was worked out. */
  private todayCache: { readonly at: number; readonly answer: Promise<DailyToday> } | null = null;
  private readonly now: () => number;

  constructor(
    private readonly tables: Tables,
    private readonly store: DailyStore,
    private readonly log: Logger,
    private readonly computers: Computers | undefined,
    private readonly options: DailyOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a path is the daily challenge's. */
  static owns(pathname: string): boolean {
    return DAILY_PATH.test(pathname);
  }

  /** Answers a request to one of the daily challenge's routes. */
  async handle(r: LobbyRequest): Promise<void> {
    const m = DAILY_PATH.exec(r.url.pathname);
    if (m === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const [, entries, id, sub] = m;
    if (id !== undefined && !TABLE_ID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const method = (allowed: string): void => {
      if (r.method !== allowed) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `this route takes ${allowed}`, { allow: allowed });
    };
    if (entries === undefined) {
      method('GET');
      r.takeAddress();
      r.send(200, await this.today());
      return;
    }
    if (id === undefined) {
      method('POST');
      r.takeAddress();
      const name = readNameBody(await r.body());
      await r.countOpening();
      r.send(201, await this.enter(name));
      return;
    }
    const tokenHash = r.tokenHash();
    let entry: DailyEntryRow;
    try {
      entry = await this.ensureTable(await this.entryFor(id, tokenHash));
    } catch (e) {
      // A token or an id guessed: counted against the address, as at the tables.
      if (e instanceof ApiError && (e.status === 401 || e.status === 404)) r.takeAddress();
      throw e;
    }
    if (sub === undefined) {
      method('GET');
      r.send(200, await this.shown(entry));
      return;
    }
    method('POST');
    r.send(200, await this.shown(await this.next(entry)));
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, 'daily challenge', call);
  }

  /** The day's row: its seed written by the first process that asks. */
  private day(day: string): Promise<DailyDay> {
    let row = this.days.get(day);
    if (row === undefined) {
      row = this.db(() => this.store.day(day, randomBytes(16).toString('hex'), this.options.boards, this.options.level));
      this.days.set(day, row);
      row.catch(() => this.days.delete(day));
      if (this.days.size > 8) this.days.delete(this.days.keys().next().value as string);
    }
    return row;
  }

  /** The boards of a day, dealt from its seed. */
  private boardsOf(day: DailyDay): readonly Board[] {
    let boards = this.boards.get(day.day);
    if (boards === undefined) {
      boards = dealBoards(PRESETS[DAILY_RULES], { seed: day.seed, count: day.boards });
      this.boards.set(day.day, boards);
      if (this.boards.size > 8) this.boards.delete(this.boards.keys().next().value as string);
    }
    return boards;
  }

  /** `GET /daily`: today's boards, level and ranking; worked out at most once a second, however many pages poll it. */
  private today(): Promise<DailyToday> {
    const at = Date.now();
    const cached = this.todayCache;
    if (cached !== null && at - cached.at < RANKING_CACHE_MS) return cached.answer;
    const answer = this.workOutToday();
    this.todayCache = { at, answer };
    answer.catch(() => {
      if (this.todayCache?.answer === answer) this.todayCache = null;
    });
    return answer;
  }

  private async workOutToday(): Promise<DailyToday> {
    const day = await this.day(dayOf(this.now()));
    const entries = await this.db(() => this.store.entries(day.day, MAX_ENTRIES));
    return { day: day.day, boards: day.boards, level: day.level, rules: DAILY_RULES, ranking: this.ranking(entries) };
  }

  /** The day's ranking: matchpoints on every board finished by two people or more. */
  private ranking(entries: readonly DailyEntryRow[]): DailyPlace[] {
    const results = entries.flatMap((e) => keptResults(e.results).map((k) => this.resultOf(e.name, k)));
    if (results.length === 0) return [];
    return matchpoints(results, { apart: true })
      .standings.filter((s) => s.direction === 'NS' && s.boards > 0)
      .map((s) => ({ name: s.pair, boards: s.boards, percent: s.percent, rank: s.rank, tied: s.tied }));
  }

  private resultOf(name: string, k: Kept): BoardResult {
    return { board: k.board, ns: name, ew: computersOf(name), tricks: k.tricks, points: k.points };
  }

  /** `POST /daily/entries`: a new entry at board 1, its table open. */
  private async enter(name: string): Promise<DailyEntry & { token: string }> {
    const day = await this.day(dayOf(this.now()));
    const token = newToken();
    const row: DailyEntryRow = { id: newTableId(), day: day.day, name, tokenHash: hashToken(token), board: 1, tableId: null, results: '[]' };
    if (!(await this.db(() => this.store.enter(row))))
      throw new ApiError(409, 'NAME_TAKEN', `someone plays today's boards as ${name} already: choose another name`);
    const tableId = await this.openBoard(row, this.boardsOf(day)[0] as Board);
    const opened = { ...row, tableId };
    await this.db(() => this.store.advance(row.id, 1, null, 1, tableId, row.results));
    return { ...(await this.shown(opened)), token };
  }

  /** Opens the table of `board` for the entry: the person South, computer players elsewhere, dealt as the board holds it. */
  private async openBoard(entry: DailyEntryRow, board: Board): Promise<string> {
    const id = newTableId();
    const computers = computerNames(entry.name);
    await this.tables.create(
      {
        rules: DAILY_RULES,
        players: { N: computers.N, E: computers.E, S: entry.name, W: computers.W },
        computers: [computers.N, computers.E, computers.W],
        standInAfterSeconds: MAX_STAND_IN_SECONDS,
      },
      { id, tokenHashes: { [entry.name]: entry.tokenHash } },
      board,
    );
    // A computer player may have the first lead.
    void this.computers?.consider(id);
    return id;
  }

  /** The entry of this id and token: 401 for another token, 404 for no entry. */
  private async entryFor(id: string, tokenHash: string): Promise<DailyEntryRow> {
    const entry = await this.db(() => this.store.entry(id));
    if (entry === null) throw new ApiError(404, 'NOT_FOUND', 'there is no entry with this id');
    if (!sameHash(entry.tokenHash, tokenHash)) throw new ApiError(401, 'UNAUTHORIZED', "this token is not the entry's");
    return entry;
  }

  /**
   * The entry with its board's table: a board still to play whose table did not open (the process stopped
   * between writing the entry and opening it) gets it now.
   */
  private async ensureTable(entry: DailyEntryRow): Promise<DailyEntryRow> {
    if (entry.tableId !== null) return entry;
    const day = await this.day(entry.day);
    const board = this.boardsOf(day)[entry.board - 1];
    if (board === undefined) return entry;
    const tableId = await this.openBoard(entry, board);
    if (!(await this.db(() => this.store.advance(entry.id, entry.board, null, entry.board, tableId, entry.results)))) {
      const now = await this.db(() => this.store.entry(entry.id));
      if (now === null) throw new ApiError(404, 'NOT_FOUND', 'there is no entry with this id');
      return now;
    }
    return { ...entry, tableId };
  }

  /** The tricks and points of the entry's board once its hand is over, with the cards played; `null` while it is played. */
  private async finished(entry: DailyEntryRow): Promise<(Kept & { readonly plays: readonly string[] }) | null> {
    if (entry.tableId === null) return null;
    const played = await boardPlayed(this.tables, entry.tableId);
    return played === null ? null : { board: entry.board, tricks: played.tricks, points: played.points, plays: played.plays };
  }

  /**
   * The person's turns on a board where the computer players, from the person's own view, would have played
   * another card: `computerCard` at the day's level, on the solver's pool; `null` when the pool is too busy.
   */
  private async differs(day: DailyDay, board: Board, plays: readonly string[]): Promise<DailyTurn[] | null> {
    const level = readComputerLevel(day.level);
    const start = boardHand(PRESETS[DAILY_RULES], board);
    if (!level.ok || !start.ok) return null;
    const turns = await this.tables.solver.seatCards(start.value, plays, 'S', level.value, daySeed(day, board.number)).catch(() => null);
    return turns === null ? null : turns.filter((t) => t.played !== t.computers);
  }

  /** `POST …/next`: the board's result kept, and the next board's table opened. */
  private async next(entry: DailyEntryRow): Promise<DailyEntryRow> {
    const day = await this.day(entry.day);
    if (entry.tableId === null || entry.board > day.boards) throw new ApiError(409, 'DAILY_OVER', `all ${day.boards} boards of ${entry.day} are played`);
    const finished = await this.finished(entry);
    if (finished === null) throw new ApiError(409, 'BOARD_NOT_OVER', `board ${entry.board} is still being played`);
    const { plays, ...result } = finished;
    const played = this.boardsOf(day)[entry.board - 1];
    const differs = played === undefined ? null : await this.differs(day, played, plays);
    const kept: Kept[] = [...keptResults(entry.results), { ...result, differs }];
    const board = entry.board + 1;
    const tableId = board > day.boards ? null : await this.openBoard(entry, this.boardsOf(day)[board - 1] as Board);
    const results = JSON.stringify(kept);
    if (!(await this.db(() => this.store.advance(entry.id, entry.board, entry.tableId, board, tableId, results))))
      throw new ApiError(409, 'CONFLICT', 'the entry moved on meanwhile: read it again');
    // The ranking this process shows next has the board in it.
    this.todayCache = null;
    return { ...entry, board, tableId, results };
  }

  /** The board played by four computer players at the day's level, worked out once by the solver's pool. */
  private computersResult(day: DailyDay, board: Board): Promise<BoardResult | null> {
    const key = `${day.day}/${board.number}`;
    let result = this.computerResults.get(key);
    if (result === undefined) {
      const level = readComputerLevel(day.level);
      const start = boardHand(PRESETS[DAILY_RULES], board);
      const seed = daySeed(day, board.number);
      result =
        !level.ok || !start.ok
          ? Promise.resolve(null)
          : boardPlayedOn(this.tables, PRESETS[DAILY_RULES], board.number, { ns: 'computers', ew: 'computers (EW)' }, start.value, level.value, seed);
      this.computerResults.set(key, result);
      result.catch(() => this.computerResults.delete(key));
      if (this.computerResults.size > 4 * MAX_DAILY_BOARDS) this.computerResults.delete(this.computerResults.keys().next().value as string);
    }
    return result;
  }

  /** The entry as its answer shows it: each board beside the computer players' and the field's, the total and its rank. */
  private async shown(entry: DailyEntryRow): Promise<DailyEntry> {
    const day = await this.day(entry.day);
    const boards = this.boardsOf(day);
    const others = (await this.db(() => this.store.entries(entry.day, MAX_ENTRIES))).filter((e) => nameKey(e.name) !== nameKey(entry.name));
    const mine = keptResults(entry.results);
    const field = others.flatMap((e) => keptResults(e.results).map((k) => this.resultOf(e.name, k)));
    const all = [...mine.map((k) => this.resultOf(entry.name, k)), ...field];
    const scored = all.length === 0 ? null : matchpoints(all, { apart: true });
    const results: DailyBoard[] = [];
    for (const k of mine) {
      const board = boards[k.board - 1];
      const computers = board === undefined ? null : await this.computersResult(day, board).catch(() => null);
      const score = scored?.scores.find((s) => s.board === k.board && s.pair === entry.name);
      results.push({
        ...k,
        computers: computers === null ? null : { tricks: computers.tricks, points: computers.points },
        field: field
          .filter((r) => r.board === k.board)
          .map((r) => r.tricks.NS)
          .sort((a, b) => a - b),
        matchpoints: {
          value: score?.value ?? 0,
          top: score?.top ?? 0,
          percent: score === undefined || score.top === 0 ? null : Math.round((1000 * score.value) / score.top) / 10,
        },
      });
    }
    const standing = scored?.standings.find((s) => s.pair === entry.name);
    const ranked = scored?.standings.filter((s) => s.direction === 'NS' && s.boards > 0) ?? [];
    return {
      id: entry.id,
      name: entry.name,
      day: entry.day,
      boards: day.boards,
      board: entry.tableId === null ? null : entry.board,
      table: entry.tableId === null ? null : { id: entry.tableId },
      boardOver: (await this.finished(entry).catch(() => null)) !== null,
      results,
      total: {
        value: standing?.total ?? 0,
        top: standing?.top ?? 0,
        percent: standing?.percent ?? null,
        rank: standing !== undefined && standing.boards > 0 ? standing.rank : null,
        of: ranked.length,
      },
    };
  }
}
