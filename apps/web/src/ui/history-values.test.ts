import { describe, expect, it } from 'vitest';
import { addressChoiceOf, historyValuesOf } from './history-values.ts';

const states = ['all', 'active', 'blocked'] as const;

describe('a list’s filters read from its address', () => {
  it('gives each filter its value, and an empty one for a filter not set', () => {
    expect(historyValuesOf(new URLSearchParams('from=2026-11-01&type=payout'), ['from', 'to', 'type'])).toEqual({
      from: '2026-11-01',
      to: '',
      type: 'payout',
    });
  });

  it('gives the choice the address names, else the first (all), never an unknown one', () => {
    expect(addressChoiceOf(new URLSearchParams('state=blocked'), 'state', states)).toBe('blocked');
    expect(addressChoiceOf(new URLSearchParams(''), 'state', states)).toBe('all');
    expect(addressChoiceOf(new URLSearchParams('state=deleted'), 'state', states)).toBe('all');
    expect(addressChoiceOf(new URLSearchParams('stage=blocked'), 'state', states)).toBe('all');
  });
});
