/**
 * The card programme's tables, read by the company's pages and the bank's desk alike: contracts with
 * their figures, pre-orders with their status, print batches at their stage. Each is one keyset list
 * (20 at a time, "Load more"), a skeleton while loading and an empty state that says why; on a
 * phone the table scrolls sideways inside its frame. A page may add a last column of actions.
 */
import type { PreOrder, PrintBatch, ProgrammeContract } from '@bank/contract/programme';
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { type KeysetPage, LoadMore } from '../../ui/load-more.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { type ListCall, type ListFilter, programmePageSize } from './programme-queries.ts';

type PagedQuery<Item> = UseInfiniteQueryResult<InfiniteData<KeysetPage<Item>>>;

/** A keyset list of a programme call with its filter (the query key follows the filter). */
export function useProgrammeList<Item>(call: ListCall<Item>, filter: ListFilter = {}): PagedQuery<Item> {
  return useInfiniteQuery(screenPagesOptions(call, { page_size: programmePageSize, ...filter }));
}

/** One keyset list as a table: skeleton, load error, empty state, rows, "Load more". */
export function ProgrammeTable<Item>({
  query,
  empty,
  columns,
  minWidth,
  renderRow,
  testId,
}: {
  query: PagedQuery<Item>;
  empty: ReactNode;
  columns: readonly { label: string; isNumeric?: boolean }[];
  minWidth: number;
  renderRow: (item: Item) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <TableSkeleton rows={4} columns={Math.min(columns.length, 6)} />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return empty;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.label}
                    ta={column.isNumeric ? 'right' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{items.map(renderRow)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <LoadMore
        query={query}
        loadMoreLabel={t('programme.actions.load_more')}
        allLoaded={t('programme.actions.all_loaded', { count: items.length })}
      />
    </Stack>
  );
}

/** A whole number of cards, in figures of one width, right-aligned in its column. */
function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return (
    <Table.Td ta="right" className="tabular-figures">
      {value.toLocaleString(i18n.language)}
    </Table.Td>
  );
}

