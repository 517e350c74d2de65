/**
 * The card programme's contracts, pre-orders and print batches (programme.ts holds the
 * entities and rules): staff set up a company's contract, the company pre-orders cards under it
 * (prepayment and card cost held from its USDC or USDT), staff approve or decline each order and
 * allocate the approved cards to print batches, and both read the card issuing records.
 *
 * None of these calls is in SPEC.md section 7: each states its permission (client reading:
 * card_programme; ordering: programme_order; the back office: programme_desk).
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { CalendarDay } from './card-applications.ts';
import { CardFundingAsset, CardLevel, CardNetwork, PostalAddressFields, processorFailureErrors } from './cards.ts';
import { PageRequest, page } from './envelope.ts';
import {
  CompanyAbbreviation,
  DeliveryType,
  FeeDeductionMode,
  PreOrder,
  PrintBatch,
  ProgrammeContract,
  programmeLimits,
} from './programme.ts';
import { ContractStatus, PreOrderStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

const ContractId = identifierText(64);
const OrderId = identifierText(64);
const BatchId = identifierText(64);

/** A whole number of cards, months or days between `min` and `max`, with the message naming both. */
const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'validation.required' })
    .int({ message: 'validation.invalid_format' })
    .min(min, { message: 'validation.too_small' })
    .max(max, { message: 'validation.too_big' });

/** USD per card at 2 decimals (0 allowed: a contract may take no prepayment). */
const UsdPerCard = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'validation.amount_format' })
  .max(12);

// ---------------------------------------------------------------------------------------------
// What the screens read

/** A contract with the unit price of each level (prepayment and that level's card cost, USD). */
export const ContractDetails = z.object({
  contract: ProgrammeContract,
  unit_price_by_level: z.object({ premier: z.string(), prestige: z.string() }),
  orders: z.array(PreOrder),
});
export type ContractDetails = z.infer<typeof ContractDetails>;

/** One line of the order summary: the orders in one status, how many cards they ask for and hold in batches. */
export const OrderSummaryLine = z.object({
  status: PreOrderStatus,
  order_count: z.number().int(),
  quantity: z.number().int(),
  allocated_quantity: z.number().int(),
  /** USD, 2 decimals. */
  total_usd: z.string(),
});
export type OrderSummaryLine = z.infer<typeof OrderSummaryLine>;

