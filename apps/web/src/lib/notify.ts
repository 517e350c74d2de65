/**
 * The app's notifications: 3 s (notificationDurationMs, set on the Notifications provider), a
 * toast at the bottom on a phone. One place so that every error looks the same.
 */
import { type NotificationData, notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Every notice's close button is named in the reader's language (it is an icon only). */
function show(notice: NotificationData): void {
  notifications.show({ ...notice, closeButtonProps: { 'aria-label': i18next.t('shell.buttons.close') } });
}

export function showError(title: string, message?: string): void {
  show({ color: 'red', title: message ? title : undefined, message: message ?? title });
}

export function showSuccess(message: string): void {
  show({ color: 'teal', message });
}

export function showWarning(message: string): void {
  show({ color: 'yellow', message, autoClose: false });
}

export function showInfo(message: string): void {
  show({ color: 'bank', message });
}
