/**
 * The company's users: the administrator first, then each sub-account with its group and status as
 * a coloured badge; a table on a desktop, cards on a phone. Each sub-account's actions follow its
 * status (the server's table of them: disable an active one, enable a disabled one, send an
 * invitation again, remove); disabling and removing are confirmed first.
 */
import type { UserInfo } from '@bank/contract/account';
import {
  actOnTeamMember,
  type MemberStatus,
  type PermissionGroup,
  type TeamMember,
  type TeamMemberAction,
} from '@bank/contract/team';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { Menu, MenuItem } from '../../ui/menu.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { EditMemberDialog } from './member-form-dialog.tsx';
import { refreshTeam, useMembers } from './team-queries.ts';

const colourOfStatus: Record<MemberStatus, string> = {
  active: 'teal',
  invited: 'blue',
  invitation_expired: 'orange',
  disabled: 'gray',
};

/** What may be done to a member in each status (the server refuses anything else). */
const actionsOfStatus: Record<MemberStatus, readonly TeamMemberAction[]> = {
  active: ['disable', 'remove'],
  disabled: ['enable', 'remove'],
  invited: ['resend_invitation', 'remove'],
  invitation_expired: ['resend_invitation', 'remove'],
};

const labelOfAction = {
  disable: 'team.members.disable',
  enable: 'team.members.enable',
  remove: 'team.members.remove',
  resend_invitation: 'team.members.resend',
} as const satisfies Record<TeamMemberAction, string>;

