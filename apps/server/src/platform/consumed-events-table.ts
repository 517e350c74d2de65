/**
 * Which consumer has acted on which event. The job queue delivers an event at least once; a
 * consumer claims its row in the transaction of its effect, so a second delivery finds the claim
 * and does nothing: the effect happens once.
 */
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const consumedEvents = pgTable(
  'consumed_events',
  {
    event_id: uuid('event_id').notNull(),
    subscriber: text('subscriber').notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.event_id, table.subscriber] })],
);
