import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { systemClock } from './session.ts';
import { createTestApp, type TestApp, testConfig } from './test-app.ts';
import { createOffsetClock } from './test-clock.ts';

let test: TestApp;
const clock = createOffsetClock(systemClock);

beforeAll(async () => {
  test = await createTestApp({ clock, config: { enableTestClock: true } });
});

afterAll(async () => {
  await test?.close();
});

describe('test clock (ENABLE_TEST_CLOCK)', () => {
  it('moves the server clock forward and answers the new time', async () => {
    const before = clock.now().getTime();
    const response = await test.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_seconds: 900 } });
    expect(response.statusCode).toBe(200);
    const now = Date.parse(response.json().now);
    expect(now - before).toBeGreaterThanOrEqual(900_000);
    expect(now - before).toBeLessThan(905_000);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(now);
  });

  it('refuses a move backwards or a malformed body', async () => {
    for (const payload of [{ advance_seconds: -5 }, { advance_seconds: 'soon' }, {}, { advance_seconds: 1.5 }]) {
      const response = await test.app.inject({ method: 'POST', url: '/dev/clock', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('runs a declared schedule at once, and knows no other', async () => {
    const ran = await test.app.inject({ method: 'POST', url: '/dev/schedules/platform__prune_rate_limit_counters' });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toEqual({ ran: 'platform__prune_rate_limit_counters' });
    const unknown = await test.app.inject({ method: 'POST', url: '/dev/schedules/no_such_schedule' });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not exist unless enabled', async () => {
    const plain = await buildApp(testConfig(), { database: test.database });
    try {
      const response = await plain.inject({ method: 'POST', url: '/dev/clock', payload: { advance_seconds: 60 } });
      expect(response.statusCode).toBe(404);
      const schedule = await plain.inject({
        method: 'POST',
        url: '/dev/schedules/platform__prune_rate_limit_counters',
      });
      expect(schedule.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('needs an adjustable clock when enabled', async () => {
    await expect(buildApp(testConfig({ enableTestClock: true }), { database: test.database })).rejects.toThrow(
      /adjustable clock/,
    );
  });

  it('stands still while asked, moves only by advance meanwhile, then runs on from where it stood', async () => {
    let baseMs = Date.parse('2026-11-30T10:00:00Z');
    const still = createOffsetClock({ now: () => new Date(baseMs) });
    still.advance(60);
    const inside = await still.standingStill(async () => {
      baseMs += 45_000; // a busy machine takes 45 s over the calls
      const stood = still.now().toISOString();
      still.advance(2);
      return [stood, still.now().toISOString()];
    });
    expect(inside).toEqual(['2026-11-30T10:01:00.000Z', '2026-11-30T10:01:02.000Z']);
    expect(still.now().toISOString()).toBe('2026-11-30T10:01:02.000Z');
    baseMs += 1_000;
    expect(still.now().toISOString()).toBe('2026-11-30T10:01:03.000Z');
  });
});
