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
import { defaultPageSize } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconDownload, IconFileText, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { readerTimeZone } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { PageSkeleton, TableSkeleton } from '../../ui/skeletons.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import {
  CardTransactionDrawer,
  CardTransactionStatusBadge,
  SignedAmount,
  useDescriptionOf,
} from './card-transactions-details.tsx';
import { CardBalance, CardPicker, latestActiveCard, useMoneyCards } from './top-up-cards.tsx';

const pageSize = defaultPageSize;
const filterKeys = ['from', 'to', 'kind', 'status'] as const;
type FilterKey = (typeof filterKeys)[number];

function TransactionTable({ items, onOpen }: { items: CardTransaction[]; onOpen: (line: CardTransaction) => void }) {
  const { t } = useTranslation();
  const describe = useDescriptionOf();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={680}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('cards.money.transactions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cards.money.transactions.columns.date')}</Table.Th>
              <Table.Th>{t('cards.money.transactions.columns.description')}</Table.Th>
              <Table.Th ta="right">{t('cards.money.transactions.columns.amount')}</Table.Th>
              <Table.Th>{t('cards.money.transactions.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('cards.money.transactions.columns.details')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((line) => (
              <Table.Tr key={line.transaction_id} data-testid="card-transaction-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    <DateTime value={line.at} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {describe(line)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`cards.money.transactions.kinds.${line.kind}`)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <SignedAmount line={line} />
                </Table.Td>
                <Table.Td>
                  <CardTransactionStatusBadge line={line} />
                </Table.Td>
                <Table.Td ta="right">
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function TransactionCards({ items, onOpen }: { items: CardTransaction[]; onOpen: (line: CardTransaction) => void }) {
  const { t } = useTranslation();
  const describe = useDescriptionOf();
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((line) => (
        <li key={line.transaction_id} data-testid="card-transaction-card">
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
        </li>
      ))}
    </Stack>
  );
}

export function CardTransactionsPage() {
  const { t } = useTranslation();
  const mayUseCards = useHoldsPermission('cards');
  const mayExport = useHoldsPermission('exports');
  const [params, setParams] = useSearchParams();
  const [isDownloadOpen, download] = useDisclosure(false);
  const [isStatementOpen, statement] = useDisclosure(false);
  const [opened, setOpened] = useState<CardTransaction | null>(null);
  const cards = useMoneyCards({ enabled: mayUseCards !== false });
  const cardList = cards.data?.items ?? [];
  const cardId = params.get('card') ?? latestActiveCard(cardList)?.id ?? '';
  const values = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>;
  const hasFilters = filterKeys.some((key) => values[key] !== '');
  const request = {
    card_id: cardId,
    page_size: pageSize,
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.kind ? { kind: values.kind as CardTransaction['kind'] } : {}),
    ...(values.status ? { status: values.status as CardTransaction['status'] } : {}),
  };
  const history = useInfiniteQuery({
    queryKey: [listCardTransactions.path, request],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(listCardTransactions, pageParam ? { ...request, cursor: pageParam } : request, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: mayUseCards !== false && cardId !== '',
  });
  if (mayUseCards === false) return <NoPermissionPage title={t('pages.card_transactions.title')} />;
  const setParam = (key: FilterKey | 'card', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(cardId ? new URLSearchParams({ card: cardId }) : new URLSearchParams(), { replace: true });
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
  if (cardList.length === 0)
    return frame(
      <EmptyState
        icon={<IconCreditCard size={26} stroke={1.6} />}
        title={t('cards.money.no_cards.title')}
        description={t('cards.money.no_cards.description')}
        actions={
          <Button component={Link} to={pathOf('cards')} variant="light">
            {t('cards.money.no_cards.action')}
          </Button>
        }
      />,
    );

  return frame(
    <>
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={t('cards.money.transactions.filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Grid columns={24} gap="md">
          <Grid.Col span={{ base: 24, md: 8 }}>
            <CardPicker cards={cardList} value={cardId} onChange={(value) => setParam('card', value)} />
          </Grid.Col>
          <PeriodFields
            from={values.from}
            to={values.to}
            labels={{ from: t('cards.money.transactions.filters.from'), to: t('cards.money.transactions.filters.to') }}
            span={{ base: 12, md: 4 }}
            onChange={(field, value) => setParam(field, value)}
          />
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label={t('cards.money.transactions.filters.kind')}
              data={[
                { value: '', label: t('cards.money.transactions.filters.all_kinds') },
                ...cardTransactionKinds.map((kind) => ({
                  value: kind,
                  label: t(`cards.money.transactions.kinds.${kind}`),
                })),
              ]}
              value={values.kind}
              allowDeselect={false}
              onChange={(value) => setParam('kind', value ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label={t('cards.money.transactions.filters.status')}
              data={[
                { value: '', label: t('cards.money.transactions.filters.all_statuses') },
                ...cardTransactionStatuses.map((status) => ({
                  value: status,
                  label: t(`cards.money.transactions.statuses.${status}`),
                })),
              ]}
              value={values.status}
              allowDeselect={false}
              onChange={(value) => setParam('status', value ?? '')}
            />
          </Grid.Col>
        </Grid>
        {hasFilters ? (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={clearFilters}
            >
              {t('cards.money.transactions.filters.clear')}
            </Button>
          </Group>
        ) : null}
      </Paper>
      {first ? <CardBalance balance={first.balance} held={first.held} available={first.available} /> : null}
      {history.isPending ? (
        <TableSkeleton rows={6} columns={5} />
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconCreditCard size={26} stroke={1.6} />}
          title={
            hasFilters ? t('cards.money.transactions.empty_filtered_title') : t('cards.money.transactions.empty_title')
          }
          description={
            hasFilters
              ? t('cards.money.transactions.empty_filtered_description')
              : t('cards.money.transactions.empty_description')
          }
          actions={
            hasFilters ? (
              <Button variant="light" onClick={clearFilters}>
                {t('cards.money.transactions.filters.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack gap="md" aria-busy={history.isPlaceholderData} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <TransactionTable items={items} onOpen={setOpened} />
          <TransactionCards items={items} onOpen={setOpened} />
          <LoadMore
            query={history}
            loadMoreLabel={t('cards.money.transactions.load_more')}
            allLoaded={t('cards.money.transactions.all_loaded', { count: items.length })}
          />
        </Stack>
      )}
      <CardTransactionDrawer line={opened} onClose={() => setOpened(null)} />
      <ExportDialog
        call={downloadCardTransactions}
        isOpen={isDownloadOpen}
        onClose={download.close}
        title={t('cards.money.transactions.download.title')}
        description={t('cards.money.transactions.download.description')}
        filter={{
          field: 'status',
          label: t('cards.money.transactions.filters.status'),
          allLabel: t('cards.money.transactions.filters.all_statuses'),
          options: cardTransactionStatuses.map((status) => ({
            value: status,
            label: t(`cards.money.transactions.statuses.${status}`),
          })),
        }}
        fixedBody={{ card_id: cardId }}
        doneMessage={t('cards.money.transactions.download.done')}
      />
      <ExportDialog
        call={downloadCardStatement}
        isOpen={isStatementOpen}
        onClose={statement.close}
        title={t('cards.money.statement.dialog_title')}
        description={t('cards.money.statement.description')}
        periodHint={t('cards.money.statement.period_hint')}
        fixedBody={{ card_id: cardId, time_zone: readerTimeZone() }}
        doneMessage={t('cards.money.statement.done')}
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
