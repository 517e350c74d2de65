/**
 * The signed-in user's own account: profile, password change, re-authentication, terms.
 * Password and code checks made from a session count as sign-in failures too: a stolen session must
 * not become a way to guess the password or the authenticator.
 */
import type { modifyLoginPassword, UserInfo, verifyLoginPassword, verifyPasskeyStepUp } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import type { modifyProfile } from '@bank/contract/registration';
import { writeAudit } from '../../../platform/audit.ts';
import type { Transaction } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CallContext } from '../../../platform/route.ts';
import { sessionUser } from '../authenticator/authenticator-service.ts';
import type { AccountDependencies, Body } from '../context.ts';
import { checkAuthentication, relyingPartyOf } from '../passkeys/ceremony.ts';
import { acceptTerms, findUserInfo, type UserRow, updatePasswordHash, updateProfile } from '../queries.ts';
import { sessionRules } from '../rules.ts';
import {
  accountLockedError,
  assertMayAttemptSignIn,
  type FailureOutcome,
  recordSignInFailure,
  throttleSubjectsOf,
} from '../sign-in/login-throttle.ts';
import { checkSecondFactor, requireFreshSecondFactor } from '../sign-in/second-factor.ts';
import { recordSecurityChange } from '../sign-in/security-notices.ts';
import { endSessionsOfUser, markSecondFactorFresh, userInfoReadWithSession } from '../sign-in/sessions.ts';
import { userInfoOf } from '../user-info.ts';
import { assertAcceptableNewPassword, hashPassword, verifyPassword } from './passwords.ts';

const secondsMs = 1000;

/** The second factor of a re-authentication: checked in the transaction that uses it up; its refusal's error. */
type SecondFactorCheck = {
  check: (tx: Transaction) => Promise<boolean>;
  refusal: 'verification_code_incorrect' | 'passkey_not_verified';
};

/** A code: the authenticator's (refused for staff who require passkeys), else an emailed one. */
function codeCheck(dependencies: AccountDependencies, user: UserRow, code: string, now: Date): SecondFactorCheck {
  return {
    check: (tx) => checkSecondFactor(tx, dependencies.secretBox, { user, code, emailPurpose: 'step_up', now }),
    refusal: 'verification_code_incorrect',
  };
}

/**
 * Checks the password and then the second factor of a signed-in user (throttled like a sign-in);
 * refuses with invalid_credentials, the factor's refusal or account_locked. When both are right,
 * `onVerified` runs in the same transaction as the use of the code or passkey challenge.
 */
async function verifyPasswordAndSecondFactor(
  dependencies: AccountDependencies,
  user: UserRow,
  credentials: { password: string; secondFactor: SecondFactorCheck },
  context: CallContext,
  action: string,
  onVerified: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const { db } = dependencies;
  const subjects = throttleSubjectsOf(user.email, context.ip);
  await assertMayAttemptSignIn(db, subjects, context.now);

  const recordFailure = (tx: Transaction, reason: string) =>
    recordSignInFailure(tx, subjects, context.now).then(async (failure) => {
      await writeAudit(tx, {
        action: `${action}_failed`,
        at: context.now,
        actorUserId: user.id,
        companyId: user.company_id,
        ip: context.ip,
        detail: { reason, failures: failure.accountFailures },
      });
      return failure;
    });
  const refusal = (failure: FailureOutcome, key: 'invalid_credentials' | SecondFactorCheck['refusal']) =>
    failure.lockedUntil ? accountLockedError(failure.lockedUntil, context.now) : new AppError(key);

  if (!(await verifyPassword(user.password_hash, credentials.password))) {
    const failure = await db.transaction((tx) => recordFailure(tx, 'password'));
    throw refusal(failure, 'invalid_credentials');
  }
  const failure = await db.transaction(async (tx) => {
    if (!(await credentials.secondFactor.check(tx))) return recordFailure(tx, 'second_factor');
    await onVerified(tx);
    return null;
  });
  if (failure) throw refusal(failure, credentials.secondFactor.refusal);
}

/**
 * The signed-in user: from the rows the session check read in its statement, or read again when
 * another resolver gave the session (a test's).
 */
export async function sessionUserInfo(dependencies: AccountDependencies, context: CallContext): Promise<UserInfo> {
  const { db } = dependencies;
  const row = userInfoReadWithSession(context.session) ?? (await findUserInfo(db, context.session.user_id));
  if (!row) throw new AppError('session_invalid', { detail: 'session of a missing user' });
  return userInfoOf(row.user, row.company, context.session.permissions);
}

export async function changeProfile(
  dependencies: AccountDependencies,
  body: Body<typeof modifyProfile>,
  context: CallContext,
): Promise<null> {
  const { db } = dependencies;
  const user = await sessionUser(dependencies, context);
  await db.transaction(async (tx) => {
    await updateProfile(tx, user.id, {
      fullName: body.full_name,
      phoneCountry: body.phone_country,
      phone: body.phone,
      language: context.language,
    });
    await writeAudit(tx, {
      action: 'profile.changed',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: { fields: ['full_name', 'phone_country', 'phone'] },
    });
  });
  return null;
}

