import { describe, expect, it } from 'vitest';
import { localBankCodeOf, localBankCodeProblem, normalisedBankCode } from './bank-codes.ts';

describe('local bank codes by country', () => {
  it('checks an ABA routing number by its checksum', () => {
    expect(localBankCodeProblem('US', '021000021', '000123456789')).toBeNull();
    expect(localBankCodeProblem('US', '021000022', '000123456789')).toBe(
      'payouts.validation.bank_code_invalid.aba_routing_number',
    );
    expect(localBankCodeProblem('US', '', '000123456789')).toBe('validation.required');
  });

  it('wants the UK sort code of the IBAN, written any way', () => {
    const iban = 'GB33BUKB20201555555555';
    expect(localBankCodeProblem('GB', normalisedBankCode('20-20-15'), iban)).toBeNull();
    expect(localBankCodeProblem('GB', '404784', iban)).toBe('payouts.validation.sort_code_not_of_iban');
    expect(localBankCodeProblem('GB', '2020', iban)).toBe('payouts.validation.bank_code_invalid.sort_code');
  });

  it('takes the format of each clearing system, and no code where the IBAN routes alone', () => {
    expect(localBankCodeProblem('IN', 'HDFC0000001', '50100012345678')).toBeNull();
    expect(localBankCodeProblem('IN', 'HDFC1000001', '50100012345678')).not.toBeNull();
    expect(localBankCodeProblem('AU', normalisedBankCode('062-000'), '123456789')).toBeNull();
    expect(localBankCodeOf('DE')).toBeNull();
    expect(localBankCodeProblem('DE', '37040044', 'DE89370400440532013000')).toBe(
      'payouts.validation.bank_code_not_used',
    );
    expect(localBankCodeProblem('DE', '', 'DE89370400440532013000')).toBeNull();
  });
});
