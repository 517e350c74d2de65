/** A label over its value: the reading order of a record's card on any width. */
import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}
