/**
 * A back-office work queue: a search box (the server searches the whole queue), a status filter, then the items newest first as rows that open on a
 * click or Enter (one layout on every width, no horizontal scroll), 20 at a time with keyset "Load
 * more", a skeleton while loading and an empty state that says why. The page supplies the list call
 * and how an item reads; opening one is the page's (a drawer).
 */
import { Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { screenPagesOptions } from '../lib/screen-query.ts';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { QueueSearchInput, useQueueSearch } from './queue-search.tsx';
import { TableSkeleton } from './skeletons.tsx';
import { type QueueCall, queueRequestOf } from './staff-queue-request.ts';

export type QueueFilter<Status extends string> = Status | 'all';

export type QueueRow = { title: string; subtitle: string; excerpt: string; time: string; badge: ReactNode };

export function StaffQueue<Item, Status extends string>({
  call,
  statuses,
  status,
  onStatusChange,
  filterLabel,
  statusLabel,
  idOf,
  onOpen,
  openLabel,
  renderItem,
  empty,
  loadMoreLabel,
  allLoaded,
}: {
  call: QueueCall<Item>;
  statuses: readonly Status[];
  status: QueueFilter<Status>;
  onStatusChange: (status: QueueFilter<Status>) => void;
  filterLabel: string;
  statusLabel: (status: QueueFilter<Status>) => string;
  idOf: (item: Item) => string;
  onOpen: (item: Item) => void;
  openLabel: (item: Item) => string;
  renderItem: (item: Item) => QueueRow;
  empty: { icon: ReactNode; title: string; description: string };
  loadMoreLabel: string;
  allLoaded: string;
}) {
  const { t } = useTranslation();
  const { text, setText, search } = useQueueSearch();
  const queue = useInfiniteQuery(screenPagesOptions(call, queueRequestOf(status, search)));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const filters: QueueFilter<Status>[] = [...statuses, 'all'];
  return (
    <Stack gap="md">
      <QueueSearchInput text={text} onChange={setText} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="queue-filter-label">
          {filterLabel}
        </Text>
        <SegmentedControl
          aria-labelledby="queue-filter-label"
          data={filters.map((value) => ({ value, label: statusLabel(value) }))}
          value={status}
          onChange={(value) => onStatusChange(value as QueueFilter<Status>)}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {queue.isPending ? (
        <TableSkeleton columns={4} />
      ) : queue.isError && items.length === 0 ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 && search ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('admin.queue_search.none_title')}
          description={t('admin.queue_search.none_description')}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => {
              const row = renderItem(item);
              return (
                <li key={idOf(item)}>
                  <UnstyledButton onClick={() => onOpen(item)} aria-label={openLabel(item)} w="100%">
                    <Paper withBorder p="md" radius="md">
                      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                          <Group gap="xs" wrap="wrap">
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {row.title}
                            </Text>
                            {row.badge}
                          </Group>
                          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {row.subtitle}
                          </Text>
                          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                            {row.excerpt}
                          </Text>
                          <Text size="xs" c="dimmed" className="tabular-figures">
                            {row.time}
                          </Text>
                        </Stack>
                        <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
                      </Group>
                    </Paper>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
          <LoadMore query={queue} loadMoreLabel={loadMoreLabel} allLoaded={allLoaded} />
        </Stack>
      )}
    </Stack>
  );
}
