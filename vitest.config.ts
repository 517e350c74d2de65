import { defineConfig } from 'vitest/config';

/** Unit and server tests of every workspace. Browser journeys run separately (e2e/run.mjs). */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
