/**
 * The company's transaction history (SPEC.md sections 3 and 7, "Transaction"): every movement of
 * its money as the company reads it, one line per business action (a deposit with its fee is one
 * line), with the status of SPEC.md section 4. Later capabilities (payouts, card top-ups, card
 * fees, FX) write into the same history with their own types.
 *
 * The statement is the ledger's view of a period: per asset the opening and closing balance, the
 * credits, debits and fees, and every posted movement with its running balance. It downloads as
 * PDF, CSV or XLSX; the three carry the same lines and totals.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { cardFeeKinds } from './cards.ts';
import { PageRequest, page } from './envelope.ts';
import { DigitalAssetSchema } from './ledger.ts';
import { fiatCurrencies, networks } from './money.ts';
import { type RatePair, rateOfFiatDeposit, rateOfPayout } from './money-text.ts';
import { type payoutSteps, TransactionStatus } from './states.ts';
import { identifierText, singleLineText } from './text.ts';

export const transactionTypes = [
  'crypto_deposit',
  'fiat_deposit',
  'crypto_payout',
  'fiat_payout',
  'fx_conversion',
  'otc_trade',
  /** Money sent from the company's stable coin to one of its cards. */
  'card_top_up',
  /** A card fee the company paid (card cost, replacement, annual fee). */
  'card_fee',
  /** What was left on a card that expired or was cancelled, back in the company's stable coin. */
  'card_balance_return',
] as const;
export const TransactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof TransactionType>;

/** Money in (credit) or out (debit) of the company's account. */
export const TransactionDirection = z.enum(['credit', 'debit']);
export type TransactionDirection = z.infer<typeof TransactionDirection>;

/** A fiat leg: what was sent in a fiat currency and the rate it was converted at. */
export const FiatLeg = z.object({
  currency: z.enum(fiatCurrencies),
  /** The fiat amount, 2 decimals. */
  amount: z.string(),
  /**
   * The conversion's rate, units received per unit given (see rateOfFiatLeg): a deposit's asset per
   * unit of its currency, a payout's currency per unit of its asset; null until converted.
   */
  rate: z.string().nullable(),
  /** When that rate was quoted; null until converted. */
  rate_at: z.string().nullable(),
  /** The company's reference the bank transfer carried. */
  reference: z.string(),
});
export type FiatLeg = z.infer<typeof FiatLeg>;

/**
 * A fiat leg's rate as a pair, base first: what was converted from is the base. Money in (a fiat
 * deposit) converts the currency to the asset: "1 USD = 0.99 USDC"; money out (a fiat payout)
 * converts the asset to the currency: "1 USDT = 0.78682434 GBP", as the payout's own page says.
 */
export function rateOfFiatLeg(transaction: {
  direction: TransactionDirection;
  asset: string;
  fiat: FiatLeg | null;
}): RatePair | null {
  const fiat = transaction.fiat;
  if (!fiat?.rate) return null;
  const leg = { asset: transaction.asset, currency: fiat.currency, rate: fiat.rate };
  return transaction.direction === 'debit' ? rateOfPayout(leg) : rateOfFiatDeposit(leg);
}

