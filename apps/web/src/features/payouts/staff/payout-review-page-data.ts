/**
 * What /admin/payouts loads first: the first page of the queue the address opens (`?queue=`), and the
 * payout it opens in the drawer (`?payout=`); started before the page's code has arrived
 * (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { getPayoutForReview, listPayoutsForReview, payoutQueues } from '@bank/contract/payouts';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../../lib/screen-query.ts';
import { searchOf } from '../../../ui/staff-queue-request.ts';

export type Queue = (typeof payoutQueues)[number];
const pageSize = defaultPageSize;

/** A queue's request: a page of it, matching the search. */
export function queueRequestOf(queue: Queue, search: string) {
  return { page_size: pageSize, queue, ...searchOf(search) };
}

/** The queue the address opens (`?queue=`), the payouts waiting for the bank's review when it names none. */
export function queueOf(search: URLSearchParams): Queue {
  const requested = search.get('queue');
  return payoutQueues.includes(requested as Queue) ? (requested as Queue) : 'admin_review';
}

export function loadPayoutReviewPage({ search }: PagePlace): void {
  // The search box starts empty: the open queue, unsearched.
  void prefetchScreenPages(listPayoutsForReview, queueRequestOf(queueOf(search), ''));
  const payoutId = search.get('payout');
  if (payoutId) void prefetchScreenData(getPayoutForReview, { payout_id: payoutId });
}
