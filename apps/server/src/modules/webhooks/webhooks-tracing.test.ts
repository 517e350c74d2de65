/**
 * A webhook delivery while traces are on: a client span per attempt, whose W3C traceparent the
 * receiver gets, under the span of the consumer that sent it, which links back to the call that
 * asked for it. Spans go to an OTLP/HTTP receiver on this machine (http/json).
 */
import type { SignedIn } from '@bank/contract/account';
import { appVersion } from '@bank/contract/constants';
import type { WebhookDelivery } from '@bank/contract/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type ExportedSpan, type OtlpReceiver, startOtlpReceiver } from '../../platform/test-otlp-receiver.ts';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../platform/test-support.ts';
import { startTracing, type Tracing } from '../../platform/tracing.ts';
import { approvedCompany } from '../deposits/test-support.ts';
import { type Receiver, startReceiver } from './test-support.ts';

let collector: OtlpReceiver;
let tracing: Tracing | undefined;
let test: RunningTestApp;
let receiver: Receiver;

beforeAll(async () => {
  collector = await startOtlpReceiver();
  const config = loadConfig({
    NODE_ENV: 'test',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  });
  tracing = await startTracing(config.tracing, { version: appVersion, environment: 'test' });
  test = await createRunningTestApp({ config: { webhooksAllowPrivateTargets: true } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await test?.close();
  await tracing?.shutdown();
  await collector?.close();
  await receiver?.close();
});

let keyCount = 0;
async function sendTest(session: SignedIn) {
  keyCount += 1;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/v1/webhook/test',
    payload: { event_type: 'kyc_status_changed' },
    headers: {
      'content-type': 'application/json',
      token: session.token,
      userid: session.userid,
      'idempotency-key': `webhook-tracing-key-${Date.now()}-${keyCount}`,
    },
  });
  const delivery = (response.json() as { data: WebhookDelivery }).data;
  return { requestId: String(response.headers['x-request-id']), deliveryId: delivery.delivery_id };
}

async function spansOfDelivery(deliveryId: string): Promise<ExportedSpan[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await tracing?.forceFlush();
    const spans = collector.spans();
    if (spans.some((span) => span.attributes['bank.webhook.delivery_id'] === deliveryId)) return spans;
    if (Date.now() > deadline) throw new Error(`no span of delivery ${deliveryId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('sends the delivery span’s traceparent to the receiver, under the consumer linked to the call that asked for it', async () => {
  const client = await approvedCompany(test);
  const saved = await call(
    test,
    '/api/v1/webhook/settings/save',
    {
      kyc_status_changed_url: receiver.url,
      kyc_status_changed_enabled: true,
      top_up_status_url: '',
      top_up_status_enabled: false,
      card_operation_status_url: '',
      card_operation_status_enabled: false,
      card_activation_url: '',
      card_activation_enabled: false,
    },
    { session: client.session },
  );
  expect(saved.code).toBe(200);

  const before = receiver.received.length;
  const { requestId, deliveryId } = await sendTest(client.session);
  await settleEmails(test);
  const [request] = receiver.received.slice(before);
  if (!request) throw new Error('no test delivery');

  const spans = await spansOfDelivery(deliveryId);
  const post = spans.find((span) => span.attributes['bank.webhook.delivery_id'] === deliveryId);
  expect(post).toMatchObject({
    name: 'POST',
    kind: 'client',
    statusCode: 0,
    attributes: {
      'http.request.method': 'POST',
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
      'bank.webhook.event_type': 'kyc_status_changed',
      'bank.request_id': requestId,
    },
  });
  expect(request.headers.traceparent).toBe(`00-${post?.traceId}-${post?.spanId}-01`);
  // Never the receiver's URL: its path or query may hold the integrator's token.
  expect(JSON.stringify(post)).not.toContain('/hooks');

  const consumer = spans.find((span) => span.spanId === post?.parentSpanId);
  expect(consumer).toMatchObject({
    name: 'process event__webhook_delivery_scheduled__webhooks_sender',
    kind: 'consumer',
    attributes: { 'bank.request_id': requestId },
  });
  const server = spans.find((span) => span.kind === 'server' && span.attributes['bank.request_id'] === requestId);
  expect(server?.attributes['http.route']).toBe('/api/v1/webhook/test');
  const transaction = spans.find((span) => span.name === 'transaction' && span.parentSpanId === server?.spanId);
  expect(consumer?.links).toEqual([{ traceId: server?.traceId, spanId: transaction?.spanId }]);

  // A refusing receiver marks the attempt's span failed, naming the status.
  receiver.answerWith(503);
  const refused = await sendTest(client.session);
  await settleEmails(test);
  receiver.answerWith(200);
  const refusedPost = (await spansOfDelivery(refused.deliveryId)).find(
    (span) => span.attributes['bank.webhook.delivery_id'] === refused.deliveryId,
  );
  expect(refusedPost).toMatchObject({
    statusCode: 2,
    attributes: { 'http.response.status_code': 503, 'error.type': '503' },
  });
});
