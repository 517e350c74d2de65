/**
 * The company's team: permission groups and sub-accounts, changed by a user holding `team` (the
 * administrator, or a member whose group holds it). Every change runs under the company's lock, is
 * audited, and those that widen what someone may do need a fresh second factor. Nobody changes their
 * own access here, and the administrator who registered the company is not managed here.
 */
import type { Language } from '@bank/contract/constants';
import type { ClientPermission } from '@bank/contract/permissions';
import {
  actionsNeedingFreshSecondFactor,
  type actOnTeamMember,
  type editTeamMember,
  type inviteTeamMember,
  type MemberStatus,
  type PermissionGroup,
  type TeamMember,
  type TeamMemberAction,
  teamLimits,
} from '@bank/contract/team';
import type { TranslationParams } from '@bank/i18n/resources';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import { writeAudit } from '../../platform/audit.ts';
import { type DbHandle, postgresErrorCode } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { hashOfSecretToken, newSecretToken } from '../../platform/secret-tokens.ts';
import type { SessionContext } from '../../platform/session.ts';
import { lockCompany } from '../../platform/tenant.ts';
import {
  assertAcceptableNewPassword,
  companies,
  deleteRecoveryCodes,
  endSessionsOfUser,
  hashPassword,
  permissionGroups,
  requireFreshSecondFactor,
  unpairAuthenticator,
  users,
} from '../account/index.ts';
import { teamInvitations } from './tables.ts';
import { invitationEmail } from './team-emails.ts';

type Body<Call> = z.output<Call extends { request: infer Request extends z.ZodType } ? Request : never>;

/** Who acts: a user of the company, with their session's second-factor freshness. */
export type TeamActor = {
  userId: string;
  companyId: string;
  ip: string;
  now: Date;
  language: Language;
  /** The caller's session: its second factor's freshness guards the changes that widen access. */
  session: SessionContext;
};

const hourMs = 3_600_000;
/** An invited user's password hash until they choose one: no password verifies against it. */
const noPassword = '!invited';

function teamRefusal(key: string, detail: string, params: Record<string, unknown> = {}): AppError {
  return new AppError('illegal_state', {
    messageKey: `email.messages.${key}`,
    params: params as TranslationParams,
    detail,
  });
}

function notFound(detail: string): AppError {
  return new AppError('not_found', { detail });
}

async function audit(handle: DbHandle, actor: TeamActor, action: string, detail: Record<string, unknown>) {
  await writeAudit(handle, {
    action,
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail,
  });
}

// Groups

type GroupRow = typeof permissionGroups.$inferSelect;

function groupOf(row: GroupRow, memberCount: number): PermissionGroup {
  return {
    group_id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    member_count: memberCount,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Members who count in a group: everyone not removed. */
const isCountedMember = ne(users.status, 'removed');

export async function listGroups(handle: DbHandle, companyId: string): Promise<PermissionGroup[]> {
  const rows = await handle
    .select({ group: permissionGroups, members: count(users.id) })
    .from(permissionGroups)
    .leftJoin(users, and(eq(users.permission_group_id, permissionGroups.id), isCountedMember))
    .where(eq(permissionGroups.company_id, companyId))
    .groupBy(permissionGroups.id)
    .orderBy(asc(sql`lower(${permissionGroups.name})`))
    .limit(teamLimits.groupsPerCompany);
  return rows.map((row) => groupOf(row.group, row.members));
}

async function groupOfCompany(handle: DbHandle, companyId: string, groupId: string): Promise<GroupRow> {
  const [row] = isUuid(groupId)
    ? await handle
        .select()
        .from(permissionGroups)
        .where(and(eq(permissionGroups.id, groupId), eq(permissionGroups.company_id, companyId)))
        .limit(1)
    : [];
  if (!row) {
    throw new AppError('not_found', {
      fields: { group_id: { key: 'team.validation.group_not_found' } },
      detail: `group ${groupId} is not of company ${companyId}`,
    });
  }
  return row;
}

async function membersOfGroup(handle: DbHandle, groupId: string): Promise<number> {
  const [row] = await handle
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.permission_group_id, groupId), isCountedMember));
  return row?.total ?? 0;
}

