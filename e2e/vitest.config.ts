import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the built web app served by the real server (started once by global-setup.ts on
 * a fresh embedded database), driven by playwright-core in Debian's Chromium. Files run one after
 * another: the machine has two cores and one server.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
