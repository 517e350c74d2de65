/**
 * What /otc loads first: the company's requests for quote; started before the page's code has
 * arrived (app/page-data.ts).
 */
import { listOtcTrades } from '@bank/contract/exchange';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** The requests the page lists, as its own query asks for them. */
export const listRequest = { page_size: 50 };

export function loadOtcPage(): void {
  void prefetchScreenData(listOtcTrades, listRequest);
}
