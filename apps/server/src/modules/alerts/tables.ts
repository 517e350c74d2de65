/**
 * Alerts: each user's own (a balance below a threshold, a payout or a card purchase above an amount,
 * a sign-in from a new device). A balance alert's threshold is also watched by the ledger's crossing
 * detector under the alert's id (ledger's balance_thresholds), written in the same transaction.
 */
import type { AlertKind } from '@bank/contract/alerts';
import { index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const alerts = pgTable(
  'alerts',
  {
    /** UUIDv7 of its creation: the list's order. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<AlertKind>().notNull(),
    /** The amount's asset; null for a sign-in alert. */
    asset: text('asset'),
    amount: numeric('amount', { precision: 38, scale: 18 }),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('alerts_user').on(table.user_id, table.id),
    index('alerts_company_kind').on(table.company_id, table.kind),
  ],
);
