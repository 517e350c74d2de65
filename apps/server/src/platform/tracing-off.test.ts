/**
 * Without an OTLP endpoint nothing of OpenTelemetry's SDK is loaded or registered: the server starts
 * and answers as it did before traces existed. (A file of its own: tracing.test.ts registers a
 * provider in its process.)
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { appVersion } from '@bank/contract/constants';
import { ProxyTracerProvider, propagation, trace } from '@opentelemetry/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordEvent } from './events.ts';
import { outboxEvents } from './outbox-table.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startTracing } from './tracing.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

it('registers no tracer provider and loads no SDK without an OTLP endpoint', async () => {
  expect(test.config.tracing).toBeUndefined();
  expect(await startTracing(test.config.tracing, { version: appVersion, environment: 'test' })).toBeUndefined();

  const response = await test.app.inject({
    method: 'POST',
    url: '/api/v1/account/getUserInfo',
    payload: {},
    headers: { 'content-type': 'application/json', traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` },
  });
  expect(response.json()).toMatchObject({ code: 9400 });
  const companyId = randomUUID();
  const eventId = await test.database.db.transaction((tx) =>
    recordEvent(
      tx,
      'kyc.status_changed',
      {
        company_id: companyId,
        from: 'not_submitted',
        to: 'pending_review',
        round: 1,
        actor_user_id: randomUUID(),
        at: new Date().toISOString(),
      },
      { companyId },
    ),
  );

  // The API's own proxy, with nothing behind it: no provider was ever registered.
  const provider = trace.getTracerProvider();
  expect(provider).toBeInstanceOf(ProxyTracerProvider);
  expect((provider as ProxyTracerProvider).getDelegateTracer('any')).toBeUndefined();
  expect(propagation.fields()).toEqual([]);
  // The SDK and the exporters are CommonJS packages: loaded, they would be in the require cache, as
  // the API is (prom-client loads it).
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.some((file) => file.includes('@opentelemetry/api/'))).toBe(true);
  expect(loaded.filter((file) => /@opentelemetry\/(sdk-|exporter-|resources|core)/.test(file))).toEqual([]);
  // An event keeps no trace context.
  const [event] = await test.database.db
    .select({ traceparent: outboxEvents.traceparent })
    .from(outboxEvents)
    .where(eq(outboxEvents.id, eventId));
  expect(event).toEqual({ traceparent: null });
});
