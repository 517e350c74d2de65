/**
 * What /blockchain_w/digital_t_h_info loads first: the digital asset payout the address names
 * (`?id=`); started before the page's code has arrived (app/page-data.ts).
 */
import type { PagePlace } from '../../lib/screen-query.ts';
import { prefetchPayoutDetail } from './payout-queries.ts';

export function loadCryptoTransferDetailPage({ search }: PagePlace): void {
  prefetchPayoutDetail('crypto', search);
}
