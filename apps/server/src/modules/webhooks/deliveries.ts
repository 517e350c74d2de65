/**
 * Deliveries: made in the transaction that consumes an event (or by a test send, or re-armed by a
 * replay), each then attempted from the job queue: at once through the `webhook.delivery_scheduled`
 * event, and, when an attempt fails, again by the minute's schedule once its back-off has passed
 * (the app clock decides, so tests move it). A sender claims a delivery before attempting it, so
 * that two instances never send it at once, and a claim left by a crash runs out.
 */
import type { WebhookEventType } from '@bank/contract/webhooks';
import { SpanKind } from '@opentelemetry/api';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Clock } from '../../platform/session.ts';
import { inSpan, markSpanFailed, spanAttributes, traceHeaders } from '../../platform/tracing.ts';
import type { DeliveryRow } from './queries.ts';
import { retryDelaysSeconds, webhookRules } from './rules.ts';
import { openSigningSecrets } from './secrets.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './tables.ts';
import { type PostOutcome, postWebhook, type TargetPolicy } from './target.ts';

export type NewDelivery = {
  companyId: string;
  eventType: WebhookEventType;
  /** The outbox event; null for a test send. */
  eventId: string | null;
  payload: Record<string, unknown>;
  now: Date;
};

/**
 * Makes a delivery due now and asks the sender for it, in the caller's transaction. An event's
 * webhook-id is made of the event's id, so that however often the event is consumed it is one id.
 * Answers null when the event already has its delivery.
 */
export async function scheduleNewDelivery(tx: DbHandle, delivery: NewDelivery): Promise<DeliveryRow | null> {
  const id = newId(delivery.now.getTime());
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      id,
      company_id: delivery.companyId,
      webhook_id: `msg_${(delivery.eventId ?? id).replaceAll('-', '')}`,
      event_type: delivery.eventType,
      event_id: delivery.eventId,
      is_test: delivery.eventId === null,
      payload: delivery.payload,
      status: 'pending',
      next_attempt_at: delivery.now,
      created_at: delivery.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await recordEvent(tx, 'webhook.delivery_scheduled', { delivery_id: row.id, company_id: row.company_id });
  return row;
}

/** Re-arms deliveries of the company for an attempt now, with a new back-off; answers them. */
export async function rescheduleDeliveries(
  tx: DbHandle,
  companyId: string,
  deliveryIds: readonly string[],
  now: Date,
): Promise<DeliveryRow[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', round_attempt_count: 0, next_attempt_at: now, claimed_until: null })
    .where(and(eq(webhookDeliveries.company_id, companyId), inArray(webhookDeliveries.id, [...deliveryIds])))
    .returning();
  for (const row of rows)
    await recordEvent(tx, 'webhook.delivery_scheduled', { delivery_id: row.id, company_id: row.company_id });
  return rows;
}

export type SenderDependencies = {
  db: AppDatabase;
  clock: Clock;
  secretBox: SecretBox;
  policy: TargetPolicy;
};

/** Takes a delivery that is due and not held by another sender, or answers null. */
async function claim(db: AppDatabase, deliveryId: string, now: Date): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ claimed_until: new Date(now.getTime() + webhookRules.claimSeconds * 1000) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        lte(webhookDeliveries.next_attempt_at, now),
        or(isNull(webhookDeliveries.claimed_until), lt(webhookDeliveries.claimed_until, now)),
      ),
    )
    .returning();
  return row ?? null;
}

function triggerOf(row: DeliveryRow) {
  if (row.is_test) return 'test' as const;
  if (row.round_attempt_count > 0) return 'retry' as const;
  return row.attempt_count > 0 ? ('replay' as const) : ('event' as const);
}

/**
 * The POST of an attempt, in a client span while traces are on: the receiver gets the span's W3C
 * traceparent header beside the signature's. The span names the receiver's host, not its URL,
 * whose path or query may hold the integrator's token.
 */
function postTraced(
  delivery: DeliveryRow,
  url: string,
  signatureHeaders: Record<string, string>,
  body: string,
  policy: TargetPolicy,
): Promise<PostOutcome> {
  const target = new URL(url);
  return inSpan(
    'POST',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [spanAttributes.httpRequestMethod]: 'POST',
        [spanAttributes.serverAddress]: target.hostname,
        [spanAttributes.serverPort]: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
        'bank.webhook.delivery_id': delivery.id,
        'bank.webhook.event_type': delivery.event_type,
      },
    },
    async (span) => {
      const outcome = await postWebhook(url, { ...signatureHeaders, ...traceHeaders() }, body, policy);
      if (outcome.statusCode !== null) span.setAttribute(spanAttributes.httpResponseStatusCode, outcome.statusCode);
      const failure =
        outcome.error ?? (outcome.statusCode !== null && outcome.statusCode >= 300 ? String(outcome.statusCode) : null);
      if (failure) markSpanFailed(span, failure);
      return outcome;
    },
  );
}

