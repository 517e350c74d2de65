/**
 * The public invitation calls: the link is the key; reading it shows the invitee their company, and
 * accepting it sets their password (once, before it expires).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { assertAcceptableNewPassword, hashPassword, users } from '../account/index.ts';
import { openInvitation } from './queries.ts';
import { teamInvitations } from './tables.ts';

export async function readInvitation(handle: DbHandle, token: string, now: Date) {
  const invitation = await openInvitation(handle, token, now);
  return {
    email: invitation.email,
    username: invitation.username,
    company_name: invitation.company_name,
    expires_at: invitation.expires_at.toISOString(),
  };
}

export async function acceptInvitation(
  handle: DbHandle,
  body: { token: string; new_password: string },
  context: { now: Date; ip: string },
): Promise<{ email: string }> {
  const invitation = await openInvitation(handle, body.token, context.now);
  assertAcceptableNewPassword(body.new_password, invitation.email);
  const passwordHash = await hashPassword(body.new_password);
  return handle.transaction(async (tx) => {
    // Claimed once: of two acceptances of one link, the second finds it closed.
    const [claimed] = await tx
      .update(teamInvitations)
      .set({ closed_at: context.now })
      .where(and(eq(teamInvitations.id, invitation.invitation_id), isNull(teamInvitations.closed_at)))
      .returning({ id: teamInvitations.id });
    if (!claimed) {
      throw new AppError('not_found', { messageKey: 'email.messages.invitation_invalid', detail: 'invitation used' });
    }
    await tx
      .update(users)
      .set({ status: 'active', password_hash: passwordHash, password_changed_at: context.now })
      .where(and(eq(users.id, invitation.user_id), eq(users.status, 'invited')));
    await writeAudit(tx, {
      action: 'team.invitation_accepted',
      at: context.now,
      actorUserId: invitation.user_id,
      companyId: invitation.company_id,
      ip: context.ip,
      detail: { member_id: invitation.user_id },
    });
    return { email: invitation.email };
  });
}
