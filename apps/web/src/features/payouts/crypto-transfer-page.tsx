/** /blockchain_w/transfer_p_jmhb: the company's digital asset payouts, filtered, with "New payout" and downloads. */
import { PayoutHistoryPage } from './payout-history.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function CryptoTransferPage() {
  return <PayoutHistoryPage kind="crypto" />;
}
