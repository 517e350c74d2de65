/**
 * What /blockchain_w/approvals loads first: the payouts waiting for the reader's approval and the
 * company's approval policy, each only for a reader whose permissions allow it (approving payouts,
 * managing the team); started before the page's code has arrived (app/page-data.ts), once the
 * user's answer has told those permissions.
 */
import { defaultPageSize } from '@bank/contract/constants';
import { getApprovalPolicy, listPendingApprovals } from '@bank/contract/payouts';
import { holdsPermission } from '@bank/contract/permissions';
import { prefetchUserInfo } from '../../api/user-info.ts';
import { prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

/** The first page of the payouts waiting. */
export const pendingApprovalsRequest = { page_size: defaultPageSize };

export function loadPayoutApprovalsPage(): void {
  void prefetchUserInfo().then((user) => {
    if (!user) return;
    if (holdsPermission(user.permissions, 'approve_payouts'))
      void prefetchScreenPages(listPendingApprovals, pendingApprovalsRequest);
    if (holdsPermission(user.permissions, 'team')) void prefetchScreenData(getApprovalPolicy, {});
  });
}