/** The second factor a fresh step-up already proved (a passkey's, within the last 5 minutes). */
const freshStepUp: SecondFactorCheck = { check: async () => true, refusal: 'verification_code_incorrect' };

/**
 * Old password and second factor (a code, or without one a fresh step-up: how a user who requires
 * passkeys confirms it); the other sessions end and the user is told by email.
 */
export async function changePassword(
  dependencies: AccountDependencies,
  body: Body<typeof modifyLoginPassword>,
  context: CallContext,
): Promise<null> {
  const user = await sessionUser(dependencies, context);
  assertAcceptableNewPassword(body.new_password, user.email);
  if (body.code === undefined) requireFreshSecondFactor(context);
  const passwordHash = await hashPassword(body.new_password);
  const secondFactor = body.code === undefined ? freshStepUp : codeCheck(dependencies, user, body.code, context.now);
  await verifyPasswordAndSecondFactor(
    dependencies,
    user,
    { password: body.old_password, secondFactor },
    context,
    'password.change',
    async (tx) => {
      await updatePasswordHash(tx, user.id, passwordHash, context.now);
      const ended = await endSessionsOfUser(tx, {
        userId: user.id,
        now: context.now,
        reason: 'password_changed',
        exceptSessionId: context.session.session_id,
      });
      await writeAudit(tx, {
        action: 'password.changed',
        at: context.now,
        actorUserId: user.id,
        companyId: user.company_id,
        ip: context.ip,
        detail: { sessions_ended: ended, second_factor: body.code === undefined ? 'step_up' : 'code' },
      });
      await recordSecurityChange(tx, user, 'password_changed', context.now);
    },
  );
  return null;
}

/**
 * Re-authentication before a sensitive action: the password and the second factor make the session's
 * second factor fresh for 5 minutes. `method` and what it used are kept in the audit row.
 */
async function stepUp(
  dependencies: AccountDependencies,
  user: UserRow,
  proof: { password: string; secondFactor: SecondFactorCheck; detail: () => Record<string, unknown> },
  context: CallContext,
): Promise<{ verified_until: string }> {
  const verifiedUntil = new Date(context.now.getTime() + sessionRules.freshSecondFactorSeconds * secondsMs);
  await verifyPasswordAndSecondFactor(dependencies, user, proof, context, 'step_up', async (tx) => {
    await markSecondFactorFresh(tx, context.session.session_id, verifiedUntil);
    await writeAudit(tx, {
      action: 'step_up.verified',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: { until: verifiedUntil.toISOString(), ...proof.detail() },
    });
  });
  return { verified_until: verifiedUntil.toISOString() };
}

/** Step-up with the password and a code (the authenticator's, or an emailed one). */
export async function checkPassword(
  dependencies: AccountDependencies,
  body: Body<typeof verifyLoginPassword>,
  context: CallContext,
): Promise<ResponseOf<typeof verifyLoginPassword>> {
  const user = await sessionUser(dependencies, context);
  const secondFactor = codeCheck(dependencies, user, body.code, context.now);
  const method = user.totp_secret_sealed ? 'authenticator' : 'email';
  return stepUp(dependencies, user, { password: body.password, secondFactor, detail: () => ({ method }) }, context);
}

/** Step-up with the password and one of the user's passkeys, answering the last step-up options. */
export async function checkPasswordAndPasskey(
  dependencies: AccountDependencies,
  body: Body<typeof verifyPasskeyStepUp>,
  context: CallContext,
): Promise<ResponseOf<typeof verifyPasskeyStepUp>> {
  const user = await sessionUser(dependencies, context);
  const relyingParty = relyingPartyOf(dependencies.publicUrl, context);
  let passkeyId: string | null = null;
  const secondFactor: SecondFactorCheck = {
    check: async (tx) => {
      const passkey = await checkAuthentication(tx, relyingParty, {
        credential: body.credential,
        userId: user.id,
        purpose: 'step_up',
        loginChallengeId: null,
        now: context.now,
      });
      passkeyId = passkey?.id ?? null;
      return passkey !== null;
    },
    refusal: 'passkey_not_verified',
  };
  const detail = () => ({ method: 'passkey', passkey_id: passkeyId });
  return stepUp(dependencies, user, { password: body.password, secondFactor, detail }, context);
}

export async function acceptTermsOfUse(dependencies: AccountDependencies, context: CallContext): Promise<null> {
  const { db } = dependencies;
  const user = await sessionUser(dependencies, context);
  await db.transaction(async (tx) => {
    await acceptTerms(tx, user.id, context.now);
    await writeAudit(tx, {
      action: 'terms.accepted',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
    });
  });
  return null;
}
