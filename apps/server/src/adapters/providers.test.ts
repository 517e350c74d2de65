import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../platform/test-app.ts';
import { createRunningTestApp, type RunningTestApp } from '../platform/test-support.ts';

/** A production demo (DEMO_MODE): the simulators chosen bring their schedules, as anywhere else. */
describe('the simulators in a production demo', () => {
  let test: RunningTestApp;
  beforeAll(async () => {
    const storage = testConfig().storage;
    test = await createRunningTestApp({
      config: {
        nodeEnv: 'production',
        demoMode: true,
        storage:
          storage.driver === 'disk'
            ? { ...storage, signingSecret: 'a-storage-signing-secret-of-32-characters' }
            : storage,
      },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('advance the card processor, the networks and the rails on their schedules', () => {
    expect(test.app.jobs.scheduleNames()).toEqual(
      expect.arrayContaining([
        'cards__advance_simulator',
        'deposits__confirm_simulated_networks',
        'deposits__simulate_bank_credits',
        'payouts__settle_simulated_rails',
        'ledger__refresh_rates',
      ]),
    );
  });
});
