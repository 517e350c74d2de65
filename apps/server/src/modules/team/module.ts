/**
 * The team module (organisation issue, parts 1 and 2): a company's permission groups and
 * sub-accounts (team/group/*, team/member/*, permission `team`), and the public invitation calls
 * through which an invitee sets their password.
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
import type { AppModule } from '../../platform/module.ts';
import type { CallContext } from '../../platform/route.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { teamDemoSeeder } from './seed.ts';
import {
  acceptInvitation,
  actOnMember,
  addGroup,
  deleteGroup,
  editGroup,
  editMember,
  type InvitationDependencies,
  inviteMember,
  listGroups,
  listMembers,
  readInvitation,
  type TeamActor,
} from './service.ts';

function actorOf(call: CallContext): TeamActor {
  return {
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    ip: call.ip,
    now: call.now,
    language: call.language,
    session: call.session,
  };
}

export const teamModule: AppModule = {
  name: 'team',
  demoSeeder: teamDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const invitations = (call: CallContext): InvitationDependencies => ({
      emailQueue: context.emailQueue,
      // Links in emails lead to the address users reach (config PUBLIC_URL), else the caller's own.
      publicBaseUrl: (context.config.publicUrl ?? call.origin).replace(/\/+$/, ''),
    });

    registerCall(app, listPermissionGroups, async (_body, call) => ({
      items: await listGroups(db, clientCompanyId(call)),
    }));
    registerCall(app, addPermissionGroup, (body, call) => addGroup(call.transaction ?? db, actorOf(call), body));
    registerCall(app, editPermissionGroup, (body, call) => editGroup(db, actorOf(call), body));
    registerCall(app, deletePermissionGroup, (body, call) => deleteGroup(db, actorOf(call), body.group_id));

    registerCall(app, listTeamMembers, (body, call) => listMembers(db, clientCompanyId(call), body, call.now));
    registerCall(app, inviteTeamMember, (body, call) =>
      inviteMember(call.transaction ?? db, invitations(call), actorOf(call), body),
    );
    registerCall(app, editTeamMember, (body, call) => editMember(db, actorOf(call), body));
    registerCall(app, actOnTeamMember, (body, call) => actOnMember(db, invitations(call), actorOf(call), body));

    registerCall(app, getTeamInvitation, (body, call) => readInvitation(db, body.token, call.now));
    registerCall(app, acceptTeamInvitation, (body, call) => acceptInvitation(db, body, { now: call.now, ip: call.ip }));
  },
};
