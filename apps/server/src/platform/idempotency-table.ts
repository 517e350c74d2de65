/** The answers of idempotent calls, kept for replay until they expire (platform/idempotency.ts). */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: the caller's company, or the staff user for back-office calls. */
    owner_id: text('owner_id').notNull(),
    call_path: text('call_path').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body in canonical JSON: the same key with another body is refused. */
    request_hash: text('request_hash').notNull(),
    /** The `data` of the success envelope; written in the transaction of the call's effect. */
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // The unique constraint that makes concurrent duplicates wait for the first and then replay it.
    primaryKey({ columns: [table.owner_id, table.call_path, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expires_at),
  ],
);
