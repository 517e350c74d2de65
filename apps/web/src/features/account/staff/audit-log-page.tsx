/**
 * The back office's audit log (listAuditLog): every sign-in, failure, lock, password and factor
 * change, newest first, with keyset "Load more" and a filter by action. Staff only (the staff gate
 * and, for every call, the server).
 */
import type { AuditEntry } from '@bank/contract/account';
import { listAuditLog } from '@bank/contract/account';
import { defaultPageSize } from '@bank/contract/constants';
import { Box, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { prefetchScreenPages, screenPagesOptions } from '../../../lib/screen-query.ts';
import { actionColour, useActionLabel, useDetailText } from '../../../ui/audit-entry-text.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';

type Entry = z.infer<typeof AuditEntry>;

/** The identity actions the server records (account module); later modules add their own. */
const knownActions = [
  'login.succeeded',
  'login.failed',
  'login.locked',
  'account.registered',
  'password.changed',
  'password.change_failed',
  'password.reset',
  'profile.changed',
  'authenticator.paired',
  'authenticator.removed',
  'authenticator.remove_failed',
  'session.signed_out',
  'session.revoked',
  'session.revoked_others',
  'step_up.verified',
  'step_up_failed',
  'terms.accepted',
] as const;

/** An action as a coloured dot and its name: calmer than a badge in a dense table, and never cut short. */
function ActionName({ action }: { action: string }) {
  const actionLabel = useActionLabel();
  const colour = actionColour(action);
  return (
    <Group gap={8} wrap="nowrap" title={action}>
      <Box
        w={8}
        h={8}
        style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${colour}-6)` }}
        aria-hidden
      />
      <Text size="sm" fw={500}>
        {actionLabel(action)}
      </Text>
    </Group>
  );
}

/** The company by its name; by its id (shortened, whole on hover) when it has none yet. */
function CompanyName({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.company_name) return <Text size="sm">{entry.company_name}</Text>;
  if (!entry.company_id) return <Text c="dimmed">{t('shell.date_placeholder')}</Text>;
  return (
    <Text size="sm" c="dimmed" title={entry.company_id}>
      {t('account.staff.audit.unnamed_company')}
    </Text>
  );
}

function AuditTable({ entries }: { entries: readonly Entry[] }) {
  const { t } = useTranslation();
  const detailText = useDetailText();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" striped={false} highlightOnHover>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('account.staff.audit.columns.time')}</Table.Th>
            <Table.Th>{t('account.staff.audit.columns.action')}</Table.Th>
            <Table.Th>{t('account.staff.audit.columns.actor')}</Table.Th>
            <Table.Th>{t('account.staff.audit.columns.company')}</Table.Th>
            <Table.Th>{t('account.staff.audit.columns.ip')}</Table.Th>
            <Table.Th>{t('account.staff.audit.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateTime value={entry.at} size="sm" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ActionName action={entry.action} />
              </Table.Td>
              <Table.Td miw={220}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.actor_email ?? t('shell.date_placeholder')}
                </Text>
              </Table.Td>
              <Table.Td>
                <CompanyName entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="tabular-figures">
                  {entry.ip ?? t('shell.date_placeholder')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed" maw={340} style={{ overflowWrap: 'anywhere' }}>
                  {detailText(entry.detail)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one block per entry, the time and action first. */
function AuditList({ entries }: { entries: readonly Entry[] }) {
  const { t } = useTranslation();
  const detailText = useDetailText();
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry, index) => (
        <Box
          key={entry.id}
          component="li"
          py="sm"
          px="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <ActionName action={entry.action} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <DateTime value={entry.at} />
            </Text>
          </Group>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {entry.actor_email ?? t('shell.date_placeholder')}
          </Text>
          <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {[entry.ip, detailText(entry.detail)].filter(Boolean).join(' · ')}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const mayRead = useHoldsPermission('audit_log');
  if (mayRead === false) return <NoPermissionPage title={t('account.staff.audit.title')} />;
  return <AuditLog />;
}

/** The entries listed: of one action, or all (the log opens on all). */
function requestOf(action: string | null) {
  return { page_size: defaultPageSize, ...(action ? { action } : {}) };
}

function AuditLog() {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const [action, setAction] = useState<string | null>(null);
  const audit = useInfiniteQuery(screenPagesOptions(listAuditLog, requestOf(action)));
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PageFrame title={t('account.staff.audit.title')} description={t('account.staff.audit.purpose')}>
      <Group align="flex-end">
        <Select
          label={t('account.staff.audit.filter')}
          placeholder={t('account.staff.audit.all_actions')}
          data={[
            { value: '', label: t('account.staff.audit.all_actions') },
            ...knownActions.map((known) => ({ value: known, label: actionLabel(known) })),
          ]}
          value={action ?? ''}
          onChange={(value) => setAction(value ? value : null)}
          allowDeselect={false}
          w={{ base: '100%', xs: 300 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {audit.isPending ? (
        <TableSkeleton rows={8} columns={6} />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconFileSearch size={26} stroke={1.6} />}
          title={t('account.staff.audit.empty_title')}
          description={t('account.staff.audit.empty_description')}
        />
      ) : (
        <Stack gap="md">
          <Box
            bg="white"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
            px="sm"
          >
            <Box visibleFrom="sm">
              <AuditTable entries={entries} />
            </Box>
            <Box hiddenFrom="sm" mx="-sm">
              <AuditList entries={entries} />
            </Box>
          </Box>
          <Group justify="center">
            {audit.hasNextPage ? (
              <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {t('account.staff.audit.load_more')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed" role="status">
                {t('account.staff.audit.all_loaded')}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}

AuditLogPage.loadData = () => {
  void prefetchScreenPages(listAuditLog, requestOf(null));
};
