/**
 * Card management (SPEC.md sections 3, 4, 5 and 7 "Card" and "Dashboard"): the
 * company's cards and their timeline, activation with the letter's KIT and activation codes, the
 * PIN (never stored, logged or echoed), blocks (temporary, or lost, stolen or damaged: final and at
 * once, the replacement ordered with its fee, or waiting on the fee when the company cannot pay it),
 * unblocking, replacement of a worn
 * card, the mailing address, annual fee terms and renewals, and the back office's card operations
 * with the processor simulator's controls (outside production).
 *
 * What may be done with a card is the transition table's (cards.ts): each card carries its
 * `allowed_actions` for the caller, and the server checks the same table before every change.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { CardLoadLimits } from './card-money.ts';
import {
  Card,
  CardFee,
  CardFeeKind,
  CardFeeRule,
  CardFundingAsset,
  CardLevel,
  FeeQuote,
  PostalAddress,
  PostalAddressFields,
  processorFailureErrors,
} from './cards.ts';
import { PageRequest, page } from './envelope.ts';
import { CardAnomalyCause, CardOperationStage, CardStatus, FeePaymentStatus } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

// ---------------------------------------------------------------------------------------------
// Constants of the bank (SPEC.md leaves them open)

export const cardLimits = {
  /** Wrong activation attempts are answered; after this many attempts an hour the card refuses more. */
  activationAttemptsPerHour: 5,
  reasonMaxLength: 500,
  /** Auto renewal charges a term this many days before it is due. */
  autoRenewalDaysBefore: 7,
} as const;

const required = { message: 'validation.required' };
const CardId = identifierText(64);
const CardIdRequest = z.object({ card_id: CardId }).strict();

/** USD at 2 decimals, as a fee schedule holds it. */
const UsdAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: 'validation.invalid_format' })
  .max(15);

// ---------------------------------------------------------------------------------------------
// The card and its timeline

/** Who acted on a line of the timeline: a user of the company (named), the bank, or the processor and the schedule. */
export const timelineActorKinds = ['company_user', 'bank', 'system'] as const;

