/**
 * What /blockchain_w/transfer_p_jmhb loads first: the first page of the company's digital asset
 * payouts, filtered from the address; started before the page's code has arrived (app/page-data.ts).
 */
import type { PagePlace } from '../../lib/screen-query.ts';
import { prefetchPayoutHistory } from './payout-queries.ts';

export function loadCryptoTransferPage({ search }: PagePlace): void {
  void prefetchPayoutHistory('crypto', search);
}
