/**
 * Global setup of the server's and the page's tests (the `hosts` project): the image of an empty PGlite
 * database, written once for the run. Every server these tests start with PGlite in memory, in their own
 * process (`memoryDriver`, `pgliteImage`) or spawned (`WHIST_PGLITE_IMAGE`, inherited), starts from it
 * instead of running PostgreSQL's `initdb` again: about 1 s of CPU each instead of 8.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePgliteImage } from '../../server/src/db/pglite.js';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'whist-pglite-'));
  const image = join(dir, 'empty.tar');
  await writePgliteImage(image);
  // The test workers and the processes they spawn inherit the variable.
  process.env.WHIST_PGLITE_IMAGE = image;
  return () => rmSync(dir, { recursive: true, force: true });
}
