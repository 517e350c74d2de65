/**
 * Cards (SPEC.md sections 3, 4 and 5; DECISIONS.md "Cards"): the card as the product
 * keeps it and the one transition table that the server enforces and the screens read.
 *
 * A card has three state fields, each an enum of states.ts: its state (`status`), the processor's
 * operation stage and, in an anomaly, its cause; beside them the block (kind, who, when, why,
 * whether it is final) and the replacement status. `cardActionRefusal` answers, for a card's facts,
 * an action and who acts, the catalogue error that refuses it or null: the server calls it before
 * every change and the screens call it (through `allowed_actions`) to offer only what may be done.
 *
 * The product keeps the last 4 digits and the processor's reference of a card, never its full
 * number, PIN or security code (DECISIONS.md): none of them appears in a schema here.
 */
import { z } from 'zod';
import { applicantTypes, cardLevels } from './constants.ts';
import { CountryCode } from './countries.ts';
import type { ErrorKey } from './errors.ts';
import { RelationshipManagerContact } from './roles.ts';
import {
  CardAnomalyCause,
  CardBlockType,
  CardOperationStage,
  CardReplacementStatus,
  CardStatus,
  FeePaymentStatus,
} from './states.ts';
import { singleLineText } from './text.ts';

const requiredLine = (maxLength: number) =>
  singleLineText(maxLength).pipe(z.string().min(1, { message: 'validation.required' }));

export const CardLevel = z.enum(cardLevels);
export type CardLevel = z.infer<typeof CardLevel>;

/** SPEC.md: "class (one of three card networks)". */
export const cardNetworks = ['visa', 'mastercard', 'unionpay'] as const;
export const CardNetwork = z.enum(cardNetworks);
export type CardNetwork = z.infer<typeof CardNetwork>;

export const ApplicantType = z.enum(applicantTypes);
export type ApplicantType = z.infer<typeof ApplicantType>;

/** A card's money is US dollars (DECISIONS.md "Cards"): its balance, fees and top-ups arrive in USD. */
export const cardCurrency = 'USD' as const;

/** How a card was sold (SPEC.md section 3: "sales type (General)"): every card today is sold in general. */
const cardSalesTypes = ['general'] as const;
const CardSalesType = z.enum(cardSalesTypes);

/** The stable coins a company pays card top-ups and card fees from. */
export const cardFundingAssets = ['USDC', 'USDT'] as const;
export const CardFundingAsset = z.enum(cardFundingAssets);
export type CardFundingAsset = z.infer<typeof CardFundingAsset>;

// ---------------------------------------------------------------------------------------------
// Fees (SPEC.md section 9 names the kinds; DECISIONS.md: a schedule per level kept by staff)

export const cardFeeKinds = [
  /** The base card price (SPEC.md's plus_price), charged when the card is ordered. */
  'card_cost',
  'annual',
  'activation',
  'replacement',
  /** The top-up (load) fee: a share of the amount loaded, at least `amount`. */
  'load',
  'inactivity',
  'pos',
  'atm_withdrawal',
  'atm_balance',
  'monthly_service',
  'membership',
] as const;
export const CardFeeKind = z.enum(cardFeeKinds);
export type CardFeeKind = z.infer<typeof CardFeeKind>;

/** One fee of a level's schedule: a flat USD amount, and for a share-based fee its rate (0.015 = 1.5 %). */
export const CardFee = z.object({
  kind: CardFeeKind,
  /** USD, 2 decimals; for `load`, the least fee charged. */
  amount: z.string(),
  /** A share of the amount (`load`), or null for a flat fee. */
  rate: z.string().nullable(),
});
export type CardFee = z.infer<typeof CardFee>;

/**
 * Which fee keeps a card alive: its own annual fee terms, or, for a programme card (and the cards
 * that replace it), the programme's membership fee, which replaces the annual fee (no annual term,
 * no expiry for an unpaid annual fee).
 */
export const cardFeeRules = ['annual', 'membership'] as const;
export const CardFeeRule = z.enum(cardFeeRules);
export type CardFeeRule = z.infer<typeof CardFeeRule>;

/**
 * The fee a screen showed before the action that charges it (DECISIONS.md: a fee is shown before it
 * is charged): the action carries it back, and the server charges that amount or refuses with
 * `fee_changed` when the fee is another now. Card fees are US dollars, 2 decimals.
 */
export const FeeQuote = z
  .object({
    amount: z.string().regex(/^\d{1,12}\.\d{2}$/, { message: 'validation.invalid_format' }),
    asset: z.literal(cardCurrency),
  })
  .strict();
export type FeeQuote = z.infer<typeof FeeQuote>;

/** The months one annual fee term covers, and how many days before a term ends its renewal opens. */
export const annualTermMonths = 12;
export const renewalOpensDaysBefore = 60;

