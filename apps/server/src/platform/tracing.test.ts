/**
 * Traces through real boundaries: the app's calls, its transactions, its job queue, and an OTLP/HTTP
 * receiver on this machine standing for the collector (test-otlp-receiver.ts). The exporter sends
 * http/json here so that the receiver can read the spans; the protobuf default is checked at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { defineCall } from '@bank/contract/calls';
import { appVersion } from '@bank/contract/constants';
import type { DomainEventPayload } from '@bank/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { consumeEvent, recordEvent } from './events.ts';
import type { AppModule } from './module.ts';
import { currentRequestId } from './request-context.ts';
import { registerCall } from './route.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { type ExportedSpan, type OtlpReceiver, startOtlpReceiver } from './test-otlp-receiver.ts';
import { startTracing, type Tracing } from './tracing.ts';

/** A test-only write: a change's transaction that records an event, or fails inside it. */
const tracedWrite = defineCall({
  path: '/api/v1/test/traced-write',
  summary: 'Records an event in a transaction (test only)',
  permission: 'public',
  errors: ['illegal_state'],
  request: z.object({ company_id: z.string(), is_refused: z.boolean().optional() }).strict(),
  response: z.object({ event_id: z.string() }),
});

const tickSchedule = 'tracing_test__tick';

function change(companyId: string): DomainEventPayload<'kyc.status_changed'> {
  return {
    company_id: companyId,
    from: 'not_submitted',
    to: 'pending_review',
    round: 1,
    actor_user_id: randomUUID(),
    at: new Date().toISOString(),
  };
}

/** The request each consumed event ran for, by company. */
const requestOfConsumer = new Map<string, string | null>();

const tracedModule: AppModule = {
  name: 'tracing-test',
  register(app, { jobs, database }) {
    registerCall(app, tracedWrite, async (body) => {
      const eventId = await database.db.transaction(async (tx) => {
        const id = await recordEvent(tx, 'kyc.status_changed', change(body.company_id), {
          companyId: body.company_id,
        });
        if (body.is_refused) throw new AppError('illegal_state', { detail: 'refused on purpose' });
        return id;
      });
      return { event_id: eventId };
    });
    consumeEvent({ jobs, db: database.db }, 'kyc.status_changed', 'tracing_test', async (_tx, payload) => {
      requestOfConsumer.set(payload.company_id, currentRequestId());
    });
    jobs.schedule({
      name: tickSchedule,
      cron: '0 0 1 1 *',
      run: () => database.db.transaction(async () => undefined),
    });
  },
};

let receiver: OtlpReceiver;
let tracing: Tracing | undefined;
let test: TestApp;

/** Traces to the receiver, in the protocol given or the default. */
function tracingFor(protocol?: 'http/json') {
  const config = loadConfig({
    NODE_ENV: 'test',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  });
  return startTracing(config.tracing, { version: appVersion, environment: 'test' });
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = await tracingFor('http/json');
  test = await createTestApp({ modules: [tracedModule] });
  await test.app.jobs.start();
});
afterAll(async () => {
  await test?.close();
  await tracing?.shutdown();
  await receiver?.close();
});

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The spans exported once `isComplete` holds of them (the batch is flushed at each look). */
async function exportedSpans(isComplete: (spans: ExportedSpan[]) => boolean): Promise<ExportedSpan[]> {
  await waitFor(async () => {
    await tracing?.forceFlush();
    return isComplete(receiver.spans());
  }, 'the spans');
  return receiver.spans();
}

function write(body: { company_id: string; is_refused?: boolean }, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: tracedWrite.path,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`expected one ${what}, found ${items.length}`);
  return items[0] as T;
}

