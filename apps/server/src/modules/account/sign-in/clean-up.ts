/**
 * What sign-in leaves behind and no rule needs any more, removed by a schedule: emailed codes a day
 * after they were sent (the hourly sending limits count the last hour only), login challenges and
 * passkey challenges a day after they expired (or were used), and sessions 30 days after they ended (kept that long to answer "who was
 * signed in when" while an incident is fresh; the audit log keeps the sign-ins themselves).
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { deleteOldPasskeyChallenges } from '../passkeys/queries.ts';
import { emailCodes, loginChallenges, sessions } from '../tables.ts';

export const cleanSignInRecordsSchedule = 'account__clean_sign_in_records';

const dayMs = 24 * 60 * 60 * 1000;
const emailCodeRetentionMs = dayMs;
const loginChallengeRetentionMs = dayMs;
const endedSessionRetentionMs = 30 * dayMs;

export async function cleanSignInRecords(handle: DbHandle, now: Date): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await handle.delete(emailCodes).where(lt(emailCodes.created_at, before(emailCodeRetentionMs)));
  await deleteOldPasskeyChallenges(handle, before(loginChallengeRetentionMs));
  await handle.delete(loginChallenges).where(lt(loginChallenges.expires_at, before(loginChallengeRetentionMs)));
  const sessionEnd = before(endedSessionRetentionMs);
  await handle
    .delete(sessions)
    .where(
      or(lt(sessions.expires_at, sessionEnd), and(isNotNull(sessions.revoked_at), lt(sessions.revoked_at, sessionEnd))),
    );
}
