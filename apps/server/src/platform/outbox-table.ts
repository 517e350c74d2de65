/** The outbox: domain events written in the same transaction as the change they describe. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    company_id: uuid('company_id'),
    /** The request that recorded it (x-request-id), carried to the jobs it causes; null from a schedule. */
    request_id: text('request_id'),
    /**
     * The W3C traceparent of the span that recorded it, when traces are on: its consumers' spans
     * link to it. Null when traces are off or the recording ran in no span.
     */
    traceparent: text('traceparent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the relay has handed the event to the job queue. */
    published_at: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    // The relay only ever reads unpublished rows; a partial index keeps that cheap as the table grows.
    index('outbox_events_unpublished_idx').on(table.created_at).where(sql`${table.published_at} is null`),
  ],
);
