/**
 * Batch payouts (issue 33, item 4; docs/decisions/0046): many payouts from one CSV file, each row a
 * payout to a saved payee or address book entry, checked exactly as a single payout is (the
 * single payout's quote request and instructions, payouts.ts) before anything is submitted.
 *
 * - Upload: the CSV text (fixed English headers, payoutBatchColumns), at most
 *   payoutBatchLimits.maxCsvBytes and maxRows rows; every row is validated and quoted at once and
 *   the bad ones carry their errors, in the reader's language. Rows are fixed in place or by
 *   uploading again; nothing can be submitted while a row is bad.
 * - Quote: one quote for the batch (each row's fee and, for fiat, rate), with totals per asset.
 * - Submit (fresh second factor, Idempotency-Key): the totals are held; the batch goes through the
 *   payouts' approval policy as one item (every payout, or any asset's total above its threshold).
 * - Approval (a colleague, never the maker): each row becomes a payout with its own history line;
 *   a row that cannot is listed with its reason; a failed row is retried once at a time.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { PageRequest, page } from './envelope.ts';
import { DigitalAssetSchema } from './ledger.ts';
import { FiatPayoutRequest, fiatPayoutAssets, PayoutKind } from './payouts.ts';
import { TransactionStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

export const payoutBatchLimits = {
  /** The CSV file's size, in bytes of its text. */
  maxCsvBytes: 256 * 1024,
  /** Rows (payouts) of one batch. */
  maxRows: 1000,
  /** Rows one retry call takes. */
  maxRetryRows: 100,
  fileNameMaxLength: 200,
  /** Uploads a company may make in a minute (each validates and quotes every row). */
  uploadsPerCompanyPerMinute: 10,
} as const;

/**
 * The CSV's columns, fixed and in English whatever the reader's language (decision 0046): a file
 * a finance system writes, or a colleague prepared in another language, must read the same.
 * `payee`: a saved payee's account number (or IBAN) or name, or a saved address or its name.
 * `currency`: what the row is counted in: the address's asset (what is sent), or the payee's
 * currency (what the payee receives; the batch pays it from its stable coin).
 */
export const payoutBatchColumns = ['payee', 'amount', 'currency', 'purpose', 'remarks'] as const;
export type PayoutBatchColumn = (typeof payoutBatchColumns)[number];

const FiatSource = z.enum(fiatPayoutAssets);
const BatchId = identifierText(64);
const LineNumber = z
  .number()
  .int()
  .min(1)
  .max(payoutBatchLimits.maxRows + 1);

/** One row as written in the file (or fixed on the page), before it is checked. */
export const PayoutBatchRowFields = z
  .object({
    payee: z.string().max(200),
    amount: z.string().max(60),
    currency: z.string().max(20),
    purpose: z.string().max(60),
    remarks: z.string().max(400),
  })
  .strict();
export type PayoutBatchRowFields = z.infer<typeof PayoutBatchRowFields>;

/** The single payout's instructions a row carries: the same schemas, so that the rules cannot differ. */
export const PayoutBatchRowInstructions = FiatPayoutRequest.pick({ purpose: true, remarks: true });

export const PayoutBatchStatus = z.enum(['draft', 'pending_approval', 'approved', 'rejected', 'cancelled']);
export type PayoutBatchStatus = z.infer<typeof PayoutBatchStatus>;

/**
 * Where a row stands: `invalid` (an error to fix), `valid` (ready), `waiting` (submitted, not yet
 * paid), `paid` (a payout was made: its own status follows), `failed` (no payout could be made, or
 * its payout was rejected or failed: it may be retried).
 */
export const PayoutBatchRowState = z.enum(['invalid', 'valid', 'waiting', 'paid', 'failed']);
export type PayoutBatchRowState = z.infer<typeof PayoutBatchRowState>;

const PayoutBatchRowError = z.object({
  /** The column at fault, or `row` for the row as a whole. */
  field: z.enum([...payoutBatchColumns, 'row']),
  message: z.string(),
});

