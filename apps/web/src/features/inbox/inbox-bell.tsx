/**
 * The header's bell: the unread count (msg/count, asked again every minute and after each change in
 * the inbox) and the drawer of messages it opens, whose code loads when it first opens.
 */
import { countUnreadMessages } from '@bank/contract/inbox';
import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { lazyOverlay } from '../../ui/lazy-overlay.tsx';
import '../../messages/inbox-bell.ts';

/** The drawer of messages with its panel (inbox-drawer.tsx), loaded when it first opens. */
const InboxDrawer = lazyOverlay(() => import('./inbox-drawer.tsx'));

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
          aria-label={unread > 0 ? t('inbox.bell.unread', { count: unread }) : t('inbox.bell.label')}
          aria-haspopup="dialog"
          onClick={drawer.open}
          onPointerDown={InboxDrawer.preload}
          onFocus={InboxDrawer.preload}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      <InboxDrawer isOpen={isOpen} onClose={drawer.close} />
    </>
  );
}
