/**
 * Checking a second factor: the authenticator when one is paired (each 30 s step usable once),
 * otherwise a code emailed for the purpose at hand. Also `requireFreshSecondFactor`, the guard of
 * sensitive actions in later modules.
 */
import type { EmailCodePurpose } from '@bank/contract/account';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import type { SessionContext } from '../../../platform/session.ts';
import { matchingTimeStep } from '../authenticator/totp.ts';
import { claimAuthenticatorStep, type UserRow } from '../queries.ts';
import { checkEmailCode } from '../registration/email-codes.ts';

export const authenticatorSealPurpose = 'authenticator-secret';

/** Whether an authenticator code is right now and not a replay; a right code is used up. */
export async function checkAuthenticatorCode(
  handle: DbHandle,
  secretBox: SecretBox,
  check: { userId: string; secretSealed: string; code: string; now: Date },
): Promise<boolean> {
  const secret = secretBox.open(authenticatorSealPurpose, check.secretSealed);
  const timeStep = await matchingTimeStep(secret, check.code, check.now);
  if (timeStep === null) return false;
  return claimAuthenticatorStep(handle, check.userId, timeStep);
}

/**
 * The user's second factor as a code: the paired authenticator, or else the newest code emailed to
 * them for `emailPurpose`; none for a user who requires passkeys. Run it in a transaction that commits even when the caller then refuses.
 */
export async function checkSecondFactor(
  handle: DbHandle,
  secretBox: SecretBox,
  check: { user: UserRow; code: string; emailPurpose: EmailCodePurpose; now: Date },
): Promise<boolean> {
  // Staff who require passkeys for their account: no code stands in for one (decision 43).
  if (check.user.is_passkey_required) return false;
  if (check.user.totp_secret_sealed) {
    return checkAuthenticatorCode(handle, secretBox, {
      userId: check.user.id,
      secretSealed: check.user.totp_secret_sealed,
      code: check.code,
      now: check.now,
    });
  }
  return checkEmailCode(handle, secretBox, {
    email: check.user.email,
    purpose: check.emailPurpose,
    code: check.code,
    now: check.now,
    shouldConsume: true,
  });
}

/**
 * For sensitive actions (withdrawals, card PIN, payees, webhooks, permissions, pairing an
 * authenticator): refuses with `fresh_second_factor_required` unless the session gave its second
 * factor within the last 5 minutes, at sign-in or through verifyLoginPassword. The client then asks
 * for password and code (verifyLoginPassword) and repeats the action.
 */
export function requireFreshSecondFactor(context: { session: SessionContext; now: Date }): void {
  // An API key is no person and has no second factor: the action is a person's (decision 0041).
  if (context.session.api_key)
    throw new AppError('forbidden', {
      messageKey: 'errors.api_key_call_refused',
      detail: `API key ${context.session.api_key.key_id} asked for a person's fresh second factor`,
    });
  const freshUntil = context.session.step_up_until;
  if (!freshUntil || freshUntil <= context.now) {
    throw new AppError('fresh_second_factor_required', { detail: 'no second factor within the last 5 minutes' });
  }
}
