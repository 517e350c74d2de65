/** The tables of card money: a card's transactions and its top-ups. */
import type {
  CardDeclineReason,
  CardTransactionKind,
  CardTransactionStatus,
  SourceOfFunds,
} from '@bank/contract/card-money';
import type { CardFundingAsset } from '@bank/contract/cards';
import type { TopUpStatus } from '@bank/contract/states';
import { index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { timestamptz } from '../../../platform/columns.ts';
import { companies, users } from '../../account/index.ts';
import { cards } from '../tables.ts';

/**
 * card_transactions: a card's transactions as the cardholder reads them, one row
 * per line of the processor that stands on its own: a purchase (its authorisation; settled or
 * reversed later on the same row), a decline, a refund, a fee. Each names the ledger transfer it
 * made (a purchase's is pending until settled), so the card's ledger account explains every row.
 */
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

/**
 * top_ups: one row per card top-up. What the company asked (the USD the card
 * receives, the load fee, the stable coin and its rate), what it pays in the coin, the two ledger
 * holds taken at submission (the amount towards the coin's conversion account, the fee towards the
 * fee account), the processor's load reference and the state of SPEC.md section 4.
 */
export const topUps = pgTable(
  'top_ups',
  {
    /** UUIDv7: the list pages on it (keyset), newest first. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    card_id: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    status: text('status').$type<TopUpStatus>().notNull(),
    /** USD the card receives, and the load fee in USD. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
    asset: text('asset').$type<CardFundingAsset>().notNull(),
    /** Units of the asset per USD, and when it was quoted. */
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    rate_at: timestamptz('rate_at').notNull(),
    /** What the company pays in the asset for the amount and for the fee. */
    debit_amount: numeric('debit_amount', { precision: 38, scale: 18 }).notNull(),
    debit_fee: numeric('debit_fee', { precision: 38, scale: 18 }).notNull(),
    source_of_funds: text('source_of_funds').$type<SourceOfFunds>().notNull(),
    /** The pending ledger transfers: the amount's and the fee's (null when the fee is nothing). */
    amount_transfer_id: uuid('amount_transfer_id').notNull(),
    fee_transfer_id: uuid('fee_transfer_id'),
    /** The processor's reference of the load. */
    load_reference: text('load_reference').notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
    completed_at: timestamptz('completed_at'),
  },
  (table) => [
    index('top_ups_company').on(table.company_id, table.id),
    index('top_ups_card_day').on(table.card_id, table.created_at),
    uniqueIndex('top_ups_load_reference').on(table.load_reference),
  ],
);
