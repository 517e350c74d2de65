/** The providers every screen relies on: theme, notifications, server state. */
import { notificationDurationMs } from '@bank/contract/constants';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';
import { theme } from './theme.ts';

/** Phone-sized screens get a toast at the bottom, within thumb's reach; larger ones a notice at the top right. */
function ResponsiveNotifications() {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={isPhone ? 'bottom-center' : 'top-right'}
      autoClose={notificationDurationMs}
      containerWidth={isPhone ? '100%' : 400}
      limit={5}
    />
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <ResponsiveNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
