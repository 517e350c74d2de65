/**
 * Payouts (SPEC.md sections 3, 4, 5 and 7 "Withdraw"; DECISIONS.md "Money"): money
 * leaving the company to a fiat payee or to a crypto address of its address book.
 *
 * - Payees and address book entries need a fresh second factor to add or change, and can be paid
 *   only once the bank's cooling period after the change has passed (`usable_from`).
 * - A payout starts from a quote (`calc`, valid payoutQuoteValiditySeconds: the fee, for fiat the
 *   rate and the amount that arrives), is checked (`check`, everything the submission would refuse)
 *   and submitted with a fresh second factor and an Idempotency-Key; the amount and the fee are held
 *   at once. Then: pending approval when the company's approval policy asks for a second user
 *   (maker-checker, never the maker), admin review by the bank's staff, in process at the rail or
 *   custody, and success, rejected or failed; a rejection or failure voids the hold.
 */
import { countrySpecs, isValidBIC, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { Email } from './account.ts';
import { isValidAddress } from './addresses.ts';
import { localBankCodeProblem, normalisedBankCode } from './bank-codes.ts';
import { defineCall } from './calls.ts';
import { CountryCode } from './countries.ts';
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
  stablecoins,
} from './money.ts';
import { payoutSteps, TransactionStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';
import { ExportFormat, statementMaxDays } from './transaction.ts';

// ---------------------------------------------------------------------------------------------
// Constants of the bank (DECISIONS.md "Money"; SPEC.md section 9 leaves the figures open)

/** How long a payout quote (fee, rate, amount that arrives) holds. */
export const payoutQuoteValiditySeconds = 300;
/** The bank's cooling period after a payee or address is added or changed, unless set per company. */
export const defaultCoolingHours = 24;

/** The least and most one crypto payout may send, in the asset (the network fee comes on top). */
export const cryptoPayoutLimits: Readonly<Record<DigitalAsset, { min: string; max: string }>> = {
  USDT: { min: '10', max: '1000000' },
  USDC: { min: '10', max: '1000000' },
  BTC: { min: '0.0005', max: '50' },
  ETH: { min: '0.01', max: '1000' },
};

/** The network fee of a crypto payout, in the asset sent. */
export const networkFees: Readonly<Record<DigitalAsset, Partial<Record<Network, string>>>> = {
  USDT: { ERC20: '5', BEP20: '1', TRC20: '1.5' },
  USDC: { ERC20: '5', BEP20: '1', TRC20: '1.5' },
  BTC: { BTC: '0.0002' },
  ETH: { ETH: '0.003' },
};

/** A fiat payout is paid from USDC or USDT (DECISIONS.md: fiat leaves through conversion). */
export const fiatPayoutAssets = stablecoins;
const FiatPayoutAsset = z.enum(fiatPayoutAssets);
const PayoutCurrency = z.enum(fiatCurrencies);

/** The least and most one fiat payout may debit, in USDC or USDT (the fee comes on top). */
export const fiatPayoutLimits = { min: '100', max: '1000000' } as const;
/** The fiat payout fee: a share of the amount sent, at least a minimum, rounded up (the bank's favour). */
export const fiatPayoutFee = { rate: '0.005', minimum: '10' } as const;

/** The purposes of a payout a bank's compliance asks for (labels: payouts.purposes.<value>). */
export const payoutPurposes = [
  'goods_purchase',
  'services_payment',
  'supplier_payment',
  'salary_payroll',
  'bonus_commission',
  'rent_lease',
  'utilities',
  'taxes_duties',
  'loan_repayment',
  'loan_disbursement',
  'interest_payment',
  'dividend_payment',
  'investment',
  'capital_injection',
  'intercompany_transfer',
  'own_account_transfer',
  'refund',
  'insurance_premium',
  'insurance_claim',
  'professional_fees',
  'consulting_fees',
  'legal_fees',
  'audit_accounting_fees',
  'advertising_marketing',
  'software_licences',
  'royalties',
  'research_development',
  'travel_expenses',
  'education_training',
  'medical_expenses',
  'charitable_donation',
  'membership_fees',
  'subscriptions',
  'logistics_freight',
  'construction',
  'real_estate_purchase',
  'equipment_purchase',
  'raw_materials',
  'trade_settlement',
  'securities_settlement',
  'digital_asset_purchase',
  'otc_settlement',
  'liquidity_management',
  'family_support',
  'other',
] as const;
export const PayoutPurpose = z.enum(payoutPurposes, { message: 'payouts.validation.purpose_required' });
export type PayoutPurpose = z.infer<typeof PayoutPurpose>;

/** Why a rail or custody failed a payout after the bank sent it (labels: payouts.failure_causes.<value>). */
export const payoutFailureCauses = [
  'beneficiary_account_closed',
  'beneficiary_details_mismatch',
  'rail_rejected',
  'compliance_return',
  'chain_rejected',
] as const;
export const PayoutFailureCause = z.enum(payoutFailureCauses);
export type PayoutFailureCause = z.infer<typeof PayoutFailureCause>;

const payoutKinds = ['crypto', 'fiat'] as const;
export const PayoutKind = z.enum(payoutKinds);
export type PayoutKind = z.infer<typeof PayoutKind>;

export const payoutLimits = {
  payeesPerCompany: 500,
  addressesPerCompany: 500,
  reasonMaxLength: 500,
  /** The bank's internal note on a review decision: staff read it, the client never does. */
  noteMaxLength: 1000,
  remarksMaxLength: 200,
  /** Quotes a company may ask for in a minute (each is kept until it expires). */
  quotesPerCompanyPerMinute: 120,
} as const;

// ---------------------------------------------------------------------------------------------
// Payees

const required = { message: 'validation.required' };
const PayeeId = identifierText(64);
const AddressId = identifierText(64);
const PayoutId = identifierText(64);

/** Whether the bank's country numbers accounts as IBANs (then the account number must be one). */
export function usesIban(country: string): boolean {
  return countrySpecs[country]?.IBANRegistry === true;
}

/** An account number as the rails want it: no spaces, capital letters. */
function normalisedAccountNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** A SWIFT/BIC code (8 or 11 characters, its country part a real country). */
const SwiftCode = singleLineText(20)
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, required)
      .refine((value) => isValidBIC(value), { message: 'payouts.validation.swift_invalid' }),
  );

