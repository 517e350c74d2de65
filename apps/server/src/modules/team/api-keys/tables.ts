/**
 * API keys (decision 0041): a key is kept only as its keyed hash (HMAC with the server secret, as the
 * recovery codes are) beside the first characters shown to recognise it. A key acts for its company;
 * it stops working when revoked, when it expires, and when the administrator who issued it is no
 * longer active.
 */
import type { ClientPermission } from '@bank/contract/permissions';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { companies, users } from '../../account/index.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** The key's first characters, shown on the team page; not secret. */
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    /** read_only, read_write or custom (contract api-keys.ts). */
    scope: text('scope').notNull(),
    /** What the key holds (permissionsOfApiKey at issue time). */
    permissions: jsonb('permissions').$type<ClientPermission[]>().notNull(),
    /** CIDR ranges, in normal form; writes come only from these. */
    allowed_ips: jsonb('allowed_ips').$type<string[]>().notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    expires_at: timestamptz('expires_at'),
    revoked_at: timestamptz('revoked_at'),
    /** Written at most once a minute per key (resolver), so a busy key costs no write per call. */
    last_used_at: timestamptz('last_used_at'),
    last_used_ip: text('last_used_ip'),
  },
  (table) => [
    uniqueIndex('api_keys_hash_unique').on(table.key_hash),
    index('api_keys_company_idx').on(table.company_id, table.created_at),
  ],
);
