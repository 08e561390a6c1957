/**
 * Duplicate events: pairs play the same boards at several tables under a movement (Howell or Mitchell,
 * 3 to 8 tables), round by round, and are scored by matchpoints or Knickerbocker against everyone who held
 * the same cards (docs/duplicate.md).
 *
 * - `POST /duplicate` `{ name?, tables, movement?, boardsPerRound?, scoring?, computers?, roundMinutes? }`:
 *   opens an event; 201 with the event (below) and `directorToken`, the director's token, which starts it.
 * - `POST /duplicate/:id/pairs` `{ players: [name, name] }`: a pair joins while the event is open; 201 with its
 *   number and each player's token (`DuplicatePairJoined`). Names are unique in an event, whatever their case.
 * - `POST /duplicate/:id/start` (the director's token): computer players fill the pairs no people joined as
 *   (when the event allows them: else 409 `EVENT_NOT_FULL`), the boards are dealt once from the server's
 *   CSPRNG, and round 1 begins.
 * - `GET /duplicate/:id` (any token, or none): the event (`DuplicateEvent`). A player's token shows their own
 *   table only; a board's results are shown once it has been played at every table that plays it (with a
 *   barometer movement, after each round), and the standings are over those boards. Without a player's
 *   token, the round's tables come with their spectators' tokens, so anyone may follow any table.
 *
 * Each board a table of people plays is a server table of its own (tables.ts), dealt as the board holds it
 * and played by the pairs' players with their tokens, computer players in a computer pair's seats; a board
 * between two computer pairs is played on the solver's pool (`computerPlayOn`). The event moves on when it is
 * read: each board over at its table is recorded and the table's next board opened, and when every table
 * of the round is done the next round begins. A round has a clock: a board not finished when it runs out is
 * played on by computer players from where it stands, and both its pairs get the director's average (half
 * the board's top in matchpoints, the field's average in Knickerbocker). The event is one row, changed by
 * compare-and-set (db/duplicate.ts): several processes move it on alike and record each board once.
 *
 * There are no accounts: a person who holds a player's token and reads the event without it is a spectator
 * like any other.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { type ComputerLevel, PRESETS, readComputerLevel, type Seat } from 'whist';
import {
  type Board,
  type BoardResult,
  boardHand,
  dealBoards,
  formatEventPbn,
  howell,
  knickerbocker,
  type Movement,
  matchpoints,
  mitchell,
  type Sitting,
} from 'whist/duplicate';
import type { DuplicateEvent, DuplicatePairJoined, DuplicateResult, DuplicateStandingShown, DuplicateTable, DuplicateYou } from './answers.js';
import { hashToken, newTableId, newToken, sameHash, TABLE_ID } from './auth.js';
import { boardPlayed, boardPlayedOn, tableHand } from './boards.js';
import type { Computers } from './computers.js';
import { nameKey } from './db/daily.js';
import type { DuplicateStore } from './db/duplicate.js';
import { ApiError, storeCall } from './errors.js';
import { type LobbyRequest, readName } from './lobby.js';
import { ratedTableOutcome } from './rated-tables.js';
import { invalid, isObject, onlyFields } from './requests.js';
import type { Logger, Tables } from './tables.js';

/** The rules every board of an event is played by. */
export const DUPLICATE_RULES = 'short' as const;

/** The bounds of an event's settings. */
export const DUPLICATE_LIMITS = { boardsPerRound: { min: 1, max: 4 }, roundMinutes: { min: 1, max: 120 }, name: 80 } as const;

/** The round's clock when the director sets none: minutes for each board of the round. */
const MINUTES_PER_BOARD = 8;

/** Events whose boards this process keeps dealt. */
const BOARDS_KEPT = 32;

/** Compare-and-set attempts of one move of an event before the request is told to try again. */
const ATTEMPTS = 5;

const PATH = /^\/duplicate(?:\/([^/]+)(?:\/(pairs|start|record)(?:\/([1-9]\d?)(?:\/(confirm))?)?)?)?$/;

/**
 * A pair as the event keeps it: its players' names, and their tokens' hashes (`null`: a computer pair). In
 * a rated event each token is the player's registered key (ratings.ts), and `proven` says whose is so far:
 * the second player's once they have confirmed the pair with theirs.
 */
interface PairDoc {
  readonly players: [string, string];
  readonly hashes: [string, string] | null;
  readonly proven?: [boolean, boolean];
}

/** A table of the round being played: where it is in its boards, and the server table of the board at it. */
interface SittingDoc {
  readonly table: number;
  readonly ns: number;
  readonly ew: number;
  readonly boards: readonly number[];
  /** The index in `boards` of the board being played; `boards.length` once all are played. */
  readonly at: number;
  readonly tableId: string | null;
  readonly spectator: string | null;
}

