/**
 * The signed-in user's sessions: the list of live ones, ending one of them or every other one, and
 * signing out. A user reaches only their own sessions.
 */
import type { listSessions, revokeOtherSessions, revokeSession } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import { writeAudit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { AccountDependencies, Body } from '../context.ts';
import { endSession, endSessionsOfUser, listLiveSessions } from './sessions.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
