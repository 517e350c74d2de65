/**
 * /my_transaction: every movement of the company's money, newest first. The filters (text, period,
 * type, asset, status) live in the address, so a filtered list can be shared and survives a
 * reload; 20 at a time with "Load more" (keyset: any page is as fast as the first). A table on a
 * desktop, cards on a phone; each line opens its details. The statement of a period downloads from
 * here (statement-dialog.tsx).
 */
import { pathOf } from '@bank/contract/routes';
import { listTransactions, type Transaction } from '@bank/contract/transaction';
import { Anchor, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconDownload, IconReceipt } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { isKycApproved } from '../../lib/session-storage.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { StatementDialog } from './statement-dialog.tsx';
import {
  detailPathOf,
  hasHistoryFilters,
  historyFilterKeys,
  historyRequestOf,
  isMoving,
} from './transaction-format.ts';
import { AssetAndRail, SignedAmount, StatusWithConfirmations, useTypeText } from './transaction-parts.tsx';
import '../../messages/payout-steps.ts';
import '../../messages/transactions.ts';

/** How often an open history asks again while one of its first lines is still moving (a deposit confirming). */
const movingRefreshMs = 10_000;

/** The details link remembers the history's filters, so that "Back to transactions" returns to them. */
type DetailLinkState = { historySearch: string };

function useTransactionColumns(linkState: DetailLinkState): HistoryColumn<Transaction>[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeText = useTypeText();
  return [
    {
      key: 'date',
      header: t('transactions.columns.date'),
      isNoWrap: true,
      cell: (item) => (
        <Text size="sm">
          <DateTime value={item.created_at} />
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('transactions.columns.type'),
      cell: (item) => (
        <>
          <Text size="sm" fw={500}>
            {typeText(item)}
          </Text>
          {item.counterparty ? (
            <Text size="xs" c="dimmed" lineClamp={1} maw={260} title={item.counterparty}>
              {item.counterparty}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'asset', header: t('transactions.columns.asset'), cell: (item) => <AssetAndRail transaction={item} /> },
    {
      key: 'amount',
      header: t('transactions.columns.amount'),
      isRightAligned: true,
      cell: (item) => <SignedAmount transaction={item} />,
    },
    {
      key: 'status',
      header: t('transactions.columns.status'),
      cell: (item) => <StatusWithConfirmations transaction={item} />,
    },
    {
      key: 'details',
      header: <VisuallyHidden>{t('transactions.columns.details')}</VisuallyHidden>,
      isRightAligned: true,
      cell: (item) => (
        <Anchor
          component={Link}
          to={detailPathOf(item.transaction_id)}
          state={linkState}
          size="sm"
          fw={500}
          aria-label={t('transactions.view_label', {
            type: typeText(item),
            date: formatDateTime(item.created_at, language),
          })}
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('transactions.view')}
        </Anchor>
      ),
    },
  ];
}

function TransactionCard({ item, linkState }: { item: Transaction; linkState: DetailLinkState }) {
  const typeText = useTypeText();
  return (
    <Card component={Link} to={detailPathOf(item.transaction_id)} state={linkState} padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {typeText(item)}
          </Text>
          <AssetAndRail transaction={item} />
          <Text size="xs" c="dimmed">
            <DateTime value={item.created_at} />
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Stack gap={6} align="flex-end">
            <SignedAmount transaction={item} />
            <StatusWithConfirmations transaction={item} align="flex-end" size="sm" />
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        </Group>
      </Group>
    </Card>
  );
}

export function TransactionsPage() {
  const { t } = useTranslation();
  const { params, values, setParam, clearFilters } = useHistoryParams(historyFilterKeys);
  const [isStatementOpen, statement] = useDisclosure(false);
  // Typing asks once a pause, not at every keystroke.
  const [debouncedText] = useDebouncedValue(values.text, 300);
  const request = historyRequestOf({ ...values, text: debouncedText });
  const hasFilters = hasHistoryFilters(historyRequestOf(values));
  const linkState: DetailLinkState = { historySearch: params.toString() };
  const columns = useTransactionColumns(linkState);

  const history = useInfiniteQuery({
    ...screenPagesOptions(listTransactions, request),
    // A change of filter keeps the lines on screen until the new ones arrive, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.items.some(isMoving) && query.state.data.pages.length === 1 ? movingRefreshMs : false,
  });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const canDeposit = isKycApproved();

  return (
    <PageFrame
      title={t('pages.transactions.title')}
      description={t('pages.transactions.purpose')}
      actions={
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={statement.open}>
          {t('transactions.statement.open')}
        </Button>
      }
    >
      <HistoryFilters values={values} onChange={setParam} onClear={() => clearFilters()} hasFilters={hasFilters} />
      <HistoryResults
        query={history}
        itemCount={items.length}
        skeleton={{ rows: 8, columns: 6 }}
        empty={{
          icon: <IconReceipt size={26} stroke={1.6} />,
          title: t('transactions.empty_title'),
          description: canDeposit ? t('transactions.empty_description') : t('transactions.empty_kyc_description'),
          // Deposits open with KYC approval: before it, the way forward is the KYC.
          actions: (
            <Button component={Link} to={pathOf(canDeposit ? 'crypto_deposit' : 'kyc')} variant="light">
              {canDeposit ? t('transactions.empty_action') : t('shell.buttons.go_to_kyc')}
            </Button>
          ),
        }}
        filteredEmpty={{
          isShown: hasFilters,
          title: t('transactions.empty_filtered_title'),
          description: t('transactions.empty_filtered_description'),
          clearLabel: t('transactions.filters.clear'),
          onClear: () => clearFilters(),
        }}
      >
        <HistoryTable
          label={t('pages.transactions.title')}
          minWidth={820}
          columns={columns}
          rows={items}
          rowKey={(item) => item.transaction_id}
          rowTestId="transaction-row"
        />
        <HistoryCards
          rows={items}
          rowKey={(item) => item.transaction_id}
          cardTestId="transaction-card"
          card={(item) => <TransactionCard item={item} linkState={linkState} />}
        />
        {history.isFetchNextPageError ? (
          <Text size="sm" c="red.8" ta="center" role="alert">
            {t('transactions.load_more_failed')}
          </Text>
        ) : null}
        <Group justify="center">
          {history.hasNextPage ? (
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('transactions.load_more')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('transactions.all_loaded', { count: items.length })}
            </Text>
          )}
        </Group>
      </HistoryResults>
      <StatementDialog isOpen={isStatementOpen} onClose={statement.close} />
    </PageFrame>
  );
}