function StatusBadge({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  if (member.is_administrator) return <ToneBadge colour="indigo">{t('team.members.administrator')}</ToneBadge>;
  return <ToneBadge colour={colourOfStatus[member.status]}>{t(`team.statuses.${member.status}`)}</ToneBadge>;
}

function GroupName({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  if (member.is_administrator)
    return (
      <Text size="sm" c="dimmed">
        {t('team.members.administrator_note')}
      </Text>
    );
  return <Text size="sm">{member.group_name ?? '—'}</Text>;
}

type Act = (member: TeamMember, action: TeamMemberAction) => void;

function MemberActions({ member, onEdit, onAct }: { member: TeamMember; onEdit: () => void; onAct: Act }) {
  const { t } = useTranslation();
  if (member.is_administrator) return null;
  return (
    <Menu
      position="bottom-end"
      withinPortal
      target={
        <ActionIcon variant="subtle" color="gray" aria-label={t('team.members.actions_of', { name: member.username })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {member.status === 'active' || member.status === 'disabled' ? (
        <MenuItem onClick={onEdit}>{t('team.members.edit')}</MenuItem>
      ) : null}
      {actionsOfStatus[member.status].map((action) => (
        <MenuItem key={action} color={action === 'remove' ? 'red' : undefined} onClick={() => onAct(member, action)}>
          {t(labelOfAction[action])}
        </MenuItem>
      ))}
    </Menu>
  );
}

function NameAndEmail({ member }: { member: TeamMember }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {member.username}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
    </Stack>
  );
}

function InvitationNote({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (member.status !== 'invited' || !member.invitation_expires_at) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('team.members.invitation_until', { date: formatDateTime(member.invitation_expires_at, language) })}
    </Text>
  );
}

type ListProps = { members: TeamMember[]; onEdit: (member: TeamMember) => void; onAct: Act };

function MembersTable({ members, onEdit, onAct }: ListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('team.members.username')}</Table.Th>
            <Table.Th>{t('team.members.company_role')}</Table.Th>
            <Table.Th>{t('team.members.group')}</Table.Th>
            <Table.Th>{t('team.members.status')}</Table.Th>
            <Table.Th>{t('team.members.description')}</Table.Th>
            <Table.Th>{t('team.members.added')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('team.members.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.member_id} data-testid="team-member">
              <Table.Td>
                <NameAndEmail member={member} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`team.company_roles.${member.company_role}`)}</Text>
              </Table.Td>
              <Table.Td>
                <GroupName member={member} />
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <StatusBadge member={member} />
                  <InvitationNote member={member} />
                </Stack>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" c="dark.6" lineClamp={2}>
                  {member.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <DateTime value={member.created_at} isDateOnly size="sm" />
              </Table.Td>
              <Table.Td ta="right">
                <MemberActions member={member} onEdit={() => onEdit(member)} onAct={onAct} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MemberCards({ members, onEdit, onAct }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Paper key={member.member_id} withBorder p="md" component="li" data-testid="team-member-card">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <NameAndEmail member={member} />
              <MemberActions member={member} onEdit={() => onEdit(member)} onAct={onAct} />
            </Group>
            <Group gap="xs" wrap="wrap">
              <StatusBadge member={member} />
              <Text size="sm">{t(`team.company_roles.${member.company_role}`)}</Text>
              <GroupName member={member} />
            </Group>
            <InvitationNote member={member} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Disabling and removing are confirmed; the other actions run at once. */
function ConfirmActionDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: { member: TeamMember; action: 'disable' | 'remove' } | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const texts = pending?.action === 'remove' ? 'team.members.remove_dialog' : 'team.members.disable_dialog';
  const name = pending?.member.username ?? '';
  return (
    <Dialog isOpen={pending !== null} onClose={onCancel} title={t(`${texts}.title`, { name })}>
      <Stack gap="md">
        <Text size="sm">{t(`${texts}.body`)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('team.members.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} data-autofocus>
            {t(`${texts}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

const noticeOfAction = {
  disable: 'team.members.disabled_notice',
  enable: 'team.members.enabled_notice',
  remove: 'team.members.removed_notice',
  resend_invitation: 'team.members.resent_notice',
} as const satisfies Record<TeamMemberAction, string>;

export function MembersPanel({
  user,
  groups,
  onInvite,
}: {
  user: UserInfo | undefined;
  groups: readonly PermissionGroup[];
  onInvite: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useMembers();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [confirming, setConfirming] = useState<{ member: TeamMember; action: 'disable' | 'remove' } | null>(null);
  const { run, dialog } = useStepUpAction(user, 'team');

  const perform = (member: TeamMember, action: TeamMemberAction) =>
    run(async () => {
      await callApi(actOnTeamMember, { member_id: member.member_id, action });
      await refreshTeam(queryClient);
      showSuccess(t(noticeOfAction[action], { name: member.username, email: member.email }));
    });
  const act: Act = (member, action) => {
    if (action === 'disable' || action === 'remove') setConfirming({ member, action });
    else void perform(member, action);
  };

  if (members.isPending) return <TableSkeleton />;
  if (members.isError) return <LoadError error={members.error} onRetry={() => void members.refetch()} />;
  const items = members.data.pages.flatMap((page) => page.items);
  const others = items.filter((member) => !member.is_administrator);

  return (
    <Stack gap="md">
      <MembersTable members={items} onEdit={setEditing} onAct={act} />
      <MemberCards members={items} onEdit={setEditing} onAct={act} />
      {others.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={26} stroke={1.6} />}
          title={t('team.members.empty_title')}
          description={groups.length === 0 ? t('team.members.no_group_first') : t('team.members.empty_description')}
          actions={
            groups.length > 0 ? (
              <Button variant="light" onClick={onInvite}>
                {t('team.members.invite')}
              </Button>
            ) : undefined
          }
        />
      ) : members.hasNextPage ? (
        <LoadMore query={members} loadMoreLabel={t('account.staff.audit.load_more')} allLoaded="" />
      ) : null}
      {user ? <EditMemberDialog user={user} groups={groups} member={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmActionDialog
        pending={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const pending = confirming;
          setConfirming(null);
          if (pending) void perform(pending.member, pending.action);
        }}
      />
      {dialog}
    </Stack>
  );
}
