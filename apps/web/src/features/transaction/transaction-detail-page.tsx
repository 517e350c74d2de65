/** /my_transaction_info: one transaction. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function TransactionDetailPage() {
  return <NotYetAvailablePage pageId="transaction_detail" />;
}
