/**
 * The two-step sign-in and password recovery by emailed code. No answer tells whether an address
 * has an account: unknown addresses get the same answers, the same limits and the same hashing work
 * as registered ones.
 *
 * Refusals that must leave a trace (a try of a code, a failed sign-in, the audit entry) are decided
 * inside a transaction that returns an outcome and commits; the call throws only after the commit.
 */
import type { forgetLoginPassword, login, SignedIn, secondFactorMethods } from '@bank/contract/account';
import type { RequestOf, ResponseOf } from '@bank/contract/calls';
import { eq } from 'drizzle-orm';
import type { EmailQueue } from '../../../adapters/mail/email-queue.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { newId } from '../../../platform/ids.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { hashOfSecretToken, newSecretToken } from '../../../platform/secret-tokens.ts';
import { codeEmail } from '../account-emails.ts';
import { recoveryCodesLeft, useRecoveryCode } from '../authenticator/recovery-codes.ts';
import type { AccountDependencies, Body } from '../context.ts';
import { checkAuthentication, relyingPartyOf } from '../passkeys/ceremony.ts';
import { passkeyCountOfUser } from '../passkeys/queries.ts';
import {
  findUserByEmail,
  findUserById,
  findUserWithCompany,
  isActiveUser,
  type UserRow,
  updatePasswordHash,
} from '../queries.ts';
import { checkEmailCode, hasRecentDeliveredCode, issueEmailCode, lockAddress } from '../registration/email-codes.ts';
import {
  assertAcceptableNewPassword,
  hashPassword,
  verifyPassword,
  verifyPasswordOfNobody,
} from '../registration/passwords.ts';
import { loginRules } from '../rules.ts';
import { loginChallenges } from '../tables.ts';
import { isStaffUser, kycStatusOfCompany, languageOfUser, mustHaveAuthenticator } from '../user-info.ts';
import { describeDevice } from './device.ts';
import {
  accountLockedError,
  assertMayAttemptSignIn,
  clearAccountFailures,
  type FailureOutcome,
  recordSignInFailure,
  throttleSubjectsOf,
} from './login-throttle.ts';
import { checkAuthenticatorCode } from './second-factor.ts';
import { recordSecurityChange } from './security-notices.ts';
import { endSessionsOfUser, isNewDeviceOfUser, startSession } from './sessions.ts';

type Answer<Call> = ResponseOf<Call>;

const secondsMs = 1000;

/**
 * The second factor a sign-in asks for first: passkeys for staff who require them, else the
 * authenticator when one is paired, else an emailed code (a user with a passkey may use it instead).
 */
function secondFactorMethodOf(user: UserRow, canUsePasskey: boolean): SecondFactorMethod {
  if (user.is_passkey_required && canUsePasskey) return 'passkey';
  return user.totp_secret_sealed ? 'authenticator' : 'email';
}

/** "a***@example.com": enough for the user to recognise the address, little for anyone else. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The password step passed: a sign-in challenge for the second step, and for an email user its code
 * (unless one sent moments ago is still good). Answers the challenge's id, the caller's to send back.
 */
async function openLoginChallenge(
  tx: DbHandle,
  senders: { secretBox: SecretBox; emailQueue: EmailQueue },
  opened: { user: UserRow; method: SecondFactorMethod; canUsePasskey: boolean },
  context: CallContext,
): Promise<string> {
  const { secretBox, emailQueue } = senders;
  const { user, method, canUsePasskey } = opened;
  const challengeId = newSecretToken();
  await tx.insert(loginChallenges).values({
    id: newId(context.now.getTime()),
    token_hash: hashOfSecretToken(challengeId),
    user_id: user.id,
    method,
    expires_at: new Date(context.now.getTime() + loginRules.challengeValiditySeconds * secondsMs),
    created_at: context.now,
    ip: context.ip,
  });
  // A user with a passkey is emailed a code only when they ask for one (sendEmail) instead of using it.
  if (method === 'email' && !canUsePasskey) {
    await lockAddress(tx, user.email);
    // A code sent moments ago is still good: signing in twice quickly must not flood the mailbox.
    if (!(await hasRecentDeliveredCode(tx, { email: user.email, purpose: 'login', now: context.now }))) {
      const code = await issueEmailCode(tx, secretBox, {
        email: user.email,
        purpose: 'login',
        isDelivered: true,
        now: context.now,
        ip: context.ip,
      });
      await emailQueue.enqueue(tx, codeEmail(languageOfUser(user), user.email, 'login', code), {
        companyId: user.company_id,
      });
    }
  }
  return challengeId;
}

