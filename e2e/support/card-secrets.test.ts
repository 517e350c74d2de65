import { describe, expect, it } from 'vitest';
import { findingsIn } from './card-secrets.ts';

const secrets = [
  { kind: 'pin', value: '2580' },
  { kind: 'activation_code', value: '482913' },
] as const;

describe('the card secrets scan', () => {
  it('finds a PIN given as a field, an activation code standing alone and a full card number', () => {
    expect(findingsIn('log', '{"body":{"pin":"2580"}}', secrets)).toEqual(['log: a pin the journeys typed']);
    expect(findingsIn('log', 'pin_confirmation=2580&x=1', secrets)).toHaveLength(1);
    expect(findingsIn('table t', '(0190a,482913,active)', secrets)).toEqual([
      'table t: a activation_code the journeys typed',
    ]);
    expect(findingsIn('table t', '{"number":"4111111111111111"}', secrets)).toEqual([
      'table t: a full card number ending 1111',
    ]);
  });

  it('leaves alone what only looks alike: other numbers, amounts, a redacted field', () => {
    const innocent = [
      '{"pin":"[redacted]","amount":"2580.00"}',
      '(0190a,1482913,2580)',
      '100000.000000000000000000',
      '4111111111111112',
      '1234567890123456789',
      // A ledger transfer's request hash (hexadecimal) holding a run of 16 digits that passes Luhn.
      '9be04111111111111111a7c3d2e0f9b1c8a6d4e2f0b9c7a5d3e1f0a8b6c4d2e0f9b7',
    ].join('\n');
    expect(findingsIn('log', innocent, secrets)).toEqual([]);
  });
});
