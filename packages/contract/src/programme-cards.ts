/**
 * The card programme's printed cards and membership fees (SPEC.md sections 3, 4 and 6):
 * the company's printed cards with what may be done with each, binding them to cardholders whose
 * card KYC the processor approved, unbinding and rebinding them, and the membership fee records of
 * bound cards, paid from the corporate account one by one or in bulk, or taken by the schedule.
 * The rules are programme.ts's; these are the calls.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { FeeCost } from './card-management.ts';
import { CardFundingAsset, FeeQuote, processorFailureErrors } from './cards.ts';
import { PageRequest, page } from './envelope.ts';
import { FeeDeductionMode, MembershipFeeRecord, programmeLimits, StockCard } from './programme.ts';
import { type CardOperationStage, FeePaymentStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

const Id = identifierText(64);

// ---------------------------------------------------------------------------------------------
// Printed cards

/** How the printed cards screen groups the operation stages. */
export const stockStageGroups = ['printing', 'ready_to_bind', 'bound', 'activated'] as const;
export const StockStageGroup = z.enum(stockStageGroups);
export type StockStageGroup = z.infer<typeof StockStageGroup>;

/** The stages of each group but the last: a card past them (activated, blocked, replaced...) is in `activated`. */
export const stagesOfStockGroup = {
  printing: ['consolidating', 'pending_payment', 'reserved_for_print', 'printing', 'mailed'],
  ready_to_bind: ['printed_pending_bind', 'unbound'],
  bound: ['bound', 'pending_rebind'],
} as const satisfies Record<Exclude<StockStageGroup, 'activated'>, readonly CardOperationStage[]>;

export function stockGroupOf(stage: CardOperationStage): StockStageGroup {
  for (const group of ['printing', 'ready_to_bind', 'bound'] as const)
    if ((stagesOfStockGroup[group] as readonly CardOperationStage[]).includes(stage)) return group;
  return 'activated';
}

export const listProgrammeCards = defineCall({
  path: '/api/v1/programme/cards/list',
  permission: 'card_programme',
  isKycGated: true,
  summary:
    "The company's printed programme cards, newest batch first, by stage group, batch or last 4 digits / holder, a page at a time",
  request: PageRequest.extend({
    stage_group: StockStageGroup.optional(),
    batch_number: singleLineText(40).optional(),
    /** The last 4 digits, or part of the holder's name. */
    search: singleLineText(60).optional(),
  }).strict(),
  response: page(StockCard),
});

/** A cardholder of the company a printed card may be bound to (KYC approved by the processor). */
export const BindableCardholder = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  applicant_type: z.string(),
});
export type BindableCardholder = z.infer<typeof BindableCardholder>;

export const listBindableCardholders = defineCall({
  path: '/api/v1/programme/cards/cardholders',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The company's cardholders whose card KYC (ID and address) the processor approved, by name",
  request: z.object({ search: singleLineText(60).optional() }).strict(),
  response: z.object({ items: z.array(BindableCardholder) }),
});

const bindErrors = ['not_found', 'card_already_bound', 'cardholder_kyc_not_approved', 'status_error'] as const;

export const bindProgrammeCard = defineCall({
  path: '/api/v1/programme/cards/bind',
  permission: 'programme_bind',
  isKycGated: true,
  errors: [...bindErrors, 'rates_stale', ...processorFailureErrors],
  summary:
    'Bind a printed card to a KYC-approved cardholder (an unbound card is rebound: pending rebind); the first binding opens its membership term',
  request: z.object({ stock_card_id: Id, cardholder_id: Id }).strict(),
  response: StockCard,
});

export const unbindProgrammeCard = defineCall({
  path: '/api/v1/programme/cards/unbind',
  permission: 'programme_bind',
  isKycGated: true,
  errors: ['not_found', 'status_error', ...processorFailureErrors],
  summary: 'Take a bound card its holder has not activated back to the company (unbound)',
  request: z.object({ stock_card_id: Id }).strict(),
  response: StockCard,
});

