import { describe, expect, it } from 'vitest';
import { totalUsdOf } from './fee-total.ts';

const record = (fee_due: string) => ({ fee_due }) as Parameters<typeof totalUsdOf>[0][number];

describe('totalUsdOf', () => {
  it('adds USD fees to the cent without floating point', () => {
    expect(totalUsdOf([record('0.10'), record('0.20')])).toBe('0.30');
    expect(totalUsdOf([record('60.00'), record('180.00'), record('0.5')])).toBe('240.50');
    expect(totalUsdOf([])).toBe('0.00');
  });
});
