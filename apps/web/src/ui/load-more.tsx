/** The "Load more" of a keyset list (DECISIONS.md: page_size and cursor), or a quiet "All shown" once the last page is in. */
import { Button, Group, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

export type KeysetPage<Item> = { items: Item[]; next_cursor: string | null };

export function LoadMore<Item>({
  query,
  loadMoreLabel,
  allLoaded,
}: {
  query: UseInfiniteQueryResult<InfiniteData<KeysetPage<Item>>>;
  loadMoreLabel: string;
  allLoaded: string;
}) {
  return (
    <Group justify="center">
      {query.hasNextPage ? (
        <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {loadMoreLabel}
        </Button>
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {allLoaded}
        </Text>
      )}
    </Group>
  );
}
