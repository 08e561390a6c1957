/**
 * Rated tables: four registered players (ratings.ts) at one server table, whose first rubber counts for
 * their ratings, partners against partners.
 *
 * - `POST /rated-tables` `{ players: { N, E, S, W } }` (the key of one of the four): four registered names,
 *   each once; 201 with `{ id, seat, token, table }`: the opener's seat and token (the table's own, never the
 *   key) and the table as below.
 * - `POST /rated-tables/:id/confirm` (a player's key): that player takes their seat; 200 with `{ seat, token,
 *   table }`. Once all four have, the server table opens (Short Whist, no computer player in any seat: a rated
 *   table cannot start with one), and each token is its player's seat there.
 * - `GET /rated-tables/:id` (any token, or none): `{ id, status: "gathering" | "playing" | "over", players,
 *   confirmed: { N, E, S, W }, tableId, winner }`; `tableId` only to one of its players' tokens.
 *
 * The rubber's end is recorded when the rated table is read after it, or when the ratings are read
 * (`settleOpen`); the winner, and who sat where, are kept in the row, so the ratings no longer need the
 * server table, which the retention may remove. The table plays on after its first rubber, unrated.
 *
 * @module
 */

import { currentRubber, finishedRubbers, rubberWinner, SEATS, type Seat, type Side } from 'whist';
import { hashToken, newTableId, newToken, sameHash, TABLE_ID } from './auth.js';
import { nameKey } from './db/daily.js';
import type { DuplicateStore, PlayerRow } from './db/duplicate.js';
import { ApiError, storeCall, whyOf } from './errors.js';
import { type LobbyRequest, readName } from './lobby.js';
import { invalid, isObject, onlyFields } from './requests.js';
import type { Logger, Tables } from './tables.js';

const PATH = /^\/rated-tables(?:\/([^/]+)(?:\/(confirm))?)?$/;

/** Rated tables settled at most at one read of the ratings. */
const SETTLE_AT_ONCE = 100;

/** A rated table as its row keeps it. */
interface RatedTableDoc {
  readonly kind: 'table';
  /** Each seat's registered name. */
  readonly players: Readonly<Record<Seat, string>>;
  /** Each seat's token hash, once its player has taken it. */
  readonly hashes: Readonly<Record<Seat, string | null>>;
  readonly tableId: string | null;
  /** The first rubber's winner, and who sat where in it, once it is over. */
  readonly outcome: { readonly winner: Side; readonly players: Readonly<Record<Seat, string>> } | null;
}

/** What a rated table's row gives the ratings: one match of two partnerships, the winners first. */
export function ratedTableOutcome(text: string) {
  const doc = JSON.parse(text) as RatedTableDoc;
  if (doc.outcome === null) return null;
  const p = doc.outcome.players;
  const ns = [p.N, p.S] as const;
  const ew = [p.E, p.W] as const;
  return {
    fields: [
      [
        { players: ns, rank: doc.outcome.winner === 'NS' ? 1 : 2 },
        { players: ew, rank: doc.outcome.winner === 'EW' ? 1 : 2 },
      ],
    ],
    boards: [
      { players: ns, against: ew, boards: 0 },
      { players: ew, against: ns, boards: 0 },
    ],
  };
}

function readPlayers(body: unknown): Record<Seat, string> {
  if (!isObject(body)) throw invalid('the body must be { "players": { "N", "E", "S", "W" } }');
  onlyFields(body, ['players']);
  const players = body.players;
  if (!isObject(players) || Object.keys(players).length !== 4) throw invalid('players must be { "N": name, "E": name, "S": name, "W": name }');
  const names = {} as Record<Seat, string>;
  for (const seat of SEATS) names[seat] = readName(players[seat]);
  if (new Set(SEATS.map((s) => nameKey(names[s]))).size !== 4) throw new ApiError(409, 'NAME_TAKEN', 'four different players sit at a rated table');
  return names;
}

export class RatedTables {
  /** Called when this process records a rated rubber's end (the ratings then read the rows again). */
  onOver: (id: string) => void = () => {};

  constructor(
    private readonly tables: Tables,
    private readonly store: DuplicateStore,
    private readonly log: Logger,
  ) {}

  static owns(pathname: string): boolean {
    return PATH.test(pathname);
  }

  async handle(r: LobbyRequest): Promise<void> {
    const m = PATH.exec(r.url.pathname);
    if (m === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const [, id, confirm] = m;
    const method = (allowed: string): void => {
      if (r.method !== allowed) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `this route takes ${allowed}`, { allow: allowed });
    };
    if (id === undefined) {
      method('POST');
      r.takeAddress();
      const players = readPlayers(await r.body());
      const keyHash = r.tokenHash();
      await r.countOpening();
      r.send(201, await this.open(players, keyHash));
      return;
    }
    if (!TABLE_ID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    if (confirm !== undefined) {
      method('POST');
      r.send(200, await this.confirm(id, r.tokenHash()));
      return;
    }
    method('GET');
    const tokenHash = r.req.headers.authorization === undefined ? null : r.tokenHash();
    if (tokenHash === null) r.takeAddress();
    r.send(200, this.shown(id, await this.settle(id), tokenHash));
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, 'rated table', call);
  }

