import { describe, expect, it } from 'vitest';
import { preferredFundingAsset, sumUsd } from './funding-choice.ts';

describe('the stable coin a top-up starts from', () => {
  it('takes the coin that holds the money, not the first of the list', () => {
    const choice = preferredFundingAsset(
      [
        { asset: 'USDC', available: '0.000000' },
        { asset: 'USDT', available: '25000.000000' },
      ],
      '10.10',
    );
    expect(choice).toEqual({ asset: 'USDT', canPay: true });
  });

  it('takes the larger of two coins that can both pay', () => {
    const choice = preferredFundingAsset(
      [
        { asset: 'USDC', available: '900.5' },
        { asset: 'USDT', available: '900.25' },
      ],
      '10.10',
    );
    expect(choice).toEqual({ asset: 'USDC', canPay: true });
  });

  it('says when even the larger balance cannot pay the smallest top-up', () => {
    const choice = preferredFundingAsset(
      [
        { asset: 'USDC', available: '3.00' },
        { asset: 'USDT', available: '10.09' },
      ],
      '10.10',
    );
    expect(choice).toEqual({ asset: 'USDT', canPay: false });
  });

  it('counts a balance equal to the smallest top-up as enough, and equal balances in the list’s order', () => {
    expect(
      preferredFundingAsset(
        [
          { asset: 'USDC', available: '10.1' },
          { asset: 'USDT', available: '10.100000' },
        ],
        '10.10',
      ),
    ).toEqual({ asset: 'USDC', canPay: true });
  });

  it('reads a missing coin as empty', () => {
    expect(preferredFundingAsset([], '10.00')).toEqual({ asset: 'USDC', canPay: false });
  });

  it('adds USD amounts without floating point, rounding up to the cent', () => {
    expect(sumUsd('10.00', '0.10')).toBe('10.10');
    expect(sumUsd('0.1', '0.2')).toBe('0.30');
    expect(sumUsd('1.001')).toBe('1.01');
  });
});
