/**
 * /transaction_record: a card's transactions (card/transactionDetails), opening on the card whose
 * latest transaction is the most recent (not on a card with none): the card's balance, held and
 * available amounts; filters (period, type, status) kept in the address with the card; newest
 * first, 20 at a time with "Load more"; a table on a desktop (date, description, amount with CR/DR
 * right-aligned, status, declined with its reason), cards on a phone; each opens its details
 * drawer. The transactions of a period download as PDF, CSV or XLSX, and the card statement of a
 * period (PDF by default) through the shared export dialog.
 */

import {
  type CardTransaction,
  cardTransactionKinds,
  cardTransactionStatuses,
  downloadCardStatement,
  downloadCardTransactions,
  listCardTransactions,
} from '@bank/contract/card-money';
import type { Card as MoneyCard } from '@bank/contract/cards';
import { pathOf } from '@bank/contract/routes';
import { Anchor, Button, Card, Grid, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconDownload, IconFileText } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { readerTimeZone } from '../../ui/format-date.ts';
import { HistoryChoice, HistoryFilterBar, useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { PageSkeleton } from '../../ui/skeletons.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import {
  CardTransactionDrawer,
  CardTransactionStatusBadge,
  SignedAmount,
  useDescriptionOf,
} from './card-transactions-details.tsx';
import { cardIdOf, type FilterKey, filterKeys, requestOf } from './card-transactions-page-data.ts';
import { CardBalance, CardPicker, useMoneyCards } from './top-up-cards.tsx';
import '../../messages/admin.ts';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';
import '../../messages/transactions.ts';

function useTransactionColumns(onOpen: (line: CardTransaction) => void): HistoryColumn<CardTransaction>[] {
  const { t } = useTranslation();
  const describe = useDescriptionOf();
  return [
    {
      key: 'date',
      header: t('cards.money.transactions.columns.date'),
      isNoWrap: true,
      cell: (line) => (
        <Text size="sm">
          <DateTime value={line.at} />
        </Text>
      ),
    },
    {
      key: 'description',
      header: t('cards.money.transactions.columns.description'),
      cell: (line) => (
        <>
          <Text size="sm" fw={500}>
            {describe(line)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`cards.money.transactions.kinds.${line.kind}`)}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('cards.money.transactions.columns.amount'),
      isRightAligned: true,
      cell: (line) => <SignedAmount line={line} />,
    },
    {
      key: 'status',
      header: t('cards.money.transactions.columns.status'),
      cell: (line) => <CardTransactionStatusBadge line={line} />,
    },
    {
      key: 'details',
      header: <VisuallyHidden>{t('cards.money.transactions.columns.details')}</VisuallyHidden>,
      isRightAligned: true,
      cell: (line) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          onClick={() => onOpen(line)}
          aria-label={t('cards.money.transactions.view_label', { description: describe(line) })}
        >
          {t('cards.money.transactions.view')}
        </Anchor>
      ),
    },
  ];
}

