/**
 * The toasts of @mantine/notifications, placed for the screen. Loaded only once a notice is shown
 * (providers.tsx): with its transitions, swipe gestures and scroll-lock helpers it is too heavy for
 * the first load of /login, which usually shows none.
 */
import { notificationDurationMs } from '@bank/contract/constants';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';

/** Phone-sized screens get a toast at the bottom, within thumb's reach; larger ones a notice at the top right. */
export function NoticeStack() {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={isPhone ? 'bottom-center' : 'top-right'}
      autoClose={notificationDurationMs}
      containerWidth={isPhone ? '100%' : 400}
      limit={5}
    />
  );
}
