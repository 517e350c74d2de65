/**
 * Sign-in back-off and lock (the module's rules.ts, loginThrottleRules). Failures are counted per account subject
 * (the address typed, registered or not, so that an unknown address is delayed and locked exactly
 * like a real one) and per network address. A refusal is decided before the password is checked,
 * so the answer to a locked account never depends on whether the password was right.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { rateLimitedError } from '../../../platform/rate-limit.ts';
import { emailTime } from '../account-emails.ts';
import { loginThrottleRules } from '../rules.ts';
import { loginThrottles } from '../tables.ts';

const secondsMs = 1000;

export type ThrottleSubjects = { account: string; ip: string };

export function throttleSubjectsOf(email: string, ip: string): ThrottleSubjects {
  return { account: `account:${email}`, ip: `ip:${ip}` };
}

type ThrottleRule = { firstDelayedFailure: number; maxDelaySeconds: number; memorySeconds: number };

/** 2, 4, 8 ... seconds from the first delayed failure on, capped. */
function delaySecondsAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.firstDelayedFailure) return 0;
  return Math.min(2 ** (failures - rule.firstDelayedFailure + 1), rule.maxDelaySeconds);
}

export function accountLockedError(lockedUntil: Date, now: Date): AppError {
  return new AppError('account_locked', {
    data: { retry_after_seconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / secondsMs)) },
    messageKey: 'email.messages.account_locked_until',
    params: { until: emailTime(lockedUntil) },
    detail: 'sign-in refused: account locked',
  });
}

/** Refuses (account_locked or rate_limited) when a sign-in attempt may not be made now. */
export async function assertMayAttemptSignIn(handle: DbHandle, subjects: ThrottleSubjects, now: Date): Promise<void> {
  const rows = await handle
    .select()
    .from(loginThrottles)
    .where(inArray(loginThrottles.subject, [subjects.account, subjects.ip]));
  const account = rows.find((row) => row.subject === subjects.account);
  const ip = rows.find((row) => row.subject === subjects.ip);

  if (account?.locked_until && account.locked_until > now) throw accountLockedError(account.locked_until, now);
  for (const [row, rule] of [
    [account, loginThrottleRules.account],
    [ip, loginThrottleRules.ip],
  ] as const) {
    if (!row || now.getTime() - row.last_failure_at.getTime() > rule.memorySeconds * secondsMs) continue;
    if (row.locked_until && row.locked_until <= now) continue;
    const allowedAtMs = row.last_failure_at.getTime() + delaySecondsAfter(row.failure_count, rule) * secondsMs;
    if (allowedAtMs > now.getTime()) {
      throw rateLimitedError(
        (allowedAtMs - now.getTime()) / secondsMs,
        `sign-in back-off of ${row.subject.split(':')[0]}`,
      );
    }
  }
}

/** Adds one failure to a subject; a failure after a lock ended or long after the last one starts afresh. */
async function countFailure(handle: DbHandle, subject: string, rule: ThrottleRule, now: Date): Promise<number> {
  const forgottenBefore = new Date(now.getTime() - rule.memorySeconds * secondsMs);
  const [row] = await handle
    .insert(loginThrottles)
    .values({ subject, failure_count: 1, last_failure_at: now, locked_until: null })
    .onConflictDoUpdate({
      target: loginThrottles.subject,
      set: {
        failure_count: sql`case when ${loginThrottles.locked_until} <= ${now} or ${loginThrottles.last_failure_at} < ${forgottenBefore} then 1 else ${loginThrottles.failure_count} + 1 end`,
        last_failure_at: now,
        locked_until: sql`case when ${loginThrottles.locked_until} <= ${now} then null else ${loginThrottles.locked_until} end`,
      },
    })
    .returning({ failure_count: loginThrottles.failure_count });
  return row?.failure_count ?? 1;
}

export type FailureOutcome = { accountFailures: number; lockedUntil: Date | null };

/** Records a failed sign-in (wrong password or wrong second-factor code); locks the account at the limit. */
export async function recordSignInFailure(
  handle: DbHandle,
  subjects: ThrottleSubjects,
  now: Date,
): Promise<FailureOutcome> {
  const accountFailures = await countFailure(handle, subjects.account, loginThrottleRules.account, now);
  await countFailure(handle, subjects.ip, loginThrottleRules.ip, now);
  if (accountFailures < loginThrottleRules.account.lockAfterFailures) return { accountFailures, lockedUntil: null };
  const lockedUntil = new Date(now.getTime() + loginThrottleRules.account.lockSeconds * secondsMs);
  await handle
    .update(loginThrottles)
    .set({ locked_until: lockedUntil })
    .where(eq(loginThrottles.subject, subjects.account));
  return { accountFailures, lockedUntil };
}

/** A complete sign-in (or a password reset by email) clears the account's failures; the address keeps its own. */
export async function clearAccountFailures(handle: DbHandle, email: string): Promise<void> {
  await handle.delete(loginThrottles).where(eq(loginThrottles.subject, `account:${email}`));
}
