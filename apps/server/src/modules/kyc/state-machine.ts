/**
 * The company KYC state machine (SPEC.md section 4, account KYC): every state, and from each the
 * actions allowed and where they lead, in one table. An action the table does not allow is an
 * `illegal_state` error. The client submits; staff approve, reject (the company may correct and
 * submit again), return for resubmission, or refuse finally. `kyc_approved` and `kyc_rejected` are
 * final.
 *
 * SPEC.md's five account KYC states, as the contract names them: pending review `pending_review`,
 * approved `kyc_approved`, rejected with a refusal reason `rejected`, pending user resubmission
 * `pending_resubmission`, KYC rejected `kyc_rejected` (and `not_submitted` before the first).
 */
import type { kycReviewDecisions } from '@bank/contract/kyc';
import type { AccountKycStatus, VerificationDisplay } from '@bank/contract/states';
import { AppError } from '../../platform/errors.ts';
import type { KycRoundDecision } from './tables.ts';

export type KycReviewDecision = (typeof kycReviewDecisions)[number];
export type KycAction = 'submit' | KycReviewDecision;

export const kycTransitions = {
  not_submitted: { submit: 'pending_review' },
  pending_review: {
    approve: 'kyc_approved',
    reject: 'rejected',
    return: 'pending_resubmission',
    refuse: 'kyc_rejected',
  },
  rejected: { submit: 'pending_review' },
  pending_resubmission: { submit: 'pending_review' },
  kyc_approved: {},
  kyc_rejected: {},
} as const satisfies Record<AccountKycStatus, Partial<Record<KycAction, AccountKycStatus>>>;

/** Where `action` leads from `from`; AppError('illegal_state') when the table does not allow it. */
export function nextKycStatus(from: AccountKycStatus, action: KycAction): AccountKycStatus {
  const allowed: Partial<Record<KycAction, AccountKycStatus>> = kycTransitions[from];
  const to = allowed[action];
  if (!to) throw new AppError('illegal_state', { detail: `KYC ${action} is not allowed from ${from}` });
  return to;
}

/** The sections can be changed exactly when they can be submitted. */
export function isKycEditable(status: AccountKycStatus): boolean {
  return 'submit' in kycTransitions[status];
}

/** How a section of a company in this state is shown (not submitted, under review, success, failed). */
export function sectionDisplayOf(status: AccountKycStatus): VerificationDisplay {
  switch (status) {
    case 'not_submitted':
      return 'not_submitted';
    case 'pending_review':
      return 'under_review';
    case 'kyc_approved':
      return 'success';
    case 'rejected':
    case 'pending_resubmission':
    case 'kyc_rejected':
      return 'failed';
  }
}

/** The decision recorded on the round, as the contract's history names it. */
export const roundDecisionOf = {
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
  refuse: 'refused',
} as const satisfies Record<KycReviewDecision, KycRoundDecision>;

/** The decisions that ask the company to correct sections (and so may name them). */
export function asksForCorrections(decision: KycReviewDecision): boolean {
  return decision === 'reject' || decision === 'return';
}

/** States whose last decision carries a reason the client must read. */
export function hasRefusalReason(status: AccountKycStatus): boolean {
  return status === 'rejected' || status === 'pending_resubmission' || status === 'kyc_rejected';
}
