import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that need a process of their own: tracing registers OpenTelemetry's global provider
 * in its process, and tracing-off proves that nothing of it is loaded without an endpoint.
 */
const ownProcessFiles = ['apps/server/src/platform/tracing.test.ts', 'apps/server/src/platform/tracing-off.test.ts'];

/** Unit and server tests of every workspace. Browser journeys run separately (e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core to itself, which on two cores halves
    // the rate): a file's process is busy setting up its database and app, Vitest's own is not.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ownProcessFiles],
          // A worker keeps its modules from one test file to the next (each file still opens its own
          // database and app): importing the server's module graph anew for each file took a third of
          // the suite's time. Nothing here mocks modules or keeps state between files in a module.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own process', include: ownProcessFiles, isolate: true } },
    ],
  },
});
