import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and server tests of every workspace. Browser journeys run separately (e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps its modules from one test file to the next (each file still opens its own
    // database and app): importing the server's module graph anew for each file took a third of the
    // suite's time. Nothing in the suites mocks modules or keeps state between files in a module.
    isolate: false,
    // One test file per core (Vitest's default leaves one core to itself, which on two cores halves
    // the rate): a file's process is busy setting up its database and app, Vitest's own is not.
    maxWorkers: availableParallelism(),
  },
});