export const PayoutBatchRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  fields: PayoutBatchRowFields,
  state: PayoutBatchRowState,
  errors: z.array(PayoutBatchRowError),
  destination: z.object({ kind: PayoutKind, id: z.string(), name: z.string(), detail: z.string() }).nullable(),
  asset: DigitalAssetSchema.nullable(),
  network: z.string().nullable(),
  /** What leaves the balance for the row, before the fee (in `asset`). */
  amount: z.string().nullable(),
  fee: z.string().nullable(),
  /** What arrives, in receive_currency. */
  receive_amount: z.string().nullable(),
  receive_currency: z.string().nullable(),
  rate: z.string().nullable(),
  /** The payout made of the row: its id and status. */
  payout: z.object({ payout_id: z.string(), kind: PayoutKind, status: TransactionStatus }).nullable(),
  /** Whether a retry may pay the row now (failed, and the batch approved). */
  is_retryable: z.boolean(),
});
export type PayoutBatchRow = z.infer<typeof PayoutBatchRow>;

export const PayoutBatchTotal = z.object({
  asset: DigitalAssetSchema,
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  /** The company's available balance of the asset now. */
  available: z.string(),
});
export type PayoutBatchTotal = z.infer<typeof PayoutBatchTotal>;

export const PayoutBatchSummary = z.object({
  batch_id: z.string(),
  status: PayoutBatchStatus,
  file_name: z.string(),
  row_count: z.number().int(),
  invalid_count: z.number().int(),
  failed_count: z.number().int(),
  /** Per asset, of the rows that are not bad. */
  totals: z.array(PayoutBatchTotal.omit({ available: true })),
  created_by: z.object({ user_id: z.string(), name: z.string() }),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type PayoutBatchSummary = z.infer<typeof PayoutBatchSummary>;

export const PayoutBatch = PayoutBatchSummary.extend({
  totals: z.array(PayoutBatchTotal),
  fiat_asset: FiatSource,
  sender_account_name: z.string(),
  /** When the batch's quote (fees, rates) stops holding; submit before it. */
  quote_expires_at: z.string().nullable(),
  /** Whether the company's policy sends it to a colleague's approval. */
  needs_approval: z.boolean(),
  /** Whether another user of the company may approve it (approve_payouts, not the maker). */
  has_other_approver: z.boolean(),
  decided_by: z.object({ name: z.string(), at: z.string(), reason: z.string().nullable() }).nullable(),
  /** Whether the caller may approve or reject it now (pending approval, approve_payouts, not its maker). */
  may_approve: z.boolean(),
  /** Whether the caller may cancel it now (pending approval; its maker or the company's administrator). */
  may_cancel: z.boolean(),
  rows: z.array(PayoutBatchRow),
});
export type PayoutBatch = z.infer<typeof PayoutBatch>;

const BatchRequest = z.object({ batch_id: BatchId }).strict();

export const uploadPayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/upload',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['rate_limited', 'rates_stale'],
  summary:
    'Upload a CSV of payouts (payee, amount, currency, purpose, remarks): every row checked and quoted as a single payout, the bad ones with their errors; nothing is submitted',
  request: z
    .object({
      file_name: singleLineText(payoutBatchLimits.fileNameMaxLength).default(''),
      /** The file's text (UTF-8), at most payoutBatchLimits.maxCsvBytes. */
      csv: z.string().max(payoutBatchLimits.maxCsvBytes, { message: 'payouts.batch.errors.file_too_large' }),
      /** The stable coin that pays the rows to payees (fiat). */
      fiat_asset: FiatSource.default('USDT'),
      sender_account_name: FiatPayoutRequest.shape.sender_account_name,
    })
    .strict(),
  response: PayoutBatch,
});

export const editPayoutBatchRow = defineCall({
  path: '/api/v1/withdraw/batch/row/edit',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found', 'illegal_state', 'rates_stale'],
  summary: 'Fix a row of a batch not yet submitted: it is checked and quoted again; answers the batch',
  request: z.object({ batch_id: BatchId, line: LineNumber, fields: PayoutBatchRowFields }).strict(),
  response: PayoutBatch,
});

