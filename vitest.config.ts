import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'server/test/**/*.test.ts', 'web/test/**/*.test.ts'],
    // Limits against a hang, not measures of speed: on a busy machine everything takes longer, and a test
    // that waits for servers, databases or a browser sets a longer limit of its own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // At least two files at once (vitest's default is one fewer than the cores: one on a 2-core machine): a
    // file that waits on a browser, a server, a database or a child process leaves a core to the other
    // file, and two files that compute share both cores. The longest files start first (test/setup/sequencer.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
  },
});
