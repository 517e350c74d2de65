/**
 * Honest frames for pages whose capability is not built yet: the page's real title and purpose, and
 * an empty state saying so. No fake data, no fake form.
 */
import type { PageId, publicPaths } from '@bank/contract/routes';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { PageFrame } from './page-frame.tsx';
import { PublicPageFrame } from './public-page-frame.tsx';

export function NotYetAvailable({ isBare = false }: { isBare?: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      isBare={isBare}
      size={isBare ? 'sm' : 'md'}
      icon={<IconClockHour4 size={isBare ? 22 : 26} stroke={1.6} />}
      title={t('shell.not_available.title')}
      description={t('shell.not_available.description')}
    />
  );
}

/** A main page that is not built yet. */
export function NotYetAvailablePage({ pageId }: { pageId: PageId }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`pages.${pageId}.title`)} description={t(`pages.${pageId}.purpose`)}>
      <NotYetAvailable />
    </PageFrame>
  );
}

/** A public page (login, registration, ...) that is not built yet. */
export function NotYetAvailablePublicPage({ page }: { page: keyof typeof publicPaths }) {
  const { t } = useTranslation();
  return (
    <PublicPageFrame title={t(`pages.${page}.title`)} description={t(`pages.${page}.purpose`)}>
      <NotYetAvailable isBare />
    </PublicPageFrame>
  );
}
