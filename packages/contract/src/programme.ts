/**
 * The corporate card programme (SPEC.md sections 1, 2, 3, 4, 6 and 9): a company's
 * contract with the bank for a number of cards, its pre-orders, the print batches staff allocate
 * to them (printed with the company's abbreviation), the printed cards bound to cardholders, and
 * the membership fee terms of those cards.
 *
 * The rules live here, once, for the server and the screens: when a contract takes orders, the
 * quantity an order may ask for, what may be done with a printed card, and a membership term's
 * payment status. The calls are defined beside this file by the parts that build them
 * (programme-orders.ts: contracts, pre-orders, allocation; programme-cards.ts: binding and
 * membership fees).
 */
import { z } from 'zod';
import { CardLevel, CardNetwork, PostalAddress } from './cards.ts';
import type { ErrorKey } from './errors.ts';
import {
  CardOperationStage,
  CardStatus,
  ContractStatus,
  FeePaymentStatus,
  MembershipRenewalStatus,
  PreOrderStatus,
} from './states.ts';

// ---------------------------------------------------------------------------------------------
// Constants of the bank (SPEC.md leaves them open; DECISIONS.md "Corporate card programme")

export const programmeLimits = {
  /** The longest contract staff can set up, and its largest quantity of cards. */
  maxTermMonths: 60,
  maxContractQuantity: 100_000,
  /** A membership term lasts between 1 and 36 months (SPEC.md: "membership per term of months"). */
  maxMembershipTermMonths: 36,
  /** A membership term falls due on its first day and is overdue this many days later. */
  membershipGraceDays: 14,
  /** The largest print batch staff allocate at once. */
  maxBatchQuantity: 10_000,
  /** Membership terms paid in one bulk payment. */
  maxBulkPayment: 200,
  reasonMaxLength: 500,
} as const;

/** SPEC.md section 5 and DECISIONS.md: a company abbreviation is 1 to 5 capital letters. */
export const companyAbbreviationMaxLength = 5;
const companyAbbreviationPattern = new RegExp(`^[A-Z]{1,${companyAbbreviationMaxLength}}$`);
export const CompanyAbbreviation = z
  .string()
  .trim()
  .regex(companyAbbreviationPattern, { message: 'validation.company_abbreviation' });

/** How the printed cards of an order reach the company: by post, or by courier (tracked, faster). */
export const deliveryTypes = ['standard_post', 'courier'] as const;
export const DeliveryType = z.enum(deliveryTypes);
export type DeliveryType = z.infer<typeof DeliveryType>;

/** How a contract's membership fees are paid: by the administrator, or taken on their due date by the schedule. */
const feeDeductionModes = ['manual', 'automatic'] as const;
export const FeeDeductionMode = z.enum(feeDeductionModes);
export type FeeDeductionMode = z.infer<typeof FeeDeductionMode>;

// ---------------------------------------------------------------------------------------------
// Contracts

/** The contract's status on `today` (between its start and end dates inclusive it is active) (YYYY-MM-DD, the bank's calendar day). */
export function contractStatusOn(contract: { starts_on: string; ends_on: string }, today: string): ContractStatus {
  if (today < contract.starts_on) return 'not_started';
  return today > contract.ends_on ? 'ended' : 'active';
}

/** The facts an order's quantity is checked against. */
export type OrderableFacts = {
  starts_on: string;
  ends_on: string;
  minimum_order_quantity: number;
  /** The contract's total less what its pending and approved orders hold. */
  remaining_quantity: number;
};

/**
 * The refusal of a pre-order of `quantity` cards under the contract on `today`, or null: the
 * contract must be running, and the quantity at least the minimum per batch and at most what
 * remains orderable.
 */
export function orderQuantityRefusal(contract: OrderableFacts, quantity: number, today: string): ErrorKey | null {
  if (contractStatusOn(contract, today) !== 'active') return 'contract_not_open';
  if (quantity < contract.minimum_order_quantity) return 'order_below_minimum';
  if (quantity > contract.remaining_quantity) return 'order_above_remaining';
  return null;
}

export const ProgrammeContract = z.object({
  id: z.string(),
  /** The contract ID the bank and the company quote (CT-YYYY-NNNN). */
  contract_number: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  /** The prefix printed on the contract's cards. */
  company_abbreviation: z.string(),
  term_months: z.number().int(),
  total_quantity: z.number().int(),
  /** Cards of approved orders (their prepayment and card cost taken). */
  paid_quantity: z.number().int(),
  /** Cards of orders still waiting for the bank's decision. */
  pending_quantity: z.number().int(),
  /** What an order may still ask for: total less pending and paid. */
  remaining_quantity: z.number().int(),
  /** Cards printed for the contract's orders (allocated to print batches). */
  allocated_quantity: z.number().int(),
  minimum_order_quantity: z.number().int(),
  /** USD per card ordered, 2 decimals, taken with the card cost when an order is placed. */
  prepayment_per_card: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: ContractStatus,
  membership_term_months: z.number().int(),
  fee_deduction_mode: FeeDeductionMode,
  created_at: z.string(),
});
export type ProgrammeContract = z.infer<typeof ProgrammeContract>;

// ---------------------------------------------------------------------------------------------
// Pre-orders and print batches

