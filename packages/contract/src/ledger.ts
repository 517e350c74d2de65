/**
 * Balances and rates (DECISIONS.md "Money"): what a company holds per digital asset, posted,
 * held by pending payments and available, and each asset's value in US dollars at the current
 * rate. Amounts are decimal strings at the asset's scale; a USD value is at 2 decimals.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { cardFeeKinds } from './cards.ts';
import { PageRequest, page } from './envelope.ts';
import { assets, digitalAssets } from './money.ts';
import { identifierText } from './text.ts';

/** A rate is refreshed every 5 minutes (SPEC.md section 9); older than this, it converts nothing. */
export const rateRefreshMinutes = 5;
export const rateStaleAfterMinutes = 15;

export const DigitalAssetSchema = z.enum(digitalAssets);

export const AssetBalance = z.object({
  asset: DigitalAssetSchema,
  /** Posted: everything credited less everything debited. */
  balance: z.string(),
  /** Reserved by payments not yet completed. */
  held: z.string(),
  /** What can be spent: balance less held. */
  available: z.string(),
  /** The balance in US dollars at `rate`, 2 decimals; null when no rate is known. */
  usd_value: z.string().nullable(),
  /** US dollars for one unit of the asset; null when no rate is known. */
  rate: z.string().nullable(),
});
export type AssetBalance = z.infer<typeof AssetBalance>;

export const DashboardHome = z.object({
  /** One line per digital asset, in the contract's asset order, zero where nothing is held. */
  balances: z.array(AssetBalance),
  /** The sum of the US dollar values; null when a rate is missing. */
  total_usd: z.string().nullable(),
  /** When the rates used were quoted (the oldest of them); null when there are none. */
  rates_at: z.string().nullable(),
  /** The rates are older than rateStaleAfterMinutes: values are indicative and conversions wait. */
  are_rates_stale: z.boolean(),
});
export type DashboardHome = z.infer<typeof DashboardHome>;

export const getDashboardHome = defineCall({
  path: '/api/v1/dashboard/home',
  summary: "The company's balances per asset (posted, held, available) with their US dollar value",
  request: z.object({}).strict(),
  response: DashboardHome,
});

export const balanceHistoryDays = [30, 90] as const;

export const BalanceHistoryPoint = z.object({
  /** A UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** The company's balances at the end of the day valued at that day's last rates, 2 decimals. */
  total_usd: z.string(),
});
export type BalanceHistoryPoint = z.infer<typeof BalanceHistoryPoint>;

export const getBalanceHistory = defineCall({
  path: '/api/v1/dashboard/balanceHistory',
  permission: 'view_balances',
  summary: "The company's total balance in US dollars at the end of each of the last 30 or 90 days",
  request: z.object({ days: z.union([z.literal(balanceHistoryDays[0]), z.literal(balanceHistoryDays[1])]) }).strict(),
  response: z.object({ points: z.array(BalanceHistoryPoint) }),
});

/** The back office's ledger explorer (system admins): accounts, transfers and the invariant check. */
export const LedgerAccountKind = z.enum(['customer', 'conversion', 'fee', 'clearing']);

export const LedgerAccountLine = z.object({
  account_id: z.string(),
  kind: LedgerAccountKind,
  asset: z.string(),
  /** A clearing account's rail (a network, or bank_<currency>); '' otherwise. */
  rail: z.string(),
  company: z.object({ company_id: z.string(), name: z.string() }).nullable(),
  balance: z.string(),
  held: z.string(),
  available: z.string(),
  /** Changes made to the account so far. */
  version: z.number().int(),
});
export type LedgerAccountLine = z.infer<typeof LedgerAccountLine>;

export const listLedgerAccounts = defineCall({
  path: '/api/v1/admin/ledger/accounts',
  permission: 'ledger_explorer',
  summary: 'Ledger accounts with their balances: the bank’s own first, then companies’, a page at a time',
  request: PageRequest.extend({
    kind: LedgerAccountKind.optional(),
    asset: z.enum(assets).optional(),
  }).strict(),
  response: page(LedgerAccountLine),
});

/**
 * Every kind of movement the ledger posts (a transfer's `kind`): what a statement's line and a
 * transaction's ledger movements say it was, each labelled in the three catalogues
 * (`statement.kinds`, or `cards.money.fee_kinds` for a card fee `card_fee_<fee kind>`).
 */
export const ledgerMovementKinds = [
  'deposit',
  'fiat_deposit',
  'fiat_receipt',
  'conversion',
  'fee',
  'payout',
  'fx_conversion',
  'otc_trade',
  'card_top_up',
  'card_load',
  'card_purchase',
  'card_refund',
  'card_fee_refund',
  'card_unload',
  'card_balance_return',
  'card_replacement_balance',
  ...cardFeeKinds.map((kind) => `card_fee_${kind}` as const),
] as const;

export const LedgerTransferLine = z.object({
  transfer_id: z.string(),
  kind: z.string(),
  asset: z.string(),
  amount: z.string(),
  state: z.enum(['posted', 'pending', 'voided']),
  debit_account_id: z.string(),
  credit_account_id: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type LedgerTransferLine = z.infer<typeof LedgerTransferLine>;

export const listLedgerTransfers = defineCall({
  path: '/api/v1/admin/ledger/transfers',
  permission: 'ledger_explorer',
  errors: ['not_found'],
  summary: 'Transfers, newest first: all, or those of one account, a page at a time',
  request: PageRequest.extend({ account_id: identifierText(64).optional() }).strict(),
  response: page(LedgerTransferLine),
});

export const LedgerCheck = z.object({
  breaches: z.array(z.object({ rule: z.string(), subject: z.string(), detail: z.string() })),
  checked_at: z.string(),
  accounts: z.number().int(),
  transfers: z.number().int(),
});
export type LedgerCheck = z.infer<typeof LedgerCheck>;

export const checkLedger = defineCall({
  path: '/api/v1/admin/ledger/check',
  permission: 'ledger_explorer',
  summary: 'Checks the ledger’s invariants now: sums to zero, no negative customer balance, every balance explained',
  request: z.object({}).strict(),
  response: LedgerCheck,
});

/** Outside production only: the rates simulator quotes every rate now (after a test clock moved past their freshness). */
export const simulateRates = defineCall({
  path: '/api/v1/admin/simulator/rates',
  permission: 'deposit_operations',
  errors: ['forbidden'],
  summary: 'Simulator: every rate is quoted again now (refused in production)',
  request: z.object({}).strict(),
  response: z.object({ rates_at: z.string() }),
});
