/**
 * A history's list, as every history page (and the payouts' saved payees and addresses) shows it: a
 * table on a desktop, cards on a phone, and before them the skeleton, the load error or the empty
 * state. The page gives the columns, the card of a line and its query; this piece makes no call of
 * its own.
 */
import { Button, Card, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { TableSkeleton } from './skeletons.tsx';

export type HistoryColumn<Row> = {
  key: string;
  header: ReactNode;
  isRightAligned?: boolean;
  /** A date stays on one line however narrow its column. */
  isNoWrap?: boolean;
  /** A long value (an address) wraps inside this width instead of widening the table. */
  maxWidth?: number;
  cell: (row: Row) => ReactNode;
};

export function HistoryTable<Row>({
  label,
  minWidth,
  isHighlightedOnHover = true,
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  label: string;
  minWidth: number;
  isHighlightedOnHover?: boolean;
  columns: HistoryColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowTestId: string;
}) {
  const alignOf = (column: HistoryColumn<Row>) => (column.isRightAligned ? 'right' : undefined);
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover={isHighlightedOnHover} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={alignOf(column)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={alignOf(column)}
                    maw={column.maxWidth}
                    style={column.isNoWrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The phone's list: one card a line, each as the page draws it. */
export function HistoryCards<Row>({
  rows,
  rowKey,
  cardTestId,
  card,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  cardTestId: string;
  card: (row: Row) => ReactNode;
}) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <li key={rowKey(row)} data-testid={cardTestId}>
          {card(row)}
        </li>
      ))}
    </Stack>
  );
}

/** What the results need of the page's query. */
export type HistoryQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

export type HistoryEmpty = { icon: ReactNode; title: string; description: string; actions?: ReactNode };

/**
 * The results' states. An empty list under filters says so and offers to clear them; without
 * filters (or on a list that has none, `filteredEmpty` left out) it says what the page's `empty`
 * says. While new filters load, the old lines stay, dimmed.
 */
export function HistoryResults({
  query,
  itemCount,
  skeleton,
  empty,
  filteredEmpty,
  children,
}: {
  query: HistoryQuery;
  itemCount: number;
  skeleton: { rows: number; columns: number };
  empty: HistoryEmpty;
  filteredEmpty?: { isShown: boolean; title: string; description: string; clearLabel: string; onClear: () => void };
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton rows={skeleton.rows} columns={skeleton.columns} />;
  if (query.isError && itemCount === 0) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (itemCount === 0)
    return filteredEmpty?.isShown ? (
      <EmptyState
        icon={empty.icon}
        title={filteredEmpty.title}
        description={filteredEmpty.description}
        actions={
          <Button variant="light" onClick={filteredEmpty.onClear}>
            {filteredEmpty.clearLabel}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} actions={empty.actions} />
    );
  return (
    <Stack gap="md" aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
      {children}
    </Stack>
  );
}
