/**
 * Invitations of sub-accounts: the invited user exists from the invitation on (status `invited`, no
 * usable password), and the link's token is kept only as its SHA-256. A link works once, until it
 * expires; sending it again replaces it. The users and their permission groups are the account
 * module's tables (identity decides what a session holds).
 */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    invited_by: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    /** Set when the link is used, or replaced by a new one, or its user removed: it never works again. */
    closed_at: timestamptz('closed_at'),
  },
  (table) => [
    uniqueIndex('team_invitations_token_unique').on(table.token_hash),
    index('team_invitations_user_idx').on(table.user_id, table.created_at),
  ],
);