/** A board's result as the event keeps it: its pairs by number, the cards played, and whether it was averaged. */
interface ResultDoc extends DuplicateResult {
  readonly plays: string;
}

/** An event's whole state, the row's JSON. */
interface EventDoc {
  readonly name: string;
  /** The event counts for the ratings: registered players only, no computer pair. */
  readonly rated?: boolean;
  /** Anyone may follow the tables: their spectators' tokens are in the event's answer to a request without a player's token. */
  readonly spectators?: boolean;
  readonly kind: 'howell' | 'mitchell';
  readonly tables: number;
  readonly boardsPerRound: number;
  readonly scoring: 'matchpoints' | 'knickerbocker';
  readonly computers: boolean;
  readonly level: string;
  readonly roundMinutes: number;
  /** The boards' seed, written at the start. */
  readonly seed: string | null;
  readonly directorHash: string;
  readonly pairs: readonly PairDoc[];
  readonly status: 'open' | 'playing' | 'over';
  readonly round: number;
  /** When the round began, milliseconds since 1970 on the clock of the process that began it. */
  readonly roundStartedAt: number;
  readonly sittings: readonly SittingDoc[];
  readonly results: readonly ResultDoc[];
}

export interface DuplicateOptions {
  /** The computer players' level, written with each new event. */
  readonly level: ComputerLevel;
  /** Milliseconds since 1970 now; default `Date.now`. */
  readonly now?: () => number;
}

function wholeNumber(body: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const v = body[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) throw invalid(`${key} must be a whole number from ${min} to ${max}`);
  return v;
}

