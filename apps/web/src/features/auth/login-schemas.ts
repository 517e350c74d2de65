/**
 * The login form's checks, mirroring the contract's Email, ExistingPassword and AuthenticatorCode
 * (account.ts) message for message, written without zod. The contract's account module carries the
 * phone-number rules of registration (libphonenumber-js and its metadata) and zod, neither of which
 * the first load of /login should pay for; login-schemas.test.ts proves that both answer alike. The
 * calls themselves are loaded with the contract when the form is first used.
 */
import { codeLengths } from '@bank/contract/constants';
import type { MessageRef } from '@bank/contract/validation';
import type { FieldErrors, Validation } from '../../lib/form-errors.ts';

export type Check = { isValid: true; value: string } | { isValid: false; error: MessageRef };

const maxEmailLength = 254;
const maxPasswordLength = 256;
/** zod's "practical" email pattern, the one the contract's z.email() applies. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const codePattern = new RegExp(`^\\d{${codeLengths.authenticator}}$`);

function invalid(key: string): Check {
  return { isValid: false, error: { key } };
}

export function checkEmail(input: unknown): Check {
  if (typeof input !== 'string') return invalid('validation.email_required');
  const email = input.trim();
  if (email.length < 1) return invalid('validation.email_required');
  if (email.length > maxEmailLength)
    return { isValid: false, error: { key: 'validation.too_long', params: { max: maxEmailLength } } };
  if (!emailPattern.test(email)) return invalid('validation.email_invalid');
  return { isValid: true, value: email.toLowerCase() };
}

export function checkPassword(input: unknown): Check {
  if (typeof input !== 'string' || input.length < 1) return invalid('validation.password_required');
  if (input.length > maxPasswordLength)
    return { isValid: false, error: { key: 'validation.too_long', params: { max: maxPasswordLength } } };
  return { isValid: true, value: input };
}

export function checkCode(input: unknown): Check {
  if (typeof input !== 'string') return invalid('validation.code_required');
  const code = input.trim();
  if (code.length < 1) return invalid('validation.code_required');
  if (!codePattern.test(code)) return invalid('validation.authenticator_code');
  return { isValid: true, value: code };
}

const recoveryCodePattern = /^[0-9A-Za-z]{5}[-\s]?[0-9A-Za-z]{5}$/;

/** Mirrors the contract's RecoveryCode (XXXXX-XXXXX, any case, the hyphen or a space optional). */
export function checkRecoveryCode(input: unknown): Check {
  if (typeof input !== 'string') return invalid('validation.code_required');
  const code = input.trim();
  if (code.length < 1) return invalid('validation.code_required');
  if (!recoveryCodePattern.test(code)) return invalid('validation.recovery_code');
  return { isValid: true, value: code };
}

function collect<Data extends Record<string, string>>(checks: { [Field in keyof Data]: Check }): Validation<Data> {
  const errors: FieldErrors = {};
  const data: Record<string, string> = {};
  for (const [field, check] of Object.entries(checks) as [string, Check][]) {
    if (check.isValid) data[field] = check.value;
    else errors[field] = check.error;
  }
  return Object.keys(errors).length > 0 ? { isValid: false, errors } : { isValid: true, data: data as Data };
}

export function checkCredentials(values: { email: string; password: string }) {
  return collect<{ email: string; password: string }>({
    email: checkEmail(values.email),
    password: checkPassword(values.password),
  });
}

export function checkSecondFactor(values: { code: string }) {
  return collect<{ code: string }>({ code: checkCode(values.code) });
}

export function checkRecoveryStep(values: { recovery_code: string }) {
  return collect<{ recovery_code: string }>({ recovery_code: checkRecoveryCode(values.recovery_code) });
}
