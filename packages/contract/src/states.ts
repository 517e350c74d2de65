/**
 * Every state list of SPEC.md section 4, as the wire values of the contract (lower snake case).
 * Screens translate them through the `states.<list>.<value>` keys of the i18n catalogues.
 */
import { z } from 'zod';

export const transactionStatuses = [
  'admin_review',
  'success',
  'pending_approval',
  'rejected',
  'in_process',
  'failed',
  /** Withdrawn by its maker or the company's administrator before anyone approved it (a payout). */
  'cancelled',
  /** Sent back to where it came from and the money restored (a card top-up the processor returned). */
  'returned',
] as const;
export const TransactionStatus = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** How the state of a KYC section (or any reviewed item) is shown. */
export const verificationDisplays = ['not_submitted', 'under_review', 'success', 'failed'] as const;
export const VerificationDisplay = z.enum(verificationDisplays);
export type VerificationDisplay = z.infer<typeof VerificationDisplay>;

/**
 * The company's KYC. `rejected` carries a refusal reason and may be corrected and submitted again;
 * `pending_resubmission` is returned by staff for changes; `kyc_rejected` is final.
 */
export const accountKycStatuses = [
  'not_submitted',
  'pending_review',
  'kyc_approved',
  'rejected',
  'pending_resubmission',
  'kyc_rejected',
] as const;
export const AccountKycStatus = z.enum(accountKycStatuses);
export type AccountKycStatus = z.infer<typeof AccountKycStatus>;

/**
 * A card: `approved` is ordered at the processor and not yet activated; `rejected` is a card the
 * processor refused to issue (a replacement it refused); `expired` passed its end date without a
 * renewal, or was replaced; `cancelled` was cancelled by the company (DECISIONS.md leaves the end of
 * a card to the project). A card exists from its order: an application not yet submitted or refused
 * is the application's state (card_application), not a card's.
 */
export const cardStatuses = ['approved', 'rejected', 'active', 'blocked', 'expired', 'cancelled'] as const;
export const CardStatus = z.enum(cardStatuses);
export type CardStatus = z.infer<typeof CardStatus>;

/** Who blocked a card: the rules differ (an admin block cannot be lifted by the user). */
export const cardBlockTypes = ['client', 'admin', 'user'] as const;
export const CardBlockType = z.enum(cardBlockTypes);
export type CardBlockType = z.infer<typeof CardBlockType>;

export const cardReplacementStatuses = ['pending_replacement', 'replaced', 'not_replaced'] as const;
export const CardReplacementStatus = z.enum(cardReplacementStatuses);
export type CardReplacementStatus = z.infer<typeof CardReplacementStatus>;

/** An application: pending review, approved (the card is ordered), processing at the processor, or rejected with a reason. */
export const cardApplicationStatuses = ['pending', 'approved', 'processing', 'rejected'] as const;
export const CardApplicationStatus = z.enum(cardApplicationStatuses);
export type CardApplicationStatus = z.infer<typeof CardApplicationStatus>;

export const cardOperationStages = [
  'kyc_processing',
  'consolidating',
  'pending_payment',
  'reserved_for_print',
  'printing',
  'mailed',
  'printed_pending_bind',
  'bound',
  'unbound',
  'pending_rebind',
  'awaiting_activation',
  'activated',
  'card_anomaly',
  'replacement_in_progress',
  'reissued',
  'replacement_refused',
  'cancelling',
  'cancelled',
] as const;
export const CardOperationStage = z.enum(cardOperationStages);
export type CardOperationStage = z.infer<typeof CardOperationStage>;

export const cardAnomalyCauses = [
  'lost_or_stolen',
  'damaged',
  'user_damaged',
  'factory_damaged',
  'activation_failed',
  'pin_setting_failed',
  'delivery_problem',
  'fraud',
  'mail_not_returned',
  'mail_returned',
] as const;
export const CardAnomalyCause = z.enum(cardAnomalyCauses);
export type CardAnomalyCause = z.infer<typeof CardAnomalyCause>;

export const topUpStatuses = ['success', 'cancelled', 'processing', 'retry', 'returned'] as const;
export const TopUpStatus = z.enum(topUpStatuses);
export type TopUpStatus = z.infer<typeof TopUpStatus>;

/** Annual and membership fee payments; `free` is a waived fee. */
export const feePaymentStatuses = ['paid', 'pending', 'overdue', 'unpaid', 'free', 'upcoming', 'discontinued'] as const;
export const FeePaymentStatus = z.enum(feePaymentStatuses);
export type FeePaymentStatus = z.infer<typeof FeePaymentStatus>;

export const preOrderStatuses = ['pending', 'approved', 'declined', 'partially_allocated', 'allocated'] as const;
export const PreOrderStatus = z.enum(preOrderStatuses);
export type PreOrderStatus = z.infer<typeof PreOrderStatus>;

/** A card programme contract takes orders between its start and end dates (programme.ts). */
export const contractStatuses = ['not_started', 'active', 'ended'] as const;
export const ContractStatus = z.enum(contractStatuses);
export type ContractStatus = z.infer<typeof ContractStatus>;

/** Whether the membership term after one exists yet: due to be opened, opened, or not (the card ended). */
export const membershipRenewalStatuses = ['pending', 'renewed', 'not_renewed'] as const;
export const MembershipRenewalStatus = z.enum(membershipRenewalStatuses);
export type MembershipRenewalStatus = z.infer<typeof MembershipRenewalStatus>;

/** An OTC request for quote (exchange.ts holds its transitions); `accepted` is settled. */
export const otcStatuses = ['requested', 'quoted', 'accepted', 'declined', 'expired', 'cancelled'] as const;

/** Every list above by the name its i18n keys use (`states.<name>.<value>`). */
export const stateLists = {
  transaction: transactionStatuses,
  verification: verificationDisplays,
  account_kyc: accountKycStatuses,
  card: cardStatuses,
  card_block: cardBlockTypes,
  card_replacement: cardReplacementStatuses,
  card_application: cardApplicationStatuses,
  card_operation: cardOperationStages,
  card_anomaly: cardAnomalyCauses,
  top_up: topUpStatuses,
  fee_payment: feePaymentStatuses,
  pre_order: preOrderStatuses,
  contract: contractStatuses,
  membership_renewal: membershipRenewalStatuses,
  otc: otcStatuses,
} as const;
export type StateListName = keyof typeof stateLists;

/** The steps of a payout's timeline (payouts.ts), which its history line shows too (transaction.ts). */
export const payoutSteps = [
  'submitted',
  'approval_requested',
  'approved',
  'approval_rejected',
  'review_approved',
  'review_rejected',
  'sent',
  'completed',
  'failed',
  'cancelled',
] as const;
