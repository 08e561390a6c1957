/**
 * The order in which the test files start: the server's and the page's files (the `hosts` project) before
 * the library's, and within each the longest first, so that the workers finish together instead of one of
 * them starting a long file when the others are done.
 *
 * The projects are not interleaved because vitest keeps a worker for the next file only when that file is of
 * the same project (it ends the worker otherwise and starts a new one, which loads its modules again):
 * interleaved, a full run started 61 workers; grouped, 8 do the work, and it used 1,263 CPU-s instead of 1,391
 * (9% less) on a 2-core machine. Nor do they run at once in two vitest processes, the library's at a lower CPU
 * priority (`nice -n 10`) on two workers: the machine has little idle time to give them, and a full run took 836 s
 * instead of 794 s, the page's and the server's files 746 s instead of 595 s.
 *
 * A file's length is its seconds in a full run on a 2-core machine (the table below, rounded); a file not
 * in the table is short and starts after them, the larger first. The order is the same on every machine,
 * with or without vitest's cache of an earlier run. The table sets the order only: a file that takes longer
 * or shorter than it says still runs to the end, and a new file runs too.
 */

import { statSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/** Seconds of each long file in a full run on a 2-core machine (`npm test`), rounded: the files of 5 s or more. */
export const SECONDS: Readonly<Record<string, number>> = {
  'web/test/browser.test.ts': 145,
  'server/test/postgres.test.ts': 140,
  'web/test/players.test.ts': 137,
  'web/test/polish.test.ts': 136,
  'web/test/claims.test.ts': 123,
  'web/test/languages.test.ts': 114,
  'web/test/online.test.ts': 90,
  'web/test/solo.test.ts': 88,
  'web/test/layout.test.ts': 86,
  'test/cli-commands.test.ts': 83,
  'web/test/duplicate.test.ts': 71,
  'web/test/views.test.ts': 70,
  'server/test/operations.test.ts': 68,
  'web/test/exposed.test.ts': 67,
  'web/test/daily.test.ts': 60,
  'web/test/laws.test.ts': 59,
  'server/test/restart.test.ts': 58,
  'test/cli.test.ts': 56,
  'server/test/clock-laws.test.ts': 48,
  'web/test/anywhere.test.ts': 43,
  'web/test/revokes.test.ts': 41,
  'test/records-hostile.test.ts': 40,
  'web/test/lobby.test.ts': 38,
  'server/test/shutdown.test.ts': 37,
  'web/test/ratings.test.ts': 37,
  'server/test/clock-restart.test.ts': 34,
  'test/examples.test.ts': 33,
  'web/test/clock.test.ts': 33,
  'server/test/pglite-image.test.ts': 29,
  'server/test/hostile.test.ts': 28,
  'test/cli-input.test.ts': 28,
  'test/match.test.ts': 26,
  'test/solver-opening-lead.test.ts': 25,
  'server/test/duplicate.test.ts': 23,
  'test/cli-duplicate.test.ts': 22,
  'test/solver.test.ts': 22,
  'server/test/lobby.test.ts': 20,
  'test/cli-language.test.ts': 16,
  'test/records-types.test.ts': 16,
  'test/hint-values.test.ts': 15,
  'web/test/help.test.ts': 14,
  'server/test/laws.test.ts': 13,
  'test/laws-fuzz.test.ts': 13,
  'test/sampling-choices.test.ts': 13,
  'test/solver-rules.test.ts': 13,
  'server/test/health-under-load.test.ts': 12,
  'server/test/solver-pool.test.ts': 12,
  'test/records-whist.test.ts': 12,
  'test/cli-movement.test.ts': 11,
  'test/properties.test.ts': 11,
  'test/sampling.test.ts': 11,
  'test/table-revokes.test.ts': 11,
  'web/test/dd.test.ts': 11,
  'server/test/daily.test.ts': 10,
  'server/test/presence-postgres.test.ts': 10,
  'server/test/ratings.test.ts': 10,
  'test/hostile.test.ts': 10,
  'server/test/docs.test.ts': 9,
  'test/cli-help.test.ts': 9,
  'test/table-variants.test.ts': 9,
  'server/test/clock.test.ts': 8,
  'server/test/presence.test.ts': 8,
  'server/test/proxy.test.ts': 8,
  'server/test/seats.test.ts': 8,
  'test/claims-budget.test.ts': 8,
  'test/doc-examples.test.ts': 8,
  'test/solver-dds.test.ts': 8,
  'server/test/computer-level.test.ts': 7,
  'server/test/tables-cache.test.ts': 7,
  'test/cli-laws.test.ts': 7,
  'test/claims-revokes.test.ts': 6,
  'test/cli-claims.test.ts': 6,
  'test/hints.test.ts': 6,
  'test/package.test.ts': 6,
  'test/browser.test.ts': 5,
  'test/duplicate.test.ts': 5,
  'test/variants.properties.test.ts': 5,
  'web/test/public-url.test.ts': 5,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => {
      const name = relative(root, spec.moduleId).split('\\').join('/');
      return { spec, name, project: spec.project.name, seconds: SECONDS[name] ?? 0, bytes: statSync(spec.moduleId).size };
    };
    return files
      .map(key)
      .sort(
        (a, b) =>
          (a.project === b.project ? 0 : a.project === 'hosts' ? -1 : b.project === 'hosts' ? 1 : 0) ||
          b.seconds - a.seconds ||
          b.bytes - a.bytes ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      )
      .map(({ spec }) => spec);
  }
}
