/** The login form's own checks answer exactly as the contract's schemas they mirror. */
import { AuthenticatorCode, Email, ExistingPassword, RecoveryCode } from '@bank/contract/account';
import { messageOfIssue } from '@bank/contract/validation';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type Check,
  checkCode,
  checkCredentials,
  checkEmail,
  checkPassword,
  checkRecoveryCode,
} from './login-schemas.ts';

function contractOutcome(schema: z.ZodType, value: unknown): Check {
  const result = schema.safeParse(value);
  if (result.success) return { isValid: true, value: result.data as string };
  const [first] = result.error.issues;
  if (!first) throw new Error('a failure without an issue');
  return { isValid: false, error: messageOfIssue(first) };
}

const cases: [string, (value: unknown) => Check, z.ZodType, unknown[]][] = [
  [
    'email',
    checkEmail,
    Email,
    [
      '',
      '   ',
      undefined,
      null,
      42,
      'not-an-email',
      'a@b',
      'a..b@c.co',
      '.a@b.co',
      ' Dana@Demo.Bank ',
      'a@b.co',
      "o'brien+tag@sub.example.com",
      `${'a'.repeat(250)}@b.co`,
    ],
  ],
  [
    'password',
    checkPassword,
    ExistingPassword,
    ['', undefined, 7, 'x', ' ', 'Demo-Admin#2026', 'p'.repeat(256), 'p'.repeat(257)],
  ],
  [
    'code',
    checkCode,
    AuthenticatorCode,
    ['', ' ', undefined, 123456, '12345', '123456', ' 123456 ', '12345a', '1234567'],
  ],
  [
    'recovery code',
    checkRecoveryCode,
    RecoveryCode,
    [
      '',
      ' ',
      undefined,
      1234567890,
      'ABCDE-12345',
      ' abcde12345 ',
      'ABCDE 12345',
      'ABCDE-1234',
      'ABCDE_12345',
      'ÄBCDE-12345',
    ],
  ],
];

describe('login checks', () => {
  for (const [name, local, contract, values] of cases) {
    it(`${name}: the same value or the same message as the contract, for every sample`, () => {
      for (const value of values) expect(local(value), String(value)).toEqual(contractOutcome(contract, value));
    });
  }

  it('reports every field of the form at once', () => {
    expect(checkCredentials({ email: '', password: '' })).toEqual({
      isValid: false,
      errors: { email: { key: 'validation.email_required' }, password: { key: 'validation.password_required' } },
    });
    expect(checkCredentials({ email: ' A@B.co ', password: 'x' })).toEqual({
      isValid: true,
      data: { email: 'a@b.co', password: 'x' },
    });
  });
});
