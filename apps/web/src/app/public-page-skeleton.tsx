import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The title and lines of a public page while its code loads. */
export function PublicPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={26} width="55%" radius="sm" />
      <Skeleton height={14} width="85%" radius="sm" />
      <Skeleton height={120} mt="md" radius="md" />
    </Stack>
  );
}