// ---------------------------------------------------------------------------------------------
// Membership fees

/** Why a membership term stands as it does (`programme_cards.remarks.<code>`); staff's waiver reason otherwise. */
export const membershipRemarks = ['charge_failed', 'card_ended'] as const;

export const listMembershipFees = defineCall({
  path: '/api/v1/programme/fees/list',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The membership fee records of the company's programme cards, latest due first, filtered, a page at a time",
  request: PageRequest.extend({
    payment_status: FeePaymentStatus.optional(),
    contract_id: Id.optional(),
    stock_card_id: Id.optional(),
  }).strict(),
  response: page(MembershipFeeRecord),
});

/** A contract as the fees screen needs it: its number and how its membership fees are paid. */
export const FeeContract = z.object({
  id: z.string(),
  contract_number: z.string(),
  membership_term_months: z.number().int(),
  fee_deduction_mode: FeeDeductionMode,
});
export type FeeContract = z.infer<typeof FeeContract>;

export const listFeeContracts = defineCall({
  path: '/api/v1/programme/fees/contracts',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The company's programme contracts with their membership term and deduction mode",
  request: z.object({}).strict(),
  response: z.object({ items: z.array(FeeContract) }),
});

const FeeIds = z.array(Id).min(1).max(programmeLimits.maxBulkPayment);

export const MembershipFeeQuote = z.object({
  /** USD, 2 decimals. */
  total_usd: z.string(),
  costs: z.array(FeeCost),
});
export type MembershipFeeQuote = z.infer<typeof MembershipFeeQuote>;

export const quoteMembershipFees = defineCall({
  path: '/api/v1/programme/fees/quote',
  permission: 'programme_fees',
  isKycGated: true,
  errors: ['not_found', 'rates_stale'],
  summary: 'What paying membership terms costs now in USDC and USDT, beside what the company holds',
  request: z.object({ fee_ids: FeeIds }).strict(),
  response: MembershipFeeQuote,
});

export const payMembershipFees = defineCall({
  path: '/api/v1/programme/fees/pay',
  permission: 'programme_fees',
  isKycGated: true,
  isIdempotent: true,
  errors: ['not_found', 'status_error', 'insufficient_balance', 'rates_stale', 'fee_changed'],
  summary:
    'Pay one or many membership terms from USDC or USDT, all or nothing (a term already paid, waived or discontinued refuses); `fee_quote` is the total the quote showed',
  request: z.object({ fee_ids: FeeIds, asset: CardFundingAsset, fee_quote: FeeQuote }).strict(),
  response: z.object({ items: z.array(MembershipFeeRecord), total_usd: z.string(), debit_amount: z.string() }),
});

export const setFeeDeductionMode = defineCall({
  path: '/api/v1/programme/fees/deductionMode',
  permission: 'programme_fees',
  isKycGated: true,
  errors: ['not_found'],
  summary: "Set how a contract's membership fees are paid: by the administrator, or by the schedule on their due date",
  request: z.object({ contract_id: Id, mode: FeeDeductionMode }).strict(),
  response: FeeContract,
});

export const listStaffMembershipFees = defineCall({
  path: '/api/v1/admin/programme/fees/list',
  permission: 'programme_desk',
  summary:
    "Every company's membership terms for the programme desk, latest due first, by payment status, a page at a time",
  request: PageRequest.extend({ payment_status: FeePaymentStatus.optional() }).strict(),
  response: page(MembershipFeeRecord),
});

export const waiveMembershipFee = defineCall({
  path: '/api/v1/admin/programme/fees/waive',
  permission: 'programme_desk',
  errors: ['not_found', 'status_error'],
  summary: 'Staff waive a membership term still owed (free), with a reason',
  request: z
    .object({
      fee_id: Id,
      reason: multiLineText(programmeLimits.reasonMaxLength).pipe(
        z.string().min(1, { message: 'validation.required' }),
      ),
    })
    .strict(),
  response: MembershipFeeRecord,
});
