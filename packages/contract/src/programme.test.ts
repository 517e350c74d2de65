import { describe, expect, it } from 'vitest';
import {
  allocationStatusOf,
  contractStatusOn,
  membershipStatusOn,
  orderQuantityRefusal,
  stockCardActionRefusal,
} from './programme.ts';

const contract = { starts_on: '2026-01-01', ends_on: '2026-12-31', minimum_order_quantity: 10, remaining_quantity: 30 };

describe('a contract takes orders', () => {
  it('between its start and end dates, inclusive', () => {
    expect(contractStatusOn(contract, '2025-12-31')).toBe('not_started');
    expect(contractStatusOn(contract, '2026-01-01')).toBe('active');
    expect(contractStatusOn(contract, '2026-12-31')).toBe('active');
    expect(contractStatusOn(contract, '2027-01-01')).toBe('ended');
  });

  it('of at least the minimum and at most what remains', () => {
    expect(orderQuantityRefusal(contract, 9, '2026-06-01')).toBe('order_below_minimum');
    expect(orderQuantityRefusal(contract, 10, '2026-06-01')).toBeNull();
    expect(orderQuantityRefusal(contract, 30, '2026-06-01')).toBeNull();
    expect(orderQuantityRefusal(contract, 31, '2026-06-01')).toBe('order_above_remaining');
    expect(orderQuantityRefusal(contract, 20, '2027-01-01')).toBe('contract_not_open');
    expect(orderQuantityRefusal(contract, 20, '2025-06-01')).toBe('contract_not_open');
  });
});

describe('an approved order', () => {
  it('is partially allocated, then allocated', () => {
    expect(allocationStatusOf(20, 0)).toBe('approved');
    expect(allocationStatusOf(20, 12)).toBe('partially_allocated');
    expect(allocationStatusOf(20, 20)).toBe('allocated');
  });
});

describe('a printed card', () => {
  it('is bound once printed or unbound, never twice', () => {
    expect(stockCardActionRefusal({ operation_stage: 'printed_pending_bind', card_status: null }, 'bind')).toBeNull();
    expect(stockCardActionRefusal({ operation_stage: 'unbound', card_status: 'approved' }, 'bind')).toBeNull();
    expect(stockCardActionRefusal({ operation_stage: 'bound', card_status: 'approved' }, 'bind')).toBe(
      'card_already_bound',
    );
    expect(stockCardActionRefusal({ operation_stage: 'pending_rebind', card_status: 'approved' }, 'bind')).toBe(
      'card_already_bound',
    );
    expect(stockCardActionRefusal({ operation_stage: 'printing', card_status: null }, 'bind')).toBe('status_error');
  });

  it('is unbound until its holder activates it', () => {
    expect(stockCardActionRefusal({ operation_stage: 'bound', card_status: 'approved' }, 'unbind')).toBeNull();
    expect(stockCardActionRefusal({ operation_stage: 'activated', card_status: 'active' }, 'unbind')).toBe(
      'status_error',
    );
    expect(stockCardActionRefusal({ operation_stage: 'printed_pending_bind', card_status: null }, 'unbind')).toBe(
      'status_error',
    );
  });
});

describe('a membership term', () => {
  const term = { due_on: '2026-03-01', overdue_from: '2026-03-15', settled: null };
  it('is upcoming, pending, then overdue, unless settled', () => {
    expect(membershipStatusOn(term, '2026-02-28')).toBe('upcoming');
    expect(membershipStatusOn(term, '2026-03-01')).toBe('pending');
    expect(membershipStatusOn(term, '2026-03-15')).toBe('overdue');
    expect(membershipStatusOn({ ...term, settled: 'paid' }, '2026-04-01')).toBe('paid');
    expect(membershipStatusOn({ ...term, settled: 'free' }, '2026-04-01')).toBe('free');
  });
});
