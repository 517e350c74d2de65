/**
 * Deposit tables. deposit_addresses: the company's address on each network, given by the custody
 * provider on first ask and kept (an address is never reused for another company). deposits: coins
 * that arrived at one of them.
 */
import type { TransactionStatus } from '@bank/contract/states';
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../account/index.ts';

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** The custody provider that gave it. */
    provider: text('provider').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.company_id, table.network] }),
    uniqueIndex('deposit_addresses_address').on(table.network, table.address),
  ],
);

/** Incoming coins: seen on the network, confirmed block by block, credited once confirmed. */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    tx_hash: text('tx_hash').notNull(),
    /** in_process until confirmed and credited, then success (contract TransactionStatus). */
    status: text('status').$type<TransactionStatus>().notNull(),
    confirmations: integer('confirmations').notNull(),
    confirmations_required: integer('confirmations_required').notNull(),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull(),
    credited_at: timestamp('credited_at', { withTimezone: true }),
    /** The ledger transfer that credited it. */
    transfer_id: uuid('transfer_id'),
  },
  (table) => [
    index('deposits_company').on(table.company_id, table.id),
    index('deposits_in_process').on(table.id).where(sql`${table.status} = 'in_process'`),
    uniqueIndex('deposits_tx').on(table.network, table.tx_hash),
  ],
);

/** The company's reference for fiat transfers: unique, short, unambiguous when typed. */
export const depositReferences = pgTable(
  'deposit_references',
  {
    company_id: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    reference: text('reference').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('deposit_references_reference').on(table.reference)],
);
