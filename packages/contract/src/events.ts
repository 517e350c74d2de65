/**
 * Domain events: what happened, recorded by a service in the transaction of the change and handed
 * to consumers (emails now; the inbox and webhooks later) through the job queue. One line per
 * event: its type and the schema of its payload, which the server checks when recording it and
 * again when a consumer reads it. Payloads hold facts and ids, never text for a reader: consumers
 * compose messages in each reader's language when they run.
 */
import { z } from 'zod';
import { CardProcessorAction, CardProcessorFault } from './cards.ts';
import { BankingProduct } from './contact-requests.ts';
import { kycRoundDecisions } from './kyc.ts';
import { PayoutBatchStatus } from './payout-batches.ts';
import {
  AccountKycStatus,
  CardAnomalyCause,
  CardApplicationStatus,
  CardOperationStage,
  CardStatus,
  TopUpStatus,
  TransactionStatus,
} from './states.ts';

/** Changes to how a user signs in that the user is told of by email, whoever made them. */
export const accountSecurityChanges = [
  'password_changed',
  'password_reset',
  'authenticator_paired',
  'authenticator_removed',
  'authenticator_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'account_locked',
] as const;
export type AccountSecurityChange = (typeof accountSecurityChanges)[number];

export const domainEventSchemas = {
  /** Something changed in how a user signs in (a password, the second factor, a lock). */
  'account.security_changed': z.object({
    user_id: z.string(),
    change: z.enum(accountSecurityChanges),
    at: z.string(),
    /** recovery_code_used: how many unused codes are left. */
    recovery_codes_left: z.number().int().optional(),
    /** passkey_added, passkey_removed: the passkey's name. */
    passkey_name: z.string().optional(),
    /** account_locked: after how many failed attempts, and until when. */
    failures: z.number().int().optional(),
    locked_until: z.string().optional(),
  }),

  /** A company's KYC moved: submitted by a user, or decided by staff (approve, reject, return, refuse finally). */
  'kyc.status_changed': z.object({
    company_id: z.string(),
    from: AccountKycStatus,
    to: AccountKycStatus,
    round: z.number().int(),
    /** Who made the change: the submitting user, or the member of staff who decided. */
    actor_user_id: z.string(),
    decision: z.enum(kycRoundDecisions).optional(),
    reason: z.string().nullable().optional(),
    at: z.string(),
  }),

  /** Coins or a bank credit reached the company's account (deposits credit only once confirmed). */
  'deposit.credited': z.object({
    company_id: z.string(),
    deposit_id: z.string(),
    asset: z.string(),
    network: z.string().nullable(),
    amount: z.string(),
    /** The history line it completed (absent from events recorded before it was added). */
    transaction_id: z.string().nullable().optional(),
    at: z.string(),
  }),

  /**
   * A published announcement's window opened (at publishing, or later by the schedule): its audience
   * is told, once. The titles are the announcement's own words in each language, for the inbox line.
   */
  'announcement.published': z.object({
    announcement_id: z.string(),
    audience: z.enum(['all_companies', 'chosen_companies']),
    /** The chosen companies; empty for all companies. */
    company_ids: z.array(z.string()),
    title_en: z.string(),
    title_ch: z.string(),
    title_jp: z.string(),
    starts_at: z.string(),
    at: z.string(),
  }),

  /**
   * A webhook delivery is due now (a new event for a company's URL, a replay, a test send): the
   * webhooks module's sender attempts it from the job queue; retries follow its own schedule.
   */
  'webhook.delivery_scheduled': z.object({ delivery_id: z.string(), company_id: z.string() }),
  /** Staff answered a user's feedback: the sender is told. */
  'feedback.answered': z.object({
    feedback_id: z.string(),
    company_id: z.string(),
    user_id: z.string(),
    at: z.string(),
  }),

  /** A company user asked to be contacted about a product: the queue's staff are told. */
  'contact_request.sent': z.object({
    request_id: z.string(),
    company_id: z.string(),
    product: BankingProduct,
    at: z.string(),
  }),

  /** Staff handled a request to be contacted about a product: the requester is told. */
  'contact_request.handled': z.object({
    request_id: z.string(),
    company_id: z.string(),
    user_id: z.string(),
    product: BankingProduct,
    at: z.string(),
  }),

  /**
   * An amount was converted at a recorded rate, less the fee: a fiat deposit credited as a digital
   * asset, an FX conversion or a settled OTC trade (`source`, absent from deposits recorded before).
   */
  'conversion.made': z.object({
    company_id: z.string(),
    source: z.enum(['fiat_deposit', 'fx', 'otc']).optional(),
    /** The history line of an FX conversion or OTC trade. */
    transaction_id: z.string().optional(),
    from_currency: z.string(),
    from_amount: z.string(),
    to_asset: z.string(),
    to_amount: z.string(),
    fee: z.string(),
    rate: z.string(),
    rate_at: z.string(),
    at: z.string(),
  }),

  /**
   * A payout moved (submitted, waiting for approval, approved, in review, sent, completed, rejected,
   * failed): the company's users who follow payouts are told, approvers when it waits for them.
   */
  'payout.status_changed': z.object({
    company_id: z.string(),
    payout_id: z.string(),
    kind: z.enum(['crypto', 'fiat']),
    status: TransactionStatus,
    /** The state it left; null at its submission (absent from events recorded before it was added). */
    previous_status: TransactionStatus.nullable().optional(),
    asset: z.string(),
    amount: z.string(),
    /** The user who submitted it. */
    maker_user_id: z.string(),
    /** The payee's or address's name as it was paid. */
    destination_name: z.string(),
    /** Why it was rejected (the approver's or the bank's words) or the failure cause's value. */
    reason: z.string().nullable(),
    transaction_id: z.string(),
    at: z.string(),
  }),

  /**
   * A batch of payouts was submitted, decided or cancelled (decision 0046): approvers are asked when
   * it waits for them, its maker told when it is rejected. Its rows, once paid, are payouts with
   * their own `payout.status_changed`.
   */
  'payout_batch.status_changed': z.object({
    company_id: z.string(),
    batch_id: z.string(),
    status: PayoutBatchStatus,
    file_name: z.string(),
    rows: z.number().int(),
    /** The user who uploaded and submitted it. */
    maker_user_id: z.string(),
    /** The approver's words when rejected. */
    reason: z.string().nullable(),
    at: z.string(),
  }),

  /**
   * A company's available balance of an asset went from at or above a threshold to below it (the
   * ledger's crossing detector, in the transaction of the transfer): once per crossing. The threshold
   * is the company's own (its balance webhook) or one user's balance alert (`watcher_user_id`).
   */
  'balance.fell_below_threshold': z.object({
    company_id: z.string(),
    asset: z.string(),
    threshold: z.string(),
    /** The available balance after the transfer that crossed it. */
    available: z.string(),
    /** The threshold's id (the company's, or the user's alert). */
    threshold_id: z.string(),
    /** The user whose alert it is; null for the company's threshold. */
    watcher_user_id: z.string().nullable(),
    at: z.string(),
  }),

  /** A user signed in from a device (browser and system) none of their kept sessions used: their alert, if they set one. */
  'account.signed_in_from_new_device': z.object({
    user_id: z.string(),
    company_id: z.string().nullable(),
    device: z.string(),
    ip: z.string().nullable(),
    at: z.string(),
  }),

  /** The card processor authorised a purchase on a card (USD held on the card): purchase alerts. */
  'card.purchase_authorised': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    /** USD. */
    amount: z.string(),
    merchant_name: z.string(),
    card_transaction_id: z.string(),
    at: z.string(),
  }),

  /** A company asked for an OTC quote: the desk (its relationship manager, or the shared queue) is told. */
  'otc.requested': z.object({
    request_id: z.string(),
    company_id: z.string(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    at: z.string(),
  }),

  /** The desk answered an OTC request with a rate and a validity: the company is told. */
  'otc.quoted': z.object({
    request_id: z.string(),
    company_id: z.string(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    rate: z.string(),
    amount_received: z.string(),
    expires_at: z.string(),
    at: z.string(),
  }),

  /**
   * A card moved at the processor: its operation stage, its state, or an anomaly. The
   * company's card users are told, and the company's card operation status webhook.
   */
  'card.operation_status_changed': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    status: CardStatus,
    from_stage: CardOperationStage.nullable(),
    operation_stage: CardOperationStage,
    anomaly_cause: CardAnomalyCause.nullable(),
    at: z.string(),
  }),

  /** A card was activated with its KIT and activation codes: the card activation webhook. */
  'card.activated': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    actor_user_id: z.string(),
    at: z.string(),
  }),

  /**
   * What was left on a card that ended (expired or cancelled) returned to the company's stable coin
   * at the coin's USD rate: the company's card users and those who see its balances are told.
   */
  'card.balance_returned': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    /** Why the card ended. */
    cause: z.enum(['expired', 'cancelled']),
    /** USD taken off the card. */
    amount: z.string(),
    asset: z.string(),
    /** What the company's coin received, at `rate` units of the coin per USD. */
    credited_amount: z.string(),
    rate: z.string(),
    /** The company's history line of the return. */
    transaction_id: z.string(),
    at: z.string(),
  }),

  /**
   * An automatic renewal could not be charged (the company's stable coin did not cover the fee): the
   * term stays pending or overdue, and the company's card users are told.
   */
  'card.auto_renewal_failed': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    term_id: z.string(),
    amount: z.string(),
    asset: z.string(),
    due_on: z.string(),
    at: z.string(),
  }),

  /**
   * A card blocked for good (lost, stolen or damaged) whose replacement fee the company could not
   * pay: the card is blocked, its replacement waits on the fee, and the company's card users are told.
   */
  'card.replacement_fee_owed': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    /** USD. */
    amount: z.string(),
    at: z.string(),
  }),

  /**
   * The membership fee schedule could not take an owed programme card term (neither USDC nor USDT
   * covered it): the term stays overdue, and the users who pay membership fees are told, once.
   */
  'programme.membership_fee_failed': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    term_id: z.string(),
    /** USD. */
    amount: z.string(),
    due_on: z.string(),
    at: z.string(),
  }),

  /** A card top-up moved (processing, success, retry, returned, cancelled): the top-up status webhook. */
  'top_up.status_changed': z.object({
    company_id: z.string(),
    card_id: z.string(),
    last4: z.string(),
    top_up_id: z.string(),
    status: TopUpStatus,
    /** USD the card receives, and what the company paid in its stable coin. */
    amount: z.string(),
    debit_asset: z.string(),
    debit_amount: z.string(),
    maker_user_id: z.string(),
    at: z.string(),
  }),

  /**
   * The card processor failed a company user's request while they waited (no answer, or a
   * malformed one): nothing was done, the user was told the bank will contact them, and the bank's
   * card staff are told whom to contact about what.
   */
  'card.processor_failed': z.object({
    company_id: z.string(),
    user_id: z.string(),
    action: CardProcessorAction,
    fault: CardProcessorFault,
    at: z.string(),
  }),

  /** A card application was submitted or decided by staff (approved, rejected with a reason). */
  'card_application.status_changed': z.object({
    company_id: z.string(),
    application_id: z.string(),
    applicant_name: z.string(),
    status: CardApplicationStatus,
    reason: z.string().nullable(),
    submitted_by_user_id: z.string(),
    at: z.string(),
  }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<Type extends DomainEventType> = z.output<(typeof domainEventSchemas)[Type]>;
