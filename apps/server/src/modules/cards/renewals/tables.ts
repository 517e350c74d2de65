/**
 * A card's annual fee terms (SPEC.md section 3, "Annual fee term" and "Membership fee record"): one
 * row per term of `months`, numbered from 1 (the term that starts at activation). The term after the
 * last settled one waits to be paid: upcoming, then pending once its renewal opens, overdue after its
 * due date. A replacement card takes over the terms of the card it replaces.
 */

import type { FeeTermRemark } from '@bank/contract/card-management';
import type { CardFundingAsset } from '@bank/contract/cards';
import type { FeePaymentStatus } from '@bank/contract/states';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { companies } from '../../account/index.ts';
import { cards } from '../tables.ts';

export const cardFeeTerms = pgTable(
  'card_fee_terms',
  {
    id: uuid('id').primaryKey(),
    card_id: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    sequence: integer('sequence').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    /** Paid by this day (the end of the term before; the first term's is its start). */
    due_on: date('due_on', { mode: 'string' }).notNull(),
    months: integer('months').notNull(),
    /** USD. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    status: text('status').$type<FeePaymentStatus>().notNull(),
    paid_at: timestamptz('paid_at'),
    deduction_mode: text('deduction_mode').$type<'auto' | 'manual'>(),
    paid_asset: text('paid_asset').$type<CardFundingAsset>(),
    paid_amount: numeric('paid_amount', { precision: 38, scale: 18 }),
    /** The ledger transfer that paid it. */
    transfer_id: uuid('transfer_id'),
    /** Why the term stands as it does, as a code the screens word (`cards.remarks.<code>`); '' when nothing is to be said. */
    remarks: text('remarks').$type<FeeTermRemark | ''>().notNull().default(''),
    /** The day the schedule last tried to charge it automatically (one try, and one notice, a day). */
    auto_attempted_on: date('auto_attempted_on', { mode: 'string' }),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('card_fee_terms_card_sequence').on(table.card_id, table.sequence),
    index('card_fee_terms_company_due').on(table.company_id, table.due_on, table.id),
    index('card_fee_terms_open').on(table.status, table.due_on),
  ],
);

export type FeeTermRow = typeof cardFeeTerms.$inferSelect;
