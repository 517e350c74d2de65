/**
 * A company's permission groups: added, edited and deleted (never while they have members) by a
 * user holding `team`, each change audited under the company's lock. They are listed with their
 * member counts in queries.ts.
 */
import type { GroupPermission } from '@bank/contract/permissions';
import { type PermissionGroup, teamLimits } from '@bank/contract/team';
import { count, eq } from 'drizzle-orm';
import { type DbHandle, postgresErrorCode } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { permissionGroups, requireFreshSecondFactor, users } from '../account/index.ts';
import { type GroupRow, groupOf, groupOfCompany, membersOfGroup } from './queries.ts';
import { audit, notFound, type TeamActor, teamRefusal } from './team-actions.ts';

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

type GroupFields = { name: string; description: string; permissions: GroupPermission[] };

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
