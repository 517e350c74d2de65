/**
 * What /admin/feedback loads first: the queue's first page, of what waits for an answer; started
 * before the page's code has arrived (app/page-data.ts).
 */
import { listStaffFeedback } from '@bank/contract/feedback';
import { prefetchStaffQueue } from '../../../ui/staff-queue-request.ts';

/** The queue opens on what waits for an answer. */
export const firstStatus = 'open';

export function loadFeedbackQueuePage(): void {
  void prefetchStaffQueue(listStaffFeedback, firstStatus);
}
