import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, rateOfFiatDeposit, rateOfPayout } from './money-text.ts';
import { type FiatLeg, rateOfFiatLeg } from './transaction.ts';

const fiatLeg = (currency: FiatLeg['currency'], rate: string): FiatLeg => ({
  currency,
  amount: '786.82',
  rate,
  rate_at: '2026-11-28T10:00:00.000Z',
  reference: 'ref',
});

describe('one rate convention: "1 BASE = rate QUOTE", base first, written by formatRate', () => {
  it('writes the base first with the rate at up to 8 decimals in the reader’s locale', () => {
    expect(formatRate({ base: 'USDT', quote: 'GBP', rate: '0.78682434' })).toBe('1 USDT = 0.78682434 GBP');
    expect(formatRate({ base: 'BTC', quote: 'USDT', rate: '97123.5' }, 'zh-CN')).toBe('1 BTC = 97,123.50 USDT');
    expect(formatRate({ base: 'USD', quote: 'USDC', rate: '0.998500000000000000' }, 'ja')).toBe('1 USD = 0.9985 USDC');
  });

  // Each transaction type with a rate: the text its own page shows (the payout's page and the
  // payout form use rateOfPayout, the deposit pages rateOfFiatDeposit) and the text of its
  // transaction details (rateOfFiatLeg) are the same, for the same record.
  it('a fiat payout reads the same on its page and on its transaction details (finding 1)', () => {
    const payoutPage = formatRate(rateOfPayout({ asset: 'USDT', currency: 'GBP', rate: '0.78682434' }));
    const transactionDetails = rateOfFiatLeg({ direction: 'debit', asset: 'USDT', fiat: fiatLeg('GBP', '0.78682434') });
    expect(payoutPage).toBe('1 USDT = 0.78682434 GBP');
    expect(transactionDetails && formatRate(transactionDetails)).toBe(payoutPage);
  });

  it('a fiat deposit reads the same on its deposit pages and on its transaction details', () => {
    const depositPage = formatRate(rateOfFiatDeposit({ currency: 'USD', asset: 'USDC', rate: '0.9985' }));
    const transactionDetails = rateOfFiatLeg({ direction: 'credit', asset: 'USDC', fiat: fiatLeg('USD', '0.9985') });
    expect(depositPage).toBe('1 USD = 0.9985 USDC');
    expect(transactionDetails && formatRate(transactionDetails)).toBe(depositPage);
  });

  it('has no rate to show before the conversion', () => {
    expect(
      rateOfFiatLeg({ direction: 'credit', asset: 'USDC', fiat: { ...fiatLeg('USD', '1'), rate: null } }),
    ).toBeNull();
    expect(rateOfFiatLeg({ direction: 'debit', asset: 'USDT', fiat: null })).toBeNull();
  });

  it('writes an amount with its currency at the asset’s display decimals', () => {
    expect(formatMoney('2525.179301', 'USDT')).toBe('2,525.18 USDT');
    expect(formatMoney('5000', 'USD', 'ja')).toBe('5,000.00 USD');
  });
});
