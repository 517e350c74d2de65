/**
 * What /otc loads first: the company's requests for quote, and the available balances its form
 * shows (for a user who reads balances); started before the page's code has arrived
 * (app/page-data.ts).
 */
import { listOtcTrades } from '@bank/contract/exchange';
import { prefetchAvailableBalances } from '../../api/balances.ts';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** The requests the page lists, as its own query asks for them. */
export const listRequest = { page_size: 50 };

export function loadOtcPage(): void {
  void prefetchScreenData(listOtcTrades, listRequest);
  void prefetchAvailableBalances();
}
