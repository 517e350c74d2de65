import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { rateLimitCounters } from './rate-limit-table.ts';
import { systemClock } from './session.ts';
import { createTestApp, type TestApp, testConfig } from './test-app.ts';
import { type AdjustableClock, createOffsetClock } from './test-clock.ts';
import { call, uniqueEmail } from './test-support.ts';

let test: TestApp;
let clock: AdjustableClock;
const callsPerMinute = 5;

beforeAll(async () => {
  clock = createOffsetClock(systemClock);
  test = await createTestApp({ clock, config: { rateLimitPublicCallsPerMinute: callsPerMinute } });
});

afterAll(async () => {
  await test?.close();
});

/** To the start of the next minute window, plus a second. */
function nextWindow(): void {
  const intoWindowMs = clock.now().getTime() % 60_000;
  clock.advance(Math.ceil((60_000 - intoWindowMs) / 1000) + 1);
}

async function publicCall(ip: string) {
  return call<{ retry_after_seconds?: number }>(
    test,
    '/api/v1/account/verify',
    { email: uniqueEmail(), purpose: 'register', code: '123456' },
    { ip },
  );
}

describe('general limit of public calls per client address', () => {
  it('refuses the calls of one address over the limit in a minute, with the seconds to wait', async () => {
    nextWindow();
    const ip = '203.0.113.10';
    for (let index = 0; index < callsPerMinute; index += 1) {
      expect((await publicCall(ip)).code).toBe(errorCatalogue.verification_code_incorrect.code);
    }
    const refused = await publicCall(ip);
    expect(refused.code).toBe(errorCatalogue.rate_limited.code);
    expect(refused.data.retry_after_seconds).toBeGreaterThan(0);
    expect(refused.data.retry_after_seconds).toBeLessThanOrEqual(60);
    // Another address has its own count.
    expect((await publicCall('203.0.113.11')).code).toBe(errorCatalogue.verification_code_incorrect.code);
    nextWindow();
    expect((await publicCall(ip)).code).toBe(errorCatalogue.verification_code_incorrect.code);
  });

  it('refuses before the body is read or validated', async () => {
    nextWindow();
    const ip = '203.0.113.20';
    for (let index = 0; index < callsPerMinute; index += 1) await call(test, '/api/v1/sendEmail', {}, { ip });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.json().code).toBe(errorCatalogue.rate_limited.code);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('does not count calls that need a session', async () => {
    nextWindow();
    const ip = '203.0.113.30';
    for (let index = 0; index < callsPerMinute + 3; index += 1) {
      expect((await call(test, '/api/v1/account/getUserInfo', {}, { ip })).code).toBe(
        errorCatalogue.session_invalid.code,
      );
    }
    expect((await publicCall(ip)).code).toBe(errorCatalogue.verification_code_incorrect.code);
  });

  it('counts in the database, so that two instances on one database share the limit', async () => {
    nextWindow();
    const ip = '203.0.113.40';
    const secondInstance = await buildApp(testConfig({ rateLimitPublicCallsPerMinute: callsPerMinute }), {
      database: test.database,
      clock,
    });
    try {
      const viaSecond = () =>
        secondInstance.inject({
          method: 'POST',
          url: '/api/v1/account/verify',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), purpose: 'register', code: '123456' },
        });
      for (let index = 0; index < 3; index += 1) await publicCall(ip);
      for (let index = 0; index < 2; index += 1) {
        expect((await viaSecond()).json().code).toBe(errorCatalogue.verification_code_incorrect.code);
      }
      expect((await viaSecond()).json().code).toBe(errorCatalogue.rate_limited.code);
      expect((await publicCall(ip)).code).toBe(errorCatalogue.rate_limited.code);
    } finally {
      await secondInstance.close();
    }
    const [row] = await test.database.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `public_call:ip:${ip}`));
    expect(row?.hits).toBe(7);
  });
});
