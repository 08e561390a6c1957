/**
 * The server's settings, from the environment. Every one has a default: `npm run server` needs none.
 *
 * | variable | default | |
 * |---|---|---|
 * | `PORT` | 8080 | `0` picks a free port |
 * | `HOST` | 127.0.0.1 | `0.0.0.0` (or `::`) to serve other machines |
 * | `WHIST_TRUST_PROXY` | 0 | the reverse proxies in front of the server (0 to 10): the client's address is read from `X-Forwarded-For`, as the outermost of them saw it, for the limits per address; the cap of connections per address is then the proxy's to keep |
 * | `DATABASE_URL` | (none) | a PostgreSQL connection string; without it, PGlite |
 * | `WHIST_DATA_DIR` | (none) | PGlite's directory; without it, PGlite keeps tables in memory |
 * | `WHIST_PGLITE_IMAGE` | (none) | PGlite in memory starts from this image of an empty database (`npm run pglite-image -w whist-server -- FILE` writes one) instead of making one: about 3 s of CPU instead of 8 |
 * | `WHIST_PG_POOL` | 10 | PostgreSQL connections per process |
 * | `WHIST_RATE_LIMIT` | 20 | requests per second per token, bursts of twice that; 0 turns it off |
 * | `WHIST_ADDRESS_LIMIT` | 10 | tables opened and requests refused (401, 404) per second per address, bursts of 10 times that |
 * | `WHIST_ALLOW_SEED` | 1 | `0`: refuse client-chosen seeds |
 * | `WHIST_DEALS` | table | `crypto`: shuffle every hand afresh from the operating system's CSPRNG |
 * | `WHIST_CLAIMS` | agreed | `checked`: the server rules on every claim with `checkClaim` as it is made, instead of the other side answering it |
 * | `WHIST_COMPUTER_DELAY_MS` | 500 | the pause before a computer player's card |
 * | `WHIST_COMPUTER_PLAYER` | heuristic | the computer players' level (the library's `ComputerLevel`): `heuristic`, or the sampling player at `fast`, `standard` or `strong`; `basic` and `quick` are read as `heuristic` (deprecated) |
 * | `WHIST_SOLVER_THREADS` | cores - 1 | worker threads for the solver's work (a claim's check, a computer player's decision), at least 1: the event loop never runs a search |
 * | `WHIST_SOLVER_QUEUE` | 64 | solver tasks that may wait for a worker thread; past it a claim is answered 503 `SERVER_BUSY` and a computer player tries again after its pause |
 * | `WHIST_TABLE_CACHE` | 2000 | checked tables kept by id and version, so a request replays only the actions since; 0 checks every read completely |
 * | `WHIST_DAILY_BOARDS` | 20 | boards of the daily challenge (daily.ts), each day, 1 to 32, played with computer players at `WHIST_COMPUTER_PLAYER`'s level; 0: no daily challenge |
 * | `WHIST_LEADERBOARD` | 20,3,6 | what a player needs to be on the leaderboard (ratings.ts): boards in rated duplicate events, different partners and different opponents, each a whole number from 0 to 100000 |
 * | `WHIST_LOBBY_CLOCK` | 30,60 | the turn clock of the lobby's tables: whole seconds for a card, then for a decision (a claim's answer, an election under the laws), each 1 to 3600 |
 * | `WHIST_PRESENCE_HEARTBEAT` | 5 | over PostgreSQL, seconds between a process's heartbeats; a process silent for three is taken for dead, its seats away |
 * | `WHIST_CORS_ORIGIN` | (none) | an origin allowed to call from a browser |
 * | `WHIST_MAX_CONNECTIONS` | 4000 | open connections per process; past it a request is answered 503 (probes still answered) |
 * | `WHIST_CONNECTIONS_PER_ADDRESS` | 256 | open connections per client address; past it a request is answered 429 (probes still answered) |
 * | `WHIST_MAX_STREAMS` | 2000 | event streams per process; past it 503 |
 * | `WHIST_STREAMS_PER_ADDRESS` | 64 | event streams per client address; past it 429 |
 * | `WHIST_TABLES_PER_ADDRESS` | 500 | tables opened per client address in each window, across processes; past it 429 |
 * | `WHIST_TABLES_WINDOW` | 86400 | that window, in seconds |
 * | `WHIST_FINISHED_RETENTION` | 604800 | seconds a table whose rubber is over is kept after its last change |
 * | `WHIST_ABANDONED_RETENTION` | 2592000 | seconds any table is kept after its last change |
 * | `WHIST_SWEEP_INTERVAL` | 600 | seconds between two sweeps of tables past their retention |
 * | `WHIST_DRAIN_SECONDS` | 0 | on SIGTERM, seconds `/ready` answers 503 while requests are still served |
 * | `WHIST_SHUTDOWN_TIMEOUT` | 10 | then, seconds requests in flight may take before their connections are cut |
 * | `WHIST_LOG_LEVEL` | info | `debug`, `info`, `warn`, `error` or `silent` |
 * | `WHIST_METRICS` | 1 | `0`: no `/metrics` |
 *
 * A cap, limit or retention of 0 turns it off.
 *
 * @module
 */

