/**
 * Where the account is signed in (listSessions): the device, when it signed in and was last active,
 * this device marked. Any other session can be logged out (revokeSession), or all of them at once
 * (revokeOtherSessions), each after a confirmation. A table on a desk, a list on a phone.
 */

import { listSessions, revokeOtherSessions, revokeSession } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { AccountSection } from './account-section.tsx';

type Session = ResponseOf<typeof listSessions>['items'][number];

/** The current session first, then the most recently active. */
function inDisplayOrder(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((left, right) => {
    if (left.is_current !== right.is_current) return left.is_current ? -1 : 1;
    return right.last_seen_at.localeCompare(left.last_seen_at);
  });
}

function DeviceName({ session }: { session: Session }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <IconDeviceDesktop size={18} stroke={1.6} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text size="sm" fw={500}>
        {session.device}
      </Text>
      {session.is_current ? (
        <Badge color="teal" size="sm" tt="none" style={badgeTextStyle('teal')}>
          {t('account.sessions.this_device')}
        </Badge>
      ) : null}
    </Group>
  );
}

function LogOutButton({ session, onClick }: { session: Session; onClick: () => void }) {
  const { t } = useTranslation();
  if (session.is_current) return null;
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      onClick={onClick}
      aria-label={t('account.sessions.log_out_session', { device: session.device })}
    >
      {t('account.sessions.log_out')}
    </Button>
  );
}

export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useScreenQuery(listSessions, {});
  const [sessionToEnd, setSessionToEnd] = useState<Session | null>(null);
  const [isEndingOthers, setIsEndingOthers] = useState(false);
  const [isConfirmingOthers, setIsConfirmingOthers] = useState(false);
  const [isWorking, setIsWorking] = useState(false);
  const otherCount = sessions.data?.items.filter((session) => !session.is_current).length ?? 0;

  const endOne = async () => {
    if (!sessionToEnd) return;
    setIsWorking(true);
    try {
      await callApi(revokeSession, { session_id: sessionToEnd.session_id });
      showSuccess(t('account.sessions.ended_one'));
    } catch (error) {
      const message = messageOfError(error);
      if (message) showError(message);
    }
    setIsWorking(false);
    setSessionToEnd(null);
    await sessions.refetch();
  };

  const endOthers = async () => {
    setIsEndingOthers(true);
    try {
      const answer = await callApi(revokeOtherSessions, {});
      showSuccess(t('account.sessions.ended_others', { count: answer.ended }));
    } catch (error) {
      const message = messageOfError(error);
      if (message) showError(message);
    }
    setIsEndingOthers(false);
    setIsConfirmingOthers(false);
    await sessions.refetch();
  };

  return (
    <AccountSection
      id="sessions"
      title={t('account.sessions.title')}
      description={t('account.sessions.description')}
      action={
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={otherCount === 0}
          onClick={() => setIsConfirmingOthers(true)}
        >
          {t('account.sessions.log_out_others')}
        </Button>
      }
    >
      <QueryState query={sessions} skeleton={<TableSkeleton rows={2} columns={4} />}>
        {(data) => {
          const rows = inDisplayOrder(data.items);
          return (
            <>
              <Box visibleFrom="sm">
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="sm" highlightOnHover={false}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('account.sessions.device')}</Table.Th>
                        <Table.Th>{t('account.sessions.signed_in')}</Table.Th>
                        <Table.Th>{t('account.sessions.last_seen')}</Table.Th>
                        <Table.Th ta="right">{t('account.sessions.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((session) => (
                        <Table.Tr key={session.session_id} data-current={session.is_current || undefined}>
                          <Table.Td>
                            <DeviceName session={session} />
                          </Table.Td>
                          <Table.Td>
                            <DateTime value={session.created_at} size="sm" />
                          </Table.Td>
                          <Table.Td>
                            <DateTime value={session.last_seen_at} size="sm" />
                          </Table.Td>
                          <Table.Td ta="right">
                            <LogOutButton session={session} onClick={() => setSessionToEnd(session)} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
              <Stack gap="sm" hiddenFrom="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {rows.map((session) => (
                  <Paper key={session.session_id} component="li" withBorder p="sm" radius="md">
                    <Stack gap={6}>
                      <DeviceName session={session} />
                      <Text size="xs" c="dimmed">
                        {t('account.sessions.signed_in')} <DateTime value={session.created_at} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('account.sessions.last_seen')} <DateTime value={session.last_seen_at} />
                      </Text>
                      {session.is_current ? null : (
                        <Group justify="flex-end">
                          <LogOutButton session={session} onClick={() => setSessionToEnd(session)} />
                        </Group>
                      )}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
              {otherCount === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('account.sessions.only_this')}
                </Text>
              ) : null}
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        isOpen={sessionToEnd !== null}
        title={t('account.sessions.confirm_one_title')}
        message={t('account.sessions.confirm_one', { device: sessionToEnd?.device ?? '' })}
        confirmLabel={t('account.sessions.log_out')}
        isWorking={isWorking}
        onConfirm={() => void endOne()}
        onClose={() => setSessionToEnd(null)}
      />
      <ConfirmDialog
        isOpen={isConfirmingOthers}
        title={t('account.sessions.confirm_others_title')}
        message={t('account.sessions.confirm_others')}
        confirmLabel={t('account.sessions.log_out_others')}
        isWorking={isEndingOthers}
        onConfirm={() => void endOthers()}
        onClose={() => setIsConfirmingOthers(false)}
      />
    </AccountSection>
  );
}
