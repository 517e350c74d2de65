/** /blockchain_w/transfer_p_fiat: the company's fiat payouts, filtered, with "New payout" and downloads. */
import { PayoutHistoryPage } from './payout-history.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function FiatTransferPage() {
  return <PayoutHistoryPage kind="fiat" />;
}
