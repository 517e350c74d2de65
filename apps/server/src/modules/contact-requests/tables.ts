/**
 * Requests to be contacted about a product: one row per request, with how and when the requester
 * prefers to be reached and, once staff handled it, their internal note. The queue a request is in
 * follows the company's relationship manager at the time of reading (companies.relationship_manager_id),
 * so a company handed to another manager takes its open requests with it.
 */
import type { BankingProduct, ContactMethod, ContactRequestStatus } from '@bank/contract/contact-requests';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const contactRequests = pgTable(
  'contact_requests',
  {
    /** UUIDv7 of its sending: the keyset order of the lists. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product').$type<BankingProduct>().notNull(),
    contact_method: text('contact_method').$type<ContactMethod>().notNull(),
    message: text('message').notNull(),
    preferred_time: text('preferred_time'),
    status: text('status').$type<ContactRequestStatus>().notNull(),
    /** For the bank only: what was agreed or done. */
    handled_note: text('handled_note'),
    handled_by: uuid('handled_by').references(() => users.id),
    handled_at: timestamptz('handled_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('contact_requests_requester_idx').on(table.user_id, table.id),
    index('contact_requests_company_idx').on(table.company_id, table.id),
    index('contact_requests_status_idx').on(table.status, table.id),
    check('contact_requests_status', sql`${table.status} in ('open', 'handled')`),
  ],
);
