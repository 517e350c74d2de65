/** Fixed-window counters of the rate limits, in PostgreSQL so that every server instance shares them. */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is counted and for whom: `public_call:ip:203.0.113.7`. */
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.window_start] }),
    // Pruning deletes by age across all keys.
    index('rate_limit_counters_window_idx').on(table.window_start),
  ],
);
