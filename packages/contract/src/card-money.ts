/**
 * Card money (SPEC.md sections 3 "Top-up", "Statement", 4, 5 "Card", 7 "Card",
 * 8 and 9; DECISIONS.md "Cards"): top-ups of a card from the company's USDC or USDT, the card's
 * transactions as the processor reports them, and the card statement.
 *
 * - A top-up names the USD the card receives; the load fee of the card's level comes on top, and the
 *   company pays both in the stable coin at its USD rate (rounded up, the bank's favour). The amount
 *   lies within `topUpLimitsUsd` and the day's loads of the card (UTC day, top-ups not cancelled or
 *   returned) stay within the daily cap. The money is held at submission and the processor loads the
 *   card asynchronously: processing, then success (the holds are posted and the card credited),
 *   retry (the holds stay), returned or cancelled (the holds are voided).
 * - A card transaction is one line as the cardholder reads it: a purchase (unsettled while
 *   authorised, then settled or reversed; declined with the processor's reason), a refund or a fee.
 * - The statement of a period: opening and closing balance, with the load capacity and the
 *   per-transaction, daily and monthly limits beside it (`cardLoadLimitsUsd`), credits, purchases,
 *   fees, and every line with its running balance, settled or unsettled, CR/DR.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import {
  CardFee,
  CardFeeKind,
  CardFundingAsset,
  type CardLevel,
  CardProcessorFault,
  cardCurrency,
  FeeQuote,
  processorFailureErrors,
} from './cards.ts';
import { workingDays } from './constants.ts';
import { PageRequest, page } from './envelope.ts';
import { checkAmount } from './money.ts';
import { TopUpStatus } from './states.ts';
import { identifierText, singleLineText } from './text.ts';
import { ExportFormat, statementMaxDays, TimeZoneName } from './transaction.ts';

// ---------------------------------------------------------------------------------------------
// Constants of the bank (SPEC.md section 9: "minimum, maximum and daily limits come from the server")

/** USD per top-up and per card per UTC day. */
export const topUpLimitsUsd = { minimum: '10.00', maximum: '10000.00', dailyCap: '20000.00' } as const;

/** One card level's load limits, USD (see `cardLoadLimitsUsd`). */
export type CardLoadLimitsOfLevel = {
  readonly minimum: string;
  /** The most one top-up loads: the statement's per-transaction limit. */
  readonly perTransaction: string;
  /** Per card per UTC day, and per UTC calendar month, of top-ups not cancelled or returned. */
  readonly daily: string;
  readonly monthly: string;
  /** The most the card may hold: its load capacity is this less its balance and the loads on their way. */
  readonly maximumBalance: string;
};

/**
 * The load limits of each card level (SPEC.md section 9: a card statement lists the load capacity
 * and the per-transaction, daily and monthly limits): the one table the top-up rule, the top-up
 * config, the card and its statement read. Every level shares the bank's top-up limits above; the
 * monthly limit and the most a card may hold grow with the level. A top-up over the monthly limit
 * or the load capacity is refused as `amount_above_maximum`, with a message naming which.
 */
export const cardLoadLimitsUsd = {
  premier: {
    minimum: topUpLimitsUsd.minimum,
    perTransaction: topUpLimitsUsd.maximum,
    daily: topUpLimitsUsd.dailyCap,
    monthly: '50000.00',
    maximumBalance: '25000.00',
  },
  prestige: {
    minimum: topUpLimitsUsd.minimum,
    perTransaction: topUpLimitsUsd.maximum,
    daily: topUpLimitsUsd.dailyCap,
    monthly: '150000.00',
    maximumBalance: '100000.00',
  },
} as const satisfies Record<CardLevel, CardLoadLimitsOfLevel>;

/** A card's load limits as the card and the top-up config show them (USD, 2 decimals). */
export const CardLoadLimits = z.object({
  per_transaction: z.string(),
  daily: z.string(),
  monthly: z.string(),
  maximum_balance: z.string(),
  /** What the card can still be loaded with now: its maximum balance less its balance and the loads on their way. */
  load_capacity: z.string(),
});
export type CardLoadLimits = z.infer<typeof CardLoadLimits>;

/** How long a load takes at a real processor (SPEC.md section 9), shown on the result. */
export const topUpWorkingDays = { min: workingDays.cardTopUpMin, max: workingDays.cardTopUpMax } as const;

/** Where the money of a top-up comes from, as the company declares it (labels: `cards.money.sources.<value>`). */
export const sourcesOfFunds = [
  'business_revenue',
  'company_reserves',
  'shareholder_funds',
  'investment',
  'loan',
  'other',
] as const;
export const SourceOfFunds = z.enum(sourcesOfFunds);
export type SourceOfFunds = z.infer<typeof SourceOfFunds>;

