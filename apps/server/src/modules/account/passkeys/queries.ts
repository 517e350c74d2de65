/** Passkeys and their ceremonies' challenges: reads and writes taking the database or transaction handle first. */
import type { PasskeyItem } from '@bank/contract/passkeys';
import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { hashOfSecretToken } from '../../../platform/secret-tokens.ts';
import { loginRules } from '../rules.ts';
import { loginChallenges, users } from '../tables.ts';
import { type PasskeyChallengePurpose, passkeyChallenges, passkeys } from './tables.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** How the wire shows a passkey: never its key or counter. */
export function passkeyItemOf(row: PasskeyRow): PasskeyItem {
  return {
    passkey_id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    is_synced: row.device_type === 'multiDevice',
  };
}

export function passkeysOfUser(handle: DbHandle, userId: string): Promise<PasskeyRow[]> {
  return handle.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.created_at));
}

export async function passkeyCountOfUser(handle: DbHandle, userId: string): Promise<number> {
  const [row] = await handle.select({ value: count() }).from(passkeys).where(eq(passkeys.user_id, userId));
  return row?.value ?? 0;
}

/** One passkey of the user by its credential id, locked for its counter; another user's is not found. */
export async function lockPasskeyOfUser(
  handle: DbHandle,
  userId: string,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await handle
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.user_id, userId), eq(passkeys.credential_id, credentialId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertPasskey(
  handle: DbHandle,
  row: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [inserted] = await handle
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credential_id })
    .returning();
  return inserted;
}

export async function markPasskeyUsed(handle: DbHandle, passkeyId: string, counter: number, now: Date): Promise<void> {
  await handle.update(passkeys).set({ counter, last_used_at: now }).where(eq(passkeys.id, passkeyId));
}

export async function renamePasskeyOfUser(
  handle: DbHandle,
  query: { userId: string; passkeyId: string; name: string },
): Promise<boolean> {
  const renamed = await handle
    .update(passkeys)
    .set({ name: query.name })
    .where(and(eq(passkeys.id, query.passkeyId), eq(passkeys.user_id, query.userId)))
    .returning({ id: passkeys.id });
  return renamed.length > 0;
}

export async function deletePasskeyOfUser(
  handle: DbHandle,
  query: { userId: string; passkeyId: string },
): Promise<PasskeyRow | undefined> {
  const [deleted] = await handle
    .delete(passkeys)
    .where(and(eq(passkeys.id, query.passkeyId), eq(passkeys.user_id, query.userId)))
    .returning();
  return deleted;
}

export async function setPasskeyRequired(handle: DbHandle, userId: string, isRequired: boolean): Promise<void> {
  await handle.update(users).set({ is_passkey_required: isRequired }).where(eq(users.id, userId));
}

/** Locks the user's row: adding, removing and the requirement of one user's passkeys queue behind each other. */
export async function lockUserPasskeys(handle: DbHandle, userId: string): Promise<void> {
  await handle.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function insertPasskeyChallenge(
  handle: DbHandle,
  row: {
    id: string;
    userId: string;
    purpose: PasskeyChallengePurpose;
    challenge: string;
    loginChallengeId: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await handle.insert(passkeyChallenges).values({
    id: row.id,
    user_id: row.userId,
    purpose: row.purpose,
    challenge_hash: hashOfSecretToken(row.challenge),
    login_challenge_id: row.loginChallengeId,
    expires_at: row.expiresAt,
    created_at: row.now,
  });
}

/**
 * Uses up a challenge: only once, only before it expires, only by the user and for the purpose (and
 * the sign-in) it was made for. Answers whether it was open.
 */
export async function claimPasskeyChallenge(
  handle: DbHandle,
  claim: {
    challenge: string;
    userId: string;
    purpose: PasskeyChallengePurpose;
    loginChallengeId: string | null;
    now: Date;
  },
): Promise<boolean> {
  const claimed = await handle
    .update(passkeyChallenges)
    .set({ used_at: claim.now })
    .where(
      and(
        eq(passkeyChallenges.challenge_hash, hashOfSecretToken(claim.challenge)),
        eq(passkeyChallenges.user_id, claim.userId),
        eq(passkeyChallenges.purpose, claim.purpose),
        claim.loginChallengeId === null
          ? isNull(passkeyChallenges.login_challenge_id)
          : eq(passkeyChallenges.login_challenge_id, claim.loginChallengeId),
        isNull(passkeyChallenges.used_at),
        gt(passkeyChallenges.expires_at, claim.now),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return claimed.length > 0;
}

/** Challenges used or expired before `before`: nothing can use them any more. */
export async function deleteOldPasskeyChallenges(handle: DbHandle, before: Date): Promise<void> {
  await handle
    .delete(passkeyChallenges)
    .where(or(lt(passkeyChallenges.expires_at, before), lt(passkeyChallenges.used_at, before)));
}

/** The pending second step of a sign-in a client holds the id of, while it may still be answered. */
export async function findOpenLoginChallenge(handle: DbHandle, challengeId: string, now: Date) {
  const [challenge] = await handle
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.token_hash, hashOfSecretToken(challengeId)),
        isNull(loginChallenges.used_at),
        gt(loginChallenges.expires_at, now),
        lt(loginChallenges.attempts, loginRules.maxChallengeAttempts),
      ),
    )
    .limit(1);
  return challenge;
}
