/**
 * /top_up_history: the company's card top-ups, newest first (card/topRecord), with their states as
 * coloured badges; filters (card, status, period) kept in the address; 20 at a time with "Load
 * more"; a table on a desktop, cards on a phone; the record of a period as PDF, CSV or XLSX through
 * the shared export dialog; and "Top up a card" (top-up-dialog.tsx). The open list asks again while
 * one of the newest top-ups is still being loaded.
 */

import { downloadTopUps, listTopUps, type TopUp } from '@bank/contract/card-money';
import type { Card as MoneyCard } from '@bank/contract/cards';
import { pathOf } from '@bank/contract/routes';
import { topUpStatuses } from '@bank/contract/states';
import { Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconDownload, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { HistoryChoice, HistoryFilterBar, useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import { CardPicker, useMoneyCards } from './top-up-cards.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';
import { type FilterKey, filterKeys, requestOf } from './top-up-history-page-data.ts';
import '../../messages/admin.ts';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';
import '../../messages/transactions.ts';

const underWayRefreshMs = 5000;

function PaidLine({ topUp }: { topUp: TopUp }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('cards.money.history.paid_line', { total: amountText(topUp.debit_total, topUp.asset), asset: topUp.asset })}
    </Text>
  );
}

function useTopUpColumns(): HistoryColumn<TopUp>[] {
  const { t } = useTranslation();
  const header = (key: 'date' | 'card' | 'amount' | 'fee' | 'source_of_funds' | 'status') =>
    t(`cards.money.history.columns.${key}`);
  return [
    {
      key: 'date',
      header: header('date'),
      isNoWrap: true,
      cell: (topUp) => (
        <>
          <Text size="sm">
            <DateTime value={topUp.created_at} />
          </Text>
          <Text size="xs" c="dimmed">
            {topUp.created_by_name}
          </Text>
        </>
      ),
    },
    {
      key: 'card',
      header: header('card'),
      cell: (topUp) => (
        <>
          <Text size="sm" fw={500}>
            •••• {topUp.last4}
          </Text>
          <Text size="xs" c="dimmed">
            {topUp.cardholder_name}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      header: header('amount'),
      isRightAligned: true,
      cell: (topUp) => (
        <>
          <Amount value={topUp.amount} currency="USD" size="sm" fw={600} />
          <PaidLine topUp={topUp} />
        </>
      ),
    },
    {
      key: 'fee',
      header: header('fee'),
      isRightAligned: true,
      cell: (topUp) => <Amount value={topUp.fee} currency="USD" size="sm" />,
    },
    {
      key: 'source_of_funds',
      header: header('source_of_funds'),
      cell: (topUp) => <Text size="sm">{t(`cards.money.sources.${topUp.source_of_funds}`)}</Text>,
    },
    {
      key: 'status',
      header: header('status'),
      cell: (topUp) => <StatusBadge list="top_up" value={topUp.status} />,
    },
  ];
}

function TopUpCard({ topUp }: { topUp: TopUp }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  return (
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
  );
}

function TopUpFilters({
  cards,
  values,
  hasFilters,
  onChange,
  onClear,
}: {
  cards: MoneyCard[];
  values: Record<FilterKey, string>;
  hasFilters: boolean;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <HistoryFilterBar
      label={t('cards.money.history.filters.label')}
      clearLabel={t('cards.money.history.filters.clear')}
      hasFilters={hasFilters}
      onClear={onClear}
    >
      <Grid.Col span={{ base: 24, md: 8 }}>
        <CardPicker
          cards={cards}
          value={values.card_id}
          onChange={(value) => onChange('card_id', value)}
          label={t('cards.money.history.filters.card')}
          allLabel={t('cards.money.history.filters.all_cards')}
        />
      </Grid.Col>
      <HistoryChoice
        span={{ base: 24, md: 6 }}
        label={t('cards.money.history.filters.status')}
        allLabel={t('cards.money.history.filters.all_statuses')}
        options={topUpStatuses.map((value) => ({ value, label: t(`states.top_up.${value}`) }))}
        value={values.status}
        onChange={(value) => onChange('status', value)}
      />
      <PeriodFields
        from={values.from}
        to={values.to}
        labels={{ from: t('cards.money.history.filters.from'), to: t('cards.money.history.filters.to') }}
        span={{ base: 12, md: 5 }}
        onChange={(field, value) => onChange(field, value)}
      />
    </HistoryFilterBar>
  );
}

export function TopUpHistoryPage() {
  const { t } = useTranslation();
  const mayUseCards = useHoldsPermission('cards');
  const mayExport = useHoldsPermission('exports');
  // Top-ups are paid from company funds: card management's, never a holder's alone.
  const mayTopUp = useHoldsPermission('card_management') === true;
  const { values, hasFilters, setParam, clearFilters } = useHistoryParams(filterKeys);
  const [isTopUpOpen, topUpDialog] = useDisclosure(false);
  const [isDownloadOpen, download] = useDisclosure(false);
  const columns = useTopUpColumns();
  const request = requestOf(values);
  const cards = useMoneyCards({ enabled: mayUseCards !== false });
  const history = useInfiniteQuery({
    ...screenPagesOptions(listTopUps, request),
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
  const topUpButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={topUpDialog.open} disabled={!canTopUp}>
      {t('cards.money.top_up.open')}
    </Button>
  );

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
      <TopUpFilters
        cards={cardList}
        values={values}
        hasFilters={hasFilters}
        onChange={setParam}
        onClear={() => clearFilters()}
      />
      <HistoryResults
        query={history}
        itemCount={items.length}
        skeleton={{ rows: 6, columns: 6 }}
        empty={{
          icon: <IconCreditCard size={26} stroke={1.6} />,
          title: t('cards.money.history.empty_title'),
          description: t('cards.money.history.empty_description'),
          actions:
            canTopUp && mayTopUp ? (
              topUpButton
            ) : (
              <Button component={Link} to={pathOf('cards')} variant="light">
                {t('cards.money.no_cards.action')}
              </Button>
            ),
        }}
        filteredEmpty={{
          isShown: hasFilters,
          title: t('cards.money.history.empty_filtered_title'),
          description: t('cards.money.history.empty_filtered_description'),
          clearLabel: t('cards.money.history.filters.clear'),
          onClear: () => clearFilters(),
        }}
      >
        <HistoryTable
          label={t('cards.money.history.title')}
          minWidth={760}
          isHighlightedOnHover={false}
          columns={columns}
          rows={items}
          rowKey={(topUp) => topUp.top_up_id}
          rowTestId="top-up-row"
        />
        <HistoryCards
          rows={items}
          rowKey={(topUp) => topUp.top_up_id}
          cardTestId="top-up-card"
          card={(topUp) => <TopUpCard topUp={topUp} />}
        />
        <LoadMore
          query={history}
          loadMoreLabel={t('cards.money.history.load_more')}
          allLoaded={t('cards.money.history.all_loaded', { count: items.length })}
        />
      </HistoryResults>
      <TopUpDialog
        isOpen={isTopUpOpen}
        onClose={topUpDialog.close}
        cards={cardList}
        {...(values.card_id ? { initialCardId: values.card_id } : {})}
      />
      <TopUpExportDialog isOpen={isDownloadOpen} onClose={download.close} cardId={values.card_id} />
    </PageFrame>
  );
}

function TopUpExportDialog({ isOpen, onClose, cardId }: { isOpen: boolean; onClose: () => void; cardId: string }) {
  const { t } = useTranslation();
  return (
    <ExportDialog
      call={downloadTopUps}
      isOpen={isOpen}
      onClose={onClose}
      title={t('cards.money.history.download.title')}
      description={t('cards.money.history.download.description')}
      filter={{
        field: 'status',
        label: t('cards.money.history.filters.status'),
        allLabel: t('cards.money.history.filters.all_statuses'),
        options: topUpStatuses.map((value) => ({ value, label: t(`states.top_up.${value}`) })),
      }}
      {...(cardId ? { fixedBody: { card_id: cardId } } : {})}
      doneMessage={t('cards.money.history.download.done')}
    />
  );
}
