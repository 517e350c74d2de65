/**
 * A signed-in page's heading from the `pages` catalogue: its title and purpose, drawn the same by the
 * page's outline (app/first-view.tsx, also drawn at build time and sent by the server) and by the
 * page itself, so that the heading a user reads first is the one that stays (and the browser's
 * largest paint is the outline's, not the page's once its code and data have come). A purpose may
 * name the card review's working days.
 */
import { workingDays } from '@bank/contract/constants';
import type { PageId } from '@bank/contract/routes';
import type { TFunction } from 'i18next';

export function pageHeading(t: TFunction, id: PageId): { title: string; description: string } {
  return { title: t(`pages.${id}.title`), description: t(`pages.${id}.purpose`, { days: workingDays.cardReview }) };
}