export const Transaction = z.object({
  transaction_id: z.string(),
  type: TransactionType,
  direction: TransactionDirection,
  asset: DigitalAssetSchema,
  /** The network coins travelled on; null for a fiat rail. */
  network: z.enum(networks).nullable(),
  /** The amount credited or debited (after the fee), at the asset's scale; '0' until known. */
  amount: z.string(),
  /** The fee charged, in the same asset ('0' when none). */
  fee: z.string(),
  status: TransactionStatus,
  /** The on-chain hash and the network explorer's page of it; null off chain. */
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  /** Who the money came from or went to, as the rail named them; null when unknown. */
  counterparty: z.string().nullable(),
  fiat: FiatLeg.nullable(),
  /** Coins confirming on their network: how many confirmations so far of those required; null off chain. */
  confirmations: z.object({ count: z.number().int(), required: z.number().int() }).nullable(),
  /** A payout's line: the payout it is, whose own page has its timeline; null for any other line. */
  payout_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

const dateText = z.string().date();

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The reader's IANA time zone ("Asia/Singapore"), as the browser names it: a statement's times and
 * days are in it, as the history shows them, and the file says so. UTC when absent.
 */
export const TimeZoneName = z.string().max(64).refine(isKnownTimeZone, { message: 'validation.invalid' });

export const TransactionFilter = z
  .object({
    /** Inclusive days of `time_zone`, as the history shows its times (and the statement its days). */
    from: dateText.optional(),
    to: dateText.optional(),
    time_zone: TimeZoneName.optional(),
    type: TransactionType.optional(),
    asset: DigitalAssetSchema.optional(),
    status: TransactionStatus.optional(),
    /** Part of a transaction id, hash, reference or counterparty, or an amount ("5,000", "2525.18"). */
    text: singleLineText(100).optional(),
  })
  .strict();
export type TransactionFilter = z.infer<typeof TransactionFilter>;

function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_order' });
}

export const TransactionRecordRequest = PageRequest.extend(TransactionFilter.shape).strict().superRefine(checkPeriod);

export const listTransactions = defineCall({
  path: '/api/v1/transaction/record',
  summary: "The company's transactions, newest first, filtered, a page at a time (keyset)",
  request: TransactionRecordRequest,
  response: page(Transaction),
});

export const TransactionIdRequest = z.object({ transaction_id: identifierText(64) }).strict();

export const getTransaction = defineCall({
  path: '/api/v1/transaction/get',
  errors: ['not_found'],
  summary: 'One transaction of the company',
  request: TransactionIdRequest,
  response: Transaction,
});

/** A posted movement of the ledger behind a transaction, as it changed the company's balance. */
export const LedgerMovement = z.object({
  /** deposit, conversion, fee... */
  kind: z.string(),
  asset: z.string(),
  direction: TransactionDirection,
  amount: z.string(),
  /** The company's balance of the asset once it was posted. */
  balance_after: z.string(),
  at: z.string(),
});
export type LedgerMovement = z.infer<typeof LedgerMovement>;

/**
 * The steps of a transaction other than a payout's (a payout's line carries its payouts.ts
 * payoutSteps): every value the server writes, each with its word in the catalogues
 * (transactions.detail.steps).
 */
export const movementSteps = [
  'seen_on_chain',
  'credited',
  'held_below_minimum',
  'notice_submitted',
  'funds_received',
  'returned',
  'converted',
  'top_up_submitted',
  'card_loaded',
  'top_up_not_loaded',
  'fee_held',
  'fee_charged',
  'fee_released',
  'fee_refunded',
  'card_balance_returned',
] as const;
type MovementStep = (typeof movementSteps)[number];
/** Any step a transaction's line records: a payout's or another movement's. */
export type TransactionStepName = MovementStep | (typeof payoutSteps)[number];

/**
 * The kinds of the ledger's movements a client reads on a transaction's details and statements:
 * every `kind` the server's ledger transfers carry onto a company's account.
 */
export const ledgerMovementKinds = [
  'deposit',
  'fiat_receipt',
  'fiat_deposit',
  'conversion',
  'fee',
  'payout',
  'fx_conversion',
  'otc_trade',
  'card_top_up',
  'card_load',
  'card_unload',
  'card_purchase',
  'card_refund',
  'card_replacement_balance',
  'card_balance_return',
  'card_fee_refund',
  ...cardFeeKinds.map((kind) => `card_fee_${kind}` as const),
] as const;

/** What happened to a transaction, in order (seen, confirmed, matched, credited, returned...). */
export const TransactionStep = z.object({ step: z.string(), at: z.string() });

export const TransactionDetails = z.object({
  transaction: Transaction,
  steps: z.array(TransactionStep),
  movements: z.array(LedgerMovement),
});
export type TransactionDetails = z.infer<typeof TransactionDetails>;

export const getTransactionDetails = defineCall({
  path: '/api/v1/transaction/details',
  errors: ['not_found'],
  summary: 'One transaction with its steps and the ledger movements that posted it',
  request: TransactionIdRequest,
  response: TransactionDetails,
});

export const downloadTransactionReceipt = defineCall({
  path: '/api/v1/transaction/receipt',
  permission: 'view_balances',
  isFile: true,
  errors: ['not_found'],
  summary:
    'One transaction as a PDF receipt in the reader’s language: amounts, fee, rate, counterparty, reference or hash, steps',
  request: TransactionIdRequest,
  response: z.null(),
});

export const exportFormats = ['pdf', 'csv', 'xlsx'] as const;
export const ExportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The longest period one statement covers. */
export const statementMaxDays = 366;

export const StatementRequest = z
  .object({
    format: ExportFormat,
    /** Inclusive days of `time_zone`. */
    from: dateText,
    to: dateText,
    time_zone: TimeZoneName.optional(),
    /** One asset's statement; every asset the company holds when absent. */
    asset: DigitalAssetSchema.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    checkPeriod(value, context);
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days >= statementMaxDays)
      context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
  });
export type StatementRequest = z.infer<typeof StatementRequest>;

/** The statement of a period (PDF, CSV or XLSX), in the caller's language. */
export const downloadStatement = defineCall({
  path: '/api/v1/transaction/download',
  summary:
    "The company's statement of a period: per asset, opening and closing balance, credits, debits, fees and every movement",
  request: StatementRequest,
  response: z.null(),
});
