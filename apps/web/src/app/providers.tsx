/**
 * The providers every screen relies on: theme and notifications. The server-state cache is provided
 * by the screens that read from the server (query-provider.tsx), outside the public pages' first load.
 */
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { theme } from './theme.ts';

const NoticeStack = lazy(async () => ({ default: (await import('./notice-stack.tsx')).NoticeStack }));

/**
 * Mounts the notice stack at the first notice and keeps it. `notifications.show` only writes to a
 * small store, so a notice shown before the stack has loaded appears as soon as it has.
 */
function NoticesOnDemand() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NoticeStack />
    </Suspense>
  );
}

/**
 * The theme's CSS variables are in the first load's stylesheet, written at build time
 * (theme-variables.ts), not worked out by the provider on every page's first drawing.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false}>
      <NoticesOnDemand />
      {children}
    </MantineProvider>
  );
}