export const removePayoutBatchRow = defineCall({
  path: '/api/v1/withdraw/batch/row/remove',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found', 'illegal_state'],
  summary: 'Remove a row from a batch not yet submitted; answers the batch',
  request: z.object({ batch_id: BatchId, line: LineNumber }).strict(),
  response: PayoutBatch,
});

export const quotePayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/quote',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found', 'illegal_state', 'rates_stale'],
  summary:
    'Check and quote every row of a batch not yet submitted again (fees, rates, totals per asset), valid 5 minutes',
  request: BatchRequest,
  response: PayoutBatch,
});

export const submitPayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/submit',
  permission: 'prepare_payouts',
  isKycGated: true,
  isIdempotent: true,
  errors: ['not_found', 'illegal_state', 'insufficient_balance', 'fresh_second_factor_required'],
  summary:
    "Submit a batch with no bad row (fresh second factor, Idempotency-Key): its totals are held; it waits for a colleague's approval when the policy asks, else its rows become payouts",
  request: BatchRequest,
  response: PayoutBatch,
});

export const getPayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/get',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found'],
  summary: 'One batch of the company with its rows, their errors, quotes and payouts',
  request: BatchRequest,
  response: PayoutBatch,
});

export const listPayoutBatches = defineCall({
  path: '/api/v1/withdraw/batch/list',
  permission: 'prepare_payouts',
  isKycGated: true,
  summary: "The company's batches, newest first",
  request: PageRequest,
  response: page(PayoutBatchSummary),
});

export const listPayoutBatchApprovals = defineCall({
  path: '/api/v1/withdraw/batch/approval/list',
  permission: 'approve_payouts',
  isKycGated: true,
  summary: "The company's batches waiting for a second user's approval, oldest first",
  request: PageRequest,
  response: page(PayoutBatchSummary),
});

export const getPayoutBatchForApproval = defineCall({
  path: '/api/v1/withdraw/batch/approval/get',
  permission: 'approve_payouts',
  isKycGated: true,
  errors: ['not_found'],
  summary: 'One batch of the company, read by an approver (who may not prepare payouts)',
  request: BatchRequest,
  response: PayoutBatch,
});

export const decidePayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/approval/decide',
  permission: 'approve_payouts',
  isKycGated: true,
  errors: ['fresh_second_factor_required', 'not_found', 'illegal_state', 'forbidden'],
  summary:
    "Approve a batch waiting for approval (each row becomes a payout) or reject it with a reason (the hold is released); fresh second factor, never the maker's own",
  request: z
    .object({
      batch_id: BatchId,
      decision: z.enum(['approve', 'reject']),
      reason: multiLineText(500).default(''),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.decision === 'reject' && value.reason.trim().length === 0)
        context.addIssue({ code: 'custom', path: ['reason'], message: 'payouts.validation.reason_required' });
    }),
  response: PayoutBatch,
});

export const cancelPayoutBatch = defineCall({
  path: '/api/v1/withdraw/batch/cancel',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['fresh_second_factor_required', 'not_found', 'illegal_state', 'forbidden'],
  summary:
    'Cancel a batch waiting for approval (its maker or the administrator; fresh second factor): the hold is released and no row is paid',
  request: BatchRequest,
  response: PayoutBatch,
});

export const retryPayoutBatchRows = defineCall({
  path: '/api/v1/withdraw/batch/retry',
  permission: 'prepare_payouts',
  isKycGated: true,
  isIdempotent: true,
  errors: ['not_found', 'illegal_state', 'fresh_second_factor_required', 'rates_stale'],
  summary:
    'Pay failed rows of an approved batch again (fresh second factor, Idempotency-Key): each becomes a new payout, quoted now, through the approval policy as a single payout',
  request: z
    .object({ batch_id: BatchId, lines: z.array(LineNumber).min(1).max(payoutBatchLimits.maxRetryRows) })
    .strict(),
  response: PayoutBatch,
});
