/**
 * The content of a public page (login, registration, password recovery, phone upload) inside the
 * public layout's card: a title (also the document's title), one line of purpose, then the form.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PublicPageFrameProps = { title: string; description?: string; children?: ReactNode };

export function PublicPageFrame({ title, description, children }: PublicPageFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <title>{`${title} · ${t('shell.product_name')}`}</title>
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" fz="sm" mt={6}>
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