export const PreOrder = z.object({
  id: z.string(),
  /** The order ID (PO-YYYY-NNNNN). */
  order_number: z.string(),
  contract_id: z.string(),
  contract_number: z.string(),
  company_name: z.string(),
  quantity: z.number().int(),
  allocated_quantity: z.number().int(),
  level: CardLevel,
  network: CardNetwork,
  delivery_type: DeliveryType,
  mailing_address: PostalAddress,
  status: PreOrderStatus,
  /** Why the bank declined it, or what staff noted on approval. */
  status_remark: z.string().nullable(),
  /** USD per card (prepayment and card cost) and for the order, 2 decimals. */
  unit_price: z.string(),
  total_usd: z.string(),
  /** The stable coin it was paid from, and how much of it (held until the bank decides). */
  asset: z.string(),
  debit_amount: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type PreOrder = z.infer<typeof PreOrder>;

/** The status an approved order has once `allocated` of its `quantity` cards are in print batches. */
export function allocationStatusOf(quantity: number, allocated: number): PreOrderStatus {
  if (allocated <= 0) return 'approved';
  return allocated >= quantity ? 'allocated' : 'partially_allocated';
}

export const PrintBatch = z.object({
  id: z.string(),
  /** The batch number printed on the cards' packaging (B-YYYYMMDD-NNN). */
  batch_number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  contract_number: z.string(),
  company_name: z.string(),
  company_abbreviation: z.string(),
  quantity: z.number().int(),
  level: CardLevel,
  network: CardNetwork,
  /** The least advanced stage of its cards: where the batch as a whole is. */
  operation_stage: CardOperationStage,
  allocated_by_name: z.string(),
  created_at: z.string(),
});
export type PrintBatch = z.infer<typeof PrintBatch>;

// ---------------------------------------------------------------------------------------------
// Printed cards and binding

export const stockCardActions = ['bind', 'unbind'] as const;
export type StockCardAction = (typeof stockCardActions)[number];

/** What the binding rules read of a printed card. */
export type StockCardFacts = {
  operation_stage: CardOperationStage;
  /** The bound card's state, or null while the card was never bound. */
  card_status: CardStatus | null;
};

/**
 * The refusal of binding or unbinding a printed card, or null. A card is bound once it is printed
 * and in the company's hands (printed pending bind) or after it was unbound; it is unbound while its
 * holder has not activated it (an activated card holds its holder's money and history).
 */
export function stockCardActionRefusal(card: StockCardFacts, action: StockCardAction): ErrorKey | null {
  if (action === 'bind') {
    if (card.operation_stage === 'printed_pending_bind' || card.operation_stage === 'unbound') return null;
    return card.operation_stage === 'bound' || card.operation_stage === 'pending_rebind'
      ? 'card_already_bound'
      : 'status_error';
  }
  const isBound = card.operation_stage === 'bound' || card.operation_stage === 'pending_rebind';
  return isBound && card.card_status === 'approved' ? null : 'status_error';
}

export const StockCard = z.object({
  id: z.string(),
  last4: z.string(),
  /** The company abbreviation printed on the card's name line. */
  company_abbreviation: z.string(),
  level: CardLevel,
  network: CardNetwork,
  batch_number: z.string(),
  order_number: z.string(),
  contract_number: z.string(),
  operation_stage: CardOperationStage,
  stage_updated_at: z.string(),
  expires_on: z.string(),
  /** The card as the cards screens know it, once bound (its holder, its state). */
  card_id: z.string().nullable(),
  card_status: CardStatus.nullable(),
  cardholder_id: z.string().nullable(),
  cardholder_name: z.string().nullable(),
  allowed_actions: z.array(z.enum(stockCardActions)),
});
export type StockCard = z.infer<typeof StockCard>;

// ---------------------------------------------------------------------------------------------
// Membership fees

/**
 * A term's payment status on `today`: paid and waived terms keep theirs; a term not yet begun is
 * upcoming; a begun term is pending until its grace ends, then overdue; a term of a card that ended
 * before it was paid is discontinued.
 */
export function membershipStatusOn(
  term: { due_on: string; overdue_from: string; settled: 'paid' | 'free' | 'discontinued' | null },
  today: string,
): FeePaymentStatus {
  if (term.settled) return term.settled;
  if (today < term.due_on) return 'upcoming';
  return today >= term.overdue_from ? 'overdue' : 'pending';
}

export const MembershipFeeRecord = z.object({
  id: z.string(),
  stock_card_id: z.string(),
  card_id: z.string().nullable(),
  last4: z.string(),
  cardholder_name: z.string().nullable(),
  contract_number: z.string(),
  /** The card's end date (YYYY-MM-DD). */
  expires_on: z.string(),
  term_starts_on: z.string(),
  term_ends_on: z.string(),
  due_on: z.string(),
  /** The anniversary the membership year runs to (SPEC.md's "yearly expire date"). */
  yearly_expires_on: z.string(),
  term_months: z.number().int(),
  /** USD, 2 decimals. */
  fee_due: z.string(),
  payment_status: FeePaymentStatus,
  paid_at: z.string().nullable(),
  /** The stable coin and amount it was paid with. */
  paid_asset: z.string().nullable(),
  paid_amount: z.string().nullable(),
  renewal_status: MembershipRenewalStatus,
  deduction_mode: FeeDeductionMode,
  remarks: z.string(),
});
export type MembershipFeeRecord = z.infer<typeof MembershipFeeRecord>;
