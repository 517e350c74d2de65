/** /blockchain_w/transfer_p_jmhb: the company's digital asset payouts, filtered, with "New payout" and downloads. */
import { PayoutHistoryPage } from './payout-history.tsx';

export function CryptoTransferPage() {
  return <PayoutHistoryPage kind="crypto" />;
}
