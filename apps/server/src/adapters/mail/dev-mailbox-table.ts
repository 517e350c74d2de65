/** The development mailbox: where emails go when no SMTP server is configured. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // Wall-clock time, not the app clock: a journey that moves the test clock still finds its newest email by time.
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_to_created_idx').on(table.to, table.created_at)],
);
