/**
 * Sessions: an opaque 256-bit token per sign-in, stored only as its SHA-256; idle expiry (the
 * contract's 16 minutes: the client's 15-minute warning and its 60 s countdown) and absolute expiry
 * (12 h) judged by the app clock on every call; revocation by sign-out, by the user from the session
 * list, and by password changes and resets.
 */

import { isStaffRole } from '@bank/contract/account';
import { permissionsOf } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase, DbHandle } from '../../../platform/db.ts';
import { newId } from '../../../platform/ids.ts';
import { hashOfSecretToken, newSecretToken } from '../../../platform/secret-tokens.ts';
import type { SessionContext, SessionResolver } from '../../../platform/session.ts';
import { sessionRules } from '../rules.ts';
import { companies, permissionGroups, sessions, users } from '../tables.ts';
import { kycStatusOfCompany, mustHaveAuthenticator, type UserInfoRow } from '../user-info.ts';

const secondsMs = 1000;

export type NewSession = { userId: string; now: Date; device: string; ip: string | null };

/** Starts a session after a complete sign-in; the sign-in itself counts as a fresh second factor. */
export async function startSession(
  handle: DbHandle,
  session: NewSession,
): Promise<{ token: string; sessionId: string }> {
  const token = newSecretToken();
  const sessionId = newId(session.now.getTime());
  await handle.insert(sessions).values({
    id: sessionId,
    user_id: session.userId,
    token_hash: hashOfSecretToken(token),
    is_second_factor_done: true,
    created_at: session.now,
    last_seen_at: session.now,
    expires_at: new Date(session.now.getTime() + sessionRules.absoluteExpirySeconds * secondsMs),
    step_up_until: new Date(session.now.getTime() + sessionRules.freshSecondFactorSeconds * secondsMs),
    device: session.device,
    ip: session.ip,
  });
  return { token, sessionId };
}

/**
 * Whether a sign-in's device (its browser and system, as the session list names it) is new to the
 * user: they have kept sessions (30 days after their end, clean-up.ts) and none of them used it.
 * A user's first sign-in is not from a new device: every device would be.
 */
export async function isNewDeviceOfUser(handle: DbHandle, userId: string, device: string): Promise<boolean> {
  const [row] = await handle
    .select({
      kept: sql<number>`count(*)::int`,
      same: sql<number>`count(*) filter (where ${sessions.device} = ${device})::int`,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.is_second_factor_done, true)));
  return (row?.kept ?? 0) > 0 && (row?.same ?? 0) === 0;
}

/** The conditions of a live session at `now`, in SQL. */
function isLiveAt(now: Date) {
  return and(
    isNull(sessions.revoked_at),
    eq(sessions.is_second_factor_done, true),
    gt(sessions.expires_at, now),
    gt(sessions.last_seen_at, new Date(now.getTime() - sessionRules.idleExpirySeconds * secondsMs)),
  );
}

/** A token is 43 base64url characters; anything much longer is not ours and is not hashed. */
const maxTokenLength = 128;

/** What getUserInfo shows of the session's user and company, as the session check read them. */
export type SessionUserInfo = {
  user: UserInfoRow;
  company: { id: string; name: string | null; kyc_status: AccountKycStatus } | null;
};

/**
 * The user and company rows the session check read, by the session it resolved: getUserInfo, the
 * read every signed-in screen makes first, answers from them instead of reading them again (one
 * statement a call instead of two). Kept only as long as the request holds its session.
 */
const userInfoOfSessions = new WeakMap<SessionContext, SessionUserInfo>();

/** The user info the session check read with `session`, if this module's resolver resolved it. */
export function userInfoReadWithSession(session: SessionContext): SessionUserInfo | undefined {
  return userInfoOfSessions.get(session);
}

/**
 * The session check's statement. Every call but the public ones runs it: a named prepared statement,
 * built once and parsed once per connection, with the columns a call's context needs and the few
 * getUserInfo shows.
 */
