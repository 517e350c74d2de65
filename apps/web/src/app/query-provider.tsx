/**
 * The server-state cache (TanStack Query) around the screens that read from the server: the
 * signed-in shell (server-state.tsx) and the public pages that do (the phone upload, the team
 * invitation), which load it without the shell's code. Not around the whole app, so that the public
 * pages' first load (/login, /reg) does not carry the query library.
 *
 * With the styles of the components these screens draw beyond the first load's (signed-in-styles.ts).
 */
import './signed-in-styles.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

export function ServerStateProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A public page that reads from the server, inside the cache. */
export function withServerState(Page: ComponentType): ComponentType {
  return function PageWithServerState() {
    return (
      <ServerStateProvider>
        <Page />
      </ServerStateProvider>
    );
  };
}
