/** The audit log's table; writing to it is platform/audit.ts, reading it the account module's audit calls. */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** Append-only (a trigger refuses UPDATE and DELETE): who did what, when, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: timestamptz('at').notNull(),
    /** `<domain>.<fact>`: login.succeeded, password.reset, session.revoked ... */
    action: text('action').notNull(),
    actor_user_id: uuid('actor_user_id'),
    company_id: uuid('company_id'),
    ip: text('ip'),
    /** Never a secret: no password, hash, token, code or authenticator secret. */
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_action_at_idx').on(table.action, table.at, table.id),
    // A company's log, newest first, as its administrator and the back office read it.
    index('audit_log_company_at_idx').on(table.company_id, table.at, table.id),
  ],
);
