/**
 * The company's permission groups as cards (name, description, the permissions they hold, how many
 * users are in them), and the permission view: one table of which group may do what, the
 * administrator's column first.
 */
import type { UserInfo } from '@bank/contract/account';
import { groupPermissions } from '@bank/contract/permissions';
import { deletePermissionGroup, type PermissionGroup } from '@bank/contract/team';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { refreshTeam } from './team-queries.ts';

function GroupCard({ group, onEdit, onDelete }: { group: PermissionGroup; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = `group-${group.group_id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId} data-testid="permission-group">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('team.groups.members', { count: group.member_count })}
            </Text>
          </Stack>
        </Group>
        {group.description ? (
          <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
            {group.description}
          </Text>
        ) : null}
        <Group gap={6}>
          {group.permissions.map((permission) => (
            <Badge key={permission} variant="light" color="bank" tt="none" fw={500}>
              {t(`team.permissions.${permission}.label`)}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" mt="auto">
          <Button variant="default" size="xs" onClick={onEdit} aria-label={`${t('team.groups.edit')}: ${group.name}`}>
            {t('team.groups.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={onDelete}
            disabled={group.member_count > 0}
            title={group.member_count > 0 ? t('team.groups.has_members') : undefined}
            aria-label={`${t('team.groups.delete')}: ${group.name}`}
          >
            {t('team.groups.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function GroupsPanel({
  user,
  groups,
  onNewGroup,
}: {
  user: UserInfo | undefined;
  groups: readonly PermissionGroup[];
  onNewGroup: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PermissionGroup | null>(null);
  const [deleting, setDeleting] = useState<PermissionGroup | null>(null);
  const { run, dialog } = useStepUpAction(user, 'team');

  const remove = (group: PermissionGroup) =>
    run(async () => {
      await callApi(deletePermissionGroup, { group_id: group.group_id });
      await refreshTeam(queryClient);
      showSuccess(t('team.groups.deleted_notice', { name: group.name }));
    });

  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<IconUsersGroup size={26} stroke={1.6} />}
        title={t('team.groups.empty_title')}
        description={t('team.groups.empty_description')}
        actions={
          <Button variant="light" onClick={onNewGroup}>
            {t('team.groups.new')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {groups.map((group) => (
          <GroupCard
            key={group.group_id}
            group={group}
            onEdit={() => setEditing(group)}
            onDelete={() => setDeleting(group)}
          />
        ))}
      </SimpleGrid>
      {user ? (
        <GroupFormDialog isOpen={editing !== null} group={editing} user={user} onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('team.groups.delete_dialog.title', { name: deleting?.name ?? '' })}
      >
        <Stack gap="md">
          <Text size="sm">{t('team.groups.delete_dialog.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('team.members.cancel')}
            </Button>
            <Button
              color="red"
              data-autofocus
              onClick={() => {
                const group = deleting;
                setDeleting(null);
                if (group) void remove(group);
              }}
            >
              {t('team.groups.delete_dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
      {dialog}
    </>
  );
}

function Held({ isHeld }: { isHeld: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isHeld ? (
        <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
      ) : (
        <IconMinus size={18} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
      <VisuallyHidden>{isHeld ? t('team.matrix.held') : t('team.matrix.not_held')}</VisuallyHidden>
    </>
  );
}

export function PermissionMatrix({ groups }: { groups: readonly PermissionGroup[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={Math.max(480, 260 + groups.length * 120)}>
        <Table verticalSpacing="sm" withColumnBorders striped data-testid="permission-matrix">
          <caption style={{ captionSide: 'top', textAlign: 'start', paddingBottom: 8 }}>
            <Text size="sm" c="dimmed" component="span">
              {t('team.matrix.caption')}
            </Text>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('team.matrix.permission')}</Table.Th>
              <Table.Th scope="col" ta="center">
                {t('team.members.administrator')}
              </Table.Th>
              {groups.map((group) => (
                // Whole words: a name wraps between words (the column widens to its longest word),
                // and only a word longer than the column may break.
                <Table.Th
                  key={group.group_id}
                  scope="col"
                  ta="center"
                  miw={112}
                  style={{ overflowWrap: 'break-word', wordBreak: 'normal', hyphens: 'auto' }}
                >
                  {group.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groupPermissions.map((permission) => (
              <Table.Tr key={permission}>
                <Table.Th scope="row" fw={500}>
                  <Text size="sm" fw={500}>
                    {t(`team.permissions.${permission}.label`)}
                  </Text>
                  <Text size="xs" c="dimmed" fw={400}>
                    {t(`team.permissions.${permission}.description`)}
                  </Text>
                </Table.Th>
                <Table.Td ta="center">
                  <Held isHeld />
                </Table.Td>
                {groups.map((group) => (
                  <Table.Td key={group.group_id} ta="center">
                    <Held isHeld={group.permissions.includes(permission)} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('team.matrix.empty')}
        </Text>
      ) : null}
    </Stack>
  );
}
