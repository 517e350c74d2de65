/**
 * The app's notifications: 3 s (notificationDurationMs, set on the Notifications provider), a
 * toast at the bottom on a phone. One place so that every error looks the same.
 */
import { notifications } from '@mantine/notifications';

export function showError(title: string, message?: string): void {
  notifications.show({ color: 'red', title: message ? title : undefined, message: message ?? title });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

export function showInfo(message: string): void {
  notifications.show({ color: 'bank', message });
}
