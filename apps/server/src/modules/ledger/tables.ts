/**
 * The ledger's tables (DECISIONS.md "Money": double entry, two-phase holds). Nothing outside this
 * module writes them; every change goes through the functions `ledger_transfer_group` and
 * `ledger_resolve` (migrations 0030 and 0031), which ledger.ts calls.
 *
 * - ledger_accounts: one per company per asset (kind `customer`) and the bank's own accounts
 *   (conversion per asset, fees, clearing per rail). `balance` is credits minus debits of posted
 *   transfers; `held` is the sum of pending transfers debiting it; a customer account never has
 *   `balance - held < 0`. Every change adds one to `version`.
 * - ledger_transfers: one movement of one asset from a debit account to a credit account, with the
 *   business record that caused it; `pending` (a hold) until posted or voided. A posted transfer
 *   carries both of its sides: for the debited and the credited account, the time it was posted to
 *   that account and the account's balance after it.
 * - ledger_entries (a view, migration 0030): the double-entry lines, two per posted transfer (the
 *   debit, negative, and the credit), each with its account's balance after it: what statements,
 *   the balance history and the invariant check read. An account's entries have strictly
 *   increasing times in the order they were posted (see `last_entry_at`), so its time orders them.
 *   Writing a transfer's sides into its own row, rather than two more rows, is what lets a
 *   transfer cost no more than the raw-SQL baseline (bench/ledger.bench.mjs).
 *
 * Transfers name their accounts without foreign keys: the one writer only writes a transfer after
 * locking both of its accounts (an unknown account refuses the transfer), the invariant check
 * (invariants.ts) proves every balance is explained, and the keys' checks cost a quarter of a
 * transfer's time under load.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies } from '../account/index.ts';

/** NUMERIC(38, 18): every asset's scale fits; read as a decimal string, never a JavaScript number. */
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const ledgerAccountKinds = ['customer', 'conversion', 'fee', 'clearing'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** The owning company of a `customer` account; null for the bank's own accounts. */
    company_id: uuid('company_id').references(() => companies.id),
    asset: text('asset').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /**
     * A clearing account's rail (a network such as TRC20, or a fiat rail such as bank_USD); for a
     * customer account, '' for the company's own and `card:<card id>` for a card's; '' otherwise.
     */
    rail: text('rail').notNull().default(''),
    balance: amount('balance').notNull().default('0'),
    held: amount('held').notNull().default('0'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * The time of the account's last entry: each entry is stamped, while the account is locked,
     * with the later of its transfer's time and a microsecond after this, so that the account's
     * entries have strictly increasing times in the order they were posted.
     */
    last_entry_at: timestamptz('last_entry_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('ledger_accounts_owner').on(table.company_id, table.asset, table.kind, table.rail).nullsNotDistinct(),
    check('ledger_accounts_kind', sql`${table.kind} in ('customer', 'conversion', 'fee', 'clearing')`),
    check('ledger_accounts_customer_owned', sql`(${table.kind} = 'customer') = (${table.company_id} is not null)`),
    check('ledger_accounts_held', sql`${table.held} >= 0`),
    check('ledger_accounts_customer_funded', sql`${table.kind} <> 'customer' or ${table.balance} - ${table.held} >= 0`),
  ],
);

export const ledgerTransferStates = ['posted', 'pending', 'voided'] as const;
export type LedgerTransferState = (typeof ledgerTransferStates)[number];

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    /** Unique per transfer: the same key with the same body answers the first transfer. */
    idempotency_key: text('idempotency_key').notNull(),
    /** SHA-256 of the transfer as asked (accounts, amount, kind, reference, pending or not). */
    request_hash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    asset: text('asset').notNull(),
    debit_account_id: uuid('debit_account_id').notNull(),
    credit_account_id: uuid('credit_account_id').notNull(),
    amount: amount('amount').notNull(),
    state: text('state').$type<LedgerTransferState>().notNull(),
    /** The business record that caused it (a deposit, a payout, a conversion...). */
    reference_type: text('reference_type').notNull(),
    reference_id: text('reference_id').notNull(),
    created_at: timestamptz('created_at').notNull(),
    /** When a pending transfer was posted or voided (equal to created_at for a direct transfer). */
    resolved_at: timestamptz('resolved_at'),
    /** Once posted: when it was posted to the debited account, and that account's balance after it. */
    debit_at: timestamptz('debit_at'),
    debit_balance_after: amount('debit_balance_after'),
    /** Once posted: when it was posted to the credited account, and that account's balance after it. */
    credit_at: timestamptz('credit_at'),
    credit_balance_after: amount('credit_balance_after'),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(table.idempotency_key),
    index('ledger_transfers_reference').on(table.reference_type, table.reference_id),
    index('ledger_transfers_pending').on(table.debit_account_id).where(sql`${table.state} = 'pending'`),
    /** An account's entries as posted (statements, the balance history, the last entry): its debits and its credits. */
    index('ledger_transfers_debits').on(table.debit_account_id, table.debit_at),
    index('ledger_transfers_credits').on(table.credit_account_id, table.credit_at),
    check('ledger_transfers_amount', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts', sql`${table.debit_account_id} <> ${table.credit_account_id}`),
    check('ledger_transfers_state', sql`${table.state} in ('posted', 'pending', 'voided')`),
    check(
      'ledger_transfers_posted_sides',
      sql`(${table.state} = 'posted') = (${table.debit_at} is not null and ${table.credit_at} is not null
        and ${table.debit_balance_after} is not null and ${table.credit_balance_after} is not null)`,
    ),
  ],
);

/** Every rate the rates adapter quoted: what each conversion and valuation used, and when. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    /** US dollars for one unit of the asset (mid rate). */
    usd_rate: amount('usd_rate').notNull(),
    /** The adapter that quoted it ('simulator' until a provider is connected). */
    source: text('source').notNull(),
    quoted_at: timestamptz('quoted_at').notNull(),
  },
  (table) => [index('exchange_rates_latest').on(table.asset, table.quoted_at)],
);

/**
 * Balance thresholds watched by the crossing detector (thresholds.ts): a company's own, one per
 * asset (its balance webhook), and each user's balance alert (its id is the alert's). A transfer
 * that takes the company's available balance of the asset from at or above one to below it records
 * `balance.fell_below_threshold` for it, in the transfer's transaction: once per crossing.
 */
export const balanceThresholds = pgTable(
  'balance_thresholds',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    asset: text('asset').notNull(),
    threshold: amount('threshold').notNull(),
    /** The user whose alert it is; null for the company's own threshold (its webhook). */
    watcher_user_id: uuid('watcher_user_id'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('balance_thresholds_company_asset').on(table.company_id, table.asset),
    uniqueIndex('balance_thresholds_company_own')
      .on(table.company_id, table.asset)
      .where(sql`${table.watcher_user_id} is null`),
    check('balance_thresholds_positive', sql`${table.threshold} > 0`),
  ],
);
