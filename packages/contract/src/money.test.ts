import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { amountOf, moneySchema, scaleOfAsset } from './money.ts';
import { fieldMessages } from './validation.ts';

function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : fieldMessages(result.error);
}

describe('amounts', () => {
  it('takes a decimal string within the asset scale', () => {
    expect(amountOf('USDC').parse('1250.123456')).toBe('1250.123456');
    expect(moneySchema().parse({ amount: '0.00000001', asset: 'BTC' })).toEqual({ amount: '0.00000001', asset: 'BTC' });
    expect(scaleOfAsset.ETH).toBe(18);
  });

  it('refuses more decimals than the asset allows, naming the scale', () => {
    expect(messages(amountOf('USD'), '10.001')).toEqual({
      body: { key: 'validation.amount_scale', params: { scale: 2 } },
    });
    expect(messages(moneySchema(), { amount: '0.000000001', asset: 'BTC' })).toEqual({
      amount: { key: 'validation.amount_scale', params: { scale: 8 } },
    });
  });

  it('refuses exponent form, signs, spaces and other non-digits', () => {
    for (const value of ['1e3', '1E-2', '+5', '-5', ' 5', '5 ', '', '.5', '5.', '1,000', '0x10', 'Infinity', '٣']) {
      expect(messages(amountOf('USDT'), value), value).toEqual({ body: { key: 'validation.amount_format' } });
    }
  });

  it('refuses a JSON number', () => {
    expect(messages(amountOf('USDT'), 12.5)).toEqual({ body: { key: 'validation.amount_not_string' } });
    expect(messages(moneySchema(), { amount: 12.5, asset: 'USDT' })).toEqual({
      amount: { key: 'validation.amount_not_string' },
    });
  });

  it('refuses zero unless allowed, and more integer digits than NUMERIC(38, 18) holds', () => {
    expect(messages(amountOf('USDT'), '0.00')).toEqual({ body: { key: 'validation.amount_zero' } });
    expect(amountOf('USDT', { allowZero: true }).parse('0')).toBe('0');
    expect(messages(amountOf('USDT'), '1'.repeat(21))).toEqual({ body: { key: 'validation.amount_format' } });
  });

  it('refuses an amount beyond fifteen integer digits, whose sums and conversions could overflow a column', () => {
    expect(amountOf('USD').parse('999999999999999.99')).toBe('999999999999999.99');
    expect(messages(amountOf('USD'), '1000000000000000')).toEqual({ body: { key: 'validation.amount_too_large' } });
    expect(messages(moneySchema(), { amount: '99999999999999999999', asset: 'USD' })).toEqual({
      amount: { key: 'validation.amount_too_large' },
    });
  });
});