// ---------------------------------------------------------------------------------------------
// The card processor's failures

/**
 * How a request to the card processor fails (the adapter's CardProcessorFailure): no answer
 * (unavailable, timed out), or an answer that is not what the adapter's interface says
 * (malformed). The simulator produces either when staff tell it to.
 */
export const cardProcessorFaults = ['unavailable', 'malformed'] as const;
export const CardProcessorFault = z.enum(cardProcessorFaults);
export type CardProcessorFault = z.infer<typeof CardProcessorFault>;

/**
 * What a call that asks the card processor while its caller waits answers when the processor fails:
 * `submission_failed` when it did not answer, `data_error` when its answer was malformed (SPEC.md
 * section 8). Each such call lists them among its errors.
 */
export const processorFailureErrors = ['submission_failed', 'data_error'] as const satisfies readonly ErrorKey[];

/** What a company's user was doing when the card processor failed: the bank's card staff are told it. */
export const cardProcessorActions = [
  'username_check',
  'card_application',
  'cardholder_update',
  'activation',
  'set_pin',
  'block',
  'unblock',
  'replacement',
  'mailing_address',
  'cancellation',
  'renewal',
  'top_up',
  'programme_binding',
  'programme_unbinding',
] as const;
export const CardProcessorAction = z.enum(cardProcessorActions);
export type CardProcessorAction = z.infer<typeof CardProcessorAction>;

// ---------------------------------------------------------------------------------------------
// The transition table

/**
 * Who acts on a card: its holder (a company user with card use only, on a card they hold), the
 * company (a user with card management: permissions.ts `cardScopeOf`), the bank's staff, or the
 * schedule.
 */
export const cardActors = ['holder', 'client_admin', 'staff', 'system'] as const;
export type CardActor = (typeof cardActors)[number];

export const cardActions = [
  /** With the KIT code and the activation code from the card's letter. */
  'activate',
  'set_pin',
  /** A temporary block (kind `client` for the company's administrator, `user` for a holder, `admin` for staff). */
  'block',
  /**
   * Final blocks: the card is blocked at once; the replacement is ordered with its fee when the
   * company can pay it, and otherwise waits on the fee (`pay_replacement_fee`).
   */
  'block_lost_stolen',
  'block_damaged',
  'unblock',
  /** A new card for a worn one, the old one working until the new one is activated. */
  'replace',
  /** The replacement fee a final block could not take: paying it orders the replacement. */
  'pay_replacement_fee',
  'top_up',
  'renew',
  'change_mailing_address',
  /** The schedule: a card whose end date passed without a renewal. */
  'expire',
  /**
   * The company ends a card for good: the processor cancels it (stage `cancelling`, then
   * `cancelled`) and what is left on it returns to the company's stable coin.
   */
  'cancel',
] as const;
export const CardAction = z.enum(cardActions);
export type CardAction = z.infer<typeof CardAction>;

/** What the transition table reads of a card. */
export type CardRuleFacts = {
  status: CardStatus;
  operation_stage: CardOperationStage;
  /** The block's kind while the card is blocked; null otherwise. */
  block_type: CardBlockType | null;
  /** A lost, stolen or damaged block: never lifted. */
  block_is_final: boolean;
  replacement_status: CardReplacementStatus;
  /** A final block whose replacement waits on its fee (the company could not pay it then). */
  replacement_fee_owed: boolean;
  /** A programme card (`membership`) has no annual fee to renew. */
  fee_rule: CardFeeRule;
};

/** Stages at which the card is at the printer or in the post: its mailing address can no longer change. */
const stagesInTransit: readonly CardOperationStage[] = ['printing', 'mailed'];
/**
 * Stages at which a card waits for its holder to activate it: one mailed to its holder, or a
 * programme card bound to its holder (it is already in the company's hands; programme.ts).
 */
const stagesAwaitingActivation: readonly CardOperationStage[] = ['awaiting_activation', 'bound'];
/** States of a card that exists at the processor and has not ended. */
const liveStatuses: readonly CardStatus[] = ['approved', 'active', 'blocked'];

type Rule = (card: CardRuleFacts, actor: CardActor) => ErrorKey | null;

/** A blocked card's block, read by every rule that a block stops: an admin block first (SPEC.md section 8). */
function refuseBlocked(card: CardRuleFacts, actor: CardActor): ErrorKey | null {
  if (card.status !== 'blocked') return null;
  if (card.block_type === 'admin' && actor !== 'staff' && actor !== 'system') return 'card_blocked_by_admin';
  return 'status_error';
}

const notStaff = (actor: CardActor): ErrorKey | null => (actor === 'staff' || actor === 'system' ? 'forbidden' : null);
/**
 * What only the company does with a card (card management): its holder alone may not. The bank's
 * block is told first (SPEC.md section 8), to a holder as to the company.
 */
