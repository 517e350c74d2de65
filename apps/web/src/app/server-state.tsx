/**
 * The signed-in shell: the main layout inside the server-state cache (query-provider.tsx, which
 * brings every component's styles), the signed-in pages' code and the first loads of a page opened
 * first.
 */
import type { ReactNode } from 'react';
import { prefetchUserInfo } from '../api/user-info.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { whenLoadsSettle } from '../lib/query-client.ts';
import { prepareFormats } from '../ui/prepare-formats.ts';
import { MainLayout } from './main-layout.tsx';
import { ServerStateProvider } from './query-provider.tsx';
import '../messages/admin.ts';
import '../messages/payout-navigation.ts';
import '../messages/transactions.ts';

/** The main layout inside the cache its screens share. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <ServerStateProvider>
      <MainLayout>{children}</MainLayout>
    </ServerStateProvider>
  );
}

/** The signed-in pages' code, loaded through this chunk (signed-in-pages.ts). */
export { signedInPages } from './signed-in-pages.ts';

/**
 * The user (every signed-in page's header and permissions read it), loaded from the start with the
 * page's own first loads; then settles once no load is running any more (a load that another's
 * answer starts included). While the answers travel, the formats of amounts and times are made in
 * tasks of their own: a page opened first is drawn with its data, and the formats made in that
 * drawing lengthened it.
 */
export async function loadFirstData(): Promise<void> {
  prepareFormats(currentLanguage());
  await prefetchUserInfo();
  await whenLoadsSettle();
}
