import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

export default defineConfig({
  test: {
    // Limits against a hang, not measures of speed: on a busy machine everything takes longer, and a test
    // that waits for servers, databases or a browser sets a longer limit of its own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // Files at once: at least four, and one per core on larger machines. Most of the long files wait more
    // than they compute (on a browser, a server, a database or a child process: a browser test computes for
    // a quarter to a half of its time), so on a 2-core machine four files keep both cores busy (the
    // machine's own count of idle time: 2% of a whole CI run); more files only contend for them. The
    // longest files start first (test/setup/sequencer.ts).
    maxWorkers: Math.max(4, availableParallelism()),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'library',
          include: ['test/**/*.test.ts'],
          // The library's tests import it as Node does, its TypeScript compiled by tsx, instead of through
          // Vite's module runner, which reaches every import through a getter: the solver runs about twice as
          // fast so (a full table 1.5 s against 2.9 s), and the files take 15% less time in all.
          execArgv: ['--import', 'tsx'],
          experimental: { viteModuleRunner: false, nodeLoader: false },
          // The library's tests share their workers' modules: they set no global state (a spy on console
          // is restored by the test that makes it), and each file no longer loads the library and the test
          // runner afresh.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'hosts',
          include: ['server/test/**/*.test.ts', 'web/test/**/*.test.ts'],
          globalSetup: ['web/test/hosts-setup.ts'],
          // The server's and the page's tests share their workers' modules too: each file starts and stops
          // its own servers, browsers' contexts and stores, sets no global state and mocks nothing, and no
          // longer loads Playwright, the library and the server's modules afresh. They keep Vite's module
          // runner: tsx names every function it compiles through a helper of its own (`__name`), which a
          // function a test hands to the browser (`page.evaluate`) would call there, where it is undefined.
          isolate: false,
        },
      },
    ],
  },
});