type LoginChallengeRow = typeof loginChallenges.$inferSelect;
type SecondFactorBody = Extract<RequestOf<typeof login>, { step: 'second_factor' | 'recovery_code' | 'passkey' }>;
type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** The code of the method fixed at the password step: pairing or removing an authenticator meanwhile does not change it. */
async function checkCode(
  tx: DbHandle,
  secretBox: SecretBox,
  passed: { user: UserRow; challenge: LoginChallengeRow; code: string },
  now: Date,
): Promise<boolean> {
  const { user, challenge, code } = passed;
  // Staff who require passkeys: no code stands in for one (decision 43).
  if (challenge.method === 'passkey' || user.is_passkey_required) return false;
  if (challenge.method === 'email') {
    return checkEmailCode(tx, secretBox, { email: user.email, purpose: 'login', code, now, shouldConsume: true });
  }
  return (
    user.totp_secret_sealed !== null &&
    checkAuthenticatorCode(tx, secretBox, { userId: user.id, secretSealed: user.totp_secret_sealed, code, now })
  );
}

type SecondFactorOutcome = { isCodeRight: boolean; recoveryCodesLeftAfter: number | null; passkeyId: string | null };

/**
 * Whether the second step's answer is right: a code, a recovery code (used up, and how many are left
 * told) or one of the user's passkeys answering options made for this sign-in.
 */
async function checkSecondFactor(
  tx: DbHandle,
  dependencies: Pick<AccountDependencies, 'secretBox' | 'publicUrl'>,
  passed: { user: UserRow; challenge: LoginChallengeRow; body: SecondFactorBody },
  context: CallContext,
): Promise<SecondFactorOutcome> {
  const { user, challenge, body } = passed;
  const { secretBox } = dependencies;
  const now = context.now;
  if (body.step === 'passkey') {
    const passkey = await checkAuthentication(tx, relyingPartyOf(dependencies.publicUrl, context), {
      credential: body.credential,
      userId: user.id,
      purpose: 'sign_in',
      loginChallengeId: challenge.id,
      now,
    });
    return { isCodeRight: passkey !== null, recoveryCodesLeftAfter: null, passkeyId: passkey?.id ?? null };
  }
  if (body.step === 'second_factor') {
    const isCodeRight = await checkCode(tx, secretBox, { user, challenge, code: body.code }, now);
    return { isCodeRight, recoveryCodesLeftAfter: null, passkeyId: null };
  }
  // A recovery code stands in for an authenticator (or a passkey) only; an email user has the mailbox.
  const recoveryCodesLeftAfter =
    challenge.method === 'email'
      ? null
      : await useRecoveryCode(tx, secretBox, { userId: user.id, code: body.recovery_code, now });
  return { isCodeRight: recoveryCodesLeftAfter !== null, recoveryCodesLeftAfter, passkeyId: null };
}

function methodOfStep(body: SecondFactorBody, challenge: LoginChallengeRow): string {
  if (body.step === 'recovery_code') return 'recovery_code';
  if (body.step === 'passkey') return 'passkey';
  return challenge.method;
}

/**
 * A second step passed: the challenge used, the failures cleared, a session started and audited (and
 * a recovery code's use noted); answers what the user signs in with.
 */
