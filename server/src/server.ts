/**
 * One server process: a store, the tables over it, the event hub, and the HTTP server. The process holds
 * no table in memory between requests; start as many as you like over one PostgreSQL.
 *
 * @module
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, type HttpState } from './api.js';
import { Computers } from './computers.js';
import { type Config, DEFAULTS } from './config.js';
import { ConnectionGuard } from './connections.js';
import { Daily } from './daily.js';
import type { Store } from './db/base.js';
import { openStore } from './db/open.js';
import { DuplicateEvents } from './duplicate.js';
import { RateLimiter } from './limits.js';
import { Lobby } from './lobby.js';
import { createLogger, messages, type ServerLogger, sinkOf } from './log.js';
import { Metrics } from './metrics.js';
import { Presence } from './presence.js';
import { RatedTables } from './rated-tables.js';
import { Ratings } from './ratings.js';
import { Sweeper } from './retention.js';
import { SolverPool } from './solver/pool.js';
import { type Logger, Tables } from './tables.js';
import { EventHub } from './transport/events.js';

export interface RunningServer {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  readonly port: number;
  readonly store: Store;
  readonly http: Server;
  readonly hub: EventHub;
  readonly guard: ConnectionGuard;
  readonly sweeper: Sweeper;
  readonly logger: ServerLogger;
  /** The worker threads that run the solver's work (claims' checks, computer players' decisions). */
  readonly solver: SolverPool;
  /** Whether the process is stopping (`/ready` answers 503). */
  readonly stopping: boolean;
  /**
   * Stops gracefully: `/ready` answers 503 at once and, after `drainSeconds` (0 unless `drain` is set),
   * the server stops accepting connections, ends the event streams with a retry hint, lets the requests
   * in flight finish (each answer closes its connection) for up to `shutdownTimeoutSeconds`, then cuts
   * what is left and closes the store (if this server opened it). Resolves when all is closed.
   */
  close(options?: { drain?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** A store already open (and migrated); the server then leaves it open on close. */
  readonly store?: Store;
  /** Where the log lines go (each a JSON text); without it, standard output. */
  readonly log?: Logger;
  /** The clock of the daily challenge and the duplicate events' rounds, milliseconds since 1970; default `Date.now`. */
  readonly now?: () => number;
}

/** Starts a server. */
export async function startServer(config: Partial<Config> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const c: Config = { ...DEFAULTS, ...config };
  const logger = createLogger(c.logLevel, options.log === undefined ? undefined : sinkOf(options.log));
  const log = messages(logger);
  // The solver's worker threads first: a pool that cannot start stops the server here, not a request later.
  const solver = await SolverPool.start({ ...(c.solverThreads === undefined ? {} : { threads: c.solverThreads }), queue: c.solverQueue });
  let store: Store;
  try {
    store = options.store ?? (await openStore({ databaseUrl: c.databaseUrl, dataDir: c.dataDir, pgliteImage: c.pgliteImage, poolSize: c.poolSize }));
  } catch (e) {
    await solver.close();
    throw e;
  }
  // Several processes over one store share who is at each table; PGlite belongs to this process alone.
  const presence = new Presence({ board: store.shared ? store.presence : undefined, heartbeatMs: c.presenceHeartbeatSeconds * 1000 });
  const tables = new Tables(store, log, { allowSeed: c.allowSeed, deals: c.deals, claims: c.claims, presence, cacheSize: c.tableCache, solver });
  const hub = new EventHub(store, tables);
  const computers = new Computers(tables, log, { delayMs: c.computerDelayMs, player: c.computerPlayer });
  hub.afterChange = (change) => {
    // A new version is a new turn: its clock starts when this process hears of it.
    tables.noteTurn(change.id, change.version);
    if (change.seating === true) computers.forget(change.id);
    computers.onChange(change.id, change.next);
  };
  const lobby = new Lobby(tables, log, computers, { clock: c.lobbyClock });
  const daily =
    c.dailyBoards === 0
      ? undefined
      : new Daily(tables, store.daily, log, computers, {
          boards: c.dailyBoards,
          level: c.computerPlayer,
          ...(options.now === undefined ? {} : { now: options.now }),
        });
  const duplicate = new DuplicateEvents(tables, store.duplicate, log, computers, {
    level: c.computerPlayer,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const ratings = new Ratings(store.duplicate, log, c.leaderboard);
  duplicate.onOver = () => ratings.forget();
  const ratedTables = new RatedTables(tables, store.duplicate, log);
  ratings.settle = () => ratedTables.settleOpen();
  ratedTables.onOver = () => ratings.forget();
  hub.afterRemoved = (id) => {
    computers.forget(id);
    tables.forget(id);
  };
  presence.onChange = (id) => {
    void hub.sendSeats(id);
    void computers.consider(id);
  };
  await hub.start();
  // Following the notifications first: nothing published between the read and the subscription is missed.
  await presence.start();
  const state: HttpState = { inFlight: 0, open: 0, stopping: false };
  // Behind a reverse proxy every connection comes from the proxy: the cap per address is the proxy's to keep.
  const guard = new ConnectionGuard(c.trustProxy > 0 ? { ...c, connectionsPerAddress: 0 } : c);
  const metrics = c.metrics
    ? new Metrics({
        connections: () => guard.connections,
        streams: () => guard.streams,
        inFlight: () => state.inFlight,
        checks: () => tables.checks,
        unread: () => tables.unread,
      })
    : undefined;
  const sweeper = new Sweeper(
    store,
    log,
    {
      finishedSeconds: c.finishedRetentionSeconds,
      abandonedSeconds: c.abandonedRetentionSeconds,
      openingsWindowSeconds: c.tablesPerAddress > 0 ? c.tablesWindowSeconds : 0,
      intervalSeconds: c.sweepIntervalSeconds,
    },
    metrics,
  );
  const perToken = new RateLimiter({ perSecond: c.tokenRate, burst: c.tokenRate * 2 });
  const perAddress = new RateLimiter({ perSecond: c.addressRate, burst: c.addressRate * 10 });
  const handler = createHandler({
    tables,
    hub,
    log,
    bodyLimit: c.bodyLimit,
    perToken,
    perAddress,
    corsOrigin: c.corsOrigin,
    computers,
    guard,
    logger,
    ...(metrics === undefined ? {} : { metrics }),
    tablesPerAddress: c.tablesPerAddress,
    tablesWindowSeconds: c.tablesWindowSeconds,
    state,
    trustProxy: c.trustProxy,
    lobby,
    ...(daily === undefined ? {} : { daily }),
    duplicate,
    ratings,
    ratedTables,
  });
  const http = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, handler);
  guard.attach(http);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(c.port, c.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  sweeper.start();
  lobby.start();
  const port = (http.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${c.host.includes(':') ? `[${c.host}]` : c.host}:${port}`,
    port,
    store,
    http,
    hub,
    guard,
    sweeper,
    logger,
    solver,
    get stopping() {
      return state.stopping;
    },
    close(closeOptions = {}) {
      closing ??= (async () => {
        state.stopping = true;
        if (closeOptions.drain === true && c.drainSeconds > 0) {
          logger.info(`stopping: /ready answers 503; still serving for ${c.drainSeconds} s`);
          await new Promise((r) => setTimeout(r, c.drainSeconds * 1000));
        }
        logger.info(`stopping: no new connections; ${state.inFlight} request(s) in flight, ${guard.streams} event stream(s) to end`);
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        await sweeper.stop();
        lobby.stop();
        computers.stop();
        // Other processes see this one's seats away at once (not at the end of its lease).
        await presence.stop();
        hub.endStreams();
        http.closeIdleConnections();
        // Connections still busy close after their answer (it says `Connection: close`); the rest are cut after the timeout.
        const timer = setTimeout(() => {
          if (state.inFlight > 0) logger.warn(`stopping: ${state.inFlight} request(s) still in flight after ${c.shutdownTimeoutSeconds} s are cut`);
          http.closeAllConnections();
        }, c.shutdownTimeoutSeconds * 1000);
        await stopped;
        clearTimeout(timer);
        // Every answer's line is logged before the process says it has stopped.
        if (state.open > 0)
          await new Promise<void>((resolve) => {
            state.onIdle = resolve;
            setTimeout(resolve, 1_000).unref();
          });
        await hub.close();
        perToken.close();
        perAddress.close();
        await solver.close();
        if (options.store === undefined) await store.close();
        logger.info('stopped');
      })();
      return closing;
    },
  };
}
