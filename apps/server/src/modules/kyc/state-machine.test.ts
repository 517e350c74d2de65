import { accountKycStatuses } from '@bank/contract/states';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { isKycEditable, kycTransitions, nextKycStatus, sectionDisplayOf } from './state-machine.ts';

describe('the KYC state machine', () => {
  it('has every account KYC state of SPEC.md section 4', () => {
    expect(Object.keys(kycTransitions).sort()).toEqual([...accountKycStatuses].sort());
  });

  it('submits from not submitted, rejected and returned, into pending review', () => {
    for (const from of ['not_submitted', 'rejected', 'pending_resubmission'] as const) {
      expect(nextKycStatus(from, 'submit')).toBe('pending_review');
      expect(isKycEditable(from)).toBe(true);
    }
  });

  it('decides only what is pending review', () => {
    expect(nextKycStatus('pending_review', 'approve')).toBe('kyc_approved');
    expect(nextKycStatus('pending_review', 'reject')).toBe('rejected');
    expect(nextKycStatus('pending_review', 'return')).toBe('pending_resubmission');
    expect(nextKycStatus('pending_review', 'refuse')).toBe('kyc_rejected');
    expect(isKycEditable('pending_review')).toBe(false);
  });

  it('answers illegal_state for every transition the table does not hold', () => {
    const actions = ['submit', 'approve', 'reject', 'return', 'refuse'] as const;
    let refused = 0;
    for (const from of accountKycStatuses) {
      for (const action of actions) {
        if (action in kycTransitions[from]) continue;
        refused += 1;
        expect(() => nextKycStatus(from, action)).toThrow(AppError);
        try {
          nextKycStatus(from, action);
        } catch (error) {
          expect((error as AppError).key).toBe('illegal_state');
        }
      }
    }
    expect(refused).toBe(accountKycStatuses.length * actions.length - 7);
  });

  it('keeps approved and finally rejected companies where they are', () => {
    expect(kycTransitions.kyc_approved).toEqual({});
    expect(kycTransitions.kyc_rejected).toEqual({});
    expect(isKycEditable('kyc_approved')).toBe(false);
    expect(isKycEditable('kyc_rejected')).toBe(false);
  });

  it('shows sections as not submitted, under review, success or failed', () => {
    expect(accountKycStatuses.map(sectionDisplayOf)).toEqual([
      'not_submitted',
      'under_review',
      'success',
      'failed',
      'failed',
      'failed',
    ]);
  });
});
