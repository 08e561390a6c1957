/**
 * PGlite in memory for the tests, started from the image of an empty database that the test run's global
 * setup writes once (`WHIST_PGLITE_IMAGE`, web/test/hosts-setup.ts): each store opens in about 3 s of CPU
 * instead of running `initdb` (about 8 s). Without the variable, a store is made afresh.
 */

import type { Driver } from '../../src/db/driver.js';
import { pgliteDriver } from '../../src/db/pglite.js';

/** A fresh, empty PGlite in memory. */
export function memoryDriver(): Promise<Driver> {
  return pgliteDriver(undefined, { image: process.env.WHIST_PGLITE_IMAGE });
}
