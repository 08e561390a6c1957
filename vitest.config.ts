import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'server/test/**/*.test.ts', 'web/test/**/*.test.ts'],
    // Limits against a hang, not measures of speed: on a busy machine everything takes longer, and a test
    // that waits for servers, databases or a browser sets a longer limit of its own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
