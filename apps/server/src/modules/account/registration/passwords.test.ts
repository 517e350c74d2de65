import { meetsPasswordRule } from '@bank/contract/account';
import { describe, expect, it } from 'vitest';
import { identityDemoAccounts } from '../seed.ts';
import {
  hashPassword,
  isCommonPassword,
  newPasswordProblem,
  verifyPassword,
  verifyPasswordOfNobody,
} from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a random salt', async () => {
    const first = await hashPassword('Vault-Lantern-42!');
    const second = await hashPassword('Vault-Lantern-42!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Vault-Lantern-42!');
  });

  it('verifies the right password only, and treats a damaged hash as a failed check', async () => {
    const stored = await hashPassword('Vault-Lantern-42!');
    expect(await verifyPassword(stored, 'Vault-Lantern-42!')).toBe(true);
    expect(await verifyPassword(stored, 'vault-lantern-42!')).toBe(false);
    expect(await verifyPassword('not a hash', 'Vault-Lantern-42!')).toBe(false);
  });

  it('does a real hash comparison for an unknown address and answers false', async () => {
    const startedAt = performance.now();
    expect(await verifyPasswordOfNobody('Vault-Lantern-42!')).toBe(false);
    // The work is an argon2id verification (milliseconds), not an immediate answer.
    expect(performance.now() - startedAt).toBeGreaterThan(1);
  });
});

describe('new password rules of the server', () => {
  it.each(['P@ssw0rd', 'Password123!', 'Qwerty123!', 'Iloveyou1!', 'Sunshine-1'])(
    'refuses %s, which passes the shape rule, as too common',
    (password) => {
      expect(meetsPasswordRule(password)).toBe(true);
      expect(isCommonPassword(password)).toBe(true);
      expect(newPasswordProblem(password, 'ada@example.com')).toEqual({ key: 'validation.password_too_common' });
    },
  );

  it('refuses the email address as the password, whatever its case', () => {
    expect(newPasswordProblem('Ada.Lovelace1@Example.com', 'ada.lovelace1@example.com')).toEqual({
      key: 'validation.password_equals_email',
    });
  });

  it('accepts an uncommon password, and every demo password', () => {
    expect(newPasswordProblem('Vault-Lantern-42!', 'ada@example.com')).toBeNull();
    for (const account of Object.values(identityDemoAccounts)) {
      expect(meetsPasswordRule(account.password), account.email).toBe(true);
      expect(newPasswordProblem(account.password, account.email), account.email).toBeNull();
    }
  });
});
