/**
 * The payout records of one kind (withdraw/fiat/record, withdraw/crypto/record), newest first: the
 * filters (text, period, status, asset) live in the address, so a filtered list survives a reload;
 * 20 at a time with "Load more"; a table on a desktop, cards on a phone; each opens its details.
 * "New payout" starts one, and the records of a period download as PDF, CSV or XLSX.
 */
import { digitalAssets } from '@bank/contract/money';
import { fiatPayoutAssets, type Payout, PayoutFilter, type PayoutKind } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { transactionStatuses } from '@bank/contract/states';
import { Anchor, Button, Card, Grid, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconDownload, IconPlus, IconSend } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { maxLengthAt } from '../../lib/call-form.tsx';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { HistoryChoice, HistoryFilterBar, HistorySearch, useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { shortenMiddle } from '../../ui/short-text.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import { detailPathOfPayout, isPayoutMoving } from './payout-format.ts';
import { WithdrawSections } from './payout-parts.tsx';
import { type HistoryFilterKey, historyCallsOf, historyFilterKeys, historyRequestOf } from './payout-queries.ts';

/** While one of the newest payouts is still on its way, the open list asks again this often. */
const movingRefreshMs = 15_000;
const textMaxLength = maxLengthAt(PayoutFilter, 'text');

function Filters({
  kind,
  values,
  hasFilters,
  onChange,
  onClear,
}: {
  kind: PayoutKind;
  values: Record<HistoryFilterKey, string>;
  hasFilters: boolean;
  onChange: (key: HistoryFilterKey, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const assets = kind === 'fiat' ? fiatPayoutAssets : digitalAssets;
  return (
    <HistoryFilterBar
      label={t('payouts.history.filters.label')}
      clearLabel={t('payouts.history.filters.clear')}
      hasFilters={hasFilters}
      onClear={onClear}
    >
      <Grid.Col span={{ base: 24, lg: 8 }}>
        <HistorySearch
          label={t('payouts.history.filters.search')}
          placeholder={t(`payouts.history.filters.search_placeholder_${kind}`)}
          maxLength={textMaxLength}
          value={values.text}
          onChange={(value) => onChange('text', value)}
        />
      </Grid.Col>
      <PeriodFields
        from={values.from}
        to={values.to}
        labels={{ from: t('payouts.history.filters.from'), to: t('payouts.history.filters.to') }}
        span={{ base: 12, lg: 4 }}
        onChange={(field, value) => onChange(field, value)}
      />
      <HistoryChoice
        span={{ base: 24, xs: 12, lg: 4 }}
        label={t('payouts.history.filters.status')}
        allLabel={t('payouts.history.filters.all_statuses')}
        options={transactionStatuses.map((value) => ({ value, label: t(`states.transaction.${value}`) }))}
        value={values.status}
        onChange={(value) => onChange('status', value)}
      />
      <HistoryChoice
        span={{ base: 24, xs: 12, lg: 4 }}
        label={t('payouts.history.filters.asset')}
        allLabel={t('payouts.history.filters.all_assets')}
        options={assets.map((value) => ({ value, label: value }))}
        value={values.asset}
        onChange={(value) => onChange('asset', value)}
      />
    </HistoryFilterBar>
  );
}

function destinationLine(payout: Payout): string {
  const { destination } = payout;
  if (payout.kind === 'crypto' && destination.address) return shortenMiddle(destination.address);
  return [destination.bank_name, destination.account_number ? `•••• ${destination.account_number.slice(-4)}` : null]
    .filter(Boolean)
    .join(' · ');
}

function Received({ payout }: { payout: Payout }) {
  if (!payout.fiat) return null;
  return <Amount value={payout.fiat.amount} currency={payout.fiat.currency} size="xs" c="dimmed" />;
}

function usePayoutColumns(kind: PayoutKind): HistoryColumn<Payout>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'date',
      header: t('payouts.history.columns.date'),
      isNoWrap: true,
      cell: (payout) => (
        <Text size="sm">
          <DateTime value={payout.created_at} />
        </Text>
      ),
    },
    {
      key: 'destination',
      header: t('payouts.history.columns.destination'),
      cell: (payout) => (
        <>
          <Text size="sm" fw={500}>
            {payout.destination.name}
          </Text>
          <Text size="xs" c="dimmed" ff={kind === 'crypto' ? 'monospace' : undefined}>
            {destinationLine(payout)}
          </Text>
        </>
      ),
    },
    {
      key: 'asset',
      header: t('payouts.history.columns.asset'),
      cell: (payout) => (
        <>
          <Text size="sm">{payout.asset}</Text>
          {payout.network ? (
            <Text size="xs" c="dimmed">
              {payout.network}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('payouts.history.columns.amount'),
      isRightAligned: true,
      cell: (payout) => (
        <Stack gap={0} align="flex-end">
          <Amount value={payout.amount} currency={payout.asset} size="sm" fw={600} />
          <Received payout={payout} />
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('payouts.history.columns.status'),
      cell: (payout) => <StatusBadge list="transaction" value={payout.status} />,
    },
    {
      key: 'details',
      header: <VisuallyHidden>{t('payouts.history.columns.details')}</VisuallyHidden>,
      isRightAligned: true,
      cell: (payout) => (
        <Anchor
          component={Link}
          to={detailPathOfPayout(kind, payout.payout_id)}
          size="sm"
          fw={500}
          aria-label={t('payouts.history.view_label', { name: payout.destination.name })}
        >
          {t('payouts.history.view')}
        </Anchor>
      ),
    },
  ];
}

function PayoutCard({ kind, payout }: { kind: PayoutKind; payout: Payout }) {
  return (
    <Card component={Link} to={detailPathOfPayout(kind, payout.payout_id)} padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {payout.destination.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[payout.asset, payout.network].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            <DateTime value={payout.created_at} />
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Stack gap={6} align="flex-end">
            <Amount value={payout.amount} currency={payout.asset} size="sm" fw={600} />
            <Received payout={payout} />
            <StatusBadge list="transaction" value={payout.status} size="sm" />
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        </Group>
      </Group>
    </Card>
  );
}

function DownloadDialog({ kind, isOpen, onClose }: { kind: PayoutKind; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ExportDialog
      call={historyCallsOf[kind].download}
      isOpen={isOpen}
      onClose={onClose}
      title={t(`payouts.history.download.title_${kind}`)}
      description={t('payouts.history.download.description')}
      filter={{
        field: 'status',
        label: t('payouts.history.filters.status'),
        allLabel: t('payouts.history.filters.all_statuses'),
        options: transactionStatuses.map((value) => ({ value, label: t(`states.transaction.${value}`) })),
      }}
      doneMessage={t('payouts.history.download.done')}
    />
  );
}

export function PayoutHistoryPage({ kind }: { kind: PayoutKind }) {
  const { t } = useTranslation();
  const calls = historyCallsOf[kind];
  const mayPrepare = useHoldsPermission('prepare_payouts');
  const mayExport = useHoldsPermission('exports');
  const { values, hasFilters, setParam, clearFilters } = useHistoryParams(historyFilterKeys);
  const [isDownloadOpen, download] = useDisclosure(false);
  const columns = usePayoutColumns(kind);
  const [debouncedText] = useDebouncedValue(values.text, 300);
  const request = historyRequestOf({ ...values, text: debouncedText });
  const history = useInfiniteQuery({
    ...screenPagesOptions(calls.list, request),
    placeholderData: keepPreviousData,
    enabled: mayPrepare !== false,
    refetchInterval: (query) =>
      query.state.data?.pages.length === 1 &&
      query.state.data.pages[0]?.items.some((item) => isPayoutMoving(item.status))
        ? movingRefreshMs
        : false,
  });
  if (mayPrepare === false) return <NoPermissionPage title={t(`pages.${calls.page}.title`)} />;
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const newButton = (
    <Button component={Link} to={pathOf(calls.form)} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('payouts.history.new')}
    </Button>
  );

  return (
    <PageFrame
      title={t(`pages.${calls.page}.title`)}
      description={t(`pages.${calls.page}.purpose`)}
      actions={
        <>
          {mayExport === false ? null : (
            // Held in place, unseen (out of reach of the keyboard too), until the user's permissions are
            // known: the page does not move.
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={download.open}
              style={mayExport === undefined ? { visibility: 'hidden' } : undefined}
            >
              {t('payouts.history.download.open')}
            </Button>
          )}
          {newButton}
        </>
      }
    >
      <WithdrawSections current={calls.page} />
      <Filters kind={kind} values={values} hasFilters={hasFilters} onChange={setParam} onClear={() => clearFilters()} />
      <HistoryResults
        query={history}
        itemCount={items.length}
        skeleton={{ rows: 6, columns: 6 }}
        empty={{
          icon: <IconSend size={26} stroke={1.6} />,
          title: t(`payouts.history.empty_title_${kind}`),
          description: t(`payouts.history.empty_description_${kind}`),
          actions: newButton,
        }}
        filteredEmpty={{
          isShown: hasFilters,
          title: t('payouts.history.empty_filtered_title'),
          description: t('payouts.history.empty_filtered_description'),
          clearLabel: t('payouts.history.filters.clear'),
          onClear: () => clearFilters(),
        }}
      >
        <HistoryTable
          label={t(`pages.${calls.page}.title`)}
          minWidth={800}
          columns={columns}
          rows={items}
          rowKey={(payout) => payout.payout_id}
          rowTestId="payout-row"
        />
        <HistoryCards
          rows={items}
          rowKey={(payout) => payout.payout_id}
          cardTestId="payout-card"
          card={(payout) => <PayoutCard kind={kind} payout={payout} />}
        />
        <LoadMore
          query={history}
          loadMoreLabel={t('payouts.load_more')}
          allLoaded={t('payouts.history.all_loaded', { count: items.length })}
        />
      </HistoryResults>
      <DownloadDialog kind={kind} isOpen={isDownloadOpen} onClose={download.close} />
    </PageFrame>
  );
}