const Intermediary = z
  .object({
    bank_name: singleLineText(140).pipe(z.string().min(1, required)),
    country: CountryCode,
    swift_code: SwiftCode,
    bank_address: multiLineText(300).pipe(z.string().trim().min(1, required)),
  })
  .strict();

const payeeShape = {
  beneficiary_name: singleLineText(140).pipe(z.string().trim().min(1, required)),
  /** The beneficiary's account number; an IBAN where the bank's country uses one. */
  account_number: singleLineText(42).transform(normalisedAccountNumber),
  bank_country: CountryCode,
  bank_name: singleLineText(140).pipe(z.string().trim().min(1, required)),
  swift_code: SwiftCode,
  bank_address: multiLineText(300).pipe(z.string().trim().min(1, required)),
  /** The beneficiary's own postal address (payment rules ask for it on cross-border payments). */
  beneficiary_address: multiLineText(300).pipe(z.string().trim().min(1, required)),
  /** The bank's local routing code where its country uses one (bank-codes.ts); '' elsewhere. */
  local_bank_code: singleLineText(20).default('').transform(normalisedBankCode),
  currency: PayoutCurrency,
  /** The beneficiary's email for a payment notice; optional. */
  email: z.union([z.literal(''), Email]).default(''),
  /** An intermediary (correspondent) bank: all four lines once it is used. */
  intermediary: Intermediary.nullable().default(null),
};

/**
 * The account number's rule follows the bank's country: an IBAN of that country, else 4 to 34 letters
 * and digits; and the local bank code the country uses (bank-codes.ts).
 */