/** The Standard Webhooks headers of an attempt: its id, time, and one signature per live secret. */
function signedHeaders(delivery: DeliveryRow, secrets: readonly string[], attemptedAt: Date, body: string) {
  return {
    'webhook-id': delivery.webhook_id,
    'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
    // Space-separated signatures, one per live secret (Standard Webhooks).
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(delivery.webhook_id, attemptedAt, body))
      .join(' '),
  };
}

/**
 * One attempt at a delivery, if it is due: signs the body with the company's secret (Standard
 * Webhooks: `v1,` HMAC-SHA-256 of `id.timestamp.body`), POSTs it to the type's URL as it is now,
 * logs the attempt and sets what follows (done, a retry after its back-off, or given up).
 */
export async function attemptDelivery(dependencies: SenderDependencies, deliveryId: string): Promise<void> {
  const { db, clock } = dependencies;
  const delivery = await claim(db, deliveryId, clock.now());
  if (!delivery) return;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.company_id, delivery.company_id), eq(webhookEndpoints.event_type, delivery.event_type)),
    );
  const attemptedAt = clock.now();
  const secrets = await openSigningSecrets(db, dependencies.secretBox, delivery.company_id, attemptedAt);
  // A test send goes to the URL whether or not its switch is on; an event only to an enabled one.
  const url = endpoint && (endpoint.is_enabled || delivery.is_test) ? endpoint.url : '';
  const body = JSON.stringify(delivery.payload);
  const outcome =
    url === '' || secrets.length === 0
      ? { statusCode: null, latencyMs: 0, error: 'no_endpoint' as const, responseExcerpt: '' }
      : await postTraced(delivery, url, signedHeaders(delivery, secrets, attemptedAt, body), body, dependencies.policy);
  const isSuccess = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const roundAttempts = delivery.round_attempt_count + 1;
  // No URL, or a test send: nothing to wait for. Otherwise the back-off of this round's step.
  const delaySeconds =
    outcome.error === 'no_endpoint' || delivery.is_test ? undefined : retryDelaysSeconds[roundAttempts - 1];
  const finishedAt = clock.now();
  let status: DeliveryRow['status'] = 'failed';
  if (isSuccess) status = 'succeeded';
  else if (delaySeconds !== undefined) status = 'retrying';
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId(attemptedAt.getTime()),
      delivery_id: delivery.id,
      company_id: delivery.company_id,
      attempted_at: attemptedAt,
      trigger: triggerOf(delivery),
      url,
      status_code: outcome.statusCode,
      latency_ms: outcome.latencyMs,
      is_success: isSuccess,
      error: outcome.error,
      response_excerpt: outcome.responseExcerpt,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempt_count: delivery.attempt_count + 1,
        round_attempt_count: roundAttempts,
        next_attempt_at:
          status === 'retrying' && delaySeconds !== undefined
            ? new Date(finishedAt.getTime() + delaySeconds * 1000)
            : null,
        claimed_until: null,
        last_status_code: outcome.statusCode,
        last_attempt_at: attemptedAt,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
}

/** The minute's schedule: every delivery whose next attempt is due (retries, and any a crash left). */
export async function attemptDueDeliveries(dependencies: SenderDependencies): Promise<void> {
  const now = dependencies.clock.now();
  const due = await dependencies.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        lte(webhookDeliveries.next_attempt_at, now),
        or(isNull(webhookDeliveries.claimed_until), lt(webhookDeliveries.claimed_until, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.next_attempt_at))
    .limit(webhookRules.dueBatchSize);
  for (const delivery of due) await attemptDelivery(dependencies, delivery.id);
}

/** Forgets finished deliveries older than the retention (the daily schedule); answers how many. */
export async function deleteOldDeliveries(db: AppDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - webhookRules.deliveryRetentionDays * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const old = and(
      inArray(webhookDeliveries.status, ['succeeded', 'failed']),
      lt(webhookDeliveries.created_at, before),
    );
    const ids = tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(old);
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.delivery_id, ids));
    const deleted = await tx.delete(webhookDeliveries).where(old).returning({ id: webhookDeliveries.id });
    return deleted.length;
  });
}
