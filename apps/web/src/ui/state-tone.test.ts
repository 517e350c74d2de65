import { stateLists } from '@bank/contract/states';
import { describe, expect, it } from 'vitest';
import { toneOfState } from './state-tone.ts';

describe('toneOfState', () => {
  it('gives every state of SPEC.md section 4 a tone', () => {
    for (const [list, values] of Object.entries(stateLists)) {
      for (const value of values) {
        expect(toneOfState(list as keyof typeof stateLists, value), `${list}.${value}`).toBeDefined();
      }
    }
  });

  it('reads approvals as positive and refusals as negative', () => {
    expect(toneOfState('account_kyc', 'kyc_approved')).toBe('positive');
    expect(toneOfState('account_kyc', 'kyc_rejected')).toBe('negative');
    expect(toneOfState('transaction', 'pending_approval')).toBe('in_progress');
    expect(toneOfState('fee_payment', 'overdue')).toBe('negative');
  });

  it('treats every block and anomaly cause as negative', () => {
    expect(toneOfState('card_block', 'client')).toBe('negative');
    expect(toneOfState('card_anomaly', 'mail_returned')).toBe('negative');
  });

  it('answers undefined for a value the contract does not have', () => {
    expect(toneOfState('transaction', 'no_such_state')).toBeUndefined();
  });
});
