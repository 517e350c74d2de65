/**
 * The server-state cache (TanStack Query) for the screens that read from the server: the signed-in
 * shell and the phone upload page. Provided here rather than around the whole app so that the public
 * pages' first load (/login, /reg) does not carry the query library.
 */
// Every component's styles, for the signed-in screens (the first load has only the public pages').
import '@mantine/core/styles.layer.css';
import { localeOfLanguage } from '@bank/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { prefetchUserInfo } from '../api/user-info.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { queryClient, whenLoadsSettle } from '../lib/query-client.ts';
import { prepareAmountFormat } from '../ui/format-amount.ts';
import { MainLayout, preloadHeaderParts } from './main-layout.tsx';

function ServerStateProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The main layout inside the cache its screens share. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <ServerStateProvider>
      <MainLayout>{children}</MainLayout>
    </ServerStateProvider>
  );
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

/** The signed-in pages' code, loaded through this chunk (signed-in-pages.ts). */
export { signedInPages } from './signed-in-pages.ts';

/**
 * The user (every signed-in page's header and permissions read it), loaded from the start with the
 * page's own first loads, and the header's parts the user will see (the approvals badge); then
 * settles once no load is running any more (a load that another's answer starts included). While the answers travel, the amount format is made in a task of its own:
 * a page opened first is drawn with its data, and the format made in that drawing lengthened it.
 */
export async function loadFirstData(): Promise<void> {
  window.setTimeout(() => prepareAmountFormat(localeOfLanguage[currentLanguage()]), 0);
  await preloadHeaderParts(await prefetchUserInfo());
  await whenLoadsSettle();
}
