import { describe, expect, it } from 'vitest';
import { CryptoPayoutRequest, FiatPayoutRequest, payoutPurposes } from './payouts.ts';
import { fieldMessages } from './validation.ts';

function messageKeysOf(result: ReturnType<typeof FiatPayoutRequest.safeParse>) {
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldMessages(result.error)).map(([field, ref]) => [field, ref.key]));
}

describe('payout instructions (SPEC.md section 5, withdrawal)', () => {
  const complete = { quote_id: 'quote-1', purpose: 'supplier_payment', sender_account_name: 'Acme Trading Ltd' };

  it('need the purpose of the transaction and the sender account name, each with its message', () => {
    expect(FiatPayoutRequest.safeParse({ ...complete, payee_id: 'payee-1' }).success).toBe(true);
    expect(CryptoPayoutRequest.safeParse({ ...complete, address_id: 'address-1' }).success).toBe(true);
    const missing = FiatPayoutRequest.safeParse({
      quote_id: 'quote-1',
      sender_account_name: '  ',
      payee_id: 'payee-1',
    });
    expect(messageKeysOf(missing)).toEqual({
      purpose: 'payouts.validation.purpose_required',
      sender_account_name: 'payouts.validation.sender_required',
    });
  });

  it('offer 45 purposes, among them supplier payment, salary, rent, tax, loan and dividend', () => {
    expect(payoutPurposes).toHaveLength(45);
    for (const purpose of [
      'supplier_payment',
      'salary_payroll',
      'rent_lease',
      'taxes_duties',
      'loan_repayment',
      'dividend_payment',
    ]) {
      expect(payoutPurposes).toContain(purpose);
    }
  });
});