export const OrderSummary = z.object({
  /** One line per pre-order status, in the order of states.ts (every status, zero when none). */
  lines: z.array(OrderSummaryLine),
  contract_count: z.number().int(),
  /** Across the company's contracts. */
  total_quantity: z.number().int(),
  paid_quantity: z.number().int(),
  pending_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  allocated_quantity: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

// ---------------------------------------------------------------------------------------------
// Client calls

export const listProgrammeContracts = defineCall({
  path: '/api/v1/programme/contracts/list',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The company's card programme contracts with their figures, newest first",
  request: PageRequest.extend({ status: ContractStatus.optional() }).strict(),
  response: page(ProgrammeContract),
});

export const getProgrammeContract = defineCall({
  path: '/api/v1/programme/contracts/get',
  permission: 'card_programme',
  isKycGated: true,
  errors: ['not_found'],
  summary: "One of the company's contracts with its orders (newest first) and each level's unit price",
  request: z.object({ contract_id: ContractId }).strict(),
  response: ContractDetails,
});

export const CreatePreOrderRequest = z
  .object({
    contract_id: ContractId,
    quantity: wholeNumber(1, programmeLimits.maxContractQuantity),
    level: CardLevel,
    network: CardNetwork,
    delivery_type: DeliveryType,
    mailing_address: PostalAddressFields,
    asset: CardFundingAsset,
  })
  .strict();
export type CreatePreOrderRequest = z.input<typeof CreatePreOrderRequest>;

export const createPreOrder = defineCall({
  path: '/api/v1/programme/orders/create',
  permission: 'programme_order',
  isKycGated: true,
  isIdempotent: true,
  errors: [
    'not_found',
    'contract_not_open',
    'order_below_minimum',
    'order_above_remaining',
    'insufficient_balance',
    'rates_stale',
  ],
  summary:
    'Pre-order cards under a contract (at least its minimum, at most what remains); prepayment and card cost are held until the bank decides',
  request: CreatePreOrderRequest,
  response: PreOrder,
});

export const listPreOrders = defineCall({
  path: '/api/v1/programme/orders/list',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The company's pre-orders across its contracts, newest first, by status",
  request: PageRequest.extend({ status: PreOrderStatus.optional() }).strict(),
  response: page(PreOrder),
});

export const getOrderSummary = defineCall({
  path: '/api/v1/programme/orders/summary',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The order summary: the company's orders per status and its contracts' quantities",
  request: z.object({}).strict(),
  response: OrderSummary,
});

export const listPrintBatches = defineCall({
  path: '/api/v1/programme/batches/list',
  permission: 'card_programme',
  isKycGated: true,
  summary: "The card issuing records: the company's print batches, newest first, each at its least advanced stage",
  request: PageRequest.strict(),
  response: page(PrintBatch),
});

// ---------------------------------------------------------------------------------------------
// The back office (programme_desk)

export const ProgrammeCompany = z.object({ id: z.string(), name: z.string() });
export type ProgrammeCompany = z.infer<typeof ProgrammeCompany>;

export const listProgrammeCompanies = defineCall({
  path: '/api/v1/admin/programme/companies',
  permission: 'programme_desk',
  summary: 'Back office: KYC-approved client companies by name, to set up a contract for',
  request: z
    .object({ search: singleLineText(100).default(''), page_size: z.number().int().min(1).max(50).default(20) })
    .strict(),
  response: z.object({ items: z.array(ProgrammeCompany) }),
});

export const CreateContractRequest = z
  .object({
    company_id: identifierText(64),
    company_abbreviation: CompanyAbbreviation,
    term_months: wholeNumber(1, programmeLimits.maxTermMonths),
    total_quantity: wholeNumber(1, programmeLimits.maxContractQuantity),
    minimum_order_quantity: wholeNumber(1, programmeLimits.maxContractQuantity),
    prepayment_per_card: UsdPerCard,
    starts_on: CalendarDay,
    membership_term_months: wholeNumber(1, programmeLimits.maxMembershipTermMonths).default(12),
    fee_deduction_mode: FeeDeductionMode.default('manual'),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.minimum_order_quantity > value.total_quantity)
      context.addIssue({
        code: 'custom',
        path: ['minimum_order_quantity'],
        message: 'programme.validation.minimum_above_total',
      });
  });
export type CreateContractRequest = z.input<typeof CreateContractRequest>;

export const createProgrammeContract = defineCall({
  path: '/api/v1/admin/programme/contracts/create',
  permission: 'programme_desk',
  errors: ['not_found'],
  summary: 'Back office: set up a contract for a company (its end date is the start plus the term, less a day)',
  request: CreateContractRequest,
  response: ProgrammeContract,
});

export const listStaffProgrammeContracts = defineCall({
  path: '/api/v1/admin/programme/contracts/list',
  permission: 'programme_desk',
  summary: "Back office: every company's contracts with their figures, newest first, by company and status",
  request: PageRequest.extend({
    company_id: identifierText(64).optional(),
    status: ContractStatus.optional(),
  }).strict(),
  response: page(ProgrammeContract),
});

export const listStaffPreOrders = defineCall({
  path: '/api/v1/admin/programme/orders/list',
  permission: 'programme_desk',
  summary: 'Back office: pre-orders of every company in one status: pending oldest first, the others newest first',
  request: PageRequest.extend({ status: PreOrderStatus.default('pending') }).strict(),
  response: page(PreOrder),
});

export const decidePreOrder = defineCall({
  path: '/api/v1/admin/programme/orders/decide',
  permission: 'programme_desk',
  errors: ['not_found', 'illegal_state'],
  summary: 'Back office: approve a pending order (its hold posted) or decline it with a reason (its hold voided)',
  request: z
    .object({
      order_id: OrderId,
      decision: z.enum(['approve', 'decline']),
      reason: multiLineText(programmeLimits.reasonMaxLength).default(''),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.decision === 'decline' && value.reason.length === 0)
        context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }),
  response: PreOrder,
});

export const allocatePreOrder = defineCall({
  path: '/api/v1/admin/programme/orders/allocate',
  permission: 'programme_desk',
  errors: ['not_found', 'allocate_cards_failed', ...processorFailureErrors],
  summary:
    'Back office: put cards of an approved order in one new print batch, printed with the contract’s abbreviation',
  request: z.object({ order_id: OrderId, quantity: wholeNumber(1, programmeLimits.maxBatchQuantity) }).strict(),
  response: PrintBatch,
});

export const listStaffPrintBatches = defineCall({
  path: '/api/v1/admin/programme/batches/list',
  permission: 'programme_desk',
  summary: "Back office: every company's print batches, newest first, each at its least advanced stage",
  request: PageRequest.strict(),
  response: page(PrintBatch),
});

export const simulatePrintBatch = defineCall({
  path: '/api/v1/admin/programme/simulator/printBatch',
  permission: 'programme_desk',
  errors: ['not_found'],
  summary: 'Simulator: print and mail every card of a batch now (printed, pending bind); not in production',
  request: z.object({ batch_id: BatchId }).strict(),
  response: PrintBatch,
});