function oneOf<T extends string>(body: Record<string, unknown>, key: string, values: readonly T[], fallback: T): T {
  const v = body[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw invalid(`${key} must be one of ${values.join(', ')}`);
  return v as T;
}

/** The movement an event's settings make. */
function movementOf(doc: Pick<EventDoc, 'kind' | 'tables' | 'boardsPerRound'>): Movement {
  return (doc.kind === 'howell' ? howell : mitchell)(doc.tables, { boardsPerRound: doc.boardsPerRound });
}

/** An event's name: 1 to 80 characters, letters and digits first, then also spaces and common punctuation. */
function readEventName(value: unknown): string {
  if (typeof value !== 'string' || value.length > DUPLICATE_LIMITS.name * 4)
    throw invalid(`name must be a string of at most ${DUPLICATE_LIMITS.name} characters`);
  const name = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if ([...name].length < 1 || [...name].length > DUPLICATE_LIMITS.name || !/^[\p{L}\p{N}][\p{L}\p{N} '’.,:;()&!?#+\-_/]*$/u.test(name))
    throw invalid(`name must be 1 to ${DUPLICATE_LIMITS.name} letters, digits, spaces and ' . , : ; ( ) & ! ? # + - _ /, starting with a letter or digit`);
  return name;
}

/** Reads `POST /duplicate`'s body into a new event's settings. */
function readOpening(body: unknown, level: ComputerLevel, directorHash: string): EventDoc {
  if (!isObject(body)) throw invalid('the body must be an object: { "tables": 3 to 8, … }');
  onlyFields(body, ['name', 'tables', 'movement', 'boardsPerRound', 'scoring', 'computers', 'roundMinutes', 'rated', 'spectators']);
  const name = body.name === undefined ? 'Duplicate' : readEventName(body.name);
  if (body.tables === undefined) throw invalid('tables is missing: a whole number from 3 to 8');
  const tables = wholeNumber(body, 'tables', 3, 8, 3);
  const kind = oneOf(body, 'movement', ['howell', 'mitchell'] as const, 'howell');
  const boardsPerRound = wholeNumber(body, 'boardsPerRound', DUPLICATE_LIMITS.boardsPerRound.min, DUPLICATE_LIMITS.boardsPerRound.max, 2);
  const scoring = oneOf(body, 'scoring', ['matchpoints', 'knickerbocker'] as const, 'matchpoints');
  if (body.computers !== undefined && typeof body.computers !== 'boolean') throw invalid('computers must be true or false');
  if (body.rated !== undefined && typeof body.rated !== 'boolean') throw invalid('rated must be true or false');
  const rated = body.rated === true;
  if (rated && body.computers === true) throw invalid('a rated event has no computer players: computers must be false');
  if (body.spectators !== undefined && typeof body.spectators !== 'boolean') throw invalid('spectators must be true or false');
  const spectators = body.spectators === true;
  if (rated && spectators) throw invalid('a rated event has no spectators: a player could watch a board before playing it');
  const roundMinutes = wholeNumber(
    body,
    'roundMinutes',
    DUPLICATE_LIMITS.roundMinutes.min,
    DUPLICATE_LIMITS.roundMinutes.max,
    Math.min(DUPLICATE_LIMITS.roundMinutes.max, MINUTES_PER_BOARD * boardsPerRound),
  );
  return {
    name,
    ...(rated ? { rated } : {}),
    ...(spectators ? { spectators } : {}),
    kind,
    tables,
    boardsPerRound,
    scoring,
    computers: !rated && body.computers !== false,
    level,
    roundMinutes,
    seed: null,
    directorHash,
    pairs: [],
    status: 'open',
    round: 0,
    roundStartedAt: 0,
    sittings: [],
    results: [],
  };
}

function readPlayers(body: unknown): [string, string] {
  if (!isObject(body)) throw invalid('the body must be { "players": ["name", "name"] }');
  onlyFields(body, ['players']);
  const players = body.players;
  if (!Array.isArray(players) || players.length !== 2) throw invalid('players must be the pair\'s two names: ["name", "name"]');
  const names: [string, string] = [readName(players[0]), readName(players[1])];
  if (nameKey(names[0]) === nameKey(names[1])) throw new ApiError(409, 'NAME_TAKEN', 'the two players of a pair need two names');
  return names;
}

/** The names of a computer pair's two players: brackets, which no person's name can have (lobby.ts, `readName`). */
function computerPlayers(pair: number): [string, string] {
  return [`Pair ${pair} (computer 1)`, `Pair ${pair} (computer 2)`];
}

/** The seats a pair holds at a sitting: north and south, or east and west, its first player first. */
function seatsOf(sitting: Pick<SittingDoc, 'ns' | 'ew'>, pair: number): [Seat, Seat] | null {
  if (sitting.ns === pair) return ['N', 'S'];
  if (sitting.ew === pair) return ['E', 'W'];
  return null;
}

/** The computer players' seed for a board: the event's own, so that every process plays alike. */
function boardSeed(doc: EventDoc, board: number): number {
  return (Number.parseInt((doc.seed ?? '0').slice(0, 8), 16) ^ (board * 2_654_435_761)) >>> 0;
}

const sittingDoc = (s: Sitting): SittingDoc => ({ table: s.table, ns: s.ns, ew: s.ew, boards: s.boards, at: 0, tableId: null, spectator: null });

function isComputerPair(doc: EventDoc, pair: number): boolean {
  return doc.pairs[pair - 1]?.hashes === null;
}

const resultOf = (r: ResultDoc): BoardResult => ({ board: r.board, ns: String(r.ns), ew: String(r.ew), tricks: r.tricks, points: r.points });

/**
 * The standings over `shown`: the library's matchpoints or Knickerbocker over the boards played, and the
 * director's average for each pair of an averaged board (half the board's top in matchpoints, against the
 * pairs of its field that played it; 0 in Knickerbocker, the field's average).
 */
function standingsOf(doc: EventDoc, shown: readonly ResultDoc[]): DuplicateStandingShown[] {
  const played = shown.filter((r) => !r.average);
  const apart = doc.kind === 'mitchell';
  const scored =
    played.length === 0 ? [] : (doc.scoring === 'matchpoints' ? matchpoints(played.map(resultOf), { apart }) : knickerbocker(played.map(resultOf))).scores;
  const sums = new Map<number, { total: number; top: number; boards: number }>();
  const add = (pair: number, value: number, top: number): void => {
    const s = sums.get(pair) ?? { total: 0, top: 0, boards: 0 };
    sums.set(pair, { total: s.total + value, top: s.top + top, boards: s.boards + 1 });
  };
  for (const s of scored) add(Number(s.pair), s.value, s.top);
  for (const r of shown.filter((x) => x.average)) {
    const field = played.filter((x) => x.board === r.board).length;
    const top = doc.scoring === 'matchpoints' ? 2 * field : 0;
    add(r.ns, top / 2, top);
    add(r.ew, top / 2, top);
  }
  // With a Mitchell's two fields, north–south's first.
  const direction = (pair: number): number => (apart && pair > doc.tables ? 1 : 0);
  const key = (s: { total: number; top: number }): number => (doc.scoring === 'matchpoints' ? (s.top === 0 ? 0 : s.total / s.top) : s.total);
  const rows = [...sums].map(([pair, s]) => ({ pair, ...s, key: key(s) }));
  rows.sort((a, b) => direction(a.pair) - direction(b.pair) || b.key - a.key || a.pair - b.pair);
  return rows.map((r) => {
    const field = rows.filter((o) => direction(o.pair) === direction(r.pair));
    const rank = 1 + field.filter((o) => o.key > r.key + 1e-9).length;
    const tied = field.some((o) => o.pair !== r.pair && Math.abs(o.key - r.key) <= 1e-9);
    const percent = doc.scoring === 'matchpoints' && r.top > 0 ? Math.round((1000 * r.total) / r.top) / 10 : null;
    const players = doc.pairs[r.pair - 1]?.players ?? computerPlayers(r.pair);
    return { pair: r.pair, players, boards: r.boards, total: r.total, top: r.top, percent, rank, tied };
  });
}

export class DuplicateEvents {
  /** Each event's boards, dealt once, by id. */
  private readonly boards = new Map<string, readonly Board[]>();
  /** Boards played on by computer players from their start, by event, seed, board and pairs: worked out once in this process. */
  private readonly computerBoards = new Map<string, Promise<BoardResult | null>>();
  /** The move of each event under way in this process: reads wait for it rather than race it. */
  private readonly moving = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  /** Called when this process writes an event's end (the ratings then read the events again). */
  onOver: (id: string) => void = () => {};

  constructor(
    private readonly tables: Tables,
    private readonly store: DuplicateStore,
    private readonly log: Logger,
    private readonly computers: Computers | undefined,
    private readonly options: DuplicateOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a path is the duplicate events'. */
  static owns(pathname: string): boolean {
    return PATH.test(pathname);
  }

  /** Answers a request to one of the duplicate events' routes. */
  async handle(r: LobbyRequest): Promise<void> {
    const m = PATH.exec(r.url.pathname);
    if (m === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const [, id, sub, pair, confirm] = m;
    const method = (allowed: string): void => {
      if (r.method !== allowed) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `this route takes ${allowed}`, { allow: allowed });
    };
    if (id === undefined) {
      method('POST');
      r.takeAddress();
      const director = newToken();
      const doc = readOpening(await r.body(), this.options.level, hashToken(director));
      await r.countOpening();
      const eventId = newTableId();
      if (!(await this.db(() => this.store.insert(eventId, JSON.stringify(doc), doc.rated === true)))) throw new ApiError(500, 'INTERNAL', 'no free event id');
      r.send(201, { ...this.shown(eventId, doc, null, hashToken(director)), directorToken: director });
      return;
    }
    if (!TABLE_ID.test(id) || (pair !== undefined && sub !== 'pairs')) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    if (sub === 'record') {
      method('GET');
      r.takeAddress();
      r.send(200, await this.record(id));
      return;
    }
    if (sub === undefined) {
      method('GET');
      const tokenHash = r.req.headers.authorization === undefined ? null : r.tokenHash();
      if (tokenHash === null) r.takeAddress();
      const doc = await this.move(id);
      r.send(200, this.shown(id, doc, tokenHash, tokenHash));
      return;
    }
    if (pair !== undefined && confirm === undefined) {
      method('DELETE');
      const tokenHash = r.tokenHash();
      r.send(200, this.shown(id, await this.remove(id, Number(pair), tokenHash), tokenHash, tokenHash));
      return;
    }
    method('POST');
    if (sub === 'pairs' && confirm !== undefined) {
      const tokenHash = r.tokenHash();
      r.send(200, await this.confirm(id, Number(pair), tokenHash));
      return;
    }
    if (sub === 'pairs') {
      r.takeAddress();
      const players = readPlayers(await r.body());
      // A rated event's pair joins with its first player's key: their registered name proven.
      const keyHash = r.req.headers.authorization === undefined ? null : r.tokenHash();
      r.send(201, await this.join(id, players, keyHash));
      return;
    }
    const tokenHash = r.tokenHash();
    r.send(200, this.shown(id, await this.start(id, tokenHash), tokenHash, tokenHash));
  }

  /** Whether `keyHash` is the registered key of `name` (ratings.ts); a name no one registered is not. */
  private async registered(name: string, keyHash: string | null): Promise<boolean> {
    if (keyHash === null) return false;
    const player = await this.db(() => this.store.player(nameKey(name)));
    return player !== null && sameHash(player.keyHash, keyHash);
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, 'duplicate event', call);
  }

  private async read(id: string): Promise<{ version: number; doc: EventDoc }> {
    const row = await this.db(() => this.store.read(id));
    if (row === null) throw new ApiError(404, 'NOT_FOUND', 'there is no duplicate event with this id');
    // The row is the server's own writing.
    return { version: row.version, doc: JSON.parse(row.doc) as EventDoc };
  }

  /**
   * Changes an event: `change` makes its next state from the one read (or `null`: nothing to change), written
   * by compare-and-set and tried again on the state another request wrote meanwhile. Returns the state
   * written, or the one read when there was nothing to change. `opened`: the server tables `change` opened,
   * which computer players are told of once the state that names them is written.
   */
  private async change(id: string, change: (doc: EventDoc, opened: string[]) => Promise<EventDoc | null>): Promise<EventDoc> {
    const previous = this.moving.get(id) ?? Promise.resolve();
    const run = previous
      .catch(() => {})
      .then(async () => {
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          const { version, doc } = await this.read(id);
          const opened: string[] = [];
          const next = await change(doc, opened);
          if (next === null) return doc;
          if (await this.db(() => this.store.update(id, version, JSON.stringify(next), next.status === 'over'))) {
            for (const tableId of opened) void this.computers?.consider(tableId);
            if (next.status === 'over' && doc.status !== 'over') this.onOver(id);
            return next;
          }
        }
        throw new ApiError(409, 'CONFLICT', 'the event kept changing: try again');
      });
    this.moving.set(id, run);
    const done = (): void => {
      if (this.moving.get(id) === run) this.moving.delete(id);
    };
    run.then(done, done);
    return run;
  }

  /**
   * `POST …/pairs`: a pair joins an open event. At a rated event both names must be registered, the request
   * holds the first player's key, and the pair counts once its second player has confirmed it with theirs
   * (`POST …/pairs/:n/confirm`); the names are then written as they were registered. Each player's token is
   * one of the event's own, never their key.
   */
  private async join(id: string, players: [string, string], keyHash: string | null): Promise<DuplicatePairJoined> {
    const tokens: [string, string] = [newToken(), newToken()];
    let number = 0;
    const doc = await this.change(id, async (doc) => {
      if (doc.status !== 'open') throw new ApiError(409, 'EVENT_STARTED', 'the event has started: no pair joins now');
      const movement = movementOf(doc);
      if (doc.pairs.length >= movement.pairs) throw new ApiError(409, 'EVENT_FULL', `the event has its ${movement.pairs} pairs`);
      const taken = new Set(doc.pairs.flatMap((p) => p.players.map(nameKey)));
      for (const name of players) if (taken.has(nameKey(name))) throw new ApiError(409, 'NAME_TAKEN', `a player of this event is called ${name} already`);
      number = doc.pairs.length + 1;
      const hashes: [string, string] = [hashToken(tokens[0]), hashToken(tokens[1])];
      if (doc.rated !== true) return { ...doc, pairs: [...doc.pairs, { players, hashes }] };
      const first = await this.db(() => this.store.player(nameKey(players[0])));
      const second = await this.db(() => this.store.player(nameKey(players[1])));
      if (first === null || keyHash === null || !sameHash(first.keyHash, keyHash))
        throw new ApiError(401, 'UNAUTHORIZED', `a rated event's pair joins with its first player's registered key: ${players[0]}'s`);
      if (second === null) throw new ApiError(404, 'NOT_FOUND', `no one is registered as ${players[1]}: a rated event's players are registered names`);
      return { ...doc, pairs: [...doc.pairs, { players: [first.name, second.name], hashes, proven: [true, false] }] };
    });
    return { pair: number, tokens, event: this.shown(id, doc, hashToken(tokens[0]), null) };
  }

  /**
   * `POST …/pairs/:n/confirm`: the second player of a rated event's pair proves their name with their key;
   * the answer holds their token for the event (a new one: the one the partner's link held is no longer theirs).
   */
  private async confirm(id: string, pair: number, keyHash: string): Promise<{ token: string; event: DuplicateEvent }> {
    const token = newToken();
    const doc = await this.change(id, async (doc) => {
      if (doc.status !== 'open') throw new ApiError(409, 'EVENT_STARTED', 'the event has started');
      const p = doc.pairs[pair - 1];
      if (p === undefined || p.hashes === null || p.proven === undefined) throw new ApiError(404, 'NOT_FOUND', `the event has no pair ${pair} to confirm`);
      if (!(await this.registered(p.players[1], keyHash))) throw new ApiError(401, 'UNAUTHORIZED', `this is not ${p.players[1]}'s key`);
      const pairs = doc.pairs.map((q, i) =>
        i === pair - 1 ? { ...p, hashes: [p.hashes?.[0] as string, hashToken(token)] as [string, string], proven: [true, true] as [boolean, boolean] } : q,
      );
      return { ...doc, pairs };
    });
    return { token, event: this.shown(id, doc, hashToken(token), null) };
  }

  /** `DELETE …/pairs/:n` (the director's token): a pair leaves an open event; the pairs after it move up a number. */
  private async remove(id: string, pair: number, tokenHash: string): Promise<EventDoc> {
    return this.change(id, async (doc) => {
      if (!sameHash(doc.directorHash, tokenHash)) throw new ApiError(403, 'NOT_DIRECTOR', "only the director's token removes a pair");
      if (doc.status !== 'open') throw new ApiError(409, 'EVENT_STARTED', 'the event has started: its pairs stay');
      if (doc.pairs[pair - 1] === undefined) throw new ApiError(404, 'NOT_FOUND', `the event has no pair ${pair}`);
      return { ...doc, pairs: doc.pairs.filter((_, i) => i !== pair - 1) };
    });
  }

  /**
   * `GET …/record`: the event as a Whist record (`formatEventPbn`), once it is over: its boards, and every
   * table's result with the cards played (when they were played to the end), the pairs by number.
   */
  private async record(id: string): Promise<{ name: string; record: string }> {
    const { doc } = await this.read(id);
    if (doc.status !== 'over') throw new ApiError(409, 'EVENT_NOT_OVER', "an event's record is there once it is over: its boards are still being played");
    // A hand a claim or a concession ended has no play to the end: its result stands without one.
    const whole = (plays: string): boolean => plays.split(' ').length === 52;
    const results = doc.results.map((r) => ({ ...resultOf(r), ...(whole(r.plays) ? { plays: r.plays } : {}) }));
    return { name: doc.name, record: formatEventPbn({ name: doc.name, boards: this.boardsOf(id, doc), results }) };
  }

  /** `POST …/start`: the director starts the event; computer pairs fill the others, and round 1 begins. */
  private async start(id: string, tokenHash: string): Promise<EventDoc> {
    return this.change(id, async (doc, opened) => {
      if (!sameHash(doc.directorHash, tokenHash)) throw new ApiError(403, 'NOT_DIRECTOR', "only the director's token starts the event");
      if (doc.status !== 'open') throw new ApiError(409, 'EVENT_STARTED', 'the event has started already');
      const movement = movementOf(doc);
      const missing = movement.pairs - doc.pairs.length;
      const unconfirmed = doc.pairs.findIndex((p) => p.proven !== undefined && !p.proven[1]);
      if (unconfirmed >= 0)
        throw new ApiError(
          409,
          'PAIR_NOT_CONFIRMED',
          `pair ${unconfirmed + 1}'s second player has not confirmed it with their key: a rated event starts once every pair has`,
        );
      if (missing > 0 && !doc.computers)
        throw new ApiError(409, 'EVENT_NOT_FULL', `${missing} of the ${movement.pairs} pairs are missing, and computer players may not fill them`);
      const pairs = [...doc.pairs];
      while (pairs.length < movement.pairs) pairs.push({ players: computerPlayers(pairs.length + 1), hashes: null });
      const started: EventDoc = {
        ...doc,
        pairs,
        seed: randomBytes(16).toString('hex'),
        status: 'playing',
        round: 1,
        roundStartedAt: this.now(),
        sittings: movement.sittings.filter((s) => s.round === 1).map(sittingDoc),
      };
      return (await this.advance(id, started, opened)) ?? started;
    });
  }

  /** `GET /duplicate/:id`: the event, moved on as far as its tables have played. */
  private move(id: string): Promise<EventDoc> {
    return this.change(id, (doc, opened) => this.advance(id, doc, opened));
  }

  /** The boards of an event, dealt from its seed once. */
  private boardsOf(id: string, doc: EventDoc): readonly Board[] {
    // By id and seed: a start tried again (its compare-and-set lost) draws another seed.
    const key = `${id} ${doc.seed}`;
    let boards = this.boards.get(key);
    if (boards === undefined) {
      boards = dealBoards(PRESETS[DUPLICATE_RULES], { seed: doc.seed ?? '', count: movementOf(doc).boards });
      this.boards.set(key, boards);
      if (this.boards.size > BOARDS_KEPT) this.boards.delete(this.boards.keys().next().value as string);
    }
    return boards;
  }

  /** Opens the server table of a sitting's board: each pair's players in their seats, computer players in a computer pair's. */
  private async openTable(doc: EventDoc, sitting: SittingDoc, board: Board): Promise<{ id: string; spectator: string }> {
    const ns = doc.pairs[sitting.ns - 1] as PairDoc;
    const ew = doc.pairs[sitting.ew - 1] as PairDoc;
    const players = { N: ns.players[0], S: ns.players[1], E: ew.players[0], W: ew.players[1] };
    const tokenHashes: Record<string, string> = {};
    for (const pair of [ns, ew])
      if (pair.hashes !== null) {
        tokenHashes[pair.players[0]] = pair.hashes[0];
        tokenHashes[pair.players[1]] = pair.hashes[1];
      }
    const computers = [ns, ew].filter((p) => p.hashes === null).flatMap((p) => p.players);
    const created = await this.tables.create({ rules: DUPLICATE_RULES, players, computers }, { id: newTableId(), tokenHashes }, board);
    return { id: created.id, spectator: created.spectator };
  }

  /**
   * The event moved on from `doc` as far as its tables have played: boards over recorded and the next ones
   * opened, boards between computer pairs played on the solver's pool, boards the round's clock ran out on
   * played on by computer players and averaged, and the next round begun once every table is done; `null`
   * when nothing moved.
   */
  private async advance(id: string, doc: EventDoc, opened: string[]): Promise<EventDoc | null> {
    if (doc.status !== 'playing') return null;
    const rules = PRESETS[DUPLICATE_RULES];
    const boards = this.boardsOf(id, doc);
    const level = readComputerLevel(doc.level);
    if (!level.ok) throw new ApiError(500, 'INTERNAL', `the event's level ${doc.level} is not one`);
    const late = this.now() >= doc.roundStartedAt + doc.roundMinutes * 60_000;
    let changed = false;
    const results = [...doc.results];
    const sittings: SittingDoc[] = [];
    for (const s of doc.sittings) {
      let cur = s;
      while (cur.at < cur.boards.length) {
        const number = cur.boards[cur.at] as number;
        const board = boards[number - 1] as Board;
        const people = !isComputerPair(doc, cur.ns) || !isComputerPair(doc, cur.ew);
        const record = (r: Omit<ResultDoc, 'board' | 'round' | 'ns' | 'ew'>): void => {
          results.push({ board: number, round: doc.round, ns: cur.ns, ew: cur.ew, ...r });
          cur = { ...cur, at: cur.at + 1, tableId: null, spectator: null };
          changed = true;
        };
        // A table gone from the store (swept) leaves the board to computer players, from its start, averaged.
        let gone = false;
        if (cur.tableId !== null) {
          const played = await boardPlayed(this.tables, cur.tableId).catch((e: unknown) => {
            if (e instanceof ApiError && e.status === 404) return 'gone' as const;
            throw e;
          });
          if (played === 'gone') gone = true;
          else if (played !== null) {
            record({ tricks: played.tricks, points: played.points, plays: played.plays.join(' '), average: false });
            continue;
          }
        }
        if (people && !late && !gone) {
          if (cur.tableId === null) {
            const table = await this.openTable(doc, cur, board);
            opened.push(table.id);
            cur = { ...cur, tableId: table.id, spectator: table.spectator };
            changed = true;
          }
          break;
        }
        // Computer players play the board: two computer pairs from its start; people whose round's clock ran
        // out from where their table stands.
        const pairs = { ns: String(cur.ns), ew: String(cur.ew) };
        let result: BoardResult | null;
        if (cur.tableId === null || gone) {
          // From its start: the same for every process, so worked out once in this one.
          const key = `${id} ${doc.seed} ${number} ${pairs.ns} ${pairs.ew}`;
          let once = this.computerBoards.get(key);
          if (once === undefined) {
            const start = boardHand(rules, board);
            once = start.ok ? boardPlayedOn(this.tables, rules, number, pairs, start.value, level.value, boardSeed(doc, number)) : Promise.resolve(null);
            this.computerBoards.set(key, once);
            // A board the pool could not play is tried again at the next read.
            const forget = (): void => {
              this.computerBoards.delete(key);
            };
            once.then((r) => {
              if (r === null) forget();
            }, forget);
            if (this.computerBoards.size > 4 * BOARDS_KEPT) this.computerBoards.delete(this.computerBoards.keys().next().value as string);
          }
          result = await once;
        } else {
          const hand = await tableHand(this.tables, cur.tableId);
          result = hand === null ? null : await boardPlayedOn(this.tables, rules, number, pairs, hand, level.value, boardSeed(doc, number));
        }
        if (result === null) {
          this.log.error(`duplicate event ${id}: board ${number} could not be played on by computer players; tried again at the next read`);
          break;
        }
        record({ tricks: result.tricks, points: result.points, plays: result.plays ?? '', average: people });
      }
      sittings.push(cur);
    }
    const next = { ...doc, results, sittings };
    if (sittings.some((s) => s.at < s.boards.length)) return changed ? next : null;
    const movement = movementOf(doc);
    if (doc.round >= movement.rounds) return { ...next, status: 'over', sittings: [] };
    const round = doc.round + 1;
    const following: EventDoc = {
      ...next,
      round,
      roundStartedAt: this.now(),
      sittings: movement.sittings.filter((s) => s.round === round).map(sittingDoc),
    };
    return (await this.advance(id, following, opened)) ?? following;
  }

  /** The event as the holder of `tokenHash` sees it (`null`: no token), `directorHash` the token tried as the director's. */
  private shown(id: string, doc: EventDoc, tokenHash: string | null, directorHash: string | null): DuplicateEvent {
    const movement = movementOf(doc);
    let you: DuplicateYou | null = null;
    if (tokenHash !== null)
      doc.pairs.forEach((p, i) => {
        const which = p.hashes?.findIndex((h) => sameHash(h, tokenHash)) ?? -1;
        if (which < 0) return;
        const pair = i + 1;
        const sitting = doc.sittings.find((s) => s.ns === pair || s.ew === pair);
        const seats = sitting === undefined ? null : seatsOf(sitting, pair);
        const playing = sitting !== undefined && sitting.at < sitting.boards.length;
        you = {
          pair,
          player: p.players[which] as string,
          table: sitting?.table ?? null,
          seat: seats === null ? null : (seats[which] as Seat),
          tableId: playing ? sitting.tableId : null,
          board: playing ? (sitting.boards[sitting.at] as number) : null,
        };
      });
    const mine = you as DuplicateYou | null;
    const tables: DuplicateTable[] = doc.sittings
      .filter((s) => mine === null || s.table === mine.table)
      .map((s) => ({
        table: s.table,
        ns: s.ns,
        ew: s.ew,
        boards: s.boards,
        board: s.at < s.boards.length ? (s.boards[s.at] as number) : null,
        tableId: s.at < s.boards.length ? s.tableId : null,
        spectator: mine === null && doc.spectators === true && s.at < s.boards.length ? s.spectator : null,
      }));
    // A board's results once it has been played at every table that plays it.
    const plays = new Map<number, number>();
    for (const s of movement.sittings) for (const b of s.boards) plays.set(b, (plays.get(b) ?? 0) + 1);
    const done = new Map<number, number>();
    for (const r of doc.results) done.set(r.board, (done.get(r.board) ?? 0) + 1);
    const shownResults = doc.results.filter((r) => done.get(r.board) === plays.get(r.board));
    // The answer leaves the cards played out: the boards are shown, not replayed.
    const results: DuplicateResult[] = shownResults.map(({ plays: _, ...r }) => r);
    return {
      id,
      name: doc.name,
      rated: doc.rated === true,
      spectators: doc.spectators === true,
      status: doc.status,
      rules: DUPLICATE_RULES,
      movement: {
        kind: doc.kind,
        tables: doc.tables,
        pairs: movement.pairs,
        rounds: movement.rounds,
        boardsPerRound: doc.boardsPerRound,
        boards: movement.boards,
        barometer: movement.barometer,
      },
      scoring: doc.scoring,
      computers: doc.computers,
      level: doc.level,
      roundMinutes: doc.roundMinutes,
      round: doc.round,
      roundEndsAt: doc.status === 'playing' ? new Date(doc.roundStartedAt + doc.roundMinutes * 60_000).toISOString() : null,
      pairs: doc.pairs.map((p, i) => ({ pair: i + 1, players: p.players, computer: p.hashes === null, confirmed: p.proven?.[1] ?? true })),
      tables,
      results,
      standings: standingsOf(doc, shownResults),
      you: mine,
      director: directorHash !== null && sameHash(doc.directorHash, directorHash),
    };
  }
}

/** What a rated event, or a rated table's rubber, that has ended gives the ratings (ratings.ts). */
export interface RatedOutcome {
  /** Each field (one for a Howell or a rubber, north–south and east–west for a Mitchell): its pairs' players and ranks. */
  readonly fields: readonly (readonly { readonly players: readonly [string, string]; readonly rank: number }[])[];
  /** Each meeting of two pairs: a board of an event (`boards` 1), or a rubber (`boards` 0: the floor counts duplicate boards). */
  readonly boards: readonly { readonly players: readonly [string, string]; readonly against: readonly [string, string]; readonly boards?: number }[];
}

/** The outcome of a rated event from its stored state (the row's JSON text), or `null` for an event that is not rated or not over. */
export function ratedOutcome(text: string): RatedOutcome | null {
  const row = JSON.parse(text) as EventDoc | { readonly kind: 'table' };
  if (row.kind === 'table') return ratedTableOutcome(text);
  const doc = row as EventDoc;
  if (doc.rated !== true || doc.status !== 'over') return null;
  const standings = standingsOf(doc, doc.results);
  const playersOf = (pair: number): readonly [string, string] => doc.pairs[pair - 1]?.players ?? computerPlayers(pair);
  const direction = (pair: number): number => (doc.kind === 'mitchell' && pair > doc.tables ? 1 : 0);
  const fields: { players: readonly [string, string]; rank: number }[][] = doc.kind === 'mitchell' ? [[], []] : [[]];
  for (const s of standings) fields[direction(s.pair)]?.push({ players: playersOf(s.pair), rank: s.rank });
  const boards = doc.results.flatMap((r) => [
    { players: playersOf(r.ns), against: playersOf(r.ew) },
    { players: playersOf(r.ew), against: playersOf(r.ns) },
  ]);
  return { fields: fields.filter((f) => f.length > 1), boards };
}
