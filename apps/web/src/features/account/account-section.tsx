/** One card of My account: a heading with its one-line purpose, an optional action, then the content. */
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type AccountSectionProps = {
  id: string;
  title: string;
  description?: string;
  /** A status beside the title (a badge). */
  status?: ReactNode;
  /** The section's main action, at the top right. */
  action?: ReactNode;
  children?: ReactNode;
};

export function AccountSection({ id, title, description, status, action, children }: AccountSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={headingId} id={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg" id={headingId}>
                {title}
              </Title>
              {status}
            </Group>
            {description ? (
              <Text size="sm" c="dimmed" mt={4} maw={640}>
                {description}
              </Text>
            ) : null}
          </Box>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
