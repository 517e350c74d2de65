/**
 * The header's bell: the unread count (msg/count, asked again every minute and after each change in
 * the inbox) and the drawer of messages it opens. The drawer's content loads on first opening.
 */
import { countUnreadMessages } from '@bank/contract/inbox';
import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';

const InboxPanel = lazy(() => import('./inbox-panel.tsx'));

/** How often the bell asks for the unread count while the app is open. */
const countRefreshMs = 60_000;

export function InboxBell() {
  const { t } = useTranslation();
  const [isOpen, drawer] = useDisclosure(false);
  const count = useScreenQuery(countUnreadMessages, {}, { refetchIntervalMs: () => countRefreshMs });
  const unread = count.data?.unread ?? 0;
  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={16}
        offset={7}
        color="red"
        withBorder
        data-testid="inbox-unread"
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={unread > 0 ? t('inbox.bell_unread', { count: unread }) : t('inbox.bell')}
          aria-haspopup="dialog"
          onClick={drawer.open}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={isOpen}
        onClose={drawer.close}
        position="right"
        size="md"
        title={t('inbox.title')}
        closeButtonProps={{ 'aria-label': t('inbox.close') }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Suspense fallback={<TableSkeleton rows={4} columns={1} />}>
          <InboxPanel onNavigate={drawer.close} />
        </Suspense>
      </Drawer>
    </>
  );
}
