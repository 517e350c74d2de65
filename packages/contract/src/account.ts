/**
 * Identity: two-step login, recovery, step-up, authenticator, sessions (SPEC.md sections 5 and 7,
 * DECISIONS.md); registration and the profile, which take a phone number, are registration.ts.
 * Messages are i18n keys; validation.ts turns them into field messages in the caller's language.
 */

import { z } from 'zod';
import { defineCall } from './calls.ts';
import { codeLengths, emailMaxLength, passwordRule } from './constants.ts';
import { meetsPasswordRule } from './password-rule.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

export { recoveryCodeRules } from './constants.ts';

import { PasskeyAuthenticationCredential } from './passkeys.ts';
import { AccountKycStatus } from './states.ts';

export { meetsPasswordRule, type PasswordCheck, passwordChecks } from './password-rule.ts';
export { clientRoles, isStaffRole, staffRoles, UserRole, userRoles } from './roles.ts';

/**
 * A message for a missing or non-string value only. A schema-wide `message` would also replace the
 * messages of its length checks (a 300-character password would read "Password can not be blank").
 */
function whenMissing(key: string) {
  return { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? key : undefined) };
}

export const Email = z
  .string(whenMissing('validation.email_required'))
  .trim()
  .min(1, { message: 'validation.email_required' })
  .max(emailMaxLength)
  .pipe(z.email({ message: 'validation.email_invalid' }))
  .transform((email) => email.toLowerCase());

/** A password being checked (login, old password): only presence and a sane bound. */
export const ExistingPassword = z
  .string(whenMissing('validation.password_required'))
  .min(1, { message: 'validation.password_required' })
  .max(256);

/** A password being chosen: the rule of DECISIONS.md (the common-password list is checked on the server). */
export const NewPassword = z
  .string(whenMissing('validation.password_required'))
  .min(1, { message: 'validation.password_required' })
  .max(passwordRule.maxLength, { message: 'validation.password_rule' })
  .refine(meetsPasswordRule, { message: 'validation.password_rule' });

export const EmailCode = z
  .string(whenMissing('validation.code_required'))
  .trim()
  .min(1, { message: 'validation.code_required' })
  .regex(new RegExp(`^\\d{${codeLengths.emailCode}}$`), { message: 'validation.code_incorrect' });

export const AuthenticatorCode = z
  .string(whenMissing('validation.code_required'))
  .trim()
  .min(1, { message: 'validation.code_required' })
  .regex(new RegExp(`^\\d{${codeLengths.authenticator}}$`), { message: 'validation.authenticator_code' });

/** A second-factor code: the authenticator's when one is paired, otherwise an emailed code (both 6 digits). */
export const SecondFactorCode = AuthenticatorCode.describe(
  'The authenticator’s 6-digit code, or a 6-digit code sent by email when no authenticator is paired',
);

/** A recovery code as shown (XXXXX-XXXXX); any case, the hyphen or a space optional. */
export const RecoveryCode = z
  .string(whenMissing('validation.code_required'))
  .trim()
  .min(1, { message: 'validation.code_required' })
  .regex(/^[0-9A-Za-z]{5}[-\s]?[0-9A-Za-z]{5}$/, { message: 'validation.recovery_code' });

export const FullName = singleLineText(100).min(1, { message: 'validation.required' });
/** The new password typed a second time. */
export const PasswordConfirmation = z
  .string(whenMissing('validation.confirm_password_required'))
  .min(1, { message: 'validation.confirm_password_required' })
  .max(256);

type WithNewPassword = { new_password: string; confirm_password: string };
/**
 * The two passwords match. Checked even when other fields are wrong (zod skips a refinement of an
 * object with issues unless told when to run it), so that one submit shows every problem.
 */
export function isPasswordConfirmed(value: WithNewPassword): boolean {
  return value.new_password === value.confirm_password;
}
export const passwordPairRule = {
  path: ['confirm_password'],
  message: 'validation.passwords_mismatch',
  when: ({ value }: { value: unknown }) => {
    const pair = value as Partial<WithNewPassword> | undefined;
    return (
      typeof pair?.new_password === 'string' &&
      typeof pair.confirm_password === 'string' &&
      pair.confirm_password !== ''
    );
  },
};

export const emailCodePurposes = ['register', 'login', 'reset_password', 'step_up'] as const;
export const EmailCodePurpose = z.enum(emailCodePurposes);
export type EmailCodePurpose = z.infer<typeof EmailCodePurpose>;
/**
 * Every purpose an emailed code is kept for: those the public sendEmail takes, and a cardholder's
 * address proven during a card application (card/sendCode, card/verifyCode: cards module).
 */
export type StoredEmailCodePurpose = EmailCodePurpose | 'cardholder_email';

/**
 * What a step-up code confirms, named in its email ("Use this code to confirm the payout you are
 * sending"), so that a code asked for one thing is not given away for another.
 */
