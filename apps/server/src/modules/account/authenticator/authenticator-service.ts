/**
 * Authenticator pairing: setup makes a pending secret (shown once, as text and QR code); approve
 * pairs it only with a right code from it, and only with a fresh second factor (a stolen session
 * must not be able to put its own authenticator on the account); remove needs a current code.
 * Pairing and removal are told to the user by email. Pairing answers 10 recovery codes, shown once;
 * a new set needs a fresh second factor. Staff may reset a user's authenticator (lost phone) after
 * an identity check they note: authenticator and codes go, every session ends, the user is emailed.
 */
import type {
  approveAuthenticator,
  getRecoveryCodeStatus,
  regenerateRecoveryCodes,
  removeAuthenticator,
  resetUserAuthenticator,
  startAuthenticatorPairing,
} from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import { writeAudit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import { qrCodeSvg } from '../../../platform/qr-code.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { AccountDependencies, Body } from '../context.ts';
import {
  findUserByEmail,
  findUserById,
  pairAuthenticator,
  setPendingAuthenticator,
  type UserRow,
  unpairAuthenticator,
} from '../queries.ts';
import { authenticatorRules } from '../rules.ts';
import {
  accountLockedError,
  assertMayAttemptSignIn,
  recordSignInFailure,
  throttleSubjectsOf,
} from '../sign-in/login-throttle.ts';
import {
  authenticatorSealPurpose,
  checkAuthenticatorCode,
  requireFreshSecondFactor,
} from '../sign-in/second-factor.ts';
import { recordSecurityChange } from '../sign-in/security-notices.ts';
import { endSessionsOfUser } from '../sign-in/sessions.ts';
import { deleteRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes.ts';
import { newAuthenticatorSecret, otpauthUriOf } from './totp.ts';

const secondsMs = 1000;

function illegalState(messageKey: string, detail: string): AppError {
  return new AppError('illegal_state', { messageKey: `email.messages.${messageKey}`, detail });
}

/** The signed-in user's row (passkeys/ reads it too). */
export async function sessionUser(dependencies: AccountDependencies, context: CallContext): Promise<UserRow> {
  const { db } = dependencies;
  const user = await findUserById(db, context.session.user_id);
  if (!user) throw new AppError('session_invalid', { detail: 'session of a missing user' });
  return user;
}

export async function startPairing(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof startAuthenticatorPairing>> {
  const { db, secretBox } = dependencies;
  const user = await sessionUser(dependencies, context);
  if (user.totp_secret_sealed) throw illegalState('authenticator_already_paired', 'setup while paired');
  const secret = newAuthenticatorSecret();
  const otpauthUri = otpauthUriOf(secret, user.email);
  await setPendingAuthenticator(db, user.id, {
    secretSealed: secretBox.seal(authenticatorSealPurpose, secret),
    now: context.now,
  });
  // The one answer that carries the secret, by design: the user types it or scans it now.
  return {
    secret,
    otpauth_uri: otpauthUri,
    qr_svg: await qrCodeSvg(otpauthUri),
  };
}

export async function approvePairing(
  dependencies: AccountDependencies,
  body: Body<typeof approveAuthenticator>,
  context: CallContext,
): Promise<ResponseOf<typeof approveAuthenticator>> {
  const { db, secretBox } = dependencies;
  requireFreshSecondFactor(context);
  const user = await sessionUser(dependencies, context);
  if (user.totp_secret_sealed) throw illegalState('authenticator_already_paired', 'approve while paired');
  const setUpAt = user.pending_totp_created_at;
  const isPendingCurrent =
    user.pending_totp_secret_sealed !== null &&
    setUpAt !== null &&
    context.now.getTime() - setUpAt.getTime() < authenticatorRules.pendingSetupValiditySeconds * secondsMs;
  if (!isPendingCurrent || !user.pending_totp_secret_sealed) {
    throw illegalState('authenticator_not_set_up', 'no current pending authenticator');
  }
  const pendingSecretSealed = user.pending_totp_secret_sealed;
  const recoveryCodes = await db.transaction(async (tx) => {
    const isCodeRight = await checkAuthenticatorCode(tx, secretBox, {
      userId: user.id,
      secretSealed: pendingSecretSealed,
      code: body.code,
      now: context.now,
    });
    if (!isCodeRight) return null;
    await pairAuthenticator(tx, user.id, context.now);
    const codes = await issueRecoveryCodes(tx, secretBox, { userId: user.id, now: context.now });
    await writeAudit(tx, {
      action: 'authenticator.paired',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
    });
    await recordSecurityChange(tx, user, 'authenticator_paired', context.now);
    return codes;
  });
  if (!recoveryCodes) throw new AppError('verification_code_incorrect', { detail: 'pairing code' });
  return { recovery_codes: recoveryCodes };
}

/** A new set of recovery codes; the old set stops working. Only with a fresh second factor. */
export async function makeNewRecoveryCodes(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof regenerateRecoveryCodes>> {
  const { db, secretBox } = dependencies;
  requireFreshSecondFactor(context);
  const user = await sessionUser(dependencies, context);
  if (!user.totp_secret_sealed) throw illegalState('authenticator_not_paired', 'recovery codes without authenticator');
  const codes = await db.transaction(async (tx) => {
    const issued = await issueRecoveryCodes(tx, secretBox, { userId: user.id, now: context.now });
    await writeAudit(tx, {
      action: 'recovery_codes.regenerated',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
    });
    await recordSecurityChange(tx, user, 'recovery_codes_regenerated', context.now);
    return issued;
  });
  return { recovery_codes: codes };
}

export async function recoveryCodeStatusOf(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof getRecoveryCodeStatus>> {
  const { db } = dependencies;
  const user = await sessionUser(dependencies, context);
  return {
    is_authenticator_paired: user.totp_secret_sealed !== null,
    codes_left: await recoveryCodesLeft(db, user.id),
  };
}

/**
 * Staff-assisted reset for a user who lost the authenticator and the codes: the user then signs
 * in with password and an emailed code, and pairs again. Never one's own (a stolen staff session
 * must not strip its own second factor).
 */
export async function resetAuthenticatorOfUser(
  dependencies: AccountDependencies,
  body: Body<typeof resetUserAuthenticator>,
  context: CallContext,
): Promise<null> {
  const { db } = dependencies;
  const staff = await sessionUser(dependencies, context);
  // The call's permission (user_support) was checked by registerCall.
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new AppError('not_found', { detail: 'no user with that address' });
  if (user.id === staff.id) throw new AppError('forbidden', { detail: 'staff reset of their own authenticator' });
  if (!user.totp_secret_sealed) throw illegalState('authenticator_not_paired', 'reset while not paired');
  await db.transaction(async (tx) => {
    await unpairAuthenticator(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    const ended = await endSessionsOfUser(tx, { userId: user.id, now: context.now, reason: 'authenticator_reset' });
    await writeAudit(tx, {
      action: 'authenticator.reset_by_staff',
      at: context.now,
      actorUserId: staff.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: {
        user_id: user.id,
        user_email: user.email,
        identity_check: body.identity_check,
        sessions_ended: ended,
      },
    });
    await recordSecurityChange(tx, user, 'authenticator_reset', context.now);
  });
  return null;
}

export async function removeOwnAuthenticator(
  dependencies: AccountDependencies,
  body: Body<typeof removeAuthenticator>,
  context: CallContext,
): Promise<null> {
  const { db, secretBox } = dependencies;
  const user = await sessionUser(dependencies, context);
  const secretSealed = user.totp_secret_sealed;
  if (!secretSealed) throw illegalState('authenticator_not_paired', 'remove while not paired');
  const subjects = throttleSubjectsOf(user.email, context.ip);
  await assertMayAttemptSignIn(db, subjects, context.now);
  const failure = await db.transaction(async (tx) => {
    const isCodeRight = await checkAuthenticatorCode(tx, secretBox, {
      userId: user.id,
      secretSealed,
      code: body.code,
      now: context.now,
    });
    if (!isCodeRight) {
      // Guessing the code of someone else's authenticator from a stolen session is a sign-in failure.
      const outcome = await recordSignInFailure(tx, subjects, context.now);
      await writeAudit(tx, {
        action: 'authenticator.remove_failed',
        at: context.now,
        actorUserId: user.id,
        companyId: user.company_id,
        ip: context.ip,
        detail: { failures: outcome.accountFailures },
      });
      return outcome;
    }
    await unpairAuthenticator(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    await writeAudit(tx, {
      action: 'authenticator.removed',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
    });
    await recordSecurityChange(tx, user, 'authenticator_removed', context.now);
    return null;
  });
  if (failure?.lockedUntil) throw accountLockedError(failure.lockedUntil, context.now);
  if (failure) throw new AppError('verification_code_incorrect', { detail: 'removal code' });
  return null;
}
