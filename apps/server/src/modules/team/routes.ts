/**
 * The team calls: a company's permission groups and sub-accounts (team/group/*, team/member/*,
 * permission `team`), and the public invitation calls through which an invitee sets their password.
 */
import {
  acceptTeamInvitation,
  actOnTeamMember,
  addPermissionGroup,
  deletePermissionGroup,
  editPermissionGroup,
  editTeamMember,
  getTeamInvitation,
  inviteTeamMember,
  listPermissionGroups,
  listTeamMembers,
} from '@bank/contract/team';
import type { FastifyInstance } from 'fastify';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../platform/db.ts';
import { publicBaseUrl } from '../../platform/public-url.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { addGroup, deleteGroup, editGroup } from './groups.ts';
import { acceptInvitation, readInvitation } from './invitations.ts';
import { actOnMember, editMember, type InvitationDependencies, inviteMember } from './members.ts';
import { listGroups, listMembers } from './queries.ts';
import { teamActorOf } from './team-actions.ts';

type TeamCallDependencies = { db: AppDatabase; emailQueue: EmailQueue; publicUrl: Config['publicUrl'] };

export function registerTeamCalls(app: FastifyInstance, dependencies: TeamCallDependencies): void {
  const { db } = dependencies;
  const invitations = (call: CallContext): InvitationDependencies => ({
    emailQueue: dependencies.emailQueue,
    // Links in emails lead to the address users reach (config PUBLIC_URL), else the caller's own.
    publicBaseUrl: publicBaseUrl(dependencies, call),
  });

  registerCall(app, listPermissionGroups, async (_body, call) => ({
    items: await listGroups(db, clientCompanyId(call)),
  }));
  registerCall(app, addPermissionGroup, (body, call) => addGroup(call.transaction ?? db, teamActorOf(call), body));
  registerCall(app, editPermissionGroup, (body, call) => editGroup(db, teamActorOf(call), body));
  registerCall(app, deletePermissionGroup, (body, call) => deleteGroup(db, teamActorOf(call), body.group_id));

  registerCall(app, listTeamMembers, (body, call) => listMembers(db, clientCompanyId(call), body, call.now));
  registerCall(app, inviteTeamMember, (body, call) =>
    inviteMember(call.transaction ?? db, invitations(call), teamActorOf(call), body),
  );
  registerCall(app, editTeamMember, (body, call) => editMember(db, teamActorOf(call), body));
  registerCall(app, actOnTeamMember, (body, call) => actOnMember(db, invitations(call), teamActorOf(call), body));

  registerCall(app, getTeamInvitation, (body, call) => readInvitation(db, body.token, call.now));
  registerCall(app, acceptTeamInvitation, (body, call) => acceptInvitation(db, body, { now: call.now, ip: call.ip }));
}
