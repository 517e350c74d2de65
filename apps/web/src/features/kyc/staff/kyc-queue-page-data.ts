/**
 * What /admin/kyc loads first: the queue's first page as it opens, on what waits for a decision,
 * started before the page's code has arrived (app/page-data.ts).
 */
import { listKycReviews } from '@bank/contract/kyc';
import { prefetchScreenPages } from '../../../lib/screen-query.ts';
import { type QueueFilters, queueRequestOf, type StatusFilter } from './queue-request.ts';

export const defaultStatus: StatusFilter = 'pending_review';
/** The queue opens on what waits for a decision, with no dates and no search. */
export const openingFilters: QueueFilters = { status: defaultStatus, from: '', to: '', search: '' };

export function loadKycQueuePage(): void {
  void prefetchScreenPages(listKycReviews, queueRequestOf(openingFilters));
}