async function completeSignIn(
  tx: DbHandle,
  passed: {
    user: UserRow;
    challenge: LoginChallengeRow;
    body: SecondFactorBody;
    recoveryCodesLeftAfter: number | null;
    passkeyId: string | null;
  },
  context: CallContext,
): Promise<SignedIn & { recovery_codes_left?: number }> {
  const { user, challenge, body, recoveryCodesLeftAfter } = passed;
  await tx.update(loginChallenges).set({ used_at: context.now }).where(eq(loginChallenges.id, challenge.id));
  await clearAccountFailures(tx, user.email);
  const device = describeDevice(context.userAgent);
  if (await isNewDeviceOfUser(tx, user.id, device))
    await recordEvent(
      tx,
      'account.signed_in_from_new_device',
      { user_id: user.id, company_id: user.company_id, device, ip: context.ip, at: context.now.toISOString() },
      { companyId: user.company_id },
    );
  const session = await startSession(tx, { userId: user.id, now: context.now, device, ip: context.ip });
  await writeAudit(tx, {
    action: 'login.succeeded',
    at: context.now,
    actorUserId: user.id,
    companyId: user.company_id,
    ip: context.ip,
    detail: {
      method: methodOfStep(body, challenge),
      ...(passed.passkeyId ? { passkey_id: passed.passkeyId } : {}),
      session_id: session.sessionId,
      device,
    },
  });
  if (recoveryCodesLeftAfter !== null) {
    await writeAudit(tx, {
      action: 'recovery_code.used',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: { codes_left: recoveryCodesLeftAfter, session_id: session.sessionId },
    });
    await recordSecurityChange(tx, user, 'recovery_code_used', context.now, {
      recovery_codes_left: recoveryCodesLeftAfter,
    });
  }
  const withCompany = await findUserWithCompany(tx, user.id);
  const signedIn: SignedIn = {
    status: 'signed_in',
    token: session.token,
    userid: user.id,
    username: user.full_name,
    is_google: true,
    kyc_status: kycStatusOfCompany(withCompany?.company?.kyc_status),
    is_staff: isStaffUser(user),
    must_pair_authenticator: mustHaveAuthenticator(user.role) && user.totp_paired_at === null,
  };
  // An authenticator user learns how many recovery codes are left (none: paired before codes existed).
  const codesLeft =
    recoveryCodesLeftAfter ?? (challenge.method === 'authenticator' ? await recoveryCodesLeft(tx, user.id) : undefined);
  return codesLeft === undefined ? signedIn : { ...signedIn, recovery_codes_left: codesLeft };
}

