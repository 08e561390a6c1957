/**
 * PGlite in memory from an image of an empty database (`WHIST_PGLITE_IMAGE`, written by the tests' global
 * setup with `writePgliteImage`): each store so started is a database of its own, migrated as a fresh one.
 */

import { expect, it } from 'vitest';
import { pgliteDriver } from '../src/db/pglite.js';
import { SqlStore } from '../src/db/sql.js';

const image = process.env.WHIST_PGLITE_IMAGE;

it.skipIf(image === undefined)('two stores from one image are two empty databases, each migrated, neither seeing the other', async () => {
  const a = await pgliteDriver(undefined, { image });
  const b = await pgliteDriver(undefined, { image });
  try {
    expect(a.description).toBe(`PGlite in memory, from ${image}`);
    await new SqlStore(a).migrate();
    await a.exec('CREATE TABLE only_in_a (x int); INSERT INTO only_in_a VALUES (1)');
    expect(await a.query<{ x: number }>('SELECT x FROM only_in_a', [])).toEqual([{ x: 1 }]);
    await expect(b.query('SELECT x FROM only_in_a', [])).rejects.toThrow(/only_in_a/);
    expect(await b.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'", [])).toEqual([{ n: 0 }]);
  } finally {
    await a.close();
    await b.close();
  }
});