  /** The four players as they registered (404 for a name no one registered). */
  private async registered(players: Readonly<Record<Seat, string>>): Promise<Record<Seat, PlayerRow>> {
    const rows = {} as Record<Seat, PlayerRow>;
    for (const seat of SEATS) {
      const p = await this.db(() => this.store.player(nameKey(players[seat])));
      if (p === null) throw new ApiError(404, 'NOT_FOUND', `no one is registered as ${players[seat]}: a rated table's players are registered names`);
      rows[seat] = p;
    }
    return rows;
  }

  /** The seat whose player `keyHash` is the key of, or `null`. */
  private static seatOfKey(players: Readonly<Record<Seat, PlayerRow>>, keyHash: string): Seat | null {
    return SEATS.find((seat) => sameHash(players[seat].keyHash, keyHash)) ?? null;
  }

  private async open(players: Record<Seat, string>, keyHash: string) {
    const rows = await this.registered(players);
    const registered = { N: rows.N.name, E: rows.E.name, S: rows.S.name, W: rows.W.name };
    const seat = RatedTables.seatOfKey(rows, keyHash);
    if (seat === null) throw new ApiError(401, 'UNAUTHORIZED', 'a rated table is opened with the key of one of its players');
    const token = newToken();
    const hashes: Record<Seat, string | null> = { N: null, E: null, S: null, W: null };
    hashes[seat] = hashToken(token);
    const doc: RatedTableDoc = { kind: 'table', players: registered, hashes, tableId: null, outcome: null };
    const id = newTableId();
    if (!(await this.db(() => this.store.insert(id, JSON.stringify(doc), true)))) throw new ApiError(500, 'INTERNAL', 'no free id');
    return { id, seat, token, table: this.shown(id, doc, hashToken(token)) };
  }

  /** Changes a rated table's row by compare-and-set, tried again on what another request wrote meanwhile. */
  private async change(id: string, change: (doc: RatedTableDoc) => Promise<RatedTableDoc | null>): Promise<RatedTableDoc> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.db(() => this.store.read(id));
      const doc = row === null ? null : (JSON.parse(row.doc) as RatedTableDoc | { kind?: unknown });
      if (row === null || doc === null || doc.kind !== 'table') throw new ApiError(404, 'NOT_FOUND', 'there is no rated table with this id');
      const next = await change(doc as RatedTableDoc);
      if (next === null) return doc as RatedTableDoc;
      if (await this.db(() => this.store.update(id, row.version, JSON.stringify(next), next.outcome !== null))) {
        if (next.outcome !== null && (doc as RatedTableDoc).outcome === null) this.onOver(id);
        return next;
      }
    }
    throw new ApiError(409, 'CONFLICT', 'the rated table kept changing: try again');
  }

  private async confirm(id: string, keyHash: string) {
    let seat: Seat | null = null;
    const token = newToken();
    const doc = await this.change(id, async (doc) => {
      seat = RatedTables.seatOfKey(await this.registered(doc.players), keyHash);
      if (seat === null) throw new ApiError(401, 'UNAUTHORIZED', "this is no player's key at this table");
      if (doc.tableId !== null) throw new ApiError(409, 'TABLE_STARTED', 'the rated table is open already: each player took their seat');
      const hashes = { ...doc.hashes, [seat]: hashToken(token) };
      if (SEATS.some((s) => hashes[s] === null)) return { ...doc, hashes };
      // All four here: the server table opens, each seat its player's, no computer player.
      const tokenHashes: Record<string, string> = {};
      for (const s of SEATS) tokenHashes[doc.players[s]] = hashes[s] as string;
      const created = await this.tables.create({ rules: 'short', players: doc.players, computers: [] }, { id: newTableId(), tokenHashes });
      return { ...doc, hashes, tableId: created.id };
    });
    return { seat, token, table: this.shown(id, doc, hashToken(token)) };
  }

  /** The rated table, its first rubber's end recorded once it is over. */
  private async settle(id: string): Promise<RatedTableDoc> {
    return this.change(id, async (doc) => {
      if (doc.tableId === null || doc.outcome !== null) return null;
      const table = this.tables.check(await this.tables.read(doc.tableId));
      const first = finishedRubbers(table)[0];
      if (first !== undefined) return { ...doc, outcome: { winner: first.winner, players: first.players } };
      const winner = rubberWinner(currentRubber(table));
      return winner === null ? null : { ...doc, outcome: { winner, players: doc.players } };
    });
  }

  /** Records the end of the rated tables' rubbers that are over (the oldest first, some at a time): before the ratings are read. */
  async settleOpen(): Promise<void> {
    const open = await this.db(() => this.store.ratedOpen(SETTLE_AT_ONCE));
    for (const row of open) {
      const doc = JSON.parse(row.doc) as { kind?: unknown; tableId?: unknown };
      if (doc.kind !== 'table' || doc.tableId === null) continue;
      await this.settle(row.id).catch((e: unknown) => this.log.error(`rated table ${row.id}: ${whyOf(e)}`));
    }
  }

  private shown(id: string, doc: RatedTableDoc, tokenHash: string | null) {
    const player = tokenHash !== null && SEATS.some((s) => doc.hashes[s] !== null && sameHash(doc.hashes[s] as string, tokenHash));
    return {
      id,
      status: doc.outcome !== null ? 'over' : doc.tableId !== null ? 'playing' : 'gathering',
      players: doc.players,
      confirmed: { N: doc.hashes.N !== null, E: doc.hashes.E !== null, S: doc.hashes.S !== null, W: doc.hashes.W !== null },
      tableId: player ? doc.tableId : null,
      winner: doc.outcome?.winner ?? null,
    };
  }
}
