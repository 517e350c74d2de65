/**
 * Deposits (DECISIONS.md "Money"): digital assets arrive at the company's own address on each
 * network, given by the custody provider and checked for its network (addresses.ts), and are
 * credited after the network's confirmations.
 */
import { z } from 'zod';
import { AuditEntry } from './audit-log.ts';
import { defineCall } from './calls.ts';
import { AuthorizeUploadRequest, DocumentRef, UploadTicket } from './documents.ts';
import { PageRequest, page, QueueSearch } from './envelope.ts';
import { DigitalAssetSchema } from './ledger.ts';
import {
  checkAmount,
  type DigitalAsset,
  digitalAssets,
  fiatCurrencies,
  type Network,
  networks,
  networksOfAsset,
} from './money.ts';
import { TransactionStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';
import {
  ExportFormat,
  LedgerMovement,
  statementMaxDays,
  Transaction,
  TransactionDetails,
  TransactionIdRequest,
  TransactionStep,
} from './transaction.ts';

/** Confirmations after which an incoming coin is credited (simulated as DECISIONS.md says). */
export const confirmationsOfNetwork: Readonly<Record<Network, number>> = {
  ERC20: 12,
  BEP20: 15,
  TRC20: 19,
  BTC: 3,
  ETH: 12,
};

const NetworkSchema = z.enum(networks);

export const DepositConfig = z.object({
  assets: z.array(
    z.object({
      asset: DigitalAssetSchema,
      networks: z.array(z.object({ network: NetworkSchema, confirmations: z.number().int() })),
    }),
  ),
});
export type DepositConfig = z.infer<typeof DepositConfig>;

/** What getConfig answers: the contract's own tables, so that server and screens cannot differ. */
export function depositConfig(): DepositConfig {
  return {
    assets: digitalAssets.map((asset: DigitalAsset) => ({
      asset,
      networks: networksOfAsset[asset].map((network) => ({ network, confirmations: confirmationsOfNetwork[network] })),
    })),
  };
}

export const getDepositConfig = defineCall({
  path: '/api/v1/deposit/getConfig',
  summary: 'The digital assets a company can receive, each with its networks and their confirmations',
  request: z.object({}).strict(),
  response: DepositConfig,
});

const DepositAddressRequest = z
  .object({ asset: DigitalAssetSchema, network: NetworkSchema })
  .strict()
  .refine((value) => networksOfAsset[value.asset].includes(value.network), {
    path: ['network'],
    message: 'validation.network_of_asset',
  });

export const DepositAddress = z.object({
  asset: DigitalAssetSchema,
  network: NetworkSchema,
  /** The company's own address on the network (one per network: USDT and USDC on ERC20 share it). */
  address: z.string(),
  /** The address as a QR code (an SVG drawn by the server, shown as an image). */
  qr_svg: z.string(),
  confirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof DepositAddress>;

export const getDepositDetails = defineCall({
  path: '/api/v1/deposit/details',
  summary: "The company's deposit address for an asset on a network (made by the custody provider on first ask)",
  request: DepositAddressRequest,
  response: DepositAddress,
});

/** A deposit as the company sees it: in process while the network confirms it, then success. */
export const Deposit = z.object({
  deposit_id: z.string(),
  asset: DigitalAssetSchema,
  network: NetworkSchema,
  amount: z.string(),
  status: TransactionStatus,
  confirmations: z.number().int(),
  confirmations_required: z.number().int(),
  /** The transaction's hash on its network. */
  tx_hash: z.string(),
  /** When the bank first saw it on the network; when it was credited. */
  seen_at: z.string(),
  credited_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const depositPageSize = 20;

const DepositRecordRequest = z
  .object({
    /** The last deposit_id of the previous page (keyset); absent for the first page. */
    after: z.string().uuid().optional(),
  })
  .strict();

const DepositRecord = z.object({
  items: z.array(Deposit),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});

export const listDeposits = defineCall({
  path: '/api/v1/deposit/record',
  summary: "The company's deposits, newest first, a page at a time",
  request: DepositRecordRequest,
  response: DepositRecord,
});

/** Outside production only: the custody simulator sends coins to a company's deposit address. */
export const simulateIncomingDeposit = defineCall({
  path: '/api/v1/admin/simulator/incomingDeposit',
  permission: 'deposit_operations',
  errors: ['not_found', 'forbidden'],
  summary: "Simulator: coins arrive at a company's deposit address (refused in production)",
  request: z
    .object({
      address: identifierText(100),
      asset: DigitalAssetSchema,
      network: NetworkSchema,
      /** A decimal string at most the asset's scale (NUMERIC(38, 18): 20 digits, a point, 18). */
      amount: z.string().max(39),
    })
    .strict()
    .superRefine((value, context) => checkAmount(value.amount, value.asset, {}, context, ['amount'])),
  response: Deposit,
});

/** Outside production only: the simulated networks add blocks, confirming deposits in flight. */
export const simulateBlocks = defineCall({
  path: '/api/v1/admin/simulator/blocks',
  permission: 'deposit_operations',
  errors: ['forbidden'],
  summary: 'Simulator: every network adds blocks; confirmed deposits are credited',
  request: z.object({ blocks: z.number().int().min(1).max(100) }).strict(),
  response: z.object({ credited: z.number().int() }),
});

/** The lines of a bank's receiving account, in the order a transfer form asks for them. */
const bankDetailFields = [
  'beneficiary',
  'account_number',
  'iban',
  'bank_name',
  'swift',
  'routing_number',
  'sort_code',
  'bsb',
  'bank_code',
  'branch_code',
  'bank_address',
] as const;
export type BankDetailField = (typeof bankDetailFields)[number];

export const BankDetails = z.object({
  currency: z.enum(fiatCurrencies),
  /** The bank's receiving account for the currency (only the lines its country uses). */
  lines: z.array(z.object({ field: z.enum(bankDetailFields), value: z.string() })),
  /** The company's own reference: a transfer that carries it is credited to the company. */
  reference: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

export const getBankDetails = defineCall({
  path: '/api/v1/deposit/bankDetails',
  permission: 'deposit',
  isKycGated: true,
  summary: "The bank's receiving account for a fiat currency, with the company's reference",
  request: z.object({ currency: z.enum(fiatCurrencies) }).strict(),
  response: BankDetails,
});

/**
 * Fiat deposits (DECISIONS.md "Money"): the company sends a fiat currency to the bank's receiving
 * account with its reference; the bank converts it to USDC, or USDT through the partner, at the
 * rate of the moment it is credited, less the conversion fee. A notice tells the bank what is on
 * its way; staff match the incoming credit to it.
 */
export const fiatDepositTargets = ['USDC', 'USDT'] as const;
const FiatDepositTarget = z.enum(fiatDepositTargets);

/** The first deposit must be worth at least this many US dollars (SPEC.md section 9). */
export const minimumFirstDepositUsd = '1000';

/** The longest a notice may look ahead. */
export const noticeMaxDaysAhead = 30;

const fiatAmountRequest = z
  .object({
    currency: z.enum(fiatCurrencies),
    /** A decimal string, at most 2 decimals. */
    amount: z.string().max(24),
    target: FiatDepositTarget,
  })
  .strict();

function checkFiatAmount(
  value: { currency: (typeof fiatCurrencies)[number]; amount: unknown },
  context: z.RefinementCtx,
) {
  checkAmount(value.amount, value.currency, {}, context, ['amount']);
}

const FiatDepositQuoteRequest = fiatAmountRequest.superRefine(checkFiatAmount);

export const FiatDepositQuote = z.object({
  currency: z.enum(fiatCurrencies),
  amount: z.string(),
  target: FiatDepositTarget,
  /** Units of the target per unit of the currency, and when the rates behind it were quoted. */
  rate: z.string(),
  rate_at: z.string(),
  /** The converted amount before the fee, the fee, and what would be credited (indicative). */
  gross: z.string(),
  fee: z.string(),
  /** The fee as a fraction of the converted amount ("0.005" is 0.5%). */
  fee_rate: z.string(),
  net: z.string(),
  /** No deposit has been credited to the company yet: the minimum applies. */
  is_first_deposit: z.boolean(),
  /** The minimum first deposit in this currency at the current rate (2 decimals). */
  minimum_amount: z.string(),
  /** The rates are older than rateStaleAfterMinutes: nothing converts until they are fresh. */
  are_rates_stale: z.boolean(),
});
export type FiatDepositQuote = z.infer<typeof FiatDepositQuote>;

export const quoteFiatDeposit = defineCall({
  path: '/api/v1/deposit/quote',
  permission: 'deposit',
  isKycGated: true,
  summary: 'What a fiat deposit would credit at the current rate, its fee, and the minimum first deposit',
  request: FiatDepositQuoteRequest,
  response: FiatDepositQuote,
});

export const DepositNoticeRequest = fiatAmountRequest
  .extend({
    /** The day the company expects its bank to send it (a UTC day, today or within noticeMaxDaysAhead). */
    expected_date: z.string().date(),
    /**
     * A proof of the transfer (the bank's confirmation, a screenshot), optional: a document the
     * caller uploaded through deposit/proofUpload and deposit/proofComplete, not yet sent with a notice.
     */
    proof_document_id: identifierText(64).optional(),
  })
  .strict()
  .superRefine(checkFiatAmount);
export type DepositNoticeRequest = z.infer<typeof DepositNoticeRequest>;

/** A notice of a fiat deposit on its way: a line of the history, in process until the funds arrive. */
export const submitDepositNotice = defineCall({
  path: '/api/v1/deposit/submit',
  isIdempotent: true,
  errors: ['rates_stale'],
  summary: 'Tells the bank a fiat transfer is on its way (the minimum first deposit applies)',
  request: DepositNoticeRequest,
  response: z.object({ transaction_id: z.string() }),
});

/**
 * The proof of a transfer goes through the documents' upload flow (documents.ts): authorise, send
 * the file to storage, complete (judged by its content: JPEG, PNG or PDF, 5 MB). The document is
 * the company's; the notice that names it keeps it, and the company and staff read it through
 * init/documentUrl.
 */
export const authorizeDepositProof = defineCall({
  path: '/api/v1/deposit/proofUpload',
  permission: 'deposit',
  isKycGated: true,
  errors: ['illegal_state'],
  summary: 'Authorise the upload of a proof of transfer for a fiat deposit notice and say where to send it',
  request: AuthorizeUploadRequest.omit({ section: true, kind: true }).strict(),
  response: UploadTicket,
});

export const completeDepositProof = defineCall({
  path: '/api/v1/deposit/proofComplete',
  permission: 'deposit',
  isKycGated: true,
  errors: ['not_found', 'illegal_state'],
  summary: 'Check an uploaded proof of transfer by its content and size, and keep it for a notice',
  request: z.object({ upload_id: identifierText() }).strict(),
  response: DocumentRef,
});

const noticeStatuses = ['open', 'credited', 'returned'] as const;

/** A fiat deposit notice as the company sent it, with its proof of transfer when one was attached. */
export const DepositNotice = z.object({
  notice_id: z.string(),
  currency: z.enum(fiatCurrencies),
  amount: z.string(),
  target: FiatDepositTarget,
  reference: z.string(),
  expected_date: z.string(),
  /** open until a bank transfer is credited against it or returned. */
  status: z.enum(noticeStatuses),
  submitted_at: z.string(),
  proof: DocumentRef.nullable(),
});
export type DepositNotice = z.infer<typeof DepositNotice>;

/** Incoming bank transfers as staff see them: to match with a company (and its notice), or to return. */
const bankCreditStatuses = ['unmatched', 'credited', 'returned'] as const;
const BankCreditStatus = z.enum(bankCreditStatuses);

export const BankCredit = z.object({
  credit_id: z.string(),
  currency: z.enum(fiatCurrencies),
  amount: z.string(),
  /** The reference as the transfer carried it. */
  reference: z.string(),
  sender: z.string(),
  received_at: z.string(),
  status: BankCreditStatus,
  /** The company whose reference it carried; null when none matched. */
  company: z.object({ company_id: z.string(), name: z.string() }).nullable(),
  /** The company's open notice of the same currency and amount, when there is one. */
  notice: z
    .object({ transaction_id: z.string(), amount: z.string(), target: FiatDepositTarget, expected_date: z.string() })
    .nullable(),
  /** No deposit was credited to the company before: the minimum applies. */
  is_first_deposit: z.boolean(),
  /** Worth less than the minimum first deposit at the current rate. */
  is_below_minimum: z.boolean(),
  /** What was credited: asset, rate, fee and net; null unless credited. */
  credited: z
    .object({ asset: FiatDepositTarget, rate: z.string(), rate_at: z.string(), fee: z.string(), net: z.string() })
    .nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BankCredit = z.infer<typeof BankCredit>;

export const listBankCredits = defineCall({
  path: '/api/v1/admin/deposits/bankCredits',
  permission: 'deposit_operations',
  summary: 'Incoming bank transfers, newest first: those to match, and those decided',
  request: PageRequest.extend({ status: BankCreditStatus.optional(), ...QueueSearch.shape }).strict(),
  response: page(BankCredit),
});

export const creditBankTransfer = defineCall({
  path: '/api/v1/admin/deposits/credit',
  permission: 'deposit_operations',
  isIdempotent: true,
  errors: ['not_found', 'illegal_state', 'rates_stale'],
  summary:
    'Credits an incoming bank transfer to the company whose reference it carried, converted at the current rate less the fee',
  request: z
    .object({
      credit_id: identifierText(64),
      /** The asset to credit when no notice names one (USDC by default). */
      target: FiatDepositTarget.optional(),
      /** Why, when the transfer is below the minimum first deposit or has no notice. */
      reason: multiLineText(500).optional(),
    })
    .strict(),
  response: BankCredit,
});

export const returnBankTransfer = defineCall({
  path: '/api/v1/admin/deposits/return',
  permission: 'deposit_operations',
  errors: ['not_found', 'illegal_state'],
  summary: 'Returns an incoming bank transfer to its sender, with the reason',
  request: z.object({ credit_id: identifierText(64), reason: multiLineText(500).pipe(z.string().min(3)) }).strict(),
  response: BankCredit,
});

/** Outside production only: the bank-rail simulator receives a transfer for the bank's account. */
export const simulateBankCredit = defineCall({
  path: '/api/v1/admin/simulator/bankCredit',
  permission: 'deposit_operations',
  errors: ['forbidden'],
  summary: 'Simulator: a bank transfer arrives at the bank’s receiving account (refused in production)',
  request: z
    .object({
      currency: z.enum(fiatCurrencies),
      amount: z.string().max(24),
      reference: singleLineText(64).pipe(z.string().min(1)),
      sender: singleLineText(140).pipe(z.string().min(1)),
    })
    .strict()
    .superRefine((value, context) => checkAmount(value.amount, value.currency, {}, context, ['amount'])),
  response: BankCredit,
});

/**
 * Crypto deposits still confirming, and confirmed first deposits below the minimum held for a
 * decision (`admin_review`), every company's, oldest first (the back office's view).
 */
export const listDepositsInFlight = defineCall({
  path: '/api/v1/admin/deposits/inFlight',
  permission: 'deposit_operations',
  summary: 'Crypto deposits in process on their networks or held for review, every company’s',
  request: PageRequest.strict(),
  response: page(Deposit.extend({ company: z.object({ company_id: z.string(), name: z.string() }) })),
});

const HeldDepositDecision = z
  .object({ deposit_id: identifierText(64), reason: multiLineText(500).pipe(z.string().min(3)) })
  .strict();

/** A first coin deposit below the minimum, held once confirmed: staff credit it, saying why (DECISIONS.md). */
export const creditHeldDeposit = defineCall({
  path: '/api/v1/admin/deposits/creditCoins',
  permission: 'deposit_operations',
  errors: ['not_found', 'illegal_state'],
  summary: 'Credits a first crypto deposit below the minimum that was held for review, with the reason',
  request: HeldDepositDecision,
  response: Deposit,
});

/** The same held deposit returned to its sender instead: nothing is credited, the company's line says rejected. */
export const returnHeldDeposit = defineCall({
  path: '/api/v1/admin/deposits/returnCoins',
  permission: 'deposit_operations',
  errors: ['not_found', 'illegal_state'],
  summary: 'Returns a first crypto deposit below the minimum that was held for review, with the reason',
  request: HeldDepositDecision,
  response: Deposit,
});

/** A deposit's details: its history line, steps and ledger movements, and the notice behind a fiat one. */
export const DepositDetails = TransactionDetails.extend({ notice: DepositNotice.nullable() });
export type DepositDetails = z.infer<typeof DepositDetails>;

/** One deposit, coin or fiat: its line of the history with steps and ledger movements. */
export const getDeposit = defineCall({
  path: '/api/v1/deposit/get',
  errors: ['not_found'],
  summary: 'One deposit of the company (coins or a fiat transfer) with its steps, ledger movements and notice',
  request: TransactionIdRequest,
  response: DepositDetails,
});

/**
 * A deposit's full history for staff: whichever record they start from (a bank transfer, a notice,
 * coins on a network, or the company's history line), everything about it in one answer.
 */
export const DepositHistoryRequest = z
  .object({
    /** The id of a bank transfer, a notice, a crypto deposit or a history line, or a crypto deposit's hash. */
    id: identifierText(100),
  })
  .strict();

export const DepositHistory = z.object({
  kind: z.enum(['fiat', 'crypto']),
  /** Whose it is; null for a bank transfer whose reference named no company. */
  company: z.object({ company_id: z.string(), name: z.string() }).nullable(),
  /** The company's line of its history, as the company reads it; null when it has none. */
  transaction: Transaction.nullable(),
  steps: z.array(TransactionStep),
  /** The notice, with who sent it (email). */
  notice: DepositNotice.extend({ submitted_by: z.string().nullable() }).nullable(),
  /** The bank transfer, with the decision on it (credited or returned, by whom, when, why). */
  bank_credit: BankCredit.nullable(),
  /** Coins on a network, with their confirmations. */
  crypto: Deposit.extend({ address: z.string() }).nullable(),
  /** The ledger movements it caused on the company's account. */
  movements: z.array(LedgerMovement),
  /** Audit entries about it, oldest first. */
  audit: z.array(AuditEntry),
});
export type DepositHistory = z.infer<typeof DepositHistory>;

export const getDepositHistory = defineCall({
  path: '/api/v1/admin/deposits/history',
  permission: 'deposit_operations',
  errors: ['not_found'],
  summary:
    "A deposit's full history: the notice, the bank transfer and the decision on it, or the coins and their confirmations; the ledger movements and the audit entries",
  request: DepositHistoryRequest,
  response: DepositHistory,
});

const DepositDownloadRequest = z
  .object({
    format: ExportFormat,
    /** Inclusive UTC days; at most a year. */
    from: z.string().date(),
    to: z.string().date(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.from > value.to) context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_order' });
    else if ((Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 >= statementMaxDays)
      context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
  });

/** The company's deposits (coins and fiat) of a period as a table: PDF, CSV or XLSX, in the caller's language. */
export const downloadDeposits = defineCall({
  path: '/api/v1/deposit/download',
  summary: "The company's deposits of a period, coins and fiat, with their status, fee, hash and reference",
  request: DepositDownloadRequest,
  response: z.null(),
});
