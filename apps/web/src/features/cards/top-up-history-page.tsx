/**
 * /top_up_history: the company's card top-ups, newest first (card/topRecord), with their states as
 * coloured badges; filters (card, status, period) kept in the address; 20 at a time with "Load
 * more"; a table on a desktop, cards on a phone; the record of a period as PDF, CSV or XLSX through
 * the shared export dialog; and "Top up a card" (top-up-dialog.tsx). The open list asks again while
 * one of the newest top-ups is still being loaded.
 */

import { downloadTopUps, listTopUps, type TopUp } from '@bank/contract/card-money';
import { defaultPageSize } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import { topUpStatuses } from '@bank/contract/states';
import { Button, Card, Grid, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconDownload, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import { CardPicker, useMoneyCards } from './top-up-cards.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';

const pageSize = defaultPageSize;
const underWayRefreshMs = 5000;
const filterKeys = ['card_id', 'status', 'from', 'to'] as const;
type FilterKey = (typeof filterKeys)[number];

function requestOf(values: Record<FilterKey, string>) {
  return {
    page_size: pageSize,
    ...(values.card_id ? { card_id: values.card_id } : {}),
    ...(values.status ? { status: values.status as TopUp['status'] } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

function PaidLine({ topUp }: { topUp: TopUp }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('cards.money.history.paid_line', { total: amountText(topUp.debit_total, topUp.asset), asset: topUp.asset })}
    </Text>
  );
}

function TopUpTable({ items }: { items: TopUp[] }) {
  const { t } = useTranslation();
  const column = (key: 'date' | 'card' | 'amount' | 'fee' | 'source_of_funds' | 'status') =>
    t(`cards.money.history.columns.${key}`);
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label={t('cards.money.history.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column('date')}</Table.Th>
              <Table.Th>{column('card')}</Table.Th>
              <Table.Th ta="right">{column('amount')}</Table.Th>
              <Table.Th ta="right">{column('fee')}</Table.Th>
              <Table.Th>{column('source_of_funds')}</Table.Th>
              <Table.Th>{column('status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((topUp) => (
              <Table.Tr key={topUp.top_up_id} data-testid="top-up-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    <DateTime value={topUp.created_at} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {topUp.created_by_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    •••• {topUp.last4}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {topUp.cardholder_name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={topUp.amount} currency="USD" size="sm" fw={600} />
                  <PaidLine topUp={topUp} />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={topUp.fee} currency="USD" size="sm" />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`cards.money.sources.${topUp.source_of_funds}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge list="top_up" value={topUp.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function TopUpCards({ items }: { items: TopUp[] }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((topUp) => (
        <li key={topUp.top_up_id} data-testid="top-up-card">
          <Card padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  •••• {topUp.last4} · {topUp.cardholder_name}
                </Text>
                <Text size="xs" c="dimmed">
                  <DateTime value={topUp.created_at} />
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`cards.money.sources.${topUp.source_of_funds}`)}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                <Amount value={topUp.amount} currency="USD" size="sm" fw={600} />
                <Text size="xs" c="dimmed">
                  {t('cards.money.history.fee_line', { fee: amountText(topUp.fee, 'USD') })}
                </Text>
                <StatusBadge list="top_up" value={topUp.status} size="sm" />
              </Stack>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

export function TopUpHistoryPage() {
  const { t } = useTranslation();
  const mayUseCards = useHoldsPermission('cards');
  const mayExport = useHoldsPermission('exports');
  // Top-ups are paid from company funds: card management's, never a holder's alone.
  const mayTopUp = useHoldsPermission('card_management') === true;
  const [params, setParams] = useSearchParams();
  const [isTopUpOpen, topUpDialog] = useDisclosure(false);
  const [isDownloadOpen, download] = useDisclosure(false);
  const values = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>;
  const request = requestOf(values);
  const hasFilters = filterKeys.some((key) => values[key] !== '');
  const cards = useMoneyCards({ enabled: mayUseCards !== false });
  const history = useInfiniteQuery({
    queryKey: [listTopUps.path, request],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(listTopUps, pageParam ? { ...request, cursor: pageParam } : request, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: mayUseCards !== false,
    refetchInterval: (query) =>
      query.state.data?.pages.length === 1 &&
      query.state.data.pages[0]?.items.some((item) => item.status === 'processing' || item.status === 'retry')
        ? underWayRefreshMs
        : false,
  });
  if (mayUseCards === false) return <NoPermissionPage title={t('pages.top_up_history.title')} />;
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const cardList = cards.data?.items ?? [];
  const canTopUp = cardList.some((card) => card.allowed_actions.includes('top_up'));
  const setFilter = (key: FilterKey, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });
  const topUpButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={topUpDialog.open} disabled={!canTopUp}>
      {t('cards.money.top_up.open')}
    </Button>
  );
  const statusOptions = topUpStatuses.map((value) => ({ value, label: t(`states.top_up.${value}`) }));

  return (
    <PageFrame
      title={t('pages.top_up_history.title')}
      description={t('pages.top_up_history.purpose')}
      actions={
        <>
          {mayExport ? (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download.open}>
              {t('cards.money.history.download.open')}
            </Button>
          ) : null}
          {mayTopUp ? topUpButton : null}
        </>
      }
    >
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={t('cards.money.history.filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Grid columns={24} gap="md">
          <Grid.Col span={{ base: 24, md: 8 }}>
            <CardPicker
              cards={cardList}
              value={values.card_id}
              onChange={(value) => setFilter('card_id', value)}
              label={t('cards.money.history.filters.card')}
              allLabel={t('cards.money.history.filters.all_cards')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, md: 6 }}>
            <Select
              label={t('cards.money.history.filters.status')}
              data={[{ value: '', label: t('cards.money.history.filters.all_statuses') }, ...statusOptions]}
              value={values.status}
              allowDeselect={false}
              onChange={(value) => setFilter('status', value ?? '')}
            />
          </Grid.Col>
          <PeriodFields
            from={values.from}
            to={values.to}
            labels={{ from: t('cards.money.history.filters.from'), to: t('cards.money.history.filters.to') }}
            span={{ base: 12, md: 5 }}
            onChange={(field, value) => setFilter(field, value)}
          />
        </Grid>
        {hasFilters ? (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={clearFilters}
            >
              {t('cards.money.history.filters.clear')}
            </Button>
          </Group>
        ) : null}
      </Paper>
      {history.isPending ? (
        <TableSkeleton rows={6} columns={6} />
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconCreditCard size={26} stroke={1.6} />}
          title={hasFilters ? t('cards.money.history.empty_filtered_title') : t('cards.money.history.empty_title')}
          description={
            hasFilters
              ? t('cards.money.history.empty_filtered_description')
              : t('cards.money.history.empty_description')
          }
          actions={
            hasFilters ? (
              <Button variant="light" onClick={clearFilters}>
                {t('cards.money.history.filters.clear')}
              </Button>
            ) : canTopUp && mayTopUp ? (
              topUpButton
            ) : (
              <Button component={Link} to={pathOf('cards')} variant="light">
                {t('cards.money.no_cards.action')}
              </Button>
            )
          }
        />
      ) : (
        <Stack gap="md" aria-busy={history.isPlaceholderData} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <TopUpTable items={items} />
          <TopUpCards items={items} />
          <LoadMore
            query={history}
            loadMoreLabel={t('cards.money.history.load_more')}
            allLoaded={t('cards.money.history.all_loaded', { count: items.length })}
          />
        </Stack>
      )}
      <TopUpDialog
        isOpen={isTopUpOpen}
        onClose={topUpDialog.close}
        cards={cardList}
        {...(values.card_id ? { initialCardId: values.card_id } : {})}
      />
      <ExportDialog
        call={downloadTopUps}
        isOpen={isDownloadOpen}
        onClose={download.close}
        title={t('cards.money.history.download.title')}
        description={t('cards.money.history.download.description')}
        filter={{
          field: 'status',
          label: t('cards.money.history.filters.status'),
          allLabel: t('cards.money.history.filters.all_statuses'),
          options: statusOptions,
        }}
        {...(values.card_id ? { fixedBody: { card_id: values.card_id } } : {})}
        doneMessage={t('cards.money.history.download.done')}
      />
    </PageFrame>
  );
}
