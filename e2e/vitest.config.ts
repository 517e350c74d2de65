import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that move the server's clock by days, run after every other: the test clock only goes
 * forward, and a server a day ahead of the browser would refuse what other journeys date "today"
 * (a deposit notice's expected date) and leave their statements' periods behind its entries.
 */
const movesClockByDays = ['payouts.e2e.ts'];

class ClockAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLate = (file: TestSpecification) => movesClockByDays.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter((file) => !isLate(file)), ...sorted.filter(isLate)];
  }
}

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
    sequence: { sequencer: ClockAwareSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A journey that fails is run once more before it counts as failed, as Playwright's own runner
    // does on CI: on two busy cores a page can miss a deadline the next attempt meets. A journey
    // that fails twice fails the run.
    retry: 1,
    pool: 'forks',
  },
});
