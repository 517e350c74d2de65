/**
 * What /admin/otc loads first: the first page of the requests waiting for the desk; started before
 * the page's code has arrived (app/page-data.ts).
 */
import { listOtcDesk } from '@bank/contract/exchange';
import { prefetchStaffQueue } from '../../../ui/staff-queue-request.ts';

/** The desk opens on the requests waiting for it. */
export const firstStatus = 'open';

export function loadOtcDeskPage(): void {
  void prefetchStaffQueue(listOtcDesk, firstStatus);
}
