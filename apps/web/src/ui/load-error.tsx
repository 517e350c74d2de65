/** What a screen shows when its data could not be loaded: the reason and a way to try again. */
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

/**
 * `isReasonHidden`: the screens SPEC.md section 8 words themselves (deposits, top-ups) say
 * "Something went wrong. Please try again later." whatever the cause, beside Retry.
 */
export function LoadError({
  error,
  onRetry,
  isReasonHidden = false,
}: {
  error: unknown;
  onRetry?: () => void;
  isReasonHidden?: boolean;
}) {
  const { t } = useTranslation();
  const reason =
    !isReasonHidden && error instanceof Error && error.message ? error.message : t('errors.something_went_wrong');
  return (
    <EmptyState
      icon={<IconAlertTriangle size={26} stroke={1.6} color="var(--mantine-color-red-7)" />}
      title={t('shell.load_error.title')}
      description={reason}
      actions={
        onRetry ? (
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {t('shell.buttons.retry')}
          </Button>
        ) : null
      }
    />
  );
}
