/**
 * Domain events, written to the outbox in the same transaction as the change they describe, so an
 * event exists exactly when its change committed. The relay later hands each event to the job
 * queue of every subscriber of its type (platform/jobs.ts).
 */
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type AppDatabase, type DbHandle, executeRows, sqlExecutorOf } from './db.ts';
import { newId } from './ids.ts';
import { outboxEvents } from './outbox-table.ts';
import { currentRequestId } from './request-context.ts';
import { activeTraceparent } from './tracing.ts';

/** NOTIFY channel: PostgreSQL delivers it only when the writing transaction commits. */
export const outboxChannel = 'outbox_events';

export type NewEvent = {
  /** What happened, past tense, `<domain>.<fact>`: `kyc.submitted`, `card.blocked`. */
  type: string;
  payload: unknown;
  company_id?: string | null;
};

/** An event as its handlers receive it. */
export type DomainEvent = {
  id: string;
  type: string;
  payload: unknown;
  company_id: string | null;
  /** The request that caused it, or null (a schedule); what its consumers record carries it on. */
  request_id?: string | null;
  /** The span that recorded it (W3C traceparent), when traces are on: its consumers' spans link to it. */
  traceparent?: string | null;
  created_at: string;
};

/** Records an event in the caller's transaction; it is delivered only if that transaction commits. */
export async function writeEvent(handle: DbHandle, event: NewEvent): Promise<string> {
  const id = newId();
  await handle.insert(outboxEvents).values({
    id,
    type: event.type,
    payload: event.payload ?? null,
    company_id: event.company_id ?? null,
    request_id: currentRequestId(),
    traceparent: activeTraceparent(),
  });
  await handle.execute(sql`select pg_notify(${outboxChannel}, '')`);
  return id;
}

/** How each subscriber's job is retried when its handler fails. */
export const deliveryRetry = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

export type RelayOptions = {
  /** The schema pg-boss keeps its tables in (its subscription table names the subscriber queues). */
  jobQueueSchema: string;
  batchSize: number;
  /** A delivery running longer than this is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
};

/**
 * Moves one batch of unpublished events into the subscribers' queues and marks them published, in
 * one transaction: a crash before commit leaves both undone, so no event is lost or sent twice.
 * SKIP LOCKED lets several server instances relay side by side. Answers the queues that got jobs.
 */
export async function relayOutboxBatch(db: AppDatabase, boss: PgBoss, options: RelayOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.published_at))
      .orderBy(asc(outboxEvents.created_at), asc(outboxEvents.id))
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    if (events.length === 0) return [];

    const types = [...new Set(events.map((event) => event.type))];
    const subscriptions = await executeRows<{ event: string; name: string }>(
      tx,
      sql`select event, name from ${sql.identifier(options.jobQueueSchema)}.subscription where event = any(${sql.param(types)}::text[])`,
    );
    const jobWriter = sqlExecutorOf(tx);
    const queues = new Set<string>();
    for (const event of events) {
      const delivered: DomainEvent = {
        id: event.id,
        type: event.type,
        payload: event.payload,
        company_id: event.company_id,
        request_id: event.request_id,
        ...(event.traceparent ? { traceparent: event.traceparent } : {}),
        created_at: event.created_at.toISOString(),
      };
      for (const subscription of subscriptions) {
        if (subscription.event !== event.type) continue;
        // The job id is the event id: a second send of the same event to a queue is a no-op.
        await boss.send(subscription.name, delivered, {
          id: event.id,
          db: jobWriter,
          expireInSeconds: options.expireInSeconds,
          ...deliveryRetry,
        });
        queues.add(subscription.name);
      }
    }
    await tx
      .update(outboxEvents)
      .set({ published_at: sql`now()` })
      .where(
        inArray(
          outboxEvents.id,
          events.map((event) => event.id),
        ),
      );
    return [...queues];
  });
}
