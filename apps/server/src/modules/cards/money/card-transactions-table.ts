/**
 * card_transactions: a card's transactions as the cardholder reads them, one row
 * per line of the processor that stands on its own: a purchase (its authorisation; settled or
 * reversed later on the same row), a decline, a refund, a fee. Each names the ledger transfer it
 * made (a purchase's is pending until settled), so the card's ledger account explains every row.
 */
import type { CardDeclineReason, CardTransactionKind, CardTransactionStatus } from '@bank/contract/card-money';
import { index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { timestamptz } from '../../../platform/columns.ts';
import { companies } from '../../account/index.ts';
import { cards } from '../tables.ts';

export const cardTransactions = pgTable(
  'card_transactions',
  {
    /** UUIDv7 of the time the processor reported it: the list pages on it, newest first. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    card_id: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    kind: text('kind').$type<CardTransactionKind>().notNull(),
    status: text('status').$type<CardTransactionStatus>().notNull(),
    /** USD, positive: the kind says which way it goes. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** The processor's id of the line (a purchase: its authorisation's). */
    processor_id: text('processor_id').notNull(),
    merchant_name: text('merchant_name').notNull(),
    merchant_category: text('merchant_category').notNull(),
    merchant_country: text('merchant_country').notNull(),
    original_amount: numeric('original_amount', { precision: 38, scale: 18 }),
    original_currency: text('original_currency'),
    decline_reason: text('decline_reason').$type<z.infer<typeof CardDeclineReason>>(),
    fee_kind: text('fee_kind'),
    /** A refund's purchase. */
    refund_of: uuid('refund_of'),
    /** The ledger transfer (pending for an unsettled purchase); null for a decline or a fee of nothing. */
    transfer_id: uuid('transfer_id'),
    at: timestamptz('at').notNull(),
    settled_at: timestamptz('settled_at'),
    reversed_at: timestamptz('reversed_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('card_transactions_card').on(table.card_id, table.id),
    uniqueIndex('card_transactions_processor_id').on(table.processor_id),
    index('card_transactions_refund_of').on(table.refund_of),
  ],
);
