/** /blockchain_d/transaction_h_info: one deposit. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function DepositDetailPage() {
  return <NotYetAvailablePage pageId="deposit_transaction_detail" />;
}
