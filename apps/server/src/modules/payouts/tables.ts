/**
 * Payout tables. payees and payout_addresses: where a company pays to, each usable from the end of
 * the bank's cooling period after its last change (`usable_from`); deleted ones are kept (`deleted_at`)
 * because payouts name them. payout_policies: per company, the cooling period the bank set and the
 * approval policy the company set. payout_quotes: what calc promised (fee, rate, amount that
 * arrives) until its expiry, used by at most one payout. payouts: the payout with a snapshot of its
 * destination and its timeline.
 */
import type { PayoutFailureCause, PayoutKind, PayoutPurpose, PayoutStep } from '@bank/contract/payouts';
import type { TransactionStatus } from '@bank/contract/states';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export type IntermediaryBank = { bank_name: string; country: string; swift_code: string; bank_address: string };

export const payees = pgTable(
  'payees',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    beneficiary_name: text('beneficiary_name').notNull(),
    account_number: text('account_number').notNull(),
    bank_country: text('bank_country').notNull(),
    bank_name: text('bank_name').notNull(),
    swift_code: text('swift_code').notNull(),
    bank_address: text('bank_address').notNull(),
    /** The beneficiary's postal address ('' for payees added before it was asked). */
    beneficiary_address: text('beneficiary_address').notNull().default(''),
    /** The bank's local routing code (contract bank-codes.ts); '' where the country uses none. */
    local_bank_code: text('local_bank_code').notNull().default(''),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    intermediary: jsonb('intermediary').$type<IntermediaryBank | null>(),
    usable_from: timestamptz('usable_from').notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
    deleted_at: timestamptz('deleted_at'),
  },
  (table) => [index('payees_company').on(table.company_id, table.id)],
);

export const payoutAddresses = pgTable(
  'payout_addresses',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    usable_from: timestamptz('usable_from').notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
    deleted_at: timestamptz('deleted_at'),
  },
  (table) => [index('payout_addresses_company').on(table.company_id, table.id)],
);

export type ApprovalThresholds = Partial<Record<string, string>>;

export const payoutPolicies = pgTable('payout_policies', {
  company_id: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** Set by the bank: hours after a payee or address change before it can be paid. */
  cooling_hours: integer('cooling_hours').notNull(),
  /** Set by the company: every payout needs a second user's approval. */
  approve_all: boolean('approve_all').notNull().default(false),
  /** Otherwise, per asset, the amount above which a payout needs it. */
  thresholds: jsonb('thresholds').$type<ApprovalThresholds>().notNull().default({}),
  updated_at: timestamptz('updated_at').notNull(),
});

export const payoutQuotes = pgTable('payout_quotes', {
  id: uuid('id').primaryKey(),
  company_id: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  kind: text('kind').$type<PayoutKind>().notNull(),
  asset: text('asset').notNull(),
  network: text('network'),
  payee_id: uuid('payee_id'),
  amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
  fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
  receive_amount: numeric('receive_amount', { precision: 38, scale: 18 }).notNull(),
  receive_currency: text('receive_currency').notNull(),
  rate: numeric('rate', { precision: 38, scale: 18 }),
  rate_at: timestamptz('rate_at'),
  /** The side the caller fixed: 'send' (amount) or 'receive' (receive_amount). */
  fixed_side: text('fixed_side').$type<'send' | 'receive'>().notNull().default('send'),
  created_at: timestamptz('created_at').notNull(),
  expires_at: timestamptz('expires_at').notNull(),
});

/**
 * A step of the timeline as stored: the actor's id stays with the bank (clients see "the bank"), and
 * so does the internal note the bank's staff wrote for colleagues (absent on steps before it existed).
 */
export type StoredPayoutStep = Omit<PayoutStep, 'actor'> & {
  actor: PayoutStep['actor'] & { user_id: string | null };
  note?: string | null;
};

export type PayoutDestinationSnapshot = {
  name: string;
  address: string | null;
  account_number: string | null;
  bank_name: string | null;
  bank_country: string | null;
  swift_code: string | null;
  /** Absent in payouts made before payees had them. */
  local_bank_code?: string | null;
  beneficiary_address?: string | null;
};

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<PayoutKind>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    asset: text('asset').notNull(),
    network: text('network'),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
    payee_id: uuid('payee_id').references(() => payees.id),
    address_id: uuid('address_id').references(() => payoutAddresses.id),
    destination: jsonb('destination').$type<PayoutDestinationSnapshot>().notNull(),
    fiat_currency: text('fiat_currency'),
    fiat_amount: numeric('fiat_amount', { precision: 38, scale: 18 }),
    rate: numeric('rate', { precision: 38, scale: 18 }),
    rate_at: timestamptz('rate_at'),
    purpose: text('purpose').$type<PayoutPurpose>().notNull(),
    sender_account_name: text('sender_account_name').notNull(),
    remarks: text('remarks').notNull(),
    /** The quote it was made from: one payout per quote. */
    quote_id: uuid('quote_id').notNull(),
    needs_approval: boolean('needs_approval').notNull(),
    tx_hash: text('tx_hash'),
    confirmations: integer('confirmations'),
    confirmations_required: integer('confirmations_required'),
    /** The rail's or custody's reference once sent. */
    rail_reference: text('rail_reference'),
    failure_cause: text('failure_cause').$type<PayoutFailureCause>(),
    rejection_reason: text('rejection_reason'),
    /** The two pending ledger transfers: the amount and the fee. */
    hold_transfer_id: uuid('hold_transfer_id').notNull(),
    fee_transfer_id: uuid('fee_transfer_id').notNull(),
    timeline: jsonb('timeline').$type<StoredPayoutStep[]>().notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    sent_at: timestamptz('sent_at'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('payouts_quote').on(table.quote_id),
    index('payouts_company_kind').on(table.company_id, table.kind, table.id),
    index('payouts_status')
      .on(table.status, table.id)
      .where(sql`status in ('admin_review', 'in_process', 'pending_approval')`),
  ],
);
