/**
 * What /blockchain_w/new_fiat loads first: the payees the form offers, the payout configuration and
 * the balances it pays from; started before the page's code has arrived (app/page-data.ts).
 */
import { listPayees } from '@bank/contract/payouts';
import { prefetchAvailableBalances } from '../../api/balances.ts';
import { prefetchScreenData } from '../../lib/screen-query.ts';
import { prefetchPayoutConfig } from './payout-queries.ts';

/** A company has at most 500 payees; the picker offers the 100 newest (the payees page has them all). */
const payeesShown = 100;

export const payeesRequest = { page_size: payeesShown };

export function loadNewFiatTransferPage(): void {
  void prefetchScreenData(listPayees, payeesRequest);
  void prefetchPayoutConfig();
  void prefetchAvailableBalances();
}
