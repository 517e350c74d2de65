import { SaveCompanyRequest, totalOwnershipHundredths } from '@bank/contract/kyc';
import { describe, expect, it } from 'vitest';
import { normaliseAmount, percentOfHundredths } from './kyc-format.ts';

describe('annual turnover as typed', () => {
  it('drops thousands separators and spaces so that the contract’s decimal string accepts it', () => {
    expect(normaliseAmount('2,500,000.00')).toBe('2500000.00');
    expect(normaliseAmount(' 1 000 000 ')).toBe('1000000');
    const data = { annual_turnover_usd: normaliseAmount('2,500,000.50') };
    expect(SaveCompanyRequest.safeParse({ complete: false, data }).success).toBe(true);
  });

  it('leaves a value the contract refuses as it is, so that the field shows the error', () => {
    expect(normaliseAmount('12.345')).toBe('12.345');
    const data = { annual_turnover_usd: normaliseAmount('12.345') };
    expect(SaveCompanyRequest.safeParse({ complete: false, data }).success).toBe(false);
  });
});

describe('the running total of ownership', () => {
  it('is shown exactly, without floating point', () => {
    const shareholders = [
      { ownership_percent: '33.33' },
      { ownership_percent: '33.33' },
      { ownership_percent: '33.34' },
    ];
    expect(percentOfHundredths(totalOwnershipHundredths(shareholders))).toBe('100');
    expect(percentOfHundredths(3350)).toBe('33.5');
    expect(percentOfHundredths(3305)).toBe('33.05');
    expect(percentOfHundredths(0)).toBe('0');
  });
});
