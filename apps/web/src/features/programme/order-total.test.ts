import { CreatePreOrderRequest } from '@bank/contract/programme-orders';
import { describe, expect, it } from 'vitest';
import { orderTotalUsd } from './order-total.ts';

describe('the total a pre-order holds', () => {
  it('is the unit price times the cards, to the cent', () => {
    expect(orderTotalUsd('70.00', 20)).toBe('1400.00');
    expect(orderTotalUsd('0.1', 3)).toBe('0.30');
    expect(orderTotalUsd('199.99', 7)).toBe('1399.93');
  });

  it('is unknown until the quantity is a whole number of cards', () => {
    expect(orderTotalUsd('70.00', '')).toBeNull();
    expect(orderTotalUsd('70.00', 2.5)).toBeNull();
    expect(orderTotalUsd('70.00', 0)).toBeNull();
  });
});

describe('the pre-order form', () => {
  const valid = {
    contract_id: '01890000-0000-7000-8000-000000000000',
    quantity: 10,
    level: 'premier',
    network: 'visa',
    delivery_type: 'courier',
    mailing_address: { line1: '1 Raffles Place', city: 'Singapore', country: 'SG' },
    asset: 'USDT',
  };

  it('accepts a complete order', () => {
    expect(CreatePreOrderRequest.safeParse(valid).success).toBe(true);
  });

  it('names the missing address line and a fractional quantity', () => {
    const result = CreatePreOrderRequest.safeParse({
      ...valid,
      quantity: 1.5,
      mailing_address: { ...valid.mailing_address, line1: '' },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['mailing_address.line1', 'quantity']);
  });
});
