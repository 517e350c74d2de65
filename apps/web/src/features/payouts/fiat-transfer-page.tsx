/** /blockchain_w/transfer_p_fiat: the company's fiat payouts, filtered, with "New payout" and downloads. */
import type { PagePlace } from '../../lib/screen-query.ts';
import { PayoutHistoryPage, prefetchPayoutHistory } from './payout-history.tsx';

export function FiatTransferPage() {
  return <PayoutHistoryPage kind="fiat" />;
}

FiatTransferPage.loadData = ({ search }: PagePlace) => {
  void prefetchPayoutHistory('fiat', search);
};
