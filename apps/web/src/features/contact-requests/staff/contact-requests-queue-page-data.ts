/**
 * What /admin/contact_requests loads first: the queue's first page, of the requests still open;
 * started before the page's code has arrived (app/page-data.ts).
 */
import { listStaffContactRequests } from '@bank/contract/contact-requests';
import { prefetchStaffQueue } from '../../../ui/staff-queue-request.ts';

/** The queue opens on the requests still open. */
export const firstStatus = 'open';

export function loadContactRequestsQueuePage(): void {
  void prefetchStaffQueue(listStaffContactRequests, firstStatus);
}
