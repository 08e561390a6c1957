/**
 * Reads request bodies: the bytes (at most the limit, counted before anything is parsed), the JSON, and the
 * shape of each route's body. Anything that is not the documented shape is a 400; what the shape allows
 * but the rules refuse is left to the library (422).
 *
 * @module
 */

import type { IncomingMessage } from 'node:http';
import { PRESET_NAMES, type PresetName, type Seat } from 'whist';
import { MAX_CLOCK_SECONDS, MIN_CLOCK_SECONDS, type TurnClock } from './clock.js';
import { ApiError } from './errors.js';

const tooLarge = (limit: number): ApiError =>
  new ApiError(413, 'BODY_TOO_LARGE', `the body is over ${limit} bytes`, {
    // The rest of the body is not read: the connection is closed after the answer.
    connection: 'close',
  });

/** Refuses a request whose declared `content-length` is over the limit, before anything else is done with it. */
export function refuseDeclaredOversize(req: IncomingMessage, limit: number): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
}

/**
 * Reads a body of at most `limit` bytes. A declared `content-length` over the limit is refused before a
 * byte is read; a chunked body is refused as soon as it passes the limit.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  refuseDeclaredOversize(req, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(b);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'the body is not UTF-8 text');
  }
}

/** Parses JSON text; an empty body is `undefined`. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'the body is not valid JSON');
  }
}

/** A body the server refuses: 400 `INVALID_REQUEST` with this message. */
export function invalid(message: string): ApiError {
  return new ApiError(400, 'INVALID_REQUEST', message);
}

/** Whether a body's value is a JSON object (not an array, not `null`). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Refuses a body with a field other than these (400 `INVALID_REQUEST`, naming at most 40 characters of it). */
export function onlyFields(body: Record<string, unknown>, fields: readonly string[]): void {
  for (const key of Object.keys(body))
    if (!fields.includes(key)) throw invalid(`${JSON.stringify(key).slice(0, 40)} is not a field here (${fields.join(', ')})`);
}

/** The body of `POST /tables`. */
export interface CreateRequest {
  /** The rules a client may name when opening a table: a preset's name. */
  readonly rules: PresetName;
  /** Four names who cut for partners and deal (a client's), or each seat's player (the daily challenge's). */
  readonly players?: readonly string[] | Readonly<Record<Seat, string>>;
  readonly seed?: number;
  /** The players (by name, or by seat letter when no names are given) the server plays with the library's `computerMove`. */
  readonly computers?: readonly string[];
  /** Seconds a person's seat may be away before a computer player stands in for it. */
  readonly standInAfterSeconds?: number;
  /**
   * The laws rule on irregularities: the preset's rules with `irregularities: 'ruled'` (named `short-ruled`,
   * `long-ruled`, …), under which revokes are played and their penalties claimed, exposed cards called, and so on.
   */
  readonly laws?: boolean;
  /** A turn clock (clock.ts): whole seconds for each card and each decision; absent, no clock. */
  readonly clock?: TurnClock;
}

const CREATE_FIELDS = ['rules', 'players', 'seed', 'computers', 'standInAfterSeconds', 'laws', 'clock'];

/** Reads a turn clock, `{ "card": 30, "decision": 60 }`: whole seconds within the bounds. */
export function readClock(value: unknown): TurnClock {
  const bounds = `whole seconds from ${MIN_CLOCK_SECONDS} to ${MAX_CLOCK_SECONDS}`;
  if (!isObject(value)) throw invalid(`clock must be an object: {"card": seconds, "decision": seconds}, ${bounds}`);
  for (const key of Object.keys(value))
    if (key !== 'card' && key !== 'decision') throw invalid(`${JSON.stringify(key)} is not a field of a clock (card, decision)`);
  const seconds = (name: 'card' | 'decision'): number => {
    const n = value[name];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_CLOCK_SECONDS || n > MAX_CLOCK_SECONDS) throw invalid(`clock.${name} must be ${bounds}`);
    return n;
  };
  return { card: seconds('card'), decision: seconds('decision') };
}

/** The longest stand-in delay a table may set: a day. */
export const MAX_STAND_IN_SECONDS = 86_400;