function TransactionCard({ line, onOpen }: { line: CardTransaction; onOpen: (line: CardTransaction) => void }) {
  const { t } = useTranslation();
  const describe = useDescriptionOf();
  return (
    <UnstyledButton
      onClick={() => onOpen(line)}
      w="100%"
      aria-label={t('cards.money.transactions.view_label', { description: describe(line) })}
    >
      <Card padding="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {describe(line)}
            </Text>
            <Text size="xs" c="dimmed">
              <DateTime value={line.at} />
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <SignedAmount line={line} />
            <CardTransactionStatusBadge line={line} />
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function TransactionFilters({
  cards,
  cardId,
  values,
  hasFilters,
  onChange,
  onClear,
}: {
  cards: MoneyCard[];
  cardId: string;
  values: Record<FilterKey, string>;
  hasFilters: boolean;
  onChange: (key: FilterKey | 'card', value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <HistoryFilterBar
      label={t('cards.money.transactions.filters.label')}
      clearLabel={t('cards.money.transactions.filters.clear')}
      hasFilters={hasFilters}
      onClear={onClear}
    >
      <Grid.Col span={{ base: 24, md: 8 }}>
        <CardPicker cards={cards} value={cardId} onChange={(value) => onChange('card', value)} />
      </Grid.Col>
      <PeriodFields
        from={values.from}
        to={values.to}
        labels={{ from: t('cards.money.transactions.filters.from'), to: t('cards.money.transactions.filters.to') }}
        span={{ base: 12, md: 4 }}
        onChange={(field, value) => onChange(field, value)}
      />
      <HistoryChoice
        span={{ base: 12, md: 4 }}
        label={t('cards.money.transactions.filters.kind')}
        allLabel={t('cards.money.transactions.filters.all_kinds')}
        options={cardTransactionKinds.map((kind) => ({
          value: kind,
          label: t(`cards.money.transactions.kinds.${kind}`),
        }))}
        value={values.kind}
        onChange={(value) => onChange('kind', value)}
      />
      <HistoryChoice
        span={{ base: 12, md: 4 }}
        label={t('cards.money.transactions.filters.status')}
        allLabel={t('cards.money.transactions.filters.all_statuses')}
        options={statusOptions}
        value={values.status}
        onChange={(value) => onChange('status', value)}
      />
    </HistoryFilterBar>
  );
}

function useStatusOptions() {
  const { t } = useTranslation();
  return cardTransactionStatuses.map((status) => ({
    value: status,
    label: t(`cards.money.transactions.statuses.${status}`),
  }));
}

/** The transactions of a period and the card statement, each through the shared export dialog. */
function TransactionExports({
  cardId,
  download,
  statement,
}: {
  cardId: string;
  download: { isOpen: boolean; onClose: () => void };
  statement: { isOpen: boolean; onClose: () => void };
}) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <>
      <ExportDialog
        call={downloadCardTransactions}
        isOpen={download.isOpen}
        onClose={download.onClose}
        title={t('cards.money.transactions.download.title')}
        description={t('cards.money.transactions.download.description')}
        filter={{
          field: 'status',
          label: t('cards.money.transactions.filters.status'),
          allLabel: t('cards.money.transactions.filters.all_statuses'),
          options: statusOptions,
        }}
        fixedBody={{ card_id: cardId }}
        doneMessage={t('cards.money.transactions.download.done')}
      />
      <ExportDialog
        call={downloadCardStatement}
        isOpen={statement.isOpen}
        onClose={statement.onClose}
        title={t('cards.money.statement.dialog_title')}
        description={t('cards.money.statement.description')}
        periodHint={t('cards.money.statement.period_hint')}
        fixedBody={{ card_id: cardId, time_zone: readerTimeZone() }}
        doneMessage={t('cards.money.statement.done')}
      />
    </>
  );
}

export function CardTransactionsPage() {
  const { t } = useTranslation();
  const mayUseCards = useHoldsPermission('cards');
  const mayExport = useHoldsPermission('exports');
  const { params, values, hasFilters, setParam, clearFilters } = useHistoryParams(filterKeys);
  const [isDownloadOpen, download] = useDisclosure(false);
  const [isStatementOpen, statement] = useDisclosure(false);
  const [opened, setOpened] = useState<CardTransaction | null>(null);
  const columns = useTransactionColumns(setOpened);
  const cards = useMoneyCards({ enabled: mayUseCards !== false });
  const cardList = cards.data?.items ?? [];
  const cardId = cardIdOf(params, cardList);
  const history = useInfiniteQuery({
    ...screenPagesOptions(listCardTransactions, requestOf(cardId, values)),
    placeholderData: keepPreviousData,
    enabled: mayUseCards !== false && cardId !== '',
  });
  if (mayUseCards === false) return <NoPermissionPage title={t('pages.card_transactions.title')} />;
  const clearCardFilters = () => clearFilters(cardId ? { card: cardId } : {});
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const first = history.data?.pages[0];
  const frame = (children: React.ReactNode, actions?: React.ReactNode) => (
    <PageFrame
      title={t('pages.card_transactions.title')}
      description={t('pages.card_transactions.purpose')}
      actions={actions}
    >
      {children}
    </PageFrame>
  );
  if (cards.isPending) return frame(<PageSkeleton />);
  if (cards.isError) return frame(<LoadError error={cards.error} onRetry={() => void cards.refetch()} />);
  if (cardList.length === 0) return frame(<NoCards />);

  return frame(
    <>
      <TransactionFilters
        cards={cardList}
        cardId={cardId}
        values={values}
        hasFilters={hasFilters}
        onChange={setParam}
        onClear={clearCardFilters}
      />
      {first ? <CardBalance balance={first.balance} held={first.held} available={first.available} /> : null}
      <HistoryResults
        query={history}
        itemCount={items.length}
        skeleton={{ rows: 6, columns: 5 }}
        empty={{
          icon: <IconCreditCard size={26} stroke={1.6} />,
          title: t('cards.money.transactions.empty_title'),
          description: t('cards.money.transactions.empty_description'),
        }}
        filteredEmpty={{
          isShown: hasFilters,
          title: t('cards.money.transactions.empty_filtered_title'),
          description: t('cards.money.transactions.empty_filtered_description'),
          clearLabel: t('cards.money.transactions.filters.clear'),
          onClear: clearCardFilters,
        }}
      >
        <HistoryTable
          label={t('cards.money.transactions.title')}
          minWidth={680}
          columns={columns}
          rows={items}
          rowKey={(line) => line.transaction_id}
          rowTestId="card-transaction-row"
        />
        <HistoryCards
          rows={items}
          rowKey={(line) => line.transaction_id}
          cardTestId="card-transaction-card"
          card={(line) => <TransactionCard line={line} onOpen={setOpened} />}
        />
        <LoadMore
          query={history}
          loadMoreLabel={t('cards.money.transactions.load_more')}
          allLoaded={t('cards.money.transactions.all_loaded', { count: items.length })}
        />
      </HistoryResults>
      <CardTransactionDrawer line={opened} onClose={() => setOpened(null)} />
      <TransactionExports
        cardId={cardId}
        download={{ isOpen: isDownloadOpen, onClose: download.close }}
        statement={{ isOpen: isStatementOpen, onClose: statement.close }}
      />
    </>,
    mayExport ? (
      <>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download.open}>
          {t('cards.money.transactions.download.open')}
        </Button>
        <Button leftSection={<IconFileText size={16} aria-hidden />} onClick={statement.open}>
          {t('cards.money.statement.open')}
        </Button>
      </>
    ) : undefined,
  );
}

function NoCards() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconCreditCard size={26} stroke={1.6} />}
      title={t('cards.money.no_cards.title')}
      description={t('cards.money.no_cards.description')}
      actions={
        <Button component={Link} to={pathOf('cards')} variant="light">
          {t('cards.money.no_cards.action')}
        </Button>
      }
    />
  );
}
