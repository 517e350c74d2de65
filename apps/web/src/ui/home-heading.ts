/**
 * Home's heading: the welcome with the name kept from the sign-in (session storage) and the page's
 * purpose. Its messages are on the first load, so that a signed-in visit draws it before the
 * signed-in screens' code, messages and data arrive (app/first-view.tsx), and home draws the same.
 */
import type { TFunction } from 'i18next';
import { readSession } from '../lib/session-storage.ts';

export function homeHeading(t: TFunction): { title: string; description: string } {
  const username = readSession().username;
  return {
    title: username ? t('shell.home.welcome', { name: username }) : t('shell.home.welcome_anonymous'),
    description: t('pages.home.purpose'),
  };
}
