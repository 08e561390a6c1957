/**
 * Registered players and their ratings from rated duplicate events (duplicate.ts), with the leaderboard.
 *
 * - `POST /players` `{ name }`: registers a name (one a name, whatever its case: 409 `NAME_TAKEN`); 201 with
 *   `{ name, key }`. The key proves the name: it joins a rated event's pairs and is the player's token at
 *   every table of theirs there. The server keeps only its SHA-256; a key lost is a name lost.
 * - `GET /ratings`: the leaderboard, `{ floor: { boards, partners, opponents }, players: [{ name, rating, mu,
 *   sigma, boards, partners, opponents, events, rank, tied }] }`, best first: each player with at least
 *   `floor.boards` boards in rated events, `floor.partners` different partners and `floor.opponents`
 *   different opponents, so that a pair that plays only against the same opposition, or a player with one
 *   partner, gains no place however high their rating.
 * - `GET /ratings/:name`: one player's rating, counts and history, `{ name, rating, mu, sigma, boards, partners,
 *   opponents, events, qualified, history: [{ event, rating, mu, sigma }] }` (a registered player with no rated
 *   event has the rating every player starts from); 404 for a name no one registered.
 *
 * A rating is openskill's (the Weng–Lin Bayesian approximation, Plackett–Luce model, with its defaults): each
 * rated event that has ended is one match of each of its fields (a Howell's one field, a Mitchell's
 * north–south and east–west), the pairs teams of two, ranked by the event's standings (ties share a rank).
 * `rating` is the conservative estimate `mu − 3σ`. The ratings are worked out again from the stored events,
 * in the order they ended (all of them: the work grows with the events, a few milliseconds for a hundred),
 * whenever they are read (at most once a second in a process, and at once after an
 * event this process ended): every process, and every restart, gives the same numbers. Rated events are kept past the retention (db/duplicate.ts).
 *
 * @module
 */

import { rating as newRating, ordinal, type Rating, rate } from 'openskill';
import { hashToken, newToken } from './auth.js';
import { nameKey } from './db/daily.js';
import type { DuplicateStore } from './db/duplicate.js';
import { ratedOutcome } from './duplicate.js';
import { ApiError, storeCall } from './errors.js';
import { type LobbyRequest, readNameBody } from './lobby.js';
import type { Logger } from './tables.js';

/** What a player needs to be on the leaderboard: boards, different partners and different opponents in rated events. */
export interface LeaderboardFloor {
  readonly boards: number;
  readonly partners: number;
  readonly opponents: number;
}

export const DEFAULT_FLOOR: LeaderboardFloor = { boards: 20, partners: 3, opponents: 6 };

/** How long a process answers from the ratings it worked out last (ms). */
const CACHE_MS = 1_000;

const PATH = /^\/(players|ratings)(?:\/([^/]+))?$/;

/** A player's rating after a rated event. */
export interface RatingPoint {
  readonly event: string;
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
}

/** A player's rating and what it rests on. */
export interface PlayerRating {
  readonly name: string;
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
  readonly boards: number;
  readonly partners: number;
  readonly opponents: number;
  readonly events: number;
  readonly history: readonly RatingPoint[];
}

interface Tally {
  name: string;
  rating: Rating;
  boards: number;
  partners: Set<string>;
  opponents: Set<string>;
  history: RatingPoint[];
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The ratings from rated events' stored states, in the order they ended: openskill's update of each field,
 * and each player's boards, partners and opponents. A pure function of the events.
 */
export function workOutRatings(events: readonly { readonly id: string; readonly doc: string }[]): Map<string, PlayerRating> {
  const tallies = new Map<string, Tally>();
  const tally = (name: string): Tally => {
    const key = nameKey(name);
    let t = tallies.get(key);
    if (t === undefined) {
      t = { name, rating: newRating(), boards: 0, partners: new Set(), opponents: new Set(), history: [] };
      tallies.set(key, t);
    }
    return t;
  };
  for (const event of events) {
    const outcome = ratedOutcome(event.doc);
    if (outcome === null) continue;
    for (const field of outcome.fields) {
      const teams = field.map((p) => p.players.map((name) => tally(name).rating));
      const rated = rate(teams, { rank: field.map((p) => p.rank) });
      for (const [i, p] of field.entries())
        for (const [j, name] of p.players.entries()) {
          const r = rated[i]?.[j];
          if (r !== undefined) tally(name).rating = r;
        }
    }
    for (const b of outcome.boards) {
      const [first, second] = b.players;
      for (const [me, partner] of [
        [first, second],
        [second, first],
      ] as const) {
        const t = tally(me);
        t.boards += b.boards ?? 1;
        t.partners.add(nameKey(partner));
        for (const o of b.against) t.opponents.add(nameKey(o));
      }
    }
    for (const name of new Set(outcome.fields.flatMap((f) => f.flatMap((p) => p.players)))) {
      const t = tally(name);
      t.history.push({ event: event.id, rating: round(ordinal(t.rating)), mu: round(t.rating.mu), sigma: round(t.rating.sigma) });
    }
  }
  const out = new Map<string, PlayerRating>();
  for (const [key, t] of tallies)
    out.set(key, {
      name: t.name,
      rating: round(ordinal(t.rating)),
      mu: round(t.rating.mu),
      sigma: round(t.rating.sigma),
      boards: t.boards,
      partners: t.partners.size,
      opponents: t.opponents.size,
      events: t.history.length,
      history: t.history,
    });
  return out;
}

export class Ratings {
  private cache: { readonly at: number; readonly ratings: Promise<Map<string, PlayerRating>> } | null = null;
  /** Records the rubbers of rated tables that have ended (rated-tables.ts), before the ratings are worked out. */
  settle: () => Promise<void> = async () => {};

