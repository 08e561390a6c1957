/**
 * The embedded driver: PGlite, PostgreSQL compiled to WebAssembly, running inside this process. In memory
 * by default (the tables go when the process does), or in a data directory. One process only: a data
 * directory must not be opened by two processes; for several, use PostgreSQL.
 *
 * @module
 */

import { PGlite } from '@electric-sql/pglite';
import type { Driver } from './driver.js';

export async function pgliteDriver(dataDir?: string): Promise<Driver> {
  const db = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return {
    description: dataDir === undefined ? 'PGlite in memory' : `PGlite in ${dataDir}`,
    async query<Row>(text: string, params: readonly unknown[]): Promise<Row[]> {
      const r = await db.query<Row>(text, params as unknown[]);
      return r.rows;
    },
    async exec(text: string): Promise<void> {
      await db.exec(text);
    },
    async listen(channel, onPayload) {
      // One in-process connection: it cannot break, so there is never anything to resync.
      const stop = await db.listen(channel, onPayload);
      return async () => stop();
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close();
    },
  };
}
