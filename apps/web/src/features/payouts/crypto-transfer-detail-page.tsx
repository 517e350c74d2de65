/** /blockchain_w/digital_t_h_info?id=…: one digital asset payout, its hash and timeline, and the approval when it waits for the reader. */
import { PayoutDetailPage } from './payout-detail.tsx';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function CryptoTransferDetailPage() {
  return <PayoutDetailPage kind="crypto" />;
}
