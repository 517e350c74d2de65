/** A page the user's permissions do not open: said plainly, in place of the page (the server refuses its calls too). */
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isStaffSession } from '../lib/session-storage.ts';
import { EmptyState } from './empty-state.tsx';
import { PageFrame } from './page-frame.tsx';

export function NoPermissionPage({ title }: { title: string }) {
  const { t } = useTranslation();
  // Staff are told of their role, a company's users of their permission group.
  const texts = isStaffSession() ? 'admin.no_permission' : 'shell.no_permission';
  return (
    <PageFrame title={title}>
      <EmptyState
        icon={<IconLock size={26} stroke={1.6} />}
        title={t(`${texts}.title`)}
        description={t(`${texts}.description`)}
      />
    </PageFrame>
  );
}
