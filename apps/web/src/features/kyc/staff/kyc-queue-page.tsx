/**
 * /admin/kyc (staff only): the queue of companies' KYC. Filters by status (pending review first),
 * by submission date and by company name; the newest submissions first, 20 at a time with "Load
 * more" (keyset pagination: every page is as fast as the first). A row opens the company's review.
 */
import type { ResponseOf } from '@bank/contract/calls';
import { listKycReviews } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { accountKycStatuses } from '@bank/contract/states';
import { Anchor, Button, Card, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronRight, IconInbox, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { screenPagesOptions } from '../../../lib/screen-query.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { defaultStatus, openingFilters } from './kyc-queue-page-data.ts';
import { queueRequestOf, type StatusFilter } from './queue-request.ts';
import '../../../messages/admin.ts';
import '../../../messages/kyc.ts';

type QueueItem = ResponseOf<typeof listKycReviews>['items'][number];

export function reviewPathOf(companyId: string): string {
  return generatePath(pathOf('admin_kyc_detail'), { companyId });
}

export function KycQueuePage() {
  const { t } = useTranslation();
  const mayReview = useHoldsPermission('kyc_review');
  if (mayReview === false) return <NoPermissionPage title={t('pages.admin_kyc.title')} />;
  return <KycQueue />;
}

function KycQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>(openingFilters.status);
  const [from, setFrom] = useState(openingFilters.from);
  const [to, setTo] = useState(openingFilters.to);
  const [search, setSearch] = useState(openingFilters.search);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const request = queueRequestOf({ status, from, to, search: debouncedSearch });

  const queue = useInfiniteQuery(screenPagesOptions(listKycReviews, request));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  // The queue opens on what waits for a decision; anything else is a filter the reviewer chose.
  const hasFilters = status !== defaultStatus || from !== '' || to !== '' || debouncedSearch.trim() !== '';

  const statusOptions = [
    { value: 'all', label: t('kyc.review.all_statuses') },
    ...accountKycStatuses.map((value) => ({ value, label: t(`states.account_kyc.${value}`) })),
  ];

  return (
    <PageFrame title={t('pages.admin_kyc.title')} description={t('pages.admin_kyc.purpose')}>
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={t('kyc.review.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <TextInput
            label={t('kyc.review.search')}
            placeholder={t('kyc.review.search_placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          <Select
            label={t('kyc.review.status')}
            data={statusOptions}
            value={status}
            allowDeselect={false}
            onChange={(value) => setStatus((value ?? 'all') as StatusFilter)}
          />
          <DateField label={t('kyc.review.submitted_from')} value={from} max={to} onChange={setFrom} clearable />
          <DateField label={t('kyc.review.submitted_to')} value={to} min={from} onChange={setTo} clearable />
        </SimpleGrid>
      </Paper>

      {queue.isPending ? (
        <TableSkeleton columns={5} />
      ) : queue.isError && items.length === 0 ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={26} stroke={1.6} />}
          title={hasFilters ? t('kyc.review.empty_filtered_title') : t('kyc.review.empty_title')}
          description={hasFilters ? t('kyc.review.empty_filtered_description') : t('kyc.review.empty_description')}
          actions={
            hasFilters ? (
              <Button
                variant="light"
                onClick={() => {
                  setStatus(defaultStatus);
                  setFrom('');
                  setTo('');
                  setSearch('');
                }}
              >
                {t('kyc.review.clear_filters')}
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="md">
          <QueueRows items={items} />
          <Group justify="center">
            {queue.hasNextPage ? (
              <Button variant="default" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
                {t('kyc.review.load_more')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('kyc.review.all_loaded', { count: items.length })}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}

/** The queue's rows: a table on wide screens, a list of cards on a phone, each opening the review. */
function QueueRows({ items }: { items: readonly QueueItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Card p={0} visibleFrom="sm">
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyc.review.columns.company')}</Table.Th>
                <Table.Th>{t('kyc.review.columns.applicant')}</Table.Th>
                <Table.Th>{t('kyc.review.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('kyc.review.columns.round')}</Table.Th>
                <Table.Th>{t('kyc.review.columns.submitted')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.company_id}>
                  <Table.Td>
                    <Anchor component={Link} to={reviewPathOf(item.company_id)} fw={500}>
                      {item.company_name ?? t('kyc.review.unnamed_company')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.applicant_email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge list="account_kyc" value={item.status} />
                  </Table.Td>
                  <Table.Td ta="right" className="tabular-figures">
                    {item.round}
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={item.submitted_at} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <li key={item.company_id}>
            <Card component={Link} to={reviewPathOf(item.company_id)} padding="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {item.company_name ?? t('kyc.review.unnamed_company')}
                  </Text>
                  <Text size="sm" c="dimmed" truncate="end">
                    {item.applicant_email}
                  </Text>
                  <Group gap="xs">
                    <StatusBadge list="account_kyc" value={item.status} />
                    <Text size="xs" c="dimmed" className="tabular-figures">
                      {t('kyc.review.round_number', { round: item.round })} · <DateTime value={item.submitted_at} />
                    </Text>
                  </Group>
                </Stack>
                <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    </>
  );
}
