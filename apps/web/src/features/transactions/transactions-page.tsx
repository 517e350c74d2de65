/**
 * /my_transaction: every movement of the company's money, newest first. The filters (text, period,
 * type, asset, status) live in the address, so a filtered list can be shared and survives a
 * reload; 20 at a time with "Load more" (keyset: any page is as fast as the first). A table on a
 * desktop, cards on a phone; each line opens its details. The statement of a period downloads from
 * here (statement-dialog.tsx).
 */
import { pathOf } from '@bank/contract/routes';
import { listTransactions, type Transaction } from '@bank/contract/transaction';
import { Anchor, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconDownload, IconReceipt } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { isKycApproved } from '../../lib/session-storage.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { StatementDialog } from './statement-dialog.tsx';
import {
  detailPathOf,
  type HistoryFilterKey,
  hasHistoryFilters,
  historyFilterKeys,
  historyRequestOf,
  isMoving,
} from './transaction-format.ts';
import { AssetAndRail, SignedAmount, StatusWithConfirmations, useTypeText } from './transaction-parts.tsx';

/** How often an open history asks again while one of its first lines is still moving (a deposit confirming). */
const movingRefreshMs = 10_000;

/** The details link remembers the history's filters, so that "Back to transactions" returns to them. */
type DetailLinkState = { historySearch: string };

function TransactionTable({ items, linkState }: { items: Transaction[]; linkState: DetailLinkState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeText = useTypeText();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.transactions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.columns.date')}</Table.Th>
              <Table.Th>{t('transactions.columns.type')}</Table.Th>
              <Table.Th>{t('transactions.columns.asset')}</Table.Th>
              <Table.Th ta="right">{t('transactions.columns.amount')}</Table.Th>
              <Table.Th>{t('transactions.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('transactions.columns.details')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.transaction_id} data-testid="transaction-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    <DateTime value={item.created_at} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {typeText(item)}
                  </Text>
                  {item.counterparty ? (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={260} title={item.counterparty}>
                      {item.counterparty}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <AssetAndRail transaction={item} />
                </Table.Td>
                <Table.Td ta="right">
                  <SignedAmount transaction={item} />
                </Table.Td>
                <Table.Td>
                  <StatusWithConfirmations transaction={item} />
                </Table.Td>
                <Table.Td ta="right">
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function TransactionCards({ items, linkState }: { items: Transaction[]; linkState: DetailLinkState }) {
  const typeText = useTypeText();
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.transaction_id} data-testid="transaction-card">
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
        </li>
      ))}
    </Stack>
  );
}

export function TransactionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [isStatementOpen, statement] = useDisclosure(false);
  const values = Object.fromEntries(historyFilterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<
    HistoryFilterKey,
    string
  >;
  // Typing asks once a pause, not at every keystroke.
  const [debouncedText] = useDebouncedValue(values.text, 300);
  const request = historyRequestOf({ ...values, text: debouncedText });
  const hasFilters = hasHistoryFilters(historyRequestOf(values));

  const history = useInfiniteQuery({
    queryKey: [listTransactions.path, request],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(listTransactions, pageParam ? { ...request, cursor: pageParam } : request, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // A change of filter keeps the lines on screen until the new ones arrive, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.items.some(isMoving) && query.state.data.pages.length === 1 ? movingRefreshMs : false,
  });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const linkState: DetailLinkState = { historySearch: params.toString() };
  const canDeposit = isKycApproved();

  const setFilter = (key: HistoryFilterKey, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });

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
      <HistoryFilters values={values} onChange={setFilter} onClear={clearFilters} hasFilters={hasFilters} />

      {history.isPending ? (
        <TableSkeleton rows={8} columns={6} />
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={26} stroke={1.6} />}
          title={hasFilters ? t('transactions.empty_filtered_title') : t('transactions.empty_title')}
          description={
            hasFilters
              ? t('transactions.empty_filtered_description')
              : canDeposit
                ? t('transactions.empty_description')
                : t('transactions.empty_kyc_description')
          }
          actions={
            hasFilters ? (
              <Button variant="light" onClick={clearFilters}>
                {t('transactions.filters.clear')}
              </Button>
            ) : (
              // Deposits open with KYC approval: before it, the way forward is the KYC.
              <Button component={Link} to={pathOf(canDeposit ? 'crypto_deposit' : 'kyc')} variant="light">
                {canDeposit ? t('transactions.empty_action') : t('shell.buttons.go_to_kyc')}
              </Button>
            )
          }
        />
      ) : (
        <Stack gap="md" aria-busy={history.isPlaceholderData} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <TransactionTable items={items} linkState={linkState} />
          <TransactionCards items={items} linkState={linkState} />
          {history.isFetchNextPageError ? (
            <Text size="sm" c="red.8" ta="center" role="alert">
              {t('transactions.load_more_failed')}
            </Text>
          ) : null}
          <Group justify="center">
            {history.hasNextPage ? (
              <Button
                variant="default"
                onClick={() => void history.fetchNextPage()}
                loading={history.isFetchingNextPage}
              >
                {t('transactions.load_more')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('transactions.all_loaded', { count: items.length })}
              </Text>
            )}
          </Group>
        </Stack>
      )}
      <StatementDialog isOpen={isStatementOpen} onClose={statement.close} />
    </PageFrame>
  );
}
