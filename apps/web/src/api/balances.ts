/**
 * The company's available balances (dashboard/home), which the payout and exchange forms show beside
 * their amount: started with such a page's first loads (app/page-data.ts), for a user who reads
 * balances, into the query those forms read.
 */
import { getDashboardHome } from '@bank/contract/ledger';
import { prefetchIfPermitted } from './user-info.ts';

export function prefetchAvailableBalances(): Promise<void> {
  return prefetchIfPermitted('view_balances', getDashboardHome, {});
}