const companyOnly = (card: CardRuleFacts, actor: CardActor): ErrorKey | null => {
  if (actor !== 'holder') return null;
  return card.status === 'blocked' && card.block_type === 'admin' ? 'card_blocked_by_admin' : 'forbidden';
};

/**
 * The rules of SPEC.md section 4 as one table: for each action, the refusal a card's facts and its
 * actor meet, in the order they are checked, or null when the action is allowed.
 */
const cardTransitionTable: Readonly<Record<CardAction, Rule>> = {
  activate: (card, actor) =>
    notStaff(actor) ??
    refuseBlocked(card, actor) ??
    (card.status === 'approved' && stagesAwaitingActivation.includes(card.operation_stage) ? null : 'status_error'),
  // SPEC.md section 8's own words for a PIN reset the card's state does not allow.
  set_pin: (card, actor) =>
    notStaff(actor) ?? refuseBlocked(card, actor) ?? (card.status === 'active' ? null : 'password_reset_unsupported'),
  block: (card, actor) => {
    if (actor === 'system') return 'forbidden';
    if (card.status === 'active') return null;
    // Staff may put their own block over a holder's or the company's (it then needs staff to lift).
    if (actor === 'staff' && card.status === 'blocked' && card.block_type !== 'admin' && !card.block_is_final)
      return null;
    return refuseBlocked(card, actor) ?? 'status_error';
  },
  block_lost_stolen: (card, actor) => finalBlockRule(card, actor),
  block_damaged: (card, actor) => finalBlockRule(card, actor),
  unblock: (card, actor) => {
    if (actor === 'system') return 'forbidden';
    if (card.status !== 'blocked') return 'status_error';
    if (card.block_type === 'admin' && actor !== 'staff') return 'card_blocked_by_admin';
    if (card.replacement_status === 'pending_replacement') return 'card_pending_replacement';
    if (card.block_is_final) return 'status_error';
    // The company's block is the company's administrator's to lift (or staff's); a holder's block, either's.
    if (card.block_type === 'client' && actor === 'holder') return 'status_error';
    return null;
  },
  replace: (card, actor) => {
    if (actor === 'system') return 'forbidden';
    const holderRefusal = companyOnly(card, actor);
    if (holderRefusal) return holderRefusal;
    // An administrator's block is told first (SPEC.md section 8), then a replacement already under way.
    const blocked = refuseBlocked(card, actor);
    if (blocked) return blocked;
    if (card.replacement_status === 'pending_replacement') return 'card_pending_replacement';
    return card.status === 'active' ? null : 'status_error';
  },
  pay_replacement_fee: (card, actor) => {
    // The company pays its own fees; staff and the schedule do not act for it here.
    if (actor === 'staff' || actor === 'system') return 'forbidden';
    const holderRefusal = companyOnly(card, actor);
    if (holderRefusal) return holderRefusal;
    if (card.status === 'blocked' && card.block_type === 'admin') return 'card_blocked_by_admin';
    const isWaitingOnFee = card.status === 'blocked' && card.block_is_final && card.replacement_fee_owed;
    return isWaitingOnFee ? null : 'status_error';
  },
  top_up: (card, actor) =>
    notStaff(actor) ??
    companyOnly(card, actor) ??
    refuseBlocked(card, actor) ??
    (card.status === 'active' ? null : 'status_error'),
  renew: (card, actor) => {
    if (actor === 'staff') return 'forbidden';
    const holderRefusal = companyOnly(card, actor);
    if (holderRefusal) return holderRefusal;
    if (card.status === 'blocked' && card.block_type === 'admin' && actor !== 'system') return 'card_blocked_by_admin';
    // The programme's membership fee replaces the annual fee: there is no annual term to pay.
    if (card.fee_rule === 'membership') return 'status_error';
    if (card.status === 'blocked' && card.block_is_final) return 'status_error';
    return card.status === 'active' || card.status === 'blocked' ? null : 'status_error';
  },
  change_mailing_address: (card, actor) => {
    if (actor === 'system') return 'forbidden';
    const holderRefusal = companyOnly(card, actor);
    if (holderRefusal) return holderRefusal;
    if (card.status === 'blocked' && card.block_type === 'admin' && actor !== 'staff') return 'card_blocked_by_admin';
    if (!liveStatuses.includes(card.status) || stagesInTransit.includes(card.operation_stage)) return 'status_error';
    // A card blocked for good is never mailed again: its replacement has its own address.
    return card.status === 'blocked' && card.block_is_final ? 'status_error' : null;
  },
  expire: (card, actor) =>
    actor !== 'system' ? 'forbidden' : liveStatuses.includes(card.status) ? null : 'status_error',
  // A company-level decision: its administrator's, never a holder's, and never over the bank's block.
  cancel: (card, actor) => {
    if (card.status === 'blocked' && card.block_type === 'admin' && (actor === 'holder' || actor === 'client_admin'))
      return 'card_blocked_by_admin';
    if (actor !== 'client_admin') return 'forbidden';
    if (!liveStatuses.includes(card.status)) return 'status_error';
    // The replacement would take over the balance: the company cancels the new card, or waits.
    return card.replacement_status === 'pending_replacement' ? 'card_pending_replacement' : null;
  },
};

