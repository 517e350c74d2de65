import { errorCatalogue } from '@bank/contract/errors';
import { translate } from '@bank/i18n/resources';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, registerMetrics, registerPressureRelief } from './metrics.ts';
import { registerRequestContext } from './request-context.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let test: TestApp;
const token = 'a-metrics-token-of-some-length';

beforeAll(async () => {
  test = await createTestApp({ config: { metricsToken: token } });
});
afterAll(async () => {
  await test?.close();
});

async function scrape(authorization = `Bearer ${token}`) {
  return test.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
}

describe('/metrics', () => {
  it('asks for the configured bearer token', async () => {
    expect((await scrape('Bearer wrong-token-of-the-same-len')).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await scrape()).statusCode).toBe(200);
  });

  it('counts calls by call and status, and errors by envelope code', async () => {
    await test.app.inject({ method: 'POST', url: '/api/v1/account/getUserInfo', payload: {} });
    await test.app.inject({ method: 'POST', url: '/api/v1/account/getUserInfo', payload: {} });
    const text = (await scrape()).body;
    expect(text).toMatch(
      /bank_api_call_duration_seconds_count\{call="\/api\/v1\/account\/getUserInfo",status="200"\} 2/,
    );
    expect(text).toContain(
      `bank_api_call_errors_total{call="/api/v1/account/getUserInfo",code="${errorCatalogue.session_invalid.code}"} 2`,
    );
  });

  it('reports the job queue, the outbox, webhook failures and the ledger check', async () => {
    const text = (await scrape()).body;
    expect(text).toMatch(/bank_job_queue_jobs\{state="created"\} \d+/);
    expect(text).toMatch(/bank_job_queue_oldest_waiting_seconds \d/);
    expect(text).toMatch(/bank_outbox_lag_seconds \d/);
    expect(text).toMatch(/bank_db_contention_total\{outcome="retried"\} \d+/);
    expect(text).toMatch(/bank_db_unavailable_total\{outcome="commit_unknown"\} \d+/);
    expect(text).toMatch(/bank_db_heavy_reads_total\{outcome="primary_replica_behind"\} \d+/);
    expect(text).toMatch(/bank_webhook_failed_attempts_last_hour 0/);
    expect(text).toContain('bank_ledger_invariant_breaches');
    expect(text).toContain('bank_process_cpu_seconds_total');
  });

  it('is absent in production without a token', async () => {
    const app = Fastify();
    registerMetrics(app, createMetrics(), {
      db: test.database.db,
      contention: test.database.contention,
      unavailable: test.database.unavailable,
      heavyReads: test.database.heavyReads,
      token: undefined,
      isProduction: true,
    });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('under pressure', () => {
  it('answers a call 503 with the busy envelope and Retry-After while the event loop is stalled', async () => {
    const app = Fastify();
    registerRequestContext(app);
    await registerPressureRelief(app, { maxEventLoopDelayMs: 200, retryAfterSeconds: 5 });
    app.post('/api/v1/test/ping', async () => ({ code: 200, msg: 'success', data: null }));
    await app.ready();

    const calm = await app.inject({ method: 'POST', url: '/api/v1/test/ping', payload: {} });
    expect(calm.statusCode).toBe(200);

    const stallUntil = Date.now() + 1500;
    while (Date.now() < stallUntil) {
      // A stalled event loop, as a runaway computation would leave it.
    }
    // under-pressure's overdue sampling timer runs first and sees the stall.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await app.inject({
      method: 'POST',
      url: '/api/v1/test/ping',
      payload: {},
      headers: { language: 'jp' },
    });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ code: errorCatalogue.busy.code, msg: translate('jp', 'errors.busy'), data: null });
    await app.close();
  });
});