/** A unique violation of the group's name answers the form's field, not a 500. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresErrorCode(error) === '23505') {
      throw new AppError('illegal_state', {
        messageKey: 'email.messages.group_name_taken',
        fields: { name: { key: 'team.validation.group_name_taken' } },
        detail: 'permission group name taken',
      });
    }
    throw error;
  }
}

type GroupFields = { name: string; description: string; permissions: ClientPermission[] };

export async function addGroup(handle: DbHandle, actor: TeamActor, fields: GroupFields): Promise<PermissionGroup> {
  // A group defines what its members may do (approve payouts, manage payees): a grant, as an edit is.
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  const [existing] = await handle
    .select({ total: count() })
    .from(permissionGroups)
    .where(eq(permissionGroups.company_id, actor.companyId));
  if ((existing?.total ?? 0) >= teamLimits.groupsPerCompany) {
    throw teamRefusal('groups_limit', 'permission groups limit', { limit: teamLimits.groupsPerCompany });
  }
  const row: GroupRow = {
    id: newId(actor.now.getTime()),
    company_id: actor.companyId,
    name: fields.name,
    description: fields.description,
    permissions: fields.permissions,
    created_at: actor.now,
    updated_at: actor.now,
  };
  // A savepoint: the name's unique violation must not abort the call's transaction (its idempotency key).
  await withUniqueName(() => handle.transaction((savepoint) => savepoint.insert(permissionGroups).values(row)));
  await audit(handle, actor, 'team.group_created', { group_id: row.id, name: row.name, permissions: row.permissions });
  return groupOf(row, 0);
}

export async function editGroup(
  handle: DbHandle,
  actor: TeamActor,
  body: GroupFields & { group_id: string },
): Promise<PermissionGroup> {
  requireFreshSecondFactor(actor);
  return handle.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const before = await groupOfCompany(tx, actor.companyId, body.group_id);
    const [after] = await withUniqueName(() =>
      tx
        .update(permissionGroups)
        .set({
          name: body.name,
          description: body.description,
          permissions: body.permissions,
          updated_at: actor.now,
        })
        .where(eq(permissionGroups.id, before.id))
        .returning(),
    );
    if (!after) throw notFound(`group ${before.id} vanished`);
    await audit(tx, actor, 'team.group_changed', {
      group_id: before.id,
      name: after.name,
      permissions_before: before.permissions,
      permissions: after.permissions,
    });
    return groupOf(after, await membersOfGroup(tx, after.id));
  });
}

export async function deleteGroup(handle: DbHandle, actor: TeamActor, groupId: string): Promise<null> {
  requireFreshSecondFactor(actor);
  return handle.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const group = await groupOfCompany(tx, actor.companyId, groupId);
    if ((await membersOfGroup(tx, group.id)) > 0) throw teamRefusal('group_has_members', 'group has members');
    // Removed members keep their last group for the record only: it goes with the group.
    await tx.update(users).set({ permission_group_id: null }).where(eq(users.permission_group_id, group.id));
    await tx.delete(permissionGroups).where(eq(permissionGroups.id, group.id));
    await audit(tx, actor, 'team.group_deleted', { group_id: group.id, name: group.name });
    return null;
  });
}

// Members

const memberColumns = {
  id: users.id,
  full_name: users.full_name,
  email: users.email,
  role: users.role,
  status: users.status,
  group_id: users.permission_group_id,
  group_name: permissionGroups.name,
  description: users.team_description,
  remarks: users.team_remarks,
  created_at: users.created_at,
};

type MemberRow = {
  id: string;
  full_name: string;
  email: string;
  role: string;
  status: string;
  group_id: string | null;
  group_name: string | null;
  description: string | null;
  remarks: string | null;
  created_at: Date;
};

/** The newest invitation of each invited user: its expiry tells invited from invitation_expired. */
async function invitationExpiries(handle: DbHandle, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await handle
    .selectDistinctOn([teamInvitations.user_id], {
      user_id: teamInvitations.user_id,
      expires_at: teamInvitations.expires_at,
      closed_at: teamInvitations.closed_at,
    })
    .from(teamInvitations)
    .where(inArray(teamInvitations.user_id, userIds))
    .orderBy(teamInvitations.user_id, desc(teamInvitations.created_at));
  return new Map(rows.filter((row) => row.closed_at === null).map((row) => [row.user_id, row.expires_at]));
}

