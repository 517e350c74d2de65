/**
 * What the home page loads first: the balances, the chart's first period and the recent lines, each
 * the very request of its card; started before the page's code has arrived (app/page-data.ts).
 */
import { balanceHistoryDays, getBalanceHistory, getDashboardHome } from '@bank/contract/ledger';
import { listTransactions } from '@bank/contract/transaction';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** Starts the balances' load before the home page's code has arrived. */
function prefetchBalances() {
  return prefetchScreenData(getDashboardHome, {});
}

export type Days = (typeof balanceHistoryDays)[number];

/** The chart opens on the shortest period. */
export const firstDays: Days = balanceHistoryDays[0];

/** Starts the chart's first period before the home page's code has arrived. */
function prefetchBalanceHistory() {
  return prefetchScreenData(getBalanceHistory, { days: firstDays });
}

export const recentCount = 5;

export const recentRequest = { page_size: recentCount };

/** Starts the recent lines' load before the home page's code has arrived. */
function prefetchRecentTransactions() {
  return prefetchScreenData(listTransactions, recentRequest);
}

export function loadHomePage(): void {
  // The cards ask before the user's permissions are known (they are hidden only once view_balances is known to be missing).
  void prefetchBalances();
  void prefetchBalanceHistory();
  void prefetchRecentTransactions();
}
