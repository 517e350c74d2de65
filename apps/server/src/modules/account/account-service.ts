/**
 * The signed-in user's own account: profile, password change, re-authentication, terms, sessions.
 * Password and code checks made from a session count as sign-in failures too: a stolen session must
 * not become a way to guess the password or the authenticator.
 */
import type {
  listSessions,
  modifyLoginPassword,
  modifyProfile,
  revokeOtherSessions,
  revokeSession,
  UserInfo,
  verifyLoginPassword,
} from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Transaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/route.ts';
import {
  accountLockedError,
  assertMayAttemptSignIn,
  type FailureOutcome,
  recordSignInFailure,
  throttleSubjectsOf,
} from './login-throttle.ts';
import { assertAcceptableNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { acceptTerms, findUserById, findUserInfo, type UserRow, updatePasswordHash, updateProfile } from './queries.ts';
import { sessionRules } from './rules.ts';
import { checkSecondFactor } from './second-factor.ts';
import { recordSecurityChange } from './security-notices.ts';
import {
  endSession,
  endSessionsOfUser,
  listLiveSessions,
  markSecondFactorFresh,
  userInfoReadWithSession,
} from './sessions.ts';
import type { AccountDependencies } from './sign-in-service.ts';
import { userInfoOf } from './user-info.ts';

type Body<Call> = z.output<Call extends { request: infer Request extends z.ZodType } ? Request : never>;

const secondsMs = 1000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function sessionUser(dependencies: AccountDependencies, context: CallContext): Promise<UserRow> {
  const { db } = dependencies;
  const user = await findUserById(db, context.session.user_id);
  if (!user) throw new AppError('session_invalid', { detail: 'session of a missing user' });
  return user;
}

/**
 * Checks the password and then the second factor of a signed-in user (throttled like a sign-in);
 * refuses with invalid_credentials, verification_code_incorrect or account_locked. When both are
 * right, `onVerified` runs in the same transaction as the use of the code.
 */
async function verifyPasswordAndSecondFactor(
  dependencies: AccountDependencies,
  user: UserRow,
  credentials: { password: string; code: string },
  context: CallContext,
  action: string,
  onVerified: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const { db, secretBox } = dependencies;
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
  const refusal = (failure: FailureOutcome, key: 'invalid_credentials' | 'verification_code_incorrect') =>
    failure.lockedUntil ? accountLockedError(failure.lockedUntil, context.now) : new AppError(key);

  if (!(await verifyPassword(user.password_hash, credentials.password))) {
    const failure = await db.transaction((tx) => recordFailure(tx, 'password'));
    throw refusal(failure, 'invalid_credentials');
  }
  const failure = await db.transaction(async (tx) => {
    const isCodeRight = await checkSecondFactor(tx, secretBox, {
      user,
      code: credentials.code,
      emailPurpose: 'step_up',
      now: context.now,
    });
    if (!isCodeRight) return recordFailure(tx, 'second_factor');
    await onVerified(tx);
    return null;
  });
  if (failure) throw refusal(failure, 'verification_code_incorrect');
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

/** Old password and second factor; the other sessions end and the user is told by email. */
export async function changePassword(
  dependencies: AccountDependencies,
  body: Body<typeof modifyLoginPassword>,
  context: CallContext,
): Promise<null> {
  const user = await sessionUser(dependencies, context);
  assertAcceptableNewPassword(body.new_password, user.email);
  const passwordHash = await hashPassword(body.new_password);
  await verifyPasswordAndSecondFactor(
    dependencies,
    user,
    { password: body.old_password, code: body.code },
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
        detail: { sessions_ended: ended },
      });
      await recordSecurityChange(tx, user, 'password_changed', context.now);
    },
  );
  return null;
}

/** Re-authentication before a sensitive action: the second factor is fresh for 5 minutes. */
export async function checkPassword(
  dependencies: AccountDependencies,
  body: Body<typeof verifyLoginPassword>,
  context: CallContext,
): Promise<ResponseOf<typeof verifyLoginPassword>> {
  const user = await sessionUser(dependencies, context);
  const verifiedUntil = new Date(context.now.getTime() + sessionRules.freshSecondFactorSeconds * secondsMs);
  await verifyPasswordAndSecondFactor(dependencies, user, body, context, 'step_up', async (tx) => {
    await markSecondFactorFresh(tx, context.session.session_id, verifiedUntil);
    await writeAudit(tx, {
      action: 'step_up.verified',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: { until: verifiedUntil.toISOString() },
    });
  });
  return { verified_until: verifiedUntil.toISOString() };
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

export async function sessionsOfUser(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof listSessions>> {
  const { db } = dependencies;
  const rows = await listLiveSessions(db, context.session.user_id, context.now);
  return {
    items: rows.map((row) => ({
      session_id: row.id,
      device: row.device,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      is_current: row.id === context.session.session_id,
    })),
  };
}

/** Only the user's own sessions: another user's session id answers not_found, as a made-up one does. */
export async function endOneSession(
  dependencies: AccountDependencies,
  body: Body<typeof revokeSession>,
  context: CallContext,
): Promise<null> {
  const { db } = dependencies;
  const { user_id: userId, company_id: companyId } = context.session;
  const isEnded =
    uuidPattern.test(body.session_id) &&
    (await db.transaction(async (tx) => {
      const ended = await endSession(tx, {
        sessionId: body.session_id,
        userId,
        now: context.now,
        reason: 'revoked',
      });
      if (ended) {
        await writeAudit(tx, {
          action: 'session.revoked',
          at: context.now,
          actorUserId: userId,
          companyId,
          ip: context.ip,
          detail: { session_id: body.session_id },
        });
      }
      return ended;
    }));
  if (!isEnded) throw new AppError('not_found', { detail: 'no live session of this user with that id' });
  return null;
}

export async function endOtherSessions(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof revokeOtherSessions>> {
  const { db } = dependencies;
  const { user_id: userId, company_id: companyId, session_id: sessionId } = context.session;
  const ended = await db.transaction(async (tx) => {
    const count = await endSessionsOfUser(tx, {
      userId,
      now: context.now,
      reason: 'revoked',
      exceptSessionId: sessionId,
    });
    await writeAudit(tx, {
      action: 'session.revoked_others',
      at: context.now,
      actorUserId: userId,
      companyId,
      ip: context.ip,
      detail: { sessions_ended: count },
    });
    return count;
  });
  return { ended };
}

export async function signOut(dependencies: AccountDependencies, context: CallContext): Promise<null> {
  const { db } = dependencies;
  const { user_id: userId, company_id: companyId, session_id: sessionId } = context.session;
  await db.transaction(async (tx) => {
    await endSession(tx, { sessionId, userId, now: context.now, reason: 'sign_out' });
    await writeAudit(tx, {
      action: 'session.signed_out',
      at: context.now,
      actorUserId: userId,
      companyId,
      ip: context.ip,
      detail: { session_id: sessionId },
    });
  });
  return null;
}