/** Top-ups still holding or having moved money: they count towards the day's cap. */
export const topUpStatusesCountingTowardsCap = [
  'processing',
  'retry',
  'success',
] as const satisfies readonly TopUpStatus[];

const CardId = identifierText(64);
const dateText = z.string().date();

/** A USD amount of a card: a positive decimal string of at most 2 decimals. */
const usdAmount = z
  .unknown()
  .superRefine((value, context) => checkAmount(value, cardCurrency, {}, context, [])) as unknown as z.ZodType<string>;

function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_order' });
}

function checkDownloadPeriod(value: { from: string; to: string }, context: z.RefinementCtx) {
  checkPeriod(value, context);
  if (Date.parse(value.to) - Date.parse(value.from) > statementMaxDays * 86_400_000)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
}

// ---------------------------------------------------------------------------------------------
// Top-up

const CardRequest = z.object({ card_id: CardId }).strict();

export const FundingBalance = z.object({ asset: CardFundingAsset, available: z.string() });

export const TopUpConfig = z.object({
  card_id: z.string(),
  last4: z.string(),
  currency: z.literal(cardCurrency),
  minimum: z.string(),
  maximum: z.string(),
  daily_cap: z.string(),
  /** USD loaded today (UTC) by top-ups not cancelled or returned, and what the cap leaves. */
  loaded_today: z.string(),
  remaining_today: z.string(),
  /** The card level's load limits, the month's loads and what the monthly limit leaves. */
  limits: CardLoadLimits,
  loaded_this_month: z.string(),
  remaining_this_month: z.string(),
  /** The level's load fee: a share of the amount, at least its amount. */
  fee: CardFee,
  funding: z.array(FundingBalance),
  sources_of_funds: z.array(SourceOfFunds),
  working_days: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type TopUpConfig = z.infer<typeof TopUpConfig>;

export const getTopUpConfig = defineCall({
  path: '/api/v1/card/getTopUpConfig',
  errors: ['not_found', 'rates_stale'],
  summary: "A card's top-up limits, what was loaded today, the load fee and the company's stable-coin balances",
  request: CardRequest,
  response: TopUpConfig,
});

export const TopUpCalcRequest = z.object({ card_id: CardId, amount: usdAmount, asset: CardFundingAsset }).strict();

/** What a top-up moves: the USD the card receives and the fee, and what the company pays in the coin. */
const TopUpAmounts = z.object({
  card_id: z.string(),
  /** USD the card receives. */
  amount: z.string(),
  /** The load fee in USD. */
  fee: z.string(),
  asset: CardFundingAsset,
  /** Units of the asset per USD, and when it was quoted. */
  rate: z.string(),
  rate_at: z.string(),
  /** What the company pays in the asset: for the amount, for the fee, in all. */
  debit_amount: z.string(),
  debit_fee: z.string(),
  debit_total: z.string(),
});

export const TopUpQuote = TopUpAmounts.extend({ remaining_today: z.string() });
export type TopUpQuote = z.infer<typeof TopUpQuote>;

const limitErrors = [
  'not_found',
  'amount_below_minimum',
  'amount_above_maximum',
  'daily_top_up_limit',
  'insufficient_balance',
  'rates_stale',
  'status_error',
  'card_blocked_by_admin',
] as const;

export const calcTopUp = defineCall({
  path: '/api/v1/card/calc',
  errors: limitErrors,
  summary:
    'The fee, the stable-coin amount debited at the current rate and what the card receives; refused as the top-up would be',
  request: TopUpCalcRequest,
  response: TopUpQuote,
});

export const TopUpRequest = TopUpCalcRequest.extend({
  /** The load fee calc showed for this amount. */
  fee_quote: FeeQuote,
  source_of_funds: SourceOfFunds,
  /** The user's confirmation tick (SPEC.md section 5). */
  confirmed: z.literal(true, { message: 'cards.money.validation.confirm_required' }),
}).strict();

export const TopUp = TopUpAmounts.extend({
  top_up_id: z.string(),
  last4: z.string(),
  cardholder_name: z.string(),
  status: TopUpStatus,
  source_of_funds: SourceOfFunds,
  created_by_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the load ended (success, returned, cancelled); null while it is under way. */
  completed_at: z.string().nullable(),
});
export type TopUp = z.infer<typeof TopUp>;

export const submitTopUp = defineCall({
  path: '/api/v1/card/topUp',
  isIdempotent: true,
  errors: [...limitErrors, 'fee_changed', ...processorFailureErrors],
  summary:
    'Tops the card up: holds the amount and fee in the stable coin and asks the processor to load the card (processing)',
  request: TopUpRequest,
  response: TopUp,
});

export const TopUpFilter = z
  .object({
    card_id: CardId.optional(),
    status: TopUpStatus.optional(),
    from: dateText.optional(),
    to: dateText.optional(),
  })
  .strict();
export type TopUpFilter = z.infer<typeof TopUpFilter>;

export const listTopUps = defineCall({
  path: '/api/v1/card/topRecord',
  errors: ['not_found'],
  summary: "The company's top-ups, newest first, filtered by card, status and period, a page at a time",
  request: PageRequest.extend(TopUpFilter.shape).strict().superRefine(checkPeriod),
  response: page(TopUp),
});

export const downloadTopUps = defineCall({
  path: '/api/v1/card/download',
  errors: ['not_found'],
  summary: "The company's top-ups of a period (one card or all, one status or all) as PDF, CSV or XLSX",
  request: z
    .object({
      format: ExportFormat,
      from: dateText,
      to: dateText,
      status: TopUpStatus.optional(),
      card_id: CardId.optional(),
    })
    .strict()
    .superRefine(checkDownloadPeriod),
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Card transactions

/** `balance_return`: what was left on a card that ended, sent back to the company's stable coin. */
export const cardTransactionKinds = ['purchase', 'refund', 'fee', 'balance_return'] as const;
export const CardTransactionKind = z.enum(cardTransactionKinds);
export type CardTransactionKind = z.infer<typeof CardTransactionKind>;

/** A purchase is unsettled while authorised, then settled or reversed; a refused one is declined. */
export const cardTransactionStatuses = ['unsettled', 'settled', 'reversed', 'declined'] as const;
export const CardTransactionStatus = z.enum(cardTransactionStatuses);
export type CardTransactionStatus = z.infer<typeof CardTransactionStatus>;

export const cardDeclineReasons = [
  'insufficient_funds',
  'card_blocked',
  'incorrect_pin',
  'merchant_not_allowed',
  'limit_exceeded',
  'expired_card',
] as const;
export const CardDeclineReason = z.enum(cardDeclineReasons);

export const CardTransaction = z.object({
  transaction_id: z.string(),
  card_id: z.string(),
  last4: z.string(),
  kind: CardTransactionKind,
  status: CardTransactionStatus,
  /** CR (money onto the card) or DR (off it). */
  direction: z.enum(['credit', 'debit']),
  /** USD, 2 decimals. */
  amount: z.string(),
  merchant_name: z.string(),
  merchant_category: z.string(),
  merchant_country: z.string(),
  /** What the merchant charged in its own currency, when not USD. */
  original_amount: z.string().nullable(),
  original_currency: z.string().nullable(),
  decline_reason: CardDeclineReason.nullable(),
  /** A fee line's kind of the schedule. */
  fee_kind: z.string().nullable(),
  /** A purchase's refunds so far (USD); a refund's purchase. */
  refunded_amount: z.string(),
  refund_of: z.string().nullable(),
  /** The processor's reference of the line. */
  processor_reference: z.string(),
  /** When it happened at the processor (authorised, charged, refunded, declined), settled, reversed. */
  at: z.string(),
  settled_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export type CardTransaction = z.infer<typeof CardTransaction>;

export const CardTransactionFilter = z
  .object({
    from: dateText.optional(),
    to: dateText.optional(),
    kind: CardTransactionKind.optional(),
    status: CardTransactionStatus.optional(),
  })
  .strict();
export type CardTransactionFilter = z.infer<typeof CardTransactionFilter>;

export const CardTransactionsRequest = PageRequest.extend({
  card_id: CardId,
  /** One transaction's details: the answer holds that one line (not_found when it is not the card's). */
  transaction_id: CardId.optional(),
  ...CardTransactionFilter.shape,
})
  .strict()
  .superRefine(checkPeriod);

export const listCardTransactions = defineCall({
  path: '/api/v1/card/transactionDetails',
  errors: ['not_found'],
  summary:
    "A card's transactions, newest first, filtered by period, kind and status, a page at a time; or one transaction's details",
  request: CardTransactionsRequest,
  response: page(CardTransaction).extend({
    /** The card's balance now: posted, held by authorisations, available. */
    balance: z.string(),
    held: z.string(),
    available: z.string(),
  }),
});

export const downloadCardTransactions = defineCall({
  path: '/api/v1/card/transactionDownload',
  errors: ['not_found'],
  summary: "A card's transactions of a period as CSV, XLSX or PDF",
  request: z
    .object({
      card_id: CardId,
      format: ExportFormat,
      from: dateText,
      to: dateText,
      kind: CardTransactionKind.optional(),
      status: CardTransactionStatus.optional(),
    })
    .strict()
    .superRefine(checkDownloadPeriod),
  response: z.null(),
});

export const downloadCardStatement = defineCall({
  path: '/api/v1/card/transactionStatement',
  errors: ['not_found'],
  summary:
    "A card's statement of a period (PDF, CSV or XLSX): opening and closing balance, the load capacity and limits, credits, purchases, fees and every line",
  request: z
    .object({ card_id: CardId, format: ExportFormat, from: dateText, to: dateText, time_zone: TimeZoneName.optional() })
    .strict()
    .superRefine(checkDownloadPeriod),
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Back office: the processor simulator's money controls (outside production)

export const SimulatorCardMoney = z.object({
  card_id: z.string(),
  last4: z.string(),
  company_name: z.string(),
  status: z.string(),
  balance: z.string(),
  held: z.string(),
  available: z.string(),
  /** Top-ups the processor is still loading (processing or retry). */
  loads_under_way: z.number().int(),
  /** Purchases that can be settled or reversed (unsettled) or refunded (settled). */
  purchases: z.array(CardTransaction),
});
export type SimulatorCardMoney = z.infer<typeof SimulatorCardMoney>;

const simulatorErrors = ['not_found', 'illegal_state', 'forbidden'] as const;

export const getSimulatorCardMoney = defineCall({
  path: '/api/v1/admin/simulator/cardMoney',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary: "Simulator: a card's balance, loads under way and its recent purchases (refused in production)",
  request: CardRequest,
  response: SimulatorCardMoney,
});

export const simulateCardPurchase = defineCall({
  path: '/api/v1/admin/simulator/cardPurchase',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary: 'Simulator: a purchase with the card at a merchant, authorised or declined (refused in production)',
  request: z
    .object({
      card_id: CardId,
      amount: usdAmount,
      merchant_name: singleLineText(60).min(1),
      merchant_category: singleLineText(40).default('general'),
      merchant_country: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .default('SG'),
    })
    .strict(),
  response: CardTransaction,
});

export const simulateCardSettlement = defineCall({
  path: '/api/v1/admin/simulator/cardSettle',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary:
    'Simulator: settle or reverse an unsettled purchase, or refund (part of) a settled one (refused in production)',
  request: z
    .object({
      transaction_id: CardId,
      action: z.enum(['settle', 'reverse', 'refund']),
      /** For a refund: USD, at most what is left to refund; the whole purchase when absent. */
      amount: usdAmount.optional(),
    })
    .strict(),
  response: CardTransaction,
});

export const simulateCardFee = defineCall({
  path: '/api/v1/admin/simulator/cardFee',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary: "Simulator: the processor charges a fee of the card's schedule to the card (refused in production)",
  request: z
    .object({
      card_id: CardId,
      fee_kind: CardFeeKind,
      /** USD; the schedule's amount when absent. */
      amount: usdAmount.optional(),
    })
    .strict(),
  response: CardTransaction,
});

export const simulatedLoadOutcomes = ['success', 'retry', 'returned', 'cancelled'] as const;

export const simulateCardLoads = defineCall({
  path: '/api/v1/admin/simulator/cardLoads',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary:
    "Simulator: how the card's next load ends, and/or finishing the card's loads under way now (refused in production)",
  request: z
    .object({
      card_id: CardId,
      next_outcome: z.enum(simulatedLoadOutcomes).optional(),
      complete_now: z.boolean().default(false),
    })
    .strict(),
  response: SimulatorCardMoney,
});

/**
 * The simulated processor's fault: staff tell it to fail the next requests the product sends it
 * (every request but its notification feed, whoever's action sends it), for a number of them or
 * until cleared, to see what a client meets when the real processor is down or answers nonsense.
 */
export const SimulatorProcessorFault = z.object({
  /** The fault in force; null when the processor answers as usual. */
  fault: CardProcessorFault.nullable(),
  /** How many more requests fail; null with a fault: every request until it is cleared. */
  calls_left: z.number().int().nullable(),
  set_at: z.string().nullable(),
});
export type SimulatorProcessorFault = z.infer<typeof SimulatorProcessorFault>;

/** The most requests one fault can be set for (more is "until cleared"). */
export const maxSimulatedFaultCalls = 100;

export const getSimulatorProcessorFault = defineCall({
  path: '/api/v1/admin/simulator/cardProcessor',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary: "Simulator: the card processor's fault in force, if any (refused in production)",
  request: z.object({}).strict(),
  response: SimulatorProcessorFault,
});

export const setSimulatorProcessorFault = defineCall({
  path: '/api/v1/admin/simulator/cardProcessorFault',
  permission: 'card_operations',
  errors: simulatorErrors,
  summary:
    'Simulator: the card processor fails the next `calls` requests (null: until cleared) as unavailable or malformed; `fault` null clears it (refused in production)',
  request: z
    .object({
      fault: CardProcessorFault.nullable(),
      calls: z.number().int().min(1).max(maxSimulatedFaultCalls).nullable(),
    })
    .strict(),
  response: SimulatorProcessorFault,
});
