/** /blockchain_w/transfer_p_jmhb: the company's digital asset payouts, filtered, with "New payout" and downloads. */
import type { PagePlace } from '../../lib/screen-query.ts';
import { PayoutHistoryPage, prefetchPayoutHistory } from './payout-history.tsx';

export function CryptoTransferPage() {
  return <PayoutHistoryPage kind="crypto" />;
}

CryptoTransferPage.loadData = ({ search }: PagePlace) => {
  void prefetchPayoutHistory('crypto', search);
};
