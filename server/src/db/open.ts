/**
 * Opens the store the configuration names: PostgreSQL when a connection string is given, else PGlite (in a
 * data directory, or in memory).
 *
 * @module
 */

import type { Store } from './base.js';
import { pgliteDriver } from './pglite.js';
import { postgresDriver } from './postgres.js';
import { SqlStore } from './sql.js';

export interface StoreConfig {
  /** A PostgreSQL connection string (`postgres://user@host:port/db`). */
  readonly databaseUrl?: string | undefined;
  /** A directory for PGlite's files; without it and without `databaseUrl`, PGlite keeps tables in memory. */
  readonly dataDir?: string | undefined;
  /** PGlite in memory: the image of an empty database to start from (`WHIST_PGLITE_IMAGE`). */
  readonly pgliteImage?: string | undefined;
  /** Pool size for PostgreSQL. */
  readonly poolSize?: number | undefined;
}

/** Opens and migrates a store. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const driver =
    config.databaseUrl !== undefined && config.databaseUrl !== ''
      ? await postgresDriver(config.databaseUrl, config.poolSize === undefined ? {} : { poolSize: config.poolSize })
      : await pgliteDriver(config.dataDir === '' ? undefined : config.dataDir, { image: config.pgliteImage });
  const store = new SqlStore(driver);
  try {
    await store.migrate();
  } catch (e) {
    await store.close().catch(() => {});
    throw e;
  }
  return store;
}
