/**
 * One server process: a store, the tables over it, the event hub, and the HTTP server. The process holds
 * no table in memory between requests; start as many as you like over one PostgreSQL.
 *
 * @module
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from './api.js';
import { Computers } from './computers.js';
import { type Config, DEFAULTS } from './config.js';
import type { Store } from './db/base.js';
import { openStore } from './db/open.js';
import { RateLimiter } from './limits.js';
import { Presence } from './presence.js';
import { type Logger, Tables } from './tables.js';
import { EventHub } from './transport/events.js';

export interface RunningServer {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  readonly port: number;
  readonly store: Store;
  readonly http: Server;
  readonly hub: EventHub;
  /** Stops accepting requests, ends the event streams, and closes the store (if this server opened it). */
  close(): Promise<void>;
}

export interface StartOptions {
  /** A store already open (and migrated); the server then leaves it open on close. */
  readonly store?: Store;
  readonly log?: Logger;
}

const consoleLog: Logger = { info: (m) => console.log(m), error: (m) => console.error(m) };

/** Starts a server. */
export async function startServer(config: Partial<Config> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const c: Config = { ...DEFAULTS, ...config };
  const log = options.log ?? consoleLog;
  const store = options.store ?? (await openStore({ databaseUrl: c.databaseUrl, dataDir: c.dataDir, poolSize: c.poolSize }));
  const presence = new Presence();
  const tables = new Tables(store, log, { allowSeed: c.allowSeed, deals: c.deals, presence });
  const hub = new EventHub(store, tables);
  const computers = new Computers(tables, log, { delayMs: c.computerDelayMs });
  hub.afterChange = (change) => {
    if (change.seating === true) computers.forget(change.id);
    computers.onChange(change.id, change.next);
  };
  presence.onChange = (id) => {
    void hub.sendSeats(id);
    void computers.consider(id);
  };
  await hub.start();
  const perToken = new RateLimiter({ perSecond: c.tokenRate, burst: c.tokenRate * 2 });
  const perAddress = new RateLimiter({ perSecond: c.addressRate, burst: c.addressRate * 10 });
  const handler = createHandler({ tables, hub, log, bodyLimit: c.bodyLimit, perToken, perAddress, corsOrigin: c.corsOrigin, computers });
  const http = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, handler);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(c.port, c.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${c.host.includes(':') ? `[${c.host}]` : c.host}:${port}`,
    port,
    store,
    http,
    hub,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        computers.stop();
        presence.stop();
        await hub.close();
        http.closeIdleConnections();
        const timer = setTimeout(() => http.closeAllConnections(), 2_000);
        await stopped;
        clearTimeout(timer);
        perToken.close();
        perAddress.close();
        if (options.store === undefined) await store.close();
      })();
      return closing;
    },
  };
}
