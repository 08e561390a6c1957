/**
 * The embedded driver: PGlite, PostgreSQL compiled to WebAssembly, running inside this process. In memory
 * by default (the tables go when the process does), or in a data directory. One process only: a data
 * directory must not be opened by two processes; for several, use PostgreSQL.
 *
 * @module
 */

import { readFile, rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Driver } from './driver.js';

/** Where PGlite keeps its tables, and what it starts from. */
export interface PgliteOptions {
  /**
   * In memory only: the image of an empty database (`writePgliteImage`) to start from, instead of making
   * one afresh. Making one runs PostgreSQL's `initdb`, about 8 s of CPU; loading an image about 3 s in a fresh process.
   */
  readonly image?: string | undefined;
}

/** The embedded driver, in `dataDir` or in memory. */
export async function pgliteDriver(dataDir?: string, options: PgliteOptions = {}): Promise<Driver> {
  const image = dataDir === undefined && options.image !== undefined && options.image !== '' ? options.image : undefined;
  const db = await PGlite.create(
    dataDir !== undefined ? { dataDir } : image !== undefined ? { loadDataDir: new Blob([new Uint8Array(await readFile(image))]) } : {},
  );
  return {
    description: dataDir !== undefined ? `PGlite in ${dataDir}` : image !== undefined ? `PGlite in memory, from ${image}` : 'PGlite in memory',
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

/**
 * Writes the image of an empty database to `file` (about 40 MB), for `pgliteDriver`'s `image` and
 * `WHIST_PGLITE_IMAGE`: PostgreSQL's `initdb` run once, its files as PGlite dumps them (a tar archive).
 * The file appears whole or not at all (written aside, then renamed), so processes that start meanwhile
 * never read half of it.
 */
export async function writePgliteImage(file: string): Promise<void> {
  const db = await PGlite.create();
  try {
    const dump = await db.dumpDataDir('none');
    const aside = `${file}.${process.pid}.part`;
    await writeFile(aside, new Uint8Array(await dump.arrayBuffer()));
    await rename(aside, file);
  } finally {
    await db.close();
  }
}