export const stepUpActions = ['payout', 'payee', 'team', 'webhooks', 'security', 'card'] as const;
export const StepUpAction = z.enum(stepUpActions);
export type StepUpAction = z.infer<typeof StepUpAction>;

export const SendEmailRequest = z
  .object({
    email: Email,
    purpose: EmailCodePurpose,
    /** With purpose step_up: the action the code confirms (its email names it). */
    action: StepUpAction.optional(),
  })
  .strict();
/** Answers the same whether or not the address has an account (no enumeration). */
export const sendEmail = defineCall({
  path: '/api/v1/sendEmail',
  // A step-up code goes only to the signed-in user's own address.
  errors: ['session_invalid', 'forbidden'],
  summary: 'Email a 6-digit code for registration, login, password recovery or a sensitive action',
  request: SendEmailRequest,
  response: z.object({ resend_after_seconds: z.number().int() }),
});

export const verifyEmailCode = defineCall({
  path: '/api/v1/account/verify',
  errors: ['verification_code_incorrect'],
  summary: 'Check an emailed code without using it up (counts as a try)',
  request: z.object({ email: Email, purpose: EmailCodePurpose, code: EmailCode }).strict(),
  response: z.object({ is_valid: z.literal(true) }),
});

/** passkey: a staff user who requires passkeys, whose authenticator code is refused. */
export const secondFactorMethods = ['authenticator', 'email', 'passkey'] as const;
export const SecondFactorMethod = z.enum(secondFactorMethods);

export const LoginRequest = z.discriminatedUnion('step', [
  z.object({ step: z.literal('password'), email: Email, password: ExistingPassword }).strict(),
  z.object({ step: z.literal('second_factor'), challenge_id: identifierText(), code: SecondFactorCode }).strict(),
  /** Instead of the authenticator's code, one of the user's recovery codes (each works once). */
  z.object({ step: z.literal('recovery_code'), challenge_id: identifierText(), recovery_code: RecoveryCode }).strict(),
  /** One of the user's passkeys, answering the options of passkeys/signInOptions for this challenge. */
  z
    .object({ step: z.literal('passkey'), challenge_id: identifierText(), credential: PasskeyAuthenticationCredential })
    .strict(),
]);

/** What the browser keeps in sessionStorage after a complete sign-in (SPEC.md section 3). */
export const SignedIn = z.object({
  status: z.literal('signed_in'),
  token: z.string(),
  userid: z.string(),
  username: z.string(),
  is_google: z.literal(true),
  kyc_status: AccountKycStatus,
  is_staff: z.boolean(),
  /** Staff and sub-accounts without an authenticator: the client takes them to pair one first. */
  must_pair_authenticator: z.boolean(),
});
export type SignedIn = z.infer<typeof SignedIn>;

export const LoginResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('second_factor_required'),
    challenge_id: z.string(),
    method: SecondFactorMethod,
    /** The address the code went to, masked (only after a correct password). */
    email_hint: z.string().nullable(),
    /**
     * The user has a passkey and may answer with it (passkeys/signInOptions). With method email, no
     * code was emailed yet: the user asks for one (sendEmail) if they choose the code.
     */
    can_use_passkey: z.boolean(),
  }),
  /** With an authenticator (or a recovery code), how many recovery codes are left: the client warns when few or none are. */
  SignedIn.extend({ recovery_codes_left: z.number().int().optional() }),
]);
export const login = defineCall({
  path: '/api/v1/account/login',
  // forbidden: the right password of a user whose company's administrator disabled them.
  errors: ['invalid_credentials', 'verification_code_incorrect', 'passkey_not_verified', 'account_locked', 'forbidden'],
  summary: 'Sign in: email and password, then the second factor (a code, a recovery code or a passkey)',
  request: LoginRequest,
  response: LoginResponse,
});

// The signed-in user: its own module, so that the signed-in shell loads it without the phone rules.
export { getUserInfo, UserInfo } from './user-info.ts';

export const modifyLoginPassword = defineCall({
  path: '/api/v1/account/modifyLoginPassword',
  errors: ['invalid_credentials', 'verification_code_incorrect', 'account_locked', 'fresh_second_factor_required'],
  summary: 'Change the password (old password, new twice, second factor); other sessions end',
  request: z
    .object({
      old_password: ExistingPassword,
      new_password: NewPassword,
      confirm_password: PasswordConfirmation,
      /**
       * The authenticator's or an emailed code. Without it the session's second factor must be fresh
       * (a step-up): how a user who requires passkeys confirms it (decision 0043).
       */
      code: SecondFactorCode.optional(),
    })
    .strict()
    .refine(isPasswordConfirmed, passwordPairRule),
  response: z.null(),
});

