/**
 * What /admin/card_applications lists and loads first: the queue the address opens (`?status=`),
 * the queue's request, and the page's first loads (the open queue, the application the address
 * opens), started before the page's code has arrived (app/page-data.ts).
 */
import { getCardApplicationForReview, listCardApplicationsForReview } from '@bank/contract/card-applications';
import { defaultPageSize } from '@bank/contract/constants';
import { cardApplicationStatuses } from '@bank/contract/states';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../../lib/screen-query.ts';
import { searchOf } from '../../../ui/staff-queue-request.ts';

export type Status = (typeof cardApplicationStatuses)[number];
const pageSize = defaultPageSize;

export function queueRequestOf(status: Status, search: string) {
  return { page_size: pageSize, status, ...searchOf(search) };
}

/** The queue the address opens (`?status=`), the applications waiting for a decision when it names none. */
export function statusOf(search: URLSearchParams): Status {
  const requested = search.get('status') as Status | null;
  return requested && cardApplicationStatuses.includes(requested) ? requested : 'pending';
}

export function loadCardApplicationReviewPage({ search }: PagePlace): void {
  // The search box starts empty: the open queue, unsearched.
  void prefetchScreenPages(listCardApplicationsForReview, queueRequestOf(statusOf(search), ''));
  const applicationId = search.get('application');
  if (applicationId) void prefetchScreenData(getCardApplicationForReview, { application_id: applicationId });
}
