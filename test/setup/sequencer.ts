/**
 * The order in which the test files start: the server's and the page's files (the `hosts` project) before
 * the library's, and within each the longest first, so that the workers finish together instead of one of
 * them starting a long file when the others are done.
 *
 * The projects are not interleaved because vitest keeps a worker for the next file only when that file is of
 * the same project (it ends the worker otherwise and starts a new one, which loads its modules again):
 * interleaved, a full run started 61 workers; grouped, 8 do the work, and it used 1,263 CPU-s instead of 1,391
 * (9% less) on a 2-core machine.
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

/** Seconds of each long file in a full run (1 worker, 2 cores): the files of 5 s or more. */
export const SECONDS: Readonly<Record<string, number>> = {
  'web/test/browser.test.ts': 58,
  'web/test/views.test.ts': 57,
  'web/test/online.test.ts': 51,
  'test/cli-commands.test.ts': 50,
  'web/test/layout.test.ts': 48,
  'web/test/claims.test.ts': 47,
  'test/records-hostile.test.ts': 46,
  'server/test/postgres.test.ts': 44,
  'test/hostile.test.ts': 39,
  'web/test/players.test.ts': 37,
  'web/test/exposed.test.ts': 35,
  'web/test/solo.test.ts': 34,
  'web/test/laws.test.ts': 33,
  'web/test/revokes.test.ts': 33,
  'test/match.test.ts': 30,
  'server/test/restart.test.ts': 45,
  'web/test/public-url.test.ts': 30,
  'web/test/languages.test.ts': 40,
  'web/test/polish.test.ts': 38,
  'test/cli-language.test.ts': 18,
  'web/test/anywhere.test.ts': 50,
  'web/test/lobby.test.ts': 25,
  'web/test/clock.test.ts': 20,
  'server/test/lobby.test.ts': 20,
  'server/test/health-under-load.test.ts': 20,
  'server/test/clock.test.ts': 15,
  'server/test/clock-restart.test.ts': 15,
  'server/test/clock-laws.test.ts': 25,
  'test/cli.test.ts': 23,
  'server/test/operations.test.ts': 22,
  'test/solver-dds.test.ts': 20,
  'server/test/presence-postgres.test.ts': 18,
  'server/test/hostile.test.ts': 18,
  'server/test/shutdown.test.ts': 15,
  'server/test/proxy.test.ts': 12,
  'server/test/laws.test.ts': 13,
  'server/test/docs.test.ts': 13,
  'web/test/help.test.ts': 13,
  'test/table-revokes.test.ts': 13,
  'test/records-types.test.ts': 12,
  'test/cli-input.test.ts': 12,
  'test/solver-rules.test.ts': 12,
  'test/solver-opening-lead.test.ts': 11,
  'server/test/seats.test.ts': 11,
  'test/sampling.test.ts': 10,
  'test/hint-values.test.ts': 10,
  'test/laws-fuzz.test.ts': 10,
  'test/examples.test.ts': 10,
  'web/test/dd.test.ts': 9,
  'server/test/tables-cache.test.ts': 9,
  'server/test/claims-checked.test.ts': 9,
  'server/test/presence.test.ts': 8,
  'server/test/claim-counter.test.ts': 7,
  'test/browser.test.ts': 7,
  'test/properties.test.ts': 6,
  'server/test/computer-level.test.ts': 6,
  'test/cli-laws.test.ts': 5,
  'test/solver.test.ts': 5,
  'server/test/units.test.ts': 5,
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
