/**
 * The team's reads: query functions taking the database or transaction handle first, and the views
 * the calls answer. A company's permission groups with their member counts, its members (with the
 * expiry of an invited member's link), one member or group of the company, and an invitation by its
 * link. The users and their groups are the account module's tables; the steps (groups added, edited,
 * deleted; members invited, edited, disabled, removed; an invitation accepted) are groups.ts's,
 * members.ts's and invitations.ts's.
 */
import type { MemberStatus, PermissionGroup, TeamMember } from '@bank/contract/team';
import { teamLimits } from '@bank/contract/team';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { hashOfSecretToken } from '../../platform/secret-tokens.ts';
import { companies, permissionGroups, users } from '../account/index.ts';
import { teamInvitations } from './tables.ts';
import { notFound, type TeamActor } from './team-actions.ts';

export type GroupRow = typeof permissionGroups.$inferSelect;

export function groupOf(row: GroupRow, memberCount: number): PermissionGroup {
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
export const isCountedMember = ne(users.status, 'removed');

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

export async function groupOfCompany(handle: DbHandle, companyId: string, groupId: string): Promise<GroupRow> {
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

export async function membersOfGroup(handle: DbHandle, groupId: string): Promise<number> {
  const [row] = await handle
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.permission_group_id, groupId), isCountedMember));
  return row?.total ?? 0;
}

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

export type MemberRow = {
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

export async function membersOf(handle: DbHandle, rows: MemberRow[], now: Date): Promise<TeamMember[]> {
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

export async function memberRow(handle: DbHandle, companyId: string, memberId: string): Promise<MemberRow> {
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

export async function memberAnswer(handle: DbHandle, actor: TeamActor, memberId: string): Promise<TeamMember> {
  const [member] = await membersOf(handle, [await memberRow(handle, actor.companyId, memberId)], actor.now);
  if (!member) throw notFound(`member ${memberId} vanished`);
  return member;
}

export async function openInvitation(handle: DbHandle, token: string, now: Date) {
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