export function ContractsTable({
  query,
  empty,
  linkOf,
  showCompany = false,
}: {
  query: PagedQuery<ProgrammeContract>;
  empty: ReactNode;
  /** Where a contract's ID leads (its details page), or nowhere. */
  linkOf?: (contract: ProgrammeContract) => string;
  showCompany?: boolean;
}) {
  const { t } = useTranslation();
  const columns = [
    { label: t('programme.fields.contract_number') },
    ...(showCompany ? [{ label: t('programme.fields.company') }] : []),
    { label: t('programme.fields.status') },
    { label: t('programme.fields.total'), isNumeric: true },
    { label: t('programme.fields.paid'), isNumeric: true },
    { label: t('programme.fields.pending'), isNumeric: true },
    { label: t('programme.fields.remaining'), isNumeric: true },
    { label: t('programme.fields.allocated'), isNumeric: true },
    { label: t('programme.fields.minimum'), isNumeric: true },
    { label: t('programme.fields.prepayment'), isNumeric: true },
    { label: t('programme.fields.starts_on') },
    { label: t('programme.fields.ends_on') },
  ];
  return (
    <ProgrammeTable
      query={query}
      empty={empty}
      columns={columns}
      minWidth={showCompany ? 1180 : 1040}
      testId="programme-contracts"
      renderRow={(contract) => (
        <Table.Tr key={contract.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {linkOf ? (
              <Anchor component={Link} to={linkOf(contract)} fw={600}>
                {contract.contract_number}
              </Anchor>
            ) : (
              <Text fw={600} inherit>
                {contract.contract_number}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {contract.company_abbreviation} · {t('programme.fields.term_months', { count: contract.term_months })}
            </Text>
          </Table.Td>
          {showCompany ? <Table.Td>{contract.company_name}</Table.Td> : null}
          <Table.Td>
            <StatusBadge list="contract" value={contract.status} size="sm" />
          </Table.Td>
          <Count value={contract.total_quantity} />
          <Count value={contract.paid_quantity} />
          <Count value={contract.pending_quantity} />
          <Count value={contract.remaining_quantity} />
          <Count value={contract.allocated_quantity} />
          <Count value={contract.minimum_order_quantity} />
          <Table.Td ta="right">
            <Amount value={contract.prepayment_per_card} currency="USD" />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={contract.starts_on} isDateOnly />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={contract.ends_on} isDateOnly />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** A contract's orders, all at once (its details page). */
export function StaticOrdersTable({ orders }: { orders: readonly PreOrder[] }) {
  const columns = useOrderColumns();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" data-testid="programme-orders">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} ta={column.isNumeric ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} showCompany={false} actions={undefined} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function useOrderColumns(options: { showCompany?: boolean; hasActions?: boolean } = {}) {
  const { t } = useTranslation();
  return [
    { label: t('programme.fields.order_number') },
    ...(options.showCompany ? [{ label: t('programme.fields.company') }] : []),
    { label: t('programme.fields.status') },
    { label: t('programme.fields.quantity'), isNumeric: true },
    { label: t('programme.fields.allocated'), isNumeric: true },
    { label: t('programme.fields.card') },
    { label: t('programme.fields.total_usd'), isNumeric: true },
    { label: t('programme.fields.created_at') },
    ...(options.hasActions ? [{ label: '' }] : []),
  ];
}

function OrderRow({
  order,
  showCompany,
  actions,
}: {
  order: PreOrder;
  showCompany: boolean;
  actions: ((order: PreOrder) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="programme-order">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fw={600} inherit>
          {order.order_number}
        </Text>
        <Text size="xs" c="dimmed">
          {order.contract_number}
        </Text>
      </Table.Td>
      {showCompany ? <Table.Td>{order.company_name}</Table.Td> : null}
      <Table.Td>
        <StatusBadge list="pre_order" value={order.status} size="sm" />
        {order.status_remark ? (
          <Text size="xs" c="dimmed" mt={4} maw={240} style={{ overflowWrap: 'anywhere' }}>
            {order.status_remark}
          </Text>
        ) : null}
      </Table.Td>
      <Count value={order.quantity} />
      <Count value={order.allocated_quantity} />
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t(`cards.applications.levels.${order.level}`)} · {t(`cards.applications.networks.${order.network}`)}
        <Text size="xs" c="dimmed">
          {t(`programme.delivery_types.${order.delivery_type}`)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={order.total_usd} currency="USD" />
        <Text size="xs" c="dimmed" className="tabular-figures">
          <Amount value={order.debit_amount} currency={order.asset} inherit />
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={order.created_at} />
        <Text size="xs" c="dimmed">
          {order.created_by_name}
        </Text>
      </Table.Td>
      {actions ? <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(order)}</Table.Td> : null}
    </Table.Tr>
  );
}

export function OrdersTable({
  query,
  empty,
  showCompany = false,
  actions,
}: {
  query: PagedQuery<PreOrder>;
  empty: ReactNode;
  showCompany?: boolean;
  actions?: (order: PreOrder) => ReactNode;
}) {
  const columns = useOrderColumns({ showCompany, hasActions: actions !== undefined });
  return (
    <ProgrammeTable
      query={query}
      empty={empty}
      columns={columns}
      minWidth={showCompany ? 1100 : 960}
      testId="programme-orders"
      renderRow={(order) => <OrderRow key={order.id} order={order} showCompany={showCompany} actions={actions} />}
    />
  );
}

export function BatchesTable({
  query,
  empty,
  showCompany = false,
  actions,
}: {
  query: PagedQuery<PrintBatch>;
  empty: ReactNode;
  showCompany?: boolean;
  actions?: (batch: PrintBatch) => ReactNode;
}) {
  const { t } = useTranslation();
  const columns = [
    { label: t('programme.fields.batch_number') },
    ...(showCompany ? [{ label: t('programme.fields.company') }] : []),
    { label: t('programme.fields.stage') },
    { label: t('programme.fields.quantity'), isNumeric: true },
    { label: t('programme.fields.abbreviation') },
    { label: t('programme.fields.card') },
    { label: t('programme.fields.order_number') },
    { label: t('programme.fields.created_at') },
    ...(actions ? [{ label: '' }] : []),
  ];
  return (
    <ProgrammeTable
      query={query}
      empty={empty}
      columns={columns}
      minWidth={showCompany ? 1080 : 920}
      testId="programme-batches"
      renderRow={(batch) => (
        <Table.Tr key={batch.id} data-testid="programme-batch">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text fw={600} inherit>
              {batch.batch_number}
            </Text>
          </Table.Td>
          {showCompany ? <Table.Td>{batch.company_name}</Table.Td> : null}
          <Table.Td>
            <StatusBadge list="card_operation" value={batch.operation_stage} size="sm" />
          </Table.Td>
          <Count value={batch.quantity} />
          <Table.Td>{batch.company_abbreviation}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {t(`cards.applications.levels.${batch.level}`)} · {t(`cards.applications.networks.${batch.network}`)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {batch.order_number}
            <Text size="xs" c="dimmed">
              {batch.contract_number}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={batch.created_at} />
            <Text size="xs" c="dimmed">
              {batch.allocated_by_name}
            </Text>
          </Table.Td>
          {actions ? <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(batch)}</Table.Td> : null}
        </Table.Tr>
      )}
    />
  );
}