function checkAccountNumber(
  value: { account_number: string; bank_country: string; local_bank_code: string },
  context: z.RefinementCtx,
) {
  const bankCodeProblem = localBankCodeProblem(value.bank_country, value.local_bank_code, value.account_number);
  if (bankCodeProblem) context.addIssue({ code: 'custom', path: ['local_bank_code'], message: bankCodeProblem });
  const account = value.account_number;
  if (account.length === 0) {
    context.addIssue({ code: 'custom', path: ['account_number'], message: 'validation.required' });
  } else if (usesIban(value.bank_country)) {
    if (!validateIBAN(account).valid || !account.startsWith(value.bank_country))
      context.addIssue({ code: 'custom', path: ['account_number'], message: 'payouts.validation.iban_invalid' });
  } else if (!/^[A-Z0-9]{4,34}$/.test(account)) {
    context.addIssue({
      code: 'custom',
      path: ['account_number'],
      message: 'payouts.validation.account_number_invalid',
    });
  }
}

export const PayeeFields = z.object(payeeShape).strict().superRefine(checkAccountNumber);
export type PayeeFields = z.input<typeof PayeeFields>;

export const Payee = z.object({
  payee_id: z.string(),
  beneficiary_name: z.string(),
  account_number: z.string(),
  bank_country: z.string(),
  bank_name: z.string(),
  swift_code: z.string(),
  bank_address: z.string(),
  beneficiary_address: z.string(),
  local_bank_code: z.string(),
  currency: PayoutCurrency,
  email: z.string(),
  intermediary: z
    .object({ bank_name: z.string(), country: z.string(), swift_code: z.string(), bank_address: z.string() })
    .nullable(),
  /** When the payee may first be paid: the bank's cooling period after it was added or changed. */
  usable_from: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payee = z.infer<typeof Payee>;

export const listPayees = defineCall({
  path: '/api/v1/withdraw/payee/list',
  summary: "The company's payees, newest first",
  request: PageRequest.extend({ currency: PayoutCurrency.optional() }).strict(),
  response: page(Payee),
});

export const addPayee = defineCall({
  path: '/api/v1/withdraw/payee/add',
  errors: ['fresh_second_factor_required', 'illegal_state'],
  isIdempotent: true,
  summary: 'Add a payee (fresh second factor); it can be paid after the cooling period',
  request: PayeeFields,
  response: Payee,
});

export const editPayee = defineCall({
  path: '/api/v1/withdraw/payee/edit',
  errors: ['fresh_second_factor_required', 'not_found'],
  summary: 'Change a payee (fresh second factor); the cooling period starts again',
  request: z
    .object({ payee_id: PayeeId, ...payeeShape })
    .strict()
    .superRefine(checkAccountNumber),
  response: Payee,
});

export const deletePayee = defineCall({
  path: '/api/v1/withdraw/payee/del',
  errors: ['fresh_second_factor_required', 'not_found'],
  summary: 'Delete a payee (fresh second factor); payouts already made keep its details',
  request: z.object({ payee_id: PayeeId }).strict(),
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Address book

const NetworkName = z.enum(networks);

const addressShape = {
  name: singleLineText(60).pipe(z.string().trim().min(1, required)),
  asset: DigitalAssetSchema,
  network: NetworkName,
  address: singleLineText(100).pipe(z.string().trim().min(1, required)),
};

/** The network must carry the asset, and the address must be one of that network (its checksum too). */
function checkAddress(value: { asset: DigitalAsset; network: Network; address: string }, context: z.RefinementCtx) {
  if (!networksOfAsset[value.asset].includes(value.network)) {
    context.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_of_asset' });
  } else if (value.address.length > 0 && !isValidAddress(value.network, value.address)) {
    context.addIssue({ code: 'custom', path: ['address'], message: 'payouts.validation.address_invalid' });
  }
}

export const AddressFields = z.object(addressShape).strict().superRefine(checkAddress);
export type AddressFields = z.input<typeof AddressFields>;

export const AddressBookEntry = z.object({
  address_id: z.string(),
  name: z.string(),
  asset: DigitalAssetSchema,
  network: NetworkName,
  address: z.string(),
  usable_from: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

export const listAddresses = defineCall({
  path: '/api/v1/withdraw/address/list',
  summary: "The company's address book, newest first",
  request: PageRequest.extend({ asset: DigitalAssetSchema.optional() }).strict(),
  response: page(AddressBookEntry),
});

export const listPayoutAddresses = defineCall({
  path: '/api/v1/withdraw/crypto/addressList',
  summary: 'The address book entries of one asset and network, for a payout',
  request: z
    .object({ asset: DigitalAssetSchema, network: NetworkName })
    .strict()
    .refine((value) => networksOfAsset[value.asset].includes(value.network), {
      path: ['network'],
      message: 'validation.network_of_asset',
    }),
  response: z.object({ items: z.array(AddressBookEntry) }),
});

export const addAddress = defineCall({
  path: '/api/v1/withdraw/address/add',
  errors: ['fresh_second_factor_required', 'illegal_state'],
  isIdempotent: true,
  summary: 'Add an address (fresh second factor), checked for its network; usable after the cooling period',
  request: AddressFields,
  response: AddressBookEntry,
});

export const editAddress = defineCall({
  path: '/api/v1/withdraw/address/edit',
  errors: ['fresh_second_factor_required', 'not_found'],
  summary: 'Change an address (fresh second factor); the cooling period starts again',
  request: z
    .object({ address_id: AddressId, ...addressShape })
    .strict()
    .superRefine(checkAddress),
  response: AddressBookEntry,
});

export const deleteAddress = defineCall({
  path: '/api/v1/withdraw/address/del',
  errors: ['fresh_second_factor_required', 'not_found'],
  summary: 'Delete an address book entry (fresh second factor)',
  request: z.object({ address_id: AddressId }).strict(),
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Configuration and approval policy

export const ApprovalPolicy = z.object({
  /** Every payout needs a second user's approval. */
  approve_all: z.boolean(),
  /** Otherwise a payout of more than the asset's threshold does; null: no threshold for it. */
  thresholds: z.array(z.object({ asset: DigitalAssetSchema, amount: z.string().nullable() })),
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

export const PayoutConfig = z.object({
  crypto: z.array(
    z.object({ asset: DigitalAssetSchema, network: NetworkName, min: z.string(), max: z.string(), fee: z.string() }),
  ),
  fiat: z.object({
    assets: z.array(FiatPayoutAsset),
    currencies: z.array(PayoutCurrency),
    min: z.string(),
    max: z.string(),
    fee_rate: z.string(),
    fee_minimum: z.string(),
  }),
  purposes: z.array(PayoutPurpose),
  cooling_hours: z.number().int(),
  quote_validity_seconds: z.number().int(),
  approval: ApprovalPolicy,
});
export type PayoutConfig = z.infer<typeof PayoutConfig>;

/** The contract's own tables as the crypto part of details, so that server and screens cannot differ. */
export function cryptoPayoutOptions(): PayoutConfig['crypto'] {
  return digitalAssets.flatMap((asset) =>
    networksOfAsset[asset].map((network) => ({
      asset,
      network,
      min: cryptoPayoutLimits[asset].min,
      max: cryptoPayoutLimits[asset].max,
      fee: networkFees[asset][network] ?? '0',
    })),
  );
}

export const getPayoutConfig = defineCall({
  path: '/api/v1/withdraw/details',
  summary:
    "What a payout may be: assets, networks, limits, fees, purposes, the cooling period and the company's approval policy",
  request: z.object({}).strict(),
  response: PayoutConfig,
});

export const getApprovalPolicy = defineCall({
  path: '/api/v1/withdraw/policy/get',
  permission: 'team',
  isKycGated: true,
  summary: "The company's payout approval policy, for those who set it",
  request: z.object({}).strict(),
  response: ApprovalPolicy,
});

export const setApprovalPolicy = defineCall({
  path: '/api/v1/withdraw/policy/set',
  permission: 'team',
  isKycGated: true,
  errors: ['fresh_second_factor_required'],
  summary: "Set the company's payout approval policy (fresh second factor)",
  request: z
    .object({
      approve_all: z.boolean(),
      thresholds: z
        .array(z.object({ asset: DigitalAssetSchema, amount: z.string().max(39).nullable() }).strict())
        .max(digitalAssets.length),
    })
    .strict()
    .superRefine((value, context) => {
      value.thresholds.forEach((threshold, index) => {
        if (threshold.amount !== null)
          checkAmount(threshold.amount, threshold.asset, { allowZero: true }, context, ['thresholds', index, 'amount']);
      });
      if (new Set(value.thresholds.map((item) => item.asset)).size !== value.thresholds.length)
        context.addIssue({ code: 'custom', path: ['thresholds'], message: 'validation.invalid_choice' });
    }),
  response: ApprovalPolicy,
});

// ---------------------------------------------------------------------------------------------
// Quotes, checks and submissions

export const PayoutQuote = z.object({
  quote_id: z.string(),
  kind: PayoutKind,
  asset: DigitalAssetSchema,
  network: NetworkName.nullable(),
  /** What leaves the company's balance for the destination, before the fee. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what is held at submission. */
  total: z.string(),
  /** What arrives: the amount in the asset (crypto) or in the payee's currency (fiat). */
  receive_amount: z.string(),
  receive_currency: z.string(),
  /** Fiat only: units of the currency per unit of the asset ("1 USDT = rate EUR"), and when it was quoted. */
  rate: z.string().nullable(),
  rate_at: z.string().nullable(),
  /** The company's available balance of the asset now. */
  available: z.string(),
  /** Fiat: which side the caller fixed ('send': amount, 'receive': receive_amount); crypto: 'send'. */
  fixed_side: z.enum(['send', 'receive']),
  expires_at: z.string(),
});
export type PayoutQuote = z.infer<typeof PayoutQuote>;

const amountText = z.string().max(39);

const CryptoCalcRequest = z
  .object({ asset: DigitalAssetSchema, network: NetworkName, amount: amountText })
  .strict()
  .superRefine((value, context) => {
    if (!networksOfAsset[value.asset].includes(value.network))
      context.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_of_asset' });
    checkAmount(value.amount, value.asset, {}, context, ['amount']);
  });

/**
 * A fiat quote names either side: `amount`, what leaves the balance (before the fee), or
 * `receive_amount`, what the payee must receive in the payee's currency; the answer carries both.
 */
const FiatCalcRequest = z
  .object({
    asset: FiatPayoutAsset,
    payee_id: PayeeId,
    amount: amountText.optional(),
    receive_amount: amountText.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.amount === undefined) === (value.receive_amount === undefined)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'payouts.validation.one_side' });
      return;
    }
    if (value.amount !== undefined) checkAmount(value.amount, value.asset, {}, context, ['amount']);
    // Every payout currency has 2 decimals (money.ts scaleOfAsset); USD stands for them all here.
    if (value.receive_amount !== undefined) checkAmount(value.receive_amount, 'USD', {}, context, ['receive_amount']);
  });

export const calcCryptoPayout = defineCall({
  path: '/api/v1/withdraw/crypto/calc',
  errors: ['insufficient_balance', 'rate_limited'],
  summary: 'Quote a crypto payout: the network fee, the total held and what arrives, valid 5 minutes',
  request: CryptoCalcRequest,
  response: PayoutQuote,
});

export const calcFiatPayout = defineCall({
  path: '/api/v1/withdraw/fiat/calc',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found', 'rates_stale', 'insufficient_balance', 'rate_limited'],
  summary: "Quote a fiat payout: the fee, the rate and what arrives in the payee's currency, valid 5 minutes",
  request: FiatCalcRequest,
  response: PayoutQuote,
});

const PayoutInstructions = {
  quote_id: identifierText(64),
  purpose: PayoutPurpose,
  sender_account_name: singleLineText(140).pipe(
    z.string().trim().min(1, { message: 'payouts.validation.sender_required' }),
  ),
  remarks: singleLineText(payoutLimits.remarksMaxLength).default(''),
};

export const CryptoPayoutRequest = z.object({ ...PayoutInstructions, address_id: AddressId }).strict();
export const FiatPayoutRequest = z.object({ ...PayoutInstructions, payee_id: PayeeId }).strict();
export type CryptoPayoutRequest = z.input<typeof CryptoPayoutRequest>;
export type FiatPayoutRequest = z.input<typeof FiatPayoutRequest>;

/** Where a payout goes: a snapshot of the payee or address at submission (a later edit does not change it). */
const PayoutDestination = z.object({
  name: z.string(),
  payee_id: z.string().nullable(),
  address_id: z.string().nullable(),
  /** Crypto: the address. */
  address: z.string().nullable(),
  /** Fiat: the account, bank and SWIFT code, the bank's local code and the beneficiary's address. */
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_country: z.string().nullable(),
  swift_code: z.string().nullable(),
  local_bank_code: z.string().nullable(),
  beneficiary_address: z.string().nullable(),
});

/** What check answers: the quote and the destination as the confirmation page shows them. */
export const PayoutCheck = z.object({
  quote: PayoutQuote,
  destination: PayoutDestination,
  purpose: PayoutPurpose,
  sender_account_name: z.string(),
  remarks: z.string(),
  /** Whether the company's policy sends it to a second user for approval. */
  needs_approval: z.boolean(),
  /**
   * Whether another active user of the company may approve it (approve_payouts, not the maker).
   * False with needs_approval: nobody could approve it; the maker is told before submitting.
   */
  has_other_approver: z.boolean(),
});
export type PayoutCheck = z.infer<typeof PayoutCheck>;

const checkErrors = ['not_found', 'illegal_state', 'insufficient_balance', 'rates_stale'] as const;

export const checkCryptoPayout = defineCall({
  path: '/api/v1/withdraw/crypto/check',
  errors: checkErrors,
  summary: 'Check a crypto payout as submitting it would (quote, address, cooling period, balance), changing nothing',
  request: CryptoPayoutRequest,
  response: PayoutCheck,
});

export const checkFiatPayout = defineCall({
  path: '/api/v1/withdraw/fiat/check',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: checkErrors,
  summary: 'Check a fiat payout as submitting it would (quote, payee, cooling period, balance), changing nothing',
  request: FiatPayoutRequest,
  response: PayoutCheck,
});

const PayoutStepName = z.enum(payoutSteps);

/**
 * One step of a payout's timeline as the client reads it: who did what and when (the bank's staff
 * are "the bank", not named) and the reason given to the client. The bank's internal note is not
 * here: only StaffPayoutStep carries it.
 */
export const PayoutStep = z.object({
  step: PayoutStepName,
  /** A company user or the company's API key (decision 0041) by its name; the bank and the rail unnamed. */
  actor: z.object({ kind: z.enum(['company_user', 'api_key', 'bank', 'rail']), name: z.string().nullable() }),
  reason: z.string().nullable(),
  at: z.string(),
});
export type PayoutStep = z.infer<typeof PayoutStep>;

/** A step as the back office reads it: the staff member named, and the internal note written for colleagues. */
export const StaffPayoutStep = PayoutStep.extend({ note: z.string().nullable() });
export type StaffPayoutStep = z.infer<typeof StaffPayoutStep>;

export const Payout = z.object({
  payout_id: z.string(),
  kind: PayoutKind,
  status: TransactionStatus,
  asset: DigitalAssetSchema,
  network: NetworkName.nullable(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  destination: PayoutDestination,
  /** Fiat: the currency, the amount that arrives and the rate it was converted at. */
  fiat: z.object({ currency: PayoutCurrency, amount: z.string(), rate: z.string(), rate_at: z.string() }).nullable(),
  purpose: PayoutPurpose,
  sender_account_name: z.string(),
  remarks: z.string(),
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  /** Fiat: the bank rail's reference of the payment once sent, for the payee's bank to trace it. */
  bank_reference: z.string().nullable(),
  confirmations: z.object({ count: z.number().int(), required: z.number().int() }).nullable(),
  failure_cause: PayoutFailureCause.nullable(),
  /** Why an approver or the bank rejected it. */
  rejection_reason: z.string().nullable(),
  needs_approval: z.boolean(),
  created_by: z.object({ user_id: z.string(), name: z.string() }),
  /** The company's history line of it. */
  transaction_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payout = z.infer<typeof Payout>;

export const PayoutDetails = Payout.extend({
  timeline: z.array(PayoutStep),
  /** Whether the caller may approve or reject it now (pending approval, the approve permission, not its maker). */
  may_approve: z.boolean(),
  /** Whether the caller may cancel it now (pending approval; its maker or the company's administrator). */
  may_cancel: z.boolean(),
});
export type PayoutDetails = z.infer<typeof PayoutDetails>;

const submitErrors = [...checkErrors, 'fresh_second_factor_required'] as const;

export const submitCryptoPayout = defineCall({
  path: '/api/v1/withdraw/crypto/withdraw',
  errors: submitErrors,
  isIdempotent: true,
  summary: 'Submit a crypto payout (fresh second factor, Idempotency-Key); the amount and fee are held at once',
  request: CryptoPayoutRequest,
  response: Payout,
});

export const submitFiatPayout = defineCall({
  path: '/api/v1/withdraw/fiat/withdraw',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: submitErrors,
  isIdempotent: true,
  summary: 'Submit a fiat payout (fresh second factor, Idempotency-Key); the amount and fee are held at once',
  request: FiatPayoutRequest,
  response: Payout,
});

// ---------------------------------------------------------------------------------------------
// Records, details and downloads

const dateText = z.string().date();

export const PayoutFilter = z
  .object({
    from: dateText.optional(),
    to: dateText.optional(),
    status: TransactionStatus.optional(),
    asset: DigitalAssetSchema.optional(),
    /** Part of a payout id, hash, destination name or address. */
    text: singleLineText(100).optional(),
  })
  .strict();
export type PayoutFilter = z.infer<typeof PayoutFilter>;

function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_order' });
}

const PayoutRecordRequest = PageRequest.extend(PayoutFilter.shape).strict().superRefine(checkPeriod);

export const listCryptoPayouts = defineCall({
  path: '/api/v1/withdraw/crypto/record',
  summary: "The company's crypto payouts, newest first, filtered, a page at a time",
  request: PayoutRecordRequest,
  response: page(Payout),
});

export const listFiatPayouts = defineCall({
  path: '/api/v1/withdraw/fiat/record',
  permission: 'prepare_payouts',
  isKycGated: true,
  summary: "The company's fiat payouts, newest first, filtered, a page at a time",
  request: PayoutRecordRequest,
  response: page(Payout),
});

const PayoutIdRequest = z.object({ payout_id: PayoutId }).strict();

export const getCryptoPayout = defineCall({
  path: '/api/v1/withdraw/crypto/get',
  errors: ['not_found'],
  summary: 'One crypto payout of the company with its timeline',
  request: PayoutIdRequest,
  response: PayoutDetails,
});

export const getFiatPayout = defineCall({
  path: '/api/v1/withdraw/fiat/get',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['not_found'],
  summary: 'One fiat payout of the company with its timeline',
  request: PayoutIdRequest,
  response: PayoutDetails,
});

/** One payout's receipt: a PDF for the payee, in the reader's language. */
export const downloadCryptoPayoutReceipt = defineCall({
  path: '/api/v1/withdraw/crypto/receipt',
  permission: 'prepare_payouts',
  isKycGated: true,
  isFile: true,
  errors: ['not_found'],
  summary: 'The receipt of one crypto payout (amounts, fee, address, transaction hash, times) as a PDF',
  request: PayoutIdRequest,
  response: z.null(),
});

export const downloadFiatPayoutReceipt = defineCall({
  path: '/api/v1/withdraw/fiat/receipt',
  permission: 'prepare_payouts',
  isKycGated: true,
  isFile: true,
  errors: ['not_found'],
  summary:
    'The receipt of one fiat payout (beneficiary, amounts sent and received, fee, rate, bank reference, times) as a PDF',
  request: PayoutIdRequest,
  response: z.null(),
});

const PayoutDownloadRequest = z
  .object({ format: ExportFormat, from: dateText, to: dateText, status: TransactionStatus.optional() })
  .strict()
  .superRefine((value, context) => {
    checkPeriod(value, context);
    if (Date.parse(value.to) - Date.parse(value.from) > statementMaxDays * 86_400_000)
      context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
  });

export const downloadCryptoPayouts = defineCall({
  path: '/api/v1/withdraw/crypto/download',
  summary: "The company's crypto payouts of a period as PDF, CSV or XLSX",
  request: PayoutDownloadRequest,
  response: z.null(),
});

export const downloadFiatPayouts = defineCall({
  path: '/api/v1/withdraw/fiat/download',
  permission: 'exports',
  isKycGated: true,
  isFile: true,
  summary: "The company's fiat payouts of a period as PDF, CSV or XLSX",
  request: PayoutDownloadRequest,
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Approvals (maker-checker)

export const listPendingApprovals = defineCall({
  path: '/api/v1/withdraw/approval/list',
  permission: 'approve_payouts',
  isKycGated: true,
  summary: "The company's payouts waiting for a second user's approval, oldest first",
  request: PageRequest,
  response: page(Payout),
});

const ApprovalDecision = z
  .object({
    payout_id: PayoutId,
    decision: z.enum(['approve', 'reject']),
    reason: multiLineText(payoutLimits.reasonMaxLength).default(''),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.decision === 'reject' && value.reason.trim().length === 0)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'payouts.validation.reason_required' });
  });

export const decidePayoutApproval = defineCall({
  path: '/api/v1/withdraw/approval/decide',
  permission: 'approve_payouts',
  isKycGated: true,
  errors: ['fresh_second_factor_required', 'not_found', 'illegal_state', 'forbidden'],
  summary:
    "Approve or reject (with a reason) a payout waiting for approval (fresh second factor; never the maker's own)",
  request: ApprovalDecision,
  response: Payout,
});

export const getPayoutForApproval = defineCall({
  path: '/api/v1/withdraw/approval/get',
  permission: 'approve_payouts',
  isKycGated: true,
  errors: ['not_found'],
  summary:
    'One payout of the company that needed approval, with its timeline, read-only for an approver (who may not prepare payouts)',
  request: PayoutIdRequest,
  response: PayoutDetails,
});

export const cancelPayout = defineCall({
  path: '/api/v1/withdraw/approval/cancel',
  permission: 'prepare_payouts',
  isKycGated: true,
  errors: ['fresh_second_factor_required', 'not_found', 'illegal_state', 'forbidden'],
  summary:
    'Cancel a payout waiting for approval (fresh second factor; its maker or the administrator): the amount and fee held are released',
  request: PayoutIdRequest,
  response: Payout,
});

// ---------------------------------------------------------------------------------------------
// Back office: review, and the rail and custody simulators

export const payoutQueues = ['admin_review', 'in_process', 'decided'] as const;

export const StaffPayout = Payout.extend({ company_id: z.string(), company_name: z.string() });
export type StaffPayout = z.infer<typeof StaffPayout>;

export const listPayoutsForReview = defineCall({
  path: '/api/v1/admin/payouts/list',
  permission: 'payout_review',
  summary: 'Payouts in admin review (oldest first), in process, or decided (newest first)',
  request: PageRequest.extend({ queue: z.enum(payoutQueues), ...QueueSearch.shape }).strict(),
  response: page(StaffPayout),
});

export const getPayoutForReview = defineCall({
  path: '/api/v1/admin/payouts/get',
  permission: 'payout_review',
  errors: ['not_found'],
  summary: 'One payout of any company with its full timeline (staff named, with their internal notes)',
  request: PayoutIdRequest,
  response: StaffPayout.extend({ timeline: z.array(StaffPayoutStep) }),
});

/**
 * The bank's decision carries two texts: `reason`, which the client reads (on the payout, its
 * timeline and the inbox; required to reject), and `note`, which only the bank's staff read.
 */
const ReviewDecision = z
  .object({
    payout_id: PayoutId,
    decision: z.enum(['approve', 'reject']),
    reason: multiLineText(payoutLimits.reasonMaxLength).default(''),
    note: multiLineText(payoutLimits.noteMaxLength).default(''),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.decision === 'reject' && value.reason.trim().length === 0)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'payouts.validation.reason_required' });
  });

export const decidePayoutReview = defineCall({
  path: '/api/v1/admin/payouts/decide',
  permission: 'payout_review',
  errors: ['not_found', 'illegal_state'],
  summary:
    'Approve a payout in admin review (it goes to the rail or custody) or reject it with a reason (the hold is voided)',
  request: ReviewDecision,
  response: StaffPayout,
});

export const simulatePayoutOutcome = defineCall({
  path: '/api/v1/admin/simulator/payoutOutcome',
  permission: 'deposit_operations',
  errors: ['not_found', 'illegal_state', 'forbidden'],
  summary:
    'Simulator: the rail or custody completes a payout in process, or fails it with a cause (refused in production)',
  request: z
    .object({ payout_id: PayoutId, outcome: z.enum(['complete', 'fail']), cause: PayoutFailureCause.optional() })
    .strict()
    .refine((value) => value.outcome === 'complete' || value.cause !== undefined, {
      path: ['cause'],
      message: 'validation.required',
    }),
  response: StaffPayout,
});
