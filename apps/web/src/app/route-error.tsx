/**
 * What shows when a page fails to render or its code cannot be loaded (for example after a new
 * release replaced the old files): an apology and a reload, never a blank screen.
 */
import { Button, Center } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { EmptyState } from '../ui/empty-state.tsx';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center component="main" mih="100dvh" p="md">
      <EmptyState
        icon={<IconAlertTriangle size={26} stroke={1.6} />}
        title={t('shell.route_error.title')}
        description={t('shell.route_error.description')}
        actions={
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
            {t('shell.buttons.reload')}
          </Button>
        }
      />
    </Center>
  );
}