/** Reads `{ "rules"?, "players"?, "seed"?, "computers"?, "standInAfterSeconds"?, "laws"?, "clock"? }`; an empty body opens a Short Whist table. */
export function readCreate(body: unknown): CreateRequest {
  if (body === undefined) return { rules: 'short' };
  if (!isObject(body)) throw invalid('the body must be a JSON object');
  for (const key of Object.keys(body))
    if (!CREATE_FIELDS.includes(key)) throw invalid(`${JSON.stringify(key)} is not a field of a new table (${CREATE_FIELDS.join(', ')})`);
  const { rules = 'short', players, seed, computers, standInAfterSeconds, laws, clock } = body;
  if (typeof rules !== 'string' || !(PRESET_NAMES as readonly string[]).includes(rules)) throw invalid(`rules must be one of ${PRESET_NAMES.join(', ')}`);
  if (players !== undefined && !(Array.isArray(players) && players.length === 4 && players.every((p) => typeof p === 'string')))
    throw invalid('players must be a list of four names');
  if (seed !== undefined && !(typeof seed === 'number' && Number.isFinite(seed))) throw invalid('seed must be a number');
  if (computers !== undefined) {
    if (!(Array.isArray(computers) && computers.length <= 4 && computers.every((c) => typeof c === 'string')))
      throw invalid('computers must be a list of at most four players: names from players, or seats (N, E, S, W) without names');
    const known: readonly string[] = (players as string[] | undefined) ?? ['N', 'E', 'S', 'W'];
    for (const c of computers as string[])
      if (!known.includes(c)) throw invalid(`computers: ${JSON.stringify(c)} is not one of the players (${known.join(', ')})`);
    if (new Set(computers).size !== computers.length) throw invalid('computers names a player twice');
  }
  if (
    standInAfterSeconds !== undefined &&
    !(
      typeof standInAfterSeconds === 'number' &&
      Number.isInteger(standInAfterSeconds) &&
      standInAfterSeconds >= 0 &&
      standInAfterSeconds <= MAX_STAND_IN_SECONDS
    )
  )
    throw invalid(`standInAfterSeconds must be a whole number of seconds from 0 to ${MAX_STAND_IN_SECONDS}`);
  if (laws !== undefined && typeof laws !== 'boolean') throw invalid('laws must be true (irregularities ruled by the laws) or false');
  return {
    rules: rules as PresetName,
    ...(players === undefined ? {} : { players: players as string[] }),
    ...(seed === undefined ? {} : { seed: seed as number }),
    ...(computers === undefined ? {} : { computers: computers as string[] }),
    ...(standInAfterSeconds === undefined ? {} : { standInAfterSeconds: standInAfterSeconds as number }),
    ...(laws === true ? { laws: true } : {}),
    ...(clock === undefined ? {} : { clock: readClock(clock) }),
  };
}

/** Reads `{ "seat": "E" }`, the body of `POST /tables/:id/computers`: the seat to give to a computer player. */
export function readGiveSeat(body: unknown): Seat {
  if (!isObject(body)) throw invalid('the body must be a JSON object: {"seat":"E"}');
  for (const key of Object.keys(body)) if (key !== 'seat') throw invalid(`${JSON.stringify(key)} is not a field here (seat)`);
  const seat = body.seat;
  if (seat !== 'N' && seat !== 'E' && seat !== 'S' && seat !== 'W') throw invalid('seat must be one of N, E, S, W');
  return seat;
}

/** The body of `POST /tables/:id/actions`: the action for the library, and the version the client saw. */
export interface ActionRequest {
  /** Everything but `version`, for `clientAction` to read (and refuse: a deal, a deck, a seat, any other field). */
  readonly body: Record<string, unknown>;
  readonly version?: number;
}

/** Reads `{ "type": "play", "card": "AS" }` or `{ "type": "newRubber" }`, with an optional `"version"`. */
export function readAction(body: unknown): ActionRequest {
  if (!isObject(body)) throw invalid('the body must be a JSON object: {"type":"play","card":…} or {"type":"newRubber"}');
  if (!Object.hasOwn(body, 'type')) throw invalid('type is missing');
  if (typeof body.type !== 'string') throw invalid('type must be a string');
  if (body.type === 'play') {
    if (!Object.hasOwn(body, 'card')) throw invalid('card is missing');
    if (typeof body.card !== 'string') throw invalid('card must be a string: rank then suit');
  }
  let version: number | undefined;
  if (Object.hasOwn(body, 'version')) {
    const v = body.version;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw invalid('version must be a positive whole number');
    version = v;
  }
  // fromEntries defines own properties: a "__proto__" key stays a key (and clientAction refuses it).
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'version'));
  return version === undefined ? { body: rest } : { body: rest, version };
}