export const CardTimelineLine = z.object({
  id: z.string(),
  /** What happened (ordered, stage_changed, activated, pin_set, blocked, ...): `cards.timeline.<kind>`. */
  kind: z.string(),
  /** The operation stage after the line. */
  operation_stage: CardOperationStage,
  /** Facts of the line (a cause, a reason, a fee, a stage it came from): never a secret. */
  detail: z.record(z.string(), z.string().nullable()),
  actor_kind: z.enum(timelineActorKinds),
  /** The company user's name, or the member of staff's for the back office; null otherwise. */
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type CardTimelineLine = z.infer<typeof CardTimelineLine>;

export const CardDetails = Card.extend({
  timeline: z.array(CardTimelineLine),
  load_limits: CardLoadLimits,
  /** The card's page in the dashboard as a QR code (SVG), to open it on a phone. */
  qr_svg: z.string(),
});
export type CardDetails = z.infer<typeof CardDetails>;

export const listCards = defineCall({
  path: '/api/v1/card/refreshData',
  summary: "The company's cards, newest first, optionally of one state, a page at a time",
  request: PageRequest.extend({ status: CardStatus.optional() }).strict(),
  response: page(Card),
});

export const getCard = defineCall({
  path: '/api/v1/card/get',
  permission: 'cards',
  isKycGated: true,
  errors: ['not_found'],
  summary: 'One card of the company with its timeline',
  request: CardIdRequest,
  response: CardDetails,
});

// ---------------------------------------------------------------------------------------------
// Activation and PIN

export const activateCard = defineCall({
  path: '/api/v1/card/active',
  errors: [
    'not_found',
    'activate_card_failed',
    'rate_limited',
    'status_error',
    'card_blocked_by_admin',
    'forbidden',
    'fee_changed',
    ...processorFailureErrors,
  ],
  summary:
    "Activate a card with the KIT code and the activation code of its letter (a replacement takes over the old card's balance); the first annual fee getAnnualConfig showed (`activation_fee`) comes back as `fee_quote`",
  request: z
    .object({
      card_id: CardId,
      kit_code: z
        .string()
        .trim()
        .regex(/^\d{10}$/, { message: 'cards.validation.kit_code' }),
      activation_code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { message: 'cards.validation.activation_code' }),
      /** The first annual fee shown; needed when activation charges one (getAnnualConfig's `activation_fee`). */
      fee_quote: FeeQuote.optional(),
    })
    .strict(),
  response: Card,
});

const Pin = z.string().regex(/^\d{4}$/, { message: 'cards.validation.pin_format' });

export const SetPinRequest = z
  .object({ card_id: CardId, pin: Pin, pin_confirmation: z.string().max(4) })
  .strict()
  .refine((value) => value.pin === value.pin_confirmation, {
    path: ['pin_confirmation'],
    message: 'cards.validation.pin_mismatch',
  });

export const setCardPin = defineCall({
  path: '/api/v1/card/setPin',
  errors: [
    'not_found',
    'fresh_second_factor_required',
    'set_pin_failed',
    'status_error',
    'card_blocked_by_admin',
    'forbidden',
    ...processorFailureErrors,
  ],
  summary: 'Set or reset the PIN (fresh second factor): it goes to the processor only, never stored or echoed',
  request: SetPinRequest,
  response: z.object({ card_id: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Blocks, replacement, mailing address

export const blockKinds = ['temporary', 'lost_stolen', 'damaged'] as const;
export const BlockKind = z.enum(blockKinds);
export type BlockKind = z.infer<typeof BlockKind>;

/** The transition table's action of each kind of block. */
export const actionOfBlockKind = {
  temporary: 'block',
  lost_stolen: 'block_lost_stolen',
  damaged: 'block_damaged',
} as const satisfies Record<BlockKind, string>;

/** The anomaly a final block records. */
export const causeOfFinalBlock = {
  lost_stolen: 'lost_or_stolen',
  damaged: 'damaged',
} as const satisfies Record<Exclude<BlockKind, 'temporary'>, z.infer<typeof CardAnomalyCause>>;

const Reason = multiLineText(cardLimits.reasonMaxLength).pipe(z.string().min(1, required));

export const BlockRequest = z
  .object({
    card_id: CardId,
    kind: BlockKind,
    reason: Reason,
    /** The stable coin the replacement fee of a final block is paid from. */
    asset: CardFundingAsset.optional(),
    /** The replacement fee shown (getReplaceConfig) for a final block. */
    fee_quote: FeeQuote.optional(),
  })
  .strict()
  .refine((value) => value.kind === 'temporary' || value.asset !== undefined, {
    path: ['asset'],
    message: 'validation.required',
  })
  .refine((value) => value.kind === 'temporary' || value.fee_quote !== undefined, {
    path: ['fee_quote'],
    message: 'validation.required',
  });

const feeErrors = ['insufficient_balance', 'rates_stale', 'fee_changed'] as const;
const ruleErrors = [
  'not_found',
  'status_error',
  'card_blocked_by_admin',
  'card_pending_replacement',
  'forbidden',
] as const;

export const blockCard = defineCall({
  path: '/api/v1/dashboard/block',
  errors: [...ruleErrors, ...feeErrors, ...processorFailureErrors],
  isIdempotent: true,
  summary:
    'Block a card: temporarily, or for good as lost, stolen or damaged (blocked at once; the replacement fee is charged and a replacement ordered when the company can pay it, otherwise the replacement waits on the fee)',
  request: BlockRequest,
  response: Card,
});

export const unblockCard = defineCall({
  path: '/api/v1/dashboard/unblock',
  errors: [...ruleErrors, ...processorFailureErrors],
  summary: "Lift a card's temporary block (never an administrator's block for a client, nor a final one)",
  request: CardIdRequest,
  response: Card,
});

/** What the company pays for a fee in each stable coin at the current rate, and what it holds of it. */
export const FeeCost = z.object({ asset: CardFundingAsset, amount: z.string(), available: z.string() });
export type FeeCost = z.infer<typeof FeeCost>;

export const ReplaceConfig = z.object({
  card_id: z.string(),
  /** The level's replacement fee, USD. */
  fee: z.string(),
  costs: z.array(FeeCost),
  /** Where the replacement card is mailed. */
  mailing_address: PostalAddress,
});
export type ReplaceConfig = z.infer<typeof ReplaceConfig>;

export const getReplaceConfig = defineCall({
  path: '/api/v1/dashboard/getReplaceConfig',
  errors: ['not_found', 'rates_stale'],
  summary: 'The replacement fee of a card (USD, and what it costs in USDC and USDT now) and where it is mailed',
  request: CardIdRequest,
  response: ReplaceConfig,
});

export const replaceCard = defineCall({
  path: '/api/v1/dashboard/replace',
  errors: [...ruleErrors, ...feeErrors, ...processorFailureErrors],
  isIdempotent: true,
  summary:
    'Order a new card for a worn one (the replacement fee is charged); the old card works until the new one is activated',
  request: z.object({ card_id: CardId, asset: CardFundingAsset, fee_quote: FeeQuote }).strict(),
  response: Card,
});

export const payReplacementFee = defineCall({
  path: '/api/v1/dashboard/payReplacementFee',
  permission: 'card_management',
  isKycGated: true,
  errors: [...ruleErrors, ...feeErrors, ...processorFailureErrors],
  isIdempotent: true,
  summary:
    'Pay the replacement fee a lost, stolen or damaged card still owes (the company could not pay it when it was blocked): the replacement is ordered',
  request: z.object({ card_id: CardId, asset: CardFundingAsset, fee_quote: FeeQuote }).strict(),
  response: Card,
});

export const MailingAddressFields = PostalAddressFields;

export const changeMailingAddress = defineCall({
  path: '/api/v1/card/updateMailingAddress',
  permission: 'card_management',
  isKycGated: true,
  errors: ['not_found', 'status_error', 'card_blocked_by_admin', 'forbidden', ...processorFailureErrors],
  summary: 'Change where a card (and its replacement) is mailed, while it is not at the printer or in the post',
  request: z.object({ card_id: CardId, mailing_address: MailingAddressFields }).strict(),
  response: Card,
});

// ---------------------------------------------------------------------------------------------
// Cancellation

export const cancelCard = defineCall({
  path: '/api/v1/card/cancel',
  permission: 'card_management',
  isKycGated: true,
  errors: [...ruleErrors, 'fresh_second_factor_required', 'illegal_state', ...processorFailureErrors],
  summary:
    "Cancel a card for good (the company's administrator, fresh second factor): the processor cancels it, then what is left on it returns to the company's stable coin",
  request: CardIdRequest,
  response: Card,
});

// ---------------------------------------------------------------------------------------------
// Annual fees and renewal

export const deductionModes = ['auto', 'manual'] as const;
export const DeductionMode = z.enum(deductionModes);

/** Whether a term's renewal is done: renewed (paid or waived), open (not yet), or lapsed (the card ended without it). */
export const renewalStatuses = ['renewed', 'open', 'lapsed'] as const;
export const RenewalStatus = z.enum(renewalStatuses);

/** Why a term stands as it does: the screens word each (`cards.remarks.<code>`). */
export const feeTermRemarks = [
  /** The fee could not be taken when the card was activated: the card works, the fee is owed. */
  'activation_charge_failed',
  /** The schedule could not charge the automatic renewal (the stable coin did not cover it). */
  'auto_renewal_failed',
  /** The card ended (its end date passed without a renewal): the term will not be charged. */
  'card_expired',
  /** The company cancelled the card: the term will not be charged. */
  'card_cancelled',
  /** Taken over from the card this one replaced. */
  'carried_over',
  /** A programme card: its programme membership fee replaces the annual fee, so the term is not owed. */
  'membership_replaces_annual',
] as const;
export const FeeTermRemark = z.enum(feeTermRemarks);
export type FeeTermRemark = z.infer<typeof FeeTermRemark>;

/** SPEC.md section 3's membership fee record: one annual fee term of a card. */
export const FeeTerm = z.object({
  term_id: z.string(),
  card_id: z.string(),
  last4: z.string(),
  name_on_card: z.string(),
  /** The card's end date now. */
  card_expires_on: z.string().nullable(),
  sequence: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The fee is due by this day: the end of the term before. */
  due_on: z.string(),
  months: z.number().int(),
  /** USD. */
  amount: z.string(),
  status: FeePaymentStatus,
  paid_at: z.string().nullable(),
  renewal_status: RenewalStatus,
  deduction_mode: DeductionMode.nullable(),
  /** What was debited, in which stable coin. */
  paid_asset: CardFundingAsset.nullable(),
  paid_amount: z.string().nullable(),
  /** The card's end date once this term is renewed: the term's end. */
  yearly_expires_on: z.string(),
  remarks: FeeTermRemark.nullable(),
  /** Whether the caller may pay it now (open, the card allows renewal, the term before is settled). */
  can_renew: z.boolean(),
});
export type FeeTerm = z.infer<typeof FeeTerm>;

export const AnnualConfig = z.object({
  card_id: z.string(),
  level: CardLevel,
  /** The level's annual fee, USD. */
  annual_fee: z.string(),
  term_months: z.number().int(),
  renewal_opens_days_before: z.number().int(),
  expires_on: z.string().nullable(),
  auto_renewal: z.boolean(),
  auto_renewal_asset: CardFundingAsset,
  terms: z.array(FeeTerm),
  costs: z.array(FeeCost),
  /** Which fee keeps the card: `membership` for a programme card, which has no annual fee. */
  fee_rule: CardFeeRule,
  /**
   * USD the card's activation charges (its first annual fee, from `auto_renewal_asset`), shown
   * before it is activated; null when activation charges nothing (a programme card, a replacement
   * taking over its card's terms, a card already active).
   */
  activation_fee: z.string().nullable(),
  /** What `activation_fee` costs in each stable coin now; empty when it is null. */
  activation_costs: z.array(FeeCost),
});
export type AnnualConfig = z.infer<typeof AnnualConfig>;

export const getAnnualConfig = defineCall({
  path: '/api/v1/dashboard/getAnnualConfig',
  errors: ['not_found', 'rates_stale'],
  summary: "A card's annual fee, its fee terms and its auto renewal setting",
  request: CardIdRequest,
  response: AnnualConfig,
});

export const setAnnualSetting = defineCall({
  path: '/api/v1/dashboard/annualSetting',
  errors: ['not_found', 'status_error', 'card_blocked_by_admin', 'forbidden', 'rates_stale'],
  summary: 'Turn auto renewal of a card on or off, and choose the stable coin it is charged from',
  request: z.object({ card_id: CardId, auto_renewal: z.boolean(), asset: CardFundingAsset }).strict(),
  response: AnnualConfig,
});

export const listRenewals = defineCall({
  path: '/api/v1/dashboard/renewList',
  summary: "The membership fee records of the company's cards, latest due first, filtered, a page at a time",
  request: PageRequest.extend({ status: FeePaymentStatus.optional(), card_id: CardId.optional() }).strict(),
  response: page(FeeTerm),
});

export const renewCard = defineCall({
  path: '/api/v1/dashboard/renew',
  errors: [
    'not_found',
    'previous_renewal_first',
    'illegal_state',
    ...ruleErrors,
    ...feeErrors,
    ...processorFailureErrors,
  ],
  isIdempotent: true,
  summary:
    "Pay a card's annual fee term from USDC or USDT (the term before must be settled); the card's end date moves on",
  /** `fee_quote`: the term's amount as the renewal list showed it. */
  request: z.object({ term_id: identifierText(64), asset: CardFundingAsset, fee_quote: FeeQuote }).strict(),
  response: FeeTerm,
});

// ---------------------------------------------------------------------------------------------
// Back office: card operations (permission card_operations)

export const StaffCard = Card.extend({ company_id: z.string(), company_name: z.string() });
export type StaffCard = z.infer<typeof StaffCard>;

export const StaffCardDetails = StaffCard.extend({ timeline: z.array(CardTimelineLine) });
export type StaffCardDetails = z.infer<typeof StaffCardDetails>;

export const StaffCardFilter = z
  .object({
    /** Part of the company's name (a plain substring). */
    company_name: singleLineText(100).optional(),
    last4: z
      .string()
      .regex(/^\d{4}$/, { message: 'cards.validation.last4' })
      .optional(),
    status: CardStatus.optional(),
  })
  .strict();

export const listStaffCards = defineCall({
  path: '/api/v1/admin/cards/list',
  permission: 'card_operations',
  summary: 'Cards of every company, newest first, found by company name, last 4 digits and state',
  request: PageRequest.extend(StaffCardFilter.shape).strict(),
  response: page(StaffCard),
});

export const getStaffCard = defineCall({
  path: '/api/v1/admin/cards/get',
  permission: 'card_operations',
  errors: ['not_found'],
  summary: 'One card of any company with its timeline (staff named)',
  request: CardIdRequest,
  response: StaffCardDetails,
});

export const adminBlockCard = defineCall({
  path: '/api/v1/admin/cards/block',
  permission: 'card_operations',
  errors: ['not_found', 'status_error', ...processorFailureErrors],
  summary: "Block a card as the bank (an administrator's block: only staff lift it), with a reason",
  request: z.object({ card_id: CardId, reason: Reason }).strict(),
  response: StaffCardDetails,
});

export const adminUnblockCard = defineCall({
  path: '/api/v1/admin/cards/unblock',
  permission: 'card_operations',
  errors: ['not_found', 'status_error', 'card_pending_replacement', ...processorFailureErrors],
  summary: 'Lift a temporary block of a card as the bank, with a reason',
  request: z.object({ card_id: CardId, reason: Reason }).strict(),
  response: StaffCardDetails,
});

export const FeeSchedule = z.object({ level: CardLevel, fees: z.array(CardFee) });
export type FeeSchedule = z.infer<typeof FeeSchedule>;

export const getFeeSchedule = defineCall({
  path: '/api/v1/admin/cards/feeSchedule',
  permission: 'card_operations',
  summary: "A card level's fee schedule",
  request: z.object({ level: CardLevel }).strict(),
  response: FeeSchedule,
});

const FeeRate = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, { message: 'cards.validation.fee_rate' })
  .nullable();

export const setFeeSchedule = defineCall({
  path: '/api/v1/admin/cards/setFeeSchedule',
  permission: 'card_operations',
  summary: "Change fees of a card level's schedule (audited); fees not named stay as they are",
  request: z
    .object({
      level: CardLevel,
      fees: z
        .array(z.object({ kind: CardFeeKind, amount: UsdAmount, rate: FeeRate }).strict())
        .min(1)
        .max(20),
    })
    .strict(),
  response: FeeSchedule,
});

/** The simulator's letter: the one place the KIT and activation codes appear (outside production, never logged). */
export const CardLetter = z.object({
  last4: z.string(),
  name_on_card: z.string(),
  kit_code: z.string(),
  activation_code: z.string(),
});
export type CardLetter = z.infer<typeof CardLetter>;

export const simulateShipCard = defineCall({
  path: '/api/v1/admin/cards/simulator/ship',
  permission: 'card_operations',
  errors: ['not_found', 'status_error'],
  summary: 'Simulator: print and mail a card now (awaiting activation); not in production',
  request: CardIdRequest,
  response: StaffCardDetails,
});

export const simulateCardLetter = defineCall({
  path: '/api/v1/admin/cards/simulator/letter',
  permission: 'card_operations',
  errors: ['not_found'],
  summary: "Simulator: the card's letter as the post would bring it (KIT and activation code); not in production",
  request: CardIdRequest,
  response: CardLetter,
});

export const simulateCardAnomaly = defineCall({
  path: '/api/v1/admin/cards/simulator/anomaly',
  permission: 'card_operations',
  errors: ['not_found', 'status_error'],
  summary: 'Simulator: the processor reports an anomaly of the card with a cause; not in production',
  request: z.object({ card_id: CardId, cause: CardAnomalyCause }).strict(),
  response: StaffCardDetails,
});

export const simulateRefuseKyc = defineCall({
  path: '/api/v1/admin/cards/simulator/refuseKyc',
  permission: 'card_operations',
  errors: ['not_found'],
  summary:
    "Simulator: the processor refuses the cardholder's next KYC review (ID or address), or the next replacement card ordered for them; not in production",
  request: z.object({ card_id: CardId, part: z.enum(['id', 'address', 'replacement']) }).strict(),
  response: z.null(),
});
