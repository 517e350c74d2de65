import { describe, expect, it } from 'vitest';
import { formatAmountForWire, parseAmount, roundToAsset } from './money.ts';

describe('money in server code', () => {
  it('computes exactly where binary floating point would not', () => {
    expect(formatAmountForWire(parseAmount('0.1').plus('0.2'), 'USDC')).toBe('0.3');
    expect(formatAmountForWire(parseAmount('99999999999999999999.123456').plus('0.000001'), 'USDT')).toBe(
      '99999999999999999999.123457',
    );
  });

  it("rounds a fee up in the bank's favour and a received amount half up", () => {
    const fee = parseAmount('1000.005').times('0.001'); // 1.000005
    expect(formatAmountForWire(fee, 'USD', 'fee')).toBe('1.01');
    expect(formatAmountForWire(fee, 'USD')).toBe('1');
    expect(roundToAsset(parseAmount('0.000000015'), 'BTC').toFixed()).toBe('0.00000002');
  });

  it("never writes exponent notation, even for ETH's 18 decimals", () => {
    expect(formatAmountForWire(parseAmount('0.000000000000000001'), 'ETH')).toBe('0.000000000000000001');
    expect(formatAmountForWire(parseAmount('1e-19'), 'ETH')).toBe('0');
  });
});
