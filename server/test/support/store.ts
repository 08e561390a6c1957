/**
 * PGlite in memory for the tests, started from the image of an empty database that the test run's global
 * setup writes once (`WHIST_PGLITE_IMAGE`, web/test/hosts-setup.ts): each store opens in about 3 s of CPU
 * instead of running `initdb` (about 8 s). Without the variable, a store is made afresh.
 */

import type { Driver } from '../../src/db/driver.js';
import { pgliteDriver } from '../../src/db/pglite.js';
import { SqlStore } from '../../src/db/sql.js';

/** A fresh, empty PGlite in memory. */
export function memoryDriver(): Promise<Driver> {
  return pgliteDriver(undefined, { image: process.env.WHIST_PGLITE_IMAGE });
}

/** A fresh PGlite store in memory with its schema made, and its driver (for a test that reads the rows itself). */
export async function memoryStore(): Promise<{ readonly driver: Driver; readonly store: SqlStore }> {
  const driver = await memoryDriver();
  const store = new SqlStore(driver);
  await store.migrate();
  return { driver, store };
}