describe('traces', () => {
  it('follow a call that writes and records an event: its server span, its transaction as a child, and the consumer linked to it, all with the request id', async () => {
    const companyId = randomUUID();
    const response = await write({ company_id: companyId });
    const requestId = String(response.headers['x-request-id']);
    const eventId = (response.json() as { data: { event_id: string } }).data.event_id;
    await waitFor(() => requestOfConsumer.has(companyId), 'the consumer');

    const spans = await exportedSpans((all) =>
      all.some((span) => span.kind === 'consumer' && span.attributes['messaging.message.id'] === eventId),
    );
    const ofRequest = spans.filter((span) => span.attributes['bank.request_id'] === requestId);
    const server = only(
      ofRequest.filter((span) => span.kind === 'server'),
      'server span',
    );
    expect(server).toMatchObject({
      name: `POST ${tracedWrite.path}`,
      parentSpanId: undefined,
      statusCode: 0,
      attributes: {
        'http.route': tracedWrite.path,
        'http.request.method': 'POST',
        'url.path': tracedWrite.path,
        'http.response.status_code': 200,
      },
      resource: { 'service.name': 'bank-server', 'service.version': appVersion, 'deployment.environment.name': 'test' },
    });
    expect(server.attributes['bank.envelope.code']).toBeUndefined();

    const transaction = only(
      ofRequest.filter((span) => span.name === 'transaction' && span.parentSpanId === server.spanId),
      'transaction of the call',
    );
    expect(transaction).toMatchObject({ traceId: server.traceId, kind: 'client' });
    expect(transaction.attributes['db.system.name']).toBe('postgresql');

    // The consumer runs later, from the queue: a trace of its own, linked to where the event was recorded.
    const consumer = only(
      ofRequest.filter((span) => span.kind === 'consumer'),
      'consumer span',
    );
    expect(consumer).toMatchObject({
      name: 'process event__kyc_status_changed__tracing_test',
      parentSpanId: undefined,
      links: [{ traceId: server.traceId, spanId: transaction.spanId }],
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.destination.name': 'event__kyc_status_changed__tracing_test',
        'messaging.message.id': eventId,
        'bank.event.type': 'kyc.status_changed',
      },
    });
    expect(consumer.traceId).not.toBe(server.traceId);
    expect(requestOfConsumer.get(companyId)).toBe(requestId);
    // The consumer's own transaction (its claim on the event) is its child.
    expect(
      ofRequest.filter((span) => span.name === 'transaction' && span.parentSpanId === consumer.spanId),
    ).toHaveLength(1);
    expect(receiver.exports[0]?.path).toBe('/v1/traces');
  });

  it('continue the trace of an incoming traceparent, and keep none the caller did not sample', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const response = await write({ company_id: randomUUID() }, { traceparent: `00-${traceId}-${callerSpanId}-01` });
    const requestId = String(response.headers['x-request-id']);
    const spans = await exportedSpans((all) =>
      all.some((span) => span.kind === 'server' && span.attributes['bank.request_id'] === requestId),
    );
    const server = only(
      spans.filter((span) => span.kind === 'server' && span.attributes['bank.request_id'] === requestId),
      'server span',
    );
    expect(server).toMatchObject({ traceId, parentSpanId: callerSpanId });
    expect(spans.some((span) => span.name === 'transaction' && span.parentSpanId === server.spanId)).toBe(true);

    const unsampledTraceId = randomBytes(16).toString('hex');
    const unsampled = await write(
      { company_id: randomUUID() },
      { traceparent: `00-${unsampledTraceId}-${callerSpanId}-00` },
    );
    expect(unsampled.statusCode).toBe(200);
    await tracing?.forceFlush();
    expect(receiver.spans().filter((span) => span.traceId === unsampledTraceId)).toEqual([]);
  });

  it("name a refused call's catalogue code, and a failed transaction's error, without its message", async () => {
    const response = await write({ company_id: randomUUID(), is_refused: true });
    expect(response.json()).toMatchObject({ code: 9409 });
    const requestId = String(response.headers['x-request-id']);
    const spans = await exportedSpans((all) =>
      all.some((span) => span.kind === 'server' && span.attributes['bank.request_id'] === requestId),
    );
    const ofRequest = spans.filter((span) => span.attributes['bank.request_id'] === requestId);
    const server = only(
      ofRequest.filter((span) => span.kind === 'server'),
      'server span',
    );
    // A refusal is an answer, not a failure of the server: HTTP 200, status unset, the code named.
    expect(server).toMatchObject({
      statusCode: 0,
      attributes: { 'http.response.status_code': 200, 'bank.envelope.code': 9409 },
    });
    const transaction = only(
      ofRequest.filter((span) => span.name === 'transaction'),
      'transaction',
    );
    expect(transaction).toMatchObject({ statusCode: 2, attributes: { 'error.type': 'illegal_state' } });
    expect(JSON.stringify(transaction)).not.toContain('refused on purpose');
  });

  it('make a span of a scheduled job, and none of the probes', async () => {
    await test.app.jobs.runSchedule(tickSchedule);
    const probe = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(probe.statusCode).toBe(200);
    const spans = await exportedSpans((all) => all.some((span) => span.name === `job ${tickSchedule}`));
    const job = only(
      spans.filter((span) => span.name === `job ${tickSchedule}`),
      'job span',
    );
    expect(job).toMatchObject({
      kind: 'internal',
      parentSpanId: undefined,
      attributes: { 'bank.job.name': tickSchedule },
    });
    expect(spans.some((span) => span.name === 'transaction' && span.parentSpanId === job.spanId)).toBe(true);
    expect(spans.some((span) => span.attributes['url.path'] === '/healthz')).toBe(false);
  });

  it("are sent as protobuf by default (the specification's http/protobuf)", async () => {
    await tracing?.shutdown();
    tracing = await tracingFor();
    const before = receiver.exports.length;
    const response = await write({ company_id: randomUUID() });
    const requestId = String(response.headers['x-request-id']);
    await tracing?.forceFlush();
    const sent = receiver.exports.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => request.contentType === 'application/x-protobuf')).toBe(true);
    // Protobuf keeps strings as UTF-8 bytes: the request id and the route are in the export.
    const bytes = Buffer.concat(sent.map((request) => request.body));
    expect(bytes.includes(requestId)).toBe(true);
    expect(bytes.includes(tracedWrite.path)).toBe(true);
  });
});
