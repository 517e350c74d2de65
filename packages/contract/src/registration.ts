/**
 * The calls that take a person's phone number, registration and the profile's change, with the
 * phone rules (libphonenumber-js and its metadata, some 43 KB gzip): apart from account.ts, so that
 * the identity calls every signed-in page may make (step-up, sessions, sign-out) and the contracts
 * that borrow its fields (payouts, deposits, team) do not carry the phone-number library.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  Email,
  EmailCode,
  FullName,
  isPasswordConfirmed,
  NewPassword,
  PasswordConfirmation,
  passwordPairRule,
} from './account.ts';
import { defineCall } from './calls.ts';
import { singleLineText } from './text.ts';

export const PhoneCountry = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, { message: 'validation.phone_invalid' });
export const PhoneNumber = singleLineText(32).min(1, { message: 'validation.required' });

type WithPhone = { phone_country: string; phone: string };
/** The phone number is valid for its country (registration's rule; card applications reuse it). */
export function refinePhone(value: WithPhone, context: z.RefinementCtx) {
  let isValid = false;
  try {
    isValid = isValidPhoneNumber(value.phone, value.phone_country as Parameters<typeof isValidPhoneNumber>[1]);
  } catch {
    isValid = false;
  }
  if (!isValid) context.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone_invalid' });
}

export const RegisterRequest = z
  .object({
    full_name: FullName,
    email: Email,
    email_code: EmailCode,
    phone_country: PhoneCountry,
    phone: PhoneNumber,
    new_password: NewPassword,
    confirm_password: PasswordConfirmation,
    ci_code: singleLineText(32).optional(),
    accept_terms: z.literal(true, { message: 'validation.terms_required' }),
  })
  .strict()
  .superRefine(refinePhone)
  .refine(isPasswordConfirmed, passwordPairRule)
  .superRefine((value, context) => {
    if (value.new_password.toLowerCase() === value.email.toLowerCase())
      context.addIssue({ code: 'custom', path: ['new_password'], message: 'validation.password_equals_email' });
  });
export const register = defineCall({
  path: '/api/v1/account/register',
  errors: ['email_taken', 'verification_code_incorrect'],
  summary: 'Create a company and its first user, the administrator',
  request: RegisterRequest,
  response: z.null(),
});

export const modifyProfile = defineCall({
  path: '/api/v1/account/modify',
  summary: 'Change name and phone',
  request: z
    .object({ full_name: FullName, phone_country: PhoneCountry, phone: PhoneNumber })
    .strict()
    .superRefine(refinePhone),
  response: z.null(),
});
