/** Loading placeholders shaped like what is coming, so that the page does not jump when it arrives. */
import { Box, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function PanelLines() {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Skeleton height={16} width="40%" radius="sm" />
        <Skeleton height={12} radius="sm" />
        <Skeleton height={12} width="85%" radius="sm" />
        <Skeleton height={12} width="70%" radius="sm" />
      </Stack>
    </Paper>
  );
}

/** One panel of a page while its content loads, below a heading already drawn. */
export function PanelSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <PanelLines />
    </Box>
  );
}

/** The title, description and one panel of a page. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Stack gap={10}>
        <Skeleton height={28} width={260} radius="sm" />
        <Skeleton height={14} width={420} maw="90%" radius="sm" />
      </Stack>
      <PanelLines />
    </Stack>
  );
}

/** Rows of a table while its data loads. */
export function TableSkeleton({ rows = 6, columns = 4 }: { rows?: number; columns?: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          <Group key={row} gap="lg" wrap="nowrap">
            {Array.from({ length: columns }, (_, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
              <Skeleton key={column} height={14} radius="sm" style={{ flex: column === 0 ? 2 : 1 }} />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