export const forgetLoginPassword = defineCall({
  path: '/api/v1/account/forgetLoginPassword',
  errors: ['verification_code_incorrect'],
  summary: 'Set a new password with an emailed code; every session of the user ends',
  request: z
    .object({ email: Email, code: EmailCode, new_password: NewPassword, confirm_password: PasswordConfirmation })
    .strict()
    .refine(isPasswordConfirmed, passwordPairRule),
  response: z.null(),
});

export const verifyLoginPassword = defineCall({
  path: '/api/v1/account/verifyLoginPassword',
  errors: ['invalid_credentials', 'verification_code_incorrect', 'account_locked'],
  summary: 'Re-authenticate (password and second factor) before a sensitive action',
  request: z.object({ password: ExistingPassword, code: SecondFactorCode }).strict(),
  response: z.object({ verified_until: z.string() }),
});

export const verifyPasskeyStepUp = defineCall({
  path: '/api/v1/account/passkeys/verify',
  errors: ['invalid_credentials', 'passkey_not_verified', 'account_locked'],
  permission: 'session',
  summary: 'Re-authenticate (password and a passkey) before a sensitive action',
  request: z.object({ password: ExistingPassword, credential: PasskeyAuthenticationCredential }).strict(),
  response: z.object({ verified_until: z.string() }),
});

export const AuthenticatorSetup = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export const startAuthenticatorPairing = defineCall({
  path: '/api/v1/account/authenticator/setup',
  errors: ['illegal_state'],
  permission: 'session',
  summary: 'A new authenticator secret, its otpauth URI and QR code; pairs only after approve',
  request: z.object({}).strict(),
  response: AuthenticatorSetup,
});

/** Recovery codes in clear: in the one answer that makes them, never again. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });

export const approveAuthenticator = defineCall({
  path: '/api/v1/account/approve',
  errors: ['fresh_second_factor_required', 'verification_code_incorrect', 'illegal_state'],
  summary: 'Pair the authenticator set up last, with a correct code from it; answers its recovery codes',
  request: z.object({ code: AuthenticatorCode }).strict(),
  response: RecoveryCodes,
});

export const regenerateRecoveryCodes = defineCall({
  path: '/api/v1/account/recoveryCodes/regenerate',
  errors: ['fresh_second_factor_required', 'illegal_state'],
  permission: 'session',
  summary: 'A new set of recovery codes (fresh second factor needed); the old set stops working',
  request: z.object({}).strict(),
  response: RecoveryCodes,
});

export const getRecoveryCodeStatus = defineCall({
  path: '/api/v1/account/recoveryCodes/status',
  permission: 'session',
  summary: 'How many unused recovery codes the user has (0 with an authenticator: ask to make them)',
  request: z.object({}).strict(),
  response: z.object({ is_authenticator_paired: z.boolean(), codes_left: z.number().int() }),
});

export const removeAuthenticator = defineCall({
  path: '/api/v1/account/authenticator/remove',
  errors: ['verification_code_incorrect', 'account_locked', 'illegal_state'],
  permission: 'session',
  summary: 'Unpair the authenticator with a current code from it',
  request: z.object({ code: AuthenticatorCode }).strict(),
  response: z.null(),
});

export const modifyProtocolStatus = defineCall({
  path: '/api/v1/account/modifyProtocolStatus',
  summary: 'Record that the user accepts the current terms',
  request: z.object({ accept_terms: z.literal(true, { message: 'validation.terms_required' }) }).strict(),
  response: z.null(),
});

export const SessionItem = z.object({
  session_id: z.string(),
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  is_current: z.boolean(),
});
export const listSessions = defineCall({
  path: '/api/v1/account/sessions/list',
  permission: 'session',
  summary: "The user's active sessions",
  request: z.object({}).strict(),
  response: z.object({ items: z.array(SessionItem) }),
});

export const revokeSession = defineCall({
  path: '/api/v1/account/sessions/revoke',
  errors: ['not_found'],
  permission: 'session',
  summary: 'End one of the user’s sessions',
  request: z.object({ session_id: identifierText() }).strict(),
  response: z.null(),
});

export const revokeOtherSessions = defineCall({
  path: '/api/v1/account/sessions/revokeOthers',
  permission: 'session',
  summary: 'End every session of the user but this one',
  request: z.object({}).strict(),
  response: z.object({ ended: z.number().int() }),
});

export const exitLogin = defineCall({
  path: '/api/v1/account/exitLogin',
  summary: 'End this session',
  request: z.object({}).strict(),
  response: z.null(),
});

export const resetUserAuthenticator = defineCall({
  path: '/api/v1/admin/users/resetAuthenticator',
  errors: ['not_found'],
  permission: 'user_support',
  summary:
    'Back office: remove a user’s authenticator and recovery codes after an identity check, which is noted; every session of the user ends',
  request: z
    .object({
      email: Email,
      /** How the caller's identity was checked (call-back number, documents seen...): kept in the audit log. */
      identity_check: multiLineText(500).min(10, { message: 'validation.identity_check_required' }),
    })
    .strict(),
  response: z.null(),
});
