/**
 * The app's notifications: every kind closes by itself after notificationDurationMs (SPEC.md
 * section 9: 3 s), warnings included; a toast at the bottom on a phone. One place so that every
 * notice looks and lasts the same.
 */
import { notificationDurationMs } from '@bank/contract/constants';
import { type NotificationData, notifications } from '@mantine/notifications';
import i18next from 'i18next';

export type NoticeKind = 'error' | 'success' | 'warning' | 'info';

const colourOfKind: Record<NoticeKind, string> = { error: 'red', success: 'teal', warning: 'yellow', info: 'bank' };

/** What one notice of a kind shows and how long it stays (pure, so that its duration is tested). */
export function noticeData(kind: NoticeKind, message: string, title?: string): NotificationData {
  return { color: colourOfKind[kind], title, message, autoClose: notificationDurationMs };
}

/** Every notice's close button is named in the reader's language (it is an icon only). */
function show(notice: NotificationData): void {
  notifications.show({ ...notice, closeButtonProps: { 'aria-label': i18next.t('shell.buttons.close') } });
}

export function showError(title: string, message?: string): void {
  show(message ? noticeData('error', message, title) : noticeData('error', title));
}

export function showSuccess(message: string): void {
  show(noticeData('success', message));
}

export function showWarning(message: string): void {
  show(noticeData('warning', message));
}

export function showInfo(message: string): void {
  show(noticeData('info', message));
}
