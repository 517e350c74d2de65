import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal, formatMoney, isDecimalString } from './format-amount.ts';

describe('formatAmount', () => {
  it('shows fiat and stable coins with thousands separators and 2 decimals', () => {
    expect(formatAmount('1234.5', 'USD')).toBe('1,234.50');
    expect(formatAmount('1234567', 'USDT')).toBe('1,234,567.00');
    expect(formatAmount('0', 'USDC')).toBe('0.00');
    expect(formatAmount('12', 'HKD')).toBe('12.00');
  });

  it('rounds half away from zero by string arithmetic', () => {
    expect(formatAmount('0.005', 'USD')).toBe('0.01');
    expect(formatAmount('0.004999', 'USD')).toBe('0.00');
    expect(formatAmount('999.995', 'USD')).toBe('1,000.00');
    expect(formatAmount('-2.345', 'USD')).toBe('-2.35');
  });

  it('keeps every digit of amounts beyond floating point precision', () => {
    expect(formatAmount('123456789012345678901234.56', 'USDT')).toBe('123,456,789,012,345,678,901,234.56');
    expect(formatAmount('9007199254740993.01', 'USD')).toBe('9,007,199,254,740,993.01');
    expect(formatAmount('0.1', 'USD')).toBe('0.10');
  });

  it('shows BTC and ETH with up to 8 decimals and at least 2', () => {
    expect(formatAmount('0.000123456789', 'BTC')).toBe('0.00012346');
    expect(formatAmount('1.5', 'BTC')).toBe('1.50');
    expect(formatAmount('2.12345000', 'ETH')).toBe('2.12345');
    expect(formatAmount('1234.00000001', 'ETH')).toBe('1,234.00000001');
  });

  it('never shows a negative zero', () => {
    expect(formatAmount('-0.001', 'USD')).toBe('0.00');
    expect(formatAmount('-0', 'USD')).toBe('0.00');
  });

  it('accepts leading zeros, a plus sign and a bare trailing point', () => {
    expect(formatAmount('007.1', 'USD')).toBe('7.10');
    expect(formatAmount('+5', 'USD')).toBe('5.00');
    expect(formatAmount('5.', 'USD')).toBe('5.00');
  });

  it('returns a value that is not a decimal string unchanged', () => {
    expect(formatAmount('abc', 'USD')).toBe('abc');
    expect(formatAmount('1e5', 'USD')).toBe('1e5');
    expect(formatAmount('', 'USD')).toBe('');
    expect(isDecimalString('1,000.00')).toBe(false);
  });
});

describe('formatAmount in the three locales', () => {
  it('groups and rounds the same way in English, Chinese and Japanese', () => {
    for (const locale of ['en', 'zh-CN', 'ja']) {
      expect(formatAmount('1234567.891', 'USDC', locale)).toBe('1,234,567.89');
      expect(formatAmount('0.00000001', 'BTC', locale)).toBe('0.00000001');
      expect(formatAmount('12345678901234567.125', 'USDT', locale)).toBe('12,345,678,901,234,567.13');
      expect(formatAmount('-1500', 'HKD', locale)).toBe('-1,500.00');
    }
  });
});

describe('formatDecimal', () => {
  it('rounds to whole numbers when no decimals are wanted', () => {
    expect(formatDecimal('1499.5', { min: 0, max: 0 })).toBe('1,500');
    expect(formatDecimal('9.49', { min: 0, max: 0 })).toBe('9');
  });
});

describe('formatMoney', () => {
  it('puts the currency beside the amount', () => {
    expect(formatMoney('1000', 'USDT')).toBe('1,000.00 USDT');
  });
});
