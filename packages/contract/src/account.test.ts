import { describe, expect, it } from 'vitest';
import { LoginRequest, meetsPasswordRule, passwordChecks } from './account.ts';
import { RegisterRequest } from './registration.ts';
import { fieldMessages } from './validation.ts';

const validRegistration = {
  full_name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  email_code: '123456',
  phone_country: 'GB',
  phone: '+44 20 7946 0958',
  new_password: 'Correct-Horse-9',
  confirm_password: 'Correct-Horse-9',
  accept_terms: true,
};

function messagesOf(schema: { safeParse: (input: unknown) => { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(fieldMessages(result.error as Parameters<typeof fieldMessages>[0])).map(([field, ref]) => [
      field,
      ref.key,
    ]),
  );
}

describe('password rule (DECISIONS.md)', () => {
  it('needs 8 to 64 characters with upper, lower, digit and special', () => {
    expect(meetsPasswordRule('Abcdef1!')).toBe(true);
    expect(meetsPasswordRule('Abcde1!')).toBe(false);
    expect(meetsPasswordRule(`A1!${'a'.repeat(61)}`)).toBe(true);
    expect(meetsPasswordRule(`A1!${'a'.repeat(62)}`)).toBe(false);
    expect(meetsPasswordRule('abcdefg1!')).toBe(false);
    expect(meetsPasswordRule('ABCDEFG1!')).toBe(false);
    expect(meetsPasswordRule('Abcdefgh!')).toBe(false);
    expect(meetsPasswordRule('Abcdefgh1')).toBe(false);
  });

  it('accepts long passphrases with non-Latin letters', () => {
    expect(passwordChecks.upper('Été')).toBe(true);
    expect(meetsPasswordRule('Grüße aus Zürich 2026!')).toBe(true);
  });
});

describe('registration schema', () => {
  it('accepts a complete registration and normalises the email', () => {
    const result = RegisterRequest.safeParse(validRegistration);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('ada@example.com');
  });

  it('names SPEC.md messages for empty email, password and code', () => {
    expect(
      messagesOf(RegisterRequest, { ...validRegistration, email: '', new_password: '', email_code: '' }),
    ).toMatchObject({
      email: 'validation.email_required',
      new_password: 'validation.password_required',
      email_code: 'validation.code_required',
    });
  });

  it('refuses mismatched passwords, a password equal to the email and a bad phone', () => {
    expect(messagesOf(RegisterRequest, { ...validRegistration, confirm_password: 'Other-Horse-9' })).toEqual({
      confirm_password: 'validation.passwords_mismatch',
    });
    expect(
      messagesOf(RegisterRequest, {
        ...validRegistration,
        email: 'Abc.Def1@x.io',
        new_password: 'Abc.Def1@x.io',
        confirm_password: 'Abc.Def1@x.io',
      }),
    ).toEqual({ new_password: 'validation.password_equals_email' });
    expect(messagesOf(RegisterRequest, { ...validRegistration, phone: '12' })).toEqual({
      phone: 'validation.phone_invalid',
    });
  });

  it('requires the terms and refuses unknown fields', () => {
    expect(messagesOf(RegisterRequest, { ...validRegistration, accept_terms: false, extra: 1 })).toMatchObject({
      accept_terms: 'validation.terms_required',
      extra: 'validation.unknown_field',
    });
  });
});

describe('login schema', () => {
  it('takes a 6-digit code at the second step', () => {
    expect(LoginRequest.safeParse({ step: 'second_factor', challenge_id: 'c1', code: '123456' }).success).toBe(true);
    expect(messagesOf(LoginRequest, { step: 'second_factor', challenge_id: 'c1', code: '12345' })).toEqual({
      code: 'validation.authenticator_code',
    });
  });
});

describe('length limits keep their own message', () => {
  it('says "too long" for an over-long password or email, not "can not be empty"', () => {
    expect(messagesOf(LoginRequest, { step: 'password', email: 'a@b.co', password: 'p'.repeat(300) })).toEqual({
      password: 'validation.too_long',
    });
    expect(messagesOf(LoginRequest, { step: 'password', email: `${'a'.repeat(250)}@b.co`, password: 'x' })).toEqual({
      email: 'validation.too_long',
    });
    expect(messagesOf(LoginRequest, { step: 'password', password: 'x' })).toEqual({
      email: 'validation.email_required',
    });
  });
});
