/**
 * What /blockchain_w/fiat_t_h_info loads first: the fiat payout the address names (`?id=`); started
 * before the page's code has arrived (app/page-data.ts).
 */
import type { PagePlace } from '../../lib/screen-query.ts';
import { prefetchPayoutDetail } from './payout-queries.ts';

export function loadFiatTransferDetailPage({ search }: PagePlace): void {
  prefetchPayoutDetail('fiat', search);
}
