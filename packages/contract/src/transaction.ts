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
import { PageRequest, page } from './envelope.ts';
import { DigitalAssetSchema } from './ledger.ts';
import { fiatCurrencies, networks } from './money.ts';
import { TransactionStatus } from './states.ts';
import { identifierText, singleLineText } from './text.ts';

export const transactionTypes = [
  'crypto_deposit',
  'fiat_deposit',
  'crypto_payout',
  'fiat_payout',
  'fx_conversion',
  'otc_trade',
  /** Money sent from the company's stable coin to one of its cards (issue 14). */
  'card_top_up',
  /** A card fee the company paid (card cost, replacement, annual fee). */
  'card_fee',
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
  /** Units of the asset per unit of the currency at conversion; null until converted. */
  rate: z.string().nullable(),
  /** When that rate was quoted; null until converted. */
  rate_at: z.string().nullable(),
  /** The company's reference the bank transfer carried. */
  reference: z.string(),
});
export type FiatLeg = z.infer<typeof FiatLeg>;

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

export const TransactionFilter = z
  .object({
    /** Inclusive UTC days. */
    from: dateText.optional(),
    to: dateText.optional(),
    type: TransactionType.optional(),
    asset: DigitalAssetSchema.optional(),
    status: TransactionStatus.optional(),
    /** Part of a transaction id, hash, reference or counterparty. */
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

export const exportFormats = ['pdf', 'csv', 'xlsx'] as const;
export const ExportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The longest period one statement covers. */
export const statementMaxDays = 366;

export const StatementRequest = z
  .object({
    format: ExportFormat,
    /** Inclusive UTC days. */
    from: dateText,
    to: dateText,
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
