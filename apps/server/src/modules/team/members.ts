/**
 * A company's sub-accounts, managed by a user holding `team`: invited (an email with a link to set
 * their password), moved between groups, disabled, enabled, removed, or sent their invitation again.
 * Every change runs under the company's lock and is audited, and those that widen what someone may do
 * need a fresh second factor. Nobody changes their own access here, and the administrator who
 * registered the company is not managed here.
 */
import {
  actionsNeedingFreshSecondFactor,
  type actOnTeamMember,
  type editTeamMember,
  type inviteTeamMember,
  type TeamMember,
  type TeamMemberAction,
  teamLimits,
} from '@bank/contract/team';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { hashOfSecretToken, newSecretToken } from '../../platform/secret-tokens.ts';
import { lockCompany } from '../../platform/tenant.ts';
import {
  companies,
  deleteRecoveryCodes,
  endSessionsOfUser,
  requireFreshSecondFactor,
  unpairAuthenticator,
  users,
} from '../account/index.ts';
import { groupOfCompany, isCountedMember, type MemberRow, memberAnswer, memberRow, membersOf } from './queries.ts';
import { teamInvitations } from './tables.ts';
import { audit, type Body, hourMs, noPassword, type TeamActor, teamRefusal } from './team-actions.ts';
import { invitationEmail } from './team-emails.ts';

/** A member the actor may manage: not themselves, not the company's administrator. */
async function manageableMember(handle: DbHandle, actor: TeamActor, memberId: string): Promise<MemberRow> {
  const row = await memberRow(handle, actor.companyId, memberId);
  if (row.id === actor.userId) throw teamRefusal('not_own_membership', 'a user changing their own access');
  if (row.role === 'administrator') throw teamRefusal('administrator_not_managed', 'the administrator is not managed');
  return row;
}

export type InvitationDependencies = { emailQueue: EmailQueue; publicBaseUrl: string };

/** A new link for an invited user (any earlier one stops working), emailed in the inviter's language. */
async function sendInvitation(
  handle: DbHandle,
  dependencies: InvitationDependencies,
  actor: TeamActor,
  invitee: { id: string; email: string; full_name: string },
): Promise<void> {
  await handle
    .update(teamInvitations)
    .set({ closed_at: actor.now })
    .where(and(eq(teamInvitations.user_id, invitee.id), isNull(teamInvitations.closed_at)));
  const token = newSecretToken();
  const expiresAt = new Date(actor.now.getTime() + teamLimits.invitationValidityHours * hourMs);
  await handle.insert(teamInvitations).values({
    id: newId(actor.now.getTime()),
    company_id: actor.companyId,
    user_id: invitee.id,
    token_hash: hashOfSecretToken(token),
    invited_by: actor.userId,
    created_at: actor.now,
    expires_at: expiresAt,
  });
  const [facts] = await handle
    .select({ company: companies.name, inviter: users.full_name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, actor.userId))
    .limit(1);
  const link = `${dependencies.publicBaseUrl}/team_invitation?${new URLSearchParams({ token }).toString()}`;
  await dependencies.emailQueue.enqueue(
    handle,
    invitationEmail(actor.language, invitee.email, {
      company: facts?.company ?? null,
      inviter: facts?.inviter ?? '',
      username: invitee.full_name,
      link,
      expiresAt,
    }),
    { companyId: actor.companyId },
  );
}

export async function inviteMember(
  handle: DbHandle,
  dependencies: InvitationDependencies,
  actor: TeamActor,
  body: Body<typeof inviteTeamMember>,
): Promise<TeamMember> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  const group = await groupOfCompany(handle, actor.companyId, body.group_id);
  const [members] = await handle
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.company_id, actor.companyId), isCountedMember));
  if ((members?.total ?? 0) >= teamLimits.membersPerCompany) {
    throw teamRefusal('members_limit', 'members limit', { limit: teamLimits.membersPerCompany });
  }
  const [taken] = await handle
    .select({ id: users.id, company_id: users.company_id, status: users.status })
    .from(users)
    .where(eq(users.email, body.email))
    .limit(1);
  // A member this company removed may be invited again: the same user, as a new invitee who sets a
  // new password and pairs an authenticator anew (the old ones are forgotten). Anyone else's
  // address is taken.
  const isRemovedHere = taken?.company_id === actor.companyId && taken.status === 'removed';
  if (taken && !isRemovedHere) {
    throw new AppError('email_taken', {
      messageKey: 'email.messages.email_in_use',
      fields: { email: { key: 'team.validation.email_in_use' } },
      detail: 'invitation of a registered address',
    });
  }
  const userId = taken?.id ?? newId(actor.now.getTime());
  const invitee = {
    full_name: body.username,
    password_hash: noPassword,
    language: actor.language,
    password_changed_at: actor.now,
    status: 'invited' as const,
    permission_group_id: group.id,
    team_description: body.description,
    team_remarks: body.remarks,
    role: body.company_role,
  };
  if (taken) {
    await handle.update(users).set(invitee).where(eq(users.id, userId));
    await unpairAuthenticator(handle, userId);
    await deleteRecoveryCodes(handle, userId);
  } else {
    await handle.insert(users).values({
      id: userId,
      company_id: actor.companyId,
      email: body.email,
      phone_country: '',
      phone: '',
      created_at: actor.now,
      ...invitee,
    });
  }
  await sendInvitation(handle, dependencies, actor, { id: userId, email: body.email, full_name: body.username });
  await audit(handle, actor, 'team.member_invited', {
    member_id: userId,
    email: body.email,
    group_id: group.id,
    group: group.name,
    company_role: body.company_role,
  });
  return memberAnswer(handle, actor, userId);
}

