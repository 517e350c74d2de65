/**
 * The company's team (SPEC.md sections 3 and 6): sub-accounts and their
 * permission groups. The administrator who registered the company holds every client permission;
 * a sub-account holds those of its one permission group (permissions.ts `permissionsOf`). The
 * administrator invites a sub-account by email; the invitee sets a password through a single-use
 * link that expires, then pairs an authenticator at the first sign-in. Calls under /api/v1/team/
 * need the `team` permission; changing a group or a member's group, and re-enabling or removing a
 * member, need a fresh second factor. The invitation calls are public (the link is the key).
 */
import { z } from 'zod';
import {
  Email,
  FullName,
  isPasswordConfirmed,
  NewPassword,
  PasswordConfirmation,
  passwordPairRule,
} from './account.ts';
import { defineCall } from './calls.ts';
import { PageRequest, page } from './envelope.ts';
import { type GroupPermission, groupPermissions } from './permissions.ts';
import { CompanyMemberRole, clientRoles } from './roles.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

/** What a user's status may be: only an active user signs in (users of every kind have one). */
const userStatuses = ['invited', 'active', 'disabled', 'removed'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** What the team list shows of a member: removed members are gone from it. */
const memberStatuses = ['invited', 'invitation_expired', 'active', 'disabled'] as const;
export const MemberStatus = z.enum(memberStatuses);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const teamLimits = {
  groupsPerCompany: 30,
  membersPerCompany: 200,
  groupNameMaxLength: 60,
  descriptionMaxLength: 300,
  remarksMaxLength: 500,
  /** How long an invitation link works. */
  invitationValidityHours: 72,
} as const;

const ClientPermissionName = z.enum(groupPermissions as [GroupPermission, ...GroupPermission[]]);

const GroupId = identifierText(64);
const MemberId = identifierText(64);

const GroupFields = z
  .object({
    name: singleLineText(teamLimits.groupNameMaxLength).pipe(
      z.string().min(1, { message: 'team.validation.group_name_required' }),
    ),
    description: multiLineText(teamLimits.descriptionMaxLength).default(''),
    permissions: z
      .array(ClientPermissionName)
      .min(1, { message: 'team.validation.permissions_required' })
      .max(groupPermissions.length)
      .refine((list) => new Set(list).size === list.length, { message: 'team.validation.permissions_repeated' }),
  })
  .strict();

export const PermissionGroup = z.object({
  group_id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(ClientPermissionName),
  member_count: z.number().int(),
  updated_at: z.string(),
});
export type PermissionGroup = z.infer<typeof PermissionGroup>;

export const TeamMember = z.object({
  member_id: z.string(),
  username: z.string(),
  email: z.string(),
  status: MemberStatus,
  /** The company's administrator: every permission, not in a group, not managed here. */
  is_administrator: z.boolean(),
  /** The member's role in the company: administrator, director, partner or staff. */
  company_role: z.enum(clientRoles),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  description: z.string(),
  remarks: z.string(),
  /** Until when an invitation's link works (invited and invitation_expired only). */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const listPermissionGroups = defineCall({
  path: '/api/v1/team/group/list',
  permission: 'team',
  summary: "The company's permission groups with their permissions and member counts",
  request: z.object({}).strict(),
  response: z.object({ items: z.array(PermissionGroup) }),
});

export const addPermissionGroup = defineCall({
  path: '/api/v1/team/group/add',
  permission: 'team',
  isIdempotent: true,
  errors: ['illegal_state', 'fresh_second_factor_required'],
  summary:
    'Create a permission group (a name unique in the company, at least one permission; fresh second factor, as every grant of permissions)',
  request: GroupFields,
  response: PermissionGroup,
});

export const editPermissionGroup = defineCall({
  path: '/api/v1/team/group/edit',
  permission: 'team',
  errors: ['not_found', 'illegal_state', 'fresh_second_factor_required'],
  summary: "Change a group's name, description or permissions (fresh second factor; audited)",
  request: GroupFields.extend({ group_id: GroupId }).strict(),
  response: PermissionGroup,
});

export const deletePermissionGroup = defineCall({
  path: '/api/v1/team/group/del',
  permission: 'team',
  errors: ['not_found', 'illegal_state', 'fresh_second_factor_required'],
  summary: 'Delete a permission group that no member is in (fresh second factor; audited)',
  request: z.object({ group_id: GroupId }).strict(),
  response: z.null(),
});

export const listTeamMembers = defineCall({
  path: '/api/v1/team/member/list',
  permission: 'team',
  summary: "The company's users, the administrator first, then by when they were added (keyset pages)",
  request: PageRequest.strict(),
  response: page(TeamMember),
});

const MemberFields = {
  group_id: GroupId,
  /** The member's role in the company (director, partner or staff); staff unless chosen. */
  company_role: CompanyMemberRole.default('staff_member'),
  description: multiLineText(teamLimits.descriptionMaxLength).default(''),
  remarks: multiLineText(teamLimits.remarksMaxLength).default(''),
};

export const inviteTeamMember = defineCall({
  path: '/api/v1/team/member/invite',
  permission: 'team',
  isIdempotent: true,
  errors: ['email_taken', 'not_found', 'illegal_state', 'fresh_second_factor_required'],
  summary: 'Invite a sub-account by email into a permission group (fresh second factor; a link valid 72 hours)',
  request: z.object({ username: FullName, email: Email, ...MemberFields }).strict(),
  response: TeamMember,
});

export const editTeamMember = defineCall({
  path: '/api/v1/team/member/edit',
  permission: 'team',
  errors: ['not_found', 'illegal_state', 'fresh_second_factor_required'],
  summary: "Change a sub-account's group or company role (fresh second factor), description or remarks; audited",
  request: z.object({ member_id: MemberId, ...MemberFields }).strict(),
  response: TeamMember,
});

const teamMemberActions = ['disable', 'enable', 'remove', 'resend_invitation'] as const;
export const TeamMemberAction = z.enum(teamMemberActions);
export type TeamMemberAction = z.infer<typeof TeamMemberAction>;

/** Disabling ends the member's sessions at once and needs no second factor: it only takes access away. */
export const actionsNeedingFreshSecondFactor: readonly TeamMemberAction[] = ['enable', 'remove', 'resend_invitation'];

export const actOnTeamMember = defineCall({
  path: '/api/v1/team/member/act',
  permission: 'team',
  errors: ['not_found', 'illegal_state', 'fresh_second_factor_required'],
  summary: 'Disable (sessions end at once), re-enable or remove a sub-account, or send its invitation again',
  request: z.object({ member_id: MemberId, action: TeamMemberAction }).strict(),
  response: TeamMember.nullable(),
});

const InvitationToken = identifierText(128).pipe(z.string().min(16, { message: 'team.validation.link_invalid' }));

const TeamInvitation = z.object({
  email: z.string(),
  username: z.string(),
  company_name: z.string().nullable(),
  expires_at: z.string(),
});

export const getTeamInvitation = defineCall({
  path: '/api/v1/team/invitation/get',
  permission: 'public',
  errors: ['not_found'],
  summary: 'What an invitation link invites to (the invitee sees it before choosing a password)',
  request: z.object({ token: InvitationToken }).strict(),
  response: TeamInvitation,
});

export const acceptTeamInvitation = defineCall({
  path: '/api/v1/team/invitation/accept',
  permission: 'public',
  errors: ['not_found', 'validation'],
  summary: 'Accept an invitation: set the password once; the link then no longer works',
  request: z
    .object({ token: InvitationToken, new_password: NewPassword, confirm_password: PasswordConfirmation })
    .strict()
    .refine(isPasswordConfirmed, passwordPairRule),
  response: z.object({ email: z.string() }),
});