function memberOf(row: MemberRow, invitationExpiresAt: Date | undefined, now: Date): TeamMember {
  let status: MemberStatus;
  if (row.status === 'invited') {
    status = invitationExpiresAt && invitationExpiresAt > now ? 'invited' : 'invitation_expired';
  } else {
    status = row.status === 'disabled' ? 'disabled' : 'active';
  }
  return {
    member_id: row.id,
    username: row.full_name,
    email: row.email,
    status,
    is_administrator: row.role === 'administrator',
    company_role: row.role as TeamMember['company_role'],
    group_id: row.group_id,
    group_name: row.group_name,
    description: row.description ?? '',
    remarks: row.remarks ?? '',
    invitation_expires_at: row.status === 'invited' ? (invitationExpiresAt?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

async function membersOf(handle: DbHandle, rows: MemberRow[], now: Date): Promise<TeamMember[]> {
  const expiries = await invitationExpiries(
    handle,
    rows.filter((row) => row.status === 'invited').map((row) => row.id),
  );
  return rows.map((row) => memberOf(row, expiries.get(row.id), now));
}

/** The company's members, oldest first (the administrator registered first), by id as the keyset. */
export async function listMembers(
  handle: DbHandle,
  companyId: string,
  page: { page_size: number; cursor?: string | undefined },
  now: Date,
): Promise<{ items: TeamMember[]; next_cursor: string | null }> {
  const after = page.cursor && isUuid(page.cursor) ? page.cursor : undefined;
  const rows = await handle
    .select(memberColumns)
    .from(users)
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permission_group_id))
    .where(and(eq(users.company_id, companyId), ne(users.status, 'removed'), after ? gt(users.id, after) : undefined))
    .orderBy(asc(users.id))
    .limit(page.page_size + 1);
  const pageRows = rows.slice(0, page.page_size);
  return {
    items: await membersOf(handle, pageRows, now),
    next_cursor: rows.length > page.page_size ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

async function memberRow(handle: DbHandle, companyId: string, memberId: string): Promise<MemberRow> {
  const [row] = isUuid(memberId)
    ? await handle
        .select(memberColumns)
        .from(users)
        .leftJoin(permissionGroups, eq(permissionGroups.id, users.permission_group_id))
        .where(and(eq(users.id, memberId), eq(users.company_id, companyId), ne(users.status, 'removed')))
        .limit(1)
    : [];
  if (!row) throw notFound(`member ${memberId} is not of company ${companyId}`);
  return row;
}

/** A member the actor may manage: not themselves, not the company's administrator. */
async function manageableMember(handle: DbHandle, actor: TeamActor, memberId: string): Promise<MemberRow> {
  const row = await memberRow(handle, actor.companyId, memberId);
  if (row.id === actor.userId) throw teamRefusal('not_own_membership', 'a user changing their own access');
  if (row.role === 'administrator') throw teamRefusal('administrator_not_managed', 'the administrator is not managed');
  return row;
}

async function memberAnswer(handle: DbHandle, actor: TeamActor, memberId: string): Promise<TeamMember> {
  const [member] = await membersOf(handle, [await memberRow(handle, actor.companyId, memberId)], actor.now);
  if (!member) throw notFound(`member ${memberId} vanished`);
  return member;
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

// Invitations (public: the link is the key)

async function openInvitation(handle: DbHandle, token: string, now: Date) {
  const [row] = await handle
    .select({
      invitation_id: teamInvitations.id,
      user_id: users.id,
      email: users.email,
      username: users.full_name,
      company_id: teamInvitations.company_id,
      company_name: companies.name,
      expires_at: teamInvitations.expires_at,
    })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.user_id))
    .innerJoin(companies, eq(companies.id, teamInvitations.company_id))
    .where(
      and(
        eq(teamInvitations.token_hash, hashOfSecretToken(token)),
        isNull(teamInvitations.closed_at),
        gt(teamInvitations.expires_at, now),
        eq(users.status, 'invited'),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError('not_found', { messageKey: 'email.messages.invitation_invalid', detail: 'invitation link' });
  }
  return row;
}

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
