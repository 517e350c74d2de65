import { describe, expect, it } from 'vitest';
import { compareDecimals, groupedAccountNumber, isCooling, maskedAccountNumber, percentOf } from './payout-format.ts';

describe('payout format', () => {
  it('compares decimal strings exactly, whatever their digits', () => {
    expect(compareDecimals('100', '100.000000')).toBe(0);
    expect(compareDecimals('99.999999', '100')).toBe(-1);
    expect(compareDecimals('1000000.01', '1000000')).toBe(1);
    expect(compareDecimals('0.0005', '0.00049999')).toBe(1);
    expect(compareDecimals('007', '7')).toBe(0);
  });

  it('masks an account number to its last four characters, and groups it in fours when shown', () => {
    expect(maskedAccountNumber('GB82WEST12345698765432')).toBe('•••• 5432');
    expect(maskedAccountNumber('123')).toBe('123');
    expect(groupedAccountNumber('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });

  it('says a payee is cooling until its usable time, unless it never had a cooling period', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const changedAt = '2026-11-25T10:00:01Z';
    expect(isCooling({ usable_from: '2026-11-26T10:00:01Z', updated_at: changedAt }, now)).toBe(true);
    expect(isCooling({ usable_from: '2026-11-26T10:00:00Z', updated_at: changedAt }, now)).toBe(false);
    // No cooling period: usable at its change, even when the server's clock runs ahead of this one.
    expect(isCooling({ usable_from: '2026-11-26T10:05:00Z', updated_at: '2026-11-26T10:05:00Z' }, now)).toBe(false);
  });

  it('writes a fee rate as a percentage without floating point', () => {
    expect(percentOf('0.005')).toBe('0.5');
    expect(percentOf('0.0035')).toBe('0.35');
    expect(percentOf('0.01')).toBe('1');
    expect(percentOf('1')).toBe('100');
  });
});