  constructor(
    private readonly store: DuplicateStore,
    private readonly log: Logger,
    private readonly floor: LeaderboardFloor = DEFAULT_FLOOR,
  ) {}

  /** Whether a path is the players' or the ratings'. */
  static owns(pathname: string): boolean {
    return PATH.test(pathname);
  }

  async handle(r: LobbyRequest): Promise<void> {
    const m = PATH.exec(r.url.pathname);
    if (m === null) throw new ApiError(404, 'NOT_FOUND', 'no such route');
    const [, kind, name] = m;
    const method = (allowed: string): void => {
      if (r.method !== allowed) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `this route takes ${allowed}`, { allow: allowed });
    };
    r.takeAddress();
    if (kind === 'players') {
      if (name !== undefined) throw new ApiError(404, 'NOT_FOUND', 'no such route');
      method('POST');
      const player = readNameBody(await r.body());
      await r.countOpening();
      const key = newToken();
      if (!(await this.db(() => this.store.register({ name: player, keyHash: hashToken(key) }, nameKey(player)))))
        throw new ApiError(409, 'NAME_TAKEN', `${player} is registered already: choose another name`);
      r.send(201, { name: player, key });
      return;
    }
    method('GET');
    const ratings = await this.ratings();
    if (name === undefined) {
      r.send(200, { floor: this.floor, players: this.leaderboard(ratings) });
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      throw new ApiError(404, 'NOT_FOUND', 'no such player');
    }
    const key = nameKey(decoded.normalize('NFC'));
    let player = ratings.get(key);
    if (player === undefined) {
      // Registered, and no rated event yet: the rating every player starts from.
      const registered = key.length > 100 ? null : await this.db(() => this.store.player(key));
      if (registered === null) throw new ApiError(404, 'NOT_FOUND', 'no player is registered under this name');
      const start = newRating();
      player = {
        name: registered.name,
        rating: round(ordinal(start)),
        mu: round(start.mu),
        sigma: round(start.sigma),
        boards: 0,
        partners: 0,
        opponents: 0,
        events: 0,
        history: [],
      };
    }
    r.send(200, { ...player, qualified: this.qualified(player) });
  }

  /** Runs a store call: a store that fails to answer is a 503 (`storeCall`). */
  private db<T>(call: () => Promise<T>): Promise<T> {
    return storeCall(this.log, 'ratings', call);
  }

  /** Drops the ratings worked out last: an event of this process has ended. */
  forget(): void {
    this.cache = null;
  }

  /** The ratings, worked out from the stored rated events at most once a second. */
  ratings(): Promise<Map<string, PlayerRating>> {
    const at = Date.now();
    if (this.cache !== null && at - this.cache.at < CACHE_MS) return this.cache.ratings;
    const ratings = this.settle().then(() => this.db(() => this.store.ratedOver()).then(workOutRatings));
    this.cache = { at, ratings };
    ratings.catch(() => {
      if (this.cache?.ratings === ratings) this.cache = null;
    });
    return ratings;
  }

  private qualified(p: PlayerRating): boolean {
    return p.boards >= this.floor.boards && p.partners >= this.floor.partners && p.opponents >= this.floor.opponents;
  }

  /** The players who qualify, best rating first, ranked with ties. */
  private leaderboard(ratings: Map<string, PlayerRating>) {
    const players = [...ratings.values()].filter((p) => this.qualified(p)).sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name));
    return players.map(({ history: _, ...p }) => {
      const rank = 1 + players.filter((o) => o.rating > p.rating).length;
      const tied = players.some((o) => o.name !== p.name && o.rating === p.rating);
      return { ...p, rank, tied };
    });
  }
}
