/**
 * What a signed-in page shows while its code loads: its heading when the first load can write it
 * (home's welcome and purpose, ui/home-heading.ts) above a panel placeholder, else the page
 * skeleton. Drawn by the shell's outline (shell-skeleton.tsx) and by the shell while the page's chunk
 * arrives, in the place and size of the page's own frame, so that the heading a user reads first
 * stays where it is when the page takes over.
 */
import { pathOf } from '@bank/contract/routes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isStaffSession } from '../lib/session-storage.ts';
import { homeHeading } from '../ui/home-heading.ts';
import { PageFrame } from '../ui/page-frame.tsx';
import { PageSkeleton, PanelSkeleton } from '../ui/skeletons.tsx';

export function PageLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Staff opening / are taken to the back office (client-home-gate.tsx): no welcome for them.
  if (pathname !== pathOf('home') || isStaffSession()) return <PageSkeleton />;
  const { title, description } = homeHeading(t);
  return (
    <PageFrame title={title} description={description}>
      <PanelSkeleton />
    </PageFrame>
  );
}