export async function editMember(
  handle: DbHandle,
  actor: TeamActor,
  body: Body<typeof editTeamMember>,
): Promise<TeamMember> {
  return handle.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const member = await manageableMember(tx, actor, body.member_id);
    const group = await groupOfCompany(tx, actor.companyId, body.group_id);
    const isGroupChanged = member.group_id !== group.id;
    const isRoleChanged = member.role !== body.company_role;
    // What a member may do changes with the group, and whom they may sponsor for a card with their
    // company role: either needs the second factor, notes do not.
    if (isGroupChanged || isRoleChanged) requireFreshSecondFactor(actor);
    await tx
      .update(users)
      .set({
        permission_group_id: group.id,
        role: body.company_role,
        team_description: body.description,
        team_remarks: body.remarks,
      })
      .where(eq(users.id, member.id));
    await audit(tx, actor, 'team.member_changed', {
      member_id: member.id,
      email: member.email,
      ...(isGroupChanged ? { group_before: member.group_name, group: group.name } : {}),
      ...(isRoleChanged ? { company_role_before: member.role, company_role: body.company_role } : {}),
    });
    return memberAnswer(tx, actor, member.id);
  });
}

/** Which member statuses each action applies to: the one table of the team's transitions. */
const statusesOfAction: Readonly<Record<TeamMemberAction, readonly string[]>> = {
  disable: ['active'],
  enable: ['disabled'],
  remove: ['active', 'disabled', 'invited'],
  resend_invitation: ['invited'],
};

export async function actOnMember(
  handle: DbHandle,
  dependencies: InvitationDependencies,
  actor: TeamActor,
  body: Body<typeof actOnTeamMember>,
): Promise<TeamMember | null> {
  if (actionsNeedingFreshSecondFactor.includes(body.action)) requireFreshSecondFactor(actor);
  return handle.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const member = await manageableMember(tx, actor, body.member_id);
    if (!statusesOfAction[body.action].includes(member.status)) {
      const [shown] = await membersOf(tx, [member], actor.now);
      throw teamRefusal('member_action_not_allowed', `${body.action} of a ${member.status} member`, {
        status: shown?.status ?? member.status,
      });
    }
    const detail = { member_id: member.id, email: member.email };
    switch (body.action) {
      case 'disable': {
        await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, member.id));
        const ended = await endSessionsOfUser(tx, { userId: member.id, now: actor.now, reason: 'access_disabled' });
        await audit(tx, actor, 'team.member_disabled', { ...detail, sessions_ended: ended });
        return memberAnswer(tx, actor, member.id);
      }
      case 'enable':
        await tx.update(users).set({ status: 'active' }).where(eq(users.id, member.id));
        await audit(tx, actor, 'team.member_enabled', detail);
        return memberAnswer(tx, actor, member.id);
      case 'remove': {
        await tx.update(users).set({ status: 'removed' }).where(eq(users.id, member.id));
        await tx
          .update(teamInvitations)
          .set({ closed_at: actor.now })
          .where(and(eq(teamInvitations.user_id, member.id), isNull(teamInvitations.closed_at)));
        const ended = await endSessionsOfUser(tx, { userId: member.id, now: actor.now, reason: 'access_removed' });
        await audit(tx, actor, 'team.member_removed', { ...detail, sessions_ended: ended });
        return null;
      }
      case 'resend_invitation':
        await sendInvitation(tx, dependencies, actor, member);
        await audit(tx, actor, 'team.invitation_resent', detail);
        return memberAnswer(tx, actor, member.id);
    }
  });
}