import { type ComputerLevel, readComputerLevel } from 'whist';
import { LOBBY_CLOCK, MAX_CLOCK_SECONDS, MIN_CLOCK_SECONDS, type TurnClock } from './clock.js';
import { MAX_PROXY_HOPS } from './connections.js';
import { DEFAULT_DAILY_BOARDS, MAX_DAILY_BOARDS } from './daily.js';
import { DEFAULT_FLOOR, type LeaderboardFloor } from './ratings.js';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Reverse proxies in front of the server whose `X-Forwarded-For` names the client (0: none). */
  readonly trustProxy: number;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string | undefined;
  /** The image of an empty database PGlite in memory starts from (`db/pglite.ts`). */
  readonly pgliteImage: string | undefined;
  readonly poolSize: number;
  readonly bodyLimit: number;
  readonly tokenRate: number;
  readonly addressRate: number;
  readonly allowSeed: boolean;
  readonly deals: 'table' | 'crypto';
  /** Claims answered by the other side (`agreed`), or ruled on by the server's check (`checked`). */
  readonly claims: 'agreed' | 'checked';
  /** The pause before a computer player's card, in milliseconds. */
  readonly computerDelayMs: number;
  /** The computer players: the rules of thumb, or the sampling player at a level. */
  readonly computerPlayer: ComputerLevel;
  /** Worker threads of the solver's pool (solver/pool.ts); `undefined`: one fewer than the cores, at least one. */
  readonly solverThreads: number | undefined;
  /** Solver tasks that may wait for a worker thread. */
  readonly solverQueue: number;
  /** Checked tables a process keeps (`Tables`' cache). */
  readonly tableCache: number;
  /** The turn clock the lobby's tables are opened with. */
  readonly lobbyClock: TurnClock;
  /** Boards of the daily challenge each day; 0: no daily challenge. */
  readonly dailyBoards: number;
  /** What a player needs to be on the leaderboard: boards, partners and opponents in rated events. */
  readonly leaderboard: LeaderboardFloor;
  /** Seconds between the heartbeats of a process that shares its presence (PostgreSQL); its lease is three of them. */
  readonly presenceHeartbeatSeconds: number;
  readonly corsOrigin: string | undefined;
  /** Open connections per process: past it, requests are answered 503 (`/health`, `/ready`, `/metrics` still answered). */
  readonly maxConnections: number;
  /** Open connections per client address: past it, requests are answered 429 (probes still answered). */
  readonly connectionsPerAddress: number;
  /** Event streams per process: past it, 503. */
  readonly maxStreams: number;
  /** Event streams per client address: past it, 429. */
  readonly streamsPerAddress: number;
  /** Tables opened per client address in each window of `tablesWindowSeconds`, counted in the store (across processes). */
  readonly tablesPerAddress: number;
  readonly tablesWindowSeconds: number;
  /** Seconds a finished table (its rubber over) is kept after its last change. */
  readonly finishedRetentionSeconds: number;
  /** Seconds any table is kept after its last change (an abandoned one). */
  readonly abandonedRetentionSeconds: number;
  /** Seconds between two sweeps. */
  readonly sweepIntervalSeconds: number;
  /** On SIGTERM, seconds `/ready` answers 503 while the process still serves (for a load balancer to notice). */
  readonly drainSeconds: number;
  /** Seconds requests in flight may take to finish once the process stops accepting. */
  readonly shutdownTimeoutSeconds: number;
  readonly logLevel: LogLevel;
  /** Whether `/metrics` answers. */
  readonly metrics: boolean;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export const DEFAULTS: Config = {
  port: 8080,
  trustProxy: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: undefined,
  pgliteImage: undefined,
  poolSize: 10,
  bodyLimit: 16 * 1024,
  tokenRate: 20,
  addressRate: 10,
  allowSeed: true,
  deals: 'table',
  claims: 'agreed',
  computerDelayMs: 500,
  computerPlayer: 'heuristic',
  solverThreads: undefined,
  solverQueue: 64,
  tableCache: 2000,
  lobbyClock: LOBBY_CLOCK,
  dailyBoards: DEFAULT_DAILY_BOARDS,
  leaderboard: DEFAULT_FLOOR,
  presenceHeartbeatSeconds: 5,
  corsOrigin: undefined,
  maxConnections: 4000,
  connectionsPerAddress: 256,
  maxStreams: 2000,
  streamsPerAddress: 64,
  tablesPerAddress: 500,
  tablesWindowSeconds: 86_400,
  finishedRetentionSeconds: 7 * 86_400,
  abandonedRetentionSeconds: 30 * 86_400,
  sweepIntervalSeconds: 600,
  drainSeconds: 0,
  shutdownTimeoutSeconds: 10,
  logLevel: 'info',
  metrics: true,
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of 0 or more, got ${JSON.stringify(text)}`);
  return n;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function deals(value: string | undefined): Config['deals'] {
  if (value === undefined || value === '' || value === 'table') return 'table';
  if (value === 'crypto') return 'crypto';
  throw new Error(`WHIST_DEALS must be table or crypto, got ${JSON.stringify(value)}`);
}

function claims(value: string | undefined): Config['claims'] {
  if (value === undefined || value === '' || value === 'agreed') return 'agreed';
  if (value === 'checked') return 'checked';
  throw new Error(`WHIST_CLAIMS must be agreed or checked, got ${JSON.stringify(value)}`);
}

/** The level of the computer players: the library's `ComputerLevel`, its deprecated spellings (`basic`, `quick`) read as `heuristic`. */
function computerPlayer(value: string | undefined): Config['computerPlayer'] {
  if (value === undefined || value === '') return DEFAULTS.computerPlayer;
  const level = readComputerLevel(value);
  if (level.ok) return level.value;
  throw new Error(`WHIST_COMPUTER_PLAYER must be heuristic, fast, standard or strong, got ${JSON.stringify(value)}`);
}

function solverThreads(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return DEFAULTS.solverThreads;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error(`WHIST_SOLVER_THREADS must be a whole number from 1 to 256, got ${JSON.stringify(value)}`);
  return n;
}

function solverQueue(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULTS.solverQueue;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`WHIST_SOLVER_QUEUE must be a whole number from 1 to 100000, got ${JSON.stringify(value)}`);
  return n;
}

/** Boards of the daily challenge: a whole number from 0 (none) to {@link MAX_DAILY_BOARDS}. */
function dailyBoards(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULTS.dailyBoards;
  const n = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_DAILY_BOARDS)
    throw new Error(`WHIST_DAILY_BOARDS must be a whole number from 0 (no daily challenge) to ${MAX_DAILY_BOARDS}, got ${JSON.stringify(value)}`);
  return n;
}

/** `boards,partners,opponents`: whole numbers each. */
function leaderboard(value: string | undefined): LeaderboardFloor {
  if (value === undefined || value === '') return DEFAULTS.leaderboard;
  const m = /^\s*(\d{1,6})\s*,\s*(\d{1,6})\s*,\s*(\d{1,6})\s*$/.exec(value);
  const [boards, partners, opponents] = m === null ? [Number.NaN, Number.NaN, Number.NaN] : [Number(m[1]), Number(m[2]), Number(m[3])];
  if (![boards, partners, opponents].every((n) => Number.isInteger(n) && n <= 100_000))
    throw new Error(`WHIST_LEADERBOARD must be three whole numbers from 0 to 100000, boards, partners and opponents, as 20,3,6; got ${JSON.stringify(value)}`);
  return { boards, partners, opponents };
}

/** `card,decision`: whole seconds each, within the clock's bounds. */
function lobbyClock(value: string | undefined): TurnClock {
  if (value === undefined || value === '') return DEFAULTS.lobbyClock;
  const m = /^\s*(\d{1,4})\s*,\s*(\d{1,4})\s*$/.exec(value);
  const [card, decision] = m === null ? [Number.NaN, Number.NaN] : [Number(m[1]), Number(m[2])];
  const within = (n: number) => Number.isInteger(n) && n >= MIN_CLOCK_SECONDS && n <= MAX_CLOCK_SECONDS;
  if (!within(card) || !within(decision))
    throw new Error(
      `WHIST_LOBBY_CLOCK must be two whole numbers of seconds from ${MIN_CLOCK_SECONDS} to ${MAX_CLOCK_SECONDS}, a card's and a decision's, as 30,60; got ${JSON.stringify(value)}`,
    );
  return { card, decision };
}

function heartbeat(seconds: number): number {
  if (seconds < 0.05) throw new Error(`WHIST_PRESENCE_HEARTBEAT must be at least 0.05 seconds, got ${seconds}`);
  return seconds;
}

function trustProxy(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULTS.trustProxy;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_PROXY_HOPS)
    throw new Error(`WHIST_TRUST_PROXY must be a whole number from 0 to ${MAX_PROXY_HOPS}, got ${JSON.stringify(value)}`);
  return n;
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return DEFAULTS.logLevel;
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`WHIST_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(value)}`);
}

/** Reads the configuration from environment variables. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = number(env, 'PORT', DEFAULTS.port);
  if (!Number.isInteger(port) || port > 65535) throw new Error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  return {
    port,
    host: text(env, 'HOST') ?? DEFAULTS.host,
    trustProxy: trustProxy(env.WHIST_TRUST_PROXY),
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: text(env, 'WHIST_DATA_DIR'),
    pgliteImage: text(env, 'WHIST_PGLITE_IMAGE'),
    poolSize: Math.max(1, Math.floor(number(env, 'WHIST_PG_POOL', DEFAULTS.poolSize))),
    bodyLimit: DEFAULTS.bodyLimit,
    tokenRate: number(env, 'WHIST_RATE_LIMIT', DEFAULTS.tokenRate),
    addressRate: number(env, 'WHIST_ADDRESS_LIMIT', DEFAULTS.addressRate),
    allowSeed: env.WHIST_ALLOW_SEED !== '0',
    deals: deals(env.WHIST_DEALS),
    claims: claims(env.WHIST_CLAIMS),
    computerDelayMs: number(env, 'WHIST_COMPUTER_DELAY_MS', DEFAULTS.computerDelayMs),
    computerPlayer: computerPlayer(env.WHIST_COMPUTER_PLAYER),
    solverThreads: solverThreads(env.WHIST_SOLVER_THREADS),
    solverQueue: solverQueue(env.WHIST_SOLVER_QUEUE),
    tableCache: number(env, 'WHIST_TABLE_CACHE', DEFAULTS.tableCache),
    lobbyClock: lobbyClock(env.WHIST_LOBBY_CLOCK),
    dailyBoards: dailyBoards(env.WHIST_DAILY_BOARDS),
    leaderboard: leaderboard(env.WHIST_LEADERBOARD),
    presenceHeartbeatSeconds: heartbeat(number(env, 'WHIST_PRESENCE_HEARTBEAT', DEFAULTS.presenceHeartbeatSeconds)),
    corsOrigin: text(env, 'WHIST_CORS_ORIGIN'),
    maxConnections: Math.floor(number(env, 'WHIST_MAX_CONNECTIONS', DEFAULTS.maxConnections)),
    connectionsPerAddress: Math.floor(number(env, 'WHIST_CONNECTIONS_PER_ADDRESS', DEFAULTS.connectionsPerAddress)),
    maxStreams: Math.floor(number(env, 'WHIST_MAX_STREAMS', DEFAULTS.maxStreams)),
    streamsPerAddress: Math.floor(number(env, 'WHIST_STREAMS_PER_ADDRESS', DEFAULTS.streamsPerAddress)),
    tablesPerAddress: Math.floor(number(env, 'WHIST_TABLES_PER_ADDRESS', DEFAULTS.tablesPerAddress)),
    tablesWindowSeconds: number(env, 'WHIST_TABLES_WINDOW', DEFAULTS.tablesWindowSeconds),
    finishedRetentionSeconds: number(env, 'WHIST_FINISHED_RETENTION', DEFAULTS.finishedRetentionSeconds),
    abandonedRetentionSeconds: number(env, 'WHIST_ABANDONED_RETENTION', DEFAULTS.abandonedRetentionSeconds),
    sweepIntervalSeconds: number(env, 'WHIST_SWEEP_INTERVAL', DEFAULTS.sweepIntervalSeconds),
    drainSeconds: number(env, 'WHIST_DRAIN_SECONDS', DEFAULTS.drainSeconds),
    shutdownTimeoutSeconds: number(env, 'WHIST_SHUTDOWN_TIMEOUT', DEFAULTS.shutdownTimeoutSeconds),
    logLevel: logLevel(env.WHIST_LOG_LEVEL),
    metrics: env.WHIST_METRICS !== '0',
  };
}