function finalBlockRule(card: CardRuleFacts, actor: CardActor): ErrorKey | null {
  if (actor === 'system') return 'forbidden';
  if (card.status === 'active') return null;
  if (card.status !== 'blocked') return 'status_error';
  if (card.block_type === 'admin' && actor !== 'staff') return 'card_blocked_by_admin';
  return card.block_is_final ? 'status_error' : null;
}

/**
 * The refusal of `action` on the card by `actor`, or null when the table allows it. A card the
 * processor is cancelling allows nothing more: it ends as soon as the processor confirms.
 */
export function cardActionRefusal(card: CardRuleFacts, action: CardAction, actor: CardActor): ErrorKey | null {
  const refusal = cardTransitionTable[action](card, actor);
  if (refusal) return refusal;
  return card.operation_stage === 'cancelling' ? 'status_error' : null;
}

/** Every action the table allows the actor on the card: what a screen offers. */
export function allowedCardActions(card: CardRuleFacts, actor: CardActor): CardAction[] {
  return cardActions.filter((action) => cardActionRefusal(card, action, actor) === null);
}

/** The block kind a temporary block by this actor records. */
export function blockTypeOfActor(actor: Exclude<CardActor, 'system'>): CardBlockType {
  return actor === 'staff' ? 'admin' : actor === 'client_admin' ? 'client' : 'user';
}

// ---------------------------------------------------------------------------------------------
// The card on the wire

export const PostalAddress = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  postal_code: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

/** A postal address as a form sends it (an application's addresses, a card's mailing address): checked, trimmed. */
export const PostalAddressFields = z
  .object({
    line1: requiredLine(100),
    line2: singleLineText(100).default(''),
    city: requiredLine(60),
    state: singleLineText(60).default(''),
    country: CountryCode,
    postal_code: singleLineText(16).default(''),
  })
  .strict();
export type PostalAddressFields = z.input<typeof PostalAddressFields>;

const CardBlock = z.object({
  type: CardBlockType,
  /** Why: the holder's or staff's words, or the anomaly (lost or stolen, damaged). */
  reason: z.string(),
  cause: CardAnomalyCause.nullable(),
  is_final: z.boolean(),
  by_name: z.string(),
  at: z.string(),
});

export const Card = z.object({
  id: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  name_on_card: z.string(),
  cardholder_name: z.string(),
  applicant_type: ApplicantType,
  level: CardLevel,
  network: CardNetwork,
  status: CardStatus,
  operation_stage: CardOperationStage,
  anomaly_cause: CardAnomalyCause.nullable(),
  stage_updated_at: z.string(),
  block: CardBlock.nullable(),
  replacement_status: CardReplacementStatus,
  /** The card this one replaces, and the card that replaces it. */
  replaces_card_id: z.string().nullable(),
  replaced_by_card_id: z.string().nullable(),
  /** The KIT number printed on the card's package; null until the card is mailed. */
  kit_code: z.string().nullable(),
  issued_on: z.string().nullable(),
  /** The card's end date (YYYY-MM-DD): it expires then unless renewed. */
  expires_on: z.string().nullable(),
  /** USD, 2 decimals: posted, held by authorisations, available. */
  balance: z.string(),
  held: z.string(),
  available: z.string(),
  /** When the card's latest transaction (purchase, refund, fee) happened; null while it has none. */
  last_transaction_at: z.string().nullable(),
  mailing_address: PostalAddress,
  card_fee_status: z.enum(['paid', 'unpaid']),
  annual_fee_status: FeePaymentStatus,
  auto_renewal: z.boolean(),
  /** A final block's replacement waits on its fee: the company could not pay it when the card was blocked. */
  replacement_fee_owed: z.boolean(),
  /** Which fee keeps the card: its annual fee, or the programme's membership fee (a programme card). */
  fee_rule: CardFeeRule,
  sales_type: CardSalesType,
  /** The company's sales relationship manager at the bank; null while the company has none. */
  relationship_manager: RelationshipManagerContact.nullable(),
  /** What the caller may do now, by the transition table. */
  allowed_actions: z.array(CardAction),
});
export type Card = z.infer<typeof Card>;
