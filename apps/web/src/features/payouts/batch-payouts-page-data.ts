/**
 * What /blockchain_w/batch reads and loads first: the batch the address opens (`?batch=`) or the
 * recent batches (those waiting, for an approver who does not prepare payouts), through the call the
 * reader's permissions allow; started before the page's code has arrived (app/page-data.ts), once
 * the user's answer has told those permissions.
 */

import {
  getPayoutBatch,
  getPayoutBatchForApproval,
  listPayoutBatchApprovals,
  listPayoutBatches,
} from '@bank/contract/payout-batches';
import { holdsPermission } from '@bank/contract/permissions';
import { prefetchUserInfo } from '../../api/user-info.ts';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

/** An approver who does not prepare payouts reads a batch through the approval call. */
export const batchQueryCall = (mayPrepare: boolean) => (mayPrepare ? getPayoutBatch : getPayoutBatchForApproval);

/** The recent batches, or for an approver who does not prepare payouts, those waiting: call and request. */
export function recentBatchesList(isApprover: boolean) {
  return [isApprover ? listPayoutBatchApprovals : listPayoutBatches, { page_size: 20 }] as const;
}

export function loadBatchPayoutsPage({ search }: PagePlace): void {
  void prefetchUserInfo().then((user) => {
    if (!user) return;
    const mayPrepare = holdsPermission(user.permissions, 'prepare_payouts');
    if (!mayPrepare && !holdsPermission(user.permissions, 'approve_payouts')) return;
    const batchId = search.get('batch');
    if (batchId) void prefetchScreenData(batchQueryCall(mayPrepare), { batch_id: batchId });
    else void prefetchScreenPages(...recentBatchesList(!mayPrepare));
  });
}