function prepareLiveSessionByToken(db: AppDatabase) {
  return db
    .select({
      session_id: sessions.id,
      user_id: sessions.user_id,
      last_seen_at: sessions.last_seen_at,
      step_up_until: sessions.step_up_until,
      role: users.role,
      company_id: users.company_id,
      totp_paired_at: users.totp_paired_at,
      email: users.email,
      full_name: users.full_name,
      phone_country: users.phone_country,
      phone: users.phone,
      terms_accepted_at: users.terms_accepted_at,
      company_name: companies.name,
      kyc_status: companies.kyc_status,
      group_permissions: permissionGroups.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permission_group_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('tokenHash')),
        // A disabled or removed user's sessions are ended when it happens; this holds even so.
        eq(users.status, 'active'),
        isNull(sessions.revoked_at),
        eq(sessions.is_second_factor_done, true),
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(sessions.last_seen_at, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('account_live_session_by_token');
}

type LiveSessionRow = Awaited<ReturnType<ReturnType<typeof prepareLiveSessionByToken>['execute']>>[number];

/** A call's session made of the statement's row, with the user info it read kept beside it. */
function sessionOfRow(row: LiveSessionRow): SessionContext {
  const role = row.role;
  const isPaired = row.totp_paired_at !== null;
  const context: SessionContext = {
    user_id: row.user_id,
    company_id: row.company_id,
    role,
    is_staff: isStaffRole(role),
    permissions: permissionsOf({ role, group_permissions: row.group_permissions }),
    kyc_status: kycStatusOfCompany(row.kyc_status),
    session_id: row.session_id,
    step_up_until: row.step_up_until,
    is_authenticator_paired: isPaired,
    must_pair_authenticator: mustHaveAuthenticator(role) && !isPaired,
  };
  userInfoOfSessions.set(context, {
    user: {
      id: row.user_id,
      email: row.email,
      full_name: row.full_name,
      phone_country: row.phone_country,
      phone: row.phone,
      role,
      totp_paired_at: row.totp_paired_at,
      terms_accepted_at: row.terms_accepted_at,
    },
    // Staff have no company: the left join's columns are null (kyc_status never is on a row).
    company:
      row.company_id !== null && row.kyc_status !== null
        ? { id: row.company_id, name: row.company_name, kyc_status: row.kyc_status }
        : null,
  });
  return context;
}

/** The platform's SessionResolver: `token` and `userid` headers to a live session, or null (9400). */
export function createSessionResolver(db: AppDatabase): SessionResolver {
  const liveSessionByToken = prepareLiveSessionByToken(db);
  return async (token, userId, now) => {
    if (token.length > maxTokenLength) return null;
    const [row] = await liveSessionByToken.execute({
      tokenHash: hashOfSecretToken(token),
      now,
      idleSince: new Date(now.getTime() - sessionRules.idleExpirySeconds * secondsMs),
    });
    // The userid header must name the token's owner: a token is not accepted on behalf of anyone else.
    if (!row || row.user_id !== userId) return null;

    if (now.getTime() - row.last_seen_at.getTime() >= sessionRules.lastSeenWriteIntervalSeconds * secondsMs) {
      await db
        .update(sessions)
        .set({ last_seen_at: now })
        .where(and(eq(sessions.id, row.session_id), sql`${sessions.last_seen_at} < ${now}`));
    }
    return sessionOfRow(row);
  };
}

export async function markSecondFactorFresh(handle: DbHandle, sessionId: string, until: Date): Promise<void> {
  await handle.update(sessions).set({ step_up_until: until }).where(eq(sessions.id, sessionId));
}

export type SessionEndReason =
  | 'sign_out'
  | 'revoked'
  | 'password_changed'
  | 'password_reset'
  | 'authenticator_reset'
  | 'access_disabled'
  | 'access_removed';

/** Ends one session of a user; answers whether it was live (another user's session is never touched). */
export async function endSession(
  handle: DbHandle,
  query: { sessionId: string; userId: string; now: Date; reason: SessionEndReason },
): Promise<boolean> {
  const ended = await handle
    .update(sessions)
    .set({ revoked_at: query.now, revoked_reason: query.reason })
    .where(and(eq(sessions.id, query.sessionId), eq(sessions.user_id, query.userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of a user, or every one but `exceptSessionId`; answers how many live ones ended. */
export async function endSessionsOfUser(
  handle: DbHandle,
  query: { userId: string; now: Date; reason: SessionEndReason; exceptSessionId?: string },
): Promise<number> {
  const ended = await handle
    .update(sessions)
    .set({ revoked_at: query.now, revoked_reason: query.reason })
    .where(
      and(
        eq(sessions.user_id, query.userId),
        isNull(sessions.revoked_at),
        query.exceptSessionId ? ne(sessions.id, query.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id, expires_at: sessions.expires_at, last_seen_at: sessions.last_seen_at });
  const idleLimit = query.now.getTime() - sessionRules.idleExpirySeconds * secondsMs;
  return ended.filter((row) => row.expires_at > query.now && row.last_seen_at.getTime() > idleLimit).length;
}

export async function listLiveSessions(handle: DbHandle, userId: string, now: Date) {
  return handle
    .select({
      id: sessions.id,
      device: sessions.device,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isLiveAt(now)))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.id))
    .limit(sessionRules.maxListedSessions);
}
