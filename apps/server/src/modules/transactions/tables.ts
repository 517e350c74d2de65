/**
 * The transaction history: one row per business action as the company reads it (a deposit with its
 * fee is one row), written by the module that owns the action (deposits now; payouts, card top-ups
 * and fees later) through history.ts, in the same database transaction as the action itself.
 * Balances are not here: the ledger explains them; a row names its business record (`source`),
 * which is also the reference of the ledger transfers that posted it.
 */
import type { TransactionStatus } from '@bank/contract/states';
import type { TransactionDirection, TransactionType } from '@bank/contract/transaction';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies } from '../account/index.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export type TransactionStep = { step: string; at: string };

export const transactions = pgTable(
  'transactions',
  {
    /** UUIDv7 of its creation time: the history's keyset order and its date filter. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type').$type<TransactionType>().notNull(),
    direction: text('direction').$type<TransactionDirection>().notNull(),
    asset: text('asset').notNull(),
    network: text('network'),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    tx_hash: text('tx_hash'),
    counterparty: text('counterparty'),
    fiat_currency: text('fiat_currency'),
    fiat_amount: amount('fiat_amount'),
    /** Units of `asset` per unit of the fiat currency, and when it was quoted. */
    fiat_rate: amount('fiat_rate'),
    fiat_rate_at: timestamptz('fiat_rate_at'),
    fiat_reference: text('fiat_reference'),
    /** Coins confirming on their network: confirmations so far and those required; null off chain. */
    confirmations: integer('confirmations'),
    confirmations_required: integer('confirmations_required'),
    /** The business record behind it (also the reference of its ledger transfers). */
    source_type: text('source_type').notNull(),
    source_id: text('source_id').notNull(),
    steps: jsonb('steps').$type<TransactionStep[]>().notNull(),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('transactions_company').on(table.company_id, table.id),
    uniqueIndex('transactions_source').on(table.source_type, table.source_id),
  ],
);
