/**
 * The frame of every page inside the main layout: the title (also the document's title), a
 * one-line description, an actions slot on the right, then the page's content.
 */
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PageFrameProps = {
  title: string;
  description?: string;
  /** Buttons for the page's main actions (a new transfer, a download). */
  actions?: ReactNode;
  children?: ReactNode;
};

export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <title>{`${title} · ${t('shell.product_name')}`}</title>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Box style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" mt={6} fz="sm" maw={720}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
