/**
 * What a signed-in page shows while its code loads: its heading (its title and purpose from the
 * `pages` catalogue, ui/page-heading.ts, on the first load; home's welcome from ui/home-heading.ts) above a panel
 * placeholder. Drawn by the shell's outline (shell-skeleton.tsx, also drawn at build time for every
 * signed-in route and sent by the server) and by the shell while the page's chunk arrives, in the
 * place and size of the page's own frame, so that the heading a user reads first stays where it is
 * when the page takes over.
 */
import { mainPages } from '@bank/contract/routes';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { isStaffSession } from '../lib/session-storage.ts';
import { homeHeading } from '../ui/home-heading.ts';
import { PageFrame } from '../ui/page-frame.tsx';
import { pageHeading } from '../ui/page-heading.ts';
import { PageSkeleton, PanelSkeleton } from '../ui/skeletons.tsx';

export function PageLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = mainPages.find((candidate) => matchPath(candidate.path, pathname));
  // Staff opening / are taken to the back office (client-home-gate.tsx): no welcome for them.
  if (!page || (page.id === 'home' && isStaffSession())) return <PageSkeleton />;
  const { title, description } = page.id === 'home' ? homeHeading(t) : pageHeading(t, page.id);
  return (
    <PageFrame title={title} description={description}>
      <PanelSkeleton />
    </PageFrame>
  );
}
