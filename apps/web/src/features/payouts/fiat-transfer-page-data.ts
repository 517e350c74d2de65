/**
 * What /blockchain_w/transfer_p_fiat loads first: the first page of the company's fiat payouts,
 * filtered from the address; started before the page's code has arrived (app/page-data.ts).
 */
import type { PagePlace } from '../../lib/screen-query.ts';
import { prefetchPayoutHistory } from './payout-queries.ts';

export function loadFiatTransferPage({ search }: PagePlace): void {
  void prefetchPayoutHistory('fiat', search);
}
