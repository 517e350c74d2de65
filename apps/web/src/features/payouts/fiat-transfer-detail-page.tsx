/** /blockchain_w/fiat_t_h_info?id=…: one fiat payout, its timeline, and the approval when it waits for the reader. */
import { PayoutDetailPage } from './payout-detail.tsx';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function FiatTransferDetailPage() {
  return <PayoutDetailPage kind="fiat" />;
}
