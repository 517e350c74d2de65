/**
 * Webhooks: each company's URL per notification type, its signing secret (sealed: the server must
 * read it back to sign), every delivery (one per event and company, or per test send) and every
 * attempt at it. All rows carry the company's id and every query is scoped by it.
 */
import type { WebhookAttempt, WebhookDeliveryStatus, WebhookEventType } from '@bank/contract/webhooks';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    event_type: text('event_type').$type<WebhookEventType>().notNull(),
    /** Empty when the company has given none. */
    url: text('url').notNull(),
    is_enabled: boolean('is_enabled').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
    updated_by: uuid('updated_by').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.company_id, table.event_type] })],
);

export const webhookSecrets = pgTable('webhook_secrets', {
  company_id: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** The `whsec_...` secret sealed with the server's key (platform/secret-box.ts). */
  secret_sealed: text('secret_sealed').notNull(),
  created_at: timestamptz('created_at').notNull(),
  created_by: uuid('created_by').references(() => users.id),
  /**
   * After a rotation, the secret it replaced, still signing beside the new one until
   * `previous_expires_at` so that receivers can switch without dropping a delivery.
   */
  previous_secret_sealed: text('previous_secret_sealed'),
  previous_expires_at: timestamptz('previous_expires_at'),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** UUIDv7 of its creation: the delivery log's keyset order. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The webhook-id header, the same on every attempt and replay. */
    webhook_id: text('webhook_id').notNull(),
    event_type: text('event_type').$type<WebhookEventType>().notNull(),
    /** The outbox event it was made from; null for a test send. One delivery per event. */
    event_id: uuid('event_id'),
    is_test: boolean('is_test').notNull(),
    /** The body's `{type, timestamp, data}`, kept so that every attempt sends the same facts. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    attempt_count: integer('attempt_count').notNull().default(0),
    /** Attempts since it was last scheduled (made, replayed): the back-off's step. */
    round_attempt_count: integer('round_attempt_count').notNull().default(0),
    next_attempt_at: timestamptz('next_attempt_at'),
    /** A sender working on it until then; after that (a crash) another may take it. */
    claimed_until: timestamptz('claimed_until'),
    last_status_code: integer('last_status_code'),
    last_attempt_at: timestamptz('last_attempt_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('webhook_deliveries_company').on(table.company_id, table.id),
    uniqueIndex('webhook_deliveries_event').on(table.event_id, table.company_id),
    index('webhook_deliveries_due').on(table.next_attempt_at).where(sql`${table.status} in ('pending', 'retrying')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    delivery_id: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    attempted_at: timestamptz('attempted_at').notNull(),
    trigger: text('trigger').$type<WebhookAttempt['trigger']>().notNull(),
    url: text('url').notNull(),
    status_code: integer('status_code'),
    latency_ms: integer('latency_ms').notNull(),
    is_success: boolean('is_success').notNull(),
    error: text('error').$type<NonNullable<WebhookAttempt['error']>>(),
    response_excerpt: text('response_excerpt').notNull(),
  },
  (table) => [index('webhook_attempts_delivery').on(table.delivery_id, table.attempted_at)],
);
