/**
 * Deposit tables. deposit_addresses: the company's address on each network, given by the custody
 * provider on first ask and kept (an address is never reused for another company). deposits: coins
 * that arrived at one of them.
 */
import type { TransactionStatus } from '@bank/contract/states';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../account/index.ts';
import { documents } from '../documents/index.ts';

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

/** A company's notice of a fiat transfer on its way; its history line is the transaction the company follows. */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** USDC, or USDT through the partner. */
    target_asset: text('target_asset').notNull(),
    reference: text('reference').notNull(),
    expected_date: date('expected_date').notNull(),
    /** open until a bank credit is matched to it (credited) or returned. */
    status: text('status').$type<'open' | 'credited' | 'returned'>().notNull(),
    /** The proof of transfer the company attached (a document of purpose deposit_proof), if any. */
    proof_document_id: uuid('proof_document_id').references(() => documents.id),
    created_by: uuid('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('deposit_notices_open').on(table.company_id, table.currency).where(sql`${table.status} = 'open'`),
    // One notice per proof: a document sent with a notice is not sent with another.
    uniqueIndex('deposit_notices_proof').on(table.proof_document_id),
  ],
);

/**
 * Transfers the bank rail reported into the bank's receiving accounts. Matched to a company by the
 * reference they carry (and to its open notice of the same currency and amount), then credited by
 * staff at the rate of that moment less the fee, or returned to the sender.
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: uuid('id').primaryKey(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    reference: text('reference').notNull(),
    sender: text('sender').notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'unmatched' | 'credited' | 'returned'>().notNull(),
    company_id: uuid('company_id').references(() => companies.id),
    notice_id: uuid('notice_id').references(() => depositNotices.id),
    /** The company's history line (and ledger reference): the notice's, or the credit's own. */
    source_type: text('source_type'),
    source_id: text('source_id'),
    credited_asset: text('credited_asset'),
    rate: numeric('rate', { precision: 38, scale: 18 }),
    rate_at: timestamp('rate_at', { withTimezone: true }),
    fee: numeric('fee', { precision: 38, scale: 18 }),
    net: numeric('net', { precision: 38, scale: 18 }),
    decided_by: uuid('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (table) => [
    index('bank_credits_status').on(table.status, table.id),
    // The notice's transfer (the scheduled bank-rail simulator asks whether a notice has one yet).
    index('bank_credits_notice').on(table.notice_id),
  ],
);
