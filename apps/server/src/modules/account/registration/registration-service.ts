/**
 * Registration and the emailed codes every purpose uses: a code by email (register, login, reset,
 * step-up), its check, and the registration of a company and its administrator. No answer tells
 * whether an address has an account: unknown addresses get the same answers and the same limits.
 *
 * Refusals that must leave a trace (a try of a code) are decided inside a transaction that returns
 * an outcome and commits; the call throws only after the commit.
 */
import type { EmailCodePurpose, sendEmail, verifyEmailCode } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import type { Language } from '@bank/contract/constants';
import type { register } from '@bank/contract/registration';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit.ts';
import { type DbHandle, postgresErrorCode } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CallContext } from '../../../platform/route.ts';
import { codeEmail, noticeEmail } from '../account-emails.ts';
import type { AccountDependencies, Body } from '../context.ts';
import {
  findRelationshipManagerByReferralCode,
  findUserByEmail,
  findUserById,
  insertCompany,
  insertUser,
  isActiveUser,
  type UserRow,
} from '../queries.ts';
import { emailCodeRules, loginRules } from '../rules.ts';
import { loginChallenges } from '../tables.ts';
import { languageOfUser } from '../user-info.ts';
import { assertMaySendCode, checkEmailCode, issueEmailCode, lockAddress } from './email-codes.ts';
import { assertAcceptableNewPassword, hashPassword } from './passwords.ts';

type Answer<Call> = ResponseOf<Call>;

const uniqueViolation = '23505';

/** What a sendEmail request makes the server send, decided without telling the caller. */
type Delivery = { kind: 'code'; language: Language } | { kind: 'account_exists'; user: UserRow } | { kind: 'nothing' };

async function hasOpenEmailChallenge(handle: DbHandle, userId: string, now: Date): Promise<boolean> {
  const [open] = await handle
    .select({ id: loginChallenges.id })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.user_id, userId),
        eq(loginChallenges.method, 'email'),
        isNull(loginChallenges.used_at),
        gt(loginChallenges.expires_at, now),
        lt(loginChallenges.attempts, loginRules.maxChallengeAttempts),
      ),
    )
    .limit(1);
  return open !== undefined;
}

async function deliveryOf(
  handle: DbHandle,
  request: { email: string; purpose: EmailCodePurpose; language: Language; now: Date },
): Promise<Delivery> {
  const found = await findUserByEmail(handle, request.email);
  switch (request.purpose) {
    case 'register':
      // The owner of a registered address is told so instead of getting a code; the caller cannot tell.
      return found ? { kind: 'account_exists', user: found } : { kind: 'code', language: request.language };
    case 'login': {
      // A new sign-in code only for a sign-in waiting for one (the password step sends the first).
      const user = isActiveUser(found) ? found : undefined;
      return user && (await hasOpenEmailChallenge(handle, user.id, request.now))
        ? { kind: 'code', language: languageOfUser(user) }
        : { kind: 'nothing' };
    }
    case 'reset_password':
    case 'step_up':
      // An invited sub-account sets its first password through its invitation, never a reset.
      return isActiveUser(found) ? { kind: 'code', language: languageOfUser(found) } : { kind: 'nothing' };
  }
}

export async function sendCode(
  dependencies: AccountDependencies,
  body: Body<typeof sendEmail>,
  context: CallContext,
): Promise<Answer<typeof sendEmail>> {
  const { db, secretBox, emailQueue } = dependencies;
  if (body.purpose === 'step_up') {
    // A step-up code goes only to the signed-in user's own address.
    const user = await findUserById(db, context.session.user_id);
    if (!user || user.email !== body.email) {
      throw new AppError('forbidden', { detail: 'step_up code asked for another address' });
    }
  }
  await db.transaction(async (tx) => {
    await lockAddress(tx, body.email);
    await assertMaySendCode(tx, {
      email: body.email,
      purpose: body.purpose,
      now: context.now,
      client: { ip: context.ip, maxPerHour: dependencies.emailCodesPerClientPerHour },
    });
    const delivery = await deliveryOf(tx, { ...body, language: context.language, now: context.now });
    const code = await issueEmailCode(tx, secretBox, {
      email: body.email,
      purpose: body.purpose,
      isDelivered: delivery.kind === 'code',
      now: context.now,
      ip: context.ip,
    });
    if (delivery.kind === 'code') {
      await emailQueue.enqueue(tx, codeEmail(delivery.language, body.email, body.purpose, code, body.action));
    } else if (delivery.kind === 'account_exists') {
      await emailQueue.enqueue(tx, noticeEmail(languageOfUser(delivery.user), body.email, 'account_exists'));
    }
  });
  return { resend_after_seconds: emailCodeRules.resendCooldownSeconds };
}

export async function checkCode(
  dependencies: AccountDependencies,
  body: Body<typeof verifyEmailCode>,
  context: CallContext,
): Promise<Answer<typeof verifyEmailCode>> {
  const { db, secretBox } = dependencies;
  const isRight = await db.transaction((tx) =>
    checkEmailCode(tx, secretBox, { ...body, now: context.now, shouldConsume: false }),
  );
  if (!isRight) throw new AppError('verification_code_incorrect');
  return { is_valid: true };
}

/**
 * Registration consumes the register code (proof that the caller reads the address). An address
 * that already has an account is never sent a register code (its owner gets a notice instead),
 * so `email_taken` arises only after a right code, when the address was registered meanwhile.
 */
export async function registerCompany(
  dependencies: AccountDependencies,
  body: Body<typeof register>,
  context: CallContext,
): Promise<Answer<typeof register>> {
  const { db, secretBox } = dependencies;
  assertAcceptableNewPassword(body.new_password, body.email);
  // Hashed before the transaction: the hash takes tens of milliseconds and must not hold a lock.
  const passwordHash = await hashPassword(body.new_password);
  const outcome = await db
    .transaction(async (tx) => {
      await lockAddress(tx, body.email);
      const isCodeRight = await checkEmailCode(tx, secretBox, {
        email: body.email,
        purpose: 'register',
        code: body.email_code,
        now: context.now,
        shouldConsume: true,
      });
      if (!isCodeRight) return 'code_incorrect' as const;
      if (await findUserByEmail(tx, body.email)) return 'email_taken' as const;

      const ciCode = body.ci_code || null;
      const manager = ciCode ? await findRelationshipManagerByReferralCode(tx, ciCode) : undefined;
      const companyId = await insertCompany(tx, {
        name: null,
        ciCode,
        relationshipManagerId: manager?.id ?? null,
        now: context.now,
      });
      const userId = await insertUser(tx, {
        email: body.email,
        fullName: body.full_name,
        phoneCountry: body.phone_country,
        phone: body.phone,
        passwordHash,
        role: 'administrator',
        language: context.language,
        companyId,
        termsAcceptedAt: context.now,
        now: context.now,
      });
      await writeAudit(tx, {
        action: 'account.registered',
        at: context.now,
        actorUserId: userId,
        companyId,
        ip: context.ip,
        detail: { has_ci_code: ciCode !== null, is_ci_code_known: manager !== undefined },
      });
      return 'registered' as const;
    })
    .catch((error: unknown) => {
      if (postgresErrorCode(error) === uniqueViolation) return 'email_taken' as const;
      throw error;
    });
  if (outcome === 'code_incorrect') throw new AppError('verification_code_incorrect');
  if (outcome === 'email_taken') throw new AppError('email_taken', { detail: 'address registered meanwhile' });
  return null;
}
