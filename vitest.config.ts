import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that need a module graph of their own: the web app's (i18next, the query client
 * and the stores are the page's singletons), and tracing's (it registers OpenTelemetry's global
 * provider, and tracing-off proves that nothing of it is loaded without an endpoint).
 */
const isolatedFiles = [
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/server/src/platform/tracing.test.ts',
  'apps/server/src/platform/tracing-off.test.ts',
];

/**
 * The files that run for minutes, started first: on a clean clone Vitest has no durations yet and
 * starts the largest files first, which left the ledger's property test (100,000 operations on
 * PostgreSQL, some 4 minutes) to start last, at the end of the suite. CI starts the suite beside the
 * type-check (scripts/test.mjs), and this file then runs there rather than last.
 */
const longFiles = ['apps/server/src/modules/ledger/ledger.property.test.ts'];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => longFiles.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

/** Unit and server tests of every workspace. Browser journeys run separately (e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    environment: 'node',
    // A limit for a hang, not for speed: a test of some 10 s took over 30 on a busy 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: LongFirstSequencer },
    // One test file per core (Vitest's default leaves one core to itself, which on two cores halves
    // the rate): a file's process is busy setting up its database and app, Vitest's own is not.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/*.test.ts',
            'e2e/support/**/*.test.ts',
            'scripts/*.test.mjs',
          ],
          exclude: [...configDefaults.exclude, ...isolatedFiles],
          // A worker keeps its modules from one test file to the next (each file still opens its own
          // database and app): importing the server's module graph anew for each file took a third of
          // the suite's time. Nothing here mocks modules or keeps state between files in a module.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolatedFiles, isolate: true } },
    ],
  },
});