// Long: the container of the service's calls, each a short method sharing its dependencies.
export function createSignInService(dependencies: AccountDependencies) {
  const { db, secretBox, emailQueue } = dependencies;

  /** After a failure is recorded: the lock notice and audit entry when this failure locked the account. */
  async function noteLockIfNew(
    handle: DbHandle,
    outcome: FailureOutcome,
    user: UserRow | undefined,
    context: CallContext,
  ): Promise<void> {
    if (!outcome.lockedUntil || !user) return;
    await writeAudit(handle, {
      action: 'login.locked',
      at: context.now,
      actorUserId: user.id,
      companyId: user.company_id,
      ip: context.ip,
      detail: { failures: outcome.accountFailures, locked_until: outcome.lockedUntil.toISOString() },
    });
    await recordSecurityChange(handle, user, 'account_locked', context.now, {
      failures: outcome.accountFailures,
      locked_until: outcome.lockedUntil.toISOString(),
    });
  }

  function failedSignInError(outcome: FailureOutcome, now: Date): AppError {
    return outcome.lockedUntil ? accountLockedError(outcome.lockedUntil, now) : new AppError('invalid_credentials');
  }

  return {
    async login(body: Body<typeof login>, context: CallContext): Promise<Answer<typeof login>> {
      if (body.step === 'password') return passwordStep(body, context);
      return secondFactorStep(body, context);
    },

    /** Ends every session of the user; unknown addresses answer exactly as a wrong code does. */
    async forgetLoginPassword(
      body: Body<typeof forgetLoginPassword>,
      context: CallContext,
    ): Promise<Answer<typeof forgetLoginPassword>> {
      assertAcceptableNewPassword(body.new_password, body.email);
      const passwordHash = await hashPassword(body.new_password);
      const outcome = await db.transaction(async (tx) => {
        await lockAddress(tx, body.email);
        const isCodeRight = await checkEmailCode(tx, secretBox, {
          email: body.email,
          purpose: 'reset_password',
          code: body.code,
          now: context.now,
          shouldConsume: true,
        });
        const found = isCodeRight ? await findUserByEmail(tx, body.email) : undefined;
        const user = isActiveUser(found) ? found : undefined;
        if (!user) return 'code_incorrect' as const;
        await updatePasswordHash(tx, user.id, passwordHash, context.now);
        const ended = await endSessionsOfUser(tx, { userId: user.id, now: context.now, reason: 'password_reset' });
        // Proving the mailbox is what the lock waits for: the owner may sign in again at once.
        await clearAccountFailures(tx, user.email);
        await writeAudit(tx, {
          action: 'password.reset',
          at: context.now,
          actorUserId: user.id,
          companyId: user.company_id,
          ip: context.ip,
          detail: { sessions_ended: ended },
        });
        await recordSecurityChange(tx, user, 'password_reset', context.now);
        return 'reset' as const;
      });
      if (outcome === 'code_incorrect') throw new AppError('verification_code_incorrect');
      return null;
    },
  };

  async function passwordStep(
    body: Extract<RequestOf<typeof login>, { step: 'password' }>,
    context: CallContext,
  ): Promise<Answer<typeof login>> {
    const subjects = throttleSubjectsOf(body.email, context.ip);
    await assertMayAttemptSignIn(db, subjects, context.now);
    // An invited sub-account has no password yet and a removed one no account: both read as unknown.
    const found = await findUserByEmail(db, body.email);
    const user = found?.status === 'active' || found?.status === 'disabled' ? found : undefined;
    const isPasswordRight = user
      ? await verifyPassword(user.password_hash, body.password)
      : await verifyPasswordOfNobody(body.password);

    if (!user || !isPasswordRight) {
      const outcome = await db.transaction(async (tx) => {
        const failure = await recordSignInFailure(tx, subjects, context.now);
        await writeAudit(tx, {
          action: 'login.failed',
          at: context.now,
          actorUserId: user?.id ?? null,
          companyId: user?.company_id ?? null,
          ip: context.ip,
          detail: { step: 'password', is_known_address: user !== undefined, failures: failure.accountFailures },
        });
        await noteLockIfNew(tx, failure, user, context);
        return failure;
      });
      throw failedSignInError(outcome, context.now);
    }

    // Only the owner of the password learns that their company's administrator turned their access off.
    if (user.status === 'disabled') {
      throw new AppError('forbidden', {
        messageKey: 'email.messages.account_disabled',
        detail: `sign-in of disabled user ${user.id}`,
      });
    }

    const canUsePasskey = (await passkeyCountOfUser(db, user.id)) > 0;
    const method = secondFactorMethodOf(user, canUsePasskey);
    const challengeId = await db.transaction((tx) =>
      openLoginChallenge(tx, { secretBox, emailQueue }, { user, method, canUsePasskey }, context),
    );
    return {
      status: 'second_factor_required',
      challenge_id: challengeId,
      method,
      email_hint: method === 'email' ? maskEmail(user.email) : null,
      can_use_passkey: canUsePasskey,
    };
  }

  /**
   * The second step: the code of the method fixed at the password step, or, for an authenticator
   * user, one of their recovery codes (used up; the user is emailed and told how many are left).
   */
  async function secondFactorStep(body: SecondFactorBody, context: CallContext): Promise<Answer<typeof login>> {
    const outcome = await db.transaction(async (tx) => {
      const [challenge] = await tx
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.token_hash, hashOfSecretToken(body.challenge_id)))
        .limit(1)
        .for('update');
      const isChallengeOpen =
        challenge &&
        !challenge.used_at &&
        challenge.expires_at > context.now &&
        challenge.attempts < loginRules.maxChallengeAttempts;
      if (!isChallengeOpen) return { kind: 'challenge_closed' } as const;
      const user = await findUserById(tx, challenge.user_id);
      if (!user) return { kind: 'challenge_closed' } as const;
      const subjects = throttleSubjectsOf(user.email, context.ip);
      await assertMayAttemptSignIn(tx, subjects, context.now);

      const { isCodeRight, recoveryCodesLeftAfter, passkeyId } = await checkSecondFactor(
        tx,
        dependencies,
        { user, challenge, body },
        context,
      );
      if (!isCodeRight) {
        await tx
          .update(loginChallenges)
          .set({ attempts: challenge.attempts + 1 })
          .where(eq(loginChallenges.id, challenge.id));
        const failure = await recordSignInFailure(tx, subjects, context.now);
        await writeAudit(tx, {
          action: 'login.failed',
          at: context.now,
          actorUserId: user.id,
          companyId: user.company_id,
          ip: context.ip,
          detail: { step: body.step, method: challenge.method, failures: failure.accountFailures },
        });
        await noteLockIfNew(tx, failure, user, context);
        return { kind: 'code_incorrect', failure } as const;
      }

      return {
        kind: 'signed_in',
        signedIn: await completeSignIn(tx, { user, challenge, body, recoveryCodesLeftAfter, passkeyId }, context),
      } as const;
    });

    if (outcome.kind === 'signed_in') return outcome.signedIn;
    if (outcome.kind === 'code_incorrect' && outcome.failure.lockedUntil) {
      throw accountLockedError(outcome.failure.lockedUntil, context.now);
    }
    throw new AppError(body.step === 'passkey' ? 'passkey_not_verified' : 'verification_code_incorrect', {
      detail: outcome.kind,
    });
  }
}
